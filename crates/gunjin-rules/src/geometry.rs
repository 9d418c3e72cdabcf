//! Which node is next to which, the front, the bridges and the planes'
//! flight lines, as tables derived from a [`Shape`]. [`Geometry::new`] is
//! a `const fn`: a board's tables are a static built at compile time.

use std::sync::LazyLock;

use crate::square::RANK_STRIDE;
use crate::{Bitboard, Color, Front, Mobility, Shape, Square};

/// How many [`Mobility`] values there are (they index tables).
pub(crate) const MOBILITIES: usize = Mobility::ALL.len();

/// Files (0-based) of the two bridges over the front of the standard board.
pub const BRIDGE_FILES: [u8; 2] = {
    let bridges = Shape::STANDARD.bridges;
    assert!(bridges.count_ones() == 2);
    let first = bridges.trailing_zeros() as u8;
    [first, (bridges & !(1 << first)).trailing_zeros() as u8]
};

/// Table length by node for every shape.
const INDICES: usize = Square::INDICES;
/// The most straight lines that leave a node one way (rising or falling
/// indices): north and east from a headquarters of three squares.
const LINES: usize = 4;
/// The most forward charges from one node: one along each file of a
/// headquarters of three squares.
const CHARGES: usize = 3;

/// A straight line of nodes leaving a square in one direction, nearest
/// first. A headquarters is one node on it; the front ends it except on a
/// bridge file.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// Rank step of the direction: +1 north, -1 south, 0 sideways.
    pub rank_step: i8,
    len: u8,
    squares: [Square; 8],
}

impl Ray {
    const EMPTY: Ray = Ray {
        rank_step: 0,
        len: 0,
        squares: [Square::SOUTH_HQ; 8],
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
/// whether square codes rise or fall along them (north and east, south and
/// west, on the standard board). Unused entries are empty masks, which
/// reach nothing. A line whose codes do neither (on Classic 25's board,
/// one towards `i6`, the last code given out: see [`Square`]) is walked
/// instead, square by square.
#[derive(Clone, Copy)]
struct Lines {
    rising: [u64; LINES],
    falling: [u64; LINES],
    /// One bit per ray of the node ([`Geometry::rays`]) to walk.
    walked: u8,
}

/// The two-step forward charges of a Tank or Cavalry from one node: the end
/// node is reached when the middle node is empty. Unused entries are empty.
#[derive(Clone, Copy)]
struct Charges {
    middle: [u64; CHARGES],
    end: [u64; CHARGES],
}

/// Adjacency tables for one board shape and kind of front; move
/// generation only reads these.
pub struct Geometry {
    rays: [[Ray; 5]; INDICES],
    ray_counts: [u8; INDICES],
    steps: [Bitboard; INDICES],
    flight: [Bitboard; INDICES],
    sideways: [Bitboard; INDICES],
    /// `flight | sideways`: every node a Plane reaches.
    plane: [Bitboard; INDICES],
    /// By direction (north, south, east, west): the nodes whose step that
    /// way is a plain index shift (±files, ±1) to a neighbour in `steps`.
    shifts: [u64; 4],
    /// The code shift of a step along a file ([`RANK_STRIDE`]).
    files: u32,
    /// Nodes with a step that no shift covers (next to a headquarters).
    irregular: u64,
    /// Indexed by [`Mobility`] as a number: where such a piece reaches
    /// before charges and slides: steps, a Plane's flight, nothing for
    /// Engineers (see `slide`), Jets (see `anywhere`) and immobile pieces.
    reach: [[Bitboard; INDICES]; MOBILITIES],
    /// By colour index: every node but the enemy headquarters.
    anywhere: [Bitboard; 2],
    lines: [Lines; INDICES],
    /// By colour index: "forward" differs per side.
    charges: [[Charges; INDICES]; 2],
}

/// Built at first use, not at compile time: as statics of the data
/// segment the two boards' tables (about 37 kB, mostly zeros) were part of
/// the browser app's first download, whichever module reads them.
static RIVER: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(&Shape::STANDARD, Front::River));
static OPEN: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(&Shape::STANDARD, Front::Open));
static CLASSIC_25_RIVER: LazyLock<Geometry> =
    LazyLock::new(|| Geometry::new(&Shape::CLASSIC_25, Front::River));
