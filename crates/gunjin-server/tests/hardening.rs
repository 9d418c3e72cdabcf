//! What the server refuses: bad moves (the connection stays), malformed
//! and oversized messages, forged tokens (the connection closes),
//! and floods (rate limited; a seat reconnecting in a loop reaches its
//! opponent as a few coalesced updates).

mod common;

use common::bot::Bot;
use gunjin_rules::{Move, Rules};
use gunjin_server::{Rate, Server};
use gunjin_table::{
    ClientMessage, ErrorCode, GameOpen, GunjinAct, GunjinNews, Level, MAX_MESSAGE_BYTES, Open,
    SeatNews, Seating, ServerMessage, TableAct, TableNews,
};

use common::next_error;

/// A seated pair whose game has started: (to move, waiting).
async fn started(addr: std::net::SocketAddr, seed: u64) -> (Bot, Bot) {
    let (mut host, mut guest) = common::pair(addr, seed).await;
    common::play_until(&mut host, &mut guest, 0).await;
    let host_moves = host.view.as_ref().unwrap().is_my_turn();
    if host_moves {
        (host, guest)
    } else {
        (guest, host)
    }
}

/// The mover moves again, and the waiting seat is told.
async fn the_game_goes_on(mover: &mut Bot, waiter: &mut Bot) {
    mover.stop_at = None;
    mover.move_if_my_turn().await.unwrap();
    loop {
        if let ServerMessage::Gunjin(GunjinNews::Step(p)) = waiter.recv().await.unwrap() {
            assert_eq!(p.side, mover.side);
            break;
        }
    }
}

#[tokio::test]
async fn illegal_and_out_of_turn_moves_are_refused_and_the_game_goes_on() {
    let (server, _scratch) = common::start("bad-moves").await;
    let (mut mover, mut waiter) = started(server.addr, 30).await;
    let view = mover.view.clone().unwrap();
    // Onto one's own piece: never legal.
    let illegal = Move::step(view.own()[0].square, view.own()[1].square);
    assert!(!view.legal_moves().contains(&illegal));
    mover
        .send(&ClientMessage::Gunjin(GunjinAct::Move(illegal.into())))
        .await
        .unwrap();
    assert_eq!(next_error(&mut mover).await, ErrorCode::IllegalMove);

    let theirs = view.legal_moves()[0];
    waiter
        .send(&ClientMessage::Gunjin(GunjinAct::Move(theirs.into())))
        .await
        .unwrap();
    assert_eq!(next_error(&mut waiter).await, ErrorCode::NotYourTurn);

    // Setup messages are out of phase now; both connections still work.
    waiter
        .send(&ClientMessage::Gunjin(GunjinAct::Ready {
            setup: *view.own_setup().unwrap(),
        }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut waiter).await, ErrorCode::WrongPhase);
    the_game_goes_on(&mut mover, &mut waiter).await;
}

