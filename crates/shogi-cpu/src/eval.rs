//! The static evaluation: a sum of weighted terms for each side, tuned
//! from the engine's own games (`shogi-tune`, the weights in
//! [`weights`](crate::weights)).
//!
//! Shogi's pieces never leave the game, so material is less decisive than
//! in chess and the attack on the king more. The terms: material on the
//! board and in hand (each further piece of a kind in hand worth its own
//! weight); where each piece stands relative to both kings (files apart,
//! and ranks ahead or behind from its owner's side), which says both the
//! castle around one's own king and the attack on the enemy's; where the
//! king stands; and how exposed each king is to the pieces the enemy
//! holds in hand.

use shogi_rules::{Color, Position, Role, Square, attacks};

use crate::weights::WEIGHTS;

/// A score in centipawns, from the side to move's point of view.
pub type Value = i32;

/// A piece on the board, by role (Bonanza-like proportions): the fixed
/// values that move ordering and exchanges count in.
pub const fn board_value(role: Role) -> Value {
    match role {
        Role::Pawn => 90,
        Role::Lance => 315,
        Role::Knight => 405,
        Role::Silver => 495,
        Role::Gold => 540,
        Role::Bishop => 855,
        Role::Rook => 990,
        Role::King => 0,
        Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => 540,
        Role::Horse => 945,
        Role::Dragon => 1395,
    }
}

/// A piece in hand: worth a little more than on the board, since it can
/// be dropped wherever it is needed.
pub const fn hand_value(role: Role) -> Value {
    board_value(role) * 11 / 10
}

/// What capturing a `role` gains: the piece off the board and, unpromoted,
/// into the capturer's hand (a search's ordering and delta pruning use it).
pub const fn capture_gain(role: Role) -> Value {
    board_value(role) + hand_value(role.unpromoted())
}

/// Where each group of terms starts in [`WEIGHTS`].
pub mod index {
    /// A piece on the board, by `Role::index` (the king's is unused).
    pub const BOARD: usize = 0;
    /// The n-th piece of a kind in hand (n = 1…4, the fourth weight for
    /// every piece past the third), by hand role: `HAND + role * 4 + n - 1`.
    pub const HAND: usize = BOARD + 14;
    /// A piece by its group and its offset from the enemy king.
    pub const ATTACK: usize = HAND + 7 * 4;
    /// A piece by its group and its offset from its own king.
    pub const DEFEND: usize = ATTACK + super::GROUPS * super::OFFSETS;
    /// The king by its rank from its own side (1–9) and file from the
    /// nearer edge (1–5): `KING + (rank - 1) * 5 + file - 1`.
    pub const KING: usize = DEFEND + super::GROUPS * super::OFFSETS;
    /// Squares around the king its side does not hold, times the enemy
    /// hand's threat.
    pub const EXPOSURE: usize = KING + 45;
    /// How many weights there are.
    pub const COUNT: usize = EXPOSURE + 1;
}

/// Groups of roles that share their placement terms.
pub const GROUPS: usize = 9;
/// Offsets of a square from a king: files apart (0–8) × ranks (−8…8).
pub const OFFSETS: usize = 9 * 17;

/// The placement group of a role on the board (the gold's for the four
/// that move as it does).
const fn group(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Lance => 1,
        Role::Knight => 2,
        Role::Silver => 3,
        Role::Bishop => 5,
        Role::Rook => 6,
        Role::Horse => 7,
        Role::Dragon => 8,
        _ => 4,
    }
}

/// The offset index of square `sq` from square `king` (both indices) for
/// a piece of `color`: files apart, and ranks towards `color`'s own side
/// positive. Computed, not looked up: a table would add 13 kB to the
/// browser's worker.
#[inline]
fn offset(color: Color, king: usize, sq: usize) -> usize {
    let files = (king / 9).abs_diff(sq / 9);
    let ranks = match color {
        Color::Sente => 8 + sq % 9 - king % 9,
        Color::Gote => 8 + king % 9 - sq % 9,
    };
    files * 17 + ranks
}

/// The roles on the board apart from the king.
const PIECE_ROLES: [Role; 13] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
    Role::Tokin,
    Role::PromotedLance,
    Role::PromotedKnight,
    Role::PromotedSilver,
    Role::Horse,
    Role::Dragon,
];

