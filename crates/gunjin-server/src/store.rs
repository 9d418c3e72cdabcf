//! The store: every table and game, so a restart (or another node) resumes
//! them and finished records outlive their tables; in SQLite or PostgreSQL
//! (`storage/`), with the same schema.
//!
//! `tables` holds each open table's state as JSON (seats, tokens, phase,
//! drafts) and its lease: the node running it (`owner`) until
//! `lease_until`, renewed every few seconds, and a node that asked for it
//! (`wanted_by`). `games` holds each game's record start (rule code, who
//! moved first, both setups) and its result; `moves` the record's entries
//! (moves, a resignation), one row each, appended as played. Replaying the
//! whole through the rules rebuilds the game exactly. Records written
//! whole by earlier builds stay in `games.record`; their new entries
//! follow in `moves`.

use std::future::Future;
use std::path::Path;
use std::time::Duration;

use gunjin_rules::{ByColor, Color};
use gunjin_table::{Clock, GameTag};
use serde::{Deserialize, Serialize};

use crate::audience::Switches;
use crate::clock::unix_millis;
use crate::referee::{Gunjin, Referee};
use crate::seat::Seat;
use crate::shogi::Shogi;
use crate::storage::{self, Database, Result, Statement, Value};
use tracing::{error, warn};

/// The stored result of a game whose table expired before its end.
pub const ABANDONED: &str = r#""abandoned""#;

/// The tables and games of every node sharing the database, as this node
/// (`owner`) sees and leases them.
pub struct Store {
    db: Box<dyn Database>,
    owner: String,
    lease: Duration,
}

/// A table's lasting state as stored in `tables.state` (JSON), the game
/// apart as its record. The format of the first build, kept field for
/// field (`tests/stored.rs` reads a file it wrote): the stage is implied by
/// the game's row and `setup_deadline`.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct StoredTable<R: Referee> {
    pub id: String,
    /// The table's game (absent in tables stored before the tag: Gunjin).
    #[serde(default)]
    pub game: GameTag,
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
    /// The players' switches of spectators and free text (absent while
    /// both are on, as in tables stored before them).
    #[serde(default, skip_serializing_if = "Switches::is_default")]
    pub switches: Switches,
}

/// A table as stored, its game if one started, and whether that game has
/// fewer entries than the store counted (it lost moves: a damaged log).
pub struct Stored<R: Referee> {
    pub table: StoredTable<R>,
    pub game: Option<R::Game>,
    pub behind: bool,
}

/// A stored table of either game.
pub enum AnyStored {
    Gunjin(Box<Stored<Gunjin>>),
    Shogi(Box<Stored<Shogi>>),
}

impl AnyStored {
    pub fn id(&self) -> &str {
        match self {
            AnyStored::Gunjin(stored) => &stored.table.id,
            AnyStored::Shogi(stored) => &stored.table.id,
        }
    }

    /// Marks the table as one that may have lost what it last stored (a
    /// move, its game's start, a guest sitting down): its players are
    /// told when they come back.
    pub fn fell_behind(&mut self) {
        match self {
            AnyStored::Gunjin(stored) => stored.behind = true,
            AnyStored::Shogi(stored) => stored.behind = true,
        }
    }
}

/// The game tag alone, read first to pick the table's referee.
#[derive(Deserialize)]
struct Tagged {
    #[serde(default)]
    game: GameTag,
}

/// Whether a table could be claimed for this node.
pub enum Claim {
    /// The lease is this node's now: the table as stored, game replayed.
    Taken(AnyStored),
    /// Another node holds a live lease; it was asked to hand the table
    /// over.
    Held,
    Missing,
}

const SAVE_TABLE: &str =
    "INSERT INTO tables (id, state, owner, lease_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state WHERE tables.owner = excluded.owner";
const START_GAME: &str = "INSERT INTO games (table_id, record) VALUES ($1, $2)
     ON CONFLICT (table_id) DO UPDATE SET record = excluded.record, outcome = NULL, finished_at = NULL";
