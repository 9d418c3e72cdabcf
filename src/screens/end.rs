use gunjin_rules::{Announcement, ByColor, Color, DrawReason, Outcome, Record, WinReason};
use leptos::html;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

use crate::board::{Board, Cells, Face, PieceRules};
use crate::cpu_game::CpuGame;
use crate::focus::focus_when_shown;
use crate::i18n::*;
use crate::model::log::entries;
use crate::model::replay::{Frame, Replay, Step};
use crate::model::review_link::Reviewed;
use crate::route::{Route, navigate};
use crate::screens::play::{LogList, Names, NoGame, Who, who_moved};
use crate::screens::record_out::RecordOut;
use crate::state::{AppState, PLAYER};
use crate::text;

/// The result, the whole board revealed, and the replay.
#[component]
pub fn End() -> impl IntoView {
    let i18n = use_i18n();
    let game = CpuGame::get();
    move || {
        let finished = game.view.with(|v| {
            v.as_ref()
                .and_then(|v| Some((v.outcome()?, v.reveal()?.clone())))
        });
        match finished {
            Some((outcome, record)) => view! {
                <Result outcome record me=PLAYER opponent=None>
                    <button type="button" class="primary play-again" on:click=move |_| game.play_again()>
                        {t!(i18n, common.play_again)}
                    </button>
                    <button type="button" class="secondary" on:click=move |_| navigate(Route::Setup)>
                        {t!(i18n, common.back_to_setup)}
                    </button>
                    <a class="button secondary review-link" href=Route::Review.hash()>
                        {t!(i18n, review.open)}
                    </a>
                </Result>
            }
            .into_any(),
            None => view! { <NoGame /> }.into_any(),
        }
    }
}

/// Why the game ended, saying whose piece or whose move it was.
fn reason_text(locale: Locale, outcome: Outcome, me: Color, names: Names) -> String {
    let (winner, reason) = match outcome {
        Outcome::Win { winner, reason } => (winner, reason),
        Outcome::Draw { reason } => {
            return match reason {
                DrawReason::NoOfficers => td_string!(locale, common.reason_officers),
                DrawReason::MoveLimit => td_string!(locale, common.reason_limit),
                DrawReason::Repetition => td_string!(locale, common.reason_repetition),
                DrawReason::Agreement => td_string!(locale, common.reason_agreement),
            }
            .to_string();
        }
    };
    let loser = Who::of(!winner, me, names);
    match reason {
        WinReason::HeadquartersTaken { by } => {
            let kind = text::kind_name(locale, by);
            match (Who::of(winner, me, names), loser) {
                (Who::Me, _) => td_string!(locale, common.reason_hq_mine, kind = kind),
                (Who::Cpu, _) => td_string!(locale, common.reason_hq_cpu, kind = kind),
                (Who::Named(name), Who::Named(loser)) => {
                    td_string!(locale, friend.reason_hq, name, kind, loser)
                }
                (Who::Named(name), _) => td_string!(locale, common.reason_hq_them, name, kind),
            }
        }
        WinReason::MarshalTaken { by } => {
            let kind = text::kind_name(locale, by);
            match (Who::of(winner, me, names), loser) {
                (Who::Me, _) => td_string!(locale, common.reason_marshal_mine, kind = kind),
                (Who::Cpu, _) => td_string!(locale, common.reason_marshal_cpu, kind = kind),
                (Who::Named(name), Who::Named(loser)) => {
                    td_string!(locale, friend.reason_marshal, name, kind, loser)
                }
                (Who::Named(name), _) => {
                    td_string!(locale, common.reason_marshal_them, name, kind)
                }
            }
        }
        WinReason::NoLegalMove => match loser {
            Who::Me => td_string!(locale, common.reason_no_move_me).to_string(),
            Who::Cpu => td_string!(locale, common.reason_no_move_cpu).to_string(),
            Who::Named(name) => td_string!(locale, common.reason_no_move_them, name = name),
        },
        WinReason::Resignation => match loser {
            Who::Me => td_string!(locale, common.reason_resign_me).to_string(),
            Who::Cpu => td_string!(locale, common.reason_resign_cpu).to_string(),
            Who::Named(name) => td_string!(locale, common.reason_resign_them, name = name),
        },
    }
}

