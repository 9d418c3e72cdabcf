//! A real server on loopback with short timers, and pairs of bots.

#![allow(dead_code)] // each test binary uses its own part

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use gunjin_rules::{Outcome, Rules};
use gunjin_server::bot::Bot;
use gunjin_server::{Config, Rate, Server};

/// A fresh SQLite file for one test.
pub fn temp_db(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "gunjin-server-test-{name}-{}.sqlite3",
        std::process::id()
    ));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A built app to serve: one page.
pub fn dist() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gunjin-server-test-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<title>Gunjin Shogi</title>").unwrap();
    dir
}

/// The test settings: any port, short timers, a fast CPU.
pub fn config(db: PathBuf) -> Config {
    Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        dist: dist(),
        db,
        setup_time: Duration::from_secs(30),
        grace: Duration::from_secs(30),
        idle: Duration::from_secs(300),
        cpu_millis: Some(5.0),
        // Bots move at once: no rate limit but in the flood test.
        rate: Rate {
            burst: 1e6,
            per_sec: 1e6,
        },
    }
}

pub async fn start(name: &str) -> Server {
    Server::start(config(temp_db(name))).await.unwrap()
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

/// Both bots play until the game has `ply` moves.
pub async fn play_until(host: &mut Bot, guest: &mut Bot, ply: usize) {
    let (a, b) = tokio::join!(host.play_until(ply), guest.play_until(ply));
    a.unwrap();
    b.unwrap();
}
