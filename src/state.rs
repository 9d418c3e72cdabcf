//! The state the screens share, provided as a context: what is remembered,
//! each saved to storage by one effect, and the game against the CPU once
//! a page has asked for it ([`CpuGame`], read from storage then, so that
//! the home page's module carries no referee).

use gunjin_rules::{Color, Rules};
use leptos::prelude::*;

use crate::cpu_game::CpuGame;
use crate::model::session::{ME, Outline, SavedGame, SavedOutline};
use crate::model::settings::Saved;
use crate::model::setup_board::SetupDraft;
use crate::shogi::settings::ShogiSettings;
use crate::storage::{self, Entry, Problem};

#[derive(Clone, Copy)]
pub struct AppState {
    /// Settings and the last setup; every change is saved.
    pub saved: RwSignal<Saved>,
    /// Shogi's choices (the name and language are in `saved`); every
    /// change is saved.
    pub shogi: RwSignal<ShogiSettings>,
    /// Whether a Gunjin game is saved (`Some`), and how far it got when
    /// the build that saved it wrote that down (`Some(Some(_))`).
    pub saved_game: RwSignal<Option<Option<Outline>>>,
    /// The game against the CPU, with the owner of its signals and effects
    /// (the app's, not the page's that first asked for it).
    cpu_game: StoredValue<Option<(Owner, CpuGame)>>,
    /// The app's owner, under which the game's owner is made.
    owner: StoredValue<Option<Owner>>,
    /// The CPU's worker could not be started: no game can be played.
    pub cpu_unavailable: RwSignal<bool>,
    /// What went wrong with storage, told once each until dismissed.
    pub problems: RwSignal<Vec<Problem>>,
}

/// An entry from storage, noting a problem.
pub fn read<E: Entry>(problems: &mut Vec<Problem>) -> Option<E> {
    storage::load::<E>().unwrap_or_else(|problem| {
        problems.push(problem);
        None
    })
}

/// A page's entry from storage, as a signal: read when the page opens,
/// a problem reading it told, and the page starting afresh then.
pub fn read_told<E: Entry + Default + Send + Sync + 'static>() -> RwSignal<E> {
    let app = expect_context::<AppState>();
    let mut problems = Vec::new();
    let entry = read::<E>(&mut problems).unwrap_or_default();
    for problem in problems {
        app.report(Err(problem));
    }
    RwSignal::new(entry)
}

impl AppState {
    /// The state as saved, and the effects that save the settings when
    /// they change.
    pub fn new() -> AppState {
        let state = AppState {
            saved: RwSignal::new(Saved::default()),
            shogi: RwSignal::new(ShogiSettings::default()),
            saved_game: RwSignal::new(None),
            cpu_game: StoredValue::new(None),
            owner: StoredValue::new(Owner::current()),
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
        state
    }

    /// Reads everything from storage (at start, and after an import): the
    /// game against the CPU only by its outline, and read again in full
    /// when a page next asks for it.
    pub fn load(&self) {
        let mut problems = Vec::new();
        self.saved
            .set(read::<Saved>(&mut problems).unwrap_or_default());
        self.shogi
            .set(read::<ShogiSettings>(&mut problems).unwrap_or_default());
        let outline = storage::load_as::<SavedGame, SavedOutline>().unwrap_or_else(|problem| {
            problems.push(problem);
            None
        });
        self.saved_game.set(outline.map(|saved| saved.outline));
        if let Some((owner, _)) = self.cpu_game.try_update_value(Option::take).flatten() {
            owner.cleanup();
        }
        problems.dedup();
        self.problems.set(problems);
    }

    /// The game against the CPU, read from storage the first time.
    pub fn cpu_game(&self) -> CpuGame {
        if let Some(game) = self
            .cpu_game
            .with_value(|g| g.as_ref().map(|(_, game)| *game))
        {
            return game;
        }
        let owner = self
            .owner
            .with_value(|root| root.as_ref().map(Owner::child))
            .unwrap_or_else(Owner::new);
        let game = owner.with(|| CpuGame::load(*self));
        self.cpu_game.set_value(Some((owner, game)));
        game
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
        let draft = read::<SetupDraft>(&mut problems);
        for problem in problems {
            self.report(Err(problem));
        }
        draft
    }

    pub fn rules(&self) -> Rules {
        self.saved.with_untracked(|s| s.settings.rules())
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new()
    }
}

/// The player's side, for the screens.
pub const PLAYER: Color = ME;