const CLEAR_MOVES: &str = "DELETE FROM moves WHERE table_id = $1";
const COUNT: &str = "UPDATE tables SET plies = CAST($2 AS BIGINT) WHERE id = $1 AND owner = $3";
/// An entry is appended only by the lease's holder (a node that lost it
/// writes nothing); one stored already (an append run again after its
/// answer was lost, `storage/postgres.rs`) is written over with itself.
const APPEND: &str = "INSERT INTO moves (table_id, ply, entry) SELECT $1, CAST($2 AS BIGINT), $3
     WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1 AND owner = $4)
     ON CONFLICT (table_id, ply) DO UPDATE SET entry = excluded.entry";
/// The entries from the `$2`th on, gone from the game (a takeback), by
/// the lease's holder alone.
const CUT: &str = "DELETE FROM moves WHERE table_id = $1 AND ply >= CAST($2 AS BIGINT)
     AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND owner = $3)";
const FINISH: &str = "UPDATE games SET outcome = $2, finished_at = $3 WHERE table_id = $1";
const DELETE_TABLE: &str = "DELETE FROM tables WHERE id = $1";
const ABANDON: &str = "UPDATE games SET outcome = $2, finished_at = $3
     WHERE table_id = $1 AND finished_at IS NULL";
const FINISHED: &str =
    "SELECT record, outcome FROM games WHERE table_id = $1 AND finished_at IS NOT NULL";
const RECORD_START: &str = "SELECT record FROM games WHERE table_id = $1";
const ENTRIES: &str = "SELECT entry FROM moves WHERE table_id = $1 ORDER BY ply";
/// Free, expired or already this node's.
const CLAIM: &str = "UPDATE tables SET owner = $2, lease_until = $3, wanted_by = NULL
     WHERE id = $1 AND (owner IS NULL OR owner = $2 OR lease_until < $4) RETURNING state, plies";
const WANT: &str = "UPDATE tables SET wanted_by = $2 WHERE id = $1";
const CLAIM_ALL: &str =
    "UPDATE tables SET owner = $1, lease_until = $2, wanted_by = NULL RETURNING id, state, plies";
const RENEW: &str = "UPDATE tables SET lease_until = $2 WHERE owner = $1 RETURNING id, wanted_by";
/// A line is appended only by the lease's holder, after the last.
const SAY: &str = "INSERT INTO chat (table_id, seq, line)
     SELECT $1, COALESCE((SELECT MAX(seq) FROM chat WHERE table_id = $1), 0) + 1, $2
     WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1 AND owner = $3)";
const CHAT: &str = "SELECT line FROM chat WHERE table_id = $1 ORDER BY seq";
const FORGET_CHAT: &str = "DELETE FROM chat WHERE table_id = $1";
const RELEASE: &str = "UPDATE tables SET owner = NULL, lease_until = NULL, wanted_by = NULL
     WHERE id = $1 AND owner = $2";

fn statement(sql: &'static str, params: Vec<Value>) -> Statement {
    Statement { sql, params }
}

fn millis(unix: u64) -> Value {
    Value::Int(unix as i64)
}

impl Store {
    /// The store of `owner`, a node holding each table it runs for
    /// `lease` past each renewal: PostgreSQL at `url`, else SQLite at
    /// `file`.
    pub async fn open(
        url: Option<&str>,
        file: &Path,
        owner: String,
        lease: Duration,
    ) -> Result<Store> {
        Ok(Store {
            db: storage::open(url, file.to_owned()).await?,
            owner,
            lease,
        })
    }

