//! Backups on a schedule, and a store that is damaged (truncated,
//! garbled), empty or missing replaced on start by the newest good backup.

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
