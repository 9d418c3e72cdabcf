//! The Gunjin game against the CPU as the screens share it: the session
//! (the referee), the player's view derived from it and the guess tags,
//! every change saved. It is read from storage the first time a page
//! behind the home page asks for it, not when the app starts, so the home
//! page's module carries no referee: the home page tells of a saved game
//! by its outline ([`AppState::saved_game`]).

use gunjin_rules::{Color, Move, PlayError, Setup, View};
use leptos::prelude::*;

use crate::cpu;
use crate::model::fresh_seed;
use crate::model::session::{SavedGame, Session};
use crate::model::setup_board::SetupDraft;
use crate::model::tags::Tags;
use crate::route::{Route, navigate, query_text};
use crate::state::{AppState, read};
use crate::storage;

#[derive(Clone, Copy)]
pub struct CpuGame {
    app: AppState,
    /// The referee of the game in progress; screens never read it.
    session: RwSignal<Option<Session>>,
    /// The player's view of the current game, derived from the session.
    pub view: Memo<Option<View>>,
    /// The player's guesses about enemy pieces.
    pub tags: RwSignal<Tags>,
}

impl CpuGame {
    /// The app's game, read from storage the first time it is asked for.
    pub fn get() -> CpuGame {
        expect_context::<AppState>().cpu_game()
    }

    /// The saved game, replayed through the rules (one that does not
    /// replay is put aside and reported), and the effects that save it.
    pub(crate) fn load(app: AppState) -> CpuGame {
        let mut problems = Vec::new();
        let resumed =
            read::<SavedGame>(&mut problems).and_then(|saved| match Session::resume(&saved) {
                Ok(session) => Some((session, saved.tags)),
                Err(_) => {
                    problems.push(storage::reject::<SavedGame>());
                    None
                }
            });
        for problem in problems {
            app.report(Err(problem));
        }
        let (session, tags) = resumed.unzip();
        let session = RwSignal::new(session);
        let game = CpuGame {
            app,
            session,
            view: Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view))),
            tags: RwSignal::new(tags.unwrap_or_default()),
        };
        game.save_every_change();
        game.tags_follow_their_pieces();
        game
    }

    /// The game after every move and every change of tags; the home page
    /// gets its outline.
    fn save_every_change(self) {
        Effect::new(move |_| {
            let saved = self
                .tags
                .with(|tags| self.session.with(|s| s.as_ref().map(|s| s.saved(tags))));
            if let Some(game) = &saved {
                self.app.report(storage::save(game));
            }
            self.app.saved_game.set(saved.map(|game| game.outline));
        });
    }

    /// A tag goes with its piece: once the piece leaves the board, so does
    /// the tag.
    fn tags_follow_their_pieces(self) {
        Effect::new(move |_| {
            let kept = self.view.with(|v| {
                let v = v.as_ref()?;
                let mut tags = self.tags.get_untracked();
                tags.retain_on_board(v);
                Some(tags)
            });
            if let Some(kept) = kept.filter(|k| self.tags.with_untracked(|t| t != k)) {
                self.tags.set(kept);
            }
        });
    }

    /// Starts a game against the CPU from the player's setup, once the CPU
    /// has set up in its worker; remembers the setup as the last one, and
    /// goes to the board.
    pub fn start(self, my_setup: Setup) {
        let settings = self.app.saved.with_untracked(|s| s.settings.clone());
        let rules = settings.rules();
        let seed = fresh_seed();
        leptos::task::spawn_local(async move {
            let Ok(cpu_setup) = cpu::cpu_setup(settings.difficulty, rules, seed).await else {
                self.app.cpu_unavailable.set(true);
                return;
            };
            // Who moves first is drawn at random; `?first=you|cpu` fixes it.
            let first = match query_text("first").as_deref() {
                Some("you") => Color::South,
                Some("cpu") => Color::North,
                _ if seed >> 63 == 0 => Color::South,
                _ => Color::North,
            };
            match Session::start(rules, my_setup, cpu_setup, first, settings.difficulty, seed) {
                Ok(session) => {
                    self.session.set(Some(session));
                    self.tags.set(Tags::default());
                    self.app
                        .saved
                        .update(|s| s.keep_setup(rules.mode, my_setup));
                    storage::remove::<SetupDraft>();
                    navigate(Route::Play);
                }
                Err(_) => navigate(Route::Setup),
            }
        });
    }

    /// A new game with the same settings and the same setup.
    pub fn play_again(self) {
        let setup = self
            .session
            .with_untracked(|s| s.as_ref().map(Session::my_setup));
        match setup {
            Some(setup) if setup.check(self.app.rules()).is_ok() => self.start(setup),
            _ => navigate(Route::Setup),
        }
    }

    /// The player's move.
    pub fn play(self, mv: Move) -> Result<(), PlayError> {
        self.session
            .try_update(|s| s.as_mut().map(|s| s.play(mv)))
            .flatten()
            .unwrap_or(Err(PlayError::GameOver))
    }

    pub fn resign(self) {
        self.session.update(|s| {
            if let Some(s) = s {
                let _ = s.resign();
            }
        });
    }

    /// Lets the CPU move if it is its turn; the page stays responsive while
    /// it thinks.
    pub fn cpu_turn(self, thinking: RwSignal<bool>) {
        let ask = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| s.is_cpu_turn())
                .map(|s| (s.difficulty(), s.cpu_seed(), s.cpu_view()))
        });
        let Some((difficulty, seed, cpu_view)) = ask else {
            return;
        };
        if thinking.get_untracked() {
            return;
        }
        thinking.set(true);
        let ply = cpu_view.ply();
        leptos::task::spawn_local(async move {
            let Ok(mv) = cpu::ask_cpu(difficulty, seed, cpu_view).await else {
                self.app.cpu_unavailable.set(true);
                return;
            };
            self.session.update(|s| {
                if let Some(s) = s
                    .as_mut()
                    .filter(|s| s.is_cpu_turn() && s.cpu_view().ply() == ply)
                {
                    let played = mv.map(|mv| s.play_cpu(mv));
                    if !matches!(played, Some(Ok(()))) {
                        let _ = s.cpu_resign();
                    }
                }
            });
            thinking.set(false);
        });
    }

    /// The game's move number, if one is stored and not over.
    pub fn in_progress(self) -> Option<usize> {
        self.view
            .with_untracked(|v| v.as_ref().filter(|v| v.outcome().is_none()).map(View::ply))
    }

    /// Drops the game in progress: the player chose a new one over it.
    pub fn forget(self) {
        self.session.set(None);
        self.tags.set(Tags::default());
        storage::remove::<SavedGame>();
    }

    /// Whether the game in progress is over.
    pub fn is_over(self) -> bool {
        self.view
            .with_untracked(|v| v.as_ref().is_some_and(|v| v.outcome().is_some()))
    }
}