/// One move of the replay in words: who played it and, in a battle, which
/// kind beat which (everything is visible once the game is over).
fn step_text(locale: Locale, step: Step, me: Color, names: Names) -> String {
    let who = who_moved(locale, Who::of(step.mv.side, me, names), step.mv.mv);
    let Some(defender) = step.defender else {
        return who;
    };
    let attacker = text::kind_name(locale, step.attacker);
    let defender = text::kind_name(locale, defender);
    let battle = match step.mv.announcement {
        Announcement::DefenderRemoved | Announcement::Moved => td_string!(
            locale,
            common.replay_attacker_won,
            attacker = attacker,
            defender = defender
        ),
        Announcement::AttackerRemoved => td_string!(
            locale,
            common.replay_defender_won,
            attacker = attacker,
            defender = defender
        ),
        Announcement::BothRemoved => td_string!(
            locale,
            common.replay_both_fell,
            attacker = attacker,
            defender = defender
        ),
        // A strike is no battle: its cleared nodes show on the board.
        Announcement::Struck(_) => return who,
    };
    format!("{who} — {battle}")
}

/// The game with its players' names for its record and link: `me` named
/// `me_name` or as in the settings, the other side `opponent` or the CPU.
fn reviewed(
    record: &Record,
    me: Color,
    me_name: Option<String>,
    opponent: Option<String>,
) -> Reviewed {
    let mine = me_name.or_else(|| {
        use_context::<AppState>()?
            .saved
            .with_untracked(|s| s.settings.display_name().map(str::to_owned))
    });
    let theirs = opponent.or_else(|| Some("CPU".to_owned()));
    Reviewed {
        record: record.clone(),
        players: ByColor::new_with(|side| {
            if side == me {
                mine.clone()
            } else {
                theirs.clone()
            }
        }),
    }
}

