//! A side's pieces in hand (持ち駒) beside the board, with their counts.
//! The hand of the side that may move here (the player's, or with a
//! friend the side to move) can be tapped or dragged to drop a piece; the
//! other is only shown.

use leptos::prelude::*;
use shogi_rules::{Color, Hand, Piece, Role};

use crate::i18n::*;
use crate::shogi::labels::role_label;
use crate::shogi::piece::{Face, ShogiPiece};

#[component]
pub fn HandTray(
    side: Color,
    /// The side drawn at the bottom (which way the pieces point).
    you: Color,
    /// Whose hand in words.
    #[prop(into)]
    name: Signal<&'static str>,
    /// Whether its pieces may be picked now.
    #[prop(into)]
    mine: Signal<bool>,
    #[prop(into)] hand: Signal<Hand>,
    #[prop(into)] picked: Signal<Option<Role>>,
    on_pick: Callback<Role>,
    on_press: Callback<(Role, web_sys::PointerEvent)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let pieces = move || {
        let locale = i18n.get_locale();
        let mine = mine.get();
        hand.get()
            .iter()
            .map(|(role, count)| {
                let face = Face {
                    piece: Piece::new(side, role),
                    you,
                };
                let label = td_string!(locale, shogi.in_hand, piece = role_label(locale, role), count = count);
                let drawing = view! {
                    <ShogiPiece face />
                    <span class="hand-count" aria-hidden="true">{count}</span>
                };
                if mine {
                    view! {
                        <button
                            type="button"
                            class="hand-piece"
                            data-role=format!("{role:?}").to_lowercase()
                            aria-label=label
                            aria-pressed=move || (picked.get() == Some(role)).to_string()
                            on:click=move |_| on_pick.run(role)
                            on:pointerdown=move |ev| on_press.run((role, ev))
                        >
                            {drawing}
                        </button>
                    }
                    .into_any()
                } else {
                    view! {
                        <span class="hand-piece" role="img" aria-label=label data-role=format!("{role:?}").to_lowercase()>
                            {drawing}
                        </span>
                    }
                    .into_any()
                }
            })
            .collect_view()
    };
    view! {
        <div
            class="shogi-hand"
            class:mine=mine
            role="group"
            aria-label=name
            data-tray=move || mine.get().then_some("")
            data-side=side.to_string().to_lowercase()
        >
            <span class="hand-title">{name}</span>
            {pieces}
            <Show when=move || hand.with(|h| h.is_empty())>
                <span class="hand-empty">{move || td_string!(i18n.get_locale(), shogi.hand_empty)}</span>
            </Show>
        </div>
    }
}
