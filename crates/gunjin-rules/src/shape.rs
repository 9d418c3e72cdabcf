//! The board's shape as a value: its files and ranks, the headquarters and
//! the bridges over the front. Nodes, camps, adjacency, rays, the setup
//! text and the hash keys are derived from it, so another board (the 9×6
//! of Classic 25, `shared/RULES.md` §8.2) is another value, not another
//! engine.

use crate::{Bitboard, Color, ParseSquareError, Square};

/// A board of `files × ranks` squares, each named as on every board
/// ([`Square`]). Each camp is half the ranks (the front lies between them); each
/// headquarters is one node spanning a few squares of its back rank, named
/// by one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
    /// The first and last file (0-based) a headquarters spans.
    pub hq_span: [u8; 2],
    /// The file a headquarters is written on (and indexed by), in its span.
    pub hq_file: u8,
    /// One bit per file (bit 0 = `a`) with a bridge over the front.
    pub bridges: u16,
}

/// The most nodes a camp has on any board ([`Shape::ALL`]): the size of
/// fixed arrays indexed by camp slot, so no board needs an allocation.
pub const MAX_CAMP: usize = 25;

const _: () = {
    let mut i = 0;
    while i < Shape::ALL.len() {
        assert!(
            Shape::ALL[i].camp_size() <= MAX_CAMP,
            "MAX_CAMP holds every camp"
        );
        i += 1;
    }
};

/// Every file's number, to lend out as slices.
const FILE_NUMBERS: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

impl Shape {
    /// The standard 6×8 board (§1): headquarters `c1`+`d1` and `c8`+`d8`,
    /// bridges on files `b` and `e`.
    pub const STANDARD: Shape = Shape {
        files: 6,
        ranks: 8,
        hq_span: [2, 3],
        hq_file: 2,
        bridges: 1 << 1 | 1 << 4,
    };

    /// Classic 25's 9×6 board (§8.2): headquarters `d1`+`e1`+`f1` written
    /// `e1`, bridges on files `b`, `e` and `h`.
    pub const CLASSIC_25: Shape = Shape {
        files: 9,
        ranks: 6,
        hq_span: [3, 5],
        hq_file: 4,
        bridges: 1 << 1 | 1 << 4 | 1 << 7,
    };

    /// Every board a mode plays on, or will: what a setup's text or size
    /// is recognised by.
    pub const ALL: [Shape; 2] = [Shape::STANDARD, Shape::CLASSIC_25];

    /// The node at 0-based `file` and `rank`; any square of a headquarters
    /// maps to the headquarters node.
    #[inline]
    pub const fn square(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        let back_rank = rank == 0 || rank == self.ranks - 1;
        let file = if back_rank && self.hq_span[0] <= file && file <= self.hq_span[1] {
            self.hq_file
        } else {
            file
        };
        Square::at(file, rank)
    }

    /// The node a name gives on this board: `c1`, or `d1` for the same
    /// headquarters, on the standard board; `e1`, `d1` or `f1` on
    /// Classic 25's.
    pub fn parse_square(&self, name: &str) -> Result<Square, ParseSquareError> {
        let (file, rank) = Square::parse_place(name)?;
        self.square(file, rank)
            .ok_or_else(|| ParseSquareError(name.to_owned()))
    }

    /// Whether `sq` is a node of this board (a square of a headquarters
    /// other than the one that names it is not).
    pub const fn contains(&self, sq: Square) -> bool {
        match self.square(sq.file(), sq.rank()) {
            Some(node) => node.index() == sq.index(),
            None => false,
        }
    }

    /// Whether the code `index` is a node of this board.
    pub const fn is_node(&self, index: usize) -> bool {
        index < Square::INDICES && self.contains(Square::from_index_unchecked(index as u8))
    }

    /// Every node, as a set.
    pub const fn nodes(&self) -> Bitboard {
        let mut nodes = Bitboard::EMPTY;
        let mut rank = 0;
        while rank < self.ranks {
            let mut file = 0;
            while file < self.files {
                if let Some(sq) = self.square(file, rank) {
                    nodes = nodes.with(sq);
                }
                file += 1;
            }
            rank += 1;
        }
        nodes
    }

    /// How many nodes the board has.
    pub const fn node_count(&self) -> usize {
        self.nodes().count() as usize
    }

