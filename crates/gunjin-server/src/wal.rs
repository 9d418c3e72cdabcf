//! The SQLite store's write-ahead log, checked before the store opens.
//! SQLite replays the log up to its first frame that does not check out
//! and silently drops the rest, later transactions included: a log garbled
//! in the middle would roll games back without a word. So the server
//! reads the log itself first (the format of sqlite.org/fileformat.html,
//! "The WAL File Format"), and tells a write cut short at the end (a
//! transaction never committed, so never announced) from a log damaged
//! before frames written after it.

use std::path::{Path, PathBuf};

const HEADER: usize = 32;
const FRAME_HEADER: usize = 24;
const MAGIC: u32 = 0x377f_0682;

/// What a damaged log loses.
#[derive(Debug, PartialEq, Eq)]
pub struct Damage {
    /// Frames SQLite will replay, then the frames it drops.
    pub kept: usize,
    pub dropped: usize,
    /// Transactions committed after the damage, dropped with it.
    pub commits_lost: usize,
    /// The pages of the dropped frames (as written, garbled or not), for
    /// what they name.
    pub pages: Vec<Vec<u8>>,
}

/// The log of the store at `db`.
pub fn path_of(db: &Path) -> PathBuf {
    PathBuf::from(format!("{}-wal", db.display()))
}

/// Whether the log of the store at `db` is damaged: frames written after
/// a frame that does not check out, or a header that does not (SQLite then
/// ignores the whole log). `None` for a sound log, one cut short at its
/// end, or none.
pub fn check(db: &Path) -> Option<Damage> {
    let log = std::fs::read(path_of(db)).ok()?;
    let header = log.get(..HEADER)?;
    let word = |at: usize| u32::from_be_bytes(header[at..at + 4].try_into().expect("4 bytes"));
    let page_size = match word(8) {
        1 => 65536,
        size => size as usize,
    };
    let frame = FRAME_HEADER + page_size;
    let frames: Vec<&[u8]> = log[HEADER..].chunks(frame).collect();
    let big_endian = word(0) == MAGIC | 1;
    let header_sound = (word(0) | 1) == (MAGIC | 1)
        && page_size.is_power_of_two()
        && (512..=65536).contains(&page_size)
        && checksum(big_endian, (0, 0), &header[..24]) == (word(24), word(32 - 4));
    if !header_sound {
        let whole = frames.iter().filter(|f| f.len() == frame).count();
        return (whole > 0).then(|| Damage {
            kept: 0,
            dropped: whole,
            commits_lost: frames.iter().filter(|f| is_commit(f)).count(),
            pages: frames
                .iter()
                .map(|f| f[FRAME_HEADER.min(f.len())..].to_vec())
                .collect(),
        });
    }
    let salts = &header[16..24];
    let current = |f: &[u8]| f.len() == frame && &f[8..16] == salts;
    let mut sum = (word(24), word(28));
    let mut kept = 0;
    for f in &frames {
        if !current(f) {
            break;
        }
        let next = checksum(big_endian, sum, &[&f[..8], &f[FRAME_HEADER..]].concat());
        if next != (be(&f[16..20]), be(&f[20..24])) {
            break;
        }
        sum = next;
        kept += 1;
    }
    // SQLite keeps frames up to the last commit among those that check out.
    let kept = frames[..kept]
        .iter()
        .rposition(|f| is_commit(f))
        .map_or(0, |i| i + 1);
    let after = &frames[kept..];
    // Frames of this log written after the first that failed: it was
    // whole once, and damaged since.
    let damaged = after.iter().skip(1).any(|f| current(f));
    damaged.then(|| Damage {
        kept,
        dropped: after.len(),
        commits_lost: after.iter().filter(|f| current(f) && is_commit(f)).count(),
        pages: after
            .iter()
            .map(|f| f[FRAME_HEADER.min(f.len())..].to_vec())
            .collect(),
    })
}

fn be(bytes: &[u8]) -> u32 {
    u32::from_be_bytes(bytes.try_into().expect("4 bytes"))
}

/// A frame that ends a transaction: its header gives the database's size
/// after the commit.
fn is_commit(frame: &[u8]) -> bool {
    frame.len() >= FRAME_HEADER && be(&frame[4..8]) != 0
}

/// The log's running checksum over `data` (a multiple of 8 bytes), from
/// `sum`, its words read in the byte order the log's magic names.
fn checksum(big_endian: bool, sum: (u32, u32), data: &[u8]) -> (u32, u32) {
    let word = |w: &[u8]| {
        let w: [u8; 4] = w.try_into().expect("4 bytes");
        if big_endian {
            u32::from_be_bytes(w)
        } else {
            u32::from_le_bytes(w)
        }
    };
    data.chunks_exact(8).fold(sum, |(s0, s1), pair| {
        let s0 = s0.wrapping_add(word(&pair[..4])).wrapping_add(s1);
        let s1 = s1.wrapping_add(word(&pair[4..])).wrapping_add(s0);
        (s0, s1)
    })
}

