//! Shogi's guides: how to play, and the pieces with their moves. Where a
//! piece can go is asked of the rules crate ([`attacks`] from 5e of an
//! empty board), as are the numbers the rules text quotes (the impasse
//! points, the move limit); this module only chooses words and layout.

use leptos::prelude::*;
use shogi_rules::attacks::attacks;
use shogi_rules::{
    Bitboard, Color, DECLARATION_PIECES, Handicap, MOVE_LIMIT, REPETITION_LIMIT, Role, Square,
    declaration_points,
};

use crate::i18n::*;
use crate::route::{Route, ShogiPage};
use crate::shogi::home::handicap_name;
use crate::shogi::labels::{kanji, role_label};

/// The square every diagram puts its piece on: the middle of the board.
const CENTRE: (u8, u8) = (5, 5);

/// The pieces as a player meets them: the King, then the major and minor
/// pieces, each with what it becomes on promotion.
const PIECES: [Role; 8] = [
    Role::King,
    Role::Rook,
    Role::Bishop,
    Role::Gold,
    Role::Silver,
    Role::Knight,
    Role::Lance,
    Role::Pawn,
];

/// The square every diagram shows its piece on.
pub(crate) fn centre() -> Square {
    Square::new(CENTRE.0, CENTRE.1).unwrap_or(Square::ALL[40])
}

/// Every square a Sente `role` on the centre of an empty board reaches.
pub fn reach(role: Role) -> Bitboard {
    attacks(Color::Sente, role, centre(), Bitboard::EMPTY)
}

/// How a piece moves, in a sentence.
pub(crate) fn moves_text(locale: Locale, role: Role) -> &'static str {
    let s = &locale.pages().guide.shogi;
    match role {
        Role::King => s.move_king,
        Role::Rook => s.move_rook,
        Role::Bishop => s.move_bishop,
        Role::Gold => s.move_gold,
        Role::Silver => s.move_silver,
        Role::Knight => s.move_knight,
        Role::Lance => s.move_lance,
        Role::Pawn => s.move_pawn,
        Role::Dragon => s.move_dragon,
        Role::Horse => s.move_horse,
        Role::Tokin | Role::PromotedSilver | Role::PromotedKnight | Role::PromotedLance => {
            s.move_as_gold
        }
    }
}

/// The links to both guides, for the Shogi home section and play screen.
#[component]
pub fn GuideLinks() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <nav class="guide-links shogi-guide-links" aria-label=t!(i18n, shogi_home.guide_links)>
            <a href=Route::Shogi(ShogiPage::GuideHow).hash()>{t!(i18n, shogi_home.guide_how)}</a>
            <a href=Route::Shogi(ShogiPage::GuidePieces).hash()>
                {t!(i18n, shogi_home.guide_pieces)}
            </a>
            <a href=Route::Shogi(ShogiPage::Tsume).hash()>{t!(i18n, shogi_home.tsume)}</a>
        </nav>
    }
}

/// A small empty board with `role` on 5e and every square it reaches
/// marked; the sentence beside it says the same in words.
#[component]
fn ReachDiagram(role: Role) -> impl IntoView {
    let reach = reach(role);
    let from = centre();
    let squares = (1..=9)
        .flat_map(|rank| (1..=9).rev().map(move |file| Square::new(file, rank)))
        .flatten()
        .map(|sq| {
            let class = if sq == from {
                "sg-square sg-piece"
            } else if reach.contains(sq) {
                "sg-square sg-reach"
            } else {
                "sg-square"
            };
            view! {
                <span class=class data-square=sq.to_string()>
                    {(sq == from).then(|| kanji(role))}
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="sg-board" aria-hidden="true" lang="ja">
            {squares}
        </div>
    }
}

/// One piece: its names, its moves drawn and said, and its promotion.
#[component]
fn PieceCard(role: Role) -> impl IntoView {
    let i18n = use_i18n();
    let locale = move || i18n.get_locale();
    let promoted = role.promoted();
    let promotion = move || match promoted {
        Some(p) => t_string!(
            i18n,
            guide.shogi.promotes_to,
            piece = format!("{} ({})", role_label(locale(), p), kanji(p))
        ),
        None => t_string!(i18n, guide.shogi.never_promotes).to_string(),
    };
    view! {
        <li class="sg-card" data-role=format!("{role:?}")>
            <h3>
                {move || role_label(locale(), role)} " " <span lang="ja">{kanji(role)}</span>
            </h3>
            <div class="sg-diagrams">
                <figure data-role=format!("{role:?}")>
                    <ReachDiagram role />
                    <figcaption>{move || moves_text(locale(), role)}</figcaption>
                </figure>
                {promoted
                    .map(|p| {
                        view! {
                            <figure class="sg-promoted" data-role=format!("{p:?}")>
                                <ReachDiagram role=p />
                                <figcaption>
                                    <strong>
                                        {move || role_label(locale(), p)} " " <span lang="ja">{kanji(p)}</span>
                                    </strong>
                                    ": "
                                    {move || moves_text(locale(), p)}
                                </figcaption>
                            </figure>
                        }
                    })}
            </div>
            <p class="sg-promotion">{promotion}</p>
        </li>
    }
}

/// Every piece with its moves and its promotion.
#[component]
pub fn ShogiPieceGuide() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <article class="guide shogi-guide" aria-labelledby="sg-pieces-title">
            <h2 id="sg-pieces-title">{t!(i18n, shogi_home.guide_pieces)}</h2>
            <p class="guide-intro">{t!(i18n, guide.shogi.pieces_intro)}</p>
            <ul class="sg-cards">
                {PIECES.into_iter().map(|role| view! { <PieceCard role /> }).collect_view()}
            </ul>
            <GuideLinks />
        </article>
    }
}