    /// The nodes of one rank from file `a` on, a headquarters once (where
    /// the file it is written on is).
    pub fn rank_nodes(&self, rank: u8) -> impl Iterator<Item = Square> + '_ {
        (0..self.files).filter_map(move |file| {
            let sq = self.square(file, rank)?;
            (sq.file() == file).then_some(sq)
        })
    }

    /// The headquarters of `color`.
    #[inline]
    pub const fn hq(&self, color: Color) -> Square {
        let rank = match color {
            Color::South => 0,
            Color::North => self.ranks - 1,
        };
        match Square::at(self.hq_file, rank) {
            Some(sq) => sq,
            None => panic!("a headquarters is named by a square"),
        }
    }

    /// Whether `sq` is a headquarters (either side's).
    #[inline]
    pub const fn is_hq(&self, sq: Square) -> bool {
        sq.index() == self.hq(Color::South).index() || sq.index() == self.hq(Color::North).index()
    }

    /// The files `sq` spans: several for a headquarters.
    pub const fn files_of(&self, sq: Square) -> &'static [u8] {
        let [first, last] = if self.is_hq(sq) {
            self.hq_span
        } else {
            [sq.file(), sq.file()]
        };
        let (_, from_first) = FILE_NUMBERS.split_at(first as usize);
        from_first.split_at((last - first + 1) as usize).0
    }

    /// The side whose camp holds `sq`.
    #[inline]
    pub const fn camp(&self, sq: Square) -> Color {
        if sq.rank() < self.ranks / 2 {
            Color::South
        } else {
            Color::North
        }
    }

    /// Whether a step from `rank` to `next_rank` crosses the front.
    pub const fn crosses_front(&self, rank: u8, next_rank: u8) -> bool {
        let front = self.ranks / 2;
        (rank == front - 1 && next_rank == front) || (rank == front && next_rank == front - 1)
    }

    /// Whether `file` has a bridge over the front.
    pub const fn has_bridge(&self, file: u8) -> bool {
        self.bridges >> file & 1 == 1
    }

    /// Whether `sq` is a bridge end: on a bridge file, next to the front.
    pub const fn is_bridge(&self, sq: Square) -> bool {
        let front = self.ranks / 2;
        let rank = sq.rank();
        (rank == front - 1 || rank == front) && self.has_bridge(sq.file())
    }

    /// The same node seen from the other side (a half turn of the board):
    /// each camp onto the other, headquarters onto headquarters, bridges
    /// onto bridges.
    ///
    /// # Panics
    ///
    /// If `sq` is no node of this board ([`Shape::contains`]), as a
    /// square of another board's files: the same panic in every build.
    pub const fn rotated(&self, sq: Square) -> Square {
        if self.is_hq(sq) {
            return self.hq(self.camp(sq).other());
        }
        let file = (self.files - 1).checked_sub(sq.file());
        let rank = (self.ranks - 1).checked_sub(sq.rank());
        if let (Some(file), Some(rank)) = (file, rank)
            && let Some(rotated) = self.square(file, rank)
        {
            return rotated;
        }
        panic!("only a node of the board turns round")
    }

    /// `sq` as `color` sees it: unchanged for South, rotated for North.
    #[inline]
    pub const fn relative_to(&self, sq: Square, color: Color) -> Square {
        match color {
            Color::South => sq,
            Color::North => self.rotated(sq),
        }
    }

    /// The node directly behind `sq`, towards `owner`'s back rank (none
    /// behind a headquarters or off the board).
    #[inline]
    pub const fn behind(&self, sq: Square, owner: Color) -> Option<Square> {
        let rank = sq.rank() as i8 - owner.forward();
        if self.is_hq(sq) || rank < 0 || rank >= self.ranks as i8 {
            None
        } else {
            self.square(sq.file(), rank as u8)
        }
    }

    /// How many nodes each camp has.
    pub const fn camp_size(&self) -> usize {
        self.node_count() / 2
    }

    /// South's camp in slot order: the front rank first, each rank from
    /// file `a`, the back rank last. North's camp is the same list rotated,
    /// so a camp-relative setup fits either side.
    pub const fn camp_slots(&self) -> CampSlots {
        let mut camp = CampSlots {
            nodes: [Square::from_index_unchecked(0); MAX_CAMP],
            len: 0,
        };
        let mut rank = self.ranks / 2;
        while rank > 0 {
            rank -= 1;
            let mut file = 0;
            while file < self.files {
                if let Some(sq) = self.square(file, rank)
                    && sq.file() == file
                {
                    camp.nodes[camp.len as usize] = sq;
                    camp.len += 1;
                }
                file += 1;
            }
        }
        camp
    }

    /// The camp slot of a node of `color`'s camp.
    pub fn camp_slot(&self, color: Color, sq: Square) -> Option<usize> {
        if !self.contains(sq) {
            return None;
        }
        let relative = self.relative_to(sq, color);
        self.camp_slots().iter().position(|&s| s == relative)
    }

    /// How many nodes each rank of a camp has, front rank first: the
    /// groups of the setup text.
    pub fn camp_ranks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.ranks / 2)
            .rev()
            .map(|rank| self.rank_nodes(rank).count())
    }
}

/// A camp's nodes in slot order ([`Shape::camp_slots`]), as a slice: a value,
/// so it costs no allocation and can be a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CampSlots {
    nodes: [Square; MAX_CAMP],
    len: u8,
}

impl core::ops::Deref for CampSlots {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.nodes[..self.len as usize]
    }
}
