//! The Shogi play screen's state: the game and how the screen shows it
//! (the plies on the board, the side at the bottom, a replay, a side line
//! explored), the player's acts on it, and what runs beside it (the CPU
//! asked on its turn, every change saved, a sound for each move).

use leptos::prelude::*;
use shogi_rules::{Color, Game, Move, Piece, Role, Square};

use crate::drag::{Source, Target};
use crate::i18n::*;
use crate::online::Online;
use crate::selection::Mover;
use crate::shogi::analysis::Analysis;
use crate::shogi::board::Cells;
use crate::shogi::cpu;
use crate::shogi::import::imported;
use crate::shogi::moves::written;
use crate::shogi::new_game::new_session;
use crate::shogi::pick::{Picked, choice};
use crate::shogi::piece::Face;
use crate::shogi::replay::position_at;
use crate::shogi::session::{Opponent, SavedShogi, Session};
use crate::shogi::settings::Notation;
use crate::shogi::table;
use crate::sound;
use crate::state::AppState;
use crate::storage;

/// What the play screen's parts share.
#[derive(Clone, Copy)]
pub(super) struct Screen {
    pub session: RwSignal<Session>,
    /// A replay: nothing is played, saved or asked of the CPU.
    pub review: bool,
    /// An online table's game, which the server referees.
    pub online: Option<Online>,
    /// Two players on this device.
    pub friend: bool,
    /// A side line's way back to its game.
    pub back: Option<Callback<()>>,
    pub you: Memo<Color>,
    /// The side drawn at the bottom.
    pub bottom: Memo<Color>,
    /// The moves played, and how many of them the board shows.
    pub plies: Signal<usize>,
    pub at: RwSignal<usize>,
    /// The game is over, or never was one to play: the replay bar shows.
    pub replaying: Signal<bool>,
    pub promotion: RwSignal<Option<(Move, Move)>>,
    pub thinking: RwSignal<bool>,
    pub notation: Signal<Notation>,
    pub moves: Signal<Vec<String>>,
    pub analysis: RwSignal<Option<Analysis>>,
    pub exploring: RwSignal<Option<Explore>>,
}

impl Screen {
    /// The screen for a replay (`review`), a table's game (`online`), a
    /// side line (`explore`), else the stored or a new game, with what runs
    /// beside it.
    pub fn new(
        state: AppState,
        locale: Locale,
        review: bool,
        online: Option<Online>,
        explore: Option<Explore>,
    ) -> Screen {
        let back = explore.as_ref().map(|e| e.back);
        let session = RwSignal::new(start(&state, locale, review, online, explore));
        // A table's side comes with the server's first word.
        let you = Memo::new(move |_| session.with(Session::you));
        let friend = session.with_untracked(Session::opponent) == Opponent::Friend;
        let plies = Signal::derive(move || session.with(|s| s.game().moves().len()));
        let at = RwSignal::new(plies.get_untracked());
        Effect::new(move |_| at.set(plies.get()));
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
        let notation = Signal::derive(move || state.shogi.with(|s| s.notation));
        let screen = Screen {
            session,
            review,
            online,
            friend,
            back,
            you,
            bottom,
            plies,
            at,
            replaying: Signal::derive(move || {
                back.is_none() && (review || session.with(|s| s.game().outcome().is_some()))
            }),
            promotion: RwSignal::new(None),
            thinking: RwSignal::new(false),
            notation,
            moves: Signal::derive(move || session.with(|s| written(s.game(), notation.get()))),
            analysis: RwSignal::new(None),
            exploring: RwSignal::new(None),
        };
        screen.run_beside(state);
        screen
    }

    /// A replay is not a game: nothing is saved and the CPU is not asked;
    /// a table's game is the server's.
    fn run_beside(self, state: AppState) {
        if !self.review {
            sound_each_move(self.session, self.plies);
        }
        match self.online {
            Some(online) => table::follow(online, self.session),
            None if !self.review && self.back.is_none() => {
                save_every_change(state, self.session);
                ask_the_cpu_on_its_turn(state, self.session, self.thinking);
            }
            None => {}
        }
    }

    /// What the player's taps and drags do.
    pub fn acts(self) -> Acts {
        Acts {
            session: self.session,
            promotion: self.promotion,
            bottom: self.bottom,
            review: self.review,
            online: self.online,
        }
    }

    /// The board at the ply shown, with `picked` lifted.
    pub fn cells(self, picked: Option<Picked>, dragging: bool) -> Cells {
        let ply = self.at.get();
        let bottom = self.bottom.get();
        self.session
            .with(|s| cells(s, ply, bottom, picked, dragging))
    }

    /// Whether `side`'s hand may be picked from: the player's, on their
    /// turn, at the last move.
    pub fn may_pick(self, side: Color) -> Signal<bool> {
        Signal::derive(move || {
            !self.review
                && self.at.get() == self.plies.get()
                && self.session.with(|s| s.mover() == side && s.is_your_turn())
        })
    }

    /// A side line from the position shown: the game's moves up to it,
    /// played on by hand until its way back is taken.
    pub fn explore_here(self) {
        let line = self.session.with_untracked(|s| s.game().record());
        let record = shogi_rules::Record {
            moves: line.moves[..self.at.get_untracked().min(line.moves.len())].to_vec(),
            ending: None,
            ..line
        };
        let exploring = self.exploring;
        let back = Callback::new(move |()| exploring.set(None));
        if let Ok(game) = record.replay() {
            exploring.set(Some(Explore {
                game,
                bottom: self.bottom.get_untracked(),
                back,
            }));
        }
    }
}

/// The game a screen opens on.
fn start(
    state: &AppState,
    locale: Locale,
    review: bool,
    online: Option<Online>,
    explore: Option<Explore>,
) -> Session {
    match (imported().filter(|_| review), online) {
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
        (None, None) => load_or_new(state, locale),
    }
}

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
pub(super) struct Acts {
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
    pub(super) fn play(self, mv: Move) {
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
        self.session
            .with_untracked(|s| choice(s.game().position(), from, to))
            .put(
                |mv| self.play(mv),
                |promote, stay| self.promotion.set(Some((promote, stay))),
            )
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
