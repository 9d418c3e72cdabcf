//! The room over real WebSockets: a listed table is in every lobby until
//! it is joined, quick pairing pairs compatible seeks (on one node or two
//! sharing a store) and no others, a seek leaves the lobby when cancelled
//! or with its connection, and floods of seeks and followers are refused.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::bot::Bot;
use common::{Scratch, next_error, start_with};
use gunjin_rules::Rules;
use gunjin_server::{Config, Server};
use gunjin_table::{
    ClientMessage, Clock, ErrorCode, GameOpen, Lobby, LobbyAct, LobbyNews, Open, Phase,
    ServerMessage, TableNews,
};

/// The lobby beats often in these tests.
fn quick(config: &mut Config) {
    config.lobby_every = Duration::from_millis(50);
}

async fn start(name: &str) -> (Server, Scratch) {
    start_with(name, quick).await
}

fn lobby(act: LobbyAct) -> ClientMessage {
    ClientMessage::Lobby(act)
}

fn gunjin(name: &str, clock: Option<Clock>) -> Open {
    Open {
        name: name.into(),
        game: GameOpen::Gunjin {
            rules: Rules::KIRAKUKEN,
        },
        clock,
    }
}

fn shogi(name: &str) -> Open {
    Open {
        name: name.into(),
        game: GameOpen::Shogi,
        clock: None,
    }
}

/// A connection following the lobby.
async fn follower(addr: SocketAddr) -> Bot {
    let mut bot = Bot::connect(addr, 0).await.unwrap();
    bot.send(&lobby(LobbyAct::FollowLobby)).await.unwrap();
    bot
}

/// The lobby as the follower is told it, once it shows what `wanted` asks.
async fn lobby_until(bot: &mut Bot, wanted: impl Fn(&Lobby) -> bool) -> Lobby {
    loop {
        match bot.recv().await.unwrap() {
            ServerMessage::Lobby(LobbyNews::Lobby(lobby)) if wanted(&lobby) => return lobby,
            _ => continue,
        }
    }
}

/// The next news of the lobby the bot is told, skipping the rest.
async fn lobby_news(bot: &mut Bot) -> LobbyNews {
    loop {
        match bot.recv().await.unwrap() {
            ServerMessage::Lobby(LobbyNews::Lobby(_)) => continue,
            ServerMessage::Lobby(news) => return news,
            ServerMessage::Seat(gunjin_table::SeatNews::Error { code, message }) => {
                panic!("{code:?}: {message}")
            }
            _ => continue,
        }
    }
}

/// A connection seeking `open`, and its seek's news.
async fn seeker(addr: SocketAddr, open: Open) -> (Bot, LobbyNews) {
    let mut bot = Bot::connect(addr, 0).await.unwrap();
    bot.send(&lobby(LobbyAct::Seek(open))).await.unwrap();
    let news = lobby_news(&mut bot).await;
    (bot, news)
}

fn listed(lobby: &Lobby, id: &str) -> bool {
    lobby.tables.iter().any(|t| t.id == id)
}

fn seeking(lobby: &Lobby, id: &str) -> bool {
    lobby.seeks.iter().any(|s| s.id == id)
}

fn seek_id(news: &LobbyNews) -> String {
    match news {
        LobbyNews::Seeking { seek } => seek.clone(),
        other => panic!("expected to wait, got {other:?}"),
    }
}

