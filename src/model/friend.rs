//! A Gunjin game between two players on one device (pass-and-play). The
//! device goes back and forth: each player sets up in secret, then moves,
//! sees what the referee told them, and passes it on. Between two players
//! a handoff screen shows nothing of either side, so the model says whose
//! side is on screen (`None`: the handoff) and hands out only that side's
//! [`View`]. A reload resumes at the handoff: which side is on screen is
//! not stored.

use gunjin_rules::{
    ByColor, Color, Game, Move, Outcome, PlayError, Record, RecordError, Rules, Setup, SetupError,
    View,
};
use serde::{Deserialize, Serialize};

use crate::model::tags::Tags;
use crate::storage::{Entry, What};

/// Where the game is: whose setup or whose move comes next, or the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Setup(Color),
    Turn(Color),
    Over,
}

/// The game (or the setups before it) and the side on screen.
#[derive(Clone, Debug)]
pub struct Friends {
    names: ByColor<String>,
    rules: Rules,
    first: Color,
    /// The setups made so far; South's first, then North's.
    setups: ByColor<Option<Setup>>,
    game: Option<Game>,
    /// Each player's guesses about the other's pieces.
    tags: ByColor<Tags>,
    /// The side whose view is on screen; `None`: the handoff screen.
    on_screen: Option<Color>,
}

impl Friends {
    /// A new game: player 1 (South) sets up first; `first` moves first.
    pub fn new(names: ByColor<String>, rules: Rules, first: Color) -> Friends {
        Friends {
            names,
            rules,
            first,
            setups: ByColor::default(),
            game: None,
            tags: ByColor::default(),
            on_screen: None,
        }
    }

    pub fn name(&self, side: Color) -> &str {
        &self.names[side]
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn stage(&self) -> Stage {
        match &self.game {
            Some(game) if game.outcome().is_some() => Stage::Over,
            Some(game) => Stage::Turn(game.position().turn()),
            None if self.setups.south.is_none() => Stage::Setup(Color::South),
            None => Stage::Setup(Color::North),
        }
    }

    /// The side to take the device at the handoff (none once it is over).
    pub fn next(&self) -> Option<Color> {
        match self.stage() {
            Stage::Setup(side) | Stage::Turn(side) => Some(side),
            Stage::Over => None,
        }
    }

    /// The side on screen; `None` while the handoff screen shows.
    pub fn on_screen(&self) -> Option<Color> {
        self.on_screen
    }

    /// The next player has the device and tapped: their side is shown.
    pub fn take(&mut self) {
        self.on_screen = self.next();
    }

    /// The player on screen is done: the handoff screen shows.
    pub fn pass(&mut self) {
        self.on_screen = None;
    }

    /// The setup of the side on screen, checked by the referee; the second
    /// one starts the game. Either way the device is passed on.
    pub fn set_up(&mut self, setup: Setup) -> Result<(), SetupError> {
        let Some(side) = self.on_screen.filter(|&s| self.stage() == Stage::Setup(s)) else {
            return Ok(());
        };
        setup.check(self.rules)?;
        self.setups[side] = Some(setup);
        if let ByColor {
            south: Some(south),
            north: Some(north),
        } = self.setups
        {
            self.game = Some(Game::new(self.rules, ByColor { south, north }, self.first)?);
        }
        self.pass();
        Ok(())
    }

    /// What the side on screen knows, once the game has started.
    pub fn view(&self) -> Option<View> {
        Some(self.game.as_ref()?.view(self.on_screen?))
    }

    /// The move of the side on screen; it stays on screen to see its result.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let side = self.on_screen.ok_or(PlayError::GameOver)?;
        let game = self.game.as_mut().ok_or(PlayError::GameOver)?;
        if game.position().turn() != side {
            return Err(PlayError::IllegalMove { mv, side });
        }
        game.play(mv).map(drop)
    }

    /// The side on screen gives up.
    pub fn resign(&mut self) -> Result<(), PlayError> {
        let side = self.on_screen.ok_or(PlayError::GameOver)?;
        self.game.as_mut().ok_or(PlayError::GameOver)?.resign(side)
    }

    /// The guesses of the side on screen.
    pub fn tags(&self) -> Tags {
        self.on_screen
            .map(|side| self.tags[side].clone())
            .unwrap_or_default()
    }

    /// Keeps the guesses of the side on screen.
    pub fn set_tags(&mut self, tags: Tags) {
        if let Some(side) = self.on_screen {
            self.tags[side] = tags;
        }
    }

    /// The result and the whole record, once the game is over.
    pub fn finished(&self) -> Option<(Outcome, Record)> {
        let game = self.game.as_ref()?;
        Some((game.outcome()?, game.record()))
    }
}

/// A pass-and-play game as stored after every change (`gunjin-friend`):
/// the names, and the setups made so far or the record, which replays
/// through the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedFriends {
    pub names: ByColor<String>,
    pub rules: Rules,
    pub first: Color,
    pub setups: ByColor<Option<Setup>>,
    pub record: Option<Record>,
    pub tags: ByColor<Tags>,
}

