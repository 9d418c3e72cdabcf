//! A new game from the home page's choices (`#/shogi/new` against the
//! CPU, `#/shogi/friend` with a friend on this device): stored, then the
//! play page opens on it, so a reload resumes it. A game still being
//! played is not replaced without asking.

use leptos::prelude::*;
use shogi_rules::{Color, KifHeader};

use crate::i18n::*;
use crate::model::fresh_seed;
use crate::route::{Route, ShogiPage};
use crate::screens::my_name;
use crate::screens::replace::ReplaceGame;
use crate::shogi::session::{Opponent, SavedShogi, Session};
use crate::state::AppState;
use crate::storage;
use crate::text;

/// How many moves the stored game has, if one is still being played.
pub fn stored_in_progress() -> Option<usize> {
    storage::load::<SavedShogi>().ok().flatten()?.in_progress()
}

/// Now, as a KIF's 開始日時 writes it (the device's local time).
pub fn kif_now() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}/{:02}/{:02} {:02}:{:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes(),
        d.get_seconds()
    )
}

/// A new game against `opponent` with the home page's choices, starting
/// now: against the CPU the player (by the home page's name) and the CPU
/// at its level are its players; two friends sharing the device are not
/// named.
pub fn new_session(state: &AppState, opponent: Opponent, locale: Locale) -> Session {
    let session = Session::new(&state.shogi.get_untracked(), fresh_seed(), opponent);
    let players = (opponent == Opponent::Cpu).then(|| {
        let cpu = text::cpu_name(locale, text::level_name(locale, session.level().into()));
        let me = my_name(state, locale);
        match session.you() {
            Color::Sente => (me, cpu),
            Color::Gote => (cpu, me),
        }
    });
    let (sente, gote) = players.unzip();
    let started = Some(kif_now());
    session.with_header(KifHeader {
        sente,
        gote,
        started,
    })
}

/// Goes to `route` without a history entry of its own: Back leaves the
/// question as if it had never been.
fn go(route: Route) {
    let _ = window().location().replace(&route.hash());
}

/// Starts the game, or first asks whether it may replace the one in
/// progress ("Keep my game" goes home).
#[component]
pub fn NewGame(opponent: Opponent) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let start = move || {
        let session = new_session(&state, opponent, i18n.get_locale_untracked());
        state.report(storage::save(&session.saved()));
        go(Route::Shogi(ShogiPage::Play));
    };
    let Some(ply) = stored_in_progress() else {
        start();
        return ().into_any();
    };
    let question = Signal::derive(move || t_string!(i18n, shogi.replace_question, ply = ply));
    view! {
        <section class="shogi-new" aria-labelledby="replace-question">
            <ReplaceGame
                question
                on_yes=Callback::new(move |()| start())
                on_keep=Callback::new(|()| go(Route::Home))
            />
        </section>
    }
    .into_any()
}
