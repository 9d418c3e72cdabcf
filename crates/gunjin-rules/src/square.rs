//! Squares (board nodes) and their names.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Color, Shape};

/// Number of files (`a`–`f`) of the standard board.
pub const FILES: u8 = Shape::STANDARD.files;
/// Number of ranks (`1`–`8`) of the standard board.
pub const RANKS: u8 = Shape::STANDARD.ranks;

/// A node of the board: its index in its [`Shape`], `rank * files + file`
/// from `a1`. The methods here read the standard board; [`Shape`] reads
/// the same index on any board.
///
/// Each headquarters covers two squares (`c1`+`d1`, `c8`+`d8`) but is one
/// node; it is always represented by its `c` square, so `d1` and `d8` never
/// appear as a [`Square`] (they parse as aliases of `c1` and `c8`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// South's headquarters, written `c1`.
    pub const SOUTH_HQ: Square = Shape::STANDARD.hq(Color::South);
    /// North's headquarters, written `c8`.
    pub const NORTH_HQ: Square = Shape::STANDARD.hq(Color::North);

    /// One past the largest [`Square::index`]: the length of a table
    /// indexed by node (the halves of the headquarters included).
    pub const INDICES: usize = Shape::STANDARD.indices();

    /// Every node of the board, from `a1` to `f8` (46 in all).
    pub const ALL: [Square; Shape::STANDARD.node_count()] = {
        let mut all = [Square(0); Shape::STANDARD.node_count()];
        let mut nodes = Shape::STANDARD.nodes().bits();
        let mut i = 0;
        while nodes != 0 {
            all[i] = Square(nodes.trailing_zeros() as u8);
            nodes &= nodes - 1;
            i += 1;
        }
        all
    };

    /// The node at 0-based `file` and `rank`; the `d` half of a
    /// headquarters maps to the headquarters node.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        Shape::STANDARD.square(file, rank)
    }

    /// The square with this index, which must be a node of its board.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (`a` = 0). A headquarters reports file `c`.
    #[inline]
    pub const fn file(self) -> u8 {
        Shape::STANDARD.file(self)
    }

    /// 0-based rank (`1` = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        Shape::STANDARD.rank(self)
    }

    /// Whether this node is a headquarters (either side's).
    #[inline]
    pub const fn is_hq(self) -> bool {
        Shape::STANDARD.is_hq(self)
    }

    /// The headquarters of `color`.
    #[inline]
    pub const fn hq(color: Color) -> Square {
        Shape::STANDARD.hq(color)
    }

    /// The side whose camp holds this node.
    #[inline]
    pub const fn camp(self) -> Color {
        Shape::STANDARD.camp(self)
    }

    /// The files this node spans: two for a headquarters.
    pub const fn files(self) -> &'static [u8] {
        Shape::STANDARD.files_of(self)
    }

    /// The same node seen from the other side (a half turn of the board).
    /// It maps each camp onto the other, headquarters onto headquarters and
    /// bridges onto bridges, so camp-relative setups fit either side.
    pub const fn rotated(self) -> Square {
        Shape::STANDARD.rotated(self)
    }

    /// This node as `color` sees it: unchanged for South, rotated for North.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::South => self,
            Color::North => self.rotated(),
        }
    }

    /// The node directly behind this one, towards `owner`'s back rank
    /// (none behind a headquarters or off the board). A Flag of `owner`
    /// here fights as the friendly piece on that node
    /// ([`Board::flag_strength`](crate::Board::flag_strength)), so whoever
    /// reasons about a Flag needs the same node.
    ///
    /// ```
    /// use gunjin_rules::{Color, Square};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert_eq!(sq("b3").behind(Color::South), Some(sq("b2")));
    /// assert_eq!(sq("b3").behind(Color::North), Some(sq("b4")));
    /// assert_eq!(sq("d2").behind(Color::South), Some(Square::hq(Color::South)));
    /// assert_eq!(sq("a1").behind(Color::South), None);
    /// assert_eq!(Square::hq(Color::North).behind(Color::North), None);
    /// ```
    pub const fn behind(self, owner: Color) -> Option<Square> {
        Shape::STANDARD.behind(self, owner)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that names no square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a square: expected a file a–f and a rank 1–8, like b4",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_owned());
        match s.as_bytes() {
            &[file @ b'a'..=b'f', rank @ b'1'..=b'8'] => {
                Square::new(file - b'a', rank - b'1').ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_hq_aliases() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("d1".parse::<Square>(), Ok(Square::SOUTH_HQ));
        assert_eq!("d8".parse::<Square>(), Ok(Square::NORTH_HQ));
        assert_eq!(Square::SOUTH_HQ.to_string(), "c1");
        assert!("g1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn rotation_maps_camps_hqs_and_bridges() {
        for sq in Square::ALL {
            assert_eq!(sq.rotated().rotated(), sq);
            assert_ne!(sq.rotated().camp(), sq.camp());
        }
        assert_eq!(Square::SOUTH_HQ.rotated(), Square::NORTH_HQ);
        assert_eq!("b4".parse::<Square>().unwrap().rotated().to_string(), "e5");
    }
}
