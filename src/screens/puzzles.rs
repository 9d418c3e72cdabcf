//! `#/puzzles`: "What is this piece?", from the player's reviewed games
//! (`model::puzzle`). The board is the side's own view at that moment,
//! the piece asked about marked; the kinds offered are in rank order, so
//! their order does not tell the likeliest; the record answers.

use gunjin_rules::{Color, Kind, Record};
use leptos::prelude::*;

use crate::board::{Board, PieceRules};
use crate::i18n::*;
use crate::model::puzzle::{At, Puzzle, SavedPuzzles};
use crate::model::review::seen;
use crate::model::tags::Tags;
use crate::route::Route;
use crate::screens::play::game_cells;
use crate::state::{self, AppState};
use crate::storage;
use crate::text::kind_name;

#[component]
pub fn PuzzlesPage() -> impl IntoView {
    let i18n = use_i18n();
    let saved = use_puzzles();
    let at = RwSignal::new(saved.with_untracked(SavedPuzzles::next));
    view! {
        <section class="puzzles" aria-labelledby="puzzles-title">
            <h1 id="puzzles-title">{t!(i18n, review.puzzles_title)}</h1>
            <p>{t!(i18n, review.puzzles_intro)}</p>
            <Score saved />
            {move || match at.get() {
                Some(here) => view! { <PuzzleCard saved at here /> }.into_any(),
                None => view! { <NoPuzzle saved /> }.into_any(),
            }}
        </section>
    }
}

/// The stored puzzles, read when the page opens (a problem reading them
/// is told, and the page starts afresh).
pub fn use_puzzles() -> RwSignal<SavedPuzzles> {
    state::read_told()
}

/// Stores `saved` after a change, telling the player if it could not be.
fn store(saved: RwSignal<SavedPuzzles>) {
    expect_context::<AppState>().report(saved.with_untracked(storage::save));
}

/// Keeps a reviewed game's puzzles with those stored, unless it is kept
/// already.
pub fn keep(link: String, found: Vec<Puzzle>) {
    let saved = use_puzzles();
    if saved.try_update(|s| s.keep(link, found)) == Some(true) {
        store(saved);
    }
}

#[component]
fn Score(saved: RwSignal<SavedPuzzles>) -> impl IntoView {
    let i18n = use_i18n();
    let text = move || {
        let s = saved.with(SavedPuzzles::score);
        t_string!(
            i18n,
            review.puzzles_score,
            answered = s.answered,
            total = s.total,
            right = s.right
        )
        .to_string()
    };
    view! {
        <Show when=move || saved.with(|s| !s.games.is_empty())>
            <p class="puzzles-score" role="status">{text}</p>
        </Show>
    }
}

/// None stored yet, or every one answered.
#[component]
fn NoPuzzle(saved: RwSignal<SavedPuzzles>) -> impl IntoView {
    let i18n = use_i18n();
    let none = saved.with_untracked(|s| s.games.is_empty());
    view! {
        <p class="puzzles-none">
            {move || match none {
                true => t_string!(i18n, review.puzzles_none),
                false => t_string!(i18n, review.puzzles_done),
            }}
        </p>
        <p><a class="button secondary" href=Route::Review.hash()>{t!(i18n, review.open)}</a></p>
    }
}

