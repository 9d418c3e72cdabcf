//! The CPU's searches, on a bounded pool: at most `threads` at once (by
//! default the cores but one, so a human game always has a core), the rest
//! queued in turn. A search is time-bounded, so the queue moves.

use std::sync::Arc;

use tokio::sync::Semaphore;

#[derive(Clone)]
pub struct Pool(Arc<Semaphore>);

impl Pool {
    pub fn new(threads: usize) -> Pool {
        Pool(Arc::new(Semaphore::new(threads.max(1))))
    }

    /// The threads for a machine: its cores but one, at least one.
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
    }

    /// Runs `job` on a blocking thread once a place is free; `None` if it
    /// panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _place = self.0.clone().acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(job).await.ok()
    }
}
