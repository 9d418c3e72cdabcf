//! The embedded store: one SQLite file in WAL mode, one connection under a
//! mutex (writes are short; one node owns the file). SQLite's library
//! blocks, so every call runs on tokio's blocking threads.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, params_from_iter};

use super::{Database, Pending, Result, Statement, VERSION_TABLE, Value, pending};

#[derive(Clone)]
pub struct Sqlite(Arc<Mutex<Connection>>);

/// The shared SQL's `$n` placeholders are SQLite's `?n`.
fn dialect(sql: &str) -> String {
    sql.replace('$', "?")
}

fn param(value: &Value) -> SqlValue {
    match value {
        Value::Text(s) => SqlValue::Text(s.clone()),
        Value::Int(n) => SqlValue::Integer(*n),
        Value::Null => SqlValue::Null,
    }
}

fn column(value: SqlValue) -> Value {
    match value {
        SqlValue::Text(s) => Value::Text(s),
        SqlValue::Integer(n) => Value::Int(n),
        _ => Value::Null,
    }
}

impl Sqlite {
    pub async fn open(path: PathBuf) -> Result<Sqlite> {
        tokio::task::spawn_blocking(move || {
            let db = Connection::open(path)?;
            db.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")?;
            let store = Sqlite(Arc::new(Mutex::new(db)));
            store.migrate()?;
            Ok(store)
        })
        .await?
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `work` on the connection, on a blocking thread.
    fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Pending<'_, T> {
        let store = self.clone();
        Box::pin(async move {
            let answer = tokio::task::spawn_blocking(move || work(&mut store.db())).await?;
            Ok(answer?)
        })
    }

    fn migrate(&self) -> rusqlite::Result<()> {
        let mut db = self.db();
        let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(VERSION_TABLE)?;
        let version: i64 = tx.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            [],
            |row| row.get(0),
        )?;
        if let Some(sql) = pending(version as usize) {
            tx.execute_batch(&sql)?;
        }
        tx.commit()
    }
}

impl Database for Sqlite {
    fn atomically(&self, statements: Vec<Statement>) -> Pending<'_, Vec<u64>> {
        self.run(move |db| {
            let tx = db.transaction()?;
            let mut changed = Vec::with_capacity(statements.len());
            for s in &statements {
                let n = tx.execute(
                    &dialect(s.sql),
                    params_from_iter(s.params.iter().map(param)),
                )?;
                changed.push(n as u64);
            }
            tx.commit()?;
            Ok(changed)
        })
    }

    fn query(&self, s: Statement) -> Pending<'_, Vec<Vec<Value>>> {
        self.run(move |db| {
            let mut query = db.prepare_cached(&dialect(s.sql))?;
            let width = query.column_count();
            let rows = query.query_map(params_from_iter(s.params.iter().map(param)), |row| {
                (0..width)
                    .map(|i| row.get::<_, SqlValue>(i).map(column))
                    .collect()
            })?;
            rows.collect()
        })
    }

    fn shared(&self) -> bool {
        false
    }

    /// Folds the write-ahead log into the main file, then `VACUUM INTO`.
    fn copy_to(&self, path: PathBuf) -> Pending<'_, ()> {
        self.run(move |db| {
            db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            db.execute("VACUUM INTO ?1", [path.to_string_lossy()])?;
            Ok(())
        })
    }
}
