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

use gunjin_rules::{Game, Record};
use rusqlite::{Connection, OptionalExtension, params};

use crate::table::TableData;

pub struct Store {
    db: Mutex<Connection>,
}

/// A table as stored, and its game if one started.
pub struct Stored {
    pub data: TableData,
    pub game: Option<Game>,
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

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn save_table(&self, data: &TableData) -> rusqlite::Result<()> {
        let state = serde_json::to_string(data).expect("table data serializes");
        self.db().execute(
            "INSERT INTO tables (id, state) VALUES (?1, ?2)
             ON CONFLICT (id) DO UPDATE SET state = excluded.state",
            params![data.id, state],
        )?;
        Ok(())
    }

    pub fn save_game(&self, table: &str, game: &Game, now_millis: u64) -> rusqlite::Result<()> {
        let outcome = game
            .outcome()
            .map(|o| serde_json::to_string(&o).expect("an outcome serializes"));
        let finished = outcome.as_ref().map(|_| now_millis as i64);
        self.db().execute(
            "INSERT INTO games (table_id, record, outcome, finished_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (table_id) DO UPDATE SET
                 record = excluded.record, outcome = excluded.outcome,
                 finished_at = excluded.finished_at",
            params![table, game.record().to_string(), outcome, finished],
        )?;
        Ok(())
    }

    /// Forgets a table; its game's record stays if the game is over.
    pub fn delete_table(&self, id: &str) -> rusqlite::Result<()> {
        let db = self.db();
        db.execute("DELETE FROM tables WHERE id = ?1", params![id])?;
        db.execute(
            "DELETE FROM games WHERE table_id = ?1 AND finished_at IS NULL",
            params![id],
        )?;
        Ok(())
    }

    /// The record of a finished game.
    pub fn finished_record(&self, table: &str) -> rusqlite::Result<Option<String>> {
        self.db()
            .query_row(
                "SELECT record FROM games WHERE table_id = ?1 AND finished_at IS NOT NULL",
                params![table],
                |row| row.get(0),
            )
            .optional()
    }

    /// Every open table with its game rebuilt by replay. A row that no
    /// longer reads is reported and skipped.
    pub fn load(&self) -> rusqlite::Result<Vec<Stored>> {
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

fn rebuild(state: &str, record: Option<&str>) -> Result<Stored, String> {
    let data: TableData = serde_json::from_str(state).map_err(|e| e.to_string())?;
    let game = record
        .map(|r| r.parse::<Record>().and_then(|r| r.replay()))
        .transpose()
        .map_err(|e| format!("table {}: {e}", data.id))?;
    Ok(Stored { data, game })
}
