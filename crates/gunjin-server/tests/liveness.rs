//! Clients that stop reading or go silent lose their seat's connection as
//! on a disconnection: the opponent is told, the forfeit timer runs, and
//! the seat's token takes it back. (A WebSocket that cannot write cannot
//! read either, so only the server's own queue tells a slow reader.)

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::bot::Bot;
use futures_util::{SinkExt, StreamExt};
use gunjin_rules::Color;
use gunjin_table::{
    ClientMessage, GunjinAct, SeatNews, Seating, ServerMessage, TableNews, WS_PATH,
};
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::Message;

/// Waits for the host to hear that `side` is away, with a forfeit timer.
async fn told_away(host: &mut Bot, side: Color) {
    loop {
        if let ServerMessage::Table(TableNews::Presence {
            side: s,
            connected: false,
            forfeit_in_millis: Some(_),
        }) = host.recv().await.unwrap()
            && s == side
        {
            return;
        }
    }
}

/// A WebSocket whose receive buffer is as small as the system allows, so
/// the server's queue for it fills soon once it stops reading.
async fn small_socket(
    addr: SocketAddr,
) -> tokio_tungstenite::WebSocketStream<tokio::net::TcpStream> {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(addr).await.unwrap();
    let (ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}{WS_PATH}"), tcp)
        .await
        .unwrap();
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_disconnected_and_resumes() {
    let (server, _scratch) = common::start_with("slow-reader", |c| {
        c.outbox = 16;
        c.send_buffer = Some(4096);
    })
    .await;
    let mut host = Bot::open(server.addr, 40, gunjin_rules::Rules::KIRAKUKEN)
        .await
        .unwrap();
    let mut slow = small_socket(server.addr).await;
    let join = ClientMessage::Seat(Seating::Join {
        table: host.table.clone(),
        name: "slow".into(),
    });
    slow.send(Message::text(serde_json::to_string(&join).unwrap()))
        .await
        .unwrap();
    let token = loop {
        let Some(Ok(Message::Text(text))) = slow.next().await else {
            panic!("no welcome")
        };
        if let Ok(ServerMessage::Seat(SeatNews::Welcome { token, .. })) =
            serde_json::from_str(text.as_str())
        {
            break token;
        }
    };
    // It never reads again, yet keeps asking what the table refuses (a
    // move before the game): the answers fill its queue, in a bounded
    // number of messages, and the host hears it counts as away.
    let early = ClientMessage::Gunjin(GunjinAct::Move("b4-b5".into()));
    let not_yet = serde_json::to_string(&early).unwrap();
    let asking = tokio::spawn(async move {
        for _ in 0..20_000 {
            if slow.send(Message::text(not_yet.clone())).await.is_err() {
                break;
            }
        }
        slow
    });
    // (Told before the join that North is empty, then that it is away
    // with its forfeit timer running.)
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(30));
        if let ServerMessage::Table(TableNews::Presence {
            side: Color::North,
            connected: false,
            forfeit_in_millis: Some(_),
        }) = host.recv().await.unwrap()
        {
            break;
        }
    }
    let mut slow = asking.await.unwrap();
    // Its connection is closed: reading through what was queued ends.
    let drained = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(_)) = slow.next().await {}
    })
    .await;
    assert!(drained.is_ok(), "the slow connection is closed");
    // The token takes the seat back; the host hears so.
    let back = Bot::resume(server.addr, 41, &host.table, &token)
        .await
        .unwrap();
    assert_eq!(back.side, Color::North);
    loop {
        if let ServerMessage::Table(TableNews::Presence {
            side: Color::North,
            connected: true,
            ..
        }) = host.recv().await.unwrap()
        {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_client_counts_as_away() {
    let (server, _scratch) = common::start_with("silent", |c| {
        c.ping_interval = Duration::from_millis(200);
        c.ping_timeout = Duration::from_millis(800);
    })
    .await;
    let (mut host, mut guest) = common::pair(server.addr, 42).await;
    common::play_until(&mut host, &mut guest, 0).await;
    // The guest stops reading, so it answers no ping (a frozen client);
    // the host, reading, answers them and stays.
    let start = Instant::now();
    told_away(&mut host, guest.side).await;
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(guest.closed().await);
    let mut guest = Bot::resume(server.addr, 43, &guest.table, &guest.token)
        .await
        .unwrap();
    while guest.view.is_none() {
        guest.step().await.unwrap();
    }
}
