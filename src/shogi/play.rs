//! The Shogi play screen, against the CPU, a friend on this device or at
//! an online table (`table`: the server referees, [`table`] feeds it): the
//! board turned for the player's side (with a friend, for the side to
//! move, unless it is kept still), both hands, the move list, the record's
//! export, and the player's acts (move, drop, promote or not, take back,
//! resign, declare). After the game, and on the replay page (`review`),
//! the replay bar steps through it, and the engine's analysis
//! ([`AnalysisPanel`]) judges it and explores side lines from any position
//! (this screen again, on a copy of the game: `explore`). Every question of legality goes to the
//! rules ([`pick`]), every CPU decision to its worker ([`cpu`]); the game
//! is saved after every move and resumes on a reload.

use leptos::prelude::*;
use shogi_rules::{Color, Move, Role, Square};

use crate::drag::{DragGhost, Source, Target};
use crate::i18n::*;
use crate::online::Online;
use crate::route::Route;
use crate::selection::Selection;
use crate::shogi::analysis_panel::{AnalysisPanel, LiveEval};
use crate::shogi::board::ShogiBoard;
use crate::shogi::export::RecordExport;
use crate::shogi::guide::GuideLinks;
use crate::shogi::hand::HandTray;
use crate::shogi::import::side_name;
use crate::shogi::labels::{reason_label, result_label};
use crate::shogi::moves::MoveList;
use crate::shogi::new_game::new_session;
use crate::shogi::pick::Picked;
use crate::shogi::replay::{ReplayBar, position_at};
use crate::shogi::screen::Explore;
use crate::shogi::screen::{Acts, Screen};
use crate::shogi::session::{Opponent, Session};
use crate::shogi::settings::Notation;
use crate::state::AppState;

/// The play screen; with `review`, the replay page: the record read last
/// on the import page (else the stored game), not played on nor saved;
/// with `table`, the game of the online table this page holds; with
/// `explore`, a side line played by hand, neither saved nor answered.
#[component]
pub fn ShogiPlay(
    #[prop(optional)] review: bool,
    #[prop(optional)] table: bool,
    #[prop(optional)] explore: Option<Explore>,
) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let online = table.then(expect_context::<Online>);
    let locale = i18n.get_locale_untracked();
    let screen = Screen::new(state, locale, review, online, explore);
    let selection = Selection::new(screen.acts());
    let exploring = screen.exploring;
    view! {
        <section class="shogi-play" aria-labelledby="shogi-title" hidden=move || exploring.with(Option::is_some)>
            <PlayTitle screen />
            <Status session=screen.session thinking=screen.thinking moves=screen.moves by_side=screen.friend || review />
            <Players session=screen.session />
            <div class="shogi-layout">
                <ShogiTable screen selection />
                <ShogiSide screen picked=selection.selected />
            </div>
            <DragGhost dragger=selection.dragger />
        </section>
        {move || exploring.get().map(|explore| view! { <ShogiPlay explore /> }.into_any())}
    }
}

/// The screen's heading, for screen readers: what game this is.
#[component]
fn PlayTitle(screen: Screen) -> impl IntoView {
    let i18n = use_i18n();
    let opponent = screen.session.with_untracked(Session::opponent);
    view! {
        <h2 id="shogi-title" class="sr-only">{move || {
            let s = &i18n.get_locale().pages().shogi;
            match (screen.review, opponent) {
                (true, _) => s.play_title_replay,
                (false, Opponent::Cpu) => s.play_title,
                (false, Opponent::Friend) => s.play_title_friend,
                (false, Opponent::Table) => s.play_title_table,
            }
        }}</h2>
    }
}

