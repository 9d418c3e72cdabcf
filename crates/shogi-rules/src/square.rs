//! The 81 squares and their USI names.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// A square, indexed file by file: `(file - 1) * 9 + (rank - 1)`.
///
/// Files run 1–9 from Sente's right to left and ranks 1–9 (一–九, `a`–`i`
/// in USI) from Gote's side, so `7g` is file 7, rank 7. Laying the index
/// out file by file keeps each file in nine consecutive bits of a
/// [`Bitboard`](crate::Bitboard), which makes the two-pawn rule and lance
/// rays cheap.
///
/// ```
/// use shogi_rules::Square;
/// let sq: Square = "7g".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 7));
/// assert_eq!(sq.to_string(), "7g");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, from `1a` to `9i` in index order.
    pub const ALL: [Square; 81] = {
        let mut all = [Square(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` and `rank`, both 1–9.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + rank - 1))
        } else {
            None
        }
    }

    /// The square with this index (0–80), if there is one.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index, which must be below 81.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The index, 0–80, file by file.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 1–9 (1 is Sente's right edge).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Rank 1–9 (1 is Gote's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank as `color` counts it from the far side: 1 is the last rank
    /// it can reach (where a pawn must promote), 9 its own back rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Sente => self.rank(),
            Color::Gote => 10 - self.rank(),
        }
    }

    /// Whether a move starting or ending here may promote for `color`: the
    /// last three ranks, the enemy camp.
    #[inline]
    pub const fn in_enemy_camp(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The square `files` and `ranks` away, if on the board.
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 1 || file > 9 || rank < 1 || rank > 9 {
            None
        } else {
            Square::new(file as u8, rank as u8)
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

impl fmt::Debug for Square {
    /// The USI name, as in test failures and logs one wants to read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// A square name that is not a file digit and a rank letter (`7g`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a square (file 1-9, rank a-i)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match *s.as_bytes() {
            [file @ b'1'..=b'9', rank @ b'a'..=b'i'] => Square::new(file - b'0', rank - b'a' + 1),
            _ => None,
        }
        .ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}
