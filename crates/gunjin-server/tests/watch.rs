//! Spectators and the chat over real WebSockets: what a spectator is told
//! of a Gunjin game (what is public, byte for byte the seats' steps,
//! never a kind before the end), what it may not do, the two rooms of a
//! table's chat, its limits, and the chat across a server restart.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use common::bot::Bot;
use gunjin_rules::{Color, Kind};
use gunjin_server::Server;
use gunjin_table::{
    ChatAct, ChatLine, ChatNews, ClientMessage, ErrorCode, GunjinAct, Phrase, Room, Said,
    ServerMessage, TableAct, WatchAct, WatchNews,
};
use serde_json::Value;

/// A connection watching `table` under `name`, from `from` if given.
async fn spectator(addr: SocketAddr, table: &str, name: &str, from: Option<IpAddr>) -> Bot {
    let mut bot = Bot::connect_from(addr, from, 99, Some(table))
        .await
        .unwrap();
    bot.send(&watch(table, name)).await.unwrap();
    match bot.recv().await.unwrap() {
        ServerMessage::Watch(WatchNews::Watching { table: watched }) => assert_eq!(watched, table),
        other => panic!("expected watching, got {other:?}"),
    }
    bot
}

fn watch(table: &str, name: &str) -> ClientMessage {
    ClientMessage::Watch(WatchAct::Watch {
        table: table.into(),
        name: name.into(),
    })
}

fn say(said: Said) -> ClientMessage {
    ClientMessage::Chat(ChatAct::Say(said))
}

/// The next chat line the bot is told, skipping other messages.
async fn next_line(bot: &mut Bot) -> ChatLine {
    loop {
        if let ServerMessage::Chat(ChatNews::Chat(line)) = bot.recv().await.unwrap() {
            return line;
        }
    }
}

/// The next chat log the bot is told.
async fn next_log(bot: &mut Bot) -> Vec<ChatLine> {
    loop {
        if let ServerMessage::Chat(ChatNews::ChatLog { lines, .. }) = bot.recv().await.unwrap() {
            return lines;
        }
    }
}

/// Every kind's name found in a message, as a value or a key.
fn kinds_in(value: &Value, kinds: &[Value], found: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| kinds_in(v, kinds, found)),
        Value::Object(fields) => {
            for (key, item) in fields {
                if kinds.contains(&Value::String(key.clone())) {
                    found.push(key.clone());
                }
                kinds_in(item, kinds, found);
            }
        }
        other if kinds.contains(other) => found.push(other.to_string()),
        _ => {}
    }
}

