//! The piece guide: every kind with its names, its count, a movement
//! diagram, and what it beats, ties with and loses to under the chosen rules.

use gunjin_rules::{BattleResult, Kind, Mobility, Mode, Rules};
use leptos::prelude::*;

use super::diagram::MovementDiagram;
use super::{GuideRules, RulesSwitcher, kind_key, kind_list, kind_name};
use crate::i18n::*;
use crate::text;

/// The families the guide groups the kinds into, as on the real pieces'
/// collar badges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// 将官: General, Lieutenant General, Major General.
    GeneralOfficers,
    /// 佐官: Colonel, Lieutenant Colonel, Major.
    FieldOfficers,
    /// 尉官: Captain, Lieutenant, Second Lieutenant.
    CompanyOfficers,
    /// 特殊部隊: Plane, Tank, Cavalry, Engineer, Spy.
    Special,
    /// 固定駒: Mine and Flag.
    Fixed,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::GeneralOfficers,
        Group::FieldOfficers,
        Group::CompanyOfficers,
        Group::Special,
        Group::Fixed,
    ];

    pub fn of(kind: Kind) -> Group {
        match kind {
            Kind::Marshal
            | Kind::General
            | Kind::LieutenantGeneral
            | Kind::MajorGeneral
            | Kind::Commodore => Group::GeneralOfficers,
            Kind::Colonel | Kind::LieutenantColonel | Kind::Major => Group::FieldOfficers,
            Kind::Captain | Kind::Lieutenant | Kind::SecondLieutenant => Group::CompanyOfficers,
            Kind::Mine | Kind::Flag | Kind::Missile | Kind::AtomicBomb => Group::Fixed,
            Kind::Plane | Kind::Tank | Kind::Cavalry | Kind::Engineer | Kind::Spy => Group::Special,
            Kind::Jet | Kind::Artillery | Kind::MilitaryPolice => Group::Special,
        }
    }

    /// The kinds of this group that `mode` plays with, in the order of
    /// [`Kind::ALL`].
    pub fn kinds(self, mode: Mode) -> Vec<Kind> {
        mode.kinds().filter(|&k| Group::of(k) == self).collect()
    }

    fn key(self) -> &'static str {
        match self {
            Group::GeneralOfficers => "general-officers",
            Group::FieldOfficers => "field-officers",
            Group::CompanyOfficers => "company-officers",
            Group::Special => "special",
            Group::Fixed => "fixed",
        }
    }
}

/// Who a kind beats, ties with and loses to, each in the order of
/// [`Kind::ALL`].
///
/// A movable kind is taken as the attacker against every kind but the Flag
/// (which fights as the piece behind it); between movable kinds the result
/// is the same whoever attacks. A Mine or a Flag never attacks, so it is
/// taken as the defender against every movable kind (a Flag with nothing
/// behind it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Matchups {
    pub beats: Vec<Kind>,
    pub ties: Vec<Kind>,
    pub loses_to: Vec<Kind>,
}

pub fn matchups(rules: Rules, kind: Kind) -> Matchups {
    let mut m = Matchups::default();
    let moves = |kind| rules.mobility(kind).moves();
    if moves(kind) {
        for other in rules.mode.kinds().filter(|&k| k != Kind::Flag) {
            match rules.battle(kind, other) {
                Some(BattleResult::AttackerWins) => m.beats.push(other),
                Some(BattleResult::BothRemoved) => m.ties.push(other),
                Some(BattleResult::DefenderWins) => m.loses_to.push(other),
                None => {}
            }
        }
    } else {
        for attacker in rules.mode.kinds().filter(|&k| moves(k)) {
            match rules.battle(attacker, kind) {
                Some(BattleResult::AttackerWins) => m.loses_to.push(attacker),
                Some(BattleResult::BothRemoved) => m.ties.push(attacker),
                Some(BattleResult::DefenderWins) => m.beats.push(attacker),
                None => {}
            }
        }
    }
    m
}

