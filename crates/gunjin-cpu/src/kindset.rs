//! A small set of kinds: what an enemy piece can still be.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use gunjin_rules::{Kind, Mobility, Rules};
use serde::{Deserialize, Serialize};

/// A set of [`Kind`]s, one bit per kind ([`Kind::index`]); the word has
/// room for every kind of every mode. The constant sets hold the kinds of
/// every mode; [`KindSet::of`] those a game is played with, which is where
/// what an enemy piece can be starts.
///
/// ```
/// use gunjin_cpu::KindSet;
/// use gunjin_rules::{Kind, Mode, Rules};
/// let set = KindSet::MOVABLE & KindSet::of(Rules::KIRAKUKEN);
/// assert!(set.contains(Kind::Spy));
/// assert!(!set.contains(Kind::Mine));
/// assert_eq!(set.len(), 14);
/// let american = KindSet::of(Rules { mode: Mode::American21, ..Rules::KIRAKUKEN });
/// assert!(american.contains(Kind::AtomicBomb) && !american.contains(Kind::Tank));
/// assert_eq!(KindSet::single(Kind::Flag).iter().collect::<Vec<_>>(), [Kind::Flag]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KindSet(u32);

const _: () = assert!(Kind::ALL.len() < u32::BITS as usize);

/// The set of the kinds for which the rules crate says `$test` holds, in a
/// constant: a rule is asked, never written down again as bits.
macro_rules! kinds_where {
    ($kind:ident => $test:expr) => {{
        let mut bits = 0;
        let mut i = 0;
        while i < Kind::ALL.len() {
            let $kind = Kind::ALL[i];
            if $test {
                bits |= 1 << i;
            }
            i += 1;
        }
        KindSet(bits)
    }};
}

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind of every mode.
    pub const ALL: KindSet = KindSet((1 << Kind::ALL.len()) - 1);
    /// The kinds that move: all but the Mine, the Flag, the Missile and the
    /// Atomic bomb.
    pub const MOVABLE: KindSet = kinds_where!(kind => kind.is_movable());
    /// The kinds that never move: the Mine, the Flag, the Missile and the
    /// Atomic bomb.
    pub const FIXED: KindSet = kinds_where!(kind => !kind.is_movable());
    /// Officers of Major or above: the kinds that win by entering the enemy
    /// headquarters in some mode. Classic 25's Marshal, which never moves,
    /// is none there: [`KindSet::officers`] asks the mode.
    pub const OFFICERS: KindSet = kinds_where!(kind => kind.takes_hq());

    /// The kinds a game under `rules` is played with.
    pub const fn of(rules: Rules) -> KindSet {
        kinds_where!(kind => rules.count(kind) > 0)
    }

    /// The officers of Major or above of a game under `rules`
    /// ([`Rules::takes_hq`]): the kinds of [`KindSet::OFFICERS`] it is
    /// played with, but Classic 25's Marshal, which never leaves its
    /// headquarters.
    ///
    /// ```
    /// use gunjin_cpu::KindSet;
    /// use gunjin_rules::{Kind, Mode, Rules};
    /// let classic = Rules { mode: Mode::Classic25, ..Rules::KIRAKUKEN };
    /// assert!(!KindSet::officers(classic).contains(Kind::Marshal));
    /// assert!(KindSet::officers(classic).contains(Kind::Major));
    /// let marshal = Rules { mode: Mode::Marshal23, ..Rules::KIRAKUKEN };
    /// assert!(KindSet::officers(marshal).contains(Kind::Marshal));
    /// ```
    pub const fn officers(rules: Rules) -> KindSet {
        kinds_where!(kind => rules.count(kind) > 0 && rules.takes_hq(kind))
    }

    /// The kinds of a game under `rules` that move as `mobility` says
    /// ([`Rules::mobility`]).
    pub const fn moving(rules: Rules, mobility: Mobility) -> KindSet {
        kinds_where!(kind => rules.count(kind) > 0 && rules.mobility(kind) as u8 == mobility as u8)
    }

    /// The set holding only `kind`.
    #[inline]
    pub const fn single(kind: Kind) -> KindSet {
        KindSet(1 << kind.index())
    }

    /// The set with these bits ([`Kind::index`] order).
    #[inline]
    pub const fn from_bits(bits: u32) -> KindSet {
        KindSet(bits & KindSet::ALL.0)
    }

    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    #[inline]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    #[inline]
    pub const fn with(self, kind: Kind) -> KindSet {
        KindSet(self.0 | (1 << kind.index()))
    }

    #[inline]
    pub const fn without(self, kind: Kind) -> KindSet {
        KindSet(self.0 & !(1 << kind.index()))
    }

    #[inline]
    pub fn insert(&mut self, kind: Kind) {
        *self = self.with(kind);
    }

    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only kind in the set, if it holds exactly one.
    #[inline]
    pub fn only(self) -> Option<Kind> {
        (self.len() == 1).then(|| Kind::ALL[self.0.trailing_zeros() as usize])
    }

    /// The kinds in [`Kind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.contains(k))
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> KindSet {
        iter.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

impl BitAnd for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitand(self, rhs: KindSet) -> KindSet {
        KindSet(self.0 & rhs.0)
    }
}

impl BitOr for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitor(self, rhs: KindSet) -> KindSet {
        KindSet(self.0 | rhs.0)
    }
}

impl BitAndAssign for KindSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: KindSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for KindSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: KindSet) {
        self.0 |= rhs.0;
    }
}

impl Not for KindSet {
    type Output = KindSet;
    #[inline]
    fn not(self) -> KindSet {
        KindSet(!self.0 & KindSet::ALL.0)
    }
}

/// The setup letters of the kinds, like `{GLM}`.
impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for kind in self.iter() {
            write!(f, "{}", kind.char())?;
        }
        f.write_str("}")
    }
}

impl fmt::Display for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
