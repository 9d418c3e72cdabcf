//! The review of a finished game: the last one against the CPU
//! (`#/review`) or any other by its link (`#/review/G…`: a friend's, a
//! table's, a written record's, another browser's). Step through it as
//! South saw it, as North saw it, or with everything shown; in a
//! side's eyes each enemy piece shows what that side could deduce then
//! (the worker works it out move by move from that side's view alone),
//! with the moves that gave the side away and the CPU's marks.

use gunjin_rules::{Color, Record};
use leptos::prelude::*;

use crate::board::{Board, Cells, PieceRules};
use crate::cpu_client;
use crate::cpu_game::CpuGame;
use crate::cpu_protocol::Mark;
use crate::i18n::*;
use crate::model::puzzle::Puzzle;
use crate::model::replay::Replay;
use crate::model::review::{Eyes, Review, seen};
use crate::model::review_link::{Link, LinkError, Reviewed};
use crate::model::tags::Tags;
use crate::route::Route;
use crate::screens::end::{ReplayControls, shown_cells};
use crate::screens::play::{NoGame, game_cells};
use crate::screens::{hints, puzzles};
use crate::state::PLAYER;

/// The stored game, once it is over.
#[component]
pub fn ReviewPage() -> impl IntoView {
    let game = CpuGame::get();
    let record = game.view.with_untracked(|v| {
        let v = v.as_ref()?;
        v.outcome()?;
        v.reveal().cloned()
    });
    match record.and_then(|r| Some((Replay::new(&r)?, r))) {
        Some((replay, record)) => {
            let reviewed = Reviewed {
                record,
                players: Default::default(),
            };
            let link = reviewed.link().data();
            view! { <Reviewing record=reviewed.record replay link sides=&[PLAYER] /> }.into_any()
        }
        None => view! { <NoGame /> }.into_any(),
    }
}

/// The game a review link carries, or why it does not open.
#[component]
pub fn ReviewLinkPage(data: String) -> impl IntoView {
    let link = data.clone();
    let read = Link::read(&data).and_then(|link| Reviewed::from_link(&link));
    let replay = read.and_then(|r| Ok((Replay::new(&r.record).ok_or(LinkError::NotARecord)?, r)));
    match replay {
        Ok((replay, reviewed)) => {
            PieceRules::provide(reviewed.record.rules());
            view! { <Reviewing record=reviewed.record replay link sides=&Color::ALL /> }.into_any()
        }
        Err(error) => view! { <BadLink error /> }.into_any(),
    }
}

/// Why a review link does not open, in one sentence, and a way on.
#[component]
pub fn BadLink(error: LinkError) -> impl IntoView {
    let i18n = use_i18n();
    let why = move || match error {
        LinkError::Garbled => t_string!(i18n, review.link_garbled),
        LinkError::Damaged => t_string!(i18n, review.link_damaged),
        LinkError::NotARecord => t_string!(i18n, review.link_not_record),
    };
    view! {
        <section class="no-game bad-link">
            <p role="alert">{why}</p>
            <p>
                <a class="button" href=Route::Home.hash()>{t!(i18n, common.go_home)}</a>
            </p>
        </section>
    }
}

/// The seed of the CPU's search over the game: fixed, so a review reads
/// the same each time.
const SEED: u64 = 1;

/// Asks the worker for every move's review in turn, until the page goes.
fn ask_all(record: Record, review: RwSignal<Review>) {
    leptos::task::spawn_local(async move {
        for ply in 0..=record.moves.len() {
            let Some(answer) = cpu_client::review(&record, ply as u16, SEED).await else {
                break;
            };
            if review.try_update(|r| r.set(ply, answer)).is_none() {
                break;
            }
        }
    });
}

/// The board at `ply` through `eyes`.
fn cells(record: &Record, replay: &Replay, review: &Review, eyes: Eyes, ply: usize) -> Cells {
    let Eyes::Side(side) = eyes else {
        return shown_cells(replay.frame(ply));
    };
    let Some(view) = seen(record, side, ply) else {
        return Cells::default();
    };
    let mut cells = game_cells(&view, &Tags::default(), None, None);
    if let Some(h) = review.hints(ply, side) {
        hints::label(&mut cells, &view, h);
    }
    cells
}

/// The review of `record`, whose puzzles, seen through the eyes of
/// `sides`, are kept with `link` once it is complete.
#[component]
fn Reviewing(
    record: Record,
    replay: Replay,
    link: String,
    sides: &'static [Color],
) -> impl IntoView {
    let i18n = use_i18n();
    let total = record.moves.len();
    let review = RwSignal::new(Review::new(total));
    ask_all(record.clone(), review);
    let ply = RwSignal::new(0);
    let eyes = RwSignal::new(Eyes::Side(PLAYER));
    let shape = replay.shape();
    let (record, replay) = (StoredValue::new(record), StoredValue::new(replay));
    let board = Signal::derive(move || {
        let (eyes, ply) = (eyes.get(), ply.get());
        review.with(|review| {
            record.with_value(|rec| replay.with_value(|rp| cells(rec, rp, review, eyes, ply)))
        })
    });
    let me = Signal::derive(move || match eyes.get() {
        Eyes::Side(side) => side,
        Eyes::All => PLAYER,
    });
    let side = Signal::derive(move || me.get());
    view! {
        <section class="review" aria-labelledby="review-title">
            <h2 id="review-title">{t!(i18n, review.title)}</h2>
            <Progress review />
            <EyesSwitch eyes />
            <div class="end-layout">
                {move || view! { <Board cells=board on_tap=Callback::new(|_| {}) me=me.get() shape /> }}
                <div class="replay" role="group" aria-labelledby="review-title">
                    <p class="replay-position" aria-live="polite">
                        {move || t_string!(i18n, common.replay_position, ply = ply.get(), total = total).to_string()}
                    </p>
                    <ReplayControls ply total />
                    <GaveAway review side record ply />
                    <Marks review record ply />
                    <PuzzlesFound review record replay link sides />
                    <p class="review-caveat">{t!(i18n, review.caveat)}</p>
                </div>
            </div>
        </section>
    }
}

