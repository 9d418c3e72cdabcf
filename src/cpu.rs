//! How the app asks the CPU: its hidden setup, and its moves through the
//! Web Worker client (`cpu_client`), so the page never freezes.

use gunjin_cpu::Cpu;
use gunjin_rules::{Move, Rules, Setup, View};

use crate::model::settings::Difficulty;

/// The CPU's setup for a new game; it stays in the session, unseen.
pub fn cpu_setup(difficulty: Difficulty, rules: Rules, seed: u64) -> Setup {
    Cpu::new(difficulty.level(), seed).setup(rules)
}

/// The CPU's move in `view` (North's view), or `None` if it has none.
pub async fn ask_cpu(difficulty: Difficulty, seed: u64, view: View) -> Option<Move> {
    // Let the browser paint the player's move before the CPU answers.
    gloo_timers::future::TimeoutFuture::new(30).await;
    crate::cpu_client::cpu_move(difficulty.level(), seed, &view).await
}