/// How much each role in the enemy's hand threatens an exposed king.
const fn pressure(role: Role) -> Value {
    match role {
        Role::Pawn => 1,
        Role::Lance => 2,
        Role::Knight | Role::Silver => 3,
        Role::Gold | Role::Bishop => 4,
        Role::Rook => 6,
        _ => 0,
    }
}

/// The weight at `index` (see [`index`]).
pub fn weight(index: usize) -> Value {
    Value::from(WEIGHTS[index])
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> Value {
    let mut value = 0;
    terms(position, |i, n| value += Value::from(WEIGHTS[i]) * n);
    value
}

/// The terms of the position for the side to move, as (weight index,
/// count) with the opponent's counted negative: [`evaluate`] is their
/// weighted sum. For the tuner.
pub fn features(position: &Position) -> Vec<(usize, Value)> {
    let mut features = Vec::with_capacity(96);
    terms(position, |i, n| features.push((i, n)));
    features
}

/// Hands each term of the position to `term`, the side to move's positive.
#[inline]
fn terms(position: &Position, mut term: impl FnMut(usize, Value)) {
    let us = position.turn();
    side(position, us, 1, &mut term);
    side(position, !us, -1, &mut term);
}

/// One side's terms, each counted `sign` times.
#[inline]
fn side(position: &Position, color: Color, sign: Value, term: &mut impl FnMut(usize, Value)) {
    let board = position.board();
    let ours = board.by_color(color);
    let own_king = position.king(color).index();
    let enemy_king = position.king(!color).index();
    for role in PIECE_ROLES {
        let squares = board.by_role(role) & ours;
        if squares.is_empty() {
            continue;
        }
        term(index::BOARD + role.index(), sign * squares.count() as Value);
        let g = group(role) * OFFSETS;
        for sq in squares {
            let i = sq.index();
            term(index::ATTACK + g + offset(color, enemy_king, i), sign);
            term(index::DEFEND + g + offset(color, own_king, i), sign);
        }
    }
    let hand = position.hand(color);
    for role in Role::HAND {
        let count = usize::from(hand.count(role));
        let at = index::HAND + role.index() * 4;
        for n in 0..count.min(3) {
            term(at + n, sign);
        }
        if count > 3 {
            term(at + 3, sign * (count - 3) as Value);
        }
    }
    term(index::KING + king_square(position.king(color), color), sign);
    let exposure = exposure(position, color);
    if exposure != 0 {
        term(index::EXPOSURE, -sign * exposure);
    }
}

/// The king's square term: its rank from its own side and its file from
/// the nearer edge.
fn king_square(king: Square, color: Color) -> usize {
    let rank = 10 - usize::from(king.relative_rank(color));
    let file = usize::from(king.file().min(10 - king.file()));
    (rank - 1) * 5 + file - 1
}

/// The threat to `color`'s king from the enemy's hand: the squares around
/// it that it does not hold with its own pieces, times what the enemy
/// could drop there.
fn exposure(position: &Position, color: Color) -> Value {
    let hand = position.hand(!color);
    let threat: Value = Role::HAND
        .into_iter()
        .map(|role| pressure(role) * Value::from(hand.count(role).min(2)))
        .sum();
    if threat == 0 {
        return 0;
    }
    let around = attacks::king_attacks(position.king(color));
    let open = (around & !position.board().by_color(color)).count() as Value;
    open * threat.min(24)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_symmetric() {
        assert_eq!(evaluate(&Position::start()), 0);
        let mut position = Position::start();
        position.play("7g7f".parse().unwrap()).unwrap();
        let mirrored = Position::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .unwrap();
        assert_eq!(evaluate(&position), evaluate(&mirrored));
    }

    #[test]
    fn a_piece_up_is_better_and_in_hand_better_still() {
        let base = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let on_board = Position::from_sfen("4k4/9/9/9/9/9/9/9/3GK4 b - 1").unwrap();
        let in_hand = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
        assert!(evaluate(&on_board) > evaluate(&base) + 400);
        assert!(evaluate(&in_hand) > evaluate(&base) + 400);
    }

    #[test]
    fn the_value_is_the_weighted_sum_of_the_features() {
        let position = Position::from_sfen(
            "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
        )
        .unwrap();
        let sum: Value = features(&position)
            .into_iter()
            .map(|(i, n)| weight(i) * n)
            .sum();
        assert_eq!(sum, evaluate(&position));
    }
}
