//! The kinds of piece: the sixteen of the standard game and the seven of
//! the variant modes (`shared/RULES.md` §8.1).

use core::fmt;
use core::ops::{Index, IndexMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
    // The variant modes' kinds come after the standard ones, so the
    // standard kinds keep their indices (hash keys, stored lists).
    Marshal,
    Jet,
    Artillery,
    Missile,
    AtomicBomb,
    Commodore,
    MilitaryPolice,
}

/// How many kinds there are.
pub(crate) const KINDS: usize = 23;
/// How many kinds the standard game has: the first in [`Kind::ALL`].
pub(crate) const STANDARD_KINDS: usize = 16;

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
    /// In one move to any node but a friendly one and the enemy
    /// headquarters, over everything (the Jet).
    Anywhere,
}

impl Mobility {
    /// Every way of moving, in the order of their numbers (which index
    /// tables).
    pub const ALL: [Mobility; 6] = [
        Mobility::Step,
        Mobility::Charge,
        Mobility::Flight,
        Mobility::Slide,
        Mobility::Fixed,
        Mobility::Anywhere,
    ];

    /// Whether a piece that moves this way moves at all.
    #[inline]
    pub const fn moves(self) -> bool {
        !matches!(self, Mobility::Fixed)
    }
}

impl Kind {
    /// Every kind in index order: the standard sixteen in the house
    /// strength order (strongest first, immobile last), then the variant
    /// modes' seven.
    pub const ALL: [Kind; KINDS] = [
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
        Kind::Marshal,
        Kind::Jet,
        Kind::Artillery,
        Kind::Missile,
        Kind::AtomicBomb,
        Kind::Commodore,
        Kind::MilitaryPolice,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How the kind moves in the modes where it moves at all (the Marshal
    /// stands still in Classic 25: see [`Mode::mobility`](crate::Mode::mobility)).
    pub const fn mobility(self) -> Mobility {
        match self {
            Kind::Plane => Mobility::Flight,
            Kind::Tank | Kind::Cavalry => Mobility::Charge,
            Kind::Engineer | Kind::Artillery | Kind::MilitaryPolice => Mobility::Slide,
            Kind::Jet => Mobility::Anywhere,
            Kind::Mine | Kind::Flag | Kind::Missile | Kind::AtomicBomb => Mobility::Fixed,
            _ => Mobility::Step,
        }
    }

    #[inline]
    pub const fn is_movable(self) -> bool {
        self.mobility().moves()
    }

    /// Whether this kind takes a Mine it attacks (the Plane, the Engineer,
    /// the Jet and the Artillery); any other attacker meets the
    /// [`MineRule`](crate::MineRule).
    #[inline]
    pub const fn clears_mine(self) -> bool {
        matches!(
            self,
            Kind::Plane | Kind::Engineer | Kind::Jet | Kind::Artillery
        )
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
    /// headquarters, and a game where neither side has one left is drawn
    /// (a mode may leave one out: [`Mode::takes_hq`](crate::Mode::takes_hq)).
    pub const fn takes_hq(self) -> bool {
        matches!(
            self,
            Kind::Marshal
                | Kind::Commodore
                | Kind::General
                | Kind::LieutenantGeneral
                | Kind::MajorGeneral
                | Kind::Colonel
                | Kind::LieutenantColonel
                | Kind::Major
        )
    }

    /// The letter used in setup and record text (the variant kinds' avoid
    /// W, L and B, the battle grids' letters).
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
            Kind::Marshal => 'K',
            Kind::Jet => 'Z',
            Kind::Artillery => 'R',
            Kind::Missile => 'I',
            Kind::AtomicBomb => 'U',
            Kind::Commodore => 'D',
            Kind::MilitaryPolice => 'Q',
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByKind<T>(pub [T; KINDS]);

/// A list in [`Kind::ALL`] order, without the variant kinds' entries at
/// the end that hold the default: the sixteen entries the standard game
/// always stored read and write back unchanged.
impl<T: Serialize + Default + PartialEq> Serialize for ByKind<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let set = self.0.iter().rposition(|v| *v != T::default());
        let len = set.map_or(0, |last| last + 1).max(STANDARD_KINDS);
        s.collect_seq(&self.0[..len])
    }
}

impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for ByKind<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByKind<T>, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        if !(STANDARD_KINDS..=KINDS).contains(&values.len()) {
            return Err(serde::de::Error::invalid_length(
                values.len(),
                &"one entry per kind, the standard sixteen at least",
            ));
        }
        let mut by_kind = ByKind::<T>::default();
        for (slot, value) in by_kind.0.iter_mut().zip(values) {
            *slot = value;
        }
        Ok(by_kind)
    }
}

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
    fn letters_are_unique_and_all_is_in_index_order() {
        for (i, k) in Kind::ALL.into_iter().enumerate() {
            assert_eq!(Kind::from_char(k.char()), Some(k));
            assert_eq!(k.index(), i);
        }
    }

    #[test]
    fn a_by_kind_list_stores_the_standard_sixteen_unless_a_variant_kind_is_set() {
        let mut losses = ByKind::<u8>::default();
        losses[Kind::Flag] = 1;
        let json = serde_json::to_string(&losses).unwrap();
        assert_eq!(json, "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]");
        assert_eq!(serde_json::from_str::<ByKind<u8>>(&json).unwrap(), losses);
        losses[Kind::Jet] = 2;
        let json = serde_json::to_string(&losses).unwrap();
        assert_eq!(json, "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,2]");
        assert_eq!(serde_json::from_str::<ByKind<u8>>(&json).unwrap(), losses);
        assert!(serde_json::from_str::<ByKind<u8>>("[0,1]").is_err());
    }
}
