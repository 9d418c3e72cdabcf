//! The sixteen kinds of piece.

use core::fmt;
use core::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A kind of piece. Names are the English ranks; Japanese names and labels
/// belong to the app's translations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    General,
    LieutenantGeneral,
    MajorGeneral,
    Plane,
    Colonel,
    LieutenantColonel,
    Tank,
    Major,
    Captain,
    Cavalry,
    Lieutenant,
    SecondLieutenant,
    Engineer,
    Spy,
    Mine,
    Flag,
}

/// How a kind moves; move generation dispatches on this, not on kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// One step orthogonally.
    Step,
    /// One step, or two straight forward through an empty square.
    Charge,
    /// Any distance along its file over anything, or one step sideways.
    Flight,
    /// Any distance orthogonally through empty squares.
    Slide,
    /// Never moves.
    Fixed,
}

impl Kind {
    /// Every kind, in the house strength order (strongest first), immobile last.
    pub const ALL: [Kind; 16] = [
        Kind::General,
        Kind::LieutenantGeneral,
        Kind::MajorGeneral,
        Kind::Plane,
        Kind::Colonel,
        Kind::LieutenantColonel,
        Kind::Tank,
        Kind::Major,
        Kind::Captain,
        Kind::Cavalry,
        Kind::Lieutenant,
        Kind::SecondLieutenant,
        Kind::Engineer,
        Kind::Spy,
        Kind::Mine,
        Kind::Flag,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each side has in the standard 23-piece set.
    pub const fn count(self) -> u8 {
        match self {
            Kind::Plane
            | Kind::Tank
            | Kind::Captain
            | Kind::Lieutenant
            | Kind::SecondLieutenant
            | Kind::Engineer
            | Kind::Mine => 2,
            _ => 1,
        }
    }

    pub const fn mobility(self) -> Mobility {
        match self {
            Kind::Plane => Mobility::Flight,
            Kind::Tank | Kind::Cavalry => Mobility::Charge,
            Kind::Engineer => Mobility::Slide,
            Kind::Mine | Kind::Flag => Mobility::Fixed,
            _ => Mobility::Step,
        }
    }

    #[inline]
    pub const fn is_movable(self) -> bool {
        !matches!(self.mobility(), Mobility::Fixed)
    }

    /// Whether this kind takes a Mine it attacks (the Plane and the
    /// Engineer); any other attacker meets the [`MineRule`](crate::MineRule).
    #[inline]
    pub const fn clears_mine(self) -> bool {
        matches!(self, Kind::Plane | Kind::Engineer)
    }

    /// What a piece of this kind fights as when attacked, given the kind of
    /// the friendly piece directly behind it (towards its owner's back
    /// rank, [`Square::behind`](crate::Square::behind)), if any: its own
    /// kind, but a Flag fights as the piece behind it, or as a bare Flag
    /// (which loses to every attacker) with none there. The referee and
    /// whoever reasons about a battle ahead ask this one rule.
    ///
    /// ```
    /// use gunjin_rules::Kind;
    /// assert_eq!(Kind::Flag.fights_as(Some(Kind::Mine)), Kind::Mine);
    /// assert_eq!(Kind::Flag.fights_as(None), Kind::Flag);
    /// assert_eq!(Kind::Spy.fights_as(Some(Kind::General)), Kind::Spy);
    /// ```
    #[inline]
    pub const fn fights_as(self, behind: Option<Kind>) -> Kind {
        match (self, behind) {
            (Kind::Flag, Some(kind)) => kind,
            (kind, _) => kind,
        }
    }

    /// Officers of Major or above: only they win by entering the enemy
    /// headquarters, and a game where neither side has one left is drawn.
    pub const fn takes_hq(self) -> bool {
        matches!(
            self,
            Kind::General
                | Kind::LieutenantGeneral
                | Kind::MajorGeneral
                | Kind::Colonel
                | Kind::LieutenantColonel
                | Kind::Major
        )
    }

    /// The letter used in setup and record text.
    pub const fn char(self) -> char {
        match self {
            Kind::General => 'G',
            Kind::LieutenantGeneral => 'L',
            Kind::MajorGeneral => 'M',
            Kind::Plane => 'P',
            Kind::Colonel => 'C',
            Kind::LieutenantColonel => 'O',
            Kind::Tank => 'T',
            Kind::Major => 'J',
            Kind::Captain => 'A',
            Kind::Cavalry => 'V',
            Kind::Lieutenant => 'N',
            Kind::SecondLieutenant => 'S',
            Kind::Engineer => 'E',
            Kind::Spy => 'Y',
            Kind::Mine => 'X',
            Kind::Flag => 'F',
        }
    }

    pub fn from_char(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.char() == c)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// One value per kind, indexed by [`Kind`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByKind<T>(pub [T; 16]);

impl<T> ByKind<T> {
    pub fn new_with(f: impl FnMut(Kind) -> T) -> ByKind<T> {
        ByKind(Kind::ALL.map(f))
    }

    pub fn iter(&self) -> impl Iterator<Item = (Kind, &T)> {
        Kind::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Kind> for ByKind<T> {
    type Output = T;
    #[inline]
    fn index(&self, kind: Kind) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> IndexMut<Kind> for ByKind<T> {
    #[inline]
    fn index_mut(&mut self, kind: Kind) -> &mut T {
        &mut self.0[kind.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_has_23_pieces_and_letters_are_unique() {
        assert_eq!(Kind::ALL.iter().map(|k| k.count() as u32).sum::<u32>(), 23);
        for k in Kind::ALL {
            assert_eq!(Kind::from_char(k.char()), Some(k));
        }
    }
}