#[tokio::test]
async fn a_listed_table_is_in_every_lobby_until_it_is_joined() {
    let (server, _scratch) = start("lobby-listed").await;
    let addr = server.addr;
    let mut watcher = follower(addr).await;
    let mut host = Bot::open_clocked(
        addr,
        1,
        Rules::KIRAKUKEN,
        Some(Clock::PerMove { millis: 30_000 }),
    )
    .await
    .unwrap();
    // Private until listed: the lobby counts the host, lists nothing.
    let first = lobby_until(&mut watcher, |l| l.online >= 2).await;
    assert!(!listed(&first, &host.table), "{first:?}");
    host.send(&lobby(LobbyAct::List { listed: true }))
        .await
        .unwrap();
    assert_eq!(
        lobby_news(&mut host).await,
        LobbyNews::Listed { listed: true }
    );
    let shown = lobby_until(&mut watcher, |l| listed(l, &host.table)).await;
    let table = shown.tables.iter().find(|t| t.id == host.table).unwrap();
    assert_eq!(
        table.open,
        gunjin("host", Some(Clock::PerMove { millis: 30_000 }))
    );
    assert!(table.since <= shown.now);
    assert_eq!(shown.playing, 0);
    // Another connection sees it too, and a tap (a join) sits down.
    let mut other = follower(addr).await;
    lobby_until(&mut other, |l| listed(l, &host.table)).await;
    let _guest = Bot::join(addr, 2, &host.table).await.unwrap();
    let left = lobby_until(&mut watcher, |l| !listed(l, &host.table)).await;
    assert_eq!(left.playing, 1, "{left:?}");
    lobby_until(&mut other, |l| !listed(l, &host.table)).await;
}

#[tokio::test]
async fn a_host_unlists_its_table_and_a_closed_table_leaves_the_lobby() {
    let (server, _scratch) = start_with("lobby-unlisted", |config| {
        quick(config);
        config.unjoined = Duration::from_secs(1);
    })
    .await;
    let addr = server.addr;
    let mut watcher = follower(addr).await;
    let mut host = Bot::open(addr, 1, Rules::KIRAKUKEN).await.unwrap();
    let list = |listed| lobby(LobbyAct::List { listed });
    host.send(&list(true)).await.unwrap();
    assert_eq!(
        lobby_news(&mut host).await,
        LobbyNews::Listed { listed: true }
    );
    lobby_until(&mut watcher, |l| listed(l, &host.table)).await;
    host.send(&list(false)).await.unwrap();
    assert_eq!(
        lobby_news(&mut host).await,
        LobbyNews::Listed { listed: false }
    );
    lobby_until(&mut watcher, |l| !listed(l, &host.table)).await;
    // Listed again, then the CPU sits down: no longer waiting.
    host.send(&list(true)).await.unwrap();
    lobby_until(&mut watcher, |l| listed(l, &host.table)).await;
    let add_cpu = r#"{"add_cpu":{"level":"easy"}}"#.to_owned();
    host.send_raw(add_cpu).await.unwrap();
    lobby_until(&mut watcher, |l| !listed(l, &host.table)).await;
    // A listed table whose host left closes (`--unjoined-secs`), and
    // leaves the lobby with it.
    let mut leaving = Bot::open(addr, 2, Rules::KIRAKUKEN).await.unwrap();
    leaving.send(&list(true)).await.unwrap();
    lobby_until(&mut watcher, |l| listed(l, &leaving.table)).await;
    let table = leaving.table.clone();
    drop(leaving);
    lobby_until(&mut watcher, |l| !listed(l, &table)).await;
}

#[tokio::test]
async fn only_a_waiting_host_lists_its_table() {
    let (server, _scratch) = start("lobby-list-refused").await;
    let addr = server.addr;
    let host = Bot::open(addr, 1, Rules::KIRAKUKEN).await.unwrap();
    let mut guest = Bot::join(addr, 2, &host.table).await.unwrap();
    guest
        .send(&lobby(LobbyAct::List { listed: true }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut guest).await, ErrorCode::NotHost);
    let mut stranger = Bot::connect(addr, 3).await.unwrap();
    stranger
        .send(&lobby(LobbyAct::List { listed: true }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut stranger).await, ErrorCode::NotHost);
    // A seated connection neither seeks nor follows the lobby.
    guest
        .send(&lobby(LobbyAct::Seek(gunjin("g", None))))
        .await
        .unwrap();
    assert_eq!(next_error(&mut guest).await, ErrorCode::NoSeat);
    // Markup is no name.
    let (mut bad, _) = (Bot::connect(addr, 4).await.unwrap(), ());
    bad.send(&lobby(LobbyAct::Seek(gunjin("", None))))
        .await
        .unwrap();
    assert_eq!(next_error(&mut bad).await, ErrorCode::BadName);
}

