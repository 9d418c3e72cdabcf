//! How to play: the rules of the chosen mode and rule set in plain words.
//! Each option and mode picks its own paragraphs, and every list and number
//! (the strength order, who takes the headquarters, the camp, the move
//! limit) comes from the rules crate.

use gunjin_rules::{
    Front, Kind, MOVE_LIMIT, MineRule, Mode, Placement, REPETITION_LIMIT, Rules, Shape,
    TankVsEngineer,
};
use leptos::prelude::*;

use super::{GuideRules, RulesSwitcher, kind_list, kind_name};
use crate::i18n::*;

/// The officers who win by entering the enemy headquarters.
pub fn hq_takers(mode: Mode) -> Vec<Kind> {
    mode.kinds().filter(|&k| mode.takes_hq(k)).collect()
}

/// How to play under the app's rule set, with mode and preset switchers:
/// each mode's board, setup, pieces, battles and win rule.
#[component]
pub fn HowToPlay(#[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let guide_rules = GuideRules::new(rules);
    let rules = guide_rules.signal();
    view! {
        <article class="guide how-to-play" aria-labelledby="how-to-play-title">
            <h2 id="how-to-play-title">{t!(i18n, guide.how.title)}</h2>
            <RulesSwitcher rules=guide_rules />
            <p class="guide-intro">{t!(i18n, guide.how.intro)}</p>
            <Aim rules />
            <BoardAndSetup rules />
            <Moving rules />
            <Battles rules />
            <Show when=move || has(rules, Kind::Missile)>
                <section aria-labelledby="how-strike">
                    <h3 id="how-strike">{t!(i18n, guide.how.strike_title)}</h3>
                    <p>{t!(i18n, guide.how.strike)}</p>
                    <p>{t!(i18n, guide.how.strike_result)}</p>
                </section>
            </Show>
            <End />
        </article>
    }
}

/// Whether the mode of `rules` plays with `kind`.
fn has(rules: Signal<Rules>, kind: Kind) -> bool {
    rules.get().count(kind) > 0
}

/// How to win: the enemy headquarters, or Classic 25's Marshal.
#[component]
fn Aim(rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let locale = move || i18n.get_locale();
    let win = move || {
        let rules = rules.get();
        let officers = kind_list(locale(), rules, &hq_takers(rules.mode));
        match rules.mode.in_hq() {
            Some(_) => t_string!(i18n, guide.how.win_marshal, officers),
            None => t_string!(i18n, guide.how.win_hq, officers),
        }
    };
    let no_moves = move || match has(rules, Kind::Missile) {
        true => t_string!(i18n, guide.how.win_no_moves_strike).to_string(),
        false => t_string!(i18n, guide.how.win_no_moves).to_string(),
    };
    view! {
        <section aria-labelledby="how-aim">
            <h3 id="how-aim">{t!(i18n, guide.how.aim_title)}</h3>
            <p class="how-win">{win}</p>
            <p>{no_moves}</p>
        </section>
    }
}

/// The board, its front, and setting up.
#[component]
fn BoardAndSetup(rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let camp = move || rules.get().shape().camp_size();
    let board = move || match *rules.get().shape() == Shape::STANDARD {
        true => t_string!(i18n, guide.how.board, camp = camp()),
        false => t_string!(i18n, guide.how.board_classic, camp = camp()),
    };
    let front = move || {
        let shape = rules.get().shape();
        let (near, far) = (shape.ranks / 2, shape.ranks / 2 + 1);
        let bridges = (0..shape.files)
            .filter(|&f| shape.has_bridge(f))
            .map(|f| format!("{0}{near}–{0}{far}", char::from(b'a' + f)))
            .collect::<Vec<_>>()
            .join(" / ");
        match rules.get().front {
            Front::River => t_string!(i18n, guide.how.front_river, near, far, bridges),
            Front::Open => t_string!(i18n, guide.how.front_open, near, far),
        }
    };
    let setup = move || {
        let rules = rules.get();
        let (pieces, camp) = (rules.mode.pieces(), rules.shape().camp_size());
        match camp - pieces {
            0 => t_string!(i18n, guide.how.setup, camp),
            empty => t_string!(i18n, guide.how.setup_empty, pieces, camp, empty),
        }
    };
    let placement = move || match rules.get().placement {
        Placement::Free => t_string!(i18n, guide.how.placement_free).to_string(),
        Placement::Traditional => t_string!(i18n, guide.how.placement_traditional).to_string(),
    };
    view! {
        <section aria-labelledby="how-board">
            <h3 id="how-board">{t!(i18n, guide.how.board_title)}</h3>
            <p class="how-board">{board}</p>
            <p class="how-front">{front}</p>
        </section>
        <section aria-labelledby="how-setup">
            <h3 id="how-setup">{t!(i18n, guide.how.setup_title)}</h3>
            <p class="how-setup">{setup}</p>
            <Show when=move || rules.get().mode.in_hq().is_some()>
                <p>{t!(i18n, guide.how.setup_marshal)}</p>
            </Show>
            <p class="how-placement">{placement}</p>
        </section>
    }
}