/// The puzzle `here`: its board, the kinds offered, and once answered
/// the truth and the way on.
#[component]
fn PuzzleCard(saved: RwSignal<SavedPuzzles>, at: RwSignal<Option<At>>, here: At) -> impl IntoView {
    let i18n = use_i18n();
    let (link, puzzle, game) = saved.with_untracked(|s| {
        let (game, puzzle) = s.get(here).expect("a stored puzzle's place");
        (game.link.clone(), puzzle.clone(), game.game())
    });
    let next = move |_| at.set(saved.with_untracked(|s| s.next_after(here)));
    let review = Route::ReviewLink(link).hash();
    let Some((record, replay)) = game else {
        return view! {
            <p role="alert">{t!(i18n, review.puzzle_unreadable)}</p>
            <button type="button" on:click=next>{t!(i18n, review.puzzle_next)}</button>
        }
        .into_any();
    };
    PieceRules::provide(record.rules());
    let answer = puzzle.answer(&replay);
    let chosen = Signal::derive(move || saved.with(|s| s.games[here.game].answers[here.puzzle]));
    let choose = Callback::new(move |kind: Kind| {
        saved.update(|s| s.answer(here, kind));
        store(saved);
    });
    let (ply, side, shape) = (puzzle.ply, puzzle.side, replay.shape());
    let (cells, place) = (puzzle_cells(&record, &puzzle), where_text(i18n, &puzzle));
    let offered = puzzle.clone();
    view! {
        <article class="puzzle" data-ply=ply>
            <p class="puzzle-where">{place}</p>
            <Board cells on_tap=Callback::new(|_| {}) me=side shape />
            <Choices puzzle=offered chosen choose />
            <Show when=move || chosen.get().is_some()>
                <Truth puzzle=puzzle.clone() answer chosen />
                <p class="puzzle-on">
                    <button type="button" on:click=next>{t!(i18n, review.puzzle_next)}</button>
                    <a class="button secondary" href=review.clone()>{t!(i18n, review.puzzle_review)}</a>
                </p>
            </Show>
        </article>
    }
    .into_any()
}

fn where_text(i18n: I18nContext, puzzle: &Puzzle) -> impl Fn() -> String + use<> {
    let (side, ply) = (puzzle.side, puzzle.ply);
    move || match side {
        Color::South => t_string!(i18n, review.puzzle_where_south, ply = ply).to_string(),
        Color::North => t_string!(i18n, review.puzzle_where_north, ply = ply).to_string(),
    }
}

/// The side's board then, the piece asked about selected.
fn puzzle_cells(record: &Record, puzzle: &Puzzle) -> crate::board::Cells {
    let Some(view) = seen(record, puzzle.side, puzzle.ply) else {
        return Default::default();
    };
    let mut cells = game_cells(&view, &Tags::default(), None, None);
    cells.cell_mut(puzzle.square).selected = true;
    cells
}

/// A button for each kind offered, in rank order; spent once answered.
#[component]
fn Choices(puzzle: Puzzle, chosen: Signal<Option<Kind>>, choose: Callback<Kind>) -> impl IntoView {
    let i18n = use_i18n();
    let mut kinds: Vec<Kind> = puzzle.kinds.iter().map(|&(k, _)| k).collect();
    kinds.sort();
    let buttons = kinds
        .into_iter()
        .map(|kind| {
            view! {
                <button
                    type="button"
                    class="secondary"
                    aria-pressed=move || (chosen.get() == Some(kind)).to_string()
                    disabled=move || chosen.get().is_some()
                    on:click=move |_| choose.run(kind)
                >
                    {move || kind_name(i18n.get_locale(), kind)}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="puzzle-choices" role="group" aria-label=t!(i18n, review.puzzle_choices)>
            {buttons}
        </div>
    }
}

/// Right or not, what the piece was, and what the deduction had said.
#[component]
fn Truth(puzzle: Puzzle, answer: Option<Kind>, chosen: Signal<Option<Kind>>) -> impl IntoView {
    let i18n = use_i18n();
    let verdict = move || {
        let locale = i18n.get_locale();
        let (Some(truth), Some(chosen)) = (answer, chosen.get()) else {
            return String::new();
        };
        let kind = kind_name(locale, truth);
        match chosen == truth {
            true => t_string!(i18n, review.puzzle_right, kind = kind).to_string(),
            false => {
                let chosen = kind_name(locale, chosen);
                t_string!(i18n, review.puzzle_wrong, chosen = chosen, kind = kind).to_string()
            }
        }
    };
    let chances = move || {
        let locale = i18n.get_locale();
        let each = puzzle
            .kinds
            .iter()
            .map(|&(k, c)| format!("{} {c}%", kind_name(locale, k)));
        let chances = each.collect::<Vec<_>>().join(", ");
        t_string!(i18n, review.puzzle_chances, chances = chances).to_string()
    };
    let right = move || answer.is_some() && answer == chosen.get();
    view! {
        <p class="puzzle-truth" class:right=right role="status">{verdict}</p>
        <p class="puzzle-chances">{chances}</p>
    }
}
