//! A Gunjin step's board: South's pieces face up, North's as backs unless
//! the step reveals them (Classic 25's Marshal is face-up anyway). Tap a
//! piece, then a node: the try goes to the lesson, legal or not, so that a
//! wrong one is explained; a Missile next to the bomb asks whether to
//! carry it. The referee's announcements are shown as in a game.

use gunjin_rules::{Action, Color, Game, Kind, Move, Square};
use leptos::prelude::*;
use lessons::{Board as LessonBoard, Lesson, Verdict};

use crate::board::{Board, Cells, Face, Mark};
use crate::i18n::*;
use crate::model::log::entries;
use crate::screens::play::{Names, entry_text};

/// The step's game, when it has one (a question's position may not).
fn game(lesson: &Lesson) -> Option<&Game> {
    match lesson.board() {
        LessonBoard::Gunjin(game) => Some(game),
        _ => None,
    }
}

/// What each node shows, with the picked piece's reach marked.
fn cells(game: &Game, picked: Option<Square>, reveal: bool) -> Cells {
    let mut cells = Cells::default();
    let position = game.position();
    let board = position.board();
    for color in Color::ALL {
        for (sq, piece) in board.pieces(color) {
            let kind = piece.kind;
            cells.cell_mut(sq).face = Some(match color {
                Color::South => Face::Own(kind),
                _ if reveal || kind == Kind::Marshal => Face::Shown { side: color, kind },
                _ => Face::Enemy {
                    id: piece.id,
                    guess: None,
                },
            });
        }
    }
    if let Some(last) = game.history().last() {
        for sq in [last.mv.from(), last.mv.to()] {
            cells.cell_mut(sq).last = Some(last.side);
        }
    }
    if let Some(from) = picked {
        cells.cell_mut(from).selected = true;
        let enemies = board.occupied(Color::North);
        for to in position.destinations(from) {
            cells.cell_mut(to).mark = if enemies.contains(to) {
                Mark::Attack
            } else {
                Mark::Move
            };
        }
        for to in game.view(Color::South).strike_targets(from) {
            cells.cell_mut(to).mark = Mark::Strike;
        }
    }
    cells
}

/// What a tap on a node does in a step's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tap {
    /// Picks up the own piece tapped, or puts the picked one down (none).
    Pick(Option<Square>),
    /// Tries a move, legal or not: the lesson explains a wrong one.
    Play(Move),
    /// A Missile next to the bomb: asks whether to carry it (the strike
    /// without, then with).
    AskBomb(Move, Move),
    /// Nothing picked, nothing to do.
    Nothing,
}

/// What a tap on `sq` does in `game`, with the piece on `picked` picked
/// up (South's, the player's).
fn tap(game: &Game, picked: Option<Square>, sq: Square) -> Tap {
    let own = game
        .position()
        .board()
        .piece_at(sq)
        .is_some_and(|p| p.color == Color::South);
    if own {
        return Tap::Pick((picked != Some(sq)).then_some(sq));
    }
    let Some(from) = picked else {
        return Tap::Nothing;
    };
    match game.view(Color::South).action(from, sq) {
        Ok(Action::Step(mv)) => Tap::Play(mv),
        Ok(Action::Strike {
            plain,
            with_bomb: Some(carried),
        }) => Tap::AskBomb(plain, carried),
        Ok(Action::Strike { plain, .. }) => Tap::Play(plain),
        Err(_) => Tap::Play(Move::step(from, sq)),
    }
}

#[component]
pub fn GunjinTask(
    lesson: RwSignal<Lesson>,
    reveal: bool,
    answer: Callback<Verdict>,
    /// A question's board: nothing to move.
    #[prop(optional)]
    still: bool,
) -> impl IntoView {
    let picked = RwSignal::new(None::<Square>);
    let bomb = RwSignal::new(None::<(Move, Move)>);
    let shape = lesson.with_untracked(|l| game(l).map(|g| g.rules().shape()));
    let cells = Signal::derive(move || {
        lesson.with(|l| {
            game(l)
                .map(|g| cells(g, picked.get(), reveal))
                .unwrap_or_default()
        })
    });
    let play = Callback::new(move |mv: Move| {
        picked.set(None);
        bomb.set(None);
        if let Some(verdict) = lesson.try_update(|l| l.try_gunjin(mv)) {
            answer.run(verdict);
        }
    });
    let on_tap = Callback::new(move |sq: Square| {
        if still {
            return;
        }
        let picked_now = picked.get_untracked();
        match lesson.with_untracked(|l| game(l).map_or(Tap::Nothing, |g| tap(g, picked_now, sq))) {
            Tap::Pick(square) => picked.set(square),
            Tap::Play(mv) => play.run(mv),
            Tap::AskBomb(plain, carried) => bomb.set(Some((plain, carried))),
            Tap::Nothing => {}
        }
    });
    view! {
        {shape.map(|shape| view! { <Board cells on_tap shape /> })}
        <BombChoice bomb play />
        <LessonLog lesson />
    }
}

/// The question a Missile next to the bomb asks: strike with it or
/// without (`bomb` holds the strike without, then with).
#[component]
fn BombChoice(bomb: RwSignal<Option<(Move, Move)>>, play: Callback<Move>) -> impl IntoView {
    let i18n = use_i18n();
    let choose = move |with: bool| {
        if let Some((plain, carried)) = bomb.get_untracked() {
            play.run(if with { carried } else { plain });
        }
    };
    view! {
        <Show when=move || bomb.get().is_some()>
            <div class="lesson-bomb">
                <button type="button" class="primary" on:click=move |_| choose(true)>
                    {t!(i18n, common.strike_with_bomb)}
                </button>
                <button type="button" class="secondary" on:click=move |_| choose(false)>
                    {t!(i18n, common.strike_without_bomb)}
                </button>
            </div>
        </Show>
    }
}

/// The referee's announcements of the step's game, as in a game's log.
#[component]
fn LessonLog(lesson: RwSignal<Lesson>) -> impl IntoView {
    let i18n = use_i18n();
    let log =
        move || {
            let locale = i18n.get_locale();
            lesson
            .with(|l| game(l).map(|g| entries(&g.view(Color::South))).unwrap_or_default())
            .iter()
            .map(|e| view! { <li>{entry_text(locale, e, Color::South, Names::against(None))}</li> })
            .collect_view()
        };
    view! { <ol class="lesson-log">{log}</ol> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tap_picks_an_own_piece_then_tries_a_move_right_or_wrong() {
        // South's General on e5; North's Spy on d5 guards its Marshal.
        let game =
            Game::from_position("c25-htsrf e2k3/3yG4/9/9/9/2EK3 s".parse().unwrap()).unwrap();
        let sq = |name: &str| game.rules().shape().parse_square(name).unwrap();
        assert_eq!(tap(&game, None, sq("e5")), Tap::Pick(Some(sq("e5"))));
        assert_eq!(tap(&game, Some(sq("e5")), sq("e5")), Tap::Pick(None));
        assert_eq!(tap(&game, None, sq("e4")), Tap::Nothing);
        assert_eq!(
            tap(&game, Some(sq("e5")), sq("e4")),
            Tap::Play("e5-e4".parse().unwrap())
        );
        // Out of reach: tried all the same, for the lesson to explain.
        assert_eq!(
            tap(&game, Some(sq("e5")), sq("e3")),
            Tap::Play(Move::step(sq("e5"), sq("e3")))
        );
    }
}
