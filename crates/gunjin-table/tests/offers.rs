//! The offers' messages (draw, takeback, rematch) as this build writes
//! them (`tests/fixtures/offers-*-v1.jsonl`): each line reads as the part
//! it names and is written back byte for byte, so later builds keep
//! reading them.

mod common;

use common::read_back;
use gunjin_table::{ClientMessage, ServerMessage};

#[test]
fn every_offer_a_client_sends_reads() {
    let acts = read_back::<ClientMessage>("offers-client-v1.jsonl");
    assert!(
        acts.iter().all(|m| matches!(m, ClientMessage::Offer(_))),
        "{acts:?}"
    );
    assert_eq!(acts.len(), 6);
}

#[test]
fn every_offer_news_reads() {
    let news = read_back::<ServerMessage>("offers-server-v1.jsonl");
    let offer = |m: &ServerMessage| matches!(m, ServerMessage::Offer(_) | ServerMessage::Seat(_));
    assert!(news.iter().all(offer), "{news:?}");
    assert_eq!(news.len(), 8);
}
