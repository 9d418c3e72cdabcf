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
use shogi_rules::{Color, Game, Move, Piece, Role, Square};

use crate::drag::{DragGhost, Source, Target};
use crate::i18n::*;
use crate::online::Online;
use crate::route::Route;
use crate::selection::{Mover, Selection};
use crate::shogi::analysis::Analysis;
use crate::shogi::analysis_panel::{AnalysisPanel, LiveEval};
use crate::shogi::board::{Cells, ShogiBoard};
use crate::shogi::cpu;
use crate::shogi::export::RecordExport;
use crate::shogi::guide::GuideLinks;
use crate::shogi::hand::HandTray;
use crate::shogi::import::{imported, side_name};
use crate::shogi::labels::{reason_label, result_label};
use crate::shogi::moves::{MoveList, written};
use crate::shogi::new_game::new_session;
use crate::shogi::pick::{Choice, Picked, choice};
use crate::shogi::piece::Face;
use crate::shogi::replay::{ReplayBar, position_at};
use crate::shogi::session::{Opponent, SavedShogi, Session};
use crate::shogi::settings::Notation;
use crate::shogi::table;
use crate::sound;
use crate::state::AppState;
use crate::storage;

/// The stored game, else a new one with the home page's choices. A stored
/// game that does not read or replay is put aside and reported.
fn load_or_new(state: &AppState, locale: Locale) -> Session {
    match storage::load::<SavedShogi>() {
        Ok(Some(saved)) => match Session::resume(&saved) {
            Ok(session) => return session,
            Err(_) => state.report(Err(storage::reject::<SavedShogi>())),
        },
        Ok(None) => {}
        Err(problem) => state.report(Err(problem)),
    }
    new_session(state, Opponent::Cpu, locale)
}

/// What the board shows after the first `ply` moves, `bottom` at the
/// bottom: the pieces, the picked piece and where it can go (only at the
/// last move), the move that led there (sliding in unless the side at the
/// bottom just played it by hand) and a king in check.
fn cells(
    session: &Session,
    ply: usize,
    bottom: Color,
    picked: Option<Picked>,
    dragging: bool,
) -> Cells {
    let game = session.game();
    let (position, last) = position_at(game, ply);
    let mut cells = Cells::default();
    for (sq, piece) in position.board().pieces() {
        cells.cell_mut(sq).piece = Some(piece);
    }
    let live = ply == game.moves().len();
    if let Some(mv) = last {
        for sq in mv.from().into_iter().chain([mv.to()]) {
            cells.cell_mut(sq).last = true;
        }
        let played_here = live && !position.turn() == bottom;
        if !played_here {
            cells.cell_mut(mv.to()).arrived_from = mv.from();
        }
    }
    if position.is_check() {
        cells.cell_mut(position.king(position.turn())).check = true;
    }
    if let Some(picked) = picked.filter(|_| live && session.is_your_turn()) {
        cells.mark_picked(&position, picked, dragging);
    }
    cells
}

/// What the player may pick up (an own piece on the board or in hand, on
/// their turn, no promotion being asked) and what putting it down does: a
/// move or a drop, or the promotion question when the choice is theirs.
#[derive(Clone, Copy)]
struct Acts {
    session: RwSignal<Session>,
    promotion: RwSignal<Option<(Move, Move)>>,
    /// The side drawn at the bottom.
    bottom: Memo<Color>,
    /// Nothing is played: a replay.
    review: bool,
    /// At an online table, moves go to the server, which tells them back.
    online: Option<Online>,
}

impl Acts {
    fn play(self, mv: Move) {
        self.promotion.set(None);
        match self.online {
            Some(online) => online.play_usi(mv.to_string()),
            None => self.session.update(|s| {
                let _ = s.play(mv);
            }),
        }
    }
}

impl Mover for Acts {
    type Square = Square;
    type Tray = Role;
    type Face = Face;

