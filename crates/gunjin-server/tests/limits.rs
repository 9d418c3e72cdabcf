//! The caps and timeouts on connections and tables: a socket that says
//! nothing, half a request, a WebSocket that takes no seat, too many
//! connections from one address or in total, too many tables.

mod common;

use std::time::{Duration, Instant};

use common::bot::Bot;
use common::next_error;
use gunjin_rules::Rules;
use gunjin_table::{ClientMessage, ErrorCode, GameOpen, Open, SeatNews, Seating, ServerMessage};
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
    bot.send(&ClientMessage::Seat(Seating::Open(Open {
        name: "host".into(),
        game: GameOpen::Gunjin {
            rules: Rules::KIRAKUKEN,
        },
        clock: None,
    })))
    .await
    .unwrap();
    match bot.recv().await.unwrap() {
        ServerMessage::Seat(SeatNews::Welcome { .. }) => None,
        ServerMessage::Seat(SeatNews::Error { code, .. }) => Some(code),
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

    // A full server makes room by closing a table nobody joined; one being
    // played never goes.
    let (server, _scratch) = common::start_with("tables-total", |c| {
        c.max_tables = 1;
    })
    .await;
    assert_eq!(open(server.addr).await, None);
    let (_host, _guest) = common::pair(server.addr, 1).await;
    assert_eq!(open(server.addr).await, Some(ErrorCode::ServerFull));
}

type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A WebSocket from the loopback address `source` whose handshake says it
/// forwards `client` (`X-Forwarded-For`); the error if refused.
async fn forwarding(
    server: std::net::SocketAddr,
    source: [u8; 4],
    client: &str,
) -> Result<Socket, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.bind((source, 0).into()).unwrap();
    let tcp = tcp.connect(server).await.map_err(|e| e.to_string())?;
    let mut request = format!("ws://{server}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", client.parse().unwrap());
    let (socket, _) = tokio_tungstenite::client_async(request, tcp)
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}

/// Opens a table on `socket`; the error if refused.
async fn open_on(mut socket: Socket) -> Option<ErrorCode> {
    use futures_util::{SinkExt, StreamExt};
    use gunjin_table::ServerMessage;
    let open = ClientMessage::Seat(Seating::Open(Open {
        name: "host".into(),
        game: GameOpen::Gunjin {
            rules: Rules::KIRAKUKEN,
        },
        clock: None,
    }));
    let text = serde_json::to_string(&open).unwrap();
    socket.send(text.into()).await.unwrap();
    let reply = socket.next().await.unwrap().unwrap();
    match serde_json::from_str(reply.to_text().unwrap()).unwrap() {
        ServerMessage::Seat(SeatNews::Welcome { .. }) => None,
        ServerMessage::Seat(SeatNews::Error { code, .. }) => Some(code),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_trusted_proxys_clients_are_capped_by_the_address_it_forwards() {
    let (server, _scratch) = common::start_with("trust-proxy", |c| {
        c.max_conns_per_addr = 2;
        c.tables_per_addr_hour = 1;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let (proxy, stranger) = ([127, 0, 0, 1], [127, 0, 0, 2]);
    let addr = server.addr;
    // Through the proxy: two places for each client, the proxy uncapped.
    let mut held = Vec::new();
    for client in ["192.0.2.1", "192.0.2.1", "192.0.2.2"] {
        held.push(forwarding(addr, proxy, client).await.unwrap());
    }
    let full = forwarding(addr, proxy, "192.0.2.1").await.err().unwrap();
    assert!(full.contains("503"), "{full}");
    // The address the proxy appended counts, not the client's own claim.
    let spoofed = forwarding(addr, proxy, "192.0.2.9, 192.0.2.1").await;
    assert!(spoofed.err().unwrap().contains("503"));
    // Tables too are counted by the forwarded client.
    assert_eq!(open_on(held.pop().unwrap()).await, None);
    let again = forwarding(addr, proxy, "192.0.2.2").await.unwrap();
    assert_eq!(open_on(again).await, Some(ErrorCode::TooManyTables));
    // Anyone else's header is not believed: they count as themselves.
    let _a = forwarding(addr, stranger, "198.51.100.1").await.unwrap();
    let _b = forwarding(addr, stranger, "198.51.100.2").await.unwrap();
    let c = forwarding(addr, stranger, "198.51.100.3").await;
    assert!(c.err().unwrap().contains("503"));
}

/// An IPv6 client counts by its /64: the addresses of one network are one
/// client (a subscriber is given a whole /64), another network another.
#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64() {
    let (server, _scratch) = common::start_with("per-64", |c| {
        c.max_conns_per_addr = 2;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let (addr, proxy) = (server.addr, [127, 0, 0, 1]);
    let _a = forwarding(addr, proxy, "2001:db8:1:1::1").await.unwrap();
    let _b = forwarding(addr, proxy, "2001:db8:1:1:ffff:ffff:ffff:fffe")
        .await
        .unwrap();
    let full = forwarding(addr, proxy, "2001:db8:1:1::2")
        .await
        .err()
        .unwrap();
    assert!(full.contains("503"), "{full}");
    let _next = forwarding(addr, proxy, "2001:db8:1:2::1").await.unwrap();
}

/// The status of a GET of `path` from the loopback address `source`.
async fn get_from(server: std::net::SocketAddr, source: [u8; 4], path: &str) -> u16 {
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.bind((source, 0).into()).unwrap();
    let mut tcp = tcp.connect(server).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    tcp.read_to_string(&mut response).await.unwrap();
    response.split(' ').nth(1).unwrap().parse().unwrap()
}

/// Each record is a read of the store: one address gets a burst of them,
/// then `429` until its bucket refills; another address is not held up.
#[tokio::test]
async fn records_are_rate_limited_per_address() {
    let (server, _scratch) = common::start_with("record-rate", |c| {
        c.record_rate = gunjin_server::Rate {
            burst: 5.0,
            per_sec: 2.0,
        };
    })
    .await;
    let path = "/api/tables/0123456789abcdef0123456789abcdef/record";
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(get_from(server.addr, [127, 0, 0, 1], path).await);
    }
    assert_eq!(statuses[..5], [404; 5], "{statuses:?}");
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
    assert_eq!(get_from(server.addr, [127, 0, 0, 2], path).await, 404);
    // The app's own files are not limited.
    assert_eq!(get_from(server.addr, [127, 0, 0, 1], "/").await, 200);
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(get_from(server.addr, [127, 0, 0, 1], path).await, 404);
}
