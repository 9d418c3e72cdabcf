//! The tsume page (`#/shogi/tsume`): the day's puzzle first, then any by
//! number or length. The board and hands are the play screen's; a right
//! move is answered from the puzzle's line, a wrong one by the CPU's
//! worker (its best defence), and the player retries. The puzzles are
//! fetched with the page (`tsume.txt`, precached for offline play), never
//! in the first load.

use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use shogi_rules::{Color, Game, Move, Piece, Role, Square};
use shogi_worker_protocol::{Decision, Level};
use wasm_bindgen_futures::JsFuture;

use crate::drag::{DragGhost, Source, Target};
use crate::i18n::*;
use crate::selection::{Mover, Selection};
use crate::shogi::board::{Cells, ShogiBoard};
use crate::shogi::guide::GuideLinks;
use crate::shogi::hand::HandTray;
use crate::shogi::pick::{Picked, choice};
use crate::shogi::piece::Face;
use crate::shogi::play::PromotionChoice;
use crate::shogi::tsume::{Attempt, Puzzle, Stage, TsumeProgress, daily, puzzles};
use crate::state::AppState;
use crate::storage;

/// The puzzles next to the page (copied by Trunk from `assets/`).
const FILE: &str = "tsume.txt";

async fn fetch_puzzles() -> Option<Vec<Puzzle>> {
    let response = JsFuture::from(window().fetch_with_str(FILE)).await.ok()?;
    let response: web_sys::Response = response.unchecked_into();
    let text = response.ok().then(|| response.text().ok()).flatten()?;
    let text = JsFuture::from(text).await.ok()?.as_string()?;
    Some(puzzles(&text)).filter(|p| !p.is_empty())
}

/// Today, in days since 1970 (UTC).
fn today() -> u32 {
    (js_sys::Date::now() / 86_400_000.0) as u32
}

#[component]
pub fn TsumePage() -> impl IntoView {
    let i18n = use_i18n();
    let list = LocalResource::new(fetch_puzzles);
    view! {
        <section class="shogi-tsume" aria-labelledby="tsume-title">
            <h2 id="tsume-title">{t!(i18n, shogi.tsume_title)}</h2>
            <p>{t!(i18n, shogi.tsume_intro)}</p>
            {move || match list.get() {
                None => view! { <p role="status">{t!(i18n, shogi.tsume_loading)}</p> }.into_any(),
                Some(None) => view! { <p role="alert">{t!(i18n, shogi.tsume_unavailable)}</p> }.into_any(),
                Some(Some(puzzles)) => view! { <Puzzles puzzles /> }.into_any(),
            }}
            <GuideLinks />
        </section>
    }
}

/// The player's stored progress; one that does not read is put aside.
fn load_progress(state: &AppState) -> TsumeProgress {
    storage::load::<TsumeProgress>()
        .unwrap_or_else(|problem| {
            state.report(Err(problem));
            None
        })
        .unwrap_or_default()
}

#[component]
fn Puzzles(puzzles: Vec<Puzzle>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let day = today();
    let total = puzzles.len();
    let todays = daily(day, total);
    let puzzles = StoredValue::new(puzzles);
    let index = RwSignal::new(todays);
    let attempt = RwSignal::new(Attempt::new(puzzles.with_value(|p| p[todays].clone())));
    Effect::new(move |_| {
        let i = index.get();
        attempt.set(Attempt::new(puzzles.with_value(|p| p[i].clone())));
    });
    let progress = RwSignal::new(load_progress(&state));
    Effect::new(move |_| {
        if attempt.with(|a| a.stage == Stage::Solved) {
            let is_daily = index.get_untracked() == todays;
            progress.update(|p| attempt.with_untracked(|a| p.solve(&a.puzzle, day, is_daily)));
            state.report(storage::save(&progress.get_untracked()));
        }
    });
    answer_wrong_tries(attempt);
    let lengths = puzzles.with_value(|p| {
        let mut lengths: Vec<usize> = p.iter().map(Puzzle::length).collect();
        lengths.dedup();
        lengths
    });
    let first_of =
        move |plies: usize| puzzles.with_value(|p| p.iter().position(|x| x.length() == plies));
    let solved =
        move |i: usize| puzzles.with_value(|p| progress.with(|g| g.solved.contains(&p[i].id)));
    view! {
        <PuzzleNav index total todays lengths first_of solved progress day />
        <PuzzleStatus attempt index total />
        <PuzzleBoard attempt />
    }
}

