//! The messages of watching and talking (`tests/fixtures/*-watch-chat-v4.jsonl`:
//! every variant, every phrase) read, and are written back as they were:
//! a page of this build talks to a server of the next.

use gunjin_table::{ChatAct, ClientMessage, Phrase, Said, ServerMessage, WatchNews};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn reads_and_writes_back<M: Serialize + DeserializeOwned>(name: &str) -> Vec<M> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let message: M = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(serde_json::to_string(&message).unwrap(), line);
            message
        })
        .collect()
}

#[test]
fn every_watch_and_chat_message_reads_and_writes_back() {
    let client: Vec<ClientMessage> = reads_and_writes_back("client-watch-chat-v4.jsonl");
    let phrases: Vec<Phrase> = client
        .iter()
        .filter_map(|m| match m {
            ClientMessage::Chat(ChatAct::Say(Said::Phrase(p))) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(phrases, Phrase::ALL, "every phrase");
    let server: Vec<ServerMessage> = reads_and_writes_back("server-watch-chat-v4.jsonl");
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
