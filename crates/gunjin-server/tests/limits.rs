//! The caps and timeouts on connections and tables: a socket that says
//! nothing, half a request, a WebSocket that takes no seat, too many
//! connections from one address or in total, too many tables.

mod common;

use std::time::{Duration, Instant};

use common::bot::Bot;
use common::next_error;
use gunjin_rules::Rules;
use gunjin_table::{ClientMessage, ErrorCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads until the server closes the socket; how long that took.
async fn closed_after(tcp: &mut TcpStream) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 1024];
    let read = async { while tcp.read(&mut buf).await.is_ok_and(|n| n > 0) {} };
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .expect("the server closes the socket");
    start.elapsed()
}

#[tokio::test]
async fn silent_sockets_and_half_sent_headers_are_closed() {
    let (server, _scratch) = common::start_with("header-timeout", |c| {
        c.header_timeout = Duration::from_millis(500);
    })
    .await;
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: test\r\n")
        .await
        .unwrap();
    for tcp in [&mut silent, &mut half] {
        let after = closed_after(tcp).await;
        assert!(after < Duration::from_secs(3), "{after:?}");
    }
}

#[tokio::test]
async fn a_websocket_that_takes_no_seat_is_closed() {
    let (server, _scratch) = common::start_with("first-message", |c| {
        c.first_message = Duration::from_millis(500);
    })
    .await;
    let start = Instant::now();
    let mut bot = Bot::connect(server.addr, 1).await.unwrap();
    assert_eq!(next_error(&mut bot).await, ErrorCode::TimedOut);
    assert!(bot.closed().await);
    assert!(start.elapsed() < Duration::from_secs(3));
}

/// Whether a WebSocket handshake is refused with a 503.
async fn refused(addr: std::net::SocketAddr) -> bool {
    match Bot::connect(addr, 1).await {
        Ok(_) => false,
        Err(e) => e.contains("503"),
    }
}

#[tokio::test]
async fn connections_are_capped_per_address_and_in_total() {
    for (name, total, per_addr) in [("per-addr", 100, 3), ("total", 3, 100)] {
        let (server, _scratch) = common::start_with(name, |c| {
            c.max_conns = total;
            c.max_conns_per_addr = per_addr;
        })
        .await;
        // Raw sockets count as much as WebSockets.
        let raw = TcpStream::connect(server.addr).await.unwrap();
        let a = Bot::connect(server.addr, 1).await.unwrap();
        let _b = Bot::connect(server.addr, 2).await.unwrap();
        assert!(refused(server.addr).await, "{name}");
        drop((raw, a));
        // The places free up as the server sees the sockets close.
        let start = Instant::now();
        while refused(server.addr).await {
            assert!(start.elapsed() < Duration::from_secs(3), "{name}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Opens a table; the error if refused.
async fn open(addr: std::net::SocketAddr) -> Option<ErrorCode> {
    let mut bot = Bot::connect(addr, 1).await.unwrap();
    bot.send(&ClientMessage::Open {
        name: "host".into(),
        rules: Rules::KIRAKUKEN,
        clock: None,
    })
    .await
    .unwrap();
    match bot.recv().await.unwrap() {
        gunjin_table::ServerMessage::Welcome { .. } => None,
        gunjin_table::ServerMessage::Error { code, .. } => Some(code),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn tables_are_capped_per_address_and_in_total() {
    let (server, _scratch) = common::start_with("tables-per-addr", |c| {
        c.tables_per_addr_hour = 2;
    })
    .await;
    assert_eq!(open(server.addr).await, None);
    assert_eq!(open(server.addr).await, None);
    assert_eq!(open(server.addr).await, Some(ErrorCode::TooManyTables));

    let (server, _scratch) = common::start_with("tables-total", |c| {
        c.max_tables = 1;
    })
    .await;
    assert_eq!(open(server.addr).await, None);
    assert_eq!(open(server.addr).await, Some(ErrorCode::ServerFull));
}