/// A wrong try is answered by the CPU's best defence (its top level, which
/// looks for mates first), asked of its worker.
fn answer_wrong_tries(attempt: RwSignal<Attempt>) {
    Effect::new(move |_| {
        let Some((tried, position)) = attempt.with(Attempt::to_answer) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let game = Game::new(position);
            if let Ok(Decision::Move(mv)) = crate::shogi::cpu::decide(Level::Strong, 1, &game).await
            {
                attempt.update(|a| a.answer(tried, mv));
            }
        });
    });
}

#[component]
fn PuzzleNav(
    index: RwSignal<usize>,
    total: usize,
    todays: usize,
    lengths: Vec<usize>,
    first_of: impl Fn(usize) -> Option<usize> + Copy + Send + Sync + 'static,
    solved: impl Fn(usize) -> bool + Copy + Send + Sync + 'static,
    progress: RwSignal<TsumeProgress>,
    day: u32,
) -> impl IntoView {
    let i18n = use_i18n();
    let by_length = lengths
        .into_iter()
        .map(|plies| {
            let go = move |_| {
                if let Some(i) = first_of(plies) {
                    index.set(i);
                }
            };
            view! {
                <button type="button" class="secondary tsume-length" data-plies=plies on:click=go>
                    {plies}
                </button>
            }
        })
        .collect_view();
    let streak = move || {
        let days = progress.with(|p| p.streak_on(day));
        t_string!(i18n, shogi.tsume_streak, days = days).to_string()
    };
    let count = move || {
        let solved = progress.with(|p| p.solved.len());
        t_string!(i18n, shogi.tsume_count, solved = solved, total = total).to_string()
    };
    let mark = move || {
        solved(index.get()).then(|| {
            view! { " · " <strong class="tsume-solved-mark">{t!(i18n, shogi.tsume_solved_mark)}</strong> }
        })
    };
    view! {
        <div class="tsume-nav">
            <button type="button" class="primary tsume-daily" on:click=move |_| index.set(todays)>
                {t!(i18n, shogi.tsume_daily)}
            </button>
            <button
                type="button"
                class="secondary tsume-previous"
                disabled=move || index.get() == 0
                on:click=move |_| index.update(|i| *i -= 1)
            >
                {t!(i18n, shogi.tsume_previous)}
            </button>
            <button
                type="button"
                class="secondary tsume-next"
                disabled=move || index.get() + 1 == total
                on:click=move |_| index.update(|i| *i += 1)
            >
                {t!(i18n, shogi.tsume_next)}
            </button>
            <span role="group" class="tsume-lengths" aria-label=t!(i18n, shogi.tsume_length)>
                {t!(i18n, shogi.tsume_length)} " " {by_length}
            </span>
        </div>
        <p class="tsume-progress">
            {streak} " · " {count} {mark}
        </p>
    }
}

#[component]
fn PuzzleStatus(attempt: RwSignal<Attempt>, index: RwSignal<usize>, total: usize) -> impl IntoView {
    let i18n = use_i18n();
    let task = move || {
        let locale = i18n.get_locale();
        let (plies, attacker) = attempt.with(|a| (a.puzzle.length(), a.puzzle.attacker()));
        let side = match attacker {
            Color::Sente => td_string!(locale, shogi.tsume_sente),
            Color::Gote => td_string!(locale, shogi.tsume_gote),
        };
        let number = td_string!(
            locale,
            shogi.tsume_number,
            n = index.get() + 1,
            total = total
        );
        let task = td_string!(locale, shogi.tsume_task, plies = plies, side = side);
        format!("{number} — {task}")
    };
    let stage = move || {
        let locale = i18n.get_locale();
        match attempt.with(|a| a.stage) {
            Stage::Solving => td_string!(locale, shogi.tsume_your_move),
            Stage::Wrong { answer: None, .. } => td_string!(locale, shogi.tsume_defending),
            Stage::Wrong { .. } => td_string!(locale, shogi.tsume_wrong),
            Stage::Solved => td_string!(locale, shogi.tsume_solved),
        }
    };
    let wrong = move || attempt.with(|a| matches!(a.stage, Stage::Wrong { .. }));
    view! {
        <p class="tsume-task">{task}</p>
        <p
            class="shogi-status tsume-stage"
            role="status"
            aria-live="polite"
            data-stage=move || attempt.with(|a| a.stage.id())
        >
            {stage}
        </p>
        <Show when=wrong>
            <button type="button" class="primary tsume-retry" on:click=move |_| attempt.update(Attempt::retry)>
                {t!(i18n, shogi.tsume_retry)}
            </button>
        </Show>
    }
}

/// What the player may pick up (the attacker's pieces, while solving) and
/// what putting one down plays.
#[derive(Clone, Copy)]
struct Acts {
    attempt: RwSignal<Attempt>,
    promotion: RwSignal<Option<(Move, Move)>>,
}

