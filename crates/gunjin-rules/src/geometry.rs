//! The shape of the board: which node is next to which, the front, the
//! bridges and the planes' flight lines, as tables built at compile time.

use crate::{Bitboard, Color, FILES, Front, RANKS, Square};

/// Files (0-based) of the two bridges over the front.
pub const BRIDGE_FILES: [u8; 2] = [1, 4];

/// A straight line of nodes leaving a square in one direction, nearest
/// first. A headquarters is one node on it; the front ends it except on a
/// bridge file.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// Rank step of the direction: +1 north, -1 south, 0 sideways.
    pub rank_step: i8,
    len: u8,
    squares: [Square; 7],
}

impl Ray {
    const EMPTY: Ray = Ray {
        rank_step: 0,
        len: 0,
        squares: [Square::SOUTH_HQ; 7],
    };

    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// Whether the ray points towards `color`'s enemy camp.
    #[inline]
    pub const fn is_forward_for(&self, color: Color) -> bool {
        self.rank_step == color.forward()
    }
}

/// Adjacency tables for one kind of front. Variants with other boards get
/// tables of their own; move generation only reads these.
pub struct Geometry {
    rays: [[Ray; 5]; 48],
    ray_counts: [u8; 48],
    steps: [Bitboard; 48],
    flight: [Bitboard; 48],
    sideways: [Bitboard; 48],
}

static RIVER: Geometry = Geometry::build(true);
static OPEN: Geometry = Geometry::build(false);

impl Geometry {
    /// The tables for a front option.
    #[inline]
    pub fn of(front: Front) -> &'static Geometry {
        match front {
            Front::River => &RIVER,
            Front::Open => &OPEN,
        }
    }

    /// The straight lines leaving `sq` (up to five: a headquarters has one
    /// along each of its two files).
    #[inline]
    pub fn rays(&self, sq: Square) -> &[Ray] {
        &self.rays[sq.index()][..self.ray_counts[sq.index()] as usize]
    }

    /// The nodes one ordinary step away.
    #[inline]
    pub fn steps(&self, sq: Square) -> Bitboard {
        self.steps[sq.index()]
    }

    /// The nodes a Plane reaches along its file(s), over anything.
    #[inline]
    pub fn flight(&self, sq: Square) -> Bitboard {
        self.flight[sq.index()]
    }

    /// The nodes one step to the left or right.
    #[inline]
    pub fn sideways(&self, sq: Square) -> Bitboard {
        self.sideways[sq.index()]
    }

    /// Whether a step between ranks 4 and 5 on `file` crosses the river.
    const fn blocked(river: bool, file: i8, rank: i8, next_rank: i8) -> bool {
        let crosses = (rank == 3 && next_rank == 4) || (rank == 4 && next_rank == 3);
        river && crosses && file != BRIDGE_FILES[0] as i8 && file != BRIDGE_FILES[1] as i8
    }

    const fn ray(river: bool, from: Square, file: i8, rank: i8, df: i8, dr: i8) -> Ray {
        let mut ray = Ray {
            rank_step: dr,
            ..Ray::EMPTY
        };
        let (mut f, mut r) = (file, rank);
        let mut last = from;
        loop {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= FILES as i8 || nr >= RANKS as i8 {
                break;
            }
            if dr != 0 && Geometry::blocked(river, f, r, nr) {
                break;
            }
            let Some(next) = Square::new(nf as u8, nr as u8) else {
                break;
            };
            // The two halves of a headquarters are one node.
            if next.index() != last.index() {
                ray.squares[ray.len as usize] = next;
                ray.len += 1;
                last = next;
            }
            (f, r) = (nf, nr);
        }
        ray
    }

    const fn build(river: bool) -> Geometry {
        let mut g = Geometry {
            rays: [[Ray::EMPTY; 5]; 48],
            ray_counts: [0; 48],
            steps: [Bitboard::EMPTY; 48],
            flight: [Bitboard::EMPTY; 48],
            sideways: [Bitboard::EMPTY; 48],
        };
        let mut i = 0;
        while i < Square::ALL.len() {
            let sq = Square::ALL[i];
            let (file, rank) = (sq.file() as i8, sq.rank() as i8);
            // A headquarters leaves leftwards from its c half, rightwards
            // from its d half, and along both files.
            let right_file = if sq.is_hq() { file + 1 } else { file };
            let starts = [
                (file, -1, 0),
                (right_file, 1, 0),
                (file, 0, 1),
                (file, 0, -1),
                (right_file, 0, 1),
                (right_file, 0, -1),
            ];
            let count = if sq.is_hq() { 6 } else { 4 };
            let mut n = 0;
            let mut s = 0;
            while s < count {
                let (f, df, dr) = starts[s];
                let ray = Geometry::ray(river, sq, f, rank, df, dr);
                if ray.len > 0 {
                    g.rays[sq.index()][n] = ray;
                    n += 1;
                    g.steps[sq.index()] = g.steps[sq.index()].with(ray.squares[0]);
                    if dr == 0 {
                        g.sideways[sq.index()] = g.sideways[sq.index()].with(ray.squares[0]);
                    }
                }
                s += 1;
            }
            g.ray_counts[sq.index()] = n as u8;
            let mut j = 0;
            while j < Square::ALL.len() {
                let other = Square::ALL[j];
                if other.index() != sq.index() && shares_file(sq, other) {
                    g.flight[sq.index()] = g.flight[sq.index()].with(other);
                }
                j += 1;
            }
            i += 1;
        }
        g
    }
}

