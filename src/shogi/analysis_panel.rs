//! The analysis under the replay's board: **Analyse** runs the CPU's
//! worker over every position, one request at a time (the page never
//! waits on it, and **Stop** takes effect between two positions), with a
//! progress bar; the win-chance graph, tapped to go to a position; the
//! engine's word on the position shown. The side line's live evaluation
//! ([`LiveEval`]) says the same of the position explored.

use leptos::prelude::*;
use shogi_rules::{Game, Position};
use shogi_worker_protocol::{Eval, Judgement};

use crate::i18n::*;
use crate::shogi::analysis::{Analysis, glyph, mark_id};
use crate::shogi::cpu;
use crate::shogi::import::side_name;
use crate::shogi::moves::written;
use crate::shogi::session::Session;
use crate::shogi::settings::Notation;

/// The graph's drawing size (the SVG scales to the page's width).
const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 60.0;

/// Analyse and Stop, the progress, the graph and the shown position's
/// judgement; `game` is the record analysed, `at` the move shown.
#[component]
pub fn AnalysisPanel(
    analysis: RwSignal<Option<Analysis>>,
    #[prop(into)] game: Signal<Game>,
    at: RwSignal<usize>,
    #[prop(into)] position: Signal<Position>,
    #[prop(into)] notation: Signal<Notation>,
    on_explore: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Wanted: Stop not pressed. Busy: a request on its way.
    let wanted = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let start = move |_| {
        let record = game.with_untracked(Game::record);
        if analysis.with_untracked(|a| a.as_ref().map(Analysis::record) != Some(&record)) {
            analysis.set(Some(Analysis::new(record)));
        }
        wanted.set(true);
        failed.set(false);
        run(analysis, wanted, busy, failed);
    };
    let progress = move || analysis.with(|a| a.as_ref().map_or((0, 1), Analysis::progress));
    let judgement =
        Signal::derive(move || analysis.with(|a| a.as_ref().and_then(|a| a.at(at.get()).cloned())));
    view! {
        <section class="shogi-analysis" aria-label=t!(i18n, shogi.analysis_title)>
            <div class="analysis-actions">
                <Show
                    when=move || wanted.get()
                    fallback=move || view! {
                        <button type="button" class="primary analyse" disabled=move || busy.get() on:click=start>
                            {t!(i18n, shogi.analyse)}
                        </button>
                    }
                >
                    <button type="button" class="secondary analysis-stop" on:click=move |_| wanted.set(false)>
                        {t!(i18n, shogi.analysis_stop)}
                    </button>
                </Show>
                <button type="button" class="secondary explore" on:click=move |_| on_explore.run(())>
                    {t!(i18n, shogi.explore)}
                </button>
            </div>
            <Show when=move || wanted.get()>
                <label class="analysis-progress">
                    <span>{move || { let (done, total) = progress(); td_string!(i18n.get_locale(), shogi.analysis_progress, done = done, total = total) }}</span>
                    <progress max=move || progress().1 value=move || progress().0></progress>
                </label>
            </Show>
            <Show when=move || failed.get()>
                <p class="analysis-failed" role="alert">{t!(i18n, shogi.analysis_failed)}</p>
            </Show>
            <EvalGraph analysis at />
            <JudgementLine judgement position notation />
        </section>
    }
}

/// Asks the worker for the positions not yet judged, one after another,
/// until all are, Stop is pressed, the page is left or the worker cannot
/// answer (the `try_` accesses: the page may be gone when an answer
/// comes).
fn run(
    analysis: RwSignal<Option<Analysis>>,
    wanted: RwSignal<bool>,
    busy: RwSignal<bool>,
    failed: RwSignal<bool>,
) {
    if busy.get_untracked() {
        return;
    }
    busy.set(true);
    leptos::task::spawn_local(async move {
        while wanted.try_get_untracked() == Some(true) {
            let next = analysis.try_with_untracked(|a| {
                let a = a.as_ref()?;
                let ply = a.next()?;
                Some((a.record().clone(), ply, a.before(ply)))
            });
            let Some((record, ply, before)) = next.flatten() else {
                break;
            };
            let Some((judgement, mark)) = cpu::analyse(record.clone(), ply, before).await else {
                failed.try_set(true);
                break;
            };
            analysis.try_update(|a| {
                if let Some(a) = a.as_mut().filter(|a| *a.record() == record) {
                    a.judged(ply, judgement, mark);
                }
            });
        }
        wanted.try_set(false);
        busy.try_set(false);
    });
}

