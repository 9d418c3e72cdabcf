//! The databases a store can live in: SQLite (a file of this node's own,
//! the default) or PostgreSQL (shared by every node). Both hold the same
//! schema, reached by the same migrations and the same SQL: the backends
//! only run statements, so what the store means lives once, in
//! `store.rs`.
//!
//! Every call is a future that never blocks the server's threads:
//! PostgreSQL through `tokio-postgres` and a `deadpool` pool of
//! connections, SQLite (whose library blocks) on tokio's blocking threads.
//! A table's task still awaits the store before it announces a move (an
//! announced move survives the node), while the other tables go on.

mod postgres;
mod sqlite;

use std::path::PathBuf;
use std::time::Duration;

use futures_util::future::BoxFuture;

/// A parameter or a column: the schema uses text and 64-bit integers only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Int(i64),
    Null,
}

impl Value {
    pub fn text(self) -> Option<String> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_owned())
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

/// One statement: SQL with `$1`, `$2`… placeholders, and its parameters.
#[derive(Clone)]
pub struct Statement {
    pub sql: &'static str,
    pub params: Vec<Value>,
}

/// A failure of the database: each backend's own error, or what the
/// store itself could not do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("postgres: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    #[error("postgres: {0}")]
    Pool(#[from] deadpool_postgres::PoolError),
    #[error("postgres: {0}")]
    Url(#[from] deadpool_postgres::BuildError),
    /// The connection to PostgreSQL is lost, and was not found again in
    /// this long.
    #[error("postgres: no connection for {} s", .0.as_secs())]
    NoConnection(Duration),
    /// The blocking thread running an SQLite call ended without its
    /// answer (it panicked).
    #[error("sqlite: {0}")]
    Blocking(#[from] tokio::task::JoinError),
    #[error("a shared PostgreSQL store is backed up by its own tools (pg_dump), not the node")]
    SharedBackup,
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// A database call under way.
pub type Pending<'a, T> = BoxFuture<'a, Result<T>>;

/// What a store needs of a database.
pub trait Database: Send + Sync {
    /// Runs the statements in one transaction; the rows each changed.
    fn atomically(&self, statements: Vec<Statement>) -> Pending<'_, Vec<u64>>;
    /// The rows a query (or a statement with `RETURNING`) gives.
    fn query(&self, statement: Statement) -> Pending<'_, Vec<Vec<Value>>>;
    /// Whether other nodes share it (then tables are claimed one by one as
    /// their players arrive, never all at start).
    fn shared(&self) -> bool;
    /// A consistent copy into a new SQLite file (the backups).
    fn copy_to(&self, path: PathBuf) -> Pending<'_, ()>;
}

/// The schema, one step per version, in SQL both databases read. A store
/// records how many steps it has taken (`schema_version`) and takes the
/// rest when it opens. Step 1 is the first build's schema, which files of
/// that build already have.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS tables (
         id TEXT PRIMARY KEY,
         state TEXT NOT NULL
     );
     CREATE TABLE IF NOT EXISTS games (
         table_id TEXT PRIMARY KEY,
         record TEXT NOT NULL,
         outcome TEXT,
         finished_at BIGINT
     );",
    // Leases (the node running a table, until when, and a node asking for
    // it), and the record's entries appended one row each after the
    // record's start in `games.record`.
    "ALTER TABLE tables ADD COLUMN owner TEXT;
     ALTER TABLE tables ADD COLUMN lease_until BIGINT;
     ALTER TABLE tables ADD COLUMN wanted_by TEXT;
     CREATE TABLE moves (
         table_id TEXT NOT NULL,
         ply BIGINT NOT NULL,
         entry TEXT NOT NULL,
         PRIMARY KEY (table_id, ply)
     );",
    // How many record entries each table's game has, written in the
    // transaction of each append: a table whose record has fewer was
    // rolled back (a damaged write-ahead log), and is told so.
    "ALTER TABLE tables ADD COLUMN plies BIGINT;",
    // Each table's chat, a row per line (JSON) in the order said; gone
    // with its table.
    "CREATE TABLE chat (
         table_id TEXT NOT NULL,
         seq BIGINT NOT NULL,
         line TEXT NOT NULL,
         PRIMARY KEY (table_id, seq)
     );",
    // The room (`room/rows.rs`): the tables their hosts listed, the seeks
    // waiting for a match (each its node's, `partner` the seek that took
    // it, `table_id` the table they were paired at), and each node's
    // counts with when it last wrote them.
    "CREATE TABLE listings (
         table_id TEXT PRIMARY KEY,
         open TEXT NOT NULL,
         since BIGINT NOT NULL
     );
     CREATE TABLE seeks (
         id TEXT PRIMARY KEY,
         node TEXT NOT NULL,
         pairing TEXT NOT NULL,
         open TEXT NOT NULL,
         since BIGINT NOT NULL,
         partner TEXT,
         table_id TEXT
     );
     CREATE INDEX seeks_by_pairing ON seeks (pairing, since);
     CREATE TABLE presence (
         node TEXT PRIMARY KEY,
         online BIGINT NOT NULL,
         playing BIGINT NOT NULL,
         seen BIGINT NOT NULL
     );",
];

const VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)";

/// The SQL of the steps after `version`, and the statement recording the
/// new version: what a backend runs in one transaction.
fn pending(version: usize) -> Option<String> {
    let steps = MIGRATIONS.get(version..).filter(|s| !s.is_empty())?;
    Some(format!(
        "{} DELETE FROM schema_version; INSERT INTO schema_version VALUES ({});",
        steps.concat(),
        MIGRATIONS.len()
    ))
}

/// Opens the database: PostgreSQL for a `postgres://` (or
/// `postgresql://`) URL, else the SQLite file at `file`; migrated.
pub async fn open(url: Option<&str>, file: PathBuf) -> Result<Box<dyn Database>> {
    Ok(match url {
        Some(url) => Box::new(postgres::Postgres::connect(url).await?),
        None => Box::new(sqlite::Sqlite::open(file).await?),
    })
}

pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_new_store_takes_every_step_and_a_current_one_none() {
        let all = super::pending(0).unwrap();
        assert!(all.contains("CREATE TABLE moves"));
        assert!(all.ends_with(&format!("VALUES ({});", super::MIGRATIONS.len())));
        assert!(
            !super::pending(1)
                .unwrap()
                .contains("CREATE TABLE IF NOT EXISTS tables")
        );
        assert_eq!(super::pending(super::MIGRATIONS.len()), None);
    }
}