    /// The store, its writes failing while `full` is set (the tests' full
    /// disk).
    #[cfg(feature = "faults")]
    pub fn failing_when(self, full: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Store {
        let db = Box::new(crate::faults::FullDisk { db: self.db, full });
        Store { db, ..self }
    }

    /// The database itself, for the room's rows (`room/rows.rs`).
    pub fn db(&self) -> &dyn Database {
        &*self.db
    }

    /// This node's name in the store.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Whether other nodes share the store.
    pub fn shared(&self) -> bool {
        self.db.shared()
    }

    /// A consistent copy of the store into a new file at `path`.
    pub async fn copy_to(&self, path: &Path) -> Result<()> {
        self.db.copy_to(path.to_owned()).await
    }

    fn until(&self) -> Value {
        millis(unix_millis() + self.lease.as_millis() as u64)
    }

    /// Writes a table's state (a new table is this node's, leased); false
    /// when another node holds it now.
    pub fn save_table<R: Referee>(
        &self,
        data: &StoredTable<R>,
    ) -> impl Future<Output = Result<bool>> + Send + '_ {
        let state = serde_json::to_string(data).expect("table data serializes");
        let params = vec![
            data.id.as_str().into(),
            Value::Text(state),
            self.owner.as_str().into(),
            self.until(),
        ];
        let saving = self.db.atomically(vec![statement(SAVE_TABLE, params)]);
        async { Ok(saving.await?[0] > 0) }
    }

