//! Position texts from anywhere (`docs/RULES.md`, "Position text"): what
//! no game reaches is refused with a [`PositionError`], never a panic nor
//! a position read wrongly.

use gunjin_rules::{Position, PositionError, Record};

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
