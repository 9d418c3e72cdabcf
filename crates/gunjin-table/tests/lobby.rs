//! The lobby's messages as this build writes them
//! (`tests/fixtures/lobby-*-v1.jsonl`): each reads and is written back
//! byte for byte, so a later build that changes them reads these still.

mod common;

use common::read_back;
use gunjin_table::{ClientMessage, GameOpen, LobbyAct, LobbyNews, ServerMessage};

#[test]
fn every_lobby_act_reads_and_writes_back() {
    let acts = read_back::<ClientMessage>("lobby-client-v1.jsonl");
    assert_eq!(acts.len(), 7);
    assert_eq!(acts[0], ClientMessage::Lobby(LobbyAct::FollowLobby));
    let ClientMessage::Lobby(LobbyAct::Seek(shogi)) = &acts[3] else {
        panic!("{:?}", acts[3]);
    };
    assert_eq!(shogi.game, GameOpen::Shogi);
    // Seeks of the same game and clock pair, whoever seeks.
    let ClientMessage::Lobby(LobbyAct::Seek(gunjin)) = &acts[1] else {
        panic!("{:?}", acts[1]);
    };
    assert_ne!(gunjin.pairing(), shogi.pairing());
}

#[test]
fn every_lobby_news_reads_and_writes_back() {
    let news = read_back::<ServerMessage>("lobby-server-v1.jsonl");
    assert_eq!(news.len(), 8);
    let ServerMessage::Lobby(LobbyNews::Lobby(lobby)) = &news[0] else {
        panic!("{:?}", news[0]);
    };
    assert_eq!(lobby.tables[0].waited_secs(lobby.now), 10);
    assert_eq!(lobby.seeks[0].open.name, "Bo");
    assert_eq!((lobby.online, lobby.playing), (12, 3));
    let hosting = LobbyNews::Paired {
        table: "00ff00ff00ff00ff".into(),
        token: Some("22bb22bb22bb22bb".into()),
    };
    assert_eq!(news[3], ServerMessage::Lobby(hosting));
}
