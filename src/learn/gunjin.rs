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

#[component]
pub fn GunjinTask(
    lesson: RwSignal<Lesson>,
    reveal: bool,
    answer: Callback<Verdict>,
    /// A question's board: nothing to move.
    #[prop(optional)]
    still: bool,
) -> impl IntoView {
    let i18n = use_i18n();
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
    let play = move |mv: Move| {
        picked.set(None);
        bomb.set(None);
        if let Some(verdict) = lesson.try_update(|l| l.try_gunjin(mv)) {
            answer.run(verdict);
        }
    };
    let on_tap = Callback::new(move |sq: Square| {
        if still {
            return;
        }
        let (own, action) = lesson.with_untracked(|l| {
            let Some(game) = game(l) else {
                return (false, None);
            };
            let own = game
                .position()
                .board()
                .piece_at(sq)
                .is_some_and(|p| p.color == Color::South);
            let action = picked
                .get_untracked()
                .map(|from| (from, game.view(Color::South).action(from, sq)));
            (own, action)
        });
        match action {
            _ if own => picked.set((picked.get_untracked() != Some(sq)).then_some(sq)),
            Some((_, Ok(Action::Step(mv)))) => play(mv),
            Some((
                _,
                Ok(Action::Strike {
                    plain,
                    with_bomb: Some(carried),
                }),
            )) => bomb.set(Some((plain, carried))),
            Some((_, Ok(Action::Strike { plain, .. }))) => play(plain),
            Some((from, Err(_))) => play(Move::step(from, sq)),
            None => {}
        }
    });
    let log =
        move || {
            let locale = i18n.get_locale();
            lesson.with(|l| game(l).map(|g| entries(&g.view(Color::South))).unwrap_or_default())
            .iter()
            .map(|e| view! { <li>{entry_text(locale, e, Color::South, Names::against(None))}</li> })
            .collect_view()
        };
    view! {
        {shape.map(|shape| view! { <Board cells on_tap shape /> })}
        <Show when=move || bomb.get().is_some()>
            <div class="lesson-bomb">
                <button type="button" class="primary" on:click=move |_| { if let Some((_, m)) = bomb.get_untracked() { play(m) } }>
                    {t!(i18n, common.strike_with_bomb)}
                </button>
                <button type="button" class="secondary" on:click=move |_| { if let Some((m, _)) = bomb.get_untracked() { play(m) } }>
                    {t!(i18n, common.strike_without_bomb)}
                </button>
            </div>
        </Show>
        <ol class="lesson-log">{log}</ol>
    }
}
