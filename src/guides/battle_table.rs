//! The battle table (勝敗表): the result of every attacker against every
//! defender under the chosen rules, straight from [`Rules::battle`].

use gunjin_rules::{BattleResult, Kind, Rules};
use leptos::prelude::*;

use super::{GuideRules, RulesSwitcher, kind_key, kind_name, kind_short, rules_name};
use crate::i18n::*;

/// One cell of the table, as the attacker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Wins,
    Loses,
    Both,
}

impl Cell {
    /// The letter of the tables in `docs/RULES.md`, kept in `data-result`.
    pub const fn letter(self) -> char {
        match self {
            Cell::Wins => 'W',
            Cell::Loses => 'L',
            Cell::Both => 'B',
        }
    }

    /// The mark of a Japanese 勝敗表.
    const fn mark(self) -> &'static str {
        match self {
            Cell::Wins => "○",
            Cell::Loses => "×",
            Cell::Both => "△",
        }
    }

    /// The result in words, for a screen reader.
    fn words(self, locale: Locale) -> String {
        match self {
            Cell::Wins => td_string!(locale, guide.table.wins),
            Cell::Loses => td_string!(locale, guide.table.loses),
            Cell::Both => td_string!(locale, guide.table.both),
        }
        .to_string()
    }

    fn class(self) -> &'static str {
        match self {
            Cell::Wins => "bt-cell bt-wins",
            Cell::Loses => "bt-cell bt-loses",
            Cell::Both => "bt-cell bt-both",
        }
    }
}

/// The attacker's result against a defender that fights as `defender` (a
/// Flag with nothing behind it for [`Kind::Flag`]); an attacker that never
/// moves never wins.
pub fn cell(rules: Rules, attacker: Kind, defender: Kind) -> Cell {
    match rules.battle(attacker, defender) {
        Some(BattleResult::AttackerWins) => Cell::Wins,
        Some(BattleResult::BothRemoved) => Cell::Both,
        Some(BattleResult::DefenderWins) | None => Cell::Loses,
    }
}

/// The rows (attackers: the mode's movable kinds, strongest first under
/// this rule set's order) and the columns (the same, then the kinds that
/// never attack: the Mine and the Flag, and the mode's others).
pub fn battle_rows(rules: Rules) -> (Vec<Kind>, Vec<Kind>) {
    let mut rows: Vec<Kind> = rules
        .mode
        .kinds()
        .filter(|&k| rules.rank(k).is_some())
        .collect();
    rows.sort_by_key(|&k| rules.rank(k));
    let mut columns = rows.clone();
    columns.extend(rules.mode.kinds().filter(|&k| rules.rank(k).is_none()));
    (rows, columns)
}

/// The battle table for the app's rule set, with a preset switcher.
#[component]
pub fn BattleTable(#[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let guide_rules = GuideRules::new(rules);
    let rules = guide_rules.signal();
    let table = move || view! { <ResultGrid rules=rules.get() locale=i18n.get_locale() /> };
    let has_flag = move || rules.get().count(Kind::Flag) > 0;
    view! {
        <article class="guide battle-guide" aria-labelledby="battle-table-title">
            <h2 id="battle-table-title">{t!(i18n, guide.table.title)}</h2>
            <RulesSwitcher rules=guide_rules />
            <p class="guide-intro">{t!(i18n, guide.table.intro)}</p>
            <MarksKey />
            <div class="bt-scroll" role="region" tabindex="0" aria-labelledby="battle-table-caption">
                {table}
            </div>
            <ul class="bt-notes">
                <Show when=has_flag>
                    <li>{t!(i18n, guide.table.note_flag)}</li>
                </Show>
                <li>{t!(i18n, guide.table.note_fixed)}</li>
            </ul>
        </article>
    }
}