/// Sente's win chance over the game (Sente up, the middle line even), the
/// marked moves as dots, the position shown as a rule; a tap on a move's
/// column shows its position.
#[component]
fn EvalGraph(analysis: RwSignal<Option<Analysis>>, at: RwSignal<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let graph = Memo::new(move |_| analysis.with(|a| a.as_ref().map(|a| a.graph(WIDTH, HEIGHT))));
    let plies = move || analysis.with(|a| a.as_ref().map_or(0, |a| a.marks().len()));
    let x_of = move |ply: usize| ply as f64 * WIDTH / plies().max(1) as f64;
    let columns = move || {
        let step = WIDTH / plies().max(1) as f64;
        (0..=plies())
            .map(|ply| view! {
                <rect class="graph-column" data-ply=ply x=x_of(ply) - step / 2.0 y="0" width=step height=HEIGHT on:click=move |_| at.set(ply) />
            })
            .collect_view()
    };
    let dots = move || {
        graph.get().map(|g| {
            g.marked
                .into_iter()
                .map(|d| view! { <circle class="graph-mark" data-mark=mark_id(d.mark) cx=d.x cy=d.y r="3" /> })
                .collect_view()
        })
    };
    view! {
        <Show when=move || graph.with(Option::is_some)>
            <svg class="eval-graph" viewBox=format!("0 0 {WIDTH} {HEIGHT}") preserveAspectRatio="none" role="img" aria-label=t!(i18n, shogi.analysis_graph)>
                <line class="graph-even" x1="0" y1=HEIGHT / 2.0 x2=WIDTH y2=HEIGHT / 2.0 />
                <polyline class="graph-line" points=move || graph.get().map(|g| g.line).unwrap_or_default() />
                <line class="graph-at" x1=move || x_of(at.get()) y1="0" x2=move || x_of(at.get()) y2=HEIGHT />
                {dots}
                {columns}
            </svg>
        </Show>
    }
}

/// The engine's word on a position: the evaluation or the mate found, and
/// the line it expects.
#[component]
fn JudgementLine(
    judgement: Signal<Option<Judgement>>,
    position: Signal<Position>,
    notation: Signal<Notation>,
) -> impl IntoView {
    let i18n = use_i18n();
    let said = move || {
        let locale = i18n.get_locale();
        let Some(judgement) = judgement.get() else {
            return (
                td_string!(locale, shogi.not_judged).to_owned(),
                String::new(),
            );
        };
        let eval = match judgement.eval {
            Eval::Mate { winner, plies: 0 } => {
                td_string!(locale, shogi.mate_now, side = side_name(locale, winner))
            }
            Eval::Mate { winner, plies } => {
                td_string!(
                    locale,
                    shogi.mate_in,
                    n = plies,
                    side = side_name(locale, winner)
                )
            }
            Eval::Cp(cp) => {
                let chance = (judgement.sente_chance * 100.0).round();
                td_string!(
                    locale,
                    shogi.eval_cp,
                    cp = format!("{cp:+}"),
                    chance = chance
                )
            }
        };
        let mut line = Game::new(position.get());
        let played = judgement
            .pv
            .iter()
            .take_while(|&&mv| line.play(mv).is_ok())
            .count();
        let line = (played > 0).then(|| {
            let moves = written(&line, notation.get()).join(" ");
            td_string!(locale, shogi.best_line, line = moves)
        });
        (eval, line.unwrap_or_default())
    };
    view! {
        <div class="analysis-judgement" aria-live="polite">
            <p class="analysis-eval">{move || said().0}</p>
            <p class="analysis-line" lang=move || (notation.get() == Notation::Japanese).then_some("ja")>{move || said().1}</p>
        </div>
    }
}

/// The engine's word on the side line's position, asked anew after every
/// move played there (an answer for a position left meanwhile is dropped).
#[component]
pub fn LiveEval(
    session: RwSignal<Session>,
    #[prop(into)] notation: Signal<Notation>,
) -> impl IntoView {
    let judged = RwSignal::new(None::<Judgement>);
    Effect::new(move |_| {
        let record = session.with(|s| s.game().record());
        judged.set(None);
        leptos::task::spawn_local(async move {
            let ply = record.moves.len();
            let answer = cpu::analyse(record.clone(), ply, None).await;
            // Still on this position, and the side line not left.
            if session.try_with_untracked(|s| s.game().record()).as_ref() == Some(&record) {
                judged.try_set(answer.map(|(judgement, _)| judgement));
            }
        });
    });
    let position = Signal::derive(move || session.with(|s| s.game().position().clone()));
    view! { <JudgementLine judgement=judged.into() position notation /> }
}

/// The glyph after a marked move in the move list, named for a screen
/// reader.
#[component]
pub fn MoveMark(mark: shogi_worker_protocol::Mark) -> impl IntoView {
    let i18n = use_i18n();
    let name = move || {
        let s = &i18n.get_locale().pages().shogi;
        match mark {
            shogi_worker_protocol::Mark::Inaccuracy => s.mark_inaccuracy,
            shogi_worker_protocol::Mark::Mistake => s.mark_mistake,
            shogi_worker_protocol::Mark::Blunder => s.mark_blunder,
        }
    };
    view! {
        <span class="move-mark" data-mark=mark_id(mark) title=name aria-label=name>
            {glyph(mark)}
        </span>
    }
}
