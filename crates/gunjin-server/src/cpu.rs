//! Gunjin's CPU seats: the `gunjin-cpu` player, searching on the CPU's
//! pool. A CPU that fails (panics, or answers what the rules refuse) in
//! some mode never stalls or ends a table: its seat then plays a random
//! setup or (the table's) a random legal move, and the server logs it.

use std::panic::catch_unwind;
use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{Move, Rules, Setup, View};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tracing::warn;

/// Milliseconds since the first call: the clock the CPU's budget reads.
fn clock_millis() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The CPU's move for `view` within `millis`; `None` (logged) if it
/// answers none the rules allow while there is one. Blocks: run it on the
/// CPU's pool, which also catches a panic.
pub fn search(level: Level, seed: u64, view: &View, millis: f64) -> Option<Move> {
    let chosen = Cpu::new(level, seed).choose_move(view, Budget::new(millis, clock_millis));
    match chosen {
        Some(mv) if view.allows(mv) => Some(mv),
        Some(mv) => {
            let rules = view.rules();
            warn!("cpu ({level:?}, {rules}): {mv} is not legal: a random legal move instead");
            None
        }
        None if !view.legal_moves().is_empty() => {
            let rules = view.rules();
            warn!("cpu ({level:?}, {rules}): no move: a random legal move instead");
            None
        }
        None => None,
    }
}

/// The CPU's hidden setup for a new game; a random one if the CPU fails
/// (panics, or sets up what the rules refuse).
pub fn setup(level: Level, seed: u64, rules: Rules) -> Setup {
    match catch_unwind(|| Cpu::new(level, seed).setup(rules)) {
        Ok(setup) if setup.check(rules).is_ok() => setup,
        failed => {
            match failed {
                Ok(setup) => warn!("cpu ({level:?}, {rules}): the setup {setup} is refused"),
                Err(_) => warn!("cpu ({level:?}, {rules}): the setup panicked"),
            }
            Setup::random(rules, &mut SmallRng::seed_from_u64(seed))
        }
    }
}
