//! CSA export and import: a server-style record, handicaps by `PI`,
//! pieces put one by one, the closing acts, and errors.

mod common;

use common::{game_after, mv};
use shogi_rules::{Color, CsaError, EndReason, Handicap, Outcome, read_csa, write_csa};

/// As a game server writes it: names, fields, times, a comment.
const SERVER_GAME: &str = "V2.2
N+Sente
N-Gote
$EVENT:practice
$START_TIME:2024/01/02 10:00:00
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
+7776FU
T3
-3334FU,T2
' the bishops meet
+8822UM
-3122GI
+0045KA
%TORYO
";

#[test]
fn reads_a_server_record() {
    let game = read_csa(SERVER_GAME).unwrap();
    let usi: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::Resignation))
    );
}

#[test]
fn rows_without_their_trailing_blank_read_too() {
    let trimmed: String = SERVER_GAME
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    assert_eq!(read_csa(&trimmed).unwrap().moves().len(), 5);
}

#[test]
fn writes_what_it_reads() {
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    game.resign(Color::Gote).unwrap();
    let csa = write_csa(&game);
    assert!(
        csa.starts_with("V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI "),
        "{csa}"
    );
    assert!(
        csa.ends_with("+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n"),
        "{csa}"
    );
    let read = read_csa(&csa).unwrap();
    assert_eq!(read.record(), game.record());
}

#[test]
fn handicaps_by_pi_and_hands_by_piece() {
    let game = read_csa("PI82HI22KA\n-\n-5142OU\n+7776FU\n").unwrap();
    assert_eq!(game.start(), &Handicap::TwoPieces.position());
    assert_eq!(game.moves(), [mv("5a4b"), mv("7g7f")]);
    // A mate problem: the gote king alone with everything else in hand.
    let problem = "P1 *  *  *  *  *  *  * -OU * \nP9+OU *  *  *  *  *  *  *  * \nP+00KI\nP-00AL\n+\n+0022KI\n";
    let game = read_csa(problem).unwrap();
    assert_eq!(
        game.start()
            .hand(Color::Gote)
            .count(shogi_rules::Role::Pawn),
        18
    );
    assert_eq!(
        game.start()
            .hand(Color::Gote)
            .count(shogi_rules::Role::Gold),
        3
    );
    assert_eq!(game.moves(), [mv("G*2b")]);
}

#[test]
fn closing_acts() {
    let declared = read_csa("PI\n+\n+7776FU\n%KACHI\n").unwrap();
    assert_eq!(
        declared.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::FalseDeclaration))
    );
    let timed_out = read_csa("PI\n+\n+7776FU\n%TIME_UP\n").unwrap();
    assert_eq!(
        timed_out.outcome(),
        Some(Outcome::win(Color::Sente, EndReason::TimeOut))
    );
    let stopped = read_csa("PI\n+\n+7776FU\n%CHUDAN\n").unwrap();
    assert_eq!(stopped.outcome(), None);
}

#[test]
fn errors() {
    let error = |csa: &str| read_csa(csa).unwrap_err();
    assert_eq!(
        error("PI\n+\n+7776FU\n+3334FU\n"),
        CsaError::Move {
            ply: 2,
            text: "+3334FU".into()
        }
    );
    assert_eq!(
        error("PI\n+\n+7775FU\n"),
        CsaError::Move {
            ply: 1,
            text: "+7775FU".into()
        }
    );
    assert_eq!(error("PI82KA\n"), CsaError::Statement("PI82KA".into()));
    assert_eq!(error("P1-XX\n"), CsaError::Statement("P1-XX".into()));
    assert!(matches!(
        error("P1 *  *  *  *  *  *  *  *  * \n+\n"),
        CsaError::Position(_)
    ));
    assert_eq!(error("hello\n"), CsaError::Statement("hello".into()));
}