/// The board between the two hands, the player's at the bottom; under
/// them, once the game is over or replayed, the replay bar and the
/// engine's analysis.
#[component]
fn ShogiTable(screen: Screen, selection: Selection<Acts>) -> impl IntoView {
    let i18n = use_i18n();
    let Screen {
        session,
        at,
        plies,
        bottom,
        ..
    } = screen;
    let picked = selection.selected;
    let tap = Callback::new(move |sq: Square| {
        selection.tap(Source::Square(sq), Target::Square(sq));
    });
    let press = Callback::new(move |(sq, ev): (Square, web_sys::PointerEvent)| {
        selection.press(Source::Square(sq), &ev);
    });
    let pick_hand = Callback::new(move |role: Role| {
        selection.tap(Source::Tray(role), Target::Tray);
    });
    let press_hand = Callback::new(move |(role, ev): (Role, web_sys::PointerEvent)| {
        selection.press(Source::Tray(role), &ev);
    });
    let board_cells = Memo::new(move |_| {
        let drag = selection.dragging();
        screen.cells(drag.or(picked.get()), drag.is_some())
    });
    let hand_of = move |side: Color| {
        Signal::derive(move || session.with(|s| position_at(s.game(), at.get()).0.hand(side)))
    };
    let hand_name = move |side: Color| {
        Signal::derive(move || hand_name(&i18n.get_locale().pages().shogi, screen, side))
    };
    let picked_role = Signal::derive(move || match picked.get() {
        Some(Source::Tray(role)) => Some(role),
        _ => None,
    });
    let by_side = screen.friend || screen.review;
    let play = move |mv: Move| screen.acts().play(mv);
    view! {
        <div class="shogi-table" data-bottom=move || bottom.get().to_string().to_lowercase()>
            {move || {
                let you = bottom.get();
                view! {
                    <HandTray side=!you you name=hand_name(!you) mine=screen.may_pick(!you) hand=hand_of(!you) picked=picked_role on_pick=pick_hand on_press=press_hand />
                    <div class="shogi-board-wrap">
                        <ShogiBoard cells=board_cells you by_side on_tap=tap on_press=press />
                        <PromotionChoice promotion=screen.promotion play />
                    </div>
                    <HandTray side=you you name=hand_name(you) mine=screen.may_pick(you) hand=hand_of(you) picked=picked_role on_pick=pick_hand on_press=press_hand />
                }
            }}
            <Show when=move || screen.replaying.get()>
                <ReplayBar at plies />
                <AnalysisPanel
                    analysis=screen.analysis
                    game=Signal::derive(move || session.with(|s| s.game().clone()))
                    at
                    position=Signal::derive(move || session.with(|s| position_at(s.game(), at.get()).0))
                    notation=screen.notation
                    on_explore=Callback::new(move |()| screen.explore_here())
                />
            </Show>
        </div>
    }
}

/// Whose hand `side`'s is, as the screen names it.
fn hand_name(s: &PageStringsShogi, screen: Screen, side: Color) -> &'static str {
    match (screen.friend || screen.review, side) {
        (true, Color::Sente) => s.sente_hand,
        (true, Color::Gote) => s.gote_hand,
        (false, side) if side == screen.you.get() => s.your_hand,
        (false, _) if screen.online.is_some() => s.their_hand,
        (false, _) => s.cpu_hand,
    }
}

/// Beside the board: a side line's bar or the player's acts, the board
/// kept still for two on one device, the move list, the record's export
/// and the guides.
#[component]
fn ShogiSide(screen: Screen, picked: RwSignal<Option<Picked>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let Screen {
        session,
        review,
        back,
        notation,
        at,
        ..
    } = screen;
    let marks = Signal::derive(move || {
        (screen.analysis).with(|a| a.as_ref().map(|a| a.marks().to_vec()).unwrap_or_default())
    });
    view! {
        <div class="shogi-side">
            {back.map(|back| view! { <SideLine session notation back /> })}
            <Show when=move || !review && back.is_none()>
                <Actions session thinking=screen.thinking picked online=screen.online />
            </Show>
            <Show when=move || screen.friend && !review && back.is_none()>
                <StillBoard session />
            </Show>
            <MoveList
                moves=screen.moves
                notation
                on_notation=Callback::new(move |n| state.shogi.update(|s| s.notation = n))
                current=Signal::derive(move || at.get())
                on_pick=Callback::new(move |ply| at.set(ply))
                pickable=screen.replaying
                marks
            />
            <RecordExport session />
            <GuideLinks />
        </div>
    }
}