/// What the table's three marks mean.
#[component]
fn MarksKey() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="bt-key">
            <span class="bt-cell bt-wins" aria-hidden="true">"○"</span>
            " "
            {t!(i18n, guide.table.wins)}
            " "
            <span class="bt-cell bt-loses" aria-hidden="true">"×"</span>
            " "
            {t!(i18n, guide.table.loses)}
            " "
            <span class="bt-cell bt-both" aria-hidden="true">"△"</span>
            " "
            {t!(i18n, guide.table.both)}
        </p>
    }
}

/// The table itself under `rules`, written for `locale` (drawn anew when
/// either changes).
#[component]
fn ResultGrid(rules: Rules, locale: Locale) -> impl IntoView {
    let (rows, columns) = battle_rows(rules);
    let head = columns
        .iter()
        .map(|&kind| {
            view! {
                <th scope="col" data-kind=kind_key(kind)>
                    <abbr title=kind_name(locale, kind)>{kind_short(locale, kind)}</abbr>
                </th>
            }
        })
        .collect_view();
    let body = rows
        .into_iter()
        .map(|attacker| view! { <AttackerRow rules locale attacker columns=columns.clone() /> })
        .collect_view();
    view! {
        <table class="battle-table" data-rules=rules.to_string()>
            <caption id="battle-table-caption">
                {td_string!(locale, guide.table.caption, rules = rules_name(locale, rules))}
            </caption>
            <thead>
                <tr>
                    <td class="bt-corner">
                        <span aria-hidden="true">{td_string!(locale, guide.table.corner).to_string()}</span>
                    </td>
                    {head}
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}

/// One attacker's row: its result against each of the `columns`.
#[component]
fn AttackerRow(rules: Rules, locale: Locale, attacker: Kind, columns: Vec<Kind>) -> impl IntoView {
    let cells = columns
        .into_iter()
        .map(|defender| {
            let c = cell(rules, attacker, defender);
            view! {
                <td class=c.class() data-result=c.letter().to_string()>
                    <span aria-hidden="true">{c.mark()}</span>
                    <span class="visually-hidden">{c.words(locale)}</span>
                </td>
            }
        })
        .collect_view();
    view! {
        <tr data-kind=kind_key(attacker)>
            <th scope="row">{kind_name(locale, attacker)}</th>
            {cells}
        </tr>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_modes_kinds() {
        use gunjin_rules::Mode;
        for preset in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            let (rows, columns) = battle_rows(preset);
            assert_eq!((rows.len(), columns.len()), (14, 16));
            assert_eq!(rows, preset.strength.kinds());
            for (mode, size) in [
                (Mode::Marshal23, (15, 17)),
                (Mode::American21, (16, 19)),
                (Mode::Classic25, (11, 15)),
            ] {
                let rules = Rules { mode, ..preset };
                let (rows, columns) = battle_rows(rules);
                assert_eq!((rows.len(), columns.len()), size, "{mode:?}");
                assert!(rows.windows(2).all(|w| rules.rank(w[0]) < rules.rank(w[1])));
            }
        }
    }

    #[test]
    fn every_result_is_said_in_words_of_its_own() {
        assert_eq!(Cell::Wins.words(Locale::en), "attacker wins");
        for locale in Locale::ALL {
            let words = [Cell::Wins, Cell::Loses, Cell::Both].map(|c| c.words(locale));
            assert!(words.iter().all(|w| !w.is_empty()), "{locale:?}");
            assert!(words[0] != words[1] && words[1] != words[2] && words[0] != words[2]);
        }
    }

    #[test]
    fn the_tables_match_the_rules_doc() {
        // Two rows of docs/RULES.md §3 (columns in house order there).
        let row = |rules, attacker| -> String {
            gunjin_rules::Mode::Standard
                .kinds()
                .map(|d| cell(rules, attacker, d).letter())
                .collect()
        };
        assert_eq!(row(Rules::KIRAKUKEN, Kind::Tank), "LLLLLLBWWWWWWWLW");
        assert_eq!(row(Rules::TRADITIONAL, Kind::Tank), "LLLLWWBWWWWWLWBW");
        assert_eq!(row(Rules::TRADITIONAL, Kind::Spy), "WLLLLLLLLLLLLBBW");
    }
}
