//! Position texts from anywhere (`docs/RULES.md`, "Position text"): what
//! no game reaches is refused with a [`PositionError`], never a panic nor
//! a position read wrongly: a Classic 25 Marshal stands in its own
//! headquarters, or was taken there.

use gunjin_rules::{Color, Kind, Outcome, Position, PositionError, Record, WinReason};

fn error(text: &str) -> PositionError {
    match text.parse::<Position>() {
        Ok(position) => panic!("{text} was accepted as {position}"),
        Err(e) => e,
    }
}

fn is_text_error(e: PositionError) -> bool {
    matches!(e, PositionError::Text { .. })
}

#[test]
fn a_run_of_empty_nodes_too_long_for_its_rank_is_refused() {
    for run in [
        "18446744073709551617",
        "18446744073709551616",
        "99999999999999999999999999999999",
        "7",
        "10",
    ] {
        let text = format!("htsrf {run}g3/6/6/6/6/6/6/5 s");
        assert!(is_text_error(error(&text)), "{text}");
        let record = format!("{text} b8-b7");
        assert!(record.parse::<Record>().is_err(), "{record}");
    }
    // Nine empty nodes fill a rank of Classic 25's board, ten do not.
    assert!("c25-htsrf 3k3/9/9/9/9/3K3 s".parse::<Position>().is_ok());
    assert!(is_text_error(error("c25-htsrf 3k3/10/9/9/9/3K3 s")));
    // A run is written from 1 and without a leading 0.
    for rank in ["0g4", "01g3", "1g03", "g004"] {
        let text = format!("htsrf 5/{rank}/6/6/6/6/6/5 s");
        assert!(is_text_error(error(&text)), "{text}");
    }
}

#[test]
fn a_classic_25_marshal_stands_in_its_headquarters_or_was_taken_there() {
    // South's Marshal on a1, its headquarters empty.
    assert_eq!(
        error("c25-htsrf 3k3/9/9/9/4j4/K6 n"),
        PositionError::Unmoved {
            square: "a1".parse().unwrap(),
            kind: Kind::Marshal
        }
    );
    // In the enemy's headquarters.
    assert!(matches!(
        error("c25-htsrf 3K3/9/9/9/9/3k3 s"),
        PositionError::Unmoved {
            kind: Kind::Marshal,
            ..
        }
    ));
    // Nobody in South's headquarters, or a piece that never moves, or an
    // enemy that cannot have taken the Marshal.
    let missing = PositionError::Headquarters {
        color: Color::South,
        kind: Kind::Marshal,
    };
    assert_eq!(error("c25-htsrf 3k3/9/9/9/4j4/7 n"), missing);
    assert_eq!(error("c25-htsrf 3k3/9/9/9/9/3y3 s"), missing);
    assert!(matches!(
        error("c25-htsrf 3k3/9/9/9/9/3X3 s"),
        PositionError::Unmoved {
            kind: Kind::Mine,
            ..
        }
    ));
    assert_eq!(
        error("c25-htsrf 7/9/9/9/9/3K3 s"),
        PositionError::Headquarters {
            color: Color::North,
            kind: Kind::Marshal
        }
    );
    // Taken by North's General: the game is over.
    let taken: Position = "c25-htsrf 3k3/9/9/9/9/3g3 s".parse().unwrap();
    assert_eq!(
        taken.outcome(),
        Some(Outcome::Win {
            winner: Color::North,
            reason: WinReason::MarshalTaken { by: Kind::General }
        })
    );
    // The Marshal of the other modes moves like any piece.
    assert!("m23-htsrf 5/6/6/6/6/6/6/K4 s".parse::<Position>().is_ok());
}
