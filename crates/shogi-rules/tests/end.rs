//! Every end of a game (checkmate, repetition, perpetual check, the
//! impasse declaration right and wrong, the move limit, resignation and
//! time), the handicap starts, and records that replay a game.

mod common;

use common::{game_after, mv, position};
use shogi_rules::{
    Color, EndReason, Ending, Game, Handicap, MOVE_LIMIT, Outcome, PlayError, Position, Record,
    Role, Square,
};

#[test]
fn checkmate_wins() {
    let game = game_after("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::Checkmate))
    );
    let mut game = game;
    assert_eq!(game.play(mv("5a4a")), Err(PlayError::GameOver));
    assert_eq!(game.resign(Color::Gote), Err(PlayError::GameOver));
}

#[test]
fn a_checkmated_start_is_over_at_once() {
    let game = Game::new(position("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::Checkmate))
    );
}

#[test]
fn the_fourth_repetition_draws() {
    let shuffle = "2h3h 8b7b 3h2h 7b8b ";
    let game = game_after(shogi_rules::START_SFEN, &shuffle.repeat(2));
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), None);
    let game = game_after(shogi_rules::START_SFEN, &shuffle.repeat(3));
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

#[test]
fn perpetual_check_loses() {
    // Sente's rook checks on every move, Gote's king steps between 1a and
    // 1b: the position after the first move (rook on 3a, king on 1a, Gote
    // to move) comes back for the fourth time with move 13.
    let sfen = "8k/9/6R2/9/9/9/9/9/K8 b - 1";
    let moves = format!("3c3a {}", "1a1b 3a3b 1b1a 3b3a ".repeat(3));
    let (before, last) = moves.trim_end().rsplit_once(' ').unwrap();
    let game = game_after(sfen, before);
    assert_eq!((game.moves().len(), game.repetitions()), (12, 3));
    assert_eq!(game.outcome(), None);
    let game = game_after(sfen, &format!("{before} {last}"));
    assert_eq!(game.repetitions(), 4);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Gote, EndReason::PerpetualCheck))
    );
}

