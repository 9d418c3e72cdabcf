//! The board's shape as a value: its files and ranks, the headquarters and
//! the bridges over the front. Nodes, camps, adjacency, rays, the setup
//! text and the hash keys are derived from it, so another board (the 9×6
//! of Classic 25, `shared/RULES.md` §8.2) is another value, not another
//! engine.

use crate::{Bitboard, Color, Square};

/// A board of `files × ranks` squares, indexed `rank * files + file` from
/// `a1`. Each camp is half the ranks (the front lies between them); each
/// headquarters is one node spanning a few squares of its back rank, named
/// by one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// `e1`, bridges on files `b`, `e` and `h`. No mode plays on it yet.
    pub const CLASSIC_25: Shape = Shape {
        files: 9,
        ranks: 6,
        hq_span: [3, 5],
        hq_file: 4,
        bridges: 1 << 1 | 1 << 4 | 1 << 7,
    };

    /// Table length for any shape's [`Shape::indices`]: the bitboards are
    /// one machine word.
    pub const MAX_INDICES: usize = 54;

    /// One past the largest node index: the length of a table by node.
    pub const fn indices(&self) -> usize {
        assert!(self.files as usize * self.ranks as usize <= Shape::MAX_INDICES);
        self.files as usize * self.ranks as usize
    }

    /// The node at 0-based `file` and `rank`; any square of a headquarters
    /// maps to the headquarters node.
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
        Some(Square::from_index_unchecked(rank * self.files + file))
    }

    /// Whether `index` is a node: on the board, and no headquarters square
    /// but the one that names it.
    pub const fn is_node(&self, index: usize) -> bool {
        let (files, ranks) = (self.files as usize, self.ranks as usize);
        if index >= files * ranks {
            return false;
        }
        match self.square((index % files) as u8, (index / files) as u8) {
            Some(sq) => sq.index() == index,
            None => false,
        }
    }

    /// Every node, as a set.
    pub const fn nodes(&self) -> Bitboard {
        let mut bits = 0;
        let mut index = 0;
        while index < self.indices() {
            if self.is_node(index) {
                bits |= 1 << index;
            }
            index += 1;
        }
        Bitboard(bits)
    }

    /// How many nodes the board has.
    pub const fn node_count(&self) -> usize {
        self.nodes().count() as usize
    }

    /// 0-based file (`a` = 0). A headquarters reports the file it is
    /// written on.
    #[inline]
    pub const fn file(&self, sq: Square) -> u8 {
        sq.index() as u8 % self.files
    }

    /// 0-based rank (`1` = 0).
    #[inline]
    pub const fn rank(&self, sq: Square) -> u8 {
        sq.index() as u8 / self.files
    }

    /// The headquarters of `color`.
    #[inline]
    pub const fn hq(&self, color: Color) -> Square {
        let rank = match color {
            Color::South => 0,
            Color::North => self.ranks - 1,
        };
        Square::from_index_unchecked(rank * self.files + self.hq_file)
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
            [self.file(sq), self.file(sq)]
        };
        let (_, from_first) = FILE_NUMBERS.split_at(first as usize);
        from_first.split_at((last - first + 1) as usize).0
    }

    /// The side whose camp holds `sq`.
    #[inline]
    pub const fn camp(&self, sq: Square) -> Color {
        if self.rank(sq) < self.ranks / 2 {
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
        let rank = self.rank(sq);
        (rank == front - 1 || rank == front) && self.has_bridge(self.file(sq))
    }

    /// The same node seen from the other side (a half turn of the board):
    /// each camp onto the other, headquarters onto headquarters, bridges
    /// onto bridges.
    pub const fn rotated(&self, sq: Square) -> Square {
        if self.is_hq(sq) {
            return self.hq(self.camp(sq).other());
        }
        let (file, rank) = (self.file(sq), self.rank(sq));
        Square::from_index_unchecked((self.ranks - 1 - rank) * self.files + (self.files - 1 - file))
    }

    /// The node directly behind `sq`, towards `owner`'s back rank (none
    /// behind a headquarters or off the board).
    pub const fn behind(&self, sq: Square, owner: Color) -> Option<Square> {
        let rank = self.rank(sq) as i8 - owner.forward();
        if self.is_hq(sq) || rank < 0 || rank >= self.ranks as i8 {
            None
        } else {
            self.square(self.file(sq), rank as u8)
        }
    }

    /// South's camp in slot order: the front rank first, each rank from
    /// file `a`, the back rank last. North's camp is the same list rotated,
    /// so a camp-relative setup fits either side. `N` must be the camp's
    /// node count.
    pub const fn camp_slots<const N: usize>(&self) -> [Square; N] {
        let mut slots = [Square::from_index_unchecked(0); N];
        let mut n = 0;
        let mut rank = self.ranks / 2;
        while rank > 0 {
            rank -= 1;
            let mut index = (rank * self.files) as usize;
            while index < ((rank + 1) * self.files) as usize {
                if self.is_node(index) {
                    slots[n] = Square::from_index_unchecked(index as u8);
                    n += 1;
                }
                index += 1;
            }
        }
        assert!(n == N, "N is the camp's node count");
        slots
    }

    /// How many nodes each rank of a camp has, front rank first: the
    /// groups of the setup text.
    pub fn camp_ranks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.ranks / 2).rev().map(|rank| {
            let start = (rank * self.files) as usize;
            (start..start + self.files as usize)
                .filter(|&i| self.is_node(i))
                .count()
        })
    }
}
