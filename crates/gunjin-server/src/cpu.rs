//! Gunjin's CPU seats: the `gunjin-cpu` player, searching off the async
//! threads. A CPU that fails (panics, or answers what the rules refuse) in
//! some mode never stalls or ends a table: its seat then plays a random
//! setup or a random legal move, and the server logs it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{Move, Rules, Setup, View};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

/// Milliseconds since the first call: the clock the CPU's budget reads.
fn clock_millis() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The CPU's move for `view` within the level's think time (or `cap`, if
/// smaller); a random legal move if the CPU fails. `None` only when the
/// side to move has no legal move. Blocks: run it on a blocking thread.
pub fn search(level: Level, seed: u64, view: &View, cap: Option<f64>) -> Option<Move> {
    let millis = cap.map_or(level.think_millis(), |c| c.min(level.think_millis()));
    let chosen = catch_unwind(AssertUnwindSafe(|| {
        Cpu::new(level, seed).choose_move(view, Budget::new(millis, clock_millis))
    }));
    match chosen {
        Ok(Some(mv)) if view.allows(mv) => Some(mv),
        failed => {
            let legal = view.legal_moves();
            if !legal.is_empty() {
                let rules = view.rules();
                match failed {
                    Ok(Some(mv)) => eprintln!("cpu ({level:?}, {rules}): {mv} is not legal"),
                    Ok(None) => eprintln!("cpu ({level:?}, {rules}): no move"),
                    Err(_) => eprintln!("cpu ({level:?}, {rules}): the search panicked"),
                }
            }
            let ply = view.ply() as u64;
            legal
                .choose(&mut SmallRng::seed_from_u64(seed ^ ply))
                .copied()
        }
    }
}

/// The CPU player of a level the protocol names.
pub fn level(level: gunjin_table::Level) -> Level {
    match level {
        gunjin_table::Level::Easy => Level::Easy,
        gunjin_table::Level::Normal => Level::Normal,
        gunjin_table::Level::Hard => Level::Hard,
    }
}

/// The CPU's hidden setup for a new game; a random one if the CPU fails
/// (panics, or sets up what the rules refuse).
pub fn setup(level: Level, seed: u64, rules: Rules) -> Setup {
    match catch_unwind(|| Cpu::new(level, seed).setup(rules)) {
        Ok(setup) if setup.check(rules).is_ok() => setup,
        failed => {
            match failed {
                Ok(setup) => eprintln!("cpu ({level:?}, {rules}): the setup {setup} is refused"),
                Err(_) => eprintln!("cpu ({level:?}, {rules}): the setup panicked"),
            }
            Setup::random(rules, &mut SmallRng::seed_from_u64(seed))
        }
    }
}