/// How far the worker has come, while it works.
#[component]
fn Progress(review: RwSignal<Review>) -> impl IntoView {
    let i18n = use_i18n();
    let progress = move || review.with(Review::progress);
    view! {
        <p class="review-progress" role="status">
            {move || {
                let (done, total) = progress();
                if done < total {
                    t_string!(i18n, review.progress, done = done, total = total).to_string()
                } else {
                    t_string!(i18n, review.complete).to_string()
                }
            }}
        </p>
        <progress max=move || progress().1.to_string() value=move || progress().0.to_string() />
    }
}

/// South's eyes, North's, or everything shown.
#[component]
fn EyesSwitch(eyes: RwSignal<Eyes>) -> impl IntoView {
    let i18n = use_i18n();
    let button = move |choice: Eyes, label: String| {
        view! {
            <button
                type="button"
                class="secondary"
                aria-pressed=move || (eyes.get() == choice).to_string()
                on:click=move |_| eyes.set(choice)
            >
                {label}
            </button>
        }
    };
    view! {
        <div class="review-eyes" role="group" aria-label=t!(i18n, review.eyes)>
            {move || {
                [
                    (Eyes::Side(Color::South), t_string!(i18n, review.eyes_south).to_string()),
                    (Eyes::Side(Color::North), t_string!(i18n, review.eyes_north).to_string()),
                    (Eyes::All, t_string!(i18n, review.eyes_all).to_string()),
                ]
                    .into_iter()
                    .map(|(choice, label)| button(choice, label))
                    .collect::<Vec<_>>()
            }}
        </div>
    }
}

/// Hundredths of a bit as "3.1".
fn bits(centibits: i32) -> String {
    format!("{}.{}", centibits / 100, (centibits % 100).abs() / 10)
}

/// The moves that told `side`'s opponent the most, each a way to its ply.
#[component]
fn GaveAway(
    review: RwSignal<Review>,
    side: Signal<Color>,
    record: StoredValue<Record>,
    ply: RwSignal<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let items = move || {
        let told = review.with(|r| r.gave_away(side.get(), 5));
        told.into_iter()
            .map(|(at, centibits)| {
                let mv = record.with_value(|r| r.moves[at - 1].to_string());
                let text = t_string!(i18n, review.told, ply = at, mv = mv, bits = bits(centibits));
                view! {
                    <li><button type="button" class="link" on:click=move |_| ply.set(at)>{text.to_string()}</button></li>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="review-gave-away">
            <h3>
                {move || match side.get() {
                    Color::South => t_string!(i18n, review.gave_away_south),
                    Color::North => t_string!(i18n, review.gave_away_north),
                }}
            </h3>
            <ol>{items}</ol>
        </section>
    }
}

/// The CPU's marks on the moves played, each a way to its ply.
#[component]
fn Marks(
    review: RwSignal<Review>,
    record: StoredValue<Record>,
    ply: RwSignal<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let items = move || {
        review
            .with(Review::marks)
            .into_iter()
            .map(|(at, mark)| {
                let mark = match mark {
                    Mark::Inaccuracy => t_string!(i18n, review.inaccuracy),
                    Mark::Mistake => t_string!(i18n, review.mistake),
                    Mark::Blunder => t_string!(i18n, review.blunder),
                };
                let mv = record.with_value(|r| r.moves[at - 1].to_string());
                let best = review.with(|r| r.best(at)).map(|m| m.to_string()).unwrap_or_default();
                let text = t_string!(i18n, review.marked, ply = at, mv = mv, mark = mark, best = best);
                view! {
                    <li><button type="button" class="link" on:click=move |_| ply.set(at)>{text.to_string()}</button></li>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="review-marks">
            <h3>{t!(i18n, review.marks)}</h3>
            <ol>{items}</ol>
        </section>
    }
}

/// Once the review is complete, its puzzles kept (`#/puzzles`) and a way
/// to them.
#[component]
fn PuzzlesFound(
    review: RwSignal<Review>,
    record: StoredValue<Record>,
    replay: StoredValue<Replay>,
    link: String,
    sides: &'static [Color],
) -> impl IntoView {
    let i18n = use_i18n();
    let found = Memo::new(move |_| {
        let (done, total) = review.with(Review::progress);
        (done == total).then(|| {
            review.with(|r| {
                record.with_value(|rec| replay.with_value(|rp| Puzzle::find(rec, rp, r, sides)))
            })
        })
    });
    let link = StoredValue::new(link);
    Effect::new(move || {
        if let Some(found) = found.get() {
            puzzles::keep(link.get_value(), found);
        }
    });
    let count = move || found.with(|f| f.as_ref().map_or(0, Vec::len));
    view! {
        <Show when=move || { count() > 0 }>
            <section class="review-puzzles">
                <h3>{t!(i18n, review.puzzles_title)}</h3>
                <p>{move || t_string!(i18n, review.puzzles_found, count = count()).to_string()}</p>
                <a class="button" href=Route::Puzzles.hash()>{t!(i18n, review.puzzles_open)}</a>
            </section>
        </Show>
    }
}
