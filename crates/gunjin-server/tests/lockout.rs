//! Nobody is locked out: tables nobody joined make room for new ones and
//! close soon by themselves, and one address holds only so many seats, so
//! after an attack of either kind from many addresses a new player opens a
//! table and plays a whole game.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use common::bot::Bot;
use gunjin_rules::Rules;
use gunjin_table::{ClientMessage, ErrorCode, SeatNews, Seating, ServerMessage};

/// The loopback address 127.0.0.`n`: another client to the server.
fn client(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
}

/// A new player at a fresh address opens a table, a friend at another
/// joins, and they play a whole game.
async fn a_new_player_plays_a_whole_game(addr: SocketAddr) {
    let mut host = Bot::open_from(addr, client(200), 200, Rules::KIRAKUKEN)
        .await
        .expect("a new player opens a table");
    let mut guest = Bot::join_from(addr, Some(client(201)), 201, &host.table)
        .await
        .expect("a friend sits down");
    common::play_out(&mut host, &mut guest).await;
}

/// Whether the table is open (a resume with a wrong token is refused
/// with `bad_token` rather than `no_such_table`).
async fn exists(addr: SocketAddr, table: &str) -> bool {
    let mut bot = Bot::connect(addr, 9).await.unwrap();
    let resume = ClientMessage::Seat(Seating::Resume {
        table: table.into(),
        token: "0".repeat(32),
        rotate: false,
    });
    bot.send(&resume).await.unwrap();
    match bot.recv().await.unwrap() {
        ServerMessage::Seat(SeatNews::Error {
            code: ErrorCode::BadToken,
            ..
        }) => true,
        ServerMessage::Seat(SeatNews::Error {
            code: ErrorCode::NoSuchTable,
            ..
        }) => false,
        other => panic!("{other:?}"),
    }
}

/// Keeps a bot's socket read (so it answers the server's pings) until the
/// task is aborted.
fn hold(mut bot: Bot) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move { while bot.recv().await.is_ok() {} })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_nobody_joined_make_room_and_close_soon() {
    let (server, _scratch) = common::start_with("lockout-tables", |c| {
        c.max_tables = 24;
        c.tables_per_addr_hour = 4;
        c.unjoined = Duration::from_secs(3);
    })
    .await;
    let addr = server.addr;
    // A game being played before the attack.
    let (mut honest_host, mut honest_guest) = common::pair(addr, 1).await;
    common::play_until(&mut honest_host, &mut honest_guest, 10).await;
    // Eight addresses open four tables each, more than the server takes:
    // half leave at once, half stay waiting.
    let mut waiting = Vec::new();
    let mut deserted = Vec::new();
    for n in 0..8u8 {
        for t in 0..4u8 {
            let seed = 100 + u64::from(4 * n + t);
            let bot = Bot::open_from(addr, client(10 + n), seed, Rules::KIRAKUKEN)
                .await
                .expect("a full server makes room for a table");
            if t % 2 == 0 {
                deserted.push(bot.table.clone());
            } else {
                waiting.push(hold(bot));
            }
        }
    }
    // The first deserted tables made room for the last ones.
    let mut gone = 0;
    for table in &deserted {
        gone += usize::from(!exists(addr, table).await);
    }
    assert!(
        gone >= 8,
        "{gone} of {} closed to make room",
        deserted.len()
    );
    a_new_player_plays_a_whole_game(addr).await;
    // The game being played went on through it all.
    for bot in [&mut honest_host, &mut honest_guest] {
        bot.stop_at = None;
        bot.move_if_my_turn().await.unwrap();
    }
    common::play_out(&mut honest_host, &mut honest_guest).await;
    // A table nobody joined closes soon once its host left; one whose host
    // stays waits on.
    tokio::time::sleep(Duration::from_secs(4)).await;
    for table in &deserted {
        assert!(!exists(addr, table).await);
    }
    assert!(waiting.iter().all(|held| !held.is_finished()));
    waiting.iter().for_each(|held| held.abort());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_held_from_many_addresses_leave_room_for_a_new_player() {
    let (server, _scratch) = common::start_with("lockout-seats", |c| {
        c.max_conns = 100;
        c.seats_per_addr = 3;
    })
    .await;
    let addr = server.addr;
    // Thirty addresses each try to hold four seats: two tables, each
    // joined from the same address.
    let mut held = Vec::new();
    let mut refused = 0;
    for n in 0..30u8 {
        let from = client(10 + n);
        for t in 0..2u8 {
            let seed = 1000 + u64::from(2 * n + t);
            let host = match Bot::open_from(addr, from, seed, Rules::KIRAKUKEN).await {
                Ok(host) => host,
                Err(e) if e.contains("too_many_seats") || e.contains("TooManySeats") => {
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("{e}"),
            };
            match Bot::join_from(addr, Some(from), seed + 500, &host.table).await {
                Ok(guest) => held.push(hold(guest)),
                Err(e) => {
                    assert!(e.contains("TooManySeats"), "{e}");
                    refused += 1;
                }
            }
            held.push(hold(host));
        }
    }
    assert_eq!((held.len(), refused), (90, 30));
    a_new_player_plays_a_whole_game(addr).await;
    assert!(held.iter().all(|h| !h.is_finished()), "the seats are held");
    held.iter().for_each(|h| h.abort());
}
