//! The shared store: a PostgreSQL database every node reaches. The
//! synchronous `postgres` client runs a small runtime of its own, which
//! must not be entered from the server's async threads: one thread of its
//! own holds the connection and runs the statements sent to it in turn,
//! each prepared once (a statement is then one round trip).
//!
//! A connection lost (the database restarted, failed over, or the network
//! dropped) is made again, with a backoff, and the statement that found it
//! gone is run again on the new one: every statement of the store can be
//! run twice (`store.rs`), so one whose answer was lost with the
//! connection does no harm run again. A statement waits [`PATIENCE`] for
//! the database at most, then fails as before.

use std::collections::HashMap;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use postgres::types::{ToSql, Type};
use postgres::{Client, NoTls, Row};

use super::{Database, Result, Statement, StoreError, VERSION_TABLE, Value, pending};
use tracing::{error, info, warn};

/// How long a statement waits for a lost database to come back.
const PATIENCE: Duration = Duration::from_secs(10);

/// The longest pause between two tries to connect again.
const MAX_PAUSE: Duration = Duration::from_secs(1);

/// A statement's work on the connection's thread. Given a connection, it
/// runs and answers, or returns false when the connection broke under it
/// (to be run again on a new one); given none, it answers that the
/// database is unreachable.
type Work = Box<dyn FnMut(Option<&mut Connection>) -> bool + Send>;

/// Work, and when it was asked for.
struct Job {
    since: Instant,
    work: Work,
}

/// The connection, and the statements prepared on it.
struct Connection {
    client: Client,
    prepared: HashMap<&'static str, postgres::Statement>,
}

impl Connection {
    fn prepare(
        &mut self,
        sql: &'static str,
    ) -> std::result::Result<postgres::Statement, postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }
}

pub struct Postgres {
    jobs: mpsc::Sender<Job>,
}

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

fn migrate(client: &mut Client) -> std::result::Result<(), postgres::Error> {
    let mut tx = client.transaction()?;
    tx.batch_execute(VERSION_TABLE)?;
    // Nodes starting together migrate one at a time.
    tx.batch_execute("LOCK TABLE schema_version IN EXCLUSIVE MODE")?;
    let version: i64 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])?
        .get(0);
    if let Some(sql) = pending(version as usize) {
        tx.batch_execute(&sql)?;
    }
    tx.commit()
}

impl Postgres {
    /// Connects and migrates on the connection's own thread, which then
    /// serves statements.
    pub fn connect(url: &str) -> Result<Postgres> {
        let url = url.to_owned();
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (ready, opened) = mpsc::channel();
        std::thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let client = Client::connect(&url, NoTls).and_then(|mut client| {
                    migrate(&mut client)?;
                    Ok(client)
                });
                let client = match client {
                    Ok(client) => client,
                    Err(e) => return drop(ready.send(Err(StoreError::from(e)))),
                };
                let _ = ready.send(Ok(()));
                serve(&url, Connection::new(client), inbox);
            })
            .map_err(StoreError::Thread)?;
        opened.recv().map_err(|_| StoreError::Gone)??;
        Ok(Postgres { jobs })
    }

    /// Runs `work` on the connection's thread and waits for its answer.
    fn run<T: Send + 'static>(
        &self,
        mut work: impl FnMut(&mut Connection) -> std::result::Result<T, postgres::Error>
        + Send
        + 'static,
    ) -> Result<T> {
        let (answer, answered) = mpsc::channel();
        let work: Work = Box::new(move |connection: Option<&mut Connection>| {
            let result = match connection {
                None => Err(StoreError::NoConnection(PATIENCE)),
                Some(connection) => match work(connection) {
                    Err(e) if lost(&e, &connection.client) => return false,
                    result => result.map_err(StoreError::from),
                },
            };
            let _ = answer.send(result);
            true
        });
        let job = Job {
            since: Instant::now(),
            work,
        };
        self.jobs.send(job).map_err(|_| StoreError::Gone)?;
        wait(|| answered.recv()).map_err(|_| StoreError::Gone)?
    }
}

impl Connection {
    fn new(client: Client) -> Connection {
        Connection {
            client,
            prepared: HashMap::new(),
        }
    }
}

/// Whether `e` means the connection is gone: closed, or its session ended
/// by the server (SQLSTATE class 57P: shutting down, restarting; class
/// 08: a connection failure), so the work may run again on a new one.
fn lost(e: &postgres::Error, client: &Client) -> bool {
    let ended = e
        .code()
        .is_some_and(|c| c.code().starts_with("57P") || c.code().starts_with("08"));
    e.is_closed() || ended || client.is_closed()
}

/// Runs the jobs in turn, connecting again whenever the connection is
/// found lost; a job gives up [`PATIENCE`] after it was asked for.
fn serve(url: &str, connection: Connection, inbox: mpsc::Receiver<Job>) {
    let mut connection = Some(connection);
    for mut job in inbox {
        let give_up = job.since + PATIENCE;
        loop {
            if connection.as_ref().is_none_or(|c| c.client.is_closed()) {
                connection = reconnect(url, give_up);
            }
            let Some(live) = connection.as_mut() else {
                (job.work)(None);
                break;
            };
            if (job.work)(Some(live)) {
                break;
            }
            warn!("postgres: the connection was lost; connecting again");
            connection = None;
            if Instant::now() >= give_up {
                (job.work)(None);
                break;
            }
        }
    }
}

/// A new connection, tried at once and then with a backoff until
/// `give_up`.
fn reconnect(url: &str, give_up: Instant) -> Option<Connection> {
    let started = Instant::now();
    let mut pause = Duration::from_millis(50);
    loop {
        match Client::connect(url, NoTls) {
            Ok(client) => {
                let after = started.elapsed().as_secs_f64();
                info!("postgres: connected again after {after:.1} s");
                return Some(Connection::new(client));
            }
            Err(e) if Instant::now() + pause >= give_up => {
                error!("postgres: cannot connect again: {e}");
                return None;
            }
            Err(_) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(MAX_PAUSE);
            }
        }
    }
}

/// Waits for the connection's answer. On the server's (multi-threaded)
/// runtime the worker thread first hands its other tasks to another one:
/// while tables wait on the database in turn, the node still accepts
/// connections and answers the load balancer's health checks.
fn wait<T>(answer: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(answer),
        _ => answer(),
    }
}

impl Database for Postgres {
    fn atomically(&self, statements: Vec<Statement>) -> Result<Vec<u64>> {
        self.run(move |connection| {
            let prepared = statements
                .iter()
                .map(|s| connection.prepare(s.sql))
                .collect::<std::result::Result<Vec<_>, _>>()?;
            // One statement is a transaction of its own.
            if let ([s], [statement]) = (statements.as_slice(), prepared.as_slice()) {
                return Ok(vec![
                    connection.client.execute(statement, &params(&s.params))?,
                ]);
            }
            let mut tx = connection.client.transaction()?;
            let mut changed = Vec::with_capacity(statements.len());
            for (s, statement) in statements.iter().zip(&prepared) {
                changed.push(tx.execute(statement, &params(&s.params))?);
            }
            tx.commit()?;
            Ok(changed)
        })
    }

    fn query(&self, s: Statement) -> Result<Vec<Vec<Value>>> {
        self.run(move |connection| {
            let statement = connection.prepare(s.sql)?;
            let rows = connection.client.query(&statement, &params(&s.params))?;
            Ok(rows.iter().map(columns).collect())
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn copy_to(&self, _path: &Path) -> Result<()> {
        Err(StoreError::SharedBackup)
    }
}
