//! Going back through a game: the position after any number of its moves
//! (the rules crate's steps, not a replay of our own), and the bar that
//! steps and scrubs through them under the board.

use leptos::prelude::*;
use shogi_rules::{Game, Move, Position};

use crate::i18n::*;

/// The position after the first `ply` moves of `game`, and the move that
/// led to it.
pub fn position_at(game: &Game, ply: usize) -> (Position, Option<Move>) {
    let moves = game.moves();
    let last = ply.checked_sub(1).and_then(|i| moves.get(i)).copied();
    match game.steps().nth(ply) {
        Some((position, _, _)) => (position, last),
        None => (game.position().clone(), moves.last().copied()),
    }
}

/// Step (first, back, forward, last) and scrub (a range) through `plies`
/// moves; `at` is how many are shown. ←/→ step too, where the keys do not
/// already belong to the board or a field, and while the bar is shown (not
/// behind a side line explored).
#[component]
pub fn ReplayBar(at: RwSignal<usize>, #[prop(into)] plies: Signal<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let go = move |ply: usize| at.set(ply.min(plies.get_untracked()));
    let bar = NodeRef::<leptos::html::Div>::new();
    let hidden = move || {
        bar.get_untracked()
            .is_none_or(|bar| bar.closest("[hidden]").ok().flatten().is_some())
    };
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let owned = ev
            .target()
            .and_then(|t| leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| {
                el.closest("[role=grid], input, textarea, select")
                    .ok()
                    .flatten()
                    .is_some()
            });
        if owned || hidden() || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => go(at.get_untracked().saturating_sub(1)),
            "ArrowRight" => go(at.get_untracked() + 1),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || handle.remove());
    let step = move |label: fn(&'static PageStrings) -> &'static str,
                     text: &'static str,
                     to: fn(usize, usize) -> usize| {
        view! {
            <button
                type="button"
                class="secondary replay-step"
                aria-label=move || label(i18n.get_locale().pages())
                title=move || label(i18n.get_locale().pages())
                on:click=move |_| go(to(at.get_untracked(), plies.get_untracked()))
            >
                {text}
            </button>
        }
    };
    view! {
        <div class="replay-bar" role="group" aria-label=t!(i18n, shogi.replay) node_ref=bar>
            {step(|s| s.shogi.replay_first, "|◀", |_, _| 0)}
            {step(|s| s.shogi.replay_back, "◀", |at, _| at.saturating_sub(1))}
            <input
                type="range"
                class="replay-scrub"
                min="0"
                max=move || plies.get().to_string()
                prop:value=move || at.get().to_string()
                aria-label=t!(i18n, shogi.replay_scrub)
                aria-valuetext=move || td_string!(i18n.get_locale(), shogi.replay_at, at = at.get(), of = plies.get())
                on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))
            />
            {step(|s| s.shogi.replay_forward, "▶", |at, _| at + 1)}
            {step(|s| s.shogi.replay_last, "▶|", |_, plies| plies)}
            <span class="replay-at" aria-hidden="true">
                {move || td_string!(i18n.get_locale(), shogi.replay_at, at = at.get(), of = plies.get())}
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_at_each_move() {
        let mut game = Game::new(Position::start());
        let moves: Vec<Move> = ["7g7f", "3c3d", "8h2b+"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        for &mv in &moves {
            game.play(mv).unwrap();
        }
        assert_eq!(position_at(&game, 0), (Position::start(), None));
        let (after_one, last) = position_at(&game, 1);
        assert_eq!(last, Some(moves[0]));
        assert_eq!(
            after_one.to_setup().to_string(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
        );
        assert_eq!(
            position_at(&game, 3),
            (game.position().clone(), Some(moves[2]))
        );
        assert_eq!(position_at(&game, 9).0, *game.position());
    }
}
