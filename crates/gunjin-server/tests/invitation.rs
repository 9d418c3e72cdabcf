//! What an invite link leads to, asked before sitting down (`peek`, over
//! real WebSockets): the game, the host, whether a seat is free and the
//! clock, and nothing else; an unknown table is said at once, and the
//! connection that asked holds no seat.

mod common;

use common::bot::Bot;
use gunjin_rules::Rules;
use gunjin_table::{
    ClientMessage, Clock, ErrorCode, GameTag, Invitation, SeatNews, Seating, ServerMessage,
    TableAct,
};

/// What a fresh connection is told when it peeks at `table`.
async fn peek(bot: &mut Bot, table: &str) -> Result<Invitation, ErrorCode> {
    let peek = ClientMessage::Seat(Seating::Peek {
        table: table.into(),
    });
    bot.send(&peek).await.unwrap();
    match bot.recv().await.unwrap() {
        ServerMessage::Seat(SeatNews::Invitation(invitation)) => Ok(invitation),
        ServerMessage::Seat(SeatNews::Error { code, .. }) => Err(code),
        other => panic!("expected an invitation, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peek_tells_the_table_and_seats_nobody() {
    let (server, _scratch) = common::start("peek").await;
    let rules: Rules = "c25-texrt".parse().unwrap();
    let clock = Clock::PerMove { millis: 60_000 };
    let host = Bot::open_clocked(server.addr, 1, rules, Some(clock))
        .await
        .unwrap();
    let mut guest = Bot::connect_to(server.addr, 2, Some(&host.table))
        .await
        .unwrap();
    let invitation = peek(&mut guest, &host.table).await.unwrap();
    assert_eq!(
        invitation,
        Invitation {
            game: GameTag::Gunjin,
            rules,
            host: "host".into(),
            full: false,
            clock: Some(clock),
        }
    );
    // The connection holds no seat: it acts for none, and may then sit.
    guest
        .send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    assert_eq!(common::next_error(&mut guest).await, ErrorCode::NoSeat);
    let join = ClientMessage::Seat(Seating::Join {
        table: host.table.clone(),
        name: "Ben".into(),
    });
    guest.send(&join).await.unwrap();
    assert!(matches!(
        guest.recv().await.unwrap(),
        ServerMessage::Seat(SeatNews::Welcome { .. })
    ));

    // Both seats taken: the next one to follow the link is told at once.
    let mut third = Bot::connect_to(server.addr, 3, Some(&host.table))
        .await
        .unwrap();
    let full = peek(&mut third, &host.table).await.unwrap();
    assert!(full.full);
    assert_eq!(full.host, "host");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peek_names_a_shogi_table_and_an_unknown_one_is_refused() {
    let (server, _scratch) = common::start("peek-shogi").await;
    let host = Bot::open_shogi(server.addr, 1, None).await.unwrap();
    let mut guest = Bot::connect(server.addr, 2).await.unwrap();
    let invitation = peek(&mut guest, &host.table).await.unwrap();
    assert_eq!((invitation.game, invitation.full), (GameTag::Shogi, false));
    assert_eq!(invitation.clock, None);

    let mut stranger = Bot::connect(server.addr, 3).await.unwrap();
    let unknown = "0".repeat(32);
    assert_eq!(
        peek(&mut stranger, &unknown).await,
        Err(ErrorCode::NoSuchTable)
    );
    assert!(stranger.closed().await);
}