    /// Writes a game's start: rules and setups, no entry yet.
    pub fn start_game<R: Referee>(
        &self,
        table: &str,
        game: &R::Game,
    ) -> impl Future<Output = Result<()>> + Send + '_ {
        let starting = self.db.atomically(vec![
            statement(
                START_GAME,
                vec![table.into(), Value::Text(R::record_start(game))],
            ),
            statement(CLEAR_MOVES, vec![table.into()]),
            self.count(table, 0),
        ]);
        async { starting.await.map(drop) }
    }

    /// The statement counting a table's entries, this node's alone.
    fn count(&self, table: &str, entries: usize) -> Statement {
        let params = vec![
            table.into(),
            Value::Int(entries as i64),
            self.owner.as_str().into(),
        ];
        statement(COUNT, params)
    }

    /// Appends the game's entries from the `from`th on, one row each, and
    /// its result once over; false when another node holds the table now.
    /// A game with fewer entries than `from` had moves taken back: the
    /// rows past its end are deleted, so its record replays as it is.
    pub fn append<R: Referee>(
        &self,
        table: &str,
        game: &R::Game,
        from: usize,
        now_millis: u64,
    ) -> impl Future<Output = Result<bool>> + Send + '_ {
        let entries = R::entries(game, from);
        let count = entries.len();
        let mut statements: Vec<Statement> = entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                let params = vec![
                    table.into(),
                    Value::Int((from + i) as i64),
                    Value::Text(entry),
                    self.owner.as_str().into(),
                ];
                statement(APPEND, params)
            })
            .collect();
        if count > 0 {
            statements.push(self.count(table, from + count));
        }
        let total = R::entry_count(game);
        if total < from {
            let params = vec![
                table.into(),
                Value::Int(total as i64),
                self.owner.as_str().into(),
            ];
            statements.push(statement(CUT, params));
            statements.push(self.count(table, total));
        }
        if let Some(outcome) = R::outcome_json(game) {
            let params = vec![table.into(), Value::Text(outcome), millis(now_millis)];
            statements.push(statement(FINISH, params));
        }
        let appending = (!statements.is_empty()).then(|| self.db.atomically(statements));
        async move {
            let Some(appending) = appending else {
                return Ok(true);
            };
            Ok(appending.await?[..count].iter().all(|&n| n > 0))
        }
    }

    /// Forgets a table. Its game's record stays: a game not over is kept
    /// as [`ABANDONED`], finished at `now_millis`.
    pub async fn delete_table(&self, id: &str, now_millis: u64) -> Result<()> {
        let abandon = vec![id.into(), ABANDONED.into(), millis(now_millis)];
        self.db
            .atomically(vec![
                statement(DELETE_TABLE, vec![id.into()]),
                statement(FORGET_CHAT, vec![id.into()]),
                statement(ABANDON, abandon),
                crate::room::unlisting(id),
            ])
            .await?;
        Ok(())
    }

    /// Appends a line (JSON) to a table's chat.
    pub fn say(&self, table: &str, line: String) -> impl Future<Output = Result<()>> + Send + '_ {
        let params = vec![table.into(), Value::Text(line), self.owner.as_str().into()];
        let saying = self.db.atomically(vec![statement(SAY, params)]);
        async { saying.await.map(drop) }
    }

    /// A table's chat, each line's JSON in the order said.
    pub async fn chat(&self, table: &str) -> Result<Vec<String>> {
        let rows = self.db.query(statement(CHAT, vec![table.into()])).await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| row.into_iter().next()?.text())
            .collect())
    }

    /// The record of a game as stored: its start and every entry.
    async fn record(&self, start: String, table: &str) -> Result<String> {
        let entries = self
            .db
            .query(statement(ENTRIES, vec![table.into()]))
            .await?;
        Ok(entries
            .into_iter()
            .filter_map(|row| row.into_iter().next()?.text())
            .fold(start, |record, entry| record + " " + &entry))
    }

    /// The record of a finished (or abandoned) game and its result
    /// (JSON).
    pub async fn finished(&self, table: &str) -> Result<Option<(String, String)>> {
        let row = self
            .db
            .query(statement(FINISHED, vec![table.into()]))
            .await?;
        let mut row = row.into_iter().next().unwrap_or_default().into_iter();
        let (Some(Value::Text(start)), Some(Value::Text(outcome))) = (row.next(), row.next())
        else {
            return Ok(None);
        };
        Ok(Some((self.record(start, table).await?, outcome)))
    }

    /// A claimed table's game, if it started.
    async fn game_record(&self, table: &str) -> Result<Option<String>> {
        let row = self
            .db
            .query(statement(RECORD_START, vec![table.into()]))
            .await?;
        match row.into_iter().next().and_then(|r| r.into_iter().next()) {
            Some(Value::Text(start)) => self.record(start, table).await.map(Some),
            _ => Ok(None),
        }
    }

    /// The table `state` with its game rebuilt by replay, checked against
    /// the entries counted for it (`plies`, none before the count was
    /// kept); `None` (reported) for one that no longer reads.
    async fn rebuild(&self, state: &str, table: &str, plies: &Value) -> Result<Option<AnyStored>> {
        let record = self.game_record(table).await?;
        let plies = match plies {
            Value::Int(n) => Some(*n as usize),
            _ => None,
        };
        Ok(rebuild_any(state, record.as_deref(), plies)
            .map_err(|e| error!(table, "store: skipping a table that does not load: {e}"))
            .ok())
    }

    /// Takes the lease of table `id` if it is free, expired or this
    /// node's already, and loads the table; else asks its holder to hand
    /// it over.
    pub async fn claim(&self, id: &str) -> Result<Claim> {
        let params = vec![
            id.into(),
            self.owner.as_str().into(),
            self.until(),
            millis(unix_millis()),
        ];
        let claimed = self.db.query(statement(CLAIM, params)).await?;
        if let Some([Value::Text(state), plies]) = claimed.first().map(Vec::as_slice) {
            return Ok(self
                .rebuild(state, id, plies)
                .await?
                .map_or(Claim::Missing, Claim::Taken));
        }
        let want = vec![id.into(), self.owner.as_str().into()];
        let asked = self.db.atomically(vec![statement(WANT, want)]).await?[0];
        Ok(if asked > 0 {
            Claim::Held
        } else {
            Claim::Missing
        })
    }

    /// Takes every table (a store of this node's alone) and loads them.
    pub async fn claim_all(&self) -> Result<Vec<AnyStored>> {
        let rows = self
            .db
            .query(statement(
                CLAIM_ALL,
                vec![self.owner.as_str().into(), self.until()],
            ))
            .await?;
        let mut tables = Vec::new();
        for row in rows {
            if let [Value::Text(id), Value::Text(state), plies] = row.as_slice()
                && let Some(stored) = self.rebuild(state, id, plies).await?
            {
                tables.push(stored);
            }
        }
        Ok(tables)
    }

    /// Renews every lease this node holds; returns those tables, each with
    /// whether another node asked for it.
    pub async fn renew(&self) -> Result<Vec<(String, bool)>> {
        let rows = self
            .db
            .query(statement(
                RENEW,
                vec![self.owner.as_str().into(), self.until()],
            ))
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let mut row = row.into_iter();
                let id = row.next()?.text()?;
                Some((id, row.next().is_some_and(|w| w != Value::Null)))
            })
            .collect())
    }

    /// Gives up this node's lease of table `id`: any node may take it now.
    pub async fn release(&self, id: &str) -> Result<()> {
        let params = vec![id.into(), self.owner.as_str().into()];
        self.db.atomically(vec![statement(RELEASE, params)]).await?;
        Ok(())
    }
}

