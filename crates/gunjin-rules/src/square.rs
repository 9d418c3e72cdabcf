//! Squares (board nodes) and their names.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Color, Shape};

/// Number of files (`a`–`f`) of the standard board.
pub const FILES: u8 = Shape::STANDARD.files;
/// Number of ranks (`1`–`8`) of the standard board.
pub const RANKS: u8 = Shape::STANDARD.ranks;

/// The most files and ranks of any board (`a`–`i`, `1`–`8`).
const MAX_FILES: usize = 9;
const MAX_RANKS: usize = 8;
/// No square has this code.
const NONE: u8 = u8::MAX;
/// How far apart the codes of files `a`–`f` are from one rank to the
/// next: the shift of a step along a file, on any board.
pub(crate) const RANK_STRIDE: u8 = 6;

/// The code of every named square, by rank and file: one numbering for
/// every board, so a square's name never depends on the board it is on.
///
/// The standard board's 46 nodes keep the codes `rank * 6 + file` (the
/// halves `d1` and `d8` of its headquarters are never nodes, of any
/// board). The 18 squares of files `g`–`i` that only the 9×6 board of
/// Classic 25 has take the free codes: `g1` 45, then 48… in rank order,
/// and the last, `i6`, code 3. 46 + 18 = 64: every code is one bit of a
/// [`Bitboard`](crate::Bitboard), and the standard board's bits are what
/// they always were.
const CODES: [[u8; MAX_FILES]; MAX_RANKS] = {
    let mut codes = [[NONE; MAX_FILES]; MAX_RANKS];
    let mut rank = 0;
    while rank < MAX_RANKS {
        let mut file = 0;
        while file < RANK_STRIDE as usize {
            let hq_half = file == 3 && (rank == 0 || rank == MAX_RANKS - 1);
            if !hq_half {
                codes[rank][file] = (rank * RANK_STRIDE as usize + file) as u8;
            }
            file += 1;
        }
        rank += 1;
    }
    let mut next = 48;
    let mut rank = 0;
    while rank < 6 {
        let mut file = 6;
        while file < MAX_FILES {
            codes[rank][file] = match (file, rank) {
                (6, 0) => 45,
                (8, 5) => 3,
                _ => {
                    next += 1;
                    next - 1
                }
            };
            file += 1;
        }
        rank += 1;
    }
    assert!(next == 64, "every code is used once");
    codes
};

/// The (file, rank) of every code: the inverse of [`CODES`].
const PLACES: [(u8, u8); Square::INDICES] = {
    let mut places = [(NONE, NONE); Square::INDICES];
    let mut rank = 0;
    while rank < MAX_RANKS {
        let mut file = 0;
        while file < MAX_FILES {
            let code = CODES[rank][file];
            if code != NONE {
                assert!(places[code as usize].0 == NONE, "codes are distinct");
                places[code as usize] = (file as u8, rank as u8);
            }
            file += 1;
        }
        rank += 1;
    }
    places
};

