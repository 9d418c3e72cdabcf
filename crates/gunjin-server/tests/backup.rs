//! Backups on a schedule, a store that is damaged (truncated, garbled),
//! empty or missing replaced on start by the newest good backup, and a
//! write-ahead log damaged after a crash said loudly, no game going back
//! without its players told.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::bot::Bot;
use gunjin_rules::Rules;
use gunjin_server::{Config, Server};

fn backups_dir(config: &Config) -> PathBuf {
    PathBuf::from(format!("{}.backups", config.db.display()))
}

fn backups(config: &Config) -> Vec<PathBuf> {
    fs::read_dir(backups_dir(config))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sqlite3"))
        .collect()
}

/// The table ids a store file holds.
fn tables_in(path: &Path) -> Vec<String> {
    let db = rusqlite::Connection::open(path).unwrap();
    let mut query = db.prepare("SELECT id FROM tables").unwrap();
    query
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn every_100_ms(config: &mut Config) {
    config.backup_every = Duration::from_millis(100);
    config.backups_kept = 2;
}

/// Waits (boundedly) until a backup holds `table`.
async fn backed_up(config: &Config, table: &str) {
    let start = Instant::now();
    while !backups(config)
        .iter()
        .any(|b| tables_in(b).iter().any(|t| t == table))
    {
        assert!(start.elapsed() < Duration::from_secs(5), "no backup came");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backups_are_taken_on_schedule_and_the_last_few_kept() {
    let (server, scratch) = common::start_with("backups", every_100_ms).await;
    let config = scratch.config();
    let host = Bot::open(server.addr, 1, Rules::KIRAKUKEN).await.unwrap();
    backed_up(&config, &host.table).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let kept = backups(&config);
    assert_eq!(kept.len(), 2, "{kept:?}");
    for backup in kept {
        assert_eq!(tables_in(&backup), std::slice::from_ref(&host.table));
    }
    server.stop().await;
}

/// What is done to the store file between two runs.
#[derive(Clone, Copy, Debug)]
enum Harm {
    Truncated,
    Garbled,
    Empty,
    Missing,
}

fn harm(db: &Path, harm: Harm) {
    // The log's last frames go with it: the damage is the main file's.
    for suffix in ["-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let file = || fs::OpenOptions::new().write(true).open(db).unwrap();
    match harm {
        Harm::Truncated => file().set_len(4096 + 512).unwrap(),
        Harm::Garbled => {
            let mut bytes = fs::read(db).unwrap();
            assert!(bytes.len() > 3 * 4096, "a store of several pages");
            bytes[4096..].iter_mut().for_each(|b| *b = 0x55);
            fs::write(db, bytes).unwrap();
        }
        Harm::Empty => file().set_len(0).unwrap(),
        Harm::Missing => fs::remove_file(db).unwrap(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_empty_or_missing_store_is_restored_from_the_newest_good_backup() {
    for how in [Harm::Truncated, Harm::Garbled, Harm::Empty, Harm::Missing] {
        let scratch = common::Scratch::new(&format!("harm-{how:?}"));
        let mut config = scratch.config();
        every_100_ms(&mut config);
        let server = Server::start(config.clone()).await.unwrap();
        assert_eq!(server.recovered, None);
        let host = Bot::open(server.addr, 2, Rules::KIRAKUKEN).await.unwrap();
        backed_up(&config, &host.table).await;
        server.stop().await;
        let (table, token) = (host.table.clone(), host.token.clone());
        drop(host);
        harm(&config.db, how);

        let server = Server::start(scratch.config()).await.unwrap();
        let report = server.recovered.clone().expect("the recovery is reported");
        assert!(
            report.contains("restored the newest good backup"),
            "{how:?}: {report}"
        );
        let aside = fs::read_dir(config.db.parent().unwrap())
            .unwrap()
            .flatten()
            .any(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with(&*config.db.file_name().unwrap().to_string_lossy())
                    && name.contains(".damaged-")
            });
        assert_eq!(aside, !matches!(how, Harm::Missing), "{how:?}: {report}");
        let back = Bot::resume(server.addr, 3, &table, &token).await;
        assert!(back.is_ok(), "{how:?}: the table is back");
        server.stop().await;
    }
}

/// What a seat finds when it comes back: the ply of the view it is sent
/// and whether it is told the game may have lost moves; `None` if it is
/// refused (the table, or the seat, is gone).
async fn comes_back(addr: std::net::SocketAddr, table: &str, token: &str) -> Option<(usize, bool)> {
    use gunjin_table::{ClientMessage, ErrorCode, GunjinNews, SeatNews, Seating, ServerMessage};
    let mut bot = Bot::connect(addr, 1).await.unwrap();
    let resume = ClientMessage::Seat(Seating::Resume {
        table: table.into(),
        token: token.into(),
        rotate: false,
    });
    bot.send(&resume).await.unwrap();
    let mut ply = None;
    loop {
        let next = tokio::time::timeout(Duration::from_millis(500), bot.recv()).await;
        match next.map(Result::unwrap) {
            Ok(ServerMessage::Seat(SeatNews::Error {
                code: ErrorCode::NoSuchTable | ErrorCode::BadToken,
                ..
            })) => return None,
            Ok(ServerMessage::Gunjin(GunjinNews::Game { view, .. })) => ply = Some(view.ply()),
            Ok(ServerMessage::Seat(SeatNews::Error {
                code: ErrorCode::RolledBack,
                ..
            })) => return Some((ply.unwrap_or(0), true)),
            Ok(_) => {}
            // (A table before its game has no view: ply 0.)
            Err(_) => return Some((ply.unwrap_or(0), false)),
        }
    }
}

/// A crash leaves the store and its log; the log is then garbled in the
/// middle (SQLite would replay it up to there and drop the rest without a
/// word). The server says so loudly and names the tables whose writes it
/// lost, keeps what the log still holds, and every seat whose game went
/// back is told when it comes back; a seat or table lost whole is
/// refused, and named in the report.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_log_is_told_and_no_game_goes_back_silently() {
    let (server, scratch) = common::start("log-damaged").await;
    let addr = server.addr;
    let (mut a, mut b) = common::pair(addr, 70).await;
    common::play_until(&mut a, &mut b, 6).await;
    let (mut c, mut d) = common::pair(addr, 80).await;
    common::play_until(&mut c, &mut d, 8).await;
    for bot in [&mut a, &mut b] {
        bot.stop_at = None;
    }
    a.move_if_my_turn().await.unwrap();
    b.move_if_my_turn().await.unwrap();
    common::play_until(&mut a, &mut b, 14).await;
    let late = Bot::open(addr, 90, Rules::KIRAKUKEN).await.unwrap();
    let seats: Vec<(String, String, usize)> = [&a, &b, &c, &d, &late]
        .iter()
        .map(|bot| {
            let ply = bot.view.as_ref().map_or(0, |v| v.ply());
            (bot.table.clone(), bot.token.clone(), ply)
        })
        .collect();
    // The crash: the store and its log as they are now, then garbled
    // inside a frame in the middle of the log.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let crashed = common::Scratch::new("log-damaged-crashed");
    let config = crashed.config();
    let wal = |db: &Path| PathBuf::from(format!("{}-wal", db.display()));
    fs::copy(&scratch.config().db, &config.db).unwrap();
    fs::copy(wal(&scratch.config().db), wal(&config.db)).unwrap();
    let mut log = fs::read(wal(&config.db)).unwrap();
    let frame = 24 + u32::from_be_bytes(log[8..12].try_into().unwrap()) as usize;
    let at = 32 + (log.len() - 32) / frame * 2 / 5 * frame + 24 + 200;
    log[at..at + 8].copy_from_slice(b"garbled!");
    fs::write(wal(&config.db), log).unwrap();
    server.stop().await;

    let server = Server::start(config).await.unwrap();
    let report = server.recovered.clone().expect("the damage is reported");
    assert!(
        report.contains("WRITE-AHEAD LOG") && report.contains("dropped"),
        "{report}"
    );
    let mut went_back = 0;
    for (table, token, seen) in &seats {
        match comes_back(server.addr, table, token).await {
            Some((ply, told)) => {
                assert!(ply <= *seen, "{ply} > {seen}");
                assert!(
                    ply == *seen || told,
                    "{table} went back from {seen} to {ply} silently"
                );
                went_back += usize::from(ply < *seen);
            }
            None => {
                assert!(
                    report.contains(table.as_str()),
                    "{table} lost unnamed: {report}"
                );
                went_back += 1;
            }
        }
    }
    assert!(went_back > 0, "the damage cost something: {report}");
    server.stop().await;
}

/// Each table's record is checked against the count of its entries the
/// store kept with them: one that has fewer (here made so by hand) went
/// back, and both its seats are told when they come back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_shorter_than_its_count_is_told() {
    let (server, scratch) = common::start("count").await;
    let (mut host, mut guest) = common::pair(server.addr, 95).await;
    common::play_until(&mut host, &mut guest, 6).await;
    server.stop().await;
    let config = scratch.config();
    let db = rusqlite::Connection::open(&config.db).unwrap();
    let counted: i64 = db
        .query_row(
            "SELECT plies FROM tables WHERE id = ?1",
            [&host.table],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(counted, 6);
    db.execute(
        "DELETE FROM moves WHERE table_id = ?1 AND ply >= 4",
        [&host.table],
    )
    .unwrap();
    drop(db);
    let server = Server::start(config).await.unwrap();
    for bot in [&host, &guest] {
        let back = comes_back(server.addr, &bot.table, &bot.token).await;
        assert_eq!(back, Some((4, true)));
    }
    server.stop().await;
}
