//! The shape of the board: which node is next to which, the front, the
//! bridges and the planes' flight lines, as tables built at compile time.

use crate::{Bitboard, Color, FILES, Front, Mobility, RANKS, Square};

/// How many [`Mobility`] values there are (they index tables).
pub(crate) const MOBILITIES: usize = 5;

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

/// The lines an Engineer slides along from one node, as bit masks, split by
/// whether square indices rise (north, east) or fall (south, west) along
/// them. Unused entries are empty masks, which reach nothing.
#[derive(Clone, Copy)]
struct Lines {
    rising: [u64; 3],
    falling: [u64; 3],
}

/// The two-step forward charges of a Tank or Cavalry from one node: the end
/// node is reached when the middle node is empty. Unused entries are empty.
#[derive(Clone, Copy)]
struct Charges {
    middle: [u64; 2],
    end: [u64; 2],
}

/// Adjacency tables for one kind of front. Variants with other boards get
/// tables of their own; move generation only reads these.
pub struct Geometry {
    rays: [[Ray; 5]; Square::INDICES],
    ray_counts: [u8; Square::INDICES],
    steps: [Bitboard; Square::INDICES],
    flight: [Bitboard; Square::INDICES],
    sideways: [Bitboard; Square::INDICES],
    /// `flight | sideways`: every node a Plane reaches.
    plane: [Bitboard; Square::INDICES],
    /// By direction (north, south, east, west): the nodes whose step that
    /// way is a plain index shift (±6, ±1) to a neighbour in `steps`.
    shifts: [u64; 4],
    /// Nodes with a step that no shift covers (next to a headquarters).
    irregular: u64,
    /// Indexed by [`Mobility`] as a number: where such a piece reaches
    /// before charges and slides: steps, a Plane's flight, nothing for
    /// Engineers (see `slide`) and immobile pieces.
    reach: [[Bitboard; Square::INDICES]; MOBILITIES],
    lines: [Lines; Square::INDICES],
    /// By colour index: "forward" differs per side.
    charges: [[Charges; Square::INDICES]; 2],
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

    /// The nodes one step away from any of `pieces`: the union of their
    /// [`Geometry::steps`], by shifting the whole set at once.
    #[inline]
    pub fn steps_of(&self, pieces: Bitboard) -> Bitboard {
        let p = pieces.0;
        let mut reach = ((p & self.shifts[0]) << 6)
            | ((p & self.shifts[1]) >> 6)
            | ((p & self.shifts[2]) << 1)
            | ((p & self.shifts[3]) >> 1);
        for sq in Bitboard(p & self.irregular) {
            reach |= self.steps[sq.index()].0;
        }
        Bitboard(reach)
    }

    /// Where a piece that moves as `mobility` says reaches from `sq`
    /// before the occupied nodes are taken into account, except for a
    /// charge's second step and an Engineer's slide (both empty here).
    #[inline]
    pub(crate) fn reach(&self, mobility: usize, sq: Square) -> Bitboard {
        self.reach[mobility][sq.index()]
    }

    /// Every node a Plane on `sq` reaches: [`Geometry::flight`] and
    /// [`Geometry::sideways`] together.
    #[inline]
    pub fn plane(&self, sq: Square) -> Bitboard {
        self.plane[sq.index()]
    }

    /// The nodes an Engineer on `sq` reaches with `occupied` nodes in the
    /// way: along each ray up to and including the first occupied node
    /// (the caller removes its own pieces). The same as walking
    /// [`Geometry::rays`], with bit tricks instead of a loop.
    #[inline]
    pub fn slide(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let lines = &self.lines[sq.index()];
        let occupied = occupied.0;
        let mut reach = 0;
        for mask in lines.rising {
            let blockers = mask & occupied;
            // The lowest blocker and every bit below it (all bits if none).
            reach |= mask & (blockers ^ blockers.wrapping_sub(1));
        }
        for mask in lines.falling {
            let blockers = mask & occupied;
            // The highest blocker and every bit above it (all bits if none).
            reach |= mask & (u64::MAX << (63 - (blockers | 1).leading_zeros()));
        }
        Bitboard(reach)
    }

