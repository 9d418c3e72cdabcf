//! A set of squares in one 128-bit word.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{Color, Square};

/// A set of squares, one bit per [`Square`] index (81 of the 128 bits).
///
/// ```
/// use shogi_rules::{Bitboard, Square};
/// let sq = Square::new(5, 5).unwrap();
/// let set = Bitboard::EMPTY.with(sq);
/// assert!(set.contains(sq) && set.count() == 1);
/// assert_eq!(Bitboard::file(5).count(), 9);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

const BOARD_BITS: u128 = (1 << 81) - 1;
const FILE_1: u128 = 0x1FF;
const RANK_1: u128 = {
    let mut bits = 0;
    let mut file = 0;
    while file < 9 {
        bits |= 1 << (file * 9);
        file += 1;
    }
    bits
};

/// The nine squares of each file, files 1–9.
const FILE_BITS: [u128; 9] = {
    let mut table = [0; 9];
    let mut i = 0;
    while i < 9 {
        table[i] = FILE_1 << (i * 9);
        i += 1;
    }
    table
};

/// One bit per square, looked up rather than shifted: a variable 128-bit
/// shift is several instructions natively and slower still in wasm32,
/// which has no 128-bit integers.
const SQUARE_BITS: [u128; 81] = {
    let mut table = [0; 81];
    let mut i = 0;
    while i < 81 {
        table[i] = 1 << i;
        i += 1;
    }
    table
};

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(BOARD_BITS);

    /// The set of one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The nine squares of `file` (1–9).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(FILE_BITS[file as usize - 1])
    }

    /// The nine squares of `rank` (1–9).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(RANK_1 << (rank - 1))
    }

    /// The `n` ranks farthest from `color`'s side: its last rank for `n = 1`,
    /// the enemy camp for `n = 3`.
    #[inline]
    pub const fn far_ranks(color: Color, n: u8) -> Bitboard {
        let mut bits = 0;
        let mut i = 0;
        while i < n {
            let rank = match color {
                Color::Sente => 1 + i,
                Color::Gote => 9 - i,
            };
            bits |= Bitboard::rank(rank).0;
            i += 1;
        }
        Bitboard(bits)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()] != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | SQUARE_BITS[sq.index()])
    }

    /// The set with `sq` taken out.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !SQUARE_BITS[sq.index()])
    }

    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= SQUARE_BITS[sq.index()];
    }

    /// Whether the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set has.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The square with the lowest index.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The square with the highest index.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as u8,
            ))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the board (the 47 spare bits stay clear).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_BITS)
    }
}