/// The piece guide for the app's rule set, with a preset switcher.
#[component]
pub fn PieceGuide(#[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let guide_rules = GuideRules::new(rules);
    let rules = guide_rules.signal();
    let mode = Memo::new(move |_| rules.get().mode);
    // A group of the chosen mode's kinds; a group it has none of is left out.
    let groups = move || {
        Group::ALL
            .into_iter()
            .filter_map(|group| {
                let kinds = group.kinds(mode.get());
                (!kinds.is_empty()).then(|| view! { <GroupCards group kinds rules /> })
            })
            .collect_view()
    };
    view! {
        <article class="guide piece-guide" aria-labelledby="piece-guide-title">
            <h2 id="piece-guide-title">{t!(i18n, guide.pieces.title)}</h2>
            <RulesSwitcher rules=guide_rules />
            <p class="guide-intro">{t!(i18n, guide.pieces.intro)}</p>
            <DiagramLegend rules />
            {groups}
        </article>
    }
}

/// One group's heading, note and cards.
#[component]
fn GroupCards(group: Group, kinds: Vec<Kind>, rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let cards = kinds
        .into_iter()
        .map(|kind| view! { <KindCard kind rules /> })
        .collect_view();
    let id = format!("pg-{}", group.key());
    let labelled_by = id.clone();
    view! {
        <section class="pg-group" aria-labelledby=labelled_by data-group=group.key()>
            <h3 id=id>{move || group_title(i18n.get_locale(), group)}</h3>
            <p class="pg-group-note">{move || group_note(i18n.get_locale(), group)}</p>
            <ul class="pg-cards">{cards}</ul>
        </section>
    }
}

/// What the colours of the diagrams mean.
#[component]
fn DiagramLegend(rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let files = move || {
        let shape = rules.get().shape();
        (0..shape.files)
            .filter(|&f| shape.has_bridge(f))
            .map(|f| char::from(b'a' + f).to_string())
            .collect::<Vec<_>>()
            .join(" / ")
    };
    view! {
        <ul class="dg-legend">
            <li><span class="dg-swatch dg-piece" aria-hidden="true"></span>{t!(i18n, guide.diagram.piece)}</li>
            <li><span class="dg-swatch dg-move" aria-hidden="true"></span>{t!(i18n, guide.diagram.moves_to)}</li>
            <li><span class="dg-swatch dg-attack" aria-hidden="true"></span>{t!(i18n, guide.diagram.attack)}</li>
            <li><span class="dg-swatch dg-own" aria-hidden="true"></span>{t!(i18n, guide.diagram.own)}</li>
            <li><span class="dg-swatch dg-enemy" aria-hidden="true"></span>{t!(i18n, guide.diagram.enemy)}</li>
            <li>
                <span class="dg-swatch dg-front-swatch" aria-hidden="true"></span>
                {move || t_string!(i18n, guide.diagram.front, files = files())}
            </li>
        </ul>
    }
}

/// One kind: names, count, what it is for, how it moves and how it fights.
#[component]
fn KindCard(kind: Kind, rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let locale = move || i18n.get_locale();
    let count = move || t_string!(i18n, guide.pieces.count, count = rules.get().count(kind));
    let takes_hq = move || rules.get().takes_hq(kind);
    let gloss = move || gloss(locale(), kind);
    let title_id = format!("pg-{}", kind_key(kind));
    let labelled_by = title_id.clone();
    view! {
        <li class="pg-card" data-kind=kind_key(kind) aria-labelledby=labelled_by>
            <h4 id=title_id class="pg-names">
                <span class="pg-name-ja" lang="ja">{text::kanji(kind)}</span>
                " "
                <span class="pg-name" lang=move || gloss().0.code()>{move || gloss().1}</span>
                <span class="pg-count">{count}</span>
            </h4>
            <p class="pg-about">{move || about(locale(), kind)}</p>
            <p class="pg-modes">{move || used_in(locale(), kind)}</p>
            <MovementDiagram kind rules />
            <p class="pg-moves">
                <strong>{t!(i18n, guide.pieces.moves)}</strong>
                " "
                {move || moves_words(locale(), rules.get(), kind)}
            </p>
            <Show when=takes_hq>
                <p class="pg-hq">{t!(i18n, guide.pieces.takes_hq)}</p>
            </Show>
            {(kind == Kind::Flag).then(|| view! { <FlagNote /> })}
            <Battles kind rules />
        </li>
    }
}

