//! The guides: the piece guide, the battle table (勝敗表) and how to play.
//! Every fact they show (who beats whom, where a piece can go, what wins)
//! is asked of the rules crate for the chosen rule set; these components
//! only choose words and layout. The words are in the `guide` namespace of
//! the translations (`locales/*/guide.json`).

mod battle_table;
mod diagram;
mod how_to_play;
mod piece_guide;

pub use battle_table::{BattleTable, Cell, battle_rows, cell};
pub use diagram::{Diagram, MovementDiagram, Node};
pub use how_to_play::HowToPlay;
pub use piece_guide::{Group, Matchups, PieceGuide, matchups, piece_help};

use gunjin_rules::{
    Front, Kind, MineRule, Mode, Placement, Preset, Rules, Square, StrengthOrder, TankVsEngineer,
};
use leptos::prelude::*;

use crate::i18n::*;

/// The rule set a guide page shows: the app's until the reader picks a
/// preset on the page itself.
#[derive(Clone, Copy)]
struct GuideRules {
    app: Signal<Rules>,
    chosen: RwSignal<Option<Rules>>,
}

impl GuideRules {
    fn new(app: Signal<Rules>) -> GuideRules {
        GuideRules {
            app,
            chosen: RwSignal::new(None),
        }
    }

    fn signal(self) -> Signal<Rules> {
        Signal::derive(move || self.chosen.get().unwrap_or_else(|| self.app.get()))
    }
}

/// The mode and preset buttons at the top of each guide (the mode's only
/// on a page that shows every mode: `modes`), and what the rule set says
/// option by option.
#[component]
fn RulesSwitcher(rules: GuideRules, #[prop(default = true)] modes: bool) -> impl IntoView {
    let i18n = use_i18n();
    let current = rules.signal();
    let mode_buttons = Mode::ALL
        .into_iter()
        .map(|mode| {
            let pressed = move || current.get().mode == mode;
            let choose = move |_| {
                rules.chosen.set(Some(Rules {
                    mode,
                    ..current.get()
                }))
            };
            view! {
                <button
                    type="button"
                    class="guide-mode"
                    data-mode=mode.code().unwrap_or("standard")
                    aria-pressed=move || pressed().to_string()
                    on:click=choose
                >
                    {move || crate::text::mode_name(i18n.get_locale(), mode)}
                </button>
            }
        })
        .collect_view();
    let buttons = Preset::ALL
        .into_iter()
        .map(|preset| {
            let pressed = move || current.get().preset() == Some(preset);
            let choose = move |_| {
                let mode = current.get().mode;
                rules.chosen.set(Some(Rules {
                    mode,
                    ..preset.rules()
                }));
            };
            view! {
                <button
                    type="button"
                    class="guide-preset"
                    data-preset=crate::model::settings::preset_id(preset)
                    aria-pressed=move || pressed().to_string()
                    on:click=choose
                >
                    {move || preset_name(i18n.get_locale(), preset)}
                </button>
            }
        })
        .collect_view();
    let summary = move || option_summary(i18n.get_locale(), current.get());
    view! {
        <div class="guide-rules">
            {modes
                .then(|| {
                    view! {
                        <div class="guide-modes" role="group" aria-label=move || t_string!(i18n, guide.rules.mode_label).to_string()>
                            {mode_buttons}
                        </div>
                    }
                })}
            <div class="guide-presets" role="group" aria-label=move || t_string!(i18n, guide.rules.label).to_string()>
                {buttons}
            </div>
            <p class="guide-rule-summary">
                {summary}
                " ("
                {t!(i18n, guide.rules.code)}
                " "
                <code class="guide-rule-code">{move || current.get().to_string()}</code>
                ")"
            </p>
        </div>
    }
}

/// The name of the rule set: its mode's and its preset's, or "custom
/// rules".
fn rules_name(locale: Locale, rules: Rules) -> String {
    let options = match rules.preset() {
        Some(preset) => preset_name(locale, preset).to_string(),
        None => td_string!(locale, guide.rules.custom).to_string(),
    };
    format!("{} · {options}", crate::text::mode_name(locale, rules.mode))
}

/// Every option of `rules` in a few words each.
fn option_summary(locale: Locale, rules: Rules) -> String {
    let parts = [
        match rules.strength {
            StrengthOrder::House => td_string!(locale, guide.rules.order_house).to_string(),
            StrengthOrder::Traditional => {
                td_string!(locale, guide.rules.order_traditional).to_string()
            }
        },
        match rules.tank_vs_engineer {
            TankVsEngineer::TankWins => td_string!(locale, guide.rules.tank_rule).to_string(),
            TankVsEngineer::EngineerWins => {
                td_string!(locale, guide.rules.engineer_rule).to_string()
            }
        },
        match rules.mine {
            MineRule::Stays => td_string!(locale, guide.rules.mine_stays).to_string(),
            MineRule::Explodes => td_string!(locale, guide.rules.mine_explodes).to_string(),
        },
        match rules.front {
            Front::River => {
                let n = (0..rules.shape().files)
                    .filter(|&f| rules.shape().has_bridge(f))
                    .count();
                td_string!(locale, guide.rules.river, n)
            }
            Front::Open => td_string!(locale, guide.rules.open_front).to_string(),
        },
        match rules.placement {
            Placement::Free => td_string!(locale, guide.rules.free_placement).to_string(),
            Placement::Traditional => {
                td_string!(locale, guide.rules.traditional_placement).to_string()
            }
        },
    ];
    format!("{}: {}", rules_name(locale, rules), parts.join(" · "))
}

/// A stable key for a kind, used in `data-kind` attributes.
fn kind_key(kind: Kind) -> String {
    kind.to_string()
}

use crate::text::{kind_name, kind_short, preset_name};

/// The list separator of `locale`.
fn separator(locale: Locale) -> &'static str {
    match locale {
        Locale::ja => "、",
        // Thai writes no space between words: a comma marks where a
        // name ("จอมพล 23") ends.
        Locale::en | Locale::th => ", ",
    }
}

/// Kinds of `rules`' mode as a list of names, "none", or "every piece
/// that can attack" for all that move.
fn kind_list(locale: Locale, rules: Rules, kinds: &[Kind]) -> String {
    if kinds.is_empty() {
        return td_string!(locale, guide.none).to_string();
    }
    let movable = rules.mode.kinds().filter(|&k| rules.mobility(k).moves());
    if kinds.iter().copied().eq(movable) {
        return td_string!(locale, guide.every_piece).to_string();
    }
    let names: Vec<&str> = kinds.iter().map(|&k| kind_name(locale, k)).collect();
    names.join(separator(locale))
}

/// Squares as a list of names, or "none".
fn square_list(locale: Locale, squares: &[Square]) -> String {
    if squares.is_empty() {
        return td_string!(locale, guide.none).to_string();
    }
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    names.join(separator(locale))
}