/// The paired pair sits down at their table: the host with its token,
/// the other by name; both are at the setup of `rules`' game.
async fn sit_down(addr: SocketAddr, hosting: LobbyNews, joining: LobbyNews) {
    let (
        LobbyNews::Paired {
            table,
            token: Some(token),
        },
        LobbyNews::Paired {
            table: joined,
            token: None,
        },
    ) = (hosting, joining)
    else {
        panic!("expected a host's and a guest's pairing");
    };
    assert_eq!(table, joined);
    let mut host = Bot::resume(addr, 1, &table, &token).await.unwrap();
    let mut guest = Bot::join(addr, 2, &table).await.unwrap();
    for bot in [&mut host, &mut guest] {
        loop {
            if let ServerMessage::Table(TableNews::State(state)) = bot.recv().await.unwrap()
                && matches!(state.phase, Phase::Setup { .. })
            {
                let name = |seat: &Option<gunjin_table::SeatInfo>| seat.clone().unwrap().name;
                assert_eq!(name(&state.seats.south), "Aki");
                assert_eq!(name(&state.seats.north), "guest");
                break;
            }
        }
    }
}

#[tokio::test]
async fn compatible_seeks_pair_and_others_wait() {
    let (server, _scratch) = start("lobby-pairing").await;
    let addr = server.addr;
    let mut watcher = follower(addr).await;
    let (mut first, waiting) = seeker(addr, gunjin("Bo", None)).await;
    let first_seek = seek_id(&waiting);
    // Another game, another clock: no pair.
    let (_shogi, shogi_news) = seeker(addr, shogi("Chie")).await;
    let clocked = gunjin("Dai", Some(Clock::PerGame { millis: 600_000 }));
    let (_clocked, clocked_news) = seeker(addr, clocked).await;
    let lobby = lobby_until(&mut watcher, |l| l.seeks.len() == 3).await;
    for news in [&waiting, &shogi_news, &clocked_news] {
        assert!(seeking(&lobby, &seek_id(news)), "{lobby:?}");
    }
    // The same game and clock: paired at once.
    let (_second, hosting) = seeker(addr, gunjin("Aki", None)).await;
    let joining = lobby_news(&mut first).await;
    let after = lobby_until(&mut watcher, |l| l.seeks.len() == 2).await;
    assert!(!seeking(&after, &first_seek));
    sit_down(addr, hosting, joining).await;
}

#[tokio::test]
async fn a_cancelled_seek_and_a_dropped_ones_leave_the_lobby() {
    let (server, _scratch) = start("lobby-cancel").await;
    let addr = server.addr;
    let mut watcher = follower(addr).await;
    let (mut cancelling, news) = seeker(addr, gunjin("Bo", None)).await;
    let cancelled = seek_id(&news);
    let (dropping, news) = seeker(addr, shogi("Chie")).await;
    let dropped = seek_id(&news);
    lobby_until(&mut watcher, |l| {
        seeking(l, &cancelled) && seeking(l, &dropped)
    })
    .await;
    cancelling.send(&lobby(LobbyAct::CancelSeek)).await.unwrap();
    lobby_until(&mut watcher, |l| !seeking(l, &cancelled)).await;
    drop(dropping);
    lobby_until(&mut watcher, |l| l.seeks.is_empty()).await;
    // Neither pairs any more: a seek like each waits.
    let (_late, news) = seeker(addr, gunjin("Aki", None)).await;
    seek_id(&news);
    let (_later, news) = seeker(addr, shogi("Dai")).await;
    seek_id(&news);
}

