//! The Missile's strike on the play screen (Classic 25): its targets and
//! its blast drawn as the player aims, the question of the Atomic bomb, and
//! why an attack on a guarded Marshal cannot be made. Every answer is the
//! rules crate's (`View::action`, `View::strike_targets`, `strike::blast`).

use gunjin_rules::{Action, Bitboard, Move, Square, View, strike};
use leptos::html;
use leptos::prelude::*;

use crate::board::{Blast, Cells};
use crate::focus::focus_in_place;
use crate::i18n::*;

/// Draws on `cells` what a strike from `missile` at `target` would hit:
/// the plain blast, and what carrying the bomb adds when the Missile can.
pub fn aim(cells: &mut Cells, v: &View, missile: Square, target: Square) {
    let shape = v.rules().shape();
    let carrying = Move::strike(missile, target, true);
    let plain = strike::blast(shape, target, false);
    let bomb = if v.allows(carrying) {
        strike::blast(shape, target, true) - plain
    } else {
        Bitboard::EMPTY
    };
    for sq in plain {
        cells.cell_mut(sq).blast = Blast::Plain;
    }
    for sq in bomb {
        cells.cell_mut(sq).blast = Blast::Bomb;
    }
}

/// Why a move the player tried cannot be made, when the board alone does
/// not show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Classic 25: the enemy Marshal is guarded by a piece next to its
    /// headquarters.
    Guarded,
}

/// What putting a piece down on a node does.
pub enum Put {
    Play(Move),
    /// A strike that may carry the bomb: the player chooses.
    AskBomb,
    Refused(Refusal),
}

/// What the player's piece on `from`, put down on `to`, does: a move the
/// rules allow, the question of the bomb, or why it cannot go there when
/// the board does not show it (`None`: nothing to do or say).
pub fn put_at(v: &View, from: Square, to: Square) -> Option<Put> {
    match v.action(from, to) {
        Ok(
            Action::Step(mv)
            | Action::Strike {
                plain: mv,
                with_bomb: None,
            },
        ) => Some(Put::Play(mv)),
        Ok(Action::Strike {
            with_bomb: Some(_), ..
        }) => Some(Put::AskBomb),
        Err(gunjin_rules::Refusal::Guarded) => Some(Put::Refused(Refusal::Guarded)),
        Err(_) => None,
    }
}

/// The question a strike asks when the Atomic bomb stands next to the
/// Missile: carry it (the 3×3 blast, the bomb spent) or not. The blast
/// shows on the board meanwhile.
#[component]
pub fn BombChoice(
    pending: RwSignal<Option<(Square, Square)>>,
    play: Callback<Move>,
    close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let first_ref = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if let Some(first) = first_ref.get() {
            focus_in_place(&first);
        }
    });
    let strike = move |bomb: Option<bool>| {
        if let Some((missile, target)) = pending.get_untracked() {
            pending.set(None);
            if let Some(bomb) = bomb {
                play.run(Move::strike(missile, target, bomb));
            }
        }
        close.run(());
    };
    move || {
        pending.get().map(|(_, target)| {
            let square = target.to_string();
            view! {
                <div class="tag-sheet strike-sheet" role="dialog" aria-labelledby="strike-title">
                    <h3 id="strike-title">
                        {move || t_string!(i18n, common.strike_title, square = square.clone())}
                    </h3>
                    <p class="tag-note">{t!(i18n, common.strike_bomb_text)}</p>
                    <div class="guess-options">
                        <button
                            type="button"
                            class="primary strike-bomb"
                            node_ref=first_ref
                            on:click=move |_| strike(Some(true))
                        >
                            {t!(i18n, common.strike_with_bomb)}
                        </button>
                        <button
                            type="button"
                            class="secondary strike-plain"
                            on:click=move |_| strike(Some(false))
                        >
                            {t!(i18n, common.strike_without_bomb)}
                        </button>
                        <button type="button" class="secondary" on:click=move |_| strike(None)>
                            {t!(i18n, common.strike_cancel)}
                        </button>
                    </div>
                </div>
            }
        })
    }
}

/// Why the last move tried could not be made, spoken as it is shown.
#[component]
pub fn RefusalLine(refusal: RwSignal<Option<Refusal>>, view: Memo<Option<View>>) -> impl IntoView {
    let i18n = use_i18n();
    let hq = move || {
        view.with(|v| {
            v.as_ref()
                .map(|v| v.rules().shape().hq(!v.side()).to_string())
        })
        .unwrap_or_default()
    };
    view! {
        <p class="refused move-refused" role="alert">
            {move || {
                refusal
                    .get()
                    .map(|Refusal::Guarded| t_string!(i18n, common.marshal_guarded, square = hq()))
            }}
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::Color;

    fn view_of(text: &str) -> View {
        let game = gunjin_rules::Game::from_position(text.parse().unwrap()).unwrap();
        game.view(Color::South)
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    /// Putting a piece down: a step, a strike (asking about the bomb only
    /// when one stands next to the Missile), or the guarded Marshal's
    /// refusal when the piece could otherwise go there.
    #[test]
    fn a_put_steps_strikes_or_says_why_not() {
        // North's Spy on d5 guards its Marshal; South's General on e5.
        let v = view_of("c25-htsrf e2k3/3yG4/9/9/9/2EK3 s");
        assert!(matches!(put_at(&v, sq("e5"), sq("e4")), Some(Put::Play(_))));
        assert!(matches!(
            put_at(&v, sq("e5"), sq("e6")),
            Some(Put::Refused(Refusal::Guarded))
        ));
        // Out of reach: no refusal to explain.
        assert!(put_at(&v, sq("c1"), sq("e6")).is_none());
        // Unguarded, the General simply goes in.
        let v = view_of("c25-htsrf e2k3/4G4/9/9/9/2EK3 s");
        assert!(matches!(put_at(&v, sq("e5"), sq("e6")), Some(Put::Play(_))));
        // Missiles on a2 (the bomb beside it on b2) and i2.
        let v = view_of("c25-htsrf e2k3/9/9/9/IU6I/G1EK3 s");
        assert!(matches!(put_at(&v, sq("a2"), sq("c5")), Some(Put::AskBomb)));
        let plain = Move::strike(sq("i2"), sq("c5"), false);
        assert!(matches!(put_at(&v, sq("i2"), sq("c5")), Some(Put::Play(mv)) if mv == plain));
        assert!(
            put_at(&v, sq("a2"), sq("e6")).is_none(),
            "never the headquarters"
        );
        assert_eq!(v.strike_targets(sq("a2")).count(), 24);
        assert!(v.strike_targets(sq("b2")).is_empty());
    }
}