/// A side line's own bar: what it is, the engine's live word on it, and
/// the way back to the game.
#[component]
fn SideLine(
    session: RwSignal<Session>,
    notation: Signal<Notation>,
    back: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="side-line" role="group" aria-label=t!(i18n, shogi.explore_title)>
            <p>{t!(i18n, shogi.explore_title)}</p>
            <button type="button" class="primary back-to-game" on:click=move |_| back.run(())>
                {t!(i18n, shogi.back_to_game)}
            </button>
            <LiveEval session notation />
        </div>
    }
}

/// Who plays each side, as far as the game knows: the player and the CPU,
/// a table's two seats, an imported record's names.
#[component]
fn Players(session: RwSignal<Session>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let locale = i18n.get_locale();
        let named: Vec<String> = session.with(|s| {
            let h = s.header();
            [(Color::Sente, &h.sente), (Color::Gote, &h.gote)]
                .into_iter()
                .filter_map(|(side, name)| {
                    Some(format!("{}: {}", side_name(locale, side), name.as_ref()?))
                })
                .collect()
        });
        (!named.is_empty()).then(|| view! { <p class="shogi-players">{named.join(" · ")}</p> })
    }
}

/// Face to face across a table, the board need not turn.
#[component]
fn StillBoard(session: RwSignal<Session>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="choice still-board">
            <input
                type="checkbox"
                prop:checked=move || session.with(Session::still_board)
                on:change=move |ev| session.update(|s| s.set_still_board(event_target_checked(&ev)))
            />
            <span>{move || td_string!(i18n.get_locale(), shogi.still_board)}</span>
        </label>
    }
}

/// Whose turn it is, the CPU's last move, and the result: a live region,
/// so a screen reader hears every move.
#[component]
fn Status(
    session: RwSignal<Session>,
    thinking: RwSignal<bool>,
    moves: Signal<Vec<String>>,
    /// Sides by name (two players on one device, or a replay).
    by_side: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let text = move || {
        let locale = i18n.get_locale();
        let s = &locale.pages().shogi;
        session.with(|session| {
            let you = session.you();
            let last = moves.with(|m| m.last().cloned());
            let said = last.map(|mv| td_string!(locale, shogi.last_played, mv = mv));
            let turn = session.game().position().turn();
            let now = match session.game().outcome() {
                Some(outcome) if by_side => {
                    let winner = outcome.winner.map_or(s.draw.to_owned(), |w| {
                        td_string!(locale, shogi.side_won, side = side_name(locale, w))
                    });
                    format!("{winner} {}", reason_label(locale, outcome.reason))
                }
                None if by_side && session.game().position().is_check() => {
                    td_string!(locale, shogi.to_move_check, side = side_name(locale, turn))
                }
                None if by_side => {
                    td_string!(locale, shogi.to_move, side = side_name(locale, turn))
                }
                Some(outcome) => format!(
                    "{} {}",
                    result_label(locale, outcome, you, session.opponent().is_cpu()),
                    reason_label(locale, outcome.reason)
                ),
                None if thinking.get() || session.is_cpu_turn() => s.cpu_thinking.to_owned(),
                None if !session.is_your_turn() => s.their_turn.to_owned(),
                None if session.game().position().is_check() => s.your_turn_check.to_owned(),
                None => s.your_turn.to_owned(),
            };
            said.map_or(now.clone(), |said| format!("{said} {now}"))
        })
    };
    view! {
        <p class="shogi-status" role="status" aria-live="polite">
            {text}
        </p>
    }
}