#[test]
fn checking_on_some_moves_only_is_a_plain_repetition() {
    // The rook checks from 3a, then steps back to 3c without checking.
    let sfen = "8k/9/6R2/9/9/9/9/9/K8 b - 1";
    let game = game_after(sfen, &"3c3a 1a1b 3a3c 1b1a ".repeat(3));
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

/// 20 points on the board's big pieces, 6 for the golds and silvers, the
/// king on 7b: ten pieces in the camp and 26 points before the hand.
const SENTE_IMPASSE: &str = "+R+R+B+BGGGG1/SSK6/9/9/9/9/9/9/8k b";
const GOTE_IMPASSE: &str = "K8/9/9/9/9/9/9/6kss/1gggg+b+b+r+r w";

#[test]
fn a_correct_declaration_wins() {
    let count = position(&format!("{SENTE_IMPASSE} 2P 1")).impasse_count();
    assert!(count.king_in_camp && !count.in_check);
    assert_eq!((count.pieces_in_camp, count.points), (10, 28));
    let mut game = Game::new(position(&format!("{SENTE_IMPASSE} 2P 1")));
    assert_eq!(
        game.declare(),
        Ok(Outcome::win(Color::Sente, EndReason::Impasse))
    );
    // Gote needs one point fewer.
    let mut game = Game::new(position(&format!("{GOTE_IMPASSE} p 1")));
    assert_eq!(
        game.declare(),
        Ok(Outcome::win(Color::Gote, EndReason::Impasse))
    );
}

#[test]
fn an_incorrect_declaration_loses() {
    let false_declaration = |sfen: &str| {
        let mut game = Game::new(position(sfen));
        let declarer = game.position().turn();
        assert_eq!(
            game.declare(),
            Ok(Outcome::win(!declarer, EndReason::FalseDeclaration)),
            "{sfen}"
        );
    };
    // 27 points is one short for Sente.
    false_declaration(&format!("{SENTE_IMPASSE} P 1"));
    false_declaration(&format!("{GOTE_IMPASSE} - 1"));
    // The king outside the camp.
    false_declaration("+R+R+B+BGGGG1/SS7/9/2K6/9/9/9/9/8k b 2P 1");
    // Nine pieces in the camp, however many points in hand.
    false_declaration("+R+R+B+BGGG2/SSK6/9/9/9/9/9/9/8k b G2P 1");
    // In check from the gote lance on 1a.
    false_declaration("+R+R+B+BGGGGl/SS6K/9/9/9/9/9/9/8k b 2P 1");
}

#[test]
fn the_512th_move_draws() {
    let sfen = format!("8k/9/9/9/9/9/9/9/K8 b - {}", MOVE_LIMIT - 2);
    let game = game_after(&sfen, "9i9h 1a1b");
    assert_eq!(game.outcome(), None);
    let game = game_after(&sfen, "9i9h 1a1b 9h9g");
    assert_eq!(game.position().move_number(), MOVE_LIMIT + 1);
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
}

#[test]
fn resignation_and_time_out() {
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f");
    assert_eq!(
        game.resign(Color::Sente),
        Ok(Outcome::win(Color::Gote, EndReason::Resignation))
    );
    assert_eq!(game.ending(), Some(Ending::Resign(Color::Sente)));
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f");
    assert_eq!(
        game.time_out(Color::Gote),
        Ok(Outcome::win(Color::Sente, EndReason::TimeOut))
    );
    assert_eq!(game.time_out(Color::Sente), Err(PlayError::GameOver));
}

/// A draw agreed ends the game drawn, is written `end draw`, replays, and
/// a takeback of it (`undo`) puts the game back on.
#[test]
fn a_draw_agreed_replays() {
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f");
    let drawn = Outcome::draw(EndReason::Agreement);
    assert_eq!(game.agree_draw(), Ok(drawn));
    assert_eq!(game.resign(Color::Gote), Err(PlayError::GameOver));
    let text = game.record().to_string();
    assert_eq!(text, "startpos moves 7g7f end draw");
    let replayed = text.parse::<Record>().unwrap().replay().unwrap();
    assert_eq!(replayed.outcome(), Some(drawn));
    assert_eq!(game.undo(), None);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn undo_takes_back_acts_and_moves() {
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f 3c3d");
    game.resign(Color::Gote).unwrap();
    assert_eq!(game.undo(), None); // the resignation
    assert_eq!((game.outcome(), game.ending()), (None, None));
    assert_eq!(game.undo(), Some(mv("3c3d")));
    assert_eq!(
        game.position(),
        game_after(shogi_rules::START_SFEN, "7g7f").position()
    );
    // Taking back a mate reopens the game; so does taking back the fourth
    // repetition, leaving the third.
    let mut mated = game_after("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
    assert_eq!(mated.undo(), Some(mv("G*5b")));
    assert_eq!(mated.outcome(), None);
    let mut repeated = game_after(shogi_rules::START_SFEN, &"2h3h 8b7b 3h2h 7b8b ".repeat(3));
    repeated.undo();
    assert_eq!((repeated.repetitions(), repeated.outcome()), (3, None));
    assert_eq!(
        repeated.record().replay().unwrap().position(),
        repeated.position()
    );
}

#[test]
fn illegal_moves_are_refused() {
    let mut game = Game::new(Position::start());
    assert_eq!(
        game.play(mv("7g7e")),
        Err(PlayError::IllegalMove(mv("7g7e")))
    );
    assert_eq!(
        game.play(mv("P*5e")),
        Err(PlayError::IllegalMove(mv("P*5e")))
    );
    assert!(game.moves().is_empty());
}

#[test]
fn each_handicap_starts_without_the_givers_pieces() {
    let removed: [(Handicap, &[&str]); 10] = [
        (Handicap::Even, &[]),
        (Handicap::Lance, &["1a"]),
        (Handicap::Bishop, &["2b"]),
        (Handicap::Rook, &["8b"]),
        (Handicap::RookLance, &["8b", "1a"]),
        (Handicap::TwoPieces, &["8b", "2b"]),
        (Handicap::FourPieces, &["8b", "2b", "1a", "9a"]),
        (Handicap::SixPieces, &["8b", "2b", "1a", "9a", "2a", "8a"]),
        (
            Handicap::EightPieces,
            &["8b", "2b", "1a", "9a", "2a", "8a", "3a", "7a"],
        ),
        (
            Handicap::TenPieces,
            &["8b", "2b", "1a", "9a", "2a", "8a", "3a", "7a", "4a", "6a"],
        ),
    ];
    let even = Position::start();
    for (handicap, squares) in removed {
        let position = handicap.position();
        let expected_turn = if handicap == Handicap::Even {
            Color::Sente
        } else {
            Color::Gote
        };
        assert_eq!(position.turn(), expected_turn, "{handicap:?}");
        for (sq, piece) in even.board().pieces() {
            let gone = squares
                .iter()
                .any(|name| name.parse::<Square>().unwrap() == sq);
            assert_eq!(
                position.board().piece_at(sq).is_none(),
                gone,
                "{handicap:?} {sq}"
            );
            if !gone {
                assert_eq!(position.board().piece_at(sq), Some(piece));
            }
        }
        assert_eq!(
            position.board().occupied().count(),
            40 - squares.len() as u32
        );
        assert_eq!(Handicap::from_japanese(handicap.japanese()), Some(handicap));
        assert_eq!(Handicap::of_setup(&position.to_setup()), Some(handicap));
        let game = Game::handicap(handicap);
        assert!(game.outcome().is_none() && game.position().has_legal_move());
    }
    // The giver keeps the right lance (its 9a, Sente's left).
    let lance = Handicap::Lance.position();
    let nine_a = Square::new(9, 1).unwrap();
    assert!(
        lance
            .board()
            .piece_at(nine_a)
            .is_some_and(|p| p.role == Role::Lance)
    );
}

#[test]
fn records_replay_and_round_trip_as_text_and_json() {
    let mut game = game_after(Handicap::Bishop.sfen(), "5a4b 7g7f 4b3b 2g2f");
    game.resign(Color::Gote).unwrap();
    let record = game.record();
    let text = record.to_string();
    assert!(text.starts_with("sfen lnsgkgsnl/1r7/"), "{text}");
    assert!(
        text.ends_with("moves 5a4b 7g7f 4b3b 2g2f end resign:gote"),
        "{text}"
    );
    let parsed: Record = text.parse().unwrap();
    assert_eq!(parsed, record);
    let replayed = parsed.replay().unwrap();
    assert_eq!(replayed.outcome(), game.outcome());
    assert_eq!(replayed.position(), game.position());
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.contains(r#""moves":["5a4b","7g7f","4b3b","2g2f"]"#),
        "{json}"
    );
    assert!(json.contains(r#""ending":{"resign":"gote"}"#), "{json}");
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
}

#[test]
fn records_that_do_not_replay() {
    use shogi_rules::RecordError;
    let error = |text: &str| text.parse::<Record>().and_then(|r| r.replay()).unwrap_err();
    assert_eq!(
        error("startpos moves 7g7f 7g7f"),
        RecordError::Play {
            ply: 2,
            error: PlayError::IllegalMove(mv("7g7f"))
        }
    );
    assert!(matches!(error("startpos moves 7g7x"), RecordError::Usi(_)));
    assert!(matches!(error("sfen 9/9 b - 1"), RecordError::Sfen(_)));
    assert!(matches!(error("position startpos"), RecordError::Syntax(_)));
    assert!(matches!(
        error("startpos moves 7g7f end resign:nobody"),
        RecordError::Syntax(_)
    ));
    assert!(matches!(
        error("sfen 9/9/9/9/9/9/9/9/9 b - 1"),
        RecordError::Position(_)
    ));
    assert_eq!(
        error("startpos end resign:sente end resign:gote"),
        RecordError::Syntax("end".into())
    );
}