fn steps(bot: &Bot) -> Vec<&String> {
    bot.received
        .iter()
        .filter(|t| t.starts_with(r#"{"step""#))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_is_told_what_is_public_and_no_kind_before_the_end() {
    let (server, _scratch) = common::start("watch-public").await;
    let (mut host, mut guest) = common::pair(server.addr, 40).await;
    host.keep = true;
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    watcher.keep = true;
    let watching = async {
        loop {
            if let ServerMessage::Gunjin(gunjin_table::GunjinNews::Over { .. }) =
                watcher.recv().await.unwrap()
            {
                break;
            }
        }
    };
    let (outcome, ()) = tokio::join!(common::play_out(&mut host, &mut guest), watching);
    let record = host.view.as_ref().unwrap().reveal().unwrap().clone();
    assert_eq!(record.replay().unwrap().outcome(), Some(outcome));
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| serde_json::to_value(k).unwrap())
        .collect();
    let setups = record.setups().unwrap();
    // Up to the end, whose public game tells the result (a kind that took
    // a headquarters, say), as the seats' last view does.
    let before_end: Vec<&String> = watcher
        .received
        .iter()
        .take_while(|t| {
            let msg: Value = serde_json::from_str(t).unwrap();
            !common::is_end(&msg) && msg["public"]["outcome"].is_null()
        })
        .collect();
    assert!(before_end.len() > 10 && before_end.len() < watcher.received.len());
    for text in &before_end {
        let mut found = Vec::new();
        kinds_in(&serde_json::from_str(text).unwrap(), &kinds, &mut found);
        assert!(found.is_empty(), "{found:?} in {text}");
        for side in Color::ALL {
            assert!(
                !text.contains(&setups[side].to_string()),
                "a setup in {text}"
            );
        }
    }
    // Every move comes as the very step the seats are told, byte for byte.
    assert!(steps(&watcher).len() > 10);
    assert_eq!(steps(&watcher), steps(&host));
    // The end: the last move with the public game, then the same record
    // the seats get.
    let over = |bot: &Bot| {
        bot.received
            .iter()
            .find(|t| t.starts_with(r#"{"over""#))
            .cloned()
            .unwrap()
    };
    assert_eq!(over(&watcher), over(&host));
    let last_public = watcher
        .received
        .iter()
        .rev()
        .find_map(|t| match serde_json::from_str(t) {
            Ok(ServerMessage::Watch(WatchNews::Public(game))) => Some(game),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        last_public.history,
        host.view.as_ref().unwrap().history().to_vec()
    );
    assert_eq!(last_public.outcome, Some(outcome));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_cannot_act_and_leaves_the_game_untouched() {
    let (server, _scratch) = common::start("watch-acts").await;
    let (mut host, mut guest) = common::pair(server.addr, 42).await;
    common::play_until(&mut host, &mut guest, 4).await;
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    let setup = gunjin_rules::Template::ALL[0].setup();
    for msg in [
        ClientMessage::Gunjin(GunjinAct::Move("b4-b5".into())),
        ClientMessage::Table(TableAct::Resign),
        ClientMessage::Gunjin(GunjinAct::Ready { setup }),
        ClientMessage::Chat(ChatAct::FreeText { allowed: false }),
        ClientMessage::Watch(WatchAct::Spectators { allowed: false }),
        watch(&host.table, "again"),
    ] {
        watcher.send(&msg).await.unwrap();
        assert_eq!(
            common::next_error(&mut watcher).await,
            ErrorCode::NoSeat,
            "{msg:?}"
        );
    }
    drop(watcher);
    // The game goes on to its end, nobody having resigned.
    for bot in [&mut host, &mut guest] {
        bot.stop_at = None;
        bot.move_if_my_turn().await.unwrap();
    }
    let outcome = common::play_out(&mut host, &mut guest).await;
    let resigned = gunjin_rules::WinReason::Resignation;
    assert!(!matches!(outcome, gunjin_rules::Outcome::Win { reason, .. } if reason == resigned));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_and_the_spectators_talk_in_rooms_apart() {
    let (server, _scratch) = common::start("watch-rooms").await;
    let (mut host, mut guest) = common::pair(server.addr, 44).await;
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    let mut other = spectator(server.addr, &host.table, "Dao", None).await;
    host.send(&say(Said::Phrase(Phrase::GoodLuck)))
        .await
        .unwrap();
    let line = next_line(&mut guest).await;
    assert_eq!((line.room, line.side), (Room::Players, Some(Color::South)));
    assert_eq!(line.name, "host", "the seat's name, as the server knows it");
    assert_eq!(line.said, Said::Phrase(Phrase::GoodLuck));
    let markup = "<img src=x onerror=alert(1)> Mine on b2!";
    watcher.send(&say(Said::Text(markup.into()))).await.unwrap();
    let line = next_line(&mut other).await;
    assert_eq!((line.room, line.side), (Room::Spectators, None));
    assert_eq!(
        (line.name.as_str(), line.said),
        ("Chai", Said::Text(markup.into()))
    );
    // The spectators never had the players' line; the players are told
    // the spectators' only at the end.
    guest
        .send(&say(Said::Phrase(Phrase::ThankYou)))
        .await
        .unwrap();
    while next_line(&mut host).await.said != Said::Phrase(Phrase::ThankYou) {}
    let texts = |bot: &Bot| bot.received.join("\n");
    host.keep = true;
    guest
        .send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    let mut log = next_log(&mut host).await;
    while log.len() < 3 {
        log = next_log(&mut host).await;
    }
    let before_log = &host.received[..host.received.len() - 1];
    assert!(
        !before_log.join("\n").contains("Mine on b2"),
        "before the end"
    );
    let rooms: Vec<Room> = log.iter().map(|l| l.room).collect();
    assert_eq!(rooms, [Room::Players, Room::Spectators, Room::Players]);
    watcher.keep = true;
    watcher
        .send(&say(Said::Phrase(Phrase::GoodGame)))
        .await
        .unwrap();
    next_line(&mut watcher).await;
    assert!(
        !texts(&watcher).contains("good_luck"),
        "{}",
        texts(&watcher)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chat_survives_a_reconnection_and_a_restart_and_stays_at_its_table() {
    let scratch = common::Scratch::new("watch-restart");
    let server = Server::start(scratch.config()).await.unwrap();
    let (mut host, mut guest) = common::pair(server.addr, 46).await;
    host.send(&say(Said::Text("first".into()))).await.unwrap();
    next_line(&mut guest).await;
    let (table, token) = (guest.table.clone(), guest.token.clone());
    drop(guest);
    let mut guest = Bot::resume(server.addr, 47, &table, &token).await.unwrap();
    assert_eq!(next_log(&mut guest).await.len(), 1, "after a reconnection");
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    watcher
        .send(&say(Said::Phrase(Phrase::Hello)))
        .await
        .unwrap();
    next_line(&mut watcher).await;
    server.stop().await;
    assert!(host.closed().await);

    let server = Server::start(scratch.config()).await.unwrap();
    let mut host = Bot::resume(server.addr, 48, &host.table, &host.token)
        .await
        .unwrap();
    let log = next_log(&mut host).await;
    let said: Vec<&Said> = log.iter().map(|l| &l.said).collect();
    assert_eq!(
        said,
        [&Said::Text("first".into())],
        "the players' room alone"
    );
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    let log = next_log(&mut watcher).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].said, Said::Phrase(Phrase::Hello));
    // Another table starts with no chat.
    let (mut elsewhere, _) = common::pair(server.addr, 50).await;
    assert!(next_log(&mut elsewhere).await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_of_chat_lines_are_refused() {
    let (server, _scratch) = common::start("watch-flood").await;
    let (mut host, mut guest) = common::pair(server.addr, 52).await;
    for _ in 0..20 {
        host.send(&say(Said::Phrase(Phrase::Hello))).await.unwrap();
    }
    assert_eq!(common::next_error(&mut host).await, ErrorCode::RateLimited);
    // The burst went through, the rest did not.
    guest.keep = true;
    guest.send(&say(Said::Phrase(Phrase::Oops))).await.unwrap();
    while next_line(&mut guest).await.said != Said::Phrase(Phrase::Oops) {}
    let heard = guest
        .received
        .iter()
        .filter(|t| t.contains("hello"))
        .count();
    assert!((1..=5).contains(&heard), "{heard} lines heard");
    // Only the host turns free text off; a line is at most 140
    // characters (a client that sends more is closed).
    guest
        .send(&ClientMessage::Chat(ChatAct::FreeText { allowed: false }))
        .await
        .unwrap();
    assert_eq!(common::next_error(&mut guest).await, ErrorCode::NotHost);
    guest.send(&say(Said::Text("x".repeat(141)))).await.unwrap();
    assert_eq!(common::next_error(&mut guest).await, ErrorCode::BadMessage);
    assert!(guest.closed().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_turns_free_text_off() {
    let (server, _scratch) = common::start("watch-free-text").await;
    let (mut host, mut guest) = common::pair(server.addr, 54).await;
    host.send(&ClientMessage::Chat(ChatAct::FreeText { allowed: false }))
        .await
        .unwrap();
    loop {
        if let ServerMessage::Chat(ChatNews::FreeText { allowed }) = guest.recv().await.unwrap() {
            assert!(!allowed);
            break;
        }
    }
    guest.send(&say(Said::Text("psst".into()))).await.unwrap();
    assert_eq!(common::next_error(&mut guest).await, ErrorCode::WrongPhase);
    guest
        .send(&say(Said::Phrase(Phrase::OneMoment)))
        .await
        .unwrap();
    assert_eq!(
        next_line(&mut host).await.said,
        Said::Phrase(Phrase::OneMoment)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_forbids_spectators_and_they_are_counted() {
    let (server, _scratch) = common::start("watch-forbid").await;
    let (mut host, mut guest) = common::pair(server.addr, 56).await;
    let mut watcher = spectator(server.addr, &host.table, "Chai", None).await;
    loop {
        if let ServerMessage::Watch(WatchNews::Audience { watching, allowed }) =
            host.recv().await.unwrap()
            && watching == 1
        {
            assert!(allowed);
            break;
        }
    }
    guest
        .send(&ClientMessage::Watch(WatchAct::Spectators {
            allowed: false,
        }))
        .await
        .unwrap();
    assert_eq!(
        common::next_error(&mut watcher).await,
        ErrorCode::NoSpectators
    );
    assert!(watcher.closed().await);
    let mut refused = Bot::connect(server.addr, 57).await.unwrap();
    refused.send(&watch(&host.table, "Dao")).await.unwrap();
    assert_eq!(
        common::next_error(&mut refused).await,
        ErrorCode::NoSpectators
    );
    assert!(refused.closed().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_watch_connections_from_one_address_are_refused() {
    let (server, _scratch) = common::start_with("watch-cap", |c| c.watchers_per_addr = 2).await;
    let (host, _guest) = common::pair(server.addr, 58).await;
    let from = Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 7)));
    let _one = spectator(server.addr, &host.table, "a", from).await;
    let _two = spectator(server.addr, &host.table, "b", from).await;
    let mut three = Bot::connect_from(server.addr, from, 59, None)
        .await
        .unwrap();
    three.send(&watch(&host.table, "c")).await.unwrap();
    assert_eq!(
        common::next_error(&mut three).await,
        ErrorCode::TooManyWatchers
    );
    assert!(three.closed().await);
    // Another address still watches.
    let other = Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 8)));
    spectator(server.addr, &host.table, "d", other).await;
}
