//! Where each piece attacks: step tables and sliding rays, built at
//! compile time.
//!
//! Sliders use the classical ray method: the ray from a square in one of
//! the eight directions, cut at the first occupied square (the lowest bit
//! for directions of growing index, the highest for the others). With the
//! 81 squares in one `u128` that is a couple of bit scans per ray and
//! about 26 kB of tables in all, small enough for the browser build.

use crate::{Bitboard, Color, Role, Square};

/// The eight directions as (files, ranks) steps. Even-odd pairs are
/// opposites; `POSITIVE` says whether the square index grows along each.
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, 1),
    (1, 1),
    (-1, -1),
];
const POSITIVE: [bool; 8] = [false, true, true, false, true, false, true, false];
const UP: usize = 0;
const DOWN: usize = 1;
const ORTHOGONAL: [usize; 4] = [0, 1, 2, 3];
const DIAGONAL: [usize; 4] = [4, 5, 6, 7];

#[inline]
const fn opposite(dir: usize) -> usize {
    dir ^ 1
}

/// The set of squares from `index` by `(df, dr)` steps, `max` steps at most.
const fn walk(index: usize, (df, dr): (i8, i8), max: u8) -> u128 {
    let mut bits = 0u128;
    let mut file = (index / 9) as i8 + df;
    let mut rank = (index % 9) as i8 + dr;
    let mut steps = 0;
    while steps < max && file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        bits |= 1 << (file as u32 * 9 + rank as u32);
        file += df;
        rank += dr;
        steps += 1;
    }
    bits
}

static RAYS: [[Bitboard; 81]; 8] = {
    let mut table = [[Bitboard(0); 81]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut sq = 0;
        while sq < 81 {
            table[dir][sq] = Bitboard(walk(sq, DIRS[dir], 9));
            sq += 1;
        }
        dir += 1;
    }
    table
};

/// One step by each offset, for Sente (Gote's table mirrors the ranks).
const fn step_table(offsets: &[(i8, i8)]) -> [[Bitboard; 81]; 2] {
    let mut table = [[Bitboard(0); 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        let mut i = 0;
        while i < offsets.len() {
            let (df, dr) = offsets[i];
            table[0][sq].0 |= walk(sq, (df, dr), 1);
            table[1][sq].0 |= walk(sq, (df, -dr), 1);
            i += 1;
        }
        sq += 1;
    }
    table
}

static PAWN: [[Bitboard; 81]; 2] = step_table(&[(0, -1)]);
static KNIGHT: [[Bitboard; 81]; 2] = step_table(&[(-1, -2), (1, -2)]);
static SILVER: [[Bitboard; 81]; 2] = step_table(&[(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)]);
static GOLD: [[Bitboard; 81]; 2] =
    step_table(&[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]);
static KING: [[Bitboard; 81]; 2] = step_table(&[
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
]);

#[inline]
fn ray(dir: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray.0 & occupied.0;
    if blockers == 0 {
        return ray;
    }
    let first = if POSITIVE[dir] {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    Bitboard(ray.0 ^ RAYS[dir][first as usize].0)
}

/// The square in front of a `color` pawn on `sq` (none on the last rank).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// The two squares a `color` knight on `sq` jumps to.
#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}

/// The five steps of a `color` silver on `sq`: forward and the diagonals.
#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

/// The six steps of a `color` gold on `sq`, and of the four promoted
/// minor pieces that move as one.
#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}

/// The eight steps of a king on `sq` (the same for both sides).
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[0][sq.index()]
}

/// A `color` lance on `sq`: straight forward up to and including the
/// first occupied square.
#[inline]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let dir = match color {
        Color::Sente => UP,
        Color::Gote => DOWN,
    };
    ray(dir, sq, occupied)
}

/// A rook on `sq`: the four lines up to and including the first occupied
/// square of each.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    ORTHOGONAL
        .iter()
        .fold(Bitboard::EMPTY, |acc, &dir| acc | ray(dir, sq, occupied))
}

/// A bishop on `sq`: the four diagonals up to and including the first
/// occupied square of each.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    DIAGONAL
        .iter()
        .fold(Bitboard::EMPTY, |acc, &dir| acc | ray(dir, sq, occupied))
}

/// The squares a `color` piece of `role` on `sq` attacks, given the
/// occupied squares.
#[inline(always)]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Lance => lance_attacks(color, sq, occupied),
        Role::Knight => knight_attacks(color, sq),
        Role::Silver => silver_attacks(color, sq),
        Role::Gold
        | Role::Tokin
        | Role::PromotedLance
        | Role::PromotedKnight
        | Role::PromotedSilver => gold_attacks(color, sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::King => king_attacks(sq),
        Role::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        Role::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
    }
}

