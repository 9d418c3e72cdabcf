//! The hints on the play screen: for each enemy piece, the kinds it can
//! still be and the likeliest of them. They are deduced in the CPU's worker
//! from the player's own view alone (never from the session, which knows
//! the enemy's setup), so they tell no more than the player could work out
//! from what they have seen and the rules.

use gunjin_rules::{PieceId, View};
use leptos::prelude::*;

use crate::board::Cells;
use crate::cpu_client;
use crate::cpu_protocol::Hint;
use crate::i18n::*;
use crate::state::AppState;
use crate::text;

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

/// Puts the likeliest kind of each enemy piece on its node.
pub fn label(cells: &mut Cells, view: &View, hints: &[Hint]) {
    for e in view.enemies() {
        let likeliest = hints
            .iter()
            .find(|h| h.id == e.id)
            .and_then(Hint::likeliest);
        if let Some((kind, chance)) = likeliest {
            cells.cell_mut(e.square).hint = Some((kind, chance));
        }
    }
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

/// Every kind the selected enemy piece can still be, likeliest first.
#[component]
pub fn HintList(
    view: Memo<Option<View>>,
    hints: ReadSignal<Option<Vec<Hint>>>,
    selected: RwSignal<Option<PieceId>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let shown = move || {
        let id = selected.get()?;
        let square = view.with(|v| {
            v.as_ref()?
                .enemies()
                .iter()
                .find(|e| e.id == id)
                .map(|e| e.square)
        })?;
        let kinds = hints.with(|h| {
            h.as_ref()?
                .iter()
                .find(|h| h.id == id)
                .map(|h| h.kinds.clone())
        })?;
        Some((square, kinds))
    };
    move || {
        shown().map(|(square, kinds)| {
            let items = kinds
                .into_iter()
                .map(|(kind, chance)| {
                    view! {
                        <li data-hint-kind=format!("{kind:?}")>
                            <span>{move || text::kind_name(i18n.get_locale(), kind)}</span>
                            <span class="chance">{format!("{chance}%")}</span>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <section class="hint-list" aria-labelledby="hint-list-title">
                    <h3 id="hint-list-title">
                        {move || {
                            t_string!(i18n, common.hint_list_title, square = square.to_string())
                                .to_string()
                        }}
                    </h3>
                    <ol>{items}</ol>
                </section>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Color, Game, Kind, Rules, Template};

    use super::*;

    #[test]
    fn labels_go_on_the_enemy_pieces_that_have_hints() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[1].setup(),
        };
        let game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        let view = game.view(Color::South);
        let enemy = view.enemies()[0];
        let hint = Hint {
            id: enemy.id,
            kinds: vec![(Kind::Mine, 67), (Kind::Flag, 33)],
        };
        let mut cells = Cells::default();
        label(&mut cells, &view, &[hint]);
        assert_eq!(cells.get(enemy.square).hint, Some((Kind::Mine, 67)));
        let labelled = view
            .enemies()
            .iter()
            .filter(|e| cells.get(e.square).hint.is_some())
            .count();
        assert_eq!(labelled, 1);
    }
}
