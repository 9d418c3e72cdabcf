//! A Shogi piece as the Gunjin pieces are drawn: a pentagon pointing at
//! the enemy, with its kanji, or (the international set, for readers of no
//! kanji) its Western letter and a dot for each square it steps to, a line
//! for each way it slides; promoted pieces in red, the letter after a "+".
//! Hovering names the piece and how it moves; a long press shows it
//! (`long_press`, shared with the Gunjin pieces).

use leptos::prelude::*;
use shogi_rules::{Color, Piece, Role};

use crate::i18n::*;
use crate::long_press::{LongPress, PieceAbout};
use crate::shogi::guide::{moves_text, reach};
use crate::shogi::labels::{kanji, role_label};
use crate::shogi::settings::PieceSet;
use crate::state::AppState;

/// A piece as the player sees it: the far side's pieces point down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    pub piece: Piece,
    pub you: Color,
}

/// One move of a piece as the international face draws it, across and
/// down as the piece points up (`-1` down is forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// One square that way.
    Step(i8, i8),
    /// Any number of squares that way.
    Slide(i8, i8),
    /// A jump to that square (the knight's).
    Jump(i8, i8),
}

/// The marks of `role`, from the rules' reach from the middle of an empty
/// board: a square two away in a line is a slide, off a line a jump.
pub fn marks(role: Role) -> Vec<Mark> {
    let reach = reach(role);
    let centre = crate::shogi::guide::centre();
    let reaches = |files: i8, ranks: i8| {
        centre
            .offset(files, ranks)
            .is_some_and(|sq| reach.contains(sq))
    };
    let mut marks = Vec::new();
    for ranks in -2..=2i8 {
        for files in -2..=2i8 {
            let far = files.abs().max(ranks.abs()) == 2;
            let in_line = files == 0 || ranks == 0 || files.abs() == ranks.abs();
            if (files, ranks) == (0, 0) || !reaches(files, ranks) {
                continue;
            }
            marks.push(match (far, in_line) {
                (true, true) => Mark::Slide(-files / 2, ranks / 2),
                (true, false) => Mark::Jump(-files, ranks),
                // A slide draws its first square too.
                (false, _) if reaches(files * 2, ranks * 2) => continue,
                (false, _) => Mark::Step(-files, ranks),
            });
        }
    }
    marks
}

/// The piece's letter: `R`, or `+R` promoted.
fn letter(role: Role) -> String {
    let sign = if role.is_promoted() { "+" } else { "" };
    format!("{sign}{}", role.sfen_letter())
}

/// The international face: the letter in the middle, the marks around.
fn international(role: Role) -> impl IntoView {
    // Where a mark one square away goes, in a 100 × 100 piece.
    let at = |x: i8, y: i8, r: f32| (50.0 + f32::from(x) * r, 58.0 + f32::from(y) * r);
    let marks = marks(role)
        .into_iter()
        .map(|mark| match mark {
            Mark::Step(x, y) | Mark::Jump(x, y) => {
                let (cx, cy) = if matches!(mark, Mark::Jump(..)) {
                    at(x, y, 22.0)
                } else {
                    at(x, y, 36.0)
                };
                view! { <circle cx=cx cy=cy r="5" /> }.into_any()
            }
            Mark::Slide(x, y) => {
                let ((x1, y1), (x2, y2)) = (at(x, y, 26.0), at(x, y, 44.0));
                view! { <line x1=x1 y1=y1 x2=x2 y2=y2 /> }.into_any()
            }
        })
        .collect_view();
    view! {
        <svg class="intl" viewBox="0 0 100 100" fill="currentColor">
            {marks}
            <text x="50" y="60" class:promoted=role.is_promoted()>
                {letter(role)}
            </text>
        </svg>
    }
}

/// `offset`: the piece slides in from that many squares across and down
/// (a move just made by the other side).
#[component]
pub fn ShogiPiece(face: Face, #[prop(default = None)] offset: Option<(i16, i16)>) -> impl IntoView {
    let i18n = use_i18n();
    let settings = expect_context::<AppState>().shogi;
    let set = Memo::new(move |_| settings.with(|s| s.piece_set(i18n.get_locale())));
    let role = face.piece.role;
    let kanji = kanji(role);
    let slide = offset.map(|(dx, dy)| format!(";--dx:{dx};--dy:{dy}"));
    let about = move || {
        let locale = i18n.get_locale();
        format!("{}: {}", role_label(locale, role), moves_text(locale, role))
    };
    let press = LongPress::default();
    view! {
        <span
            class="piece shogi-piece"
            class:north=face.piece.color != face.you
            class:promoted=role.is_promoted()
            class:arrive=offset.is_some()
            data-set=move || set.get().id()
            style=format!("--chars:{}{}", kanji.chars().count(), slide.unwrap_or_default())
            title=about
            aria-hidden="true"
            {..press.on()}
        >
            <span class="kanji" lang="ja">
                {move || match set.get() {
                    PieceSet::Kanji => kanji.into_any(),
                    PieceSet::International => international(role).into_any(),
                }}
            </span>
        </span>
        <PieceAbout press about=Signal::derive(about) />
    }
}

impl crate::drag::Ghost for Face {
    fn ghost(self) -> AnyView {
        view! { <ShogiPiece face=self /> }.into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_are_the_rules_moves() {
        assert_eq!(marks(Role::Pawn), [Mark::Step(0, -1)]);
        let knight = marks(Role::Knight);
        assert_eq!(knight.len(), 2);
        assert!(knight.contains(&Mark::Jump(-1, -2)) && knight.contains(&Mark::Jump(1, -2)));
        assert_eq!(marks(Role::Lance), [Mark::Slide(0, -1)]);
        let rook = marks(Role::Rook);
        assert_eq!(rook.len(), 4);
        assert!(rook.iter().all(|m| matches!(m, Mark::Slide(..))));
        let dragon = marks(Role::Dragon);
        assert_eq!(
            dragon
                .iter()
                .filter(|m| matches!(m, Mark::Step(..)))
                .count(),
            4
        );
        assert_eq!(
            dragon
                .iter()
                .filter(|m| matches!(m, Mark::Slide(..)))
                .count(),
            4
        );
        assert_eq!(marks(Role::Gold).len(), 6);
        assert_eq!(marks(Role::Tokin), marks(Role::Gold));
        assert_eq!(marks(Role::King).len(), 8);
        // The silver's two backward steps are diagonal.
        assert!(marks(Role::Silver).contains(&Mark::Step(1, 1)));
        assert!(!marks(Role::Silver).contains(&Mark::Step(0, 1)));
    }

    #[test]
    fn promoted_letters_carry_a_plus() {
        assert_eq!(letter(Role::Rook), "R");
        assert_eq!(letter(Role::Dragon), "+R");
        assert_eq!(letter(Role::Tokin), "+P");
        assert_eq!(letter(Role::King), "K");
    }
}
