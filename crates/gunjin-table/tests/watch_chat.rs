//! The messages of watching and talking (`tests/fixtures/*-watch-chat-v4.jsonl`:
//! every variant, every phrase) read, and are written back as they were:
//! a page of this build talks to a server of the next.

mod common;

use common::read_back;
use gunjin_table::{ChatAct, ClientMessage, Phrase, Said, ServerMessage, WatchNews};

#[test]
fn every_watch_and_chat_message_read_back() {
    let client: Vec<ClientMessage> = read_back("client-watch-chat-v4.jsonl");
    let phrases: Vec<Phrase> = client
        .iter()
        .filter_map(|m| match m {
            ClientMessage::Chat(ChatAct::Say(Said::Phrase(p))) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(phrases, Phrase::ALL, "every phrase");
    let server: Vec<ServerMessage> = read_back("server-watch-chat-v4.jsonl");
    let public = server.iter().find_map(|m| match m {
        ServerMessage::Watch(WatchNews::Public(game)) => Some(game),
        _ => None,
    });
    let board = public.expect("a public game").board();
    assert_eq!(board.at("b4".parse().unwrap()), None, "both pieces left");
}

#[test]
fn hostile_chat_is_refused_as_it_reads() {
    for text in [
        r#"{"say":{"phrase":"you_lose_haha"}}"#,
        r#"{"say":{"text":"hi","name":"Aki"}}"#,
        r#"{"say":{"text":7}}"#,
        r#"{"watch":{"table":"00ff"}}"#,
        r#"{"spectators":{"allowed":"yes"}}"#,
    ] {
        assert!(ClientMessage::from_json(text).is_err(), "{text}");
    }
}
