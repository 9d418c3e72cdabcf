//! Gunjin's CPU seats: the `gunjin-cpu` player, searching off the async
//! threads.

use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{Move, Rules, Setup, View};

/// Milliseconds since the first call: the clock the CPU's budget reads.
fn clock_millis() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The CPU's move for `view` within the level's think time (or `cap`, if
/// smaller). Blocks: run it on a blocking thread.
pub fn search(level: Level, seed: u64, view: &View, cap: Option<f64>) -> Option<Move> {
    let millis = cap.map_or(level.think_millis(), |c| c.min(level.think_millis()));
    Cpu::new(level, seed).choose_move(view, Budget::new(millis, clock_millis))
}

/// The CPU player of a level the protocol names.
pub fn level(level: gunjin_table::Level) -> Level {
    match level {
        gunjin_table::Level::Easy => Level::Easy,
        gunjin_table::Level::Normal => Level::Normal,
        gunjin_table::Level::Hard => Level::Hard,
    }
}

/// The CPU's hidden setup for a new game.
pub fn setup(level: Level, seed: u64, rules: Rules) -> Setup {
    Cpu::new(level, seed).setup(rules)
}
