//! The CPU's searches, on threads of their own sized to the machine (its
//! cores but one, so a human game always has a core, and each thread at a
//! lower priority than the tables). The pool keeps a promise to every CPU
//! seat: an answer within `--cpu-promise-ms` (2 s) of its turn, the wait
//! for a thread included. Searches take the threads in turn, and each
//! gets a bounded share: its level's think time while the searches in
//! hand fit in the promise, else the same fraction of its think time as
//! every other, and never more than its promise has left after its wait.
//!
//! A CPU table reserves its place when its seat is taken, and the pool
//! takes only so many: were all of them to search at once, each would
//! still get a quarter of its think time. While shares are cut, or no
//! place is left, new CPU seats are refused (`cpu_busy`) rather than
//! slowing every CPU game on.
//!
//! A search that panics costs that search only: the panic is caught (the
//! server is built to unwind, `[profile.server]`) and the table plays a
//! random legal move instead.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::admission::Ticket;

/// The part of the promise the searches in hand are fitted into: the rest
/// is the answer's way back, and the machine's other work.
const TARGET: f64 = 0.75;
/// How far a search may run past its budget (its last world finishes).
const OVERRUN: f64 = 1.5;
/// The CPU tables taken, at most, in times what the threads can give
/// within one promise: a person thinks longer than the CPU, so a CPU
/// table searches a fraction of the time; were all of them to search at
/// once, each would still get a quarter of its think time.
const OVERBOOK: f64 = 4.0;
/// A search given less than this fraction of its think time was cut.
const CUT: f64 = 0.75;
/// How long the pool counts as busy after a cut.
const BUSY_FOR: Duration = Duration::from_secs(10);
/// The least a search is given, however busy the pool.
const LEAST_MILLIS: f64 = 10.0;
/// The threads' niceness: below the tables, which answer people.
#[cfg(target_os = "linux")]
const NICE: libc::c_int = 10;

pub struct Pool(Arc<Shared>);

/// A CPU table's places, among its address's and in the CPU's pool, held
/// while its game is on.
pub struct CpuPlace {
    _ticket: Ticket,
    _place: Place,
}

impl CpuPlace {
    pub fn new(ticket: Ticket, place: Place) -> CpuPlace {
        CpuPlace {
            _ticket: ticket,
            _place: place,
        }
    }
}

struct Shared {
    threads: usize,
    promise: Duration,
    state: Mutex<State>,
    work: Condvar,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    /// The time (ms, overrun included) the searches queued or running may
    /// take.
    demand: f64,
    /// The same for one search of every CPU table taken.
    reserved: f64,
    /// When a search was last cut.
    cut: Option<Instant>,
    /// The pool was dropped: the threads end.
    closed: bool,
}

struct Job {
    /// Its level's think time, ms.
    think: f64,
    queued: Instant,
    /// The search, given its budget in ms.
    run: Box<dyn FnOnce(f64) + Send>,
}

/// What a search found and how long it waited for a thread; `None` if it
/// panicked.
pub type Found<T> = Option<(T, Duration)>;

/// A CPU table's place in the pool, held while its game is on.
pub struct Place {
    pool: Arc<Shared>,
    time: f64,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.pool.state().reserved -= self.time;
    }
}

