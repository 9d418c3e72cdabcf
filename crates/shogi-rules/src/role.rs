//! The fourteen kinds of piece: eight unpromoted and six promoted.

use core::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A kind of piece, promoted kinds included.
///
/// The seven that can be held in hand come first, in SFEN's order of value
/// reversed (pawn to rook), so `role as usize < 7` is "can be dropped".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Pawn,
    Lance,
    Knight,
    Silver,
    Gold,
    Bishop,
    Rook,
    King,
    /// と, a promoted pawn.
    Tokin,
    /// 成香.
    PromotedLance,
    /// 成桂.
    PromotedKnight,
    /// 成銀.
    PromotedSilver,
    /// 馬, a promoted bishop.
    Horse,
    /// 龍, a promoted rook.
    Dragon,
}

impl Role {
    /// Every role: the seven hand roles, the king, then the promoted ones.
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::King,
        Role::Tokin,
        Role::PromotedLance,
        Role::PromotedKnight,
        Role::PromotedSilver,
        Role::Horse,
        Role::Dragon,
    ];

    /// The roles a hand can hold, pawn to rook.
    pub const HAND: [Role; 7] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
    ];

    /// Dense index for [`ByRole`] and tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a piece of this role can be held in hand (and dropped).
    #[inline]
    pub const fn is_hand(self) -> bool {
        (self as usize) < 7
    }

    /// The promoted role, if this role promotes.
    #[inline]
    pub const fn promoted(self) -> Option<Role> {
        Some(match self {
            Role::Pawn => Role::Tokin,
            Role::Lance => Role::PromotedLance,
            Role::Knight => Role::PromotedKnight,
            Role::Silver => Role::PromotedSilver,
            Role::Bishop => Role::Horse,
            Role::Rook => Role::Dragon,
            _ => return None,
        })
    }

    /// Whether the role promotes (king, gold and promoted roles do not).
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// The role a captured piece turns into in the captor's hand.
    #[inline]
    pub const fn unpromoted(self) -> Role {
        match self {
            Role::Tokin => Role::Pawn,
            Role::PromotedLance => Role::Lance,
            Role::PromotedKnight => Role::Knight,
            Role::PromotedSilver => Role::Silver,
            Role::Horse => Role::Bishop,
            Role::Dragon => Role::Rook,
            role => role,
        }
    }

    /// Whether the role is a promoted one.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as usize) > Role::King as usize
    }

    /// Moves exactly as a gold: the gold itself and the four promoted minors.
    #[inline]
    pub const fn moves_as_gold(self) -> bool {
        matches!(
            self,
            Role::Gold
                | Role::Tokin
                | Role::PromotedLance
                | Role::PromotedKnight
                | Role::PromotedSilver
        )
    }

    /// The SFEN letter of the unpromoted role (upper case); promoted roles
    /// are written `+` and this letter.
    pub const fn sfen_letter(self) -> char {
        match self.unpromoted() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Gold => 'G',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted role of an SFEN letter, either case.
    pub const fn from_sfen_letter(letter: char) -> Option<Role> {
        Some(match letter.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'L' => Role::Lance,
            'N' => Role::Knight,
            'S' => Role::Silver,
            'G' => Role::Gold,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'K' => Role::King,
            _ => return None,
        })
    }
}

/// One value per role, indexed by [`Role`] instead of a bare array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByRole<T>(pub [T; 14]);

impl<T> ByRole<T> {
    /// One value per role, made by `f`.
    pub fn new_with(f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole(Role::ALL.map(f))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    #[inline]
    fn index(&self, role: Role) -> &T {
        &self.0[role.index()]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role.index()]
    }
}