/// The result for the player on side `me` against `opponent` (`None`: the
/// local CPU) from the revealed `record`: the reason, the replay with each
/// move in words, the game's announcements, and `children` as the actions.
/// With `me_name` (pass-and-play) both players are named, not "you".
#[component]
pub fn Result(
    outcome: Outcome,
    record: Record,
    me: Color,
    opponent: Option<String>,
    #[prop(optional)] me_name: Option<String>,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    PieceRules::provide(record.rules());
    crate::sound::play(crate::sound::Cue::End);
    let log = record
        .replay()
        .map(|game| entries(&game.view(me)))
        .unwrap_or_default();
    let first = record.first();
    let Some(replay) = Replay::new(&record) else {
        return view! { <NoGame /> }.into_any();
    };
    let total = replay.moves();
    let shape = replay.shape();
    let ply = RwSignal::new(total);
    let replay = StoredValue::new(replay);
    let (log_opponent, log_me) = (opponent.clone(), me_name.clone());
    // A game not stored here is reviewed by its link.
    let by_link = opponent.is_some();
    let out = reviewed(&record, me, me_name.clone(), opponent.clone());
    let names = StoredValue::new((me_name, opponent));
    let with_names = move |f: &dyn Fn(Names) -> String| {
        names.with_value(|(me, opponent)| {
            f(Names {
                me: me.as_deref(),
                opponent: opponent.as_deref(),
            })
        })
    };
    let headline = move || {
        with_names(
            &|names| match outcome.winner().map(|w| Who::of(w, me, names)) {
                Some(Who::Me) => t_string!(i18n, common.result_win).to_string(),
                Some(Who::Cpu) => t_string!(i18n, common.result_loss).to_string(),
                Some(Who::Named(name)) => t_string!(i18n, common.result_they_won, name = name),
                None => t_string!(i18n, common.result_draw).to_string(),
            },
        )
    };
    let reason = move || with_names(&|names| reason_text(i18n.get_locale(), outcome, me, names));
    let step = move || {
        let step = replay.with_value(|r| r.step(ply.get()))?;
        Some(with_names(&|names| {
            step_text(i18n.get_locale(), step, me, names)
        }))
    };
    let result_id = match outcome.winner() {
        Some(w) if w == me => "win",
        Some(_) => "loss",
        None => "draw",
    };
    let cells = Signal::derive(move || replay.with_value(|r| shown_cells(r.frame(ply.get()))));
    let actions_ref = NodeRef::<html::Div>::new();
    // The next action (play again, go home) takes the focus.
    Effect::new(move |_| {
        if let Some(first) = actions_ref
            .get()
            .and_then(|a| a.query_selector("button, a").ok().flatten())
        {
            focus_when_shown(first.unchecked_into());
        }
    });
    view! {
        <section class="end" aria-labelledby="end-title">
            <h2 id="end-title" class="sr-only">{t!(i18n, common.end_title)}</h2>
            <div class="result" data-result=result_id role="status">
                <p class="headline">{headline}</p>
                <p class="reason">{reason}</p>
            </div>
            <div class="end-layout">
                <Board cells on_tap=Callback::new(|_| {}) me shape />
                <div class="replay" role="group" aria-labelledby="replay-title">
                    <div class="actions" node_ref=actions_ref>{children()}</div>
                    <RecordOut reviewed=out review=by_link />
                    <h3 id="replay-title">{t!(i18n, common.replay)}</h3>
                    <p class="replay-position" aria-live="polite">
                        {move || {
                            t_string!(i18n, common.replay_position, ply = ply.get(), total = total)
                                .to_string()
                        }}
                        <span class="replay-step">{step}</span>
                    </p>
                    <ReplayControls ply total />
                    <section class="end-log" aria-labelledby="end-log-title">
                        <h3 id="end-log-title">{t!(i18n, common.log_title)}</h3>
                        <LogList
                            log=Signal::stored(log)
                            side=me
                            first
                            opponent=Signal::stored(log_opponent)
                            me_name=log_me
                        />
                    </section>
                </div>
            </div>
        </section>
    }
    .into_any()
}

/// A position of the replay with everything shown, the move that led to
/// it marked.
pub fn shown_cells(frame: &Frame) -> Cells {
    let mut cells = Cells::default();
    for &(sq, side, kind) in &frame.pieces {
        cells.cell_mut(sq).face = Some(Face::Shown { side, kind });
    }
    if let Some(m) = frame.last {
        cells.cell_mut(m.mv.from()).last = Some(m.side);
        cells.cell_mut(m.mv.to()).last = Some(m.side);
        if let Announcement::Struck(..) = m.announcement {
            for sq in m.announcement.cleared(m.mv) {
                cells.cell_mut(sq).struck = true;
            }
        }
    }
    cells
}

/// The replay's scrubber and its first / previous / next / last buttons,
/// over `ply` from 0 to `total`.
#[component]
pub fn ReplayControls(ply: RwSignal<usize>, total: usize) -> impl IntoView {
    let i18n = use_i18n();
    let go = move |delta: isize| {
        ply.update(|p| *p = p.saturating_add_signed(delta).min(total));
    };
    view! {
        <input
            type="range"
            class="scrub"
            min="0"
            max=total.to_string()
            prop:value=move || ply.get().to_string()
            aria-label=t!(i18n, common.replay)
            on:input=move |ev| {
                if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                    ply.set(n.min(total));
                }
            }
        />
        <div class="replay-buttons">
            <button type="button" class="secondary" on:click=move |_| ply.set(0)>
                {t!(i18n, common.first)}
            </button>
            <button type="button" class="secondary replay-prev" on:click=move |_| go(-1)>
                {t!(i18n, common.prev)}
            </button>
            <button type="button" class="secondary replay-next" on:click=move |_| go(1)>
                {t!(i18n, common.next)}
            </button>
            <button type="button" class="secondary" on:click=move |_| ply.set(total)>
                {t!(i18n, common.last)}
            </button>
        </div>
    }
}
