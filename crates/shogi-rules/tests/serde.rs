//! The serde forms of what the app stores: short, readable and stable.

mod common;

use common::mv;
use serde_json::{from_str, json, to_value};
use shogi_rules::{Color, EndReason, Ending, Handicap, Outcome, Record, Role, Setup};

#[test]
fn values_serialize_as_short_names() {
    assert_eq!(to_value(Color::Gote).unwrap(), json!("gote"));
    assert_eq!(
        to_value(Role::PromotedSilver).unwrap(),
        json!("promotedsilver")
    );
    assert_eq!(to_value(Handicap::RookLance).unwrap(), json!("rook-lance"));
    assert_eq!(to_value(mv("8h2b+")).unwrap(), json!("8h2b+"));
    assert_eq!(to_value(mv("P*5e")).unwrap(), json!("P*5e"));
    assert_eq!(
        to_value(Outcome::win(Color::Sente, EndReason::PerpetualCheck)).unwrap(),
        json!({"winner": "sente", "reason": "perpetual-check"})
    );
    assert_eq!(
        to_value(Outcome::draw(EndReason::MoveLimit)).unwrap(),
        json!({"winner": null, "reason": "move-limit"})
    );
    assert_eq!(
        to_value(Ending::TimeOut(Color::Sente)).unwrap(),
        json!({"time-out": "sente"})
    );
    assert_eq!(to_value(Ending::Declare).unwrap(), json!("declare"));
}

#[test]
fn values_read_back_and_bad_text_is_an_error() {
    for handicap in Handicap::ALL {
        let json = serde_json::to_string(&handicap).unwrap();
        assert_eq!(from_str::<Handicap>(&json).unwrap(), handicap);
    }
    let setup: Setup = from_str(&format!("\"{}\"", shogi_rules::START_SFEN)).unwrap();
    assert_eq!(setup, Setup::start());
    assert!(from_str::<Setup>("\"9/9 b - 1\"").is_err());
    assert!(from_str::<shogi_rules::Move>("\"7g7j\"").is_err());
}

#[test]
fn a_record_without_an_ending_leaves_the_field_out() {
    let record: Record = "startpos moves 7g7f".parse().unwrap();
    let json = to_value(&record).unwrap();
    assert_eq!(
        json,
        json!({"start": shogi_rules::START_SFEN, "moves": ["7g7f"]})
    );
    assert_eq!(serde_json::from_value::<Record>(json).unwrap(), record);
}