impl Pool {
    pub fn new(threads: usize, promise: Duration) -> Pool {
        let shared = Arc::new(Shared {
            threads: threads.max(1),
            promise,
            state: Mutex::default(),
            work: Condvar::new(),
        });
        for n in 0..shared.threads {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("cpu-{n}"))
                .spawn(move || shared.serve())
                .expect("a thread for the CPU");
        }
        Pool(shared)
    }

    /// The threads for a machine: its cores but one, at least one.
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
    }

    /// Queues a search of `think` ms at most; `search` is given its share.
    /// The future (which holds nothing of the pool) tells what it found.
    pub fn run<T: Send + 'static>(
        &self,
        think: f64,
        search: impl FnOnce(f64) -> T + Send + 'static,
    ) -> impl Future<Output = Found<T>> + Send + 'static {
        let (tx, rx) = oneshot::channel();
        let queued = Instant::now();
        // What the search logs names the table that asked for it.
        let span = tracing::Span::current();
        let run = Box::new(move |budget| {
            let _asker = span.enter();
            let waited = queued.elapsed();
            let found = catch_unwind(AssertUnwindSafe(|| search(budget)));
            let _ = tx.send(found.ok().map(|found| (found, waited)));
        });
        let mut state = self.0.state();
        state.demand += think * OVERRUN;
        state.queue.push_back(Job { think, queued, run });
        drop(state);
        self.0.work.notify_one();
        async move { rx.await.ok().flatten() }
    }

    /// A place for a CPU table whose level thinks `think` ms a move, if
    /// the pool keeps its promise at full strength now (no share was cut
    /// lately, the searches in hand fit) and has a place left.
    pub fn reserve(&self, think: f64) -> Option<Place> {
        let time = think * OVERRUN;
        let capacity = self.0.capacity();
        let mut state = self.0.state();
        let cut = state.cut.is_some_and(|at| at.elapsed() < BUSY_FOR);
        if cut || state.demand > capacity || state.reserved + time > capacity * OVERBOOK {
            return None;
        }
        state.reserved += time;
        Some(Place {
            pool: self.0.clone(),
            time,
        })
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.0.state().closed = true;
        self.0.work.notify_all();
    }
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The think time (ms) the threads can give within the promise.
    fn capacity(&self) -> f64 {
        self.threads as f64 * self.promise.as_secs_f64() * 1000.0 * TARGET
    }

    /// One thread: the searches in turn, each with its share, until the
    /// pool is dropped.
    fn serve(&self) {
        lower_priority();
        loop {
            let mut state = self.state();
            let job = loop {
                if let Some(job) = state.queue.pop_front() {
                    break job;
                }
                if state.closed {
                    return;
                }
                state = self.work.wait(state).unwrap_or_else(|e| e.into_inner());
            };
            let budget = share(
                job.think,
                job.queued.elapsed(),
                state.demand,
                self.capacity(),
                self.promise,
            );
            if budget < job.think * CUT {
                state.cut = Some(Instant::now());
            }
            drop(state);
            (job.run)(budget);
            self.state().demand -= job.think * OVERRUN;
        }
    }
}

/// A search's budget (ms): its think time while the time the searches in
/// hand may take (`demand`, overrun included) fits in the `capacity`,
/// else the same fraction of it as every other; at most what its promise
/// has left after `waited`, overrun included; at least a few
/// milliseconds.
fn share(think: f64, waited: Duration, demand: f64, capacity: f64, promise: Duration) -> f64 {
    let fair = think * (capacity / demand).min(1.0);
    let left = (promise.as_secs_f64() * TARGET - waited.as_secs_f64()) * 1000.0 / OVERRUN;
    think.min(fair).min(left).max(LEAST_MILLIS.min(think))
}