impl Acts {
    fn play(self, mv: Move) {
        self.promotion.set(None);
        self.attempt.update(|a| a.play(mv));
    }
}

impl Mover for Acts {
    type Square = Square;
    type Tray = Role;
    type Face = Face;

    fn lift(&self, source: Picked) -> Option<Face> {
        if self.promotion.get_untracked().is_some() {
            return None;
        }
        self.attempt.with_untracked(|a| {
            let you = a.puzzle.attacker();
            let position = a.position();
            let piece = match source {
                Source::Square(sq) => position.board().piece_at(sq).filter(|p| p.color == you)?,
                Source::Tray(role) if position.hand(you).count(role) > 0 => Piece::new(you, role),
                Source::Tray(_) => return None,
            };
            (a.stage == Stage::Solving).then_some(Face { piece, you })
        })
    }

    fn put(&self, from: Picked, target: Target<Square>) -> bool {
        let Target::Square(to) = target else {
            return false;
        };
        self.attempt
            .with_untracked(|a| choice(&a.position(), from, to))
            .put(
                |mv| self.play(mv),
                |promote, stay| self.promotion.set(Some((promote, stay))),
            )
    }
}

/// The board as the attempt stands: the pieces, the last move, a king in
/// check, and where the picked piece can go.
fn cells(attempt: &Attempt, picked: Option<Picked>, dragging: bool) -> Cells {
    let position = attempt.position();
    let mut cells = Cells::default();
    for (sq, piece) in position.board().pieces() {
        cells.cell_mut(sq).piece = Some(piece);
    }
    if let Some(mv) = attempt.last_move() {
        for sq in mv.from().into_iter().chain([mv.to()]) {
            cells.cell_mut(sq).last = true;
        }
    }
    if position.is_check() {
        cells.cell_mut(position.king(position.turn())).check = true;
    }
    if let Some(picked) = picked.filter(|_| attempt.stage == Stage::Solving) {
        cells.mark_picked(&position, picked, dragging);
    }
    cells
}

#[component]
fn PuzzleBoard(attempt: RwSignal<Attempt>) -> impl IntoView {
    let i18n = use_i18n();
    let promotion = RwSignal::new(None::<(Move, Move)>);
    let acts = Acts { attempt, promotion };
    let selection = Selection::new(acts);
    let picked = selection.selected;
    let play = move |mv: Move| acts.play(mv);
    let tap = Callback::new(move |sq: Square| {
        selection.tap(Source::Square(sq), Target::Square(sq));
    });
    let press = Callback::new(move |(sq, ev): (Square, web_sys::PointerEvent)| {
        selection.press(Source::Square(sq), &ev)
    });
    let pick_hand = Callback::new(move |role: Role| {
        selection.tap(Source::Tray(role), Target::Tray);
    });
    let press_hand = Callback::new(move |(role, ev): (Role, web_sys::PointerEvent)| {
        selection.press(Source::Tray(role), &ev)
    });
    let board_cells = Memo::new(move |_| {
        let drag = selection.dragging();
        attempt.with(|a| cells(a, drag.or(picked.get()), drag.is_some()))
    });
    let picked_role = Signal::derive(move || match picked.get() {
        Some(Source::Tray(role)) => Some(role),
        _ => None,
    });
    let hand = move |side: Color| Signal::derive(move || attempt.with(|a| a.position().hand(side)));
    let solving = Signal::derive(move || attempt.with(|a| a.stage == Stage::Solving));
    let attacker_name = Signal::derive(move || i18n.get_locale().pages().shogi.tsume_attacker_hand);
    let defender_name = Signal::derive(move || i18n.get_locale().pages().shogi.tsume_defender_hand);
    // Drawn again only for another attacker, not at every move.
    let attacker = Memo::new(move |_| attempt.with(|a| a.puzzle.attacker()));
    let table = move || {
        let you = attacker.get();
        view! {
            <div class="shogi-table" data-bottom=you.to_string().to_lowercase()>
                <HandTray side=!you you name=defender_name mine=false hand=hand(!you) picked=picked_role on_pick=pick_hand on_press=press_hand />
                <div class="shogi-board-wrap">
                    <ShogiBoard cells=board_cells you on_tap=tap on_press=press />
                    <PromotionChoice promotion play />
                </div>
                <HandTray side=you you name=attacker_name mine=solving hand=hand(you) picked=picked_role on_pick=pick_hand on_press=press_hand />
            </div>
        }
    };
    view! {
        {table}
        <DragGhost dragger=selection.dragger />
    }
}
