//! The hints on the play screen: for each enemy piece, the kinds it can
//! still be and the likeliest of them. They are deduced in the CPU's worker
//! from the player's own view alone (never from the session, which knows
//! the enemy's setup), so they tell no more than the player could work out
//! from what they have seen and the rules.

use gunjin_rules::{Kind, PieceId, View};
use leptos::prelude::*;

use crate::board::Cells;
use crate::cpu_client;
use crate::cpu_protocol::Hint;
use crate::i18n::*;
use crate::state::AppState;

/// The hints for `view` while the switch is on, asked anew after every
/// move; `None` while they are off or not known yet.
pub fn use_hints(view: Memo<Option<View>>) -> ReadSignal<Option<Vec<Hint>>> {
    let state = expect_context::<AppState>();
    let on = Memo::new(move |_| state.saved.with(|s| s.settings.hints));
    let hints = RwSignal::new(None);
    Effect::new(move |_| {
        let Some(asked) = view.get().filter(|v| on.get() && v.outcome().is_none()) else {
            hints.set(None);
            return;
        };
        // The last hints stay up (they follow their pieces) until these come.
        leptos::task::spawn_local(async move {
            let answer = cpu_client::hints(&asked).await;
            let still_shown = on.get_untracked()
                && view.with_untracked(|v| v.as_ref().map(View::ply)) == Some(asked.ply());
            if still_shown {
                hints.set(answer);
            }
        });
    });
    hints.read_only()
}

/// The chance in percent from which a kind is shown on the board: below
/// it the node would only add noise, and the full list is one tap away.
pub const CONFIDENT: u8 = 50;

/// Puts the likeliest kind of each enemy piece on its node, where the
/// deduction is confident of it.
pub fn label(cells: &mut Cells, view: &View, hints: &[Hint]) {
    for e in view.enemies() {
        let likeliest = hints
            .iter()
            .find(|h| h.id == e.id)
            .and_then(Hint::likeliest)
            .filter(|&(_, chance)| chance >= CONFIDENT);
        if let Some(hint) = likeliest {
            cells.cell_mut(e.square).hint = Some(hint);
        }
    }
}

/// Every kind the enemy piece `id` can still be with its chance, likeliest
/// first, while the hints are known.
pub fn chances(hints: &Option<Vec<Hint>>, id: PieceId) -> Option<Vec<(Kind, u8)>> {
    hints
        .as_ref()?
        .iter()
        .find(|h| h.id == id)
        .map(|h| h.kinds.clone())
}

/// The switch that turns the hints on and off (remembered in the settings).
#[component]
pub fn HintsSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let on = move || state.saved.with(|s| s.settings.hints);
    view! {
        <div class="hints-switch">
            <button
                type="button"
                class="secondary"
                aria-pressed=move || on().to_string()
                aria-describedby="hints-note"
                on:click=move |_| state.saved.update(|s| s.settings.hints = !s.settings.hints)
            >
                {t!(i18n, common.hints_switch)}
            </button>
            <p id="hints-note" class="hints-note">
                {t!(i18n, common.hints_note)}
            </p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Color, Game, Kind, Rules, Template};

    use super::*;

    #[test]
    fn labels_go_on_the_enemy_pieces_the_hints_are_confident_of() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[1].setup(),
        };
        let game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        let view = game.view(Color::South);
        let (sure, unsure) = (view.enemies()[0], view.enemies()[1]);
        let hints = [
            Hint {
                id: sure.id,
                kinds: vec![(Kind::Mine, 67), (Kind::Flag, 33)],
            },
            Hint {
                id: unsure.id,
                kinds: vec![(Kind::Mine, 49), (Kind::Flag, 30), (Kind::Spy, 21)],
            },
        ];
        let mut cells = Cells::default();
        label(&mut cells, &view, &hints);
        assert_eq!(cells.get(sure.square).hint, Some((Kind::Mine, 67)));
        let labelled = view
            .enemies()
            .iter()
            .filter(|e| cells.get(e.square).hint.is_some())
            .count();
        assert_eq!(labelled, 1, "below {CONFIDENT}% a piece gets no label");
        let hints = Some(hints.to_vec());
        assert_eq!(chances(&hints, unsure.id).unwrap()[0], (Kind::Mine, 49));
        assert_eq!(chances(&None, unsure.id), None);
    }
}