    /// The ends of the two-step forward charges of a `color` Tank or
    /// Cavalry on `sq` whose middle node is empty.
    #[inline]
    pub fn charges(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let charges = &self.charges[color.index()][sq.index()];
        let mut ends = 0;
        for i in 0..2 {
            // All ones when the middle node is empty: no branch.
            let open = ((charges.middle[i] & occupied.0) == 0) as u64;
            ends |= charges.end[i] & open.wrapping_neg();
        }
        Bitboard(ends)
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

    /// The most destinations one piece can have on this board: a Plane's
    /// flight, an Engineer's slide over an empty board, or the steps and
    /// charges of a Tank.
    pub(crate) const fn max_destinations(&self) -> usize {
        let mut max = 0;
        let mut i = 0;
        while i < Square::ALL.len() {
            let sq = Square::ALL[i].index();
            let lines = &self.lines[sq];
            let slide = lines.rising[0]
                | lines.rising[1]
                | lines.rising[2]
                | lines.falling[0]
                | lines.falling[1]
                | lines.falling[2];
            let counts = [
                self.plane[sq].0.count_ones(),
                slide.count_ones(),
                self.steps[sq].0.count_ones() + 2,
            ];
            let mut c = 0;
            while c < counts.len() {
                if counts[c] as usize > max {
                    max = counts[c] as usize;
                }
                c += 1;
            }
            i += 1;
        }
        max
    }

    /// The most destinations one piece can have under any front option.
    pub(crate) const MAX_DESTINATIONS: usize = {
        let river = Geometry::build(true).max_destinations();
        let open = Geometry::build(false).max_destinations();
        if river > open { river } else { open }
    };

    /// Files `ray` among the rising or falling slide lines of `from`.
    /// Fails the build if its square indices are not monotonic, which the
    /// bit tricks of [`Geometry::slide`] rely on.
    const fn add_line(lines: &mut Lines, from: Square, ray: &Ray) {
        let rising = ray.squares[0].index() > from.index();
        let mut mask = 0u64;
        let mut last = from.index();
        let mut k = 0;
        while k < ray.len as usize {
            let next = ray.squares[k].index();
            assert!(
                (next > last) == rising && next != last,
                "a ray must be monotonic"
            );
            mask |= 1 << next;
            last = next;
            k += 1;
        }
        let slots = if rising {
            &mut lines.rising
        } else {
            &mut lines.falling
        };
        let mut k = 0;
        while slots[k] != 0 {
            k += 1;
        }
        slots[k] = mask;
    }

    const fn build(river: bool) -> Geometry {
        let mut g = Geometry {
            rays: [[Ray::EMPTY; 5]; Square::INDICES],
            ray_counts: [0; Square::INDICES],
            steps: [Bitboard::EMPTY; Square::INDICES],
            flight: [Bitboard::EMPTY; Square::INDICES],
            sideways: [Bitboard::EMPTY; Square::INDICES],
            plane: [Bitboard::EMPTY; Square::INDICES],
            shifts: [0; 4],
            irregular: 0,
            reach: [[Bitboard::EMPTY; Square::INDICES]; MOBILITIES],
            lines: [Lines {
                rising: [0; 3],
                falling: [0; 3],
            }; Square::INDICES],
            charges: [[Charges {
                middle: [0; 2],
                end: [0; 2],
            }; Square::INDICES]; 2],
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
                    Geometry::add_line(&mut g.lines[sq.index()], sq, &ray);
                    if ray.len >= 2 {
                        let mut c = 0;
                        while c < 2 {
                            if ray.rank_step == Color::ALL[c].forward() {
                                let charges = &mut g.charges[c][sq.index()];
                                let k = if charges.middle[0] == 0 { 0 } else { 1 };
                                charges.middle[k] = 1 << ray.squares[0].index();
                                charges.end[k] = 1 << ray.squares[1].index();
                            }
                            c += 1;
                        }
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
            g.plane[sq.index()] = Bitboard(g.flight[sq.index()].0 | g.sideways[sq.index()].0);
            Geometry::add_shifts(&mut g, sq);
            g.reach[Mobility::Step as usize][sq.index()] = g.steps[sq.index()];
            g.reach[Mobility::Charge as usize][sq.index()] = g.steps[sq.index()];
            g.reach[Mobility::Flight as usize][sq.index()] = g.plane[sq.index()];
            i += 1;
        }
        g
    }

    /// Files the steps of `sq` that are index shifts under `shifts`, and
    /// `sq` under `irregular` if any step is not.
    const fn add_shifts(g: &mut Geometry, sq: Square) {
        let steps = g.steps[sq.index()].0;
        let i = sq.index() as i32;
        let deltas = [6, -6, 1, -1];
        let mut covered = 0u64;
        let mut d = 0;
        while d < 4 {
            let to = i + deltas[d];
            // East and west shifts must stay on the rank.
            let same_rank = deltas[d] == 6 || deltas[d] == -6 || to / 6 == i / 6;
            if to >= 0 && (to as usize) < Square::INDICES && same_rank && steps & (1 << to) != 0 {
                g.shifts[d] |= 1 << i;
                covered |= 1 << to;
            }
            d += 1;
        }
        if covered != steps {
            g.irregular |= 1 << i;
        }
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
    fn steps_of_a_set_is_the_union_of_its_steps() {
        for front in [Front::River, Front::Open] {
            let g = Geometry::of(front);
            for sq in Square::ALL {
                let one = Bitboard::from_square(sq);
                assert_eq!(g.steps_of(one), g.steps(sq), "{sq} {front:?}");
            }
            let mut state = 0x1234_5678_9ABC_DEF1u64;
            for _ in 0..1000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let set: Bitboard = Square::ALL
                    .into_iter()
                    .filter(|sq| state >> sq.index() & 1 == 1)
                    .collect();
                let union = set.fold(Bitboard::EMPTY, |u, sq| u | g.steps(sq));
                assert_eq!(g.steps_of(set), union);
            }
        }
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