/// Promote or not, when the rules leave the choice to the player.
#[component]
pub(crate) fn PromotionChoice(
    promotion: RwSignal<Option<(Move, Move)>>,
    play: impl Fn(Move) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let first = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if promotion.get().is_some() {
            request_animation_frame(move || {
                if let Some(button) = first.get_untracked() {
                    let _ = button.focus();
                }
            });
        }
    });
    move || {
        promotion.get().map(|(promote, stay)| {
            view! {
                <div class="promotion" role="group" aria-label=move || td_string!(i18n.get_locale(), shogi.promote_question)>
                    <p>{move || td_string!(i18n.get_locale(), shogi.promote_question)}</p>
                    <button type="button" class="primary" node_ref=first on:click=move |_| play(promote)>
                        {move || td_string!(i18n.get_locale(), shogi.promote)}
                    </button>
                    <button type="button" class="secondary" on:click=move |_| play(stay)>
                        {move || td_string!(i18n.get_locale(), shogi.no_promote)}
                    </button>
                    <button type="button" class="secondary" on:click=move |_| promotion.set(None)>
                        {move || td_string!(i18n.get_locale(), shogi.cancel)}
                    </button>
                </div>
            }
        })
    }
}

/// Take back, resign (asked first), declare an impasse when the rules say
/// it wins, and after the game a new one (at a table, the resignation and
/// the declaration go to the server, and neither a take-back nor a new
/// game is offered).
#[component]
fn Actions(
    session: RwSignal<Session>,
    thinking: RwSignal<bool>,
    picked: RwSignal<Option<Picked>>,
    online: Option<Online>,
) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let over = Signal::derive(move || session.with(|s| s.game().outcome().is_some()));
    let undo = move |_| {
        picked.set(None);
        session.update(|s| {
            s.undo();
        });
    };
    let resign = Callback::new(move |()| match online {
        Some(online) => online.resign(),
        None => session.update(|s| {
            let _ = s.resign();
        }),
    });
    let declare = move |_| match online {
        Some(online) => online.declare(),
        None => session.update(|s| {
            let _ = s.declare();
        }),
    };
    // A new game against the same opponent (the screen is drawn for it).
    let new_game = move |_| {
        picked.set(None);
        let opponent = session.with_untracked(Session::opponent);
        session.set(new_session(&state, opponent, i18n.get_locale_untracked()));
    };
    view! {
        <div class="actions shogi-actions">
            // No take-back at a table: the server's game is the game.
            {online.is_none().then(|| view! {
                <button
                    type="button"
                    class="secondary undo"
                    disabled=move || thinking.get() || !session.with(Session::can_undo)
                    on:click=undo
                >
                    {t!(i18n, shogi.undo)}
                </button>
            })}
            <Show when=move || session.with(Session::can_declare)>
                <button type="button" class="primary" on:click=declare>
                    {t!(i18n, shogi.declare)}
                </button>
            </Show>
            <Resign over resign />
            <Show when=move || over.get() && online.is_none()>
                <button type="button" class="primary new-game" on:click=new_game>
                    {t!(i18n, shogi.new_game)}
                </button>
            </Show>
            <Show when=move || over.get()>
                <a class="button secondary" href=Route::Home.hash()>
                    {t!(i18n, shogi.home)}
                </a>
            </Show>
        </div>
    }
}

/// Resign, asked first, while the game is not `over`: `resign` runs on
/// the answer yes.
#[component]
fn Resign(over: Signal<bool>, resign: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let confirm = RwSignal::new(false);
    let yes = move |_| {
        confirm.set(false);
        resign.run(());
    };
    view! {
        <Show when=move || !over.get() && !confirm.get()>
            <button type="button" class="secondary" on:click=move |_| confirm.set(true)>
                {t!(i18n, shogi.resign)}
            </button>
        </Show>
        <Show when=move || !over.get() && confirm.get()>
            <div class="confirm" role="group" aria-label=t!(i18n, shogi.resign_question)>
                <p>{t!(i18n, shogi.resign_question)}</p>
                <button type="button" class="primary resign-yes" on:click=yes>
                    {t!(i18n, shogi.resign_yes)}
                </button>
                <button type="button" class="secondary" on:click=move |_| confirm.set(false)>
                    {t!(i18n, shogi.resign_no)}
                </button>
            </div>
        </Show>
    }
}
