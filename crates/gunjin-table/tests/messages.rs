//! Every message the apps and the server of the build before the
//! message's parts (`tests/fixtures/client-v3.jsonl`,
//! `server-v3.jsonl`: both games, every variant, every error code) still
//! reads, and is written back as it was: a page of that build talks to
//! this server, and this page to a server of that build.

use gunjin_table::{ClientMessage, ServerMessage};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().map(str::to_owned).collect()
}

/// Each line reads, and is written back byte for byte: but for a Shogi
/// table's `open`, which no longer writes Gunjin's rules (a server of the
/// last build reads it without them, as Gunjin's defaults it ignores).
fn reads_and_writes_back<M: Serialize + DeserializeOwned>(name: &str) -> usize {
    let lines = lines(name);
    let rules = r#","rules":{"strength":"House","tank_vs_engineer":"TankWins","mine":"Stays","front":"River","placement":"Free"}"#;
    for line in &lines {
        let message: M = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let written = match line.starts_with(r#"{"open":{"game":"shogi""#) {
            true => line.replace(rules, ""),
            false => line.clone(),
        };
        assert_eq!(serde_json::to_string(&message).unwrap(), written);
    }
    lines.len()
}

#[test]
fn every_client_message_of_the_last_build_reads() {
    assert_eq!(
        reads_and_writes_back::<ClientMessage>("client-v3.jsonl"),
        27
    );
}

#[test]
fn every_server_message_of_the_last_build_reads() {
    assert_eq!(
        reads_and_writes_back::<ServerMessage>("server-v3.jsonl"),
        53
    );
}
