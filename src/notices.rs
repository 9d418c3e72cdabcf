//! One sentence for each storage problem, at the top of every page until
//! the player dismisses it.

use leptos::prelude::*;

use crate::i18n::*;
use crate::state::AppState;
use crate::storage::{Problem, What};

/// What the player is told about `problem`.
pub fn problem_text(locale: Locale, problem: &Problem) -> String {
    let what = |what: What| match what {
        What::Settings => td_string!(locale, common.what_settings),
        What::SetupDraft => td_string!(locale, common.what_setup),
        What::Game => td_string!(locale, common.what_game),
        What::Seats => td_string!(locale, common.what_seats),
        What::ShogiSettings => td_string!(locale, shogi_home.what_settings),
        What::ShogiGame => td_string!(locale, shogi_home.what_game),
        What::ShogiTsume => td_string!(locale, shogi_home.what_tsume),
        What::Lessons => td_string!(locale, common.what_lessons),
        What::Puzzles => td_string!(locale, common.what_puzzles),
    };
    match problem {
        Problem::Unreadable {
            what: w,
            aside: Some(key),
        } => td_string!(
            locale,
            common.storage_unreadable,
            what = what(*w),
            key = key.clone()
        )
        .to_string(),
        Problem::Unreadable {
            what: w,
            aside: None,
        } => td_string!(locale, common.storage_unreadable_kept, what = what(*w)),
        Problem::Unavailable => td_string!(locale, common.storage_unavailable).to_string(),
        Problem::NotSaved => td_string!(locale, common.storage_full).to_string(),
    }
}

#[component]
pub fn Notices() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let items = move || {
        state
            .problems
            .get()
            .into_iter()
            .map(|problem| {
                let text = {
                    let problem = problem.clone();
                    move || problem_text(i18n.get_locale(), &problem)
                };
                view! {
                    <p class="notice" data-notice="">
                        <span>{text}</span>
                        <button
                            type="button"
                            class="notice-dismiss"
                            aria-label=t!(i18n, common.dismiss)
                            on:click=move |_| state.problems.update(|ps| ps.retain(|p| *p != problem))
                        >
                            "×"
                        </button>
                    </p>
                }
            })
            .collect_view()
    };
    view! { <div class="notices" role="status">{items}</div> }
}