/// Lowers this thread's scheduling priority (Linux: niceness is per
/// thread), so the tables' threads come first on a busy machine.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `setpriority` on this thread's own id only changes its
    // niceness; a failure (not permitted) leaves it as it was.
    unsafe {
        let me = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, me as libc::id_t, NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROMISE: Duration = Duration::from_secs(2);
    /// One thread's capacity within the promise.
    const ONE: f64 = 2000.0 * TARGET;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn a_search_gets_its_think_time_while_the_demand_fits() {
        let hard = 800.0 * OVERRUN;
        assert!(close(
            share(800.0, Duration::ZERO, hard, ONE, PROMISE),
            800.0
        ));
        let waited = Duration::from_millis(300);
        let easy = share(60.0, waited, hard + 60.0 * OVERRUN, ONE, PROMISE);
        assert!(close(easy, 60.0));
    }

    #[test]
    fn past_the_capacity_every_search_gets_the_same_fraction() {
        // Thirty Hard searches in hand on one thread: 33 ms each, so the
        // last of them still answers within the promise.
        let demand = 30.0 * 800.0 * OVERRUN;
        let hard = share(800.0, Duration::ZERO, demand, ONE, PROMISE);
        assert!(close(hard, 800.0 * ONE / demand));
        assert!(30.0 * hard * OVERRUN <= ONE + 1e-6);
        let normal = share(300.0, Duration::ZERO, demand, ONE, PROMISE);
        assert!(close(normal, 300.0 * ONE / demand));
        // An Easy one's fraction is below the least a search is given.
        let easy = share(60.0, Duration::ZERO, demand, ONE, PROMISE);
        assert!(close(easy, LEAST_MILLIS));
    }

    #[test]
    fn a_long_wait_leaves_what_is_left_of_the_promise_and_never_nothing() {
        let after = |waited| share(800.0, Duration::from_millis(waited), 1200.0, ONE, PROMISE);
        assert!(close(after(900), (ONE - 900.0) / OVERRUN));
        assert!(close(after(ONE as u64), LEAST_MILLIS));
        assert!(close(after(5000), LEAST_MILLIS));
        let tiny = share(4.0, Duration::from_millis(5000), 4.0, ONE, PROMISE);
        assert!(close(tiny, 4.0));
    }

    /// Places for CPU tables up to four times what one promise holds
    /// (five Hard tables on one thread), given back when their games end.
    #[test]
    fn the_pool_takes_as_many_cpu_tables_as_it_can_answer() {
        let pool = Pool::new(1, PROMISE);
        let mut places: Vec<Place> = (0..5).map(|_| pool.reserve(800.0).unwrap()).collect();
        assert!(pool.reserve(800.0).is_none());
        assert!(pool.reserve(60.0).is_none());
        places.pop();
        let easy: Vec<Place> = (0..13).map(|_| pool.reserve(60.0).unwrap()).collect();
        assert!(
            pool.reserve(60.0).is_none(),
            "thirteen Easy tables for a Hard one"
        );
        drop((places, easy));
        assert!(pool.reserve(800.0).is_some());
    }

    /// Searches queued on one thread each get a share that keeps every
    /// answer within the promise, the pool takes no CPU table while it
    /// cuts them, and one that panics costs only itself.
    #[tokio::test]
    async fn searches_in_turn_keep_the_promise_and_a_panic_costs_one() {
        let promise = Duration::from_millis(500);
        let pool = Pool::new(1, promise);
        let searches: Vec<_> = (0..8)
            .map(|n| {
                pool.run(200.0, move |budget| {
                    assert!(n != 3, "a faulty search");
                    std::thread::sleep(Duration::from_secs_f64(budget / 1000.0));
                    budget
                })
            })
            .collect();
        assert!(
            pool.reserve(1.0).is_none(),
            "the searches in hand overfill it"
        );
        let mut found = Vec::new();
        for search in searches {
            found.push(search.await);
        }
        assert!(found[3].is_none(), "the panic is caught");
        let budgets: Vec<f64> = found.iter().flatten().map(|(budget, _)| *budget).collect();
        assert_eq!(budgets.len(), 7);
        assert!(budgets.iter().any(|&b| b < 200.0 * CUT), "{budgets:?}");
        // The shares, one after another on the one thread, fit in the
        // promise (what the wall clock adds on a loaded machine is the
        // machine's, not the pool's: the benchmark measures that).
        let total: f64 = budgets.iter().sum();
        assert!(total <= promise.as_secs_f64() * 1000.0, "{budgets:?}");
        assert!(
            pool.reserve(1.0).is_none(),
            "a cut share keeps it busy a while"
        );
    }
}