/// The direction from `a` to `b` if they share a file, rank or diagonal.
#[inline]
fn direction(a: Square, b: Square) -> Option<usize> {
    const BY_SIGNS: [Option<usize>; 9] = [
        Some(7),
        Some(3),
        Some(5),
        Some(0),
        None,
        Some(1),
        Some(4),
        Some(2),
        Some(6),
    ];
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return None;
    }
    BY_SIGNS[((df.signum() + 1) * 3 + dr.signum() + 1) as usize]
}

/// The squares strictly between `a` and `b` on a line, empty if they are
/// not on one.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some(dir) => RAYS[dir][a.index()] & RAYS[opposite(dir)][b.index()],
        None => Bitboard::EMPTY,
    }
}

/// The whole line through `a` and `b` (edge to edge), empty if they are
/// not on one.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some(dir) => (RAYS[dir][a.index()] | RAYS[opposite(dir)][a.index()]).with(a),
        None => Bitboard::EMPTY,
    }
}

/// The union of `dirs`' rays from every square: where a slider of that
/// kind attacks on an empty board.
const fn empty_board_table(dirs: [usize; 4]) -> [Bitboard; 81] {
    let mut table = [Bitboard(0); 81];
    let mut sq = 0;
    while sq < 81 {
        let mut i = 0;
        while i < 4 {
            table[sq].0 |= walk(sq, DIRS[dirs[i]], 9);
            i += 1;
        }
        sq += 1;
    }
    table
}

static ROOK_EMPTY: [Bitboard; 81] = empty_board_table(ORTHOGONAL);
static BISHOP_EMPTY: [Bitboard; 81] = empty_board_table(DIAGONAL);

/// The rook lines through `sq` (where a rook or dragon would have to stand
/// to pin or check along a file or rank), on an empty board.
#[inline]
pub(crate) fn pseudo_rook(sq: Square) -> Bitboard {
    ROOK_EMPTY[sq.index()]
}

/// The bishop lines through `sq`, on an empty board.
#[inline]
pub(crate) fn pseudo_bishop(sq: Square) -> Bitboard {
    BISHOP_EMPTY[sq.index()]
}

/// Where a `color` lance on `sq` attacks on an empty board.
#[inline]
pub(crate) fn pseudo_lance(color: Color, sq: Square) -> Bitboard {
    let dir = match color {
        Color::Sente => UP,
        Color::Gote => DOWN,
    };
    RAYS[dir][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn steps_face_each_side_forward() {
        assert_eq!(
            pawn_attacks(Color::Sente, sq("7g")),
            Bitboard::from_square(sq("7f"))
        );
        assert_eq!(
            pawn_attacks(Color::Gote, sq("3c")),
            Bitboard::from_square(sq("3d"))
        );
        let knight: Vec<_> = knight_attacks(Color::Sente, sq("2i")).collect();
        assert_eq!(knight, [sq("1g"), sq("3g")]);
        assert_eq!(gold_attacks(Color::Gote, sq("5e")).count(), 6);
        assert!(gold_attacks(Color::Gote, sq("5e")).contains(sq("5d")));
        assert!(!gold_attacks(Color::Gote, sq("5e")).contains(sq("4d")));
        assert_eq!(king_attacks(sq("1a")).count(), 3);
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        let occupied = Bitboard::from_square(sq("5c")) | Bitboard::from_square(sq("2e"));
        let rook = rook_attacks(sq("5e"), occupied);
        assert!(rook.contains(sq("5c")) && !rook.contains(sq("5b")));
        assert!(rook.contains(sq("2e")) && !rook.contains(sq("1e")));
        assert_eq!(rook.count(), 2 + 4 + 3 + 4);
        assert_eq!(bishop_attacks(sq("5e"), Bitboard::EMPTY).count(), 16);
        assert_eq!(lance_attacks(Color::Sente, sq("5e"), occupied).count(), 2);
        assert_eq!(lance_attacks(Color::Gote, sq("5e"), occupied).count(), 4);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("5e"), sq("5a")).count(), 3);
        assert_eq!(
            pseudo_rook(sq("5e")),
            rook_attacks(sq("5e"), Bitboard::EMPTY)
        );
        assert_eq!(pseudo_bishop(sq("1a")).count(), 8);
        assert_eq!(pseudo_lance(Color::Gote, sq("5e")).count(), 4);
        assert_eq!(between(sq("1a"), sq("9i")).count(), 7);
        assert!(between(sq("5e"), sq("4c")).is_empty());
        assert_eq!(line(sq("5e"), sq("4d")).count(), 9);
        assert!(line(sq("5e"), sq("4c")).is_empty());
    }
}
