//! How the app asks the CPU: its hidden setup and its moves, both worked
//! out in the Web Worker (`cpu_client`), and what the page says when there
//! is no worker to ask.

use gunjin_rules::{Move, Rules, Setup, View};
use leptos::prelude::*;

use crate::cpu_client::{self, Unavailable};
use crate::i18n::*;
use crate::model::settings::Level;
use crate::state::AppState;

/// The CPU's setup for a new game; it stays in the session, unseen.
pub async fn cpu_setup(difficulty: Level, rules: Rules, seed: u64) -> Result<Setup, Unavailable> {
    cpu_client::setup(difficulty, rules, seed).await
}

/// The CPU's move in `view` (North's view), or `None` if it has none.
pub async fn ask_cpu(
    difficulty: Level,
    seed: u64,
    view: View,
) -> Result<Option<Move>, Unavailable> {
    // Let the browser paint the player's move before the CPU answers.
    gloo_timers::future::TimeoutFuture::new(30).await;
    Ok(cpu_client::think(difficulty, seed, &view).await?.mv)
}

/// An alert, on every page, once the CPU's worker could not be started.
#[component]
pub fn CpuUnavailable() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    move || {
        state.cpu_unavailable.get().then(|| {
            view! {
                <p class="cpu-unavailable" role="alert">
                    {t!(i18n, common.cpu_unavailable)}
                </p>
            }
        })
    }
}
