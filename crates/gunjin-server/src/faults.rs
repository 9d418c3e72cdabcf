//! Faults the server's own tests inject (the `faults` feature, on only in
//! builds of its tests: the server binary has none of it): a CPU whose
//! search panics, a store that cannot write.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::storage::{Database, Pending, Result, Statement, StoreError, Value};

#[derive(Clone, Debug, Default)]
pub struct Faults {
    /// The CPU's search panics at every ply that is a multiple of this.
    pub cpu_panics_every: Option<usize>,
    /// While set, every write to the store fails, as on a full disk.
    pub store_full: Arc<AtomicBool>,
}

impl Faults {
    pub fn cpu_panics(&self, ply: usize) -> bool {
        self.cpu_panics_every
            .is_some_and(|every| ply.is_multiple_of(every))
    }
}

/// A database whose writes fail while `full` is set, as SQLite's do on a
/// full disk; reads go on.
pub struct FullDisk {
    pub db: Box<dyn Database>,
    pub full: Arc<AtomicBool>,
}

impl FullDisk {
    fn write(&self) -> Result<()> {
        match self.full.load(Ordering::Relaxed) {
            true => Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
                None,
            ))),
            false => Ok(()),
        }
    }
}

impl Database for FullDisk {
    fn atomically(&self, statements: Vec<Statement>) -> Pending<'_, Vec<u64>> {
        match self.write() {
            Ok(()) => self.db.atomically(statements),
            Err(e) => Box::pin(async { Err(e) }),
        }
    }

    /// A query that writes (`UPDATE … RETURNING`) fails too.
    fn query(&self, statement: Statement) -> Pending<'_, Vec<Vec<Value>>> {
        let reads = statement.sql.trim_start().starts_with("SELECT");
        match if reads { Ok(()) } else { self.write() } {
            Ok(()) => self.db.query(statement),
            Err(e) => Box::pin(async { Err(e) }),
        }
    }

    fn shared(&self) -> bool {
        self.db.shared()
    }

    fn copy_to(&self, path: PathBuf) -> Pending<'_, ()> {
        match self.write() {
            Ok(()) => self.db.copy_to(path),
            Err(e) => Box::pin(async { Err(e) }),
        }
    }
}
