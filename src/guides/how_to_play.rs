//! How to play: the rules of the chosen rule set in plain words. Each
//! option picks its own paragraph, and every list and number (the strength
//! order, who takes the headquarters, the move limit) comes from the rules
//! crate.

use gunjin_rules::{
    BRIDGE_FILES, Front, Kind, MOVE_LIMIT, MineRule, Mode, Placement, REPETITION_LIMIT, Rules,
    TankVsEngineer,
};
use leptos::prelude::*;

use super::{GuideRules, RulesSwitcher, kind_list, kind_name};
use crate::i18n::*;

/// The officers who win by entering the enemy headquarters.
pub fn hq_takers(mode: Mode) -> Vec<Kind> {
    mode.kinds().filter(|&k| mode.takes_hq(k)).collect()
}

/// How to play under the app's rule set, with a preset switcher.
#[component]
pub fn HowToPlay(#[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let guide_rules = GuideRules::new(rules);
    let rules = guide_rules.signal();
    let locale = move || i18n.get_locale();
    let bridges = BRIDGE_FILES
        .map(|f| format!("{0}4–{0}5", char::from(b'a' + f)))
        .join(" / ");
    let front = move || match rules.get().front {
        Front::River => {
            t_string!(i18n, guide.how.front_river, bridges = bridges.clone())
        }
        Front::Open => t_string!(i18n, guide.how.front_open).to_string(),
    };
    let placement = move || match rules.get().placement {
        Placement::Free => t_string!(i18n, guide.how.placement_free).to_string(),
        Placement::Traditional => t_string!(i18n, guide.how.placement_traditional).to_string(),
    };
    let order = move || {
        rules
            .get()
            .strength
            .kinds()
            .iter()
            .map(|&k| view! { <li data-kind=k.to_string()>{kind_name(locale(), k)}</li> })
            .collect_view()
    };
    let tank = move || match rules.get().tank_vs_engineer {
        TankVsEngineer::TankWins => t_string!(i18n, guide.how.tank_rule).to_string(),
        TankVsEngineer::EngineerWins => t_string!(i18n, guide.how.engineer_rule).to_string(),
    };
    let mine = move || match rules.get().mine {
        MineRule::Stays => t_string!(i18n, guide.how.mine_stays).to_string(),
        MineRule::Explodes => t_string!(i18n, guide.how.mine_explodes).to_string(),
    };
    let officers = move || {
        let rules = rules.get();
        let officers = kind_list(locale(), rules, &hq_takers(rules.mode));
        t_string!(i18n, guide.how.win_hq, officers)
    };
    let camp = move || rules.get().shape().camp_size();
    let limit = MOVE_LIMIT;
    let repetition = REPETITION_LIMIT;
    view! {
        <article class="guide how-to-play" aria-labelledby="how-to-play-title">
            <h2 id="how-to-play-title">{t!(i18n, guide.how.title)}</h2>
            <RulesSwitcher rules=guide_rules modes=false />
            <p class="guide-intro">{t!(i18n, guide.how.intro)}</p>

            <section aria-labelledby="how-aim">
                <h3 id="how-aim">{t!(i18n, guide.how.aim_title)}</h3>
                <p>{officers}</p>
                <p>{t!(i18n, guide.how.win_no_moves)}</p>
            </section>

            <section aria-labelledby="how-board">
                <h3 id="how-board">{t!(i18n, guide.how.board_title)}</h3>
                <p>{move || t_string!(i18n, guide.how.board, camp = camp())}</p>
                <p class="how-front">{front}</p>
            </section>

            <section aria-labelledby="how-setup">
                <h3 id="how-setup">{t!(i18n, guide.how.setup_title)}</h3>
                <p>{move || t_string!(i18n, guide.how.setup, camp = camp())}</p>
                <p class="how-placement">{placement}</p>
            </section>

            <section aria-labelledby="how-moving">
                <h3 id="how-moving">{t!(i18n, guide.how.moving_title)}</h3>
                <p>{t!(i18n, guide.how.moving)}</p>
                <ul>
                    <li>{t!(i18n, guide.how.moving_step)}</li>
                    <li>{t!(i18n, guide.how.moving_charge)}</li>
                    <li>{t!(i18n, guide.how.moving_plane)}</li>
                    <li>{t!(i18n, guide.how.moving_engineer)}</li>
                    <li>{t!(i18n, guide.how.moving_fixed)}</li>
                </ul>
            </section>

            <section aria-labelledby="how-battles">
                <h3 id="how-battles">{t!(i18n, guide.how.battles_title)}</h3>
                <p>{t!(i18n, guide.how.battles)}</p>
                <ol class="how-order">{order}</ol>
                <ul>
                    <li>{t!(i18n, guide.how.spy)}</li>
                    <li class="how-tank">{tank}</li>
                    <li class="how-mine">{mine}</li>
                    <li>{t!(i18n, guide.how.flag)}</li>
                </ul>
                <p>{t!(i18n, guide.how.referee)}</p>
            </section>

            <section aria-labelledby="how-end">
                <h3 id="how-end">{t!(i18n, guide.how.end_title)}</h3>
                <ul>
                    <li>{t!(i18n, guide.how.draw_officers)}</li>
                    <li>{move || t_string!(i18n, guide.how.draw_limit, limit)}</li>
                    <li>{move || t_string!(i18n, guide.how.draw_repetition, repetition)}</li>
                    <li>{t!(i18n, guide.how.resign)}</li>
                </ul>
            </section>
        </article>
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