/// A named square of a board, `a1` to `i8`: a node of every board that
/// has it. Its code (its [`Square::index`], one bit of a
/// [`Bitboard`](crate::Bitboard)) is the same on every board, so a name,
/// a set or a table by node means the same thing on the 6×8 board of the
/// standard game and the 9×6 board of Classic 25; which squares are
/// nodes, which is a headquarters and which camp a square is in are the
/// board's, asked of its [`Shape`].
///
/// A headquarters covers several squares of its back rank but is one
/// node, represented by one of them: `c1`/`c8` on the standard board,
/// whose `d1` and `d8` never appear as a [`Square`] (they parse as aliases
/// of `c1` and `c8`). The methods that need a board (`hq`, `camp`,
/// `rotated`…) read the standard board; [`Shape`] answers them for any.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// South's headquarters, written `c1`.
    pub const SOUTH_HQ: Square = Shape::STANDARD.hq(Color::South);
    /// North's headquarters, written `c8`.
    pub const NORTH_HQ: Square = Shape::STANDARD.hq(Color::North);

    /// One past the largest [`Square::index`]: the length of a table
    /// indexed by node, for every board.
    pub const INDICES: usize = 64;

    /// Every node of the standard board, from `a1` to `f8` (46 in all).
    pub const ALL: [Square; Shape::STANDARD.node_count()] = {
        let mut all = [Square(0); Shape::STANDARD.node_count()];
        let mut nodes = Shape::STANDARD.nodes();
        let mut i = 0;
        while let Some(sq) = nodes.pop_lowest() {
            all[i] = sq;
            i += 1;
        }
        all
    };

    /// The square at 0-based `file` and `rank`, on whichever board has it
    /// (`None` for the halves `d1`/`d8` that no board names).
    pub(crate) const fn at(file: u8, rank: u8) -> Option<Square> {
        if file as usize >= MAX_FILES || rank as usize >= MAX_RANKS {
            return None;
        }
        match CODES[rank as usize][file as usize] {
            NONE => None,
            code => Some(Square(code)),
        }
    }

    /// The node of the standard board at 0-based `file` and `rank`; the
    /// `d` half of a headquarters maps to the headquarters node
    /// ([`Shape::square`] for any board).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        Shape::STANDARD.square(file, rank)
    }

    /// The square with this code, which must be a square's.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (`a` = 0). A headquarters reports the file it is
    /// written on.
    #[inline]
    pub const fn file(self) -> u8 {
        PLACES[self.0 as usize].0
    }

    /// 0-based rank (`1` = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        PLACES[self.0 as usize].1
    }

    /// Whether this node is a headquarters (either side's) of the
    /// standard board.
    #[inline]
    pub const fn is_hq(self) -> bool {
        Shape::STANDARD.is_hq(self)
    }

    /// The headquarters of `color` on the standard board.
    #[inline]
    pub const fn hq(color: Color) -> Square {
        Shape::STANDARD.hq(color)
    }

    /// The side whose camp holds this node of the standard board.
    #[inline]
    pub const fn camp(self) -> Color {
        Shape::STANDARD.camp(self)
    }

    /// The files this node of the standard board spans: two for a
    /// headquarters.
    pub const fn files(self) -> &'static [u8] {
        Shape::STANDARD.files_of(self)
    }

    /// The same node of the standard board seen from the other side (a
    /// half turn of the board). It maps each camp onto the other,
    /// headquarters onto headquarters and bridges onto bridges, so
    /// camp-relative setups fit either side.
    pub const fn rotated(self) -> Square {
        Shape::STANDARD.rotated(self)
    }

    /// This node of the standard board as `color` sees it: unchanged for
    /// South, rotated for North.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        Shape::STANDARD.relative_to(self, color)
    }

    /// The node of the standard board directly behind this one, towards
    /// `owner`'s back rank (none behind a headquarters or off the board).
    /// A Flag of `owner` here fights as the friendly piece on that node
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
            "\"{}\" is not a square: expected a file a–i and a rank 1–8, like b4",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl Square {
    /// The 0-based (file, rank) a name gives, on any board (`a`–`i`,
    /// `1`–`8`), before a board says which node it is.
    pub(crate) fn parse_place(s: &str) -> Result<(u8, u8), ParseSquareError> {
        match s.as_bytes() {
            &[file @ b'a'..=b'i', rank @ b'1'..=b'8'] => Ok((file - b'a', rank - b'1')),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

/// Reads any board's square by its name. A half of a headquarters that
/// names no square (`d1`, `d8`) reads as the standard board's
/// headquarters; [`Shape::parse_square`] reads a board's own halves.
impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let (file, rank) = Square::parse_place(s)?;
        Square::at(file, rank)
            .or_else(|| Shape::STANDARD.square(file, rank))
            .ok_or_else(|| ParseSquareError(s.to_owned()))
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
        assert!("j1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    /// Every code is one named square, of some board: the 46 nodes of the
    /// standard board keep their codes, Classic 25's files `g`–`i` take
    /// the other 18.
    #[test]
    fn one_code_one_name_for_every_board() {
        let mut names = std::collections::BTreeSet::new();
        for code in 0..Square::INDICES as u8 {
            let sq = Square(code);
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq), "{name}");
            assert!(names.insert(name));
        }
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            let code = sq.rank() as usize * 6 + sq.file() as usize;
            assert_eq!(sq.index(), code, "{sq} keeps its code ({i})");
        }
        assert_eq!("g1".parse::<Square>().map(Square::index), Ok(45));
        assert_eq!("i6".parse::<Square>().map(Square::index), Ok(3));
        assert!("g7".parse::<Square>().is_err());
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