impl Entry for SavedFriends {
    const KEY: &'static str = "gunjin-friend";
    const VERSION: u32 = 1;
    const WHAT: What = What::Game;
}

impl Friends {
    /// What to store: never which side is on screen.
    pub fn saved(&self) -> SavedFriends {
        SavedFriends {
            names: self.names.clone(),
            rules: self.rules,
            first: self.first,
            setups: self.setups,
            record: self.game.as_ref().map(Game::record),
            tags: self.tags.clone(),
        }
    }

    /// The stored game, its record replayed through the rules, at the
    /// handoff screen.
    pub fn resume(saved: &SavedFriends) -> Result<Friends, RecordError> {
        Ok(Friends {
            names: saved.names.clone(),
            rules: saved.rules,
            first: saved.first,
            setups: saved.setups,
            game: saved.record.as_ref().map(Record::replay).transpose()?,
            tags: saved.tags.clone(),
            on_screen: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{from_text, to_text};
    use gunjin_rules::{Kind, Template};

    fn names() -> ByColor<String> {
        ByColor {
            south: "Aki".into(),
            north: "Ben".into(),
        }
    }

    /// Both set up from templates, South to move, at the handoff.
    fn started() -> Friends {
        let mut f = Friends::new(names(), Rules::KIRAKUKEN, Color::South);
        for template in [Template::ALL[0], Template::ALL[1]] {
            f.take();
            f.set_up(template.setup()).unwrap();
        }
        f
    }

    #[test]
    fn each_sets_up_in_turn_behind_a_handoff() {
        let mut f = Friends::new(names(), Rules::KIRAKUKEN, Color::North);
        assert_eq!(f.stage(), Stage::Setup(Color::South));
        assert_eq!(f.on_screen(), None);
        // Nobody's setup is taken from the handoff screen.
        f.set_up(Template::ALL[0].setup()).unwrap();
        assert_eq!(f.stage(), Stage::Setup(Color::South));
        f.take();
        assert_eq!(f.on_screen(), Some(Color::South));
        f.set_up(Template::ALL[0].setup()).unwrap();
        assert_eq!(
            (f.stage(), f.on_screen()),
            (Stage::Setup(Color::North), None)
        );
        f.take();
        f.set_up(Template::ALL[2].setup()).unwrap();
        assert_eq!(
            (f.stage(), f.on_screen()),
            (Stage::Turn(Color::North), None)
        );
        assert_eq!(f.view(), None);
        assert_eq!(f.name(Color::North), "Ben");
    }

    #[test]
    fn only_the_side_on_screen_sees_and_moves() {
        let mut f = started();
        f.take();
        let view = f.view().unwrap();
        assert_eq!(view.side(), Color::South);
        assert!(view.is_my_turn());
        let mv = view.legal_moves()[0];
        f.play(mv).unwrap();
        // The mover still sees their own view, and cannot move again.
        assert_eq!(f.view().unwrap().side(), Color::South);
        assert!(f.view().unwrap().legal_moves().is_empty());
        assert!(f.play(mv).is_err());
        f.pass();
        assert_eq!(f.view(), None);
        assert!(f.play(mv).is_err());
        f.take();
        let view = f.view().unwrap();
        assert_eq!(view.side(), Color::North);
        assert!(view.is_my_turn());
        f.resign().unwrap();
        assert_eq!(f.stage(), Stage::Over);
        assert_eq!(f.next(), None);
        let (outcome, record) = f.finished().unwrap();
        assert_eq!(outcome.winner(), Some(Color::South));
        assert_eq!(record.first(), Color::South);
    }

    #[test]
    fn each_side_keeps_its_own_guesses() {
        let mut f = started();
        f.take();
        let enemy = f.view().unwrap().enemies()[0].id;
        let mut tags = Tags::default();
        tags.set(enemy, Some(Kind::Mine));
        f.set_tags(tags.clone());
        assert_eq!(f.tags(), tags);
        f.play(f.view().unwrap().legal_moves()[0]).unwrap();
        f.pass();
        assert_eq!(f.tags(), Tags::default());
        f.take();
        assert_eq!(f.tags(), Tags::default());
    }

    #[test]
    fn a_stored_game_resumes_at_the_handoff() {
        let mut f = Friends::new(names(), Rules::TRADITIONAL, Color::South);
        f.take();
        f.set_up(Template::ALL[3].setup()).unwrap();
        let text = to_text(&f.saved());
        let resumed = Friends::resume(&from_text(&text).unwrap()).unwrap();
        assert_eq!(resumed.stage(), Stage::Setup(Color::North));
        assert_eq!(resumed.rules(), Rules::TRADITIONAL);

        let mut f = started();
        f.take();
        f.play(f.view().unwrap().legal_moves()[0]).unwrap();
        let saved: SavedFriends = from_text(&to_text(&f.saved())).unwrap();
        assert_eq!(saved, f.saved());
        let mut resumed = Friends::resume(&saved).unwrap();
        assert_eq!(resumed.on_screen(), None);
        assert_eq!(resumed.stage(), Stage::Turn(Color::North));
        resumed.take();
        f.pass();
        f.take();
        assert_eq!(resumed.view(), f.view());
    }
}
