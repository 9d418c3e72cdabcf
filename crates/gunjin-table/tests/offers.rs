//! The offers' messages (draw, takeback, rematch) as this build writes
//! them (`tests/fixtures/offers-*-v1.jsonl`): each line reads as the part
//! it names and is written back byte for byte, so later builds keep
//! reading them.

use gunjin_table::{ClientMessage, ServerMessage};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn reads_and_writes_back<M: Serialize + DeserializeOwned + core::fmt::Debug>(
    name: &str,
    part: fn(&M) -> bool,
) -> usize {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in text.lines() {
        let message: M = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(part(&message), "{message:?}");
        assert_eq!(serde_json::to_string(&message).unwrap(), line);
    }
    text.lines().count()
}

#[test]
fn every_offer_a_client_sends_reads() {
    let offer = |m: &ClientMessage| matches!(m, ClientMessage::Offer(_));
    assert_eq!(reads_and_writes_back("offers-client-v1.jsonl", offer), 6);
}

#[test]
fn every_offer_news_reads() {
    let offer = |m: &ServerMessage| matches!(m, ServerMessage::Offer(_) | ServerMessage::Seat(_));
    assert_eq!(reads_and_writes_back("offers-server-v1.jsonl", offer), 8);
}