/// Beside the kanji, the name in the reader's language (and that
/// language); a Japanese reader, whose name the kanji is, gets the
/// English one.
fn gloss(locale: Locale, kind: Kind) -> (Locale, &'static str) {
    match locale {
        Locale::ja => (Locale::en, text::english(kind)),
        other => (other, kind_name(other, kind)),
    }
}

/// The modes that play with `kind`, in one line.
fn used_in(locale: Locale, kind: Kind) -> String {
    let modes: Vec<&str> = Mode::ALL
        .into_iter()
        .filter(|m| m.count(kind) > 0)
        .map(|m| crate::text::mode_name(locale, m))
        .collect();
    td_string!(
        locale,
        guide.pieces.used_in,
        modes = modes.join(super::separator(locale))
    )
}

/// The Flag's card's note: it fights as the piece behind it (in the
/// diagram, the one in the headquarters), and alone loses to all.
#[component]
fn FlagNote() -> impl IntoView {
    let i18n = use_i18n();
    let fights_as = super::Diagram::of(Kind::Flag, Rules::KIRAKUKEN)
        .fights_as
        .unwrap_or(Kind::Flag);
    view! {
        <p class="pg-flag">
            {move || {
                let kind = kind_name(i18n.get_locale(), fights_as);
                t_string!(i18n, guide.pieces.flag_fights_as, kind)
            }}
            " "
            {t!(i18n, guide.pieces.flag_alone)}
        </p>
    }
}

/// Whom `kind` beats (a piece that never moves: stops), ties with and
/// loses to (is taken by) under `rules`.
#[component]
fn Battles(kind: Kind, rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let m = Memo::new(move |_| matchups(rules.get(), kind));
    let list = move |f: fn(&Matchups) -> &Vec<Kind>| {
        move || m.with(|m| kind_list(i18n.get_locale(), rules.get(), f(m)))
    };
    let fixed = move || !rules.get().mobility(kind).moves();
    view! {
        <dl class="pg-battles">
            <dt>
                {move || {
                    if fixed() {
                        t_string!(i18n, guide.pieces.stops).to_string()
                    } else {
                        t_string!(i18n, guide.pieces.beats).to_string()
                    }
                }}
            </dt>
            <dd data-list="beats">{list(|m| &m.beats)}</dd>
            <dt>{t!(i18n, guide.pieces.ties)}</dt>
            <dd data-list="ties">{list(|m| &m.ties)}</dd>
            <dt>
                {move || {
                    if fixed() {
                        t_string!(i18n, guide.pieces.taken_by).to_string()
                    } else {
                        t_string!(i18n, guide.pieces.loses_to).to_string()
                    }
                }}
            </dt>
            <dd data-list="loses">{list(|m| &m.loses_to)}</dd>
        </dl>
    }
}

fn group_title(locale: Locale, group: Group) -> String {
    match group {
        Group::GeneralOfficers => td_string!(locale, guide.groups.general_officers),
        Group::FieldOfficers => td_string!(locale, guide.groups.field_officers),
        Group::CompanyOfficers => td_string!(locale, guide.groups.company_officers),
        Group::Special => td_string!(locale, guide.groups.special),
        Group::Fixed => td_string!(locale, guide.groups.fixed),
    }
    .to_string()
}

fn group_note(locale: Locale, group: Group) -> String {
    match group {
        Group::GeneralOfficers => td_string!(locale, guide.groups.general_officers_note),
        Group::FieldOfficers => td_string!(locale, guide.groups.field_officers_note),
        Group::CompanyOfficers => td_string!(locale, guide.groups.company_officers_note),
        Group::Special => td_string!(locale, guide.groups.special_note),
        Group::Fixed => td_string!(locale, guide.groups.fixed_note),
    }
    .to_string()
}

