//! Backups of the store: a consistent copy on a schedule (`VACUUM INTO`,
//! which reads through the write-ahead log while the server runs), the
//! last few kept; and on start, a damaged, empty or missing store replaced
//! by the newest backup that checks out, saying what was lost.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::clock::unix_millis;
use crate::storage::StoreError;
use crate::store::Store;
use tracing::error;

/// Where the backups of `db` go: `<db>.backups/`.
pub fn dir_of(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".backups");
    PathBuf::from(name)
}

/// Backups in `dir`, newest first (their names are the time taken).
fn backups(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sqlite3"))
        .collect();
    found.sort();
    found.reverse();
    found
}

/// Why a backup was not taken.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{}: {source}", .path.display())]
    File { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Takes one backup into `dir` and deletes all but the newest `keep`.
pub async fn take(store: &Store, dir: &Path, keep: usize) -> Result<PathBuf, BackupError> {
    let at = |path: &Path| {
        let path = path.to_owned();
        move |source| BackupError::File { path, source }
    };
    fs::create_dir_all(dir).map_err(at(dir))?;
    let path = dir.join(format!("{:016}.sqlite3", unix_millis()));
    let partial = path.with_extension("partial");
    let _ = fs::remove_file(&partial);
    store.copy_to(&partial).await?;
    fs::rename(&partial, &path).map_err(at(&path))?;
    for old in backups(dir).into_iter().skip(keep) {
        let _ = fs::remove_file(old);
    }
    Ok(path)
}

/// Backs the store up every `every` until the task is dropped.
pub async fn schedule(store: std::sync::Arc<Store>, dir: PathBuf, every: Duration, keep: usize) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        ticks.tick().await;
        if let Err(e) = take(&store, &dir, keep).await {
            error!("backup: {e}");
        }
    }
}

/// Why a store file cannot be used, or `None` if it checks out.
fn damage(path: &Path) -> Option<String> {
    let check = || -> rusqlite::Result<String> {
        let db = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        db.query_row("PRAGMA quick_check", [], |row| row.get(0))
    };
    match check() {
        Ok(ok) if ok == "ok" => None,
        Ok(problem) => Some(problem),
        Err(e) => Some(e.to_string()),
    }
}

/// Moves or copies (`how`) the store with its `-wal` and `-shm` to
/// `<db>.damaged-<unix millis>`; returns that path.
pub fn set_aside(db: &Path, how: fn(&Path, &Path) -> std::io::Result<()>) -> PathBuf {
    let aside = PathBuf::from(format!("{}.damaged-{}", db.display(), unix_millis()));
    for suffix in ["", "-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", db.display()));
        let to = PathBuf::from(format!("{}{suffix}", aside.display()));
        let _ = how(&from, &to);
    }
    aside
}

/// Makes `db` usable before the store opens it. A damaged file is moved
/// aside (with its `-wal` and `-shm`); a damaged, empty or missing one is
/// replaced by the newest backup in `dir` that checks out. Returns what
/// happened, for the log, when anything did.
pub fn recover(db: &Path, dir: &Path) -> Option<String> {
    let size = fs::metadata(db).map(|m| m.len()).ok();
    let problem = match size {
        None => "is missing".to_owned(),
        Some(0) => "is empty (0 bytes)".to_owned(),
        Some(_) => format!("is damaged ({})", damage(db)?),
    };
    let candidates = backups(dir);
    if size.is_none() && candidates.is_empty() {
        return None;
    }
    let mut report = format!("store: {} {problem}", db.display());
    if size.is_some() {
        let aside = set_aside(db, |from, to| fs::rename(from, to));
        report += &format!("; moved aside to {}", aside.display());
    }
    match candidates.iter().find(|b| damage(b).is_none()) {
        Some(backup) => match fs::copy(backup, db) {
            Ok(_) => {
                report += &format!(
                    "; restored the newest good backup, {}: whatever changed since it was taken is lost",
                    backup.display()
                )
            }
            Err(e) => report += &format!("; restoring {} failed: {e}", backup.display()),
        },
        None => report += "; no backup checks out: starting with no tables",
    }
    Some(report)
}