/// How the mode's pieces move.
#[component]
fn Moving(rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let locale = move || i18n.get_locale();
    let like_engineer = move || {
        [Kind::Artillery, Kind::MilitaryPolice]
            .into_iter()
            .filter(|&k| has(rules, k))
            .map(|k| {
                let kind = kind_name(locale(), k);
                view! { <li>{t_string!(i18n, guide.how.moving_like_engineer, kind)}</li> }
            })
            .collect_view()
    };
    let fixed = move || match has(rules, Kind::Missile) {
        true => t_string!(i18n, guide.how.moving_fixed_classic).to_string(),
        false => t_string!(i18n, guide.how.moving_fixed).to_string(),
    };
    view! {
        <section aria-labelledby="how-moving">
            <h3 id="how-moving">{t!(i18n, guide.how.moving_title)}</h3>
            <p>{t!(i18n, guide.how.moving)}</p>
            <ul class="how-moves">
                <li>{t!(i18n, guide.how.moving_step)}</li>
                <Show
                    when=move || has(rules, Kind::Cavalry)
                    fallback=move || view! { <li>{t!(i18n, guide.how.moving_charge_tank)}</li> }
                >
                    <li>{t!(i18n, guide.how.moving_charge)}</li>
                </Show>
                <Show when=move || has(rules, Kind::Plane)>
                    <li>{t!(i18n, guide.how.moving_plane)}</li>
                </Show>
                <Show when=move || has(rules, Kind::Jet)>
                    <li>{t!(i18n, guide.how.moving_jet)}</li>
                </Show>
                <li>{t!(i18n, guide.how.moving_engineer)}</li>
                {like_engineer}
                <li>{fixed}</li>
                <Show when=move || has(rules, Kind::AtomicBomb) && !has(rules, Kind::Missile)>
                    <li>{t!(i18n, guide.how.moving_fixed_bomb)}</li>
                </Show>
            </ul>
        </section>
    }
}

/// The strength order and the battles that do not follow it.
#[component]
fn Battles(rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let locale = move || i18n.get_locale();
    let order = move || {
        let (rows, _) = super::battle_rows(rules.get());
        rows.into_iter()
            .map(|k| view! { <li data-kind=k.to_string()>{kind_name(locale(), k)}</li> })
            .collect_view()
    };
    // The Spy beats a Marshal that fights (not Classic 25's, which sits).
    let spy = move || match rules.get().rank(Kind::Marshal).is_some() {
        true => t_string!(i18n, guide.how.spy_marshal).to_string(),
        false => t_string!(i18n, guide.how.spy).to_string(),
    };
    let tank = move || match rules.get().tank_vs_engineer {
        TankVsEngineer::TankWins => t_string!(i18n, guide.how.tank_rule).to_string(),
        TankVsEngineer::EngineerWins => t_string!(i18n, guide.how.engineer_rule).to_string(),
    };
    let mine = move || match rules.get().mine {
        MineRule::Stays => t_string!(i18n, guide.how.mine_stays).to_string(),
        MineRule::Explodes => t_string!(i18n, guide.how.mine_explodes).to_string(),
    };
    let bomb = move || match has(rules, Kind::MilitaryPolice) {
        true => t_string!(i18n, guide.how.bomb_mp).to_string(),
        false => t_string!(i18n, guide.how.bomb).to_string(),
    };
    view! {
        <section aria-labelledby="how-battles">
            <h3 id="how-battles">{t!(i18n, guide.how.battles_title)}</h3>
            <p>{t!(i18n, guide.how.battles)}</p>
            <ol class="how-order">{order}</ol>
            <ul>
                <li>{spy}</li>
                <li class="how-tank">{tank}</li>
                <Show when=move || has(rules, Kind::Artillery)>
                    <li>{t!(i18n, guide.how.artillery)}</li>
                </Show>
                <li class="how-mine">{mine}</li>
                <Show when=move || has(rules, Kind::AtomicBomb)>
                    <li>{bomb}</li>
                </Show>
                <Show when=move || has(rules, Kind::Missile)>
                    <li>{t!(i18n, guide.how.missile)}</li>
                </Show>
                <Show when=move || has(rules, Kind::Flag)>
                    <li>{t!(i18n, guide.how.flag)}</li>
                </Show>
            </ul>
            <p>{t!(i18n, guide.how.referee)}</p>
        </section>
    }
}

/// Draws and resigning, the same in every mode.
#[component]
fn End() -> impl IntoView {
    let i18n = use_i18n();
    let limit = MOVE_LIMIT;
    let repetition = REPETITION_LIMIT;
    view! {
        <section aria-labelledby="how-end">
            <h3 id="how-end">{t!(i18n, guide.how.end_title)}</h3>
            <ul>
                <li>{t!(i18n, guide.how.draw_officers)}</li>
                <li>{move || t_string!(i18n, guide.how.draw_limit, limit)}</li>
                <li>{move || t_string!(i18n, guide.how.draw_repetition, repetition)}</li>
                <li>{t!(i18n, guide.how.resign)}</li>
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_officers_take_the_headquarters() {
        assert_eq!(hq_takers(Mode::Standard).len(), 6);
        assert!(hq_takers(Mode::Standard).contains(&Kind::Major));
        assert!(!hq_takers(Mode::Standard).contains(&Kind::Captain));
    }
}
