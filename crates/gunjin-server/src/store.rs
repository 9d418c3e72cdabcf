//! SQLite storage: every table and game, so a restart resumes them all and
//! finished records outlive their tables.
//!
//! Two tables. `tables` holds each open table's state as JSON (seats,
//! tokens, phase, drafts). `games` holds each game's record (rule code,
//! who moved first, both setups, the moves, a resignation): replaying it
//! through the rules rebuilds the game exactly. The record is rewritten
//! after every move (a few KiB at most) in WAL mode.

use std::path::Path;
use std::sync::Mutex;

use gunjin_rules::{ByColor, Color};
use gunjin_table::Clock;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::referee::{Gunjin, Referee};
use crate::seat::Seat;

/// The stored result of a game whose table expired before its end.
pub const ABANDONED: &str = r#""abandoned""#;

pub struct Store {
    db: Mutex<Connection>,
}

/// A table's lasting state as stored in `tables.state` (JSON), the game
/// apart as its record. The format of the first build, kept field for
/// field (`tests/stored.rs` reads a file it wrote): the stage is implied by
/// the game's row and `setup_deadline`.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct StoredTable<R: Referee> {
    pub id: String,
    pub rules: R::Rules,
    /// The host is South.
    pub seats: ByColor<Option<Seat>>,
    pub first: Color,
    pub seed: u64,
    /// When the setup ends (Unix milliseconds); during it only.
    pub setup_deadline: Option<u64>,
    pub drafts: ByColor<R::Draft>,
    pub ready: ByColor<Option<R::Setup>>,
    /// The last time anyone acted (Unix milliseconds).
    pub touched: u64,
    /// The clock chosen when the table opened, and each side's time left
    /// as of the last move (absent in tables stored before clocks).
    #[serde(default)]
    pub clock: Option<Clock>,
    #[serde(default)]
    pub clock_left: Option<ByColor<u64>>,
}

/// A table as stored, and its game if one started.
pub struct Stored<R: Referee> {
    pub table: StoredTable<R>,
    pub game: Option<R::Game>,
}

const SCHEMA: &str = "
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS games (
        table_id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        outcome TEXT,
        finished_at INTEGER
    );
";

impl Store {
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        let db = Connection::open(path)?;
        db.execute_batch(SCHEMA)?;
        Ok(Store { db: Mutex::new(db) })
    }

    /// A consistent copy of the store into a new file at `path`, after
    /// folding the write-ahead log into the main file.
    pub fn copy_to(&self, path: &Path) -> rusqlite::Result<()> {
        let db = self.db();
        db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        db.execute("VACUUM INTO ?1", [path.to_string_lossy()])?;
        Ok(())
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn save_table<R: Referee>(&self, data: &StoredTable<R>) -> rusqlite::Result<()> {
        let state = serde_json::to_string(data).expect("table data serializes");
        self.db().execute(
            "INSERT INTO tables (id, state) VALUES (?1, ?2)
             ON CONFLICT (id) DO UPDATE SET state = excluded.state",
            params![data.id, state],
        )?;
        Ok(())
    }

    pub fn save_game<R: Referee>(
        &self,
        table: &str,
        game: &R::Game,
        now_millis: u64,
    ) -> rusqlite::Result<()> {
        let outcome = R::outcome_json(game);
        let finished = outcome.as_ref().map(|_| now_millis as i64);
        self.db().execute(
            "INSERT INTO games (table_id, record, outcome, finished_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (table_id) DO UPDATE SET
                 record = excluded.record, outcome = excluded.outcome,
                 finished_at = excluded.finished_at",
            params![table, R::record(game), outcome, finished],
        )?;
        Ok(())
    }

    /// Forgets a table. Its game's record stays: a game not over is kept
    /// as [`ABANDONED`], finished at `now_millis`.
    pub fn delete_table(&self, id: &str, now_millis: u64) -> rusqlite::Result<()> {
        let db = self.db();
        db.execute("DELETE FROM tables WHERE id = ?1", params![id])?;
        db.execute(
            "UPDATE games SET outcome = ?2, finished_at = ?3
             WHERE table_id = ?1 AND finished_at IS NULL",
            params![id, ABANDONED, now_millis as i64],
        )?;
        Ok(())
    }

    /// The record of a finished (or abandoned) game and its result
    /// (JSON).
    pub fn finished(&self, table: &str) -> rusqlite::Result<Option<(String, String)>> {
        self.db()
            .query_row(
                "SELECT record, outcome FROM games WHERE table_id = ?1 AND finished_at IS NOT NULL",
                params![table],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
    }

    /// Every open table with its game rebuilt by replay. A row that no
    /// longer reads is reported and skipped.
    pub fn load(&self) -> rusqlite::Result<Vec<Stored<Gunjin>>> {
        let db = self.db();
        let mut query = db.prepare(
            "SELECT t.state, g.record FROM tables t LEFT JOIN games g ON g.table_id = t.id",
        )?;
        let rows = query.query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Option<String>>(1)?))
        })?;
        let mut tables = Vec::new();
        for row in rows {
            let (state, record) = row?;
            match rebuild(&state, record.as_deref()) {
                Ok(stored) => tables.push(stored),
                Err(e) => eprintln!("store: skipping a table that does not load: {e}"),
            }
        }
        Ok(tables)
    }
}

fn rebuild<R: Referee>(state: &str, record: Option<&str>) -> Result<Stored<R>, String> {
    let table: StoredTable<R> = serde_json::from_str(state).map_err(|e| e.to_string())?;
    let game = record
        .map(R::replay)
        .transpose()
        .map_err(|e| format!("table {}: {e}", table.id))?;
    Ok(Stored { table, game })
}
