//! The move list: numbered, in Japanese notation (▲７六歩) or USI (7g7f)
//! as the player chooses, the current move highlighted (in a replay, the
//! move shown, and a click on a move shows it) and kept in sight. The
//! notation is the rules crate's.

use leptos::html;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use shogi_rules::{Game, japanese_moves};
use shogi_worker_protocol::Mark;

use crate::i18n::*;
use crate::shogi::analysis_panel::MoveMark;
use crate::shogi::settings::Notation;

/// The moves of `game` written in `notation`.
pub fn written(game: &Game, notation: Notation) -> Vec<String> {
    match notation {
        Notation::Japanese => japanese_moves(game),
        Notation::Usi => game.moves().iter().map(ToString::to_string).collect(),
    }
}

#[component]
pub fn MoveList(
    #[prop(into)] moves: Signal<Vec<String>>,
    #[prop(into)] notation: Signal<Notation>,
    on_notation: Callback<Notation>,
    /// How many moves the board shows (all of them unless replaying).
    #[prop(optional, into)]
    current: Option<Signal<usize>>,
    /// Shows the position after the move clicked (from 1), while
    /// `pickable` (a replay).
    #[prop(optional)]
    on_pick: Option<Callback<usize>>,
    #[prop(optional, into)] pickable: Option<Signal<bool>>,
    /// The analysis's mark of each move, the first move first.
    #[prop(optional, into)]
    marks: Option<Signal<Vec<Option<Mark>>>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let items = move || {
        let moves = moves.get();
        let current = current.map_or(moves.len(), |c| c.get());
        let on_pick = on_pick.filter(|_| pickable.is_some_and(|p| p.get()));
        let marks = marks.map(|m| m.get()).unwrap_or_default();
        moves
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let mark = marks.get(i).copied().flatten();
                let current = i + 1 == current;
                view! { <MoveItem number=i + 1 text mark current notation on_pick /> }
            })
            .collect_view()
    };
    let list = NodeRef::<html::Ol>::new();
    keep_current_in_sight(list, moves, current);
    view! {
        <section class="shogi-moves" aria-labelledby="shogi-moves-title">
            <h3 id="shogi-moves-title">{move || td_string!(i18n.get_locale(), shogi.moves_title)}</h3>
            <NotationSwitch notation on_notation />
            <Show
                when=move || moves.with(|m| !m.is_empty())
                fallback=move || view! { <p class="no-moves">{move || td_string!(i18n.get_locale(), shogi.no_moves)}</p> }
            >
                // It scrolls on a long game, so the keyboard can reach it.
                <ol class="move-list" tabindex="0" aria-labelledby="shogi-moves-title" node_ref=list>
                    {items}
                </ol>
            </Show>
        </section>
    }
}

/// One move of the list, numbered from 1, with the analysis's `mark`; a
/// button that shows the position after it when `on_pick` is given.
#[component]
fn MoveItem(
    number: usize,
    text: String,
    mark: Option<Mark>,
    current: bool,
    notation: Signal<Notation>,
    on_pick: Option<Callback<usize>>,
) -> impl IntoView {
    let text = view! {
        <span lang=move || (notation.get() == Notation::Japanese).then_some("ja")>{text}</span>
        {mark.map(|mark| view! { <MoveMark mark /> })}
    };
    let text = match on_pick {
        Some(pick) => view! {
            <button type="button" class="move-pick" on:click=move |_| pick.run(number)>{text}</button>
        }
        .into_any(),
        None => text.into_any(),
    };
    view! {
        <li aria-current=current.then_some("step")>
            <span class="move-number">{number}</span>
            " "
            {text}
        </li>
    }
}

/// The two notations to choose from, each named by how it writes a move.
#[component]
fn NotationSwitch(notation: Signal<Notation>, on_notation: Callback<Notation>) -> impl IntoView {
    let i18n = use_i18n();
    let choice = move |n: Notation, label: &'static str| {
        view! {
            <button
                type="button"
                class="secondary notation"
                aria-pressed=move || (notation.get() == n).to_string()
                on:click=move |_| on_notation.run(n)
            >
                {label}
            </button>
        }
    };
    view! {
        <div role="group" class="notation-switch" aria-label=move || td_string!(i18n.get_locale(), shogi.notation)>
            {choice(Notation::Japanese, "▲７六歩")}
            {choice(Notation::Usi, "7g7f")}
        </div>
    }
}

/// Keeps the move on the board in sight in `list` as moves come or are
/// picked: the list scrolls, never the page.
fn keep_current_in_sight(
    list: NodeRef<html::Ol>,
    moves: Signal<Vec<String>>,
    current: Option<Signal<usize>>,
) {
    Effect::new(move |_| {
        moves.track();
        if let Some(current) = current {
            current.track();
        }
        // The element itself into the next frame: this list may be gone
        // by then (a table's game that just ended is drawn anew).
        if let Some(list) = list.get() {
            request_animation_frame(move || reveal_current(&list));
        }
    });
}

/// Scrolls `list` just enough to show its current move (the last one
/// while playing).
fn reveal_current(list: &web_sys::HtmlElement) {
    let current = list
        .query_selector("[aria-current]")
        .ok()
        .flatten()
        .or_else(|| list.last_element_child());
    let Some(item) = current.and_then(|i| i.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return;
    };
    let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
    let (shown, height) = (list.scroll_top(), list.client_height());
    if top < shown {
        list.set_scroll_top(top);
    } else if bottom > shown + height {
        list.set_scroll_top(bottom - height);
    }
}
