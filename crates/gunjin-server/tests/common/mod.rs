//! A real server on loopback with short timers, and pairs of bots.

#![allow(dead_code)] // each test binary uses its own part

pub mod bot;

use std::fs;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use bot::Bot;
use gunjin_rules::{Outcome, Rules};
use gunjin_server::{Config, Rate, Server};
use gunjin_table::{ErrorCode, SeatNews, ServerMessage};

/// One test's files in the temp dir, a fresh SQLite store and a one-page
/// app to serve, removed again when the test ends, passed or failed.
pub struct Scratch {
    db: PathBuf,
    dist: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let tag = format!("{name}-{}", std::process::id());
        let tmp = std::env::temp_dir();
        let scratch = Scratch {
            db: tmp.join(format!("gunjin-server-test-{tag}.sqlite3")),
            dist: tmp.join(format!("gunjin-server-test-dist-{tag}")),
        };
        scratch.remove();
        fs::create_dir_all(&scratch.dist).unwrap();
        fs::write(
            scratch.dist.join("index.html"),
            "<title>Gunjin Shogi</title>",
        )
        .unwrap();
        scratch
    }

    /// The store with its SQLite companions, backups and damaged copies
    /// moved aside, and the app.
    fn remove(&self) {
        let name = self.db.file_name().unwrap().to_string_lossy().into_owned();
        for entry in fs::read_dir(self.db.parent().unwrap()).unwrap().flatten() {
            if entry.file_name().to_string_lossy().starts_with(&name) {
                let path = entry.path();
                let _ = fs::remove_file(&path).or_else(|_| fs::remove_dir_all(&path));
            }
        }
        let _ = fs::remove_dir_all(&self.dist);
    }

    /// The test settings on these files: any port, short timers, a fast CPU.
    pub fn config(&self) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            dist: self.dist.clone(),
            db: self.db.clone(),
            setup_time: Duration::from_secs(30),
            grace: Duration::from_secs(30),
            idle: Duration::from_secs(300),
            cpu_millis: Some(5.0),
            // Bots move at once: no rate limit but in the flood test.
            rate: Rate {
                burst: 1e6,
                per_sec: 1e6,
            },
            // Short enough for the tests of the timeouts themselves, long
            // enough for an idle bot on a loaded machine elsewhere.
            header_timeout: Duration::from_secs(2),
            first_message: Duration::from_secs(2),
            ping_interval: Duration::from_secs(1),
            ping_timeout: Duration::from_secs(10),
            // No backups but in the tests of them.
            backup_every: Duration::ZERO,
            ..Config::default()
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.remove();
    }
}

/// A server with the test settings, and its files: keep them (`_scratch`,
/// not `_`) until the test is done.
pub async fn start(name: &str) -> (Server, Scratch) {
    let scratch = Scratch::new(name);
    (Server::start(scratch.config()).await.unwrap(), scratch)
}

/// A host and a guest at a new table, both seated.
pub async fn pair(addr: SocketAddr, seed: u64) -> (Bot, Bot) {
    let host = Bot::open(addr, seed, Rules::KIRAKUKEN).await.unwrap();
    let guest = Bot::join(addr, seed + 1, &host.table).await.unwrap();
    (host, guest)
}

/// Both bots play to the end; both must see the same result.
pub async fn play_out(host: &mut Bot, guest: &mut Bot) -> Outcome {
    let (a, b) = tokio::join!(host.play_out(), guest.play_out());
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a, b);
    a
}

/// The next error the bot is sent, skipping other messages.
pub async fn next_error(bot: &mut Bot) -> ErrorCode {
    loop {
        if let ServerMessage::Seat(SeatNews::Error { code, .. }) = bot.recv().await.unwrap() {
            return code;
        }
    }
}

/// A server with the test settings changed by `tune`, and its files.
pub async fn start_with(name: &str, tune: impl FnOnce(&mut Config)) -> (Server, Scratch) {
    let scratch = Scratch::new(name);
    let mut config = scratch.config();
    tune(&mut config);
    (Server::start(config).await.unwrap(), scratch)
}

/// A plain HTTP GET: the response's head and body.
pub fn http(addr: SocketAddr, path: &str) -> (String, String) {
    http_with(addr, path, &[])
}

/// A plain HTTP GET with these headers (`Host` the server's address
/// unless given): the response's head and body.
pub fn http_with(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("host"))
    {
        request += &format!("Host: {addr}\r\n");
    }
    for (name, value) in headers {
        request += &format!("{name}: {value}\r\n");
    }
    write!(stream, "{request}\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_owned(), body.to_owned())
}

/// A plain HTTP GET: the status line and the body.
pub fn http_get(addr: SocketAddr, path: &str) -> (String, String) {
    let (head, body) = http(addr, path);
    (head.lines().next().unwrap().to_owned(), body)
}

/// Both bots play until the game has `ply` moves.
pub async fn play_until(host: &mut Bot, guest: &mut Bot, ply: usize) {
    let (a, b) = tokio::join!(host.play_until(ply), guest.play_until(ply));
    a.unwrap();
    b.unwrap();
}

/// Whether a message, as JSON, tells the end of the game.
pub fn is_end(msg: &serde_json::Value) -> bool {
    msg.get("over").is_some()
        || !msg["game"]["view"]["outcome"].is_null()
        || msg["table"]["phase"].get("over").is_some()
}

/// The messages `bot` received (kept) before the end of a whole game.
pub fn before_end(bot: &Bot) -> Vec<&String> {
    let before: Vec<&String> = bot
        .received
        .iter()
        .take_while(|text| !is_end(&serde_json::from_str(text).unwrap()))
        .collect();
    assert!(before.len() > 10, "a whole game's messages");
    assert!(bot.received.len() > before.len(), "the end came");
    before
}
