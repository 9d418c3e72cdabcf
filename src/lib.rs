//! Gunjin Shogi in the browser. The components live here, not in `main.rs`,
//! so the browser tests can mount them.

pub mod board;
pub mod i18n;
pub mod model;

use gunjin_rules::{BRIDGE_FILES, Color, Kind, Rules};
use leptos::prelude::*;

use crate::board::{Board, PieceTile};
use crate::model::{Pieces, RandomSetup, fresh_seed};

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let seed = RwSignal::new(fresh_seed());
    view! {
        <header class="site-header">
            <h1>
                <span lang="ja">{i18n::GAME_JA}</span>
                " Gunjin Shogi"
            </h1>
            <p class="tagline">"The Japanese game of hidden ranks, for two players."</p>
        </header>
        <main>
            <SetupScreen seed />
        </main>
    }
}

/// South's camp filled with a random setup drawn from `seed`, and a button
/// that draws a new one.
#[component]
pub fn SetupScreen(seed: RwSignal<u64>) -> impl IntoView {
    let rules = Rules::default();
    let setup = Memo::new(move |_| RandomSetup::from_seed(rules, seed.get()).setup);
    let pieces = Signal::derive(move || Pieces::of_setup(&setup.get(), Color::South));
    let bridges = BRIDGE_FILES
        .map(|f| board::file_letter(f).to_string())
        .join(" and ");
    view! {
        <section class="setup" aria-labelledby="setup-title">
            <h2 id="setup-title">"Your setup"</h2>
            <p class="intro">
                "You play South, at the bottom. Your 23 pieces fill your camp (ranks 1–4); \
                North's camp stays hidden. Pieces cross the front only on the bridges at files "
                {bridges} ", except Planes, which fly over it."
            </p>
            <Board pieces />
            <div class="actions">
                <button type="button" class="reroll" on:click=move |_| seed.set(fresh_seed())>
                    "New random setup"
                </button>
            </div>
            <Legend />
        </section>
    }
}

/// Every kind of piece, strongest first, with how many each side has.
#[component]
fn Legend() -> impl IntoView {
    let items = Kind::ALL
        .into_iter()
        .map(|kind| {
            view! {
                <li>
                    <span class="legend-tile">
                        <PieceTile kind />
                    </span>
                    <span class="legend-name">{i18n::names(kind).english}</span>
                    <span class="legend-count">{format!("×{}", kind.count())}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="legend" aria-labelledby="legend-title">
            <h2 id="legend-title">"Pieces, strongest first"</h2>
            <ul>{items}</ul>
        </section>
    }
}
