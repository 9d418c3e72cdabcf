//! Where a table is in its life, as a type: waiting for a second seat,
//! both setting up against the timer, playing, or over. Each stage holds
//! exactly what it needs, so no combination of fields means two things.

use gunjin_rules::{ByColor, Color};

use crate::referee::Referee;
use crate::refusal::Refusal;
use gunjin_table::{ErrorCode, Phase};

pub enum Stage<R: Referee> {
    /// The host waits for a friend or a CPU.
    Waiting,
    Setup(SetupStage<R>),
    Play(R::Game),
    Over(R::Game),
}

/// Both sides set up in secret until both are ready or the deadline.
pub struct SetupStage<R: Referee> {
    /// Unix milliseconds.
    pub deadline: u64,
    pub drafts: ByColor<R::Draft>,
    pub ready: ByColor<Option<R::Setup>>,
}

impl<R: Referee> Stage<R> {
    /// The stage of a game that has started.
    pub fn of_game(game: R::Game) -> Stage<R> {
        if R::is_over(&game) {
            Stage::Over(game)
        } else {
            Stage::Play(game)
        }
    }

    /// The phase as `you` are told of it, at `now` (Unix milliseconds).
    pub fn phase(&self, you: Color, now: u64) -> Phase {
        match self {
            Stage::Waiting => Phase::Waiting,
            Stage::Setup(setup) => R::setup_phase(
                setup.deadline.saturating_sub(now),
                setup.ready.map(|r| r.is_some()),
                setup.drafts[you],
            ),
            Stage::Play(_) => Phase::Play,
            Stage::Over(game) => R::over_phase(game),
        }
    }

    /// The phase as a spectator is told of it: nobody's draft.
    pub fn public_phase(&self, rules: R::Rules, now: u64) -> Phase {
        match self {
            Stage::Setup(setup) => R::setup_phase(
                setup.deadline.saturating_sub(now),
                setup.ready.map(|r| r.is_some()),
                R::blank(rules),
            ),
            _ => self.phase(Color::South, now),
        }
    }

    /// Whether absence counts: during the setup and the game.
    pub fn live(&self) -> bool {
        matches!(self, Stage::Setup(_) | Stage::Play(_))
    }

    pub fn game(&self) -> Option<&R::Game> {
        match self {
            Stage::Play(game) | Stage::Over(game) => Some(game),
            Stage::Waiting | Stage::Setup(_) => None,
        }
    }

    /// The setup stage, for a side whose setup is not in yet.
    pub fn setting_up(&mut self, side: Color) -> Result<&mut SetupStage<R>, Refusal> {
        match self {
            Stage::Setup(setup) if setup.ready[side].is_none() => Ok(setup),
            Stage::Setup(_) => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "your setup is already in",
            )),
            _ => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the setup phase is not on",
            )),
        }
    }

    /// The game on, for a move.
    pub fn playing(&mut self) -> Result<&mut R::Game, Refusal> {
        match self {
            Stage::Play(game) => Ok(game),
            _ => Err(Refusal::new(ErrorCode::WrongPhase, "no game is on")),
        }
    }

    /// Moves a game that just ended to [`Stage::Over`]; true if it did.
    pub fn settle(&mut self) -> bool {
        if matches!(self, Stage::Play(game) if R::is_over(game)) {
            let Stage::Play(game) = std::mem::replace(self, Stage::Waiting) else {
                unreachable!("matched above")
            };
            *self = Stage::Over(game);
            return true;
        }
        false
    }
}

impl<R: Referee> SetupStage<R> {
    /// Both sides start from the rules' blank camp ([`Referee::blank`]).
    pub fn new(deadline: u64, rules: R::Rules) -> SetupStage<R> {
        SetupStage {
            deadline,
            drafts: ByColor::new_with(|_| R::blank(rules)),
            ready: ByColor::default(),
        }
    }

    pub fn all_ready(&self) -> bool {
        self.ready.south.is_some() && self.ready.north.is_some()
    }

    /// The game from the setups in, the drafts completed at random.
    pub fn start(&self, rules: R::Rules, first: Color, seed: u64) -> R::Game {
        let setups = ByColor::new_with(|side| {
            self.ready[side]
                .unwrap_or_else(|| R::complete(rules, &self.drafts[side], seed ^ side as u64))
        });
        R::start(rules, setups, first)
    }
}