#[tokio::test]
async fn a_flood_of_seeks_is_refused() {
    let (server, _scratch) = start_with("lobby-flood", |config| {
        quick(config);
        config.seeks_per_addr = 3;
        // No seek comes back during the test, however slow the machine.
        config.seek_rate.per_sec = 1e-6;
    })
    .await;
    let addr = server.addr;
    // One connection seeking again and again: each replaces the last,
    // until the address's rate is spent.
    let mut flooder = Bot::connect(addr, 1).await.unwrap();
    let burst = Config::default().seek_rate.burst as usize;
    for _ in 0..burst {
        flooder
            .send(&lobby(LobbyAct::Seek(shogi("F"))))
            .await
            .unwrap();
        seek_id(&lobby_news(&mut flooder).await);
    }
    flooder
        .send(&lobby(LobbyAct::Seek(shogi("F"))))
        .await
        .unwrap();
    assert_eq!(next_error(&mut flooder).await, ErrorCode::TooManySeeks);
    // The flooder stays connected and its last seek waits.
    let mut watcher = follower(addr).await;
    let shown = lobby_until(&mut watcher, |l| !l.seeks.is_empty()).await;
    assert_eq!(shown.seeks.len(), 1, "{shown:?}");
    // From another address, seeks on many connections: past the cap on
    // seeks waiting, refused.
    let from = Some("127.0.0.2".parse().unwrap());
    let mut held = Vec::new();
    for i in 0..3 {
        let mut bot = Bot::connect_from(addr, from, i, None).await.unwrap();
        let clock = Some(Clock::PerMove {
            millis: 1000 * (i + 1),
        });
        bot.send(&lobby(LobbyAct::Seek(gunjin("G", clock))))
            .await
            .unwrap();
        seek_id(&lobby_news(&mut bot).await);
        held.push(bot);
    }
    let mut one_more = Bot::connect_from(addr, from, 9, None).await.unwrap();
    one_more
        .send(&lobby(LobbyAct::Seek(shogi("G"))))
        .await
        .unwrap();
    assert_eq!(next_error(&mut one_more).await, ErrorCode::TooManySeeks);
}

#[tokio::test]
async fn followers_past_the_address_cap_are_refused() {
    let (server, _scratch) = start_with("lobby-followers", |config| {
        quick(config);
        config.lobby_per_addr = 2;
    })
    .await;
    let addr = server.addr;
    let mut two = Vec::new();
    for _ in 0..2 {
        let mut bot = follower(addr).await;
        lobby_until(&mut bot, |_| true).await;
        two.push(bot);
    }
    let mut third = follower(addr).await;
    assert_eq!(next_error(&mut third).await, ErrorCode::TooManyInLobby);
    // One leaves: its place is free again.
    drop(two.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = follower(addr).await;
    lobby_until(&mut again, |_| true).await;
}

#[tokio::test]
async fn a_lobby_follower_is_not_timed_out_for_taking_no_seat() {
    let (server, _scratch) = start("lobby-no-timeout").await;
    let mut watcher = follower(server.addr).await;
    // The test settings close a seatless connection after 2 s.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_seeking, _) = seeker(server.addr, shogi("Aki")).await;
    lobby_until(&mut watcher, |l| l.seeks.len() == 1).await;
}

#[tokio::test]
async fn two_nodes_sharing_a_store_list_and_pair_alike() {
    let scratch = Scratch::new("lobby-two-nodes");
    let node = |name: &str| {
        let mut config = scratch.config();
        quick(&mut config);
        config.node = name.into();
        config
    };
    let one = Server::start(node("n1")).await.unwrap();
    let two = Server::start(node("n2")).await.unwrap();
    let mut watcher = follower(two.addr).await;
    let (mut waiting, news) = seeker(one.addr, gunjin("Bo", None)).await;
    let seek = seek_id(&news);
    lobby_until(&mut watcher, |l| seeking(l, &seek)).await;
    let (_pairing, hosting) = seeker(two.addr, gunjin("Aki", None)).await;
    let joining = lobby_news(&mut waiting).await;
    // The table is node two's.
    sit_down(two.addr, hosting, joining).await;
    lobby_until(&mut watcher, |l| l.seeks.is_empty() && l.playing == 1).await;
}
