//! A Shogi piece as the Gunjin pieces are drawn: a pentagon pointing at
//! the enemy with its kanji, promoted pieces in red.

use leptos::prelude::*;
use shogi_rules::{Color, Piece};

use crate::shogi::labels::kanji;

/// A piece as the player sees it: the far side's pieces point down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    pub piece: Piece,
    pub you: Color,
}

/// `offset`: the piece slides in from that many squares across and down
/// (a move just made by the other side).
#[component]
pub fn ShogiPiece(face: Face, #[prop(default = None)] offset: Option<(i16, i16)>) -> impl IntoView {
    let role = face.piece.role;
    let kanji = kanji(role);
    let slide = offset.map(|(dx, dy)| format!(";--dx:{dx};--dy:{dy}"));
    view! {
        <span
            class="piece shogi-piece"
            class:north=face.piece.color != face.you
            class:promoted=role.is_promoted()
            class:arrive=offset.is_some()
            style=format!("--chars:{}{}", kanji.chars().count(), slide.unwrap_or_default())
            aria-hidden="true"
        >
            <span class="kanji" lang="ja">
                {kanji}
            </span>
        </span>
    }
}

impl crate::drag::Ghost for Face {
    fn ghost(self) -> AnyView {
        view! { <ShogiPiece face=self /> }.into_any()
    }
}
