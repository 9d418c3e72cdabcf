use gunjin_rules::{Color, DrawReason, Outcome, WinReason};
use leptos::prelude::*;

use crate::board::{Board, Cells, Face};
use crate::i18n::*;
use crate::model::replay::Replay;
use crate::route::{Route, navigate};
use crate::screens::play::NoGame;
use crate::state::{AppState, PLAYER};
use crate::text;

/// The result, the whole board revealed, and the replay.
#[component]
pub fn End() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    move || {
        let finished = state.view.with(|v| {
            v.as_ref()
                .and_then(|v| Some((v.outcome()?, Replay::new(v.reveal()?)?)))
        });
        match finished {
            Some((outcome, replay)) => view! {
                <Result outcome replay me=PLAYER opponent=None>
                    <button type="button" class="primary play-again" on:click=move |_| state.play_again()>
                        {t!(i18n, common.play_again)}
                    </button>
                    <button type="button" class="secondary" on:click=move |_| navigate(Route::Setup)>
                        {t!(i18n, common.back_to_setup)}
                    </button>
                </Result>
            }
            .into_any(),
            None => view! { <NoGame /> }.into_any(),
        }
    }
}

/// The result for the player on side `me` against `opponent` (`None`: the
/// local CPU), the replay, and `children` as the actions.
#[component]
pub fn Result(
    outcome: Outcome,
    replay: Replay,
    me: Color,
    opponent: Option<String>,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let total = replay.moves();
    let ply = RwSignal::new(total);
    let replay = StoredValue::new(replay);
    let headline = move || match (outcome.winner(), &opponent) {
        (Some(w), _) if w == me => t_string!(i18n, common.result_win).to_string(),
        (Some(_), None) => t_string!(i18n, common.result_loss).to_string(),
        (Some(_), Some(name)) => {
            t_string!(i18n, common.result_they_won, name = name.clone())
        }
        (None, _) => t_string!(i18n, common.result_draw).to_string(),
    };
    let reason = move || {
        let locale = i18n.get_locale();
        match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::HeadquartersTaken { by } => {
                    td_string!(locale, common.reason_hq, kind = text::kind_name(locale, by))
                        .to_string()
                }
                WinReason::NoLegalMove => td_string!(locale, common.reason_no_move).to_string(),
                WinReason::Resignation => td_string!(locale, common.reason_resign).to_string(),
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::NoOfficers => td_string!(locale, common.reason_officers).to_string(),
                DrawReason::MoveLimit => td_string!(locale, common.reason_limit).to_string(),
                DrawReason::Repetition => td_string!(locale, common.reason_repetition).to_string(),
            },
        }
    };
    let result_id = match outcome.winner() {
        Some(w) if w == me => "win",
        Some(_) => "loss",
        None => "draw",
    };
    let cells = Signal::derive(move || {
        let n = ply.get();
        replay.with_value(|r| {
            let frame = r.frame(n);
            let mut cells = Cells::default();
            for &(sq, side, kind) in &frame.pieces {
                cells.cell_mut(sq).face = Some(Face::Shown { side, kind });
            }
            if let Some(m) = frame.last {
                cells.cell_mut(m.mv.from).last = Some(m.side);
                cells.cell_mut(m.mv.to).last = Some(m.side);
            }
            cells
        })
    });
    let step = move |delta: isize| {
        ply.update(|p| *p = p.saturating_add_signed(delta).min(total));
    };
    view! {
        <section class="end" aria-labelledby="end-title">
            <h2 id="end-title" class="sr-only">{t!(i18n, common.end_title)}</h2>
            <div class="result" data-result=result_id role="status">
                <p class="headline">{headline}</p>
                <p class="reason">{reason}</p>
            </div>
            <div class="end-layout">
                <Board cells on_tap=Callback::new(|_| {}) me />
                <div class="replay" role="group" aria-labelledby="replay-title">
                    <h3 id="replay-title">{t!(i18n, common.replay)}</h3>
                    <p class="replay-position" aria-live="polite">
                        {move || {
                            t_string!(i18n, common.replay_position, ply = ply.get(), total = total)
                                .to_string()
                        }}
                    </p>
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
                        <button type="button" class="secondary replay-prev" on:click=move |_| step(-1)>
                            {t!(i18n, common.prev)}
                        </button>
                        <button type="button" class="secondary replay-next" on:click=move |_| step(1)>
                            {t!(i18n, common.next)}
                        </button>
                        <button type="button" class="secondary" on:click=move |_| ply.set(total)>
                            {t!(i18n, common.last)}
                        </button>
                    </div>
                    <div class="actions">{children()}</div>
                </div>
            </div>
        </section>
    }
}