#[tokio::test]
async fn malformed_and_oversized_messages_close_the_connection() {
    let (server, _scratch) = common::start("malformed").await;
    let bad = [
        "not json".to_owned(),
        r#"{"move":null}"#.to_owned(),
        r#"{"join":{"table":"00ff","name":"x","kind":"General"}}"#.to_owned(),
        r#"{"open":{"name":"x","rules":"htsrf"}}"#.to_owned(),
    ];
    for text in bad {
        let mut bot = Bot::connect(server.addr, 1).await.unwrap();
        bot.send_raw(text.clone()).await.unwrap();
        assert_eq!(next_error(&mut bot).await, ErrorCode::BadMessage, "{text}");
        assert!(bot.closed().await, "{text}");
    }
    let (mut mover, _waiter) = started(server.addr, 31).await;
    let padding = " ".repeat(MAX_MESSAGE_BYTES + 1);
    mover
        .send_raw(format!(r#""resign"{padding}"#))
        .await
        .unwrap();
    assert_eq!(next_error(&mut mover).await, ErrorCode::TooLarge);
    assert!(mover.closed().await);
}

#[tokio::test]
async fn forged_tokens_and_unknown_tables_are_refused() {
    let (server, _scratch) = common::start("forged").await;
    let (host, _guest) = common::pair(server.addr, 32).await;
    let forged = "0".repeat(32);
    for (table, token, code) in [
        (host.table.as_str(), forged.as_str(), ErrorCode::BadToken),
        (host.table.as_str(), "", ErrorCode::BadToken),
        ("no-such-table", host.token.as_str(), ErrorCode::NoSuchTable),
    ] {
        let mut bot = Bot::connect(server.addr, 2).await.unwrap();
        bot.send(&ClientMessage::Seat(Seating::Resume {
            table: table.into(),
            token: token.into(),
            rotate: false,
        }))
        .await
        .unwrap();
        assert_eq!(next_error(&mut bot).await, code);
        assert!(bot.closed().await);
    }
    // A third player finds the table full.
    let mut third = Bot::connect(server.addr, 3).await.unwrap();
    third
        .send(&ClientMessage::Seat(Seating::Join {
            table: host.table.clone(),
            name: "third".into(),
        }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut third).await, ErrorCode::TableFull);
    assert!(third.closed().await);
}

#[tokio::test]
async fn seat_rules_names_and_levels_are_checked() {
    let (server, _scratch) = common::start("seats").await;
    let mut bot = Bot::connect(server.addr, 4).await.unwrap();
    bot.send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    assert_eq!(next_error(&mut bot).await, ErrorCode::NoSeat);
    let long = "x".repeat(100);
    bot.send(&ClientMessage::Seat(Seating::Open(Open {
        name: long,
        game: GameOpen::Gunjin {
            rules: Rules::KIRAKUKEN,
        },
        clock: None,
    })))
    .await
    .unwrap();
    assert_eq!(next_error(&mut bot).await, ErrorCode::BadName);

    let (mut host, mut guest) = common::pair(server.addr, 33).await;
    guest
        .send(&ClientMessage::Table(TableAct::AddCpu {
            level: Level::Easy.into(),
        }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut guest).await, ErrorCode::NotHost);
    let mut host2 = Bot::open(server.addr, 34, Rules::KIRAKUKEN).await.unwrap();
    host2
        .send_raw(r#"{"add_cpu":{"level":"godlike"}}"#.into())
        .await
        .unwrap();
    assert_eq!(next_error(&mut host2).await, ErrorCode::BadLevel);
    // A bad level keeps the connection: the host may pick another.
    host2
        .send(&ClientMessage::Table(TableAct::AddCpu {
            level: Level::Easy.into(),
        }))
        .await
        .unwrap();
    while !matches!(host2.recv().await.unwrap(), ServerMessage::Table(TableNews::State(t))
        if t.seats.north.as_ref().is_some_and(|s| s.cpu == Some(Level::Easy.into())))
    {}
    host.send(&ClientMessage::Seat(Seating::Join {
        table: host.table.clone(),
        name: "again".into(),
    }))
    .await
    .unwrap();
    assert_eq!(next_error(&mut host).await, ErrorCode::NoSeat);
}

#[tokio::test]
async fn a_flood_is_rate_limited() {
    let scratch = common::Scratch::new("flood");
    let mut config = scratch.config();
    config.rate = Rate {
        burst: 5.0,
        per_sec: 1.0,
    };
    let server = Server::start(config).await.unwrap();
    let mut host = Bot::open(server.addr, 35, Rules::KIRAKUKEN).await.unwrap();
    for _ in 0..10 {
        host.send(&ClientMessage::Table(TableAct::Resign))
            .await
            .unwrap();
    }
    let mut codes = Vec::new();
    for _ in 0..10 {
        codes.push(next_error(&mut host).await);
    }
    // The open took one token: four more get through (and are refused as
    // out of phase), the rest are dropped.
    assert_eq!(
        codes
            .iter()
            .filter(|&&c| c == ErrorCode::WrongPhase)
            .count(),
        4
    );
    assert_eq!(
        codes
            .iter()
            .filter(|&&c| c == ErrorCode::RateLimited)
            .count(),
        6
    );
}

#[tokio::test]
async fn a_malformed_setup_is_refused_and_the_connection_stays() {
    let (server, _scratch) = common::start("bad-setup").await;
    let (mut host, _guest) = common::pair(server.addr, 36).await;
    for text in [
        r#"{"ready":{"setup":"not a setup"}}"#,
        r#"{"draft":{"setup":{"slots":[1,2]}}}"#,
        r#"{"ready":{"setup":"ATNESV/SPOJNT/EXFCPY/XAGML","x":1}}"#,
    ] {
        host.send_raw(text.into()).await.unwrap();
        assert_eq!(next_error(&mut host).await, ErrorCode::BadSetup, "{text}");
    }
    // The same connection still sets up and the game starts.
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1);
    let setup = gunjin_rules::Setup::random(Rules::KIRAKUKEN, &mut rng);
    host.send(&ClientMessage::Gunjin(GunjinAct::Ready { setup }))
        .await
        .unwrap();
    loop {
        match host.recv().await.unwrap() {
            ServerMessage::Table(TableNews::State(t))
                if t.phase != gunjin_table::Phase::Waiting =>
            {
                if let gunjin_table::Phase::Setup { ready, .. } = t.phase
                    && ready[host.side]
                {
                    break;
                }
            }
            ServerMessage::Seat(SeatNews::Error { code, .. }) => panic!("{code}"),
            _ => {}
        }
    }
}

#[tokio::test]
async fn names_that_hide_or_pass_for_the_cpu_are_refused() {
    let (server, _scratch) = common::start("names").await;
    for name in [
        "CPU (Hard)",
        "ＣＰＵ",
        "\u{200B}\u{200C}",
        "Aki\u{202E}",
        "\u{2067}x",
    ] {
        let mut bot = Bot::connect(server.addr, 5).await.unwrap();
        bot.send(&ClientMessage::Seat(Seating::Open(Open {
            name: name.into(),
            game: GameOpen::Gunjin {
                rules: Rules::KIRAKUKEN,
            },
            clock: None,
        })))
        .await
        .unwrap();
        assert_eq!(next_error(&mut bot).await, ErrorCode::BadName, "{name:?}");
    }
}

#[tokio::test]
async fn a_seat_token_rotated_on_resume_replaces_the_old_one() {
    let (server, _scratch) = common::start("rotate").await;
    let (host, _guest) = common::pair(server.addr, 37).await;
    let mut bot = Bot::connect(server.addr, 6).await.unwrap();
    bot.send(&ClientMessage::Seat(Seating::Resume {
        table: host.table.clone(),
        token: host.token.clone(),
        rotate: true,
    }))
    .await
    .unwrap();
    let new = match bot.recv().await.unwrap() {
        ServerMessage::Seat(SeatNews::Welcome { token, side, .. }) => {
            assert_eq!(side, host.side);
            token
        }
        other => panic!("{other:?}"),
    };
    assert_ne!(new, host.token);
    // The leaked token no longer opens the seat; the new one does.
    assert!(
        Bot::resume(server.addr, 7, &host.table, &host.token)
            .await
            .is_err()
    );
    let back = Bot::resume(server.addr, 8, &host.table, &new)
        .await
        .unwrap();
    assert_eq!(back.side, host.side);
}

/// One seat reconnecting with its own token as fast as it can: its
/// resumes are limited, and its opponent gets a few coalesced updates a
/// second, not two per reconnection; the game then goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_reconnecting_in_a_loop_does_not_flood_the_other() {
    use std::time::{Duration, Instant};
    let (server, _scratch) = common::start("resume-flood").await;
    let (mut mover, waiter) = started(server.addr, 50).await;
    let (addr, table, token) = (server.addr, waiter.table.clone(), waiter.token.clone());
    let waiter_token = token.clone();
    drop(waiter);
    let flood = Duration::from_secs(3);
    let flooding = tokio::spawn(async move {
        let (mut welcomed, mut refused) = (0, 0);
        let end = Instant::now() + flood;
        while Instant::now() < end {
            let mut bot = Bot::connect(addr, 51).await.unwrap();
            let resume = ClientMessage::Seat(Seating::Resume {
                table: table.clone(),
                token: token.clone(),
                rotate: false,
            });
            bot.send(&resume).await.unwrap();
            match bot.recv().await.unwrap() {
                ServerMessage::Seat(SeatNews::Welcome { .. }) => welcomed += 1,
                ServerMessage::Seat(SeatNews::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }) => refused += 1,
                other => panic!("{other:?}"),
            }
        }
        (welcomed, refused)
    });
    // What the other seat is sent meanwhile.
    let (mut received, before) = (0, mover.bytes);
    let end = Instant::now() + flood;
    while let Ok(Ok(_)) = tokio::time::timeout_at(end.into(), mover.recv()).await {
        received += 1;
    }
    let bytes = mover.bytes - before;
    let (welcomed, refused) = flooding.await.unwrap();
    eprintln!(
        "{welcomed} resumes taken, {refused} refused in {flood:?}; \
         the other seat got {received} messages ({bytes} bytes in all)"
    );
    assert!(welcomed <= 12, "{welcomed} resumes taken");
    assert!(refused > welcomed, "{refused} refused");
    assert!(received <= 6 + 4 * 3 + 4, "{received} messages");
    // The game goes on: the seat comes back once it waited.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut waiter = Bot::resume(server.addr, 52, &mover.table, &waiter_token)
        .await
        .unwrap();
    the_game_goes_on(&mut mover, &mut waiter).await;
}