/// The table ids (32 hex digits) that occur in `pages`: every 32 digits
/// in a row, as a record's columns may run on into the id.
pub fn ids_named(pages: &[Vec<u8>]) -> Vec<String> {
    let mut ids: Vec<String> = pages
        .iter()
        .flat_map(|page| page.split(|b| !b.is_ascii_hexdigit()))
        .flat_map(|run| run.windows(32))
        .map(|id| String::from_utf8_lossy(id).into_owned())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

impl Damage {
    /// What it does to the store, for the log: `open` are the tables
    /// resumed, `aside` where the damaged files were copied.
    pub fn report(&self, db: &Path, aside: &Path, open: &[String]) -> String {
        let named = ids_named(&self.pages);
        let behind: Vec<&String> = named.iter().filter(|id| open.contains(id)).collect();
        // A table's own row (`"id":"…"`) lost with the log: it is gone.
        let gone: Vec<String> = named
            .iter()
            .filter(|id| !open.contains(id))
            .filter(|id| {
                let row = format!(r#""id":"{id}""#);
                self.pages
                    .iter()
                    .any(|p| p.windows(row.len()).any(|w| w == row.as_bytes()))
            })
            .cloned()
            .collect();
        format!(
            "store: THE WRITE-AHEAD LOG OF {} IS DAMAGED: {} frames kept, {} dropped with {} \
             committed transactions in them (a copy of the files as found: {}); \
             games that may have lost moves, their players told when they come back: {}; \
             tables whose opening was lost: {}",
            db.display(),
            self.kept,
            self.dropped,
            self.commits_lost,
            aside.display(),
            list(&behind),
            list(&gone),
        )
    }
}

fn list(ids: &[impl AsRef<str>]) -> String {
    match ids {
        [] => "none".into(),
        ids => ids.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    /// A store with a log of `transactions` commits left as a crash
    /// leaves it (copied while the writer is still open), in `dir`.
    fn crashed_store(dir: &Path, transactions: usize) -> PathBuf {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
        let live = dir.join("live.sqlite3");
        let db = Connection::open(&live).unwrap();
        db.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
             CREATE TABLE moves (table_id TEXT, ply INTEGER, entry TEXT);",
        )
        .unwrap();
        for ply in 0..transactions {
            let id = format!("{:032x}", ply % 3 + 0xabc);
            db.execute(
                "INSERT INTO moves VALUES (?1, ?2, 'b4-b5')",
                rusqlite::params![id, ply],
            )
            .unwrap();
        }
        let crashed = dir.join("crashed.sqlite3");
        std::fs::copy(&live, &crashed).unwrap();
        std::fs::copy(path_of(&live), path_of(&crashed)).unwrap();
        drop(db);
        crashed
    }

    fn frame_size(db: &Path) -> usize {
        let log = std::fs::read(path_of(db)).unwrap();
        FRAME_HEADER + be(&log[8..12]) as usize
    }

    fn garble(db: &Path, at: usize) {
        let mut log = std::fs::read(path_of(db)).unwrap();
        log[at..at + 16].copy_from_slice(b"garbled garbled!");
        std::fs::write(path_of(db), log).unwrap();
    }

    fn rows(db: &Path) -> i64 {
        let db = Connection::open(db).unwrap();
        db.query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn a_sound_log_passes_and_sqlite_keeps_it_all() {
        let dir = std::env::temp_dir().join(format!("gunjin-wal-sound-{}", std::process::id()));
        let db = crashed_store(&dir, 10);
        assert_eq!(check(&db), None);
        assert_eq!(rows(&db), 10);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_log_garbled_in_the_middle_is_damaged_and_says_what_it_loses() {
        let dir = std::env::temp_dir().join(format!("gunjin-wal-mid-{}", std::process::id()));
        let db = crashed_store(&dir, 10);
        let frame = frame_size(&db);
        let frames = (std::fs::read(path_of(&db)).unwrap().len() - HEADER) / frame;
        // Inside the page of a frame in the middle.
        garble(&db, HEADER + frames / 2 * frame + FRAME_HEADER + 100);
        let damage = check(&db).expect("damage");
        assert!(
            damage.kept < frames / 2 + 1 && damage.kept > 0,
            "{damage:?}"
        );
        assert!(damage.commits_lost >= 3, "{damage:?}");
        assert!(ids_named(&damage.pages).contains(&format!("{:032x}", 0xabc)));
        // What SQLite keeps, without a word: fewer rows than written.
        assert!(rows(&db) < 10);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_log_whose_header_is_garbled_is_damaged() {
        let dir = std::env::temp_dir().join(format!("gunjin-wal-head-{}", std::process::id()));
        let db = crashed_store(&dir, 4);
        garble(&db, 16);
        let damage = check(&db).expect("damage");
        assert_eq!(damage.kept, 0);
        assert!(damage.commits_lost >= 4, "{damage:?}");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A write cut short at the end of the log is a transaction that never
    /// committed: SQLite drops it, rightly, and so no game lost a move
    /// anyone was told of.
    #[test]
    fn a_log_cut_short_at_its_end_is_no_damage() {
        let dir = std::env::temp_dir().join(format!("gunjin-wal-cut-{}", std::process::id()));
        let db = crashed_store(&dir, 6);
        let log = std::fs::read(path_of(&db)).unwrap();
        std::fs::write(path_of(&db), &log[..log.len() - 100]).unwrap();
        assert_eq!(check(&db), None);
        garble(&db, log.len() - 300);
        assert_eq!(check(&db), None);
        assert_eq!(rows(&db), 5);
        let _ = std::fs::remove_dir_all(dir);
    }
}