static CLASSIC_25_OPEN: LazyLock<Geometry> =
    LazyLock::new(|| Geometry::new(&Shape::CLASSIC_25, Front::Open));

impl Geometry {
    /// The tables of the standard board for a front option (see
    /// [`Rules::geometry`](crate::Rules::geometry) for the board of a mode).
    #[inline]
    pub fn of(front: Front) -> &'static Geometry {
        match front {
            Front::River => &RIVER,
            Front::Open => &OPEN,
        }
    }

    /// The tables of Classic 25's 9×6 board for a front option.
    #[inline]
    pub fn of_classic_25(front: Front) -> &'static Geometry {
        match front {
            Front::River => &CLASSIC_25_RIVER,
            Front::Open => &CLASSIC_25_OPEN,
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
        let mut reach = ((p & self.shifts[0]) << self.files)
            | ((p & self.shifts[1]) >> self.files)
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

    /// Every node a `color` Jet may fly to, before the own pieces are
    /// taken out: all but the enemy headquarters.
    #[inline]
    pub fn anywhere(&self, color: Color) -> Bitboard {
        self.anywhere[color.index()]
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
        let mut walked = lines.walked;
        while walked != 0 {
            let ray = &self.rays[sq.index()][walked.trailing_zeros() as usize];
            walked &= walked - 1;
            for &to in ray.squares() {
                reach |= 1 << to.index();
                if occupied & 1 << to.index() != 0 {
                    break;
                }
            }
        }
        Bitboard(reach)
    }

    /// The ends of the two-step forward charges of a `color` Tank or
    /// Cavalry on `sq` whose middle node is empty.
    #[inline]
    pub fn charges(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let charges = &self.charges[color.index()][sq.index()];
        let mut ends = 0;
        for i in 0..CHARGES {
            // All ones when the middle node is empty: no branch.
            let open = ((charges.middle[i] & occupied.0) == 0) as u64;
            ends |= charges.end[i] & open.wrapping_neg();
        }
        Bitboard(ends)
    }

    /// The ray leaving `from`, seen as its square at (file, rank) `at`, in
    /// the direction (`df`, `dr`).
    const fn ray(shape: &Shape, river: bool, from: Square, at: (i8, i8), df: i8, dr: i8) -> Ray {
        let mut ray = Ray {
            rank_step: dr,
            ..Ray::EMPTY
        };
        let (mut f, mut r) = at;
        let mut last = from;
        loop {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 {
                break;
            }
            let river_in_the_way = river && !shape.has_bridge(f as u8);
            if river_in_the_way && shape.crosses_front(r as u8, nr as u8) {
                break;
            }
            let Some(next) = shape.square(nf as u8, nr as u8) else {
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

    /// The most destinations one piece but a Jet (whose flights are listed
    /// apart) can have on this board: a Plane's flight, an Engineer's
    /// slide over an empty board, or the steps and charges of a Tank.
    pub(crate) const fn max_destinations(&self) -> usize {
        let mut max = 0;
        let mut sq = 0;
        while sq < INDICES {
            let lines = &self.lines[sq];
            let mut slide = 0;
            let mut k = 0;
            while k < LINES {
                slide |= lines.rising[k] | lines.falling[k];
                k += 1;
            }
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
            sq += 1;
        }
        max
    }

    /// The most destinations one piece but a Jet can have on any board
    /// under any front option.
    pub(crate) const MAX_DESTINATIONS: usize = {
        let mut max = 0;
        let shapes = [Shape::STANDARD, Shape::CLASSIC_25];
        let mut s = 0;
        while s < shapes.len() {
            let river = Geometry::new(&shapes[s], Front::River).max_destinations();
            let open = Geometry::new(&shapes[s], Front::Open).max_destinations();
            if river > max {
                max = river;
            }
            if open > max {
                max = open;
            }
            s += 1;
        }
        max
    };

    /// Files the `n`th ray of `from` among its rising or falling slide
    /// lines, or among those to walk if its codes are not monotonic (the
    /// bit tricks of [`Geometry::slide`] rely on that).
    const fn add_line(lines: &mut Lines, from: Square, ray: &Ray, n: usize) {
        let rising = ray.squares[0].index() > from.index();
        let mut mask = 0u64;
        let mut last = from.index();
        let mut k = 0;
        while k < ray.len as usize {
            let next = ray.squares[k].index();
            if (next > last) != rising {
                lines.walked |= 1 << n;
                return;
            }
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

    /// The tables of `shape` under `front`: a `const fn`, so a static of
    /// them is built at compile time.
    pub const fn new(shape: &Shape, front: Front) -> Geometry {
        let mut g = Geometry {
            rays: [[Ray::EMPTY; 5]; INDICES],
            ray_counts: [0; INDICES],
            steps: [Bitboard::EMPTY; INDICES],
            flight: [Bitboard::EMPTY; INDICES],
            sideways: [Bitboard::EMPTY; INDICES],
            plane: [Bitboard::EMPTY; INDICES],
            shifts: [0; 4],
            files: RANK_STRIDE as u32,
            irregular: 0,
            reach: [[Bitboard::EMPTY; INDICES]; MOBILITIES],
            anywhere: [
                shape.nodes().without(shape.hq(Color::North)),
                shape.nodes().without(shape.hq(Color::South)),
            ],
            lines: [Lines {
                rising: [0; LINES],
                falling: [0; LINES],
                walked: 0,
            }; INDICES],
            charges: [[Charges {
                middle: [0; CHARGES],
                end: [0; CHARGES],
            }; INDICES]; 2],
        };
        let mut nodes = shape.nodes();
        while let Some(sq) = nodes.pop_lowest() {
            Geometry::add_rays(&mut g, shape, matches!(front, Front::River), sq);
            let flight = Geometry::flight_of(shape, sq);
            let i = sq.index();
            g.flight[i] = flight;
            g.plane[i] = Bitboard(flight.0 | g.sideways[i].0);
            Geometry::add_shifts(&mut g, sq);
            g.reach[Mobility::Step as usize][i] = g.steps[i];
            g.reach[Mobility::Charge as usize][i] = g.steps[i];
            g.reach[Mobility::Flight as usize][i] = g.plane[i];
        }
        g
    }

    /// Files the rays leaving `sq` and what they give: its steps, sideways
    /// steps, slide lines and forward charges. A headquarters leaves
    /// leftwards from its first square, rightwards from its last, and
    /// along each of its files (in that order).
    const fn add_rays(g: &mut Geometry, shape: &Shape, river: bool, sq: Square) {
        let files = shape.files_of(sq);
        let (first, last) = (files[0] as i8, files[files.len() - 1] as i8);
        let rank = sq.rank() as i8;
        let mut starts = [(0, 0, 0); 2 + 2 * 3];
        starts[0] = (first, -1, 0);
        starts[1] = (last, 1, 0);
        let mut k = 0;
        while k < files.len() {
            starts[2 + 2 * k] = (files[k] as i8, 0, 1);
            starts[3 + 2 * k] = (files[k] as i8, 0, -1);
            k += 1;
        }
        let i = sq.index();
        let mut n = 0;
        let mut s = 0;
        while s < 2 + 2 * files.len() {
            let (f, df, dr) = starts[s];
            let ray = Geometry::ray(shape, river, sq, (f, rank), df, dr);
            s += 1;
            if ray.len == 0 {
                continue;
            }
            g.rays[i][n] = ray;
            n += 1;
            g.steps[i] = g.steps[i].with(ray.squares[0]);
            if dr == 0 {
                g.sideways[i] = g.sideways[i].with(ray.squares[0]);
            }
            Geometry::add_line(&mut g.lines[i], sq, &ray, n - 1);
            let mut c = 0;
            while c < 2 {
                if ray.len >= 2 && ray.rank_step == Color::ALL[c].forward() {
                    let charges = &mut g.charges[c][i];
                    let mut k = 0;
                    while charges.middle[k] != 0 {
                        k += 1;
                    }
                    charges.middle[k] = 1 << ray.squares[0].index();
                    charges.end[k] = 1 << ray.squares[1].index();
                }
                c += 1;
            }
        }
        g.ray_counts[i] = n as u8;
    }

    /// Every other node on a file of `sq`: a Plane's flight.
    const fn flight_of(shape: &Shape, sq: Square) -> Bitboard {
        let mut flight = Bitboard::EMPTY;
        let mut others = shape.nodes().without(sq);
        while let Some(other) = others.pop_lowest() {
            if shares_file(shape.files_of(sq), shape.files_of(other)) {
                flight = flight.with(other);
            }
        }
        flight
    }

    /// Files the steps of `sq` that are code shifts under `shifts`, and
    /// `sq` under `irregular` if any step is not.
    const fn add_shifts(g: &mut Geometry, sq: Square) {
        let steps = g.steps[sq.index()].0;
        let (i, stride) = (sq.index() as i32, RANK_STRIDE as i32);
        let deltas = [stride, -stride, 1, -1];
        let mut covered = 0u64;
        let mut d = 0;
        while d < 4 {
            let to = i + deltas[d];
            // A shift that lands on one of the steps is that step.
            if to >= 0 && (to as usize) < INDICES && steps & (1 << to) != 0 {
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

const fn shares_file(fa: &[u8], fb: &[u8]) -> bool {
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

/// Whether `sq` is one of the four bridge ends of the standard board (`b4`,
/// `b5`, `e4`, `e5`).
pub const fn is_bridge(sq: Square) -> bool {
    Shape::STANDARD.is_bridge(sq)
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

    /// Every node's steps, and those of 1,000 pseudo-random sets of
    /// nodes, against [`Geometry::steps_of`].
    fn check_steps_of(g: &Geometry, nodes: Bitboard) {
        for sq in nodes {
            assert_eq!(g.steps_of(Bitboard::from_square(sq)), g.steps(sq), "{sq:?}");
        }
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..1000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let set = nodes
                .filter(|sq| state >> sq.index() & 1 == 1)
                .collect::<Bitboard>();
            let union = set.fold(Bitboard::EMPTY, |u, sq| u | g.steps(sq));
            assert_eq!(g.steps_of(set), union);
        }
    }

    #[test]
    fn steps_of_a_set_is_the_union_of_its_steps() {
        for front in [Front::River, Front::Open] {
            check_steps_of(Geometry::of(front), Bitboard::ALL);
            let classic = Shape::CLASSIC_25;
            check_steps_of(&Geometry::new(&classic, front), classic.nodes());
        }
    }

    /// A node of Classic 25's board by name (files `a`–`i`).
    fn classic(name: &str) -> Square {
        let &[file, rank] = name.as_bytes() else {
            panic!("{name}")
        };
        Shape::CLASSIC_25.square(file - b'a', rank - b'1').unwrap()
    }

    fn classic_set(names: &str) -> Bitboard {
        names.split_whitespace().map(classic).collect()
    }

    #[test]
    fn classic_25_has_two_camps_of_25_and_a_three_square_hq() {
        let shape = Shape::CLASSIC_25;
        assert_eq!(shape.node_count(), 50);
        assert_eq!(shape.camp_slots()[0], classic("a3"));
        assert!(shape.camp_ranks().eq([9, 9, 7]));
        for color in Color::ALL {
            let hq = shape.hq(color);
            assert_eq!(shape.camp(hq), color);
            assert_eq!(shape.files_of(hq), [3, 4, 5]);
            assert_eq!(shape.rotated(hq), shape.hq(!color));
        }
        assert_eq!(classic("d1"), classic("e1"));
        assert_eq!(classic("f6"), shape.hq(Color::North));
        let bridges: Bitboard = shape.nodes().filter(|&sq| shape.is_bridge(sq)).collect();
        assert_eq!(bridges, classic_set("b3 e3 h3 b4 e4 h4"));
        for sq in shape.nodes() {
            assert_eq!(shape.rotated(shape.rotated(sq)), sq);
            assert_ne!(shape.camp(shape.rotated(sq)), shape.camp(sq));
        }
    }

    #[test]
    fn classic_25_adjacency_rays_and_river() {
        let g = Geometry::new(&Shape::CLASSIC_25, Front::River);
        let hq = classic("e1");
        assert_eq!(g.steps(hq), classic_set("c1 g1 d2 e2 f2"));
        assert_eq!(g.steps(classic("e6")), classic_set("c6 g6 d5 e5 f5"));
        assert_eq!(g.steps(classic("d2")), classic_set("c2 e2 d3 e1"));
        assert_eq!(g.steps(classic("a3")), classic_set("a2 b3"));
        assert_eq!(g.steps(classic("e3")), classic_set("d3 f3 e2 e4"));
        assert_eq!(g.steps(classic("h4")), classic_set("g4 i4 h5 h3"));
        let open = Geometry::new(&Shape::CLASSIC_25, Front::Open);
        assert_eq!(open.steps(classic("a3")), classic_set("a2 b3 a4"));
        // A line along the back rank passes through the headquarters; the
        // lines along files d, e and f start in it.
        let empty = Bitboard::EMPTY;
        assert_eq!(
            g.slide(classic("c1"), empty),
            classic_set("a1 b1 e1 g1 h1 i1 c2 c3")
        );
        assert_eq!(g.rays(hq).len(), 5);
        assert_eq!(
            g.slide(hq, empty),
            classic_set("a1 b1 c1 g1 h1 i1 d2 d3 f2 f3 e2 e3 e4 e5 e6")
        );
        assert_eq!(
            g.slide(hq, classic_set("e3")),
            classic_set("a1 b1 c1 g1 h1 i1 d2 d3 f2 f3 e2 e3")
        );
        assert_eq!(g.charges(Color::South, hq, empty), classic_set("d3 e3 f3"));
        assert_eq!(g.flight(classic("d4")), classic_set("d2 d3 d5 e1 e6"));
    }

    /// The slide's bit tricks against walking each ray, on both boards,
    /// for every node and 300 pseudo-random sets of occupied nodes: on
    /// Classic 25's board the lines towards `i6` are walked.
    #[test]
    fn slides_match_walking_the_rays() {
        let standard = Geometry::of(Front::River);
        let nine = Geometry::new(&Shape::CLASSIC_25, Front::River);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for (g, nodes) in [
            (standard, Shape::STANDARD.nodes()),
            (&nine, Shape::CLASSIC_25.nodes()),
        ] {
            for _ in 0..300 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let occupied = nodes.filter(|sq| state >> sq.index() & 1 == 1).collect();
                for sq in nodes {
                    let mut walked = Bitboard::EMPTY;
                    for ray in g.rays(sq) {
                        for &to in ray.squares() {
                            walked.add(to);
                            if Bitboard::contains(occupied, to) {
                                break;
                            }
                        }
                    }
                    assert_eq!(g.slide(sq, occupied), walked, "{sq} {occupied:?}");
                }
            }
        }
        let i6 = classic("i6");
        let walked_lines = nine.lines.iter().filter(|l| l.walked != 0).count();
        assert!(walked_lines > 0 && standard.lines.iter().all(|l| l.walked == 0));
        assert_eq!(
            nine.slide(classic("g6"), Bitboard::EMPTY),
            classic_set("a6 b6 c6 e6 h6 i6 g5 g4")
        );
        assert!(nine.slide(classic("i4"), Bitboard::EMPTY).contains(i6));
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
