//! CPU seats: the `gunjin-cpu` player thinking off the async threads.

use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{Move, View};

/// Milliseconds since the first call: the clock the CPU's budget reads.
fn clock_millis() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The CPU's move for `view`, searched on a blocking thread within the
/// level's think time (or `cap`, if smaller).
pub async fn think(level: Level, seed: u64, view: View, cap: Option<f64>) -> Option<Move> {
    let millis = cap.map_or(level.think_millis(), |c| c.min(level.think_millis()));
    tokio::task::spawn_blocking(move || {
        Cpu::new(level, seed).choose_move(&view, Budget::new(millis, clock_millis))
    })
    .await
    .ok()
    .flatten()
}

/// The CPU's hidden setup for a new game.
pub fn setup(level: Level, seed: u64, rules: gunjin_rules::Rules) -> gunjin_rules::Setup {
    Cpu::new(level, seed).setup(rules)
}
