//! Every restriction on moves and drops: two pawns on a file, the pawn-drop
//! mate (and the checking pawn drop and pawn-push mate that stay legal),
//! dead pieces, forced and optional promotion, and what a setup may hold.

mod common;

use common::{game_after, mv, position};
use shogi_rules::{Color, EndReason, Outcome, Position, PositionError, START_SFEN, Setup, Square};

fn legal(position: &Position, usi: &str) -> bool {
    position.is_legal(mv(usi))
}

#[test]
fn no_second_pawn_on_a_file() {
    let p = position("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert!(!legal(&p, "P*5e"));
    assert!(legal(&p, "P*4e"));
    // A tokin is no pawn: the file is free again.
    let p = position("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    assert!(legal(&p, "P*5e"));
    // Gote's pawn on the file does not count for Sente.
    let p = position("4k4/9/4p4/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5e"));
}

#[test]
fn no_mate_by_pawn_drop() {
    // shogiops' case: the pawn on 5b would mate, the lance may.
    let p = position("3rkr3/9/8p/4N4/1B7/9/1SG6/1KS6/9 b LPp 1");
    assert!(!legal(&p, "P*5b"));
    assert!(legal(&p, "L*5b"));
    // Cornered king: the drop on 1b is covered by the knight and mates.
    let p = position("7lk/7p1/9/7N1/9/9/9/9/4K4 b P 1");
    assert!(!legal(&p, "P*1b"));
    assert!(legal(&p, "P*1c"));
}

#[test]
fn a_pawn_drop_that_checks_without_mating_is_legal() {
    // The king can take the undefended pawn.
    let p = position("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5b"));
    assert!(p.gives_check(mv("P*5b")));
    // Defended, but the king steps aside.
    let p = position("4k4/9/4P4/9/9/9/9/9/4K4 b P 1");
    assert!(!legal(&p, "P*5b")); // two pawns on file 5
    let p = position("4k4/9/9/3N5/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5b"));
    // A defender can take it.
    let p = position("3gk4/9/9/3N5/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5b"));
}

#[test]
fn a_defender_pinned_to_its_king_does_not_save_a_pawn_drop() {
    // The king on 5a is walled in by its own lances and pawn; the knight on
    // 6d covers 5b; the gold on 4b could take a pawn there but the bishop
    // on 1e pins it to the king.
    let p = position("3lkl3/3p1g3/9/3N5/8B/9/9/9/4K4 b P 1");
    assert!(!legal(&p, "P*5b"));
    // Without the bishop the gold takes: the drop is legal.
    let p = position("3lkl3/3p1g3/9/3N5/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5b"));
}

#[test]
fn mate_by_a_pawn_push_is_legal() {
    let game = game_after("7lk/7p1/8P/7N1/9/9/9/9/4K4 b - 1", "1c1b");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::Checkmate))
    );
}

#[test]
fn no_drop_where_a_piece_could_never_move() {
    let p = position("k8/9/9/9/9/9/9/9/K8 b PLN 1");
    for usi in ["P*4a", "L*4a", "N*4a", "N*4b"] {
        assert!(!legal(&p, usi), "{usi}");
    }
    for usi in ["P*4b", "L*4b", "N*4c"] {
        assert!(legal(&p, usi), "{usi}");
    }
    // And the same the other way round for Gote.
    let p = position("k8/9/9/9/9/9/9/9/K8 w pln 1");
    for usi in ["P*4i", "L*4i", "N*4i", "N*4h"] {
        assert!(!legal(&p, usi), "{usi}");
    }
    assert!(legal(&p, "N*4g"));
}

#[test]
fn promotion_forced_where_a_piece_could_never_move() {
    let p = position("k8/4P4/9/6N2/9/9/9/8L/K8 b - 1");
    let cases = [
        ("5b5a+", true),
        ("5b5a", false),
        ("3d2b+", true),
        ("3d2b", false),
        ("1h1a+", true),
        ("1h1a", false),
        ("1h1b+", true),
        ("1h1b", true),
        ("1h1c+", true),
        ("1h1c", true),
        ("1h1d+", false),
        ("1h1d", true),
    ];
    for (usi, expected) in cases {
        assert_eq!(legal(&p, usi), expected, "{usi}");
    }
}

#[test]
fn promotion_on_leaving_the_camp_and_never_for_gold_or_king() {
    // shogiops' promotion cases.
    let p = position("4k4/9/7S1/1+PG3NS1/9/9/9/9/4K3L b - 1");
    assert!(legal(&p, "2c1d+") && legal(&p, "2c1d"));
    assert!(legal(&p, "2d1c+") && legal(&p, "2d1c"));
    assert!(!legal(&p, "8d8c+")); // a tokin
    assert!(!legal(&p, "7d7c+")); // a gold
    assert!(!legal(&p, "5i5h+")); // the king, outside the camp anyway
    assert!(!Position::start().is_legal(mv("7g7f+")));
}

#[test]
fn a_move_that_leaves_the_king_in_check_is_illegal() {
    // The gold on 5h is pinned by the rook on 5a.
    let p = position("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1");
    assert!(!legal(&p, "5h4h"));
    assert!(legal(&p, "5h5g"));
    // In check from the lance, only captures, blocks and king moves.
    let p = position("4l3k/9/9/9/9/9/9/9/4K4 b G 1");
    assert!(legal(&p, "G*5e"));
    assert!(!legal(&p, "G*4e"));
    assert!(legal(&p, "5i4h"));
}

#[test]
fn setups_that_are_not_positions() {
    let error = |sfen: &str| Position::new(sfen.parse::<Setup>().unwrap()).unwrap_err();
    assert_eq!(
        error("9/9/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::KingCount {
            color: Color::Gote,
            count: 0
        }
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/3KK4 b - 1"),
        PositionError::KingCount {
            color: Color::Sente,
            count: 2
        }
    );
    assert_eq!(
        error("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::DeadPiece {
            square: Square::new(9, 1).unwrap()
        }
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/3nK4 b - 1"),
        PositionError::DeadPiece {
            square: Square::new(6, 9).unwrap()
        }
    );
    assert_eq!(
        error("4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1"),
        PositionError::TwoPawns {
            color: Color::Sente,
            file: 5
        }
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"),
        PositionError::TooManyPieces {
            role: shogi_rules::Role::Rook,
            count: 3
        }
    );
    assert_eq!(
        error("4k4/4G4/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::OpponentInCheck
    );
    assert!(Position::from_sfen(START_SFEN).is_ok());
}