    fn lift(&self, source: Picked) -> Option<Face> {
        if self.review || self.promotion.get_untracked().is_some() {
            return None;
        }
        let bottom = self.bottom.get_untracked();
        self.session.with_untracked(|s| {
            let you = s.mover();
            let position = s.game().position();
            let piece = match source {
                Source::Square(sq) => position.board().piece_at(sq).filter(|p| p.color == you)?,
                Source::Tray(role) if position.hand(you).count(role) > 0 => Piece::new(you, role),
                Source::Tray(_) => return None,
            };
            s.is_your_turn().then_some(Face { piece, you: bottom })
        })
    }

    fn put(&self, from: Picked, target: Target<Square>) -> bool {
        let Target::Square(to) = target else {
            return false;
        };
        match self
            .session
            .with_untracked(|s| choice(s.game().position(), from, to))
        {
            Choice::None => false,
            Choice::One(mv) => {
                self.play(mv);
                true
            }
            Choice::Promote { promote, stay } => {
                self.promotion.set(Some((promote, stay)));
                true
            }
        }
    }
}

/// A side line explored from a position of a replayed game: that
/// position with the game's moves before it, the side at the bottom, and
/// the way back.
#[derive(Clone)]
pub struct Explore {
    pub game: Game,
    pub bottom: Color,
    pub back: Callback<()>,
}

