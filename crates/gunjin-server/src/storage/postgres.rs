//! The shared store: a PostgreSQL database every node reaches, through
//! `tokio-postgres` and a `deadpool` pool of connections, each caching the
//! statements it prepared (a statement is then one round trip).
//!
//! A connection lost (the database restarted, failed over, or the network
//! dropped) leaves the pool, and the statement that found it gone is run
//! again on a new one, tried with a backoff: every statement of the store
//! can be run twice (`store.rs`), so one whose answer was lost with the
//! connection does no harm run again. A statement waits [`PATIENCE`] for
//! the database at most, then fails as before.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use futures_util::future::BoxFuture;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{NoTls, Row};

use super::{Database, Pending, Result, Statement, StoreError, VERSION_TABLE, Value, pending};
use tracing::{info, warn};

/// How long a statement waits for a lost database to come back.
const PATIENCE: Duration = Duration::from_secs(10);

/// The longest pause between two tries to connect again.
const MAX_PAUSE: Duration = Duration::from_secs(1);

/// Connections a node keeps: tables store in parallel, each its own
/// writes in turn; a handful leaves PostgreSQL's default of 100
/// connections to a dozen nodes.
const CONNECTIONS: usize = 8;

pub struct Postgres {
    pool: Pool,
}

/// One try of a statement's work on a connection.
type Attempt<'c, T> = BoxFuture<'c, std::result::Result<T, tokio_postgres::Error>>;

/// The parameters as the client takes them. Statements never pass NULL
/// (PostgreSQL would need its type): they write it literally.
fn params(values: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    values
        .iter()
        .map(|v| match v {
            Value::Text(s) => s as &(dyn ToSql + Sync),
            Value::Int(n) => n as &(dyn ToSql + Sync),
            Value::Null => unreachable!("statements write NULL literally"),
        })
        .collect()
}

fn columns(row: &Row) -> Vec<Value> {
    (0..row.len())
        .map(|i| {
            let value = match *row.columns()[i].type_() {
                Type::INT8 => row.get::<_, Option<i64>>(i).map(Value::Int),
                _ => row.get::<_, Option<String>>(i).map(Value::Text),
            };
            value.unwrap_or(Value::Null)
        })
        .collect()
}

async fn migrate(client: &mut Object) -> std::result::Result<(), tokio_postgres::Error> {
    let tx = client.transaction().await?;
    tx.batch_execute(VERSION_TABLE).await?;
    // Nodes starting together migrate one at a time.
    tx.batch_execute("LOCK TABLE schema_version IN EXCLUSIVE MODE")
        .await?;
    let version: i64 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .get(0);
    if let Some(sql) = pending(version as usize) {
        tx.batch_execute(&sql).await?;
    }
    tx.commit().await
}

/// Whether `e` means the connection is gone: closed, or its session ended
/// by the server (SQLSTATE class 57P: shutting down, restarting; class
/// 08: a connection failure), so the work may run again on a new one.
fn lost(e: &tokio_postgres::Error, client: &Object) -> bool {
    let ended = e
        .code()
        .is_some_and(|c| c.code().starts_with("57P") || c.code().starts_with("08"));
    e.is_closed() || ended || client.is_closed()
}

/// Runs the statements in one transaction on a connection.
async fn atomically(
    client: &mut Object,
    statements: Vec<Statement>,
) -> std::result::Result<Vec<u64>, tokio_postgres::Error> {
    // One statement is a transaction of its own.
    if let [s] = statements.as_slice() {
        let statement = client.prepare_cached(s.sql).await?;
        return Ok(vec![client.execute(&statement, &params(&s.params)).await?]);
    }
    let tx = client.transaction().await?;
    let mut changed = Vec::with_capacity(statements.len());
    for s in &statements {
        let statement = tx.prepare_cached(s.sql).await?;
        changed.push(tx.execute(&statement, &params(&s.params)).await?);
    }
    tx.commit().await?;
    Ok(changed)
}

async fn query(
    client: &mut Object,
    s: Statement,
) -> std::result::Result<Vec<Vec<Value>>, tokio_postgres::Error> {
    let statement = client.prepare_cached(s.sql).await?;
    let rows = client.query(&statement, &params(&s.params)).await?;
    Ok(rows.iter().map(columns).collect())
}

impl Postgres {
    /// Connects and migrates.
    pub async fn connect(url: &str) -> Result<Postgres> {
        let config: tokio_postgres::Config = url.parse()?;
        let recycling = ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        };
        let pool = Pool::builder(Manager::from_config(config, NoTls, recycling))
            .max_size(CONNECTIONS)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(PATIENCE))
            .create_timeout(Some(PATIENCE))
            .build()?;
        migrate(&mut pool.get().await?).await?;
        Ok(Postgres { pool })
    }

    /// A connection from the pool, tried at once and then with a backoff
    /// until `give_up`.
    async fn connection(&self, give_up: Instant) -> Result<Object> {
        let mut pause = Duration::from_millis(50);
        let mut failed = None;
        loop {
            match self.pool.get().await {
                Ok(client) => {
                    if let Some(since) = failed {
                        let after = Instant::elapsed(&since).as_secs_f64();
                        info!("postgres: connected again after {after:.1} s");
                    }
                    return Ok(client);
                }
                Err(_) if Instant::now() + pause >= give_up => {
                    return Err(StoreError::NoConnection(PATIENCE));
                }
                Err(_) => {
                    failed.get_or_insert_with(Instant::now);
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(MAX_PAUSE);
                }
            }
        }
    }

    /// Tries `work`, again on a new connection whenever the connection
    /// is found lost, for [`PATIENCE`] at most.
    async fn run<T>(&self, work: impl for<'c> Fn(&'c mut Object) -> Attempt<'c, T>) -> Result<T> {
        let give_up = Instant::now() + PATIENCE;
        loop {
            let mut client = self.connection(give_up).await?;
            match work(&mut client).await {
                Err(e) if lost(&e, &client) && Instant::now() < give_up => {
                    warn!("postgres: the connection was lost; connecting again");
                    // Never back into the pool.
                    let _ = Object::take(client);
                }
                done => return Ok(done?),
            }
        }
    }
}

impl Database for Postgres {
    fn atomically(&self, statements: Vec<Statement>) -> Pending<'_, Vec<u64>> {
        Box::pin(self.run(move |client| Box::pin(atomically(client, statements.clone()))))
    }

    fn query(&self, s: Statement) -> Pending<'_, Vec<Vec<Value>>> {
        Box::pin(self.run(move |client| Box::pin(query(client, s.clone()))))
    }

    fn shared(&self) -> bool {
        true
    }

    fn copy_to(&self, _path: PathBuf) -> Pending<'_, ()> {
        Box::pin(async { Err(StoreError::SharedBackup) })
    }
}
