//! The state the screens share, provided as a context: what is remembered
//! and the game in progress, each saved to storage by one effect. The
//! session (the referee) stays here; screens read only the player's
//! [`View`].

use gunjin_rules::{Color, Move, PlayError, Rules, Setup, View};
use leptos::prelude::*;

use crate::cpu;
use crate::model::fresh_seed;
use crate::model::session::{ME, SavedGame, Session};
use crate::model::settings::Saved;
use crate::model::setup_board::SetupDraft;
use crate::model::tags::Tags;
use crate::route::{Route, navigate, query_text};
use crate::shogi::settings::ShogiSettings;
use crate::storage::{self, Entry, Problem};

#[derive(Clone, Copy)]
pub struct AppState {
    /// Settings and the last setup; every change is saved.
    pub saved: RwSignal<Saved>,
    /// Shogi's choices (the name and language are in `saved`); every
    /// change is saved.
    pub shogi: RwSignal<ShogiSettings>,
    /// The referee of the game in progress; screens never read it.
    session: RwSignal<Option<Session>>,
    /// The player's view of the current game, derived from the session.
    pub view: Memo<Option<View>>,
    /// The player's guesses about enemy pieces.
    pub tags: RwSignal<Tags>,
    /// The CPU's worker could not be started: no game can be played.
    pub cpu_unavailable: RwSignal<bool>,
    /// What went wrong with storage, told once each until dismissed.
    pub problems: RwSignal<Vec<Problem>>,
}

/// An entry from storage, noting a problem.
fn load<E: Entry>(problems: &mut Vec<Problem>) -> Option<E> {
    storage::load::<E>().unwrap_or_else(|problem| {
        problems.push(problem);
        None
    })
}

impl AppState {
    /// The state as saved, and the effects that save it: the settings when
    /// they change, the game after every move and every change of tags.
    pub fn new() -> AppState {
        let session = RwSignal::new(None::<Session>);
        let state = AppState {
            saved: RwSignal::new(Saved::default()),
            shogi: RwSignal::new(ShogiSettings::default()),
            session,
            view: Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view))),
            tags: RwSignal::new(Tags::default()),
            problems: RwSignal::new(Vec::new()),
            cpu_unavailable: RwSignal::new(false),
        };
        state.load();
        Effect::new(move |_| {
            let result = state.saved.with(storage::save);
            state.report(result);
        });
        Effect::new(move |_| {
            let result = state.shogi.with(storage::save);
            state.report(result);
        });
        Effect::new(move |_| {
            let saved = state
                .tags
                .with(|tags| state.session.with(|s| s.as_ref().map(|s| s.saved(tags))));
            if let Some(game) = saved {
                state.report(storage::save(&game));
            }
        });
        // A tag goes with its piece: once the piece leaves the board, so
        // does the tag.
        Effect::new(move |_| {
            let kept = state.view.with(|v| {
                let v = v.as_ref()?;
                let mut tags = state.tags.get_untracked();
                tags.retain_on_board(v);
                Some(tags)
            });
            if let Some(kept) = kept.filter(|k| state.tags.with_untracked(|t| t != k)) {
                state.tags.set(kept);
            }
        });
        state
    }

    /// Reads everything from storage (at start, and after an import).
    pub fn load(&self) {
        let mut problems = Vec::new();
        self.saved
            .set(load::<Saved>(&mut problems).unwrap_or_default());
        self.shogi
            .set(load::<ShogiSettings>(&mut problems).unwrap_or_default());
        let game = load::<SavedGame>(&mut problems).and_then(|game| match Session::resume(&game) {
            Ok(session) => Some((session, game.tags)),
            Err(_) => {
                problems.push(storage::reject::<SavedGame>());
                None
            }
        });
        match game {
            Some((session, tags)) => {
                self.session.set(Some(session));
                self.tags.set(tags);
            }
            None => {
                self.session.set(None);
                self.tags.set(Tags::default());
            }
        }
        problems.dedup();
        self.problems.set(problems);
    }

    /// Notes a storage problem, once.
    pub fn report(&self, result: Result<(), Problem>) {
        if let Err(problem) = result {
            self.problems.update(|ps| {
                if !ps.contains(&problem) {
                    ps.push(problem);
                }
            });
        }
    }

    /// The setup draft saved for these rules, if any (it may be unreadable:
    /// then it is reported and put aside).
    pub fn setup_draft(&self) -> Option<SetupDraft> {
        let mut problems = Vec::new();
        let draft = load::<SetupDraft>(&mut problems);
        for problem in problems {
            self.report(Err(problem));
        }
        draft
    }

    pub fn rules(&self) -> Rules {
        self.saved.with_untracked(|s| s.settings.rules())
    }

    /// Starts a game against the CPU from the player's setup, once the CPU
    /// has set up in its worker; remembers the setup as the last one, and
    /// goes to the board.
    pub fn start_game(&self, my_setup: Setup) {
        let settings = self.saved.with_untracked(|s| s.settings.clone());
        let rules = settings.rules();
        let seed = fresh_seed();
        let state = *self;
        leptos::task::spawn_local(async move {
            let Ok(cpu_setup) = cpu::cpu_setup(settings.difficulty, rules, seed).await else {
                state.cpu_unavailable.set(true);
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
                    state.session.set(Some(session));
                    state.tags.set(Tags::default());
                    state.saved.update(|s| s.last_setup = Some(my_setup));
                    storage::remove::<SetupDraft>();
                    navigate(Route::Play);
                }
                Err(_) => navigate(Route::Setup),
            }
        });
    }

    /// A new game with the same settings and the same setup.
    pub fn play_again(&self) {
        let setup = self
            .session
            .with_untracked(|s| s.as_ref().map(Session::my_setup));
        match setup {
            Some(setup) if setup.check(self.rules()).is_ok() => self.start_game(setup),
            _ => navigate(Route::Setup),
        }
    }

    /// The player's move.
    pub fn play(&self, mv: Move) -> Result<(), PlayError> {
        self.session
            .try_update(|s| s.as_mut().map(|s| s.play(mv)))
            .flatten()
            .unwrap_or(Err(PlayError::GameOver))
    }

    pub fn resign(&self) {
        self.session.update(|s| {
            if let Some(s) = s {
                let _ = s.resign();
            }
        });
    }

    /// Lets the CPU move if it is its turn; the page stays responsive while
    /// it thinks.
    pub fn cpu_turn(&self, thinking: RwSignal<bool>) {
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
        let state = *self;
        let ply = cpu_view.ply();
        leptos::task::spawn_local(async move {
            let Ok(mv) = cpu::ask_cpu(difficulty, seed, cpu_view).await else {
                state.cpu_unavailable.set(true);
                return;
            };
            state.session.update(|s| {
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

    /// Whether the game in progress is over.
    pub fn is_over(&self) -> bool {
        self.view
            .with_untracked(|v| v.as_ref().is_some_and(|v| v.outcome().is_some()))
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new()
    }
}

/// The player's side, for the screens.
pub const PLAYER: Color = ME;