/// A sound for each move played after the board opened (and for the end
/// of the game), a buzz too for the CPU's or the table's opponent's.
fn sound_each_move(session: RwSignal<Session>, plies: Signal<usize>) {
    let over = Memo::new(move |_| session.with(|s| s.game().outcome().is_some()));
    Effect::new(move |heard: Option<(usize, bool)>| {
        let now = (plies.get(), over.get());
        let Some(heard) = heard.filter(|&heard| heard != now) else {
            return now;
        };
        session.with_untracked(|s| {
            let game = s.game();
            if now.1 {
                sound::play(sound::Cue::End);
            } else if let Some(cue) = sound::Cue::of_shogi(game).filter(|_| now.0 > heard.0) {
                sound::play(cue);
            }
            // A move of theirs: it is the player's turn again.
            let theirs = now.0 > heard.0 && game.position().turn() == s.you();
            if theirs && s.opponent() != Opponent::Friend {
                sound::opponent_moved();
            }
        });
        now
    });
}

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
    let back = explore.as_ref().map(|e| e.back);
    let start = match (imported().filter(|_| review), online) {
        _ if let Some(Explore { game, bottom, .. }) = explore => {
            let mut line =
                Session::from_game(game, bottom, Default::default(), 0, Opponent::Friend);
            line.set_still_board(true);
            line
        }
        (Some((game, header)), _) => {
            Session::from_game(game, Color::Sente, Default::default(), 0, Opponent::Friend)
                .with_header(header)
        }
        (None, Some(online)) => table::session(online),
        (None, None) => load_or_new(&state, i18n.get_locale_untracked()),
    };
    let session = RwSignal::new(start);
    // A table's side comes with the server's first word.
    let you = Memo::new(move |_| session.with(Session::you));
    let opponent = session.with_untracked(Session::opponent);
    let friend = opponent == Opponent::Friend;
    let promotion = RwSignal::new(None::<(Move, Move)>);
    let thinking = RwSignal::new(false);
    // How many moves the board shows: all of them, unless replaying.
    let plies = Signal::derive(move || session.with(|s| s.game().moves().len()));
    let at = RwSignal::new(plies.get_untracked());
    Effect::new(move |_| at.set(plies.get()));
    if !review {
        sound_each_move(session, plies);
    }
    let replaying = Signal::derive(move || {
        back.is_none() && (review || session.with(|s| s.game().outcome().is_some()))
    });
    let analysis = RwSignal::new(None::<Analysis>);
    let exploring = RwSignal::new(None::<Explore>);
    // With a friend the board turns for the side to move, unless kept still.
    let bottom = Memo::new(move |_| {
        session.with(|s| {
            if friend && !s.still_board() && !review {
                s.mover()
            } else {
                you.get()
            }
        })
    });
    // A replay is not a game: nothing is saved and the CPU is not asked;
    // a table's game is the server's.
    match online {
        Some(online) => table::follow(online, session),
        None if !review && back.is_none() => {
            save_every_change(state, session);
            ask_the_cpu_on_its_turn(state, session, thinking);
        }
        None => {}
    }

    let acts = Acts {
        session,
        promotion,
        bottom,
        review,
        online,
    };
    let selection = Selection::new(acts);
    let picked = selection.selected;
    let play = move |mv: Move| acts.play(mv);
    let tap = move |sq: Square| {
        selection.tap(Source::Square(sq), Target::Square(sq));
    };
    let press = move |(sq, ev): (Square, web_sys::PointerEvent)| {
        selection.press(Source::Square(sq), &ev);
    };
    let pick_hand = move |role: Role| {
        selection.tap(Source::Tray(role), Target::Tray);
    };
    let press_hand = move |(role, ev): (Role, web_sys::PointerEvent)| {
        selection.press(Source::Tray(role), &ev);
    };
    let board_cells = Memo::new(move |_| {
        let drag = selection.dragging();
        let ply = at.get();
        let bottom = bottom.get();
        session.with(|s| cells(s, ply, bottom, drag.or(picked.get()), drag.is_some()))
    });
    let hand_of = move |side: Color| {
        Signal::derive(move || session.with(|s| position_at(s.game(), at.get()).0.hand(side)))
    };
    let hand_name = move |side: Color| {
        Signal::derive(move || {
            let s = &i18n.get_locale().pages().shogi;
            match (friend || review, side) {
                (true, Color::Sente) => s.sente_hand,
                (true, Color::Gote) => s.gote_hand,
                (false, side) if side == you.get() => s.your_hand,
                (false, _) if table => s.their_hand,
                (false, _) => s.cpu_hand,
            }
        })
    };
    let may_pick = move |side: Color| {
        Signal::derive(move || {
            !review
                && at.get() == plies.get()
                && session.with(|s| s.mover() == side && s.is_your_turn())
        })
    };
    let picked_role = Signal::derive(move || match picked.get() {
        Some(Source::Tray(role)) => Some(role),
        _ => None,
    });
    let notation = Signal::derive(move || state.shogi.with(|s| s.notation));
    let moves = Signal::derive(move || session.with(|s| written(s.game(), notation.get())));
    let marks = Signal::derive(move || {
        analysis.with(|a| a.as_ref().map(|a| a.marks().to_vec()).unwrap_or_default())
    });
    let explore_here = Callback::new(move |()| {
        let game = session.with_untracked(|s| s.game().clone());
        let line = game.record();
        let record = shogi_rules::Record {
            moves: line.moves[..at.get_untracked().min(line.moves.len())].to_vec(),
            ending: None,
            ..line
        };
        let back = Callback::new(move |()| exploring.set(None));
        if let Ok(game) = record.replay() {
            exploring.set(Some(Explore {
                game,
                bottom: bottom.get_untracked(),
                back,
            }));
        }
    });

    view! {
        <section class="shogi-play" aria-labelledby="shogi-title" hidden=move || exploring.with(Option::is_some)>
            <h2 id="shogi-title" class="sr-only">{move || {
                let s = &i18n.get_locale().pages().shogi;
                match (review, opponent) {
                    (true, _) => s.play_title_replay,
                    (false, Opponent::Cpu) => s.play_title,
                    (false, Opponent::Friend) => s.play_title_friend,
                    (false, Opponent::Table) => s.play_title_table,
                }
            }}</h2>
            <Status session thinking moves by_side=friend || review />
            <Players session />
            <div class="shogi-layout">
                <div class="shogi-table" data-bottom=move || bottom.get().to_string().to_lowercase()>
                    {move || {
                        let you = bottom.get();
                        view! {
                            <HandTray side=!you you name=hand_name(!you) mine=may_pick(!you) hand=hand_of(!you) picked=picked_role on_pick=Callback::new(pick_hand) on_press=Callback::new(press_hand) />
                            <div class="shogi-board-wrap">
                                <ShogiBoard cells=board_cells you by_side=friend || review on_tap=Callback::new(tap) on_press=Callback::new(press) />
                                <PromotionChoice promotion play />
                            </div>
                            <HandTray side=you you name=hand_name(you) mine=may_pick(you) hand=hand_of(you) picked=picked_role on_pick=Callback::new(pick_hand) on_press=Callback::new(press_hand) />
                        }
                    }}
                    <Show when=move || replaying.get()>
                        <ReplayBar at plies />
                        <AnalysisPanel
                            analysis
                            game=Signal::derive(move || session.with(|s| s.game().clone()))
                            at
                            position=Signal::derive(move || session.with(|s| position_at(s.game(), at.get()).0))
                            notation
                            on_explore=explore_here
                        />
                    </Show>
                </div>
                <div class="shogi-side">
                    {back.map(|back| view! { <SideLine session notation back /> })}
                    <Show when=move || !review && back.is_none()>
                        <Actions session thinking picked online />
                    </Show>
                    <Show when=move || friend && !review && back.is_none()>
                        <StillBoard session />
                    </Show>
                    <MoveList
                        moves
                        notation
                        on_notation=Callback::new(move |n| state.shogi.update(|s| s.notation = n))
                        current=Signal::derive(move || at.get())
                        on_pick=Callback::new(move |ply| at.set(ply))
                        pickable=replaying
                        marks
                    />
                    <RecordExport session />
                    <GuideLinks />
                </div>
            </div>
            <DragGhost dragger=selection.dragger />
        </section>
        {move || exploring.get().map(|explore| view! { <ShogiPlay explore /> }.into_any())}
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

/// Every change of the game, saved.
fn save_every_change(state: AppState, session: RwSignal<Session>) {
    Effect::new(move |_| {
        let saved = session.with(Session::saved);
        state.report(storage::save(&saved));
    });
}

/// On the CPU's turn it is asked, in its worker; its answer is played if
/// the game has not moved on meanwhile.
fn ask_the_cpu_on_its_turn(state: AppState, session: RwSignal<Session>, thinking: RwSignal<bool>) {
    Effect::new(move |_| {
        let ask = session.with(|s| {
            s.is_cpu_turn()
                .then(|| (s.level(), s.cpu_seed(), s.game().clone()))
        });
        let Some((level, seed, game)) = ask else {
            return;
        };
        if thinking.get_untracked() {
            return;
        }
        thinking.set(true);
        leptos::task::spawn_local(async move {
            let Ok(decision) = cpu::decide(level, seed, &game).await else {
                state.cpu_unavailable.set(true);
                return;
            };
            let plies = game.moves().len();
            session.update(|s| {
                if s.game().moves().len() == plies {
                    let _ = s.cpu_decides(decision);
                }
            });
            thinking.set(false);
        });
    });
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
    let confirm = RwSignal::new(false);
    let over = move || session.with(|s| s.game().outcome().is_some());
    let undo = move |_| {
        picked.set(None);
        session.update(|s| {
            s.undo();
        });
    };
    let resign = move |_| {
        confirm.set(false);
        match online {
            Some(online) => online.resign(),
            None => session.update(|s| {
                let _ = s.resign();
            }),
        }
    };
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
            <Show when=move || !over() && !confirm.get()>
                <button type="button" class="secondary" on:click=move |_| confirm.set(true)>
                    {t!(i18n, shogi.resign)}
                </button>
            </Show>
            <Show when=move || !over() && confirm.get()>
                <div class="confirm" role="group" aria-label=t!(i18n, shogi.resign_question)>
                    <p>{t!(i18n, shogi.resign_question)}</p>
                    <button type="button" class="primary resign-yes" on:click=resign>
                        {t!(i18n, shogi.resign_yes)}
                    </button>
                    <button type="button" class="secondary" on:click=move |_| confirm.set(false)>
                        {t!(i18n, shogi.resign_no)}
                    </button>
                </div>
            </Show>
            <Show when=move || over() && online.is_none()>
                <button type="button" class="primary new-game" on:click=new_game>
                    {t!(i18n, shogi.new_game)}
                </button>
            </Show>
            <Show when=over>
                <a class="button secondary" href=Route::Home.hash()>
                    {t!(i18n, shogi.home)}
                </a>
            </Show>
        </div>
    }
}
