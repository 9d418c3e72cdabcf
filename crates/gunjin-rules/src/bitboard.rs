//! A set of squares in one machine word.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

use crate::{Shape, Square};

/// A set of nodes, one bit per [`Square`] code: the squares of every
/// board fit in one word, each at the same bit on every board. Only
/// nodes can be in it: the word is private
/// and there is no complement, only the difference of two sets (`-`), so
/// iterating never yields a bit that is no node (the `d` half of a
/// headquarters, or beyond the board). The nodes not in a set are the
/// board's nodes minus it, `shape.nodes() - set`.
///
/// ```
/// use gunjin_rules::{Bitboard, Shape, Square};
/// let a1: Bitboard = ["a1".parse::<Square>().unwrap()].into_iter().collect();
/// let rest = Shape::STANDARD.nodes() - a1;
/// assert_eq!(rest.count(), 45);
/// assert!(Square::ALL.into_iter().filter(|sq| sq.to_string() != "a1").eq(rest));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Every node of the standard board.
    pub const ALL: Bitboard = Shape::STANDARD.nodes();

    /// The bits, one per [`Square::index`] (for hashing and printing).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    #[inline]
    pub fn add(&mut self, sq: Square) {
        *self = self.with(sq);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        *self = self.without(sq);
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Removes and returns the node of lowest index: the iterator's step,
    /// which `const fn`s (the tables built at compile time) can call.
    #[inline]
    pub(crate) const fn pop_lowest(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }
}

/// In JSON (an announcement's cleared nodes) a list of square names.
impl serde::Serialize for Bitboard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(*self)
    }
}

impl<'de> serde::Deserialize<'de> for Bitboard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        Ok(Vec::<Square>::deserialize(d)?.into_iter().collect())
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop_lowest()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

/// The nodes of `self` that are not in `rhs`.
impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        self.0 &= !rhs.0;
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}
