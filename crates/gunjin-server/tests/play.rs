//! Whole games over real WebSockets: between friends, against the CPU,
//! across a reconnection, a forfeit and a server restart; and what a player
//! is ever told.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::bot::Bot;
use common::http_get;
use gunjin_rules::{Color, Kind, Outcome, PartialSetup, Record, Template, WinReason};
use gunjin_server::Server;
use gunjin_table::{
    ClientMessage, GunjinAct, GunjinNews, Level, Phase, SeatNews, ServerMessage, TableAct,
    TableNews,
};
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_and_the_app_and_record_are_served() {
    let (server, _scratch) = common::start("whole-game").await;
    let (mut host, mut guest) = common::pair(server.addr, 1).await;
    assert_eq!((host.side, guest.side), (Color::South, Color::North));
    assert_ne!(host.token, guest.token);
    let outcome = common::play_out(&mut host, &mut guest).await;
    let view = host.view.as_ref().unwrap();
    let record = view
        .reveal()
        .expect("the record is revealed at the end")
        .clone();
    assert_eq!(record.replay().unwrap().outcome(), Some(outcome));
    let (status, body) = http_get(server.addr, &format!("/api/tables/{}/record", host.table));
    assert!(status.contains("200"), "{status}");
    assert_eq!(body.parse::<Record>().unwrap(), record);
    let (status, _) = http_get(server.addr, "/api/tables/nope/record");
    assert!(status.contains("404"), "{status}");
    // The same process serves the app, and tells it that tables are offered.
    let (status, body) = http_get(server.addr, "/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("Gunjin Shogi"), "{body}");
    let (status, body) = http_get(server.addr, gunjin_table::TABLES_PATH);
    assert!(status.contains("200"), "{status}");
    assert_eq!(body, r#"{"tables":true}"#);
}

/// Kind names anywhere but under the player's own pieces and own draft.
fn kinds_outside_own(value: &Value, kinds: &[Value], found: &mut Vec<String>) {
    match value {
        Value::Array(items) => items
            .iter()
            .for_each(|v| kinds_outside_own(v, kinds, found)),
        Value::Object(fields) => {
            for (key, item) in fields {
                if kinds.contains(&Value::String(key.clone())) {
                    found.push(key.clone());
                }
                if key != "own" && key != "draft" {
                    kinds_outside_own(item, kinds, found);
                }
            }
        }
        other if kinds.contains(other) => found.push(other.to_string()),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_names_an_enemy_kind_before_the_end() {
    let (server, _scratch) = common::start("hidden").await;
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| serde_json::to_value(k).unwrap())
        .collect();
    let (mut host, mut guest) = common::pair(server.addr, 10).await;
    host.keep = true;
    guest.keep = true;
    common::play_out(&mut host, &mut guest).await;
    let record = host.view.as_ref().unwrap().reveal().unwrap().clone();
    for bot in [&host, &guest] {
        let enemy_setup = record.setups().unwrap()[!bot.side].to_string();
        let before_end = common::before_end(bot);
        // Each move of the game comes as its public part, small at any ply.
        let steps: Vec<&&String> = before_end
            .iter()
            .filter(|t| t.starts_with(r#"{"step""#))
            .collect();
        assert!(steps.len() > 10, "moves come as steps");
        let largest = steps.iter().map(|t| t.len()).max().unwrap();
        assert!(largest <= 512, "a step of {largest} bytes");
        for text in before_end {
            let msg: Value = serde_json::from_str(text).unwrap();
            let mut found = Vec::new();
            kinds_outside_own(&msg, &kinds, &mut found);
            assert!(found.is_empty(), "{found:?} in {text}");
            assert!(!text.contains(&enemy_setup), "the enemy setup in {text}");
            assert!(msg["view"]["reveal"].is_null(), "{text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_the_cpu_to_the_end() {
    let (server, _scratch) = common::start("cpu").await;
    let mut host = Bot::open(server.addr, 3, gunjin_rules::Rules::KIRAKUKEN)
        .await
        .unwrap();
    host.keep = true;
    host.send(&ClientMessage::Table(TableAct::AddCpu {
        level: Level::Easy.into(),
    }))
    .await
    .unwrap();
    let outcome = host.play_out().await.unwrap();
    let record = host.view.as_ref().unwrap().reveal().unwrap().clone();
    assert_eq!(record.replay().unwrap().outcome(), Some(outcome));
    let cpu_seat = host.received.iter().any(|t| {
        matches!(serde_json::from_str(t), Ok(ServerMessage::Table(TableNews::State(state)))
            if state.seats.north.as_ref().is_some_and(|s| s.cpu == Some(Level::Easy.into())))
    });
    assert!(cpu_seat, "the table shows the CPU seat");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reconnects_with_the_seat_token() {
    let (server, _scratch) = common::start("reconnect").await;
    let (mut host, mut guest) = common::pair(server.addr, 4).await;
    common::play_until(&mut host, &mut guest, 6).await;
    let (table, token) = (guest.table.clone(), guest.token.clone());
    drop(guest);
    loop {
        if let ServerMessage::Table(TableNews::Presence {
            side: Color::North,
            connected: false,
            forfeit_in_millis,
        }) = host.recv().await.unwrap()
        {
            assert!(forfeit_in_millis.is_some_and(|ms| ms > 1000));
            break;
        }
    }
    let mut guest = Bot::resume(server.addr, 5, &table, &token).await.unwrap();
    assert_eq!(guest.side, Color::North);
    // The current view comes right after the welcome and the table.
    while guest.view.is_none() {
        guest.step().await.unwrap();
    }
    assert_eq!(guest.view.as_ref().unwrap().ply(), 6);
    host.stop_at = None;
    guest.stop_at = None;
    host.move_if_my_turn().await.unwrap();
    common::play_out(&mut host, &mut guest).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_forfeits_after_the_grace_time() {
    let scratch = common::Scratch::new("forfeit");
    let mut config = scratch.config();
    config.grace = Duration::from_millis(500);
    let server = Server::start(config).await.unwrap();
    let (mut host, mut guest) = common::pair(server.addr, 6).await;
    common::play_until(&mut host, &mut guest, 2).await;
    drop(guest);
    let outcome = loop {
        if let ServerMessage::Gunjin(GunjinNews::Over { outcome, .. }) = host.recv().await.unwrap()
        {
            break outcome;
        }
    };
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Color::South,
            reason: WinReason::Resignation
        }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_setup_timer_completes_drafts_at_random() {
    let scratch = common::Scratch::new("setup-timer");
    let mut config = scratch.config();
    config.setup_time = Duration::from_millis(800);
    let server = Server::start(config).await.unwrap();
    let mut host = Bot::open(server.addr, 7, gunjin_rules::Rules::KIRAKUKEN)
        .await
        .unwrap();
    host.keep = true;
    let mut guest = Bot::join(server.addr, 8, &host.table).await.unwrap();
    // Three pieces of a template placed, the rest left to the timer.
    let template = Template::ALL[0].setup();
    let mut draft = PartialSetup::default();
    for slot in [0, 5, 20] {
        draft.slots_mut()[slot] = template.slots()[slot];
    }
    host.send(&ClientMessage::Gunjin(GunjinAct::Draft { setup: draft }))
        .await
        .unwrap();
    let view = loop {
        if let ServerMessage::Gunjin(GunjinNews::Game { view, .. }) = host.recv().await.unwrap() {
            break view;
        }
    };
    for slot in [0, 5, 20] {
        assert_eq!(
            view.own_setup().unwrap().slots()[slot],
            template.slots()[slot]
        );
    }
    loop {
        if let ServerMessage::Gunjin(GunjinNews::Game { .. }) = guest.recv().await.unwrap() {
            break;
        }
    }
    let reported = host.received.iter().any(|t| {
        matches!(serde_json::from_str(t), Ok(ServerMessage::Table(TableNews::State(state)))
            if matches!(state.phase, Phase::Setup { .. }))
    });
    assert!(reported, "the setup phase was announced");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_server_restart() {
    let scratch = common::Scratch::new("restart");
    let server = Server::start(scratch.config()).await.unwrap();
    let (mut host, mut guest) = common::pair(server.addr, 9).await;
    common::play_until(&mut host, &mut guest, 10).await;
    let before = host.view.as_ref().unwrap().history().to_vec();
    server.stop().await;
    assert!(host.closed().await && guest.closed().await);

    let server = Server::start(scratch.config()).await.unwrap();
    let mut host = Bot::resume(server.addr, 11, &host.table, &host.token)
        .await
        .unwrap();
    let mut guest = Bot::resume(server.addr, 12, &guest.table, &guest.token)
        .await
        .unwrap();
    // Resuming hands each its view; whoever is to move moves on.
    common::play_out(&mut host, &mut guest).await;
    let after = host.view.as_ref().unwrap().history();
    assert!(after.len() >= before.len());
    assert_eq!(&after[..before.len()], &before[..]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_table_mid_game_expires_and_its_record_stays_abandoned() {
    let (server, _scratch) = common::start_with("abandoned", |c| {
        c.idle = Duration::from_millis(1500);
    })
    .await;
    let (mut host, mut guest) = common::pair(server.addr, 15).await;
    common::play_until(&mut host, &mut guest, 4).await;
    let played = host.view.as_ref().unwrap().history().len();
    assert!(host.closed().await, "the table expires");
    let (status, body) = http_get(server.addr, &format!("/api/tables/{}/record", host.table));
    assert!(status.contains("200"), "{status}");
    let record: Record = body.parse().unwrap();
    assert_eq!(record.moves.len(), played);
    let result = raw_head(server.addr, &format!("/api/tables/{}/record", host.table));
    assert!(
        result.contains(r#"x-gunjin-result: "abandoned""#),
        "{result}"
    );
}

/// The response head of a GET, lowercased.
fn raw_head(addr: SocketAddr, path: &str) -> String {
    common::http(addr, path).0.to_lowercase()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_table_expires_and_its_record_stays() {
    let scratch = common::Scratch::new("expiry");
    let mut config = scratch.config();
    config.idle = Duration::from_millis(1500);
    let server = Server::start(config).await.unwrap();
    let (mut host, mut guest) = common::pair(server.addr, 13).await;
    common::play_out(&mut host, &mut guest).await;
    loop {
        match host.recv().await {
            Ok(ServerMessage::Seat(SeatNews::Error { code, .. })) => {
                assert_eq!(code, gunjin_table::ErrorCode::Expired);
                break;
            }
            Ok(_) => continue,
            Err(e) => panic!("{e}"),
        }
    }
    assert!(host.closed().await);
    let (status, _) = http_get(server.addr, &format!("/api/tables/{}/record", host.table));
    assert!(status.contains("200"), "{status}");
    assert!(
        Bot::resume(server.addr, 14, &host.table, &host.token)
            .await
            .is_err()
    );
}