/// How `kind` moves under `rules` (the Missile strikes instead).
fn moves_words(locale: Locale, rules: Rules, kind: Kind) -> String {
    match kind {
        Kind::Missile => td_string!(locale, guide.moves.strike).to_string(),
        _ => movement(locale, rules.mobility(kind)),
    }
}

/// A piece in one line, for its hover and long press on a board: its
/// name, how it moves and whom it beats (a Mine or Flag: whom it stops)
/// under `rules`, all asked of the rules crate like its card here.
pub fn piece_help(locale: Locale, rules: Rules, kind: Kind) -> String {
    let beats = matchups(rules, kind).beats;
    let label = if rules.mobility(kind).moves() {
        td_string!(locale, guide.pieces.beats)
    } else {
        td_string!(locale, guide.pieces.stops)
    };
    td_string!(
        locale,
        guide.pieces.help,
        name = kind_name(locale, kind),
        moves = moves_words(locale, rules, kind),
        label = label,
        kinds = kind_list(locale, rules, &beats)
    )
}

fn movement(locale: Locale, mobility: Mobility) -> String {
    match mobility {
        Mobility::Step => td_string!(locale, guide.moves.step),
        Mobility::Charge => td_string!(locale, guide.moves.charge),
        Mobility::Flight => td_string!(locale, guide.moves.flight),
        Mobility::Slide => td_string!(locale, guide.moves.slide),
        Mobility::Fixed => td_string!(locale, guide.moves.fixed),
        Mobility::Anywhere => td_string!(locale, guide.moves.anywhere),
    }
    .to_string()
}