/// The rules of Shogi as this parlour plays them, in plain words.
#[component]
pub fn ShogiHowToPlay() -> impl IntoView {
    let i18n = use_i18n();
    let sente = declaration_points(Color::Sente);
    let gote = declaration_points(Color::Gote);
    let pieces = DECLARATION_PIECES;
    let limit = MOVE_LIMIT;
    let repetition = REPETITION_LIMIT;
    let handicaps = move || {
        let locale = i18n.get_locale();
        let names: Vec<&str> = Handicap::ALL
            .into_iter()
            .filter(|&h| h != Handicap::Even)
            .map(|h| handicap_name(locale, h))
            .collect();
        names.join(td_string!(locale, guide.shogi.list_separator))
    };
    view! {
        <article class="guide shogi-guide" aria-labelledby="sg-how-title">
            <h2 id="sg-how-title">{t!(i18n, shogi_home.guide_how)}</h2>
            <p class="guide-intro">{t!(i18n, guide.shogi.how_intro)}</p>
            <section aria-labelledby="sg-aim">
                <h3 id="sg-aim">{t!(i18n, guide.shogi.aim_title)}</h3>
                <p>{t!(i18n, guide.shogi.aim)}</p>
            </section>
            <section aria-labelledby="sg-board">
                <h3 id="sg-board">{t!(i18n, guide.shogi.board_title)}</h3>
                <p>{t!(i18n, guide.shogi.board)}</p>
            </section>
            <section aria-labelledby="sg-drops">
                <h3 id="sg-drops">{t!(i18n, guide.shogi.drops_title)}</h3>
                <p>{t!(i18n, guide.shogi.drops)}</p>
                <ul>
                    <li>{t!(i18n, guide.shogi.drop_dead)}</li>
                    <li>{t!(i18n, guide.shogi.drop_nifu)}</li>
                    <li>{t!(i18n, guide.shogi.drop_mate)}</li>
                </ul>
            </section>
            <section aria-labelledby="sg-promotion">
                <h3 id="sg-promotion">{t!(i18n, guide.shogi.promotion_title)}</h3>
                <p>{t!(i18n, guide.shogi.promotion)}</p>
                <p>{t!(i18n, guide.shogi.promotion_forced)}</p>
            </section>
            <section aria-labelledby="sg-end">
                <h3 id="sg-end">{t!(i18n, guide.shogi.end_title)}</h3>
                <ul>
                    <li>{t!(i18n, guide.shogi.end_mate)}</li>
                    <li>{move || t_string!(i18n, guide.shogi.end_repetition, repetition)}</li>
                    <li>{move || t_string!(i18n, guide.shogi.end_impasse, pieces, sente, gote)}</li>
                    <li>{move || t_string!(i18n, guide.shogi.end_limit, limit)}</li>
                    <li>{t!(i18n, guide.shogi.end_resign)}</li>
                </ul>
            </section>
            <section aria-labelledby="sg-handicaps">
                <h3 id="sg-handicaps">{t!(i18n, guide.shogi.handicaps_title)}</h3>
                <p>{t!(i18n, guide.shogi.handicaps)}</p>
                <p class="sg-handicaps">{handicaps}</p>
            </section>
            <GuideLinks />
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(names: &[&str]) -> Bitboard {
        names.iter().map(|n| n.parse::<Square>().unwrap()).collect()
    }

    #[test]
    fn the_diagrams_show_the_rules_moves() {
        assert_eq!(reach(Role::Pawn), squares(&["5d"]));
        assert_eq!(reach(Role::Knight), squares(&["4c", "6c"]));
        assert_eq!(reach(Role::Lance), squares(&["5a", "5b", "5c", "5d"]));
        assert_eq!(reach(Role::King).count(), 8);
        assert_eq!(reach(Role::Gold).count(), 6);
        assert_eq!(reach(Role::Silver).count(), 5);
        assert_eq!(reach(Role::Rook).count(), 16);
        assert_eq!(reach(Role::Bishop).count(), 16);
        // A Dragon adds the diagonal steps to the Rook, a Horse the
        // orthogonal ones to the Bishop; the small pieces move as a Gold.
        assert_eq!(reach(Role::Dragon), reach(Role::Rook) | reach(Role::King));
        assert_eq!(reach(Role::Horse), reach(Role::Bishop) | reach(Role::King));
        for role in [
            Role::Tokin,
            Role::PromotedSilver,
            Role::PromotedKnight,
            Role::PromotedLance,
        ] {
            assert_eq!(reach(role), reach(Role::Gold), "{role:?}");
        }
    }

    #[test]
    fn every_piece_and_its_promotion_is_in_the_guide() {
        let shown: Vec<Role> = PIECES
            .into_iter()
            .flat_map(|r| core::iter::once(r).chain(r.promoted()))
            .collect();
        for role in Role::ALL {
            assert!(shown.contains(&role), "{role:?}");
        }
    }

    #[test]
    fn every_piece_has_words_in_every_language() {
        for role in Role::ALL {
            let texts = Locale::ALL.map(|locale| moves_text(locale, role));
            for (i, text) in texts.iter().enumerate() {
                assert!(!texts[i + 1..].contains(text), "{role:?}: {text}");
            }
        }
    }
}