/// Why a stored table no longer loads: it is skipped, and said so.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("its state does not read: {0}")]
    State(#[from] serde_json::Error),
    #[error("a {0:?} table where another game's was asked for")]
    OtherGame(GameTag),
    /// The referee's account of a record its rules do not replay.
    #[error("its record does not replay: {0}")]
    Record(String),
}

/// A table of whichever game its state names.
fn rebuild_any(
    state: &str,
    record: Option<&str>,
    plies: Option<usize>,
) -> std::result::Result<AnyStored, LoadError> {
    let tagged: Tagged = serde_json::from_str(state)?;
    Ok(match tagged.game {
        GameTag::Gunjin => AnyStored::Gunjin(Box::new(rebuild(state, record, plies)?)),
        GameTag::Shogi => AnyStored::Shogi(Box::new(rebuild(state, record, plies)?)),
    })
}

/// The table, its game replayed, and (said loudly) whether the game has
/// fewer entries than counted: it was rolled back, and its players are
/// told. More entries than counted (the count's row older than the
/// moves') are kept: they replay, so nobody loses a move.
fn rebuild<R: Referee>(
    state: &str,
    record: Option<&str>,
    plies: Option<usize>,
) -> std::result::Result<Stored<R>, LoadError> {
    let table: StoredTable<R> = serde_json::from_str(state)?;
    if table.game != R::GAME {
        return Err(LoadError::OtherGame(table.game));
    }
    let game = record
        .map(R::replay)
        .transpose()
        .map_err(LoadError::Record)?;
    let entries = game.as_ref().map_or(0, R::entry_count);
    let behind = plies.is_some_and(|plies| entries < plies);
    match plies {
        Some(plies) if plies != entries => warn!(
            table = %table.id,
            "store: its record has {entries} entries where {plies} were stored{}",
            match behind {
                true => ": the game goes on from the last of them, and its players are told",
                false => ": all of them are kept",
            },
        ),
        _ => {}
    }
    Ok(Stored {
        table,
        game,
        behind,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use gunjin_rules::Rules;

    use super::{Claim, Store, StoredTable};
    use crate::referee::Gunjin;
    use crate::seat::Seat;
    use crate::table::Table;

    /// Two nodes on one store (SQLite here; the scale test runs the same
    /// SQL on PostgreSQL): a table is one node's at a time, the other asks
    /// for it and gets it once released, and a node without the lease
    /// writes nothing.
    #[tokio::test]
    async fn a_lease_is_one_nodes_and_is_asked_for_and_handed_over() {
        let file =
            std::env::temp_dir().join(format!("gunjin-lease-{}.sqlite3", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let node = |name: &str| Store::open(None, &file, name.into(), Duration::from_secs(60));
        let (a, b) = (node("a").await.unwrap(), node("b").await.unwrap());
        let host = Seat {
            name: "host".into(),
            token: "t".into(),
            cpu: None,
        };
        let table = Table::<Gunjin>::open(Rules::KIRAKUKEN, None, host);
        assert!(a.save_table(&table).await.unwrap());
        assert!(matches!(b.claim(&table.id).await.unwrap(), Claim::Held));
        assert_eq!(a.renew().await.unwrap(), vec![(table.id.clone(), true)]);
        assert!(!b.save_table(&table).await.unwrap());
        a.release(&table.id).await.unwrap();
        assert!(matches!(b.claim(&table.id).await.unwrap(), Claim::Taken(_)));
        assert_eq!(a.renew().await.unwrap(), vec![]);
        assert_eq!(b.renew().await.unwrap(), vec![(table.id.clone(), false)]);
        assert!(matches!(a.claim("nope").await.unwrap(), Claim::Missing));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
    }

    /// A table in its setup as today's build stored it, before the game
    /// tag (`tests/fixtures/table-v2.json`): it reads as a Gunjin table
    /// and loads; a table of another game is refused, not misread.
    #[test]
    fn a_table_stored_before_the_game_tag_is_gunjin() {
        let text = include_str!("../tests/fixtures/table-v2.json");
        let table: StoredTable<Gunjin> = serde_json::from_str(text).unwrap();
        assert_eq!(table.game, gunjin_table::GameTag::Gunjin);
        assert!(super::rebuild::<Gunjin>(text, None, None).is_ok());
        let shogi = text.replacen('{', r#"{"game":"shogi","#, 1);
        assert!(matches!(
            super::rebuild::<Gunjin>(&shogi, None, None),
            Err(super::LoadError::OtherGame(gunjin_table::GameTag::Shogi))
        ));
        assert!(matches!(
            super::rebuild_any("{", None, None),
            Err(super::LoadError::State(_))
        ));
        assert!(matches!(
            super::rebuild_any(text, None, None),
            Ok(super::AnyStored::Gunjin(_))
        ));
    }

    /// A record with fewer entries than the store counted for its table
    /// was rolled back; one with as many, or without a count (stored
    /// before it was kept), or with more (the moves kept), was not.
    #[test]
    fn a_record_shorter_than_its_count_is_behind() {
        let text = include_str!("../tests/fixtures/shogi-table-v3.json");
        let record = "north startpos 7g7f 3c3d 8h2b+ 3a2b";
        let behind = |plies| match super::rebuild_any(text, Some(record), plies) {
            Ok(super::AnyStored::Shogi(stored)) => stored.behind,
            _ => panic!("a Shogi table"),
        };
        assert!(behind(Some(6)));
        assert!(!behind(Some(4)));
        assert!(!behind(Some(3)));
        assert!(!behind(None));
    }

    /// A Shogi table in play against the CPU with a byoyomi clock
    /// (`tests/fixtures/shogi-table-v3.json`), its record as stored (the
    /// seat playing Sente, the start, the USI moves): it loads as Shogi,
    /// and not as Gunjin.
    #[test]
    fn a_stored_shogi_table_loads_with_its_game() {
        let text = include_str!("../tests/fixtures/shogi-table-v3.json");
        let record = "north startpos 7g7f 3c3d P*5e";
        assert!(
            matches!(
                super::rebuild_any(text, Some(record), None),
                Err(super::LoadError::Record(_))
            ),
            "P*5e from an empty hand"
        );
        let record = "north startpos 7g7f 3c3d 8h2b+ 3a2b";
        let Ok(super::AnyStored::Shogi(stored)) = super::rebuild_any(text, Some(record), None)
        else {
            panic!("a Shogi table");
        };
        let game = stored.game.expect("its game");
        assert_eq!(game.sente, gunjin_rules::Color::North);
        assert_eq!(game.game.moves().len(), 4);
        let cpu = stored.table.seats.north.and_then(|s| s.cpu);
        assert_eq!(
            cpu,
            Some(gunjin_table::CpuLevel::Shogi(
                gunjin_table::ShogiLevel::Club
            ))
        );
        assert!(super::rebuild::<Gunjin>(text, Some(record), None).is_err());
        let ended = format!("{record} resign:north");
        assert!(
            super::rebuild_any(text, Some(&ended), None).is_err(),
            "no such side"
        );
        let ended = format!("{record} resign:gote");
        let Ok(super::AnyStored::Shogi(stored)) = super::rebuild_any(text, Some(&ended), None)
        else {
            panic!("a Shogi table");
        };
        use crate::referee::Referee;
        let game = stored.game.unwrap();
        assert!(crate::shogi::Shogi::is_over(&game));
        assert_eq!(crate::shogi::Shogi::entries(&game, 4), vec!["resign:gote"]);
    }
}