/// What the kind is for, in words true under every rule option (the
/// option-dependent facts are the computed lists).
fn about(locale: Locale, kind: Kind) -> String {
    match kind {
        Kind::General => td_string!(locale, guide.about.general),
        Kind::LieutenantGeneral => td_string!(locale, guide.about.lieutenant_general),
        Kind::MajorGeneral => td_string!(locale, guide.about.major_general),
        Kind::Plane => td_string!(locale, guide.about.plane),
        Kind::Colonel => td_string!(locale, guide.about.colonel),
        Kind::LieutenantColonel => td_string!(locale, guide.about.lieutenant_colonel),
        Kind::Tank => td_string!(locale, guide.about.tank),
        Kind::Major => td_string!(locale, guide.about.major),
        Kind::Captain => td_string!(locale, guide.about.captain),
        Kind::Cavalry => td_string!(locale, guide.about.cavalry),
        Kind::Lieutenant => td_string!(locale, guide.about.lieutenant),
        Kind::SecondLieutenant => td_string!(locale, guide.about.second_lieutenant),
        Kind::Engineer => td_string!(locale, guide.about.engineer),
        Kind::Spy => td_string!(locale, guide.about.spy),
        Kind::Mine => td_string!(locale, guide.about.mine),
        Kind::Flag => td_string!(locale, guide.about.flag),
        Kind::Marshal => td_string!(locale, guide.about.marshal),
        Kind::Jet => td_string!(locale, guide.about.jet),
        Kind::Artillery => td_string!(locale, guide.about.artillery),
        Kind::Missile => td_string!(locale, guide.about.missile),
        Kind::AtomicBomb => td_string!(locale, guide.about.atomic_bomb),
        Kind::Commodore => td_string!(locale, guide.about.commodore),
        Kind::MilitaryPolice => td_string!(locale, guide.about.military_police),
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_glosses_the_kanji_and_lists_the_modes_of_its_kind() {
        assert_eq!(
            gloss(Locale::ja, Kind::Spy),
            (Locale::en, text::english(Kind::Spy))
        );
        assert_eq!(
            gloss(Locale::th, Kind::Spy),
            (Locale::th, kind_name(Locale::th, Kind::Spy))
        );
        for kind in Kind::ALL {
            let modes = Mode::ALL.into_iter().filter(|m| m.count(kind) > 0);
            let line = used_in(Locale::en, kind);
            assert!(line.starts_with("Used in: "), "{line}");
            assert_eq!(line.matches(", ").count() + 1, modes.count(), "{line}");
        }
    }

    #[test]
    fn a_pieces_help_names_it_and_says_its_moves_and_battles() {
        let spy = piece_help(Locale::en, Rules::KIRAKUKEN, Kind::Spy);
        assert!(spy.starts_with("Spy: "), "{spy}");
        assert!(spy.contains(&movement(Locale::en, Mobility::Step)), "{spy}");
        // The battle table's one win of the Spy: the General.
        assert!(spy.ends_with("Beats: General."), "{spy}");
        let mine = piece_help(Locale::ja, Rules::KIRAKUKEN, Kind::Mine);
        assert!(mine.starts_with("地雷："), "{mine}");
        assert!(
            mine.contains(td_string!(Locale::ja, guide.pieces.stops)),
            "{mine}"
        );
        let missile = piece_help(
            Locale::th,
            Rules {
                mode: Mode::Classic25,
                ..Rules::KIRAKUKEN
            },
            Kind::Missile,
        );
        assert!(
            missile.contains(td_string!(Locale::th, guide.moves.strike)),
            "{missile}"
        );
    }

    #[test]
    fn every_kind_is_in_exactly_one_group() {
        for mode in Mode::ALL {
            let all: Vec<Kind> = Group::ALL.iter().flat_map(|g| g.kinds(mode)).collect();
            assert_eq!(all.len(), mode.kinds().count());
            for kind in mode.kinds() {
                assert_eq!(all.iter().filter(|&&k| k == kind).count(), 1);
            }
        }
    }

    #[test]
    fn matchups_follow_the_rules_crate() {
        let spy = matchups(Rules::KIRAKUKEN, Kind::Spy);
        assert_eq!(spy.beats, [Kind::General]);
        assert_eq!(spy.ties, [Kind::Spy]);
        let tank = matchups(Rules::TRADITIONAL, Kind::Tank);
        assert!(tank.loses_to.contains(&Kind::Engineer));
        assert!(tank.ties.contains(&Kind::Mine));
        let tank = matchups(Rules::KIRAKUKEN, Kind::Tank);
        assert!(tank.beats.contains(&Kind::Engineer));
        assert!(tank.loses_to.contains(&Kind::Colonel));
        assert!(tank.loses_to.contains(&Kind::Mine));
    }

    #[test]
    fn fixed_pieces_are_seen_as_defenders() {
        let mine = matchups(Rules::KIRAKUKEN, Kind::Mine);
        assert_eq!(mine.loses_to, [Kind::Plane, Kind::Engineer]);
        assert_eq!(mine.beats.len(), 12);
        let mine = matchups(Rules::TRADITIONAL, Kind::Mine);
        assert_eq!(mine.ties.len(), 12);
        let flag = matchups(Rules::TRADITIONAL, Kind::Flag);
        assert_eq!(flag.loses_to.len(), 14);
        assert!(flag.beats.is_empty() && flag.ties.is_empty());
    }

    /// Classic 25's Marshal never moves: it is shown as a defender, taken
    /// by an officer and stopping every other attacker.
    #[test]
    fn the_classic_marshal_falls_only_to_an_officer() {
        let rules = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let marshal = matchups(rules, Kind::Marshal);
        assert_eq!(
            marshal.loses_to,
            super::super::how_to_play::hq_takers(Mode::Classic25)
        );
        assert!(marshal.beats.contains(&Kind::Spy) && marshal.beats.contains(&Kind::Jet));
        assert!(marshal.ties.is_empty());
    }

    #[test]
    fn every_pair_is_counted_once() {
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            for kind in Mode::Standard.kinds() {
                let m = matchups(rules, kind);
                let n = m.beats.len() + m.ties.len() + m.loses_to.len();
                assert_eq!(n, if kind.is_movable() { 15 } else { 14 }, "{kind}");
            }
        }
    }
}