const fn shares_file(a: Square, b: Square) -> bool {
    let (fa, fb) = (a.files(), b.files());
    let mut i = 0;
    while i < fa.len() {
        let mut j = 0;
        while j < fb.len() {
            if fa[i] == fb[j] {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

/// Whether `sq` is one of the four bridge ends (`b4`, `b5`, `e4`, `e5`).
pub const fn is_bridge(sq: Square) -> bool {
    (sq.rank() == 3 || sq.rank() == 4)
        && (sq.file() == BRIDGE_FILES[0] || sq.file() == BRIDGE_FILES[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn set(squares: &str) -> Bitboard {
        squares.split_whitespace().map(sq).collect()
    }

    #[test]
    fn hq_is_one_node_with_four_neighbours() {
        let g = Geometry::of(Front::River);
        assert_eq!(g.steps(Square::SOUTH_HQ), set("b1 e1 c2 d2"));
        assert_eq!(g.steps(Square::NORTH_HQ), set("b8 e8 c7 d7"));
        assert_eq!(g.steps(sq("b1")), set("a1 c1 b2"));
        assert_eq!(g.steps(sq("d2")), set("c2 e2 d3 c1"));
        assert_eq!(g.rays(Square::SOUTH_HQ).len(), 4);
    }

    #[test]
    fn river_is_crossed_only_at_bridges() {
        let river = Geometry::of(Front::River);
        let open = Geometry::of(Front::Open);
        assert_eq!(river.steps(sq("a4")), set("a3 b4"));
        assert_eq!(river.steps(sq("b4")), set("a4 c4 b3 b5"));
        assert_eq!(river.steps(sq("e5")), set("d5 f5 e6 e4"));
        assert_eq!(open.steps(sq("a4")), set("a3 b4 a5"));
    }

    #[test]
    fn flight_lines_follow_files_through_hqs() {
        let g = Geometry::of(Front::River);
        assert_eq!(g.flight(sq("c3")), set("c1 c2 c4 c5 c6 c7 c8"));
        assert_eq!(g.flight(sq("d5")), set("c1 d2 d3 d4 d6 d7 c8"));
        assert_eq!(
            g.flight(Square::SOUTH_HQ),
            set("c2 c3 c4 c5 c6 c7 d2 d3 d4 d5 d6 d7 c8")
        );
        assert_eq!(g.sideways(Square::SOUTH_HQ), set("b1 e1"));
    }
}
