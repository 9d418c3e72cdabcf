//! The static evaluation: material on the board and in hand, where each
//! piece stands relative to both kings, and how exposed each king is to
//! the pieces the enemy holds in hand.
//!
//! Shogi's pieces never leave the game, so material is less decisive than
//! in chess and the attack on the king more: a gold next to its king, a
//! tokin next to the enemy's and a king with empty squares around it while
//! the enemy holds golds are what the placement terms weigh.

use shogi_rules::{Color, Position, Role, attacks};

/// A score in centipawns, from the side to move's point of view.
pub type Value = i32;

/// A piece on the board, by role (Bonanza-like proportions).
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

/// How a piece's placement is judged: which table rows it uses.
#[derive(Clone, Copy)]
enum Kind {
    Gold,
    Silver,
    Knight,
    Minor,
    Major,
    PromotedMajor,
}

const fn kind(role: Role) -> Kind {
    match role {
        Role::Gold
        | Role::Tokin
        | Role::PromotedLance
        | Role::PromotedKnight
        | Role::PromotedSilver => Kind::Gold,
        Role::Silver => Kind::Silver,
        Role::Knight => Kind::Knight,
        Role::Pawn | Role::Lance | Role::King => Kind::Minor,
        Role::Bishop | Role::Rook => Kind::Major,
        Role::Horse | Role::Dragon => Kind::PromotedMajor,
    }
}

/// Bonus by king distance (Chebyshev, 0–8) for a piece near the enemy king.
const ATTACK: [[Value; 9]; 6] = [
    [0, 70, 45, 20, 5, 0, 0, 0, 0],
    [0, 45, 35, 15, 5, 0, 0, 0, 0],
    [0, 10, 30, 15, 5, 0, 0, 0, 0],
    [0, 15, 10, 5, 0, 0, 0, 0, 0],
    [0, 30, 25, 15, 5, 0, 0, 0, 0],
    [0, 90, 65, 35, 15, 5, 0, 0, 0],
];

/// Bonus by king distance for a piece near its own king: the castle.
const DEFEND: [[Value; 9]; 6] = [
    [0, 45, 30, 10, 0, -5, -10, -10, -10],
    [0, 35, 25, 10, 0, 0, 0, 0, 0],
    [0, 0, 5, 5, 0, 0, 0, 0, 0],
    [0, 5, 5, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 20, 15, 5, 0, 0, 0, 0, 0],
];

/// `ATTACK` and `DEFEND` summed, by kind and both distances (enemy king
/// distance × 9 + own king distance): one lookup per piece.
static PLACEMENT: [[Value; 81]; 6] = {
    let mut table = [[0; 81]; 6];
    let mut kind = 0;
    while kind < 6 {
        let mut i = 0;
        while i < 81 {
            table[kind][i] = ATTACK[kind][i / 9] + DEFEND[kind][i % 9];
            i += 1;
        }
        kind += 1;
    }
    table
};

/// Chebyshev distance between two squares, by their indices.
static DISTANCE: [[u8; 81]; 81] = {
    let mut table = [[0; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            table[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    table
};

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

/// The king by how far it has left its back rank (index: ranks advanced):
/// a king in the open is easy to mate.
const KING_RANK: [Value; 9] = [30, 20, 0, -40, -70, -90, -100, -100, -100];

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

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> Value {
    let us = position.turn();
    side(position, us) - side(position, !us)
}

/// One side's material, placement and king safety.
fn side(position: &Position, color: Color) -> Value {
    let board = position.board();
    let ours = board.by_color(color);
    let own_king = DISTANCE[position.king(color).index()];
    let enemy_king = DISTANCE[position.king(!color).index()];
    let mut value = 0;
    for role in PIECE_ROLES {
        let squares = board.by_role(role) & ours;
        if squares.is_empty() {
            continue;
        }
        let placement = &PLACEMENT[kind(role) as usize];
        value += board_value(role) * squares.count() as Value;
        for sq in squares {
            let i = sq.index();
            value += placement[usize::from(enemy_king[i]) * 9 + usize::from(own_king[i])];
        }
    }
    let hand = position.hand(color);
    for role in Role::HAND {
        value += hand_value(role) * Value::from(hand.count(role));
    }
    value + KING_RANK[9 - position.king(color).relative_rank(color) as usize]
        - exposure(position, color)
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
    open * threat.min(24) * 4
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
        assert!(evaluate(&in_hand) > evaluate(&base) + 500);
    }
}
