//! The question asked before a new game replaces a stored one that is not
//! over, in either game, whichever way the new game came (the home page,
//! a link, an imported record): nothing stored is lost without a yes.

use leptos::html;
use leptos::prelude::*;

use crate::focus::focus_when_shown;
use crate::i18n::*;

/// `question`, then "Yes, replace it" (`on_yes`, which has the focus) or
/// "Keep my game" (`on_keep`).
#[component]
pub fn ReplaceGame(
    question: Signal<String>,
    on_yes: Callback<()>,
    on_keep: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let yes = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if let Some(yes) = yes.get() {
            focus_when_shown(yes.into());
        }
    });
    view! {
        <div class="confirm replace-game" role="group" aria-labelledby="replace-question">
            <p id="replace-question">{question}</p>
            <button type="button" class="primary replace-yes" node_ref=yes on:click=move |_| on_yes.run(())>
                {t!(i18n, common.replace_yes)}
            </button>
            <button type="button" class="secondary replace-no" on:click=move |_| on_keep.run(())>
                {t!(i18n, common.replace_no)}
            </button>
        </div>
    }
}
