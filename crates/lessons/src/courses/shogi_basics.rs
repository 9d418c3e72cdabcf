//! Shogi from the first move: each piece on an empty board, captures and
//! drops with their three limits, promotion, check and a first mate.
//! Sente (▲) is the player.

use super::one_move;
use crate::ShogiGoal::*;
use crate::{Course, Game, Step, Task};
use shogi_rules::Role;

pub const COURSE: Course = Course {
    id: "shogi_basics",
    game: Game::Shogi,
    steps: &[
        one_move!("pawn", "k8/9/9/9/4P4/9/9/9/K8 b - 1", Reach("5d"), "5e5d"),
        one_move!("lance", "k8/9/9/9/9/9/9/9/K7L b - 1", Reach("1c"), "1i1c"),
        one_move!("knight", "k8/9/9/9/4N4/9/9/9/K8 b - 1", Reach("4c"), "5e4c"),
        one_move!("silver", "k8/9/9/9/4S4/9/9/9/K8 b - 1", Reach("4f"), "5e4f"),
        one_move!("gold", "k8/9/9/9/4G4/9/9/9/K8 b - 1", Reach("5f"), "5e5f"),
        one_move!("bishop", "k8/9/9/9/9/9/9/1B7/K8 b - 1", Reach("2b"), "8h2b"),
        one_move!("rook", "k8/9/9/9/9/9/9/7R1/K8 b - 1", Reach("2c"), "2h2c"),
        // The Gote rook on 6a watches file 6.
        one_move!("king", "k2r5/9/9/9/9/9/9/9/4K4 b - 1", Reach("4h"), "5i4h"),
        one_move!(
            "capture",
            "k8/9/7s1/9/9/9/9/7R1/K8 b - 1",
            Capture("2c"),
            "2h2c"
        ),
        one_move!(
            "drop",
            "k8/9/9/9/9/9/9/9/K8 b G 1",
            Drop(Role::Gold, "5e"),
            "G*5e"
        ),
        // A pawn already stands on file 5.
        one_move!(
            "two_pawns",
            "k8/9/4s1s2/9/9/9/4P4/9/K8 b P 1",
            Drop(Role::Pawn, "3d"),
            "P*3d"
        ),
        // P*1b would mate, which a pawn drop may not; the gold may.
        one_move!(
            "pawn_drop_mate",
            "8k/6S2/7G1/9/9/9/9/9/K8 b GP 1",
            Mate,
            "G*2b"
        ),
        one_move!("dead_squares", "4k4/9/9/9/9/9/9/9/K8 b N 1", Check, "N*4c"),
        one_move!(
            "forced_promotion",
            "k8/8P/9/9/9/9/9/9/K8 b - 1",
            Promote("1a"),
            "1b1a+"
        ),
        one_move!(
            "promotion",
            "k8/9/9/9/9/9/9/1B7/K8 b - 1",
            Promote("3c"),
            "8h3c+"
        ),
        one_move!("check", "4k4/9/9/9/9/9/9/7R1/K8 b - 1", Check, "2h5h"),
        one_move!("mate", "4k4/9/4S4/9/9/9/9/9/K8 b G 1", Mate, "G*5b"),
        Step {
            id: "first_game",
            task: Task::Play(Game::Shogi),
            solution: &[],
        },
    ],
};
