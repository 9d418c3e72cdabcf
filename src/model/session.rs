//! A local game against the CPU. The session is the referee: it holds the
//! [`Game`] and hands the screens only [`View`]s, the player's
//! (`Color::South`) and, for the CPU alone, North's.

use gunjin_rules::{ByColor, Color, Game, Move, PlayError, Record, RecordError, Rules, Setup};
use serde::{Deserialize, Serialize};

use crate::model::settings::Level;
use crate::model::tags::Tags;
use crate::storage::{Entry, What};

/// The player's side; the CPU plays the other.
pub const ME: Color = Color::South;
pub const CPU: Color = Color::North;

/// One game in progress (or just finished).
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    difficulty: Level,
    seed: u64,
    my_setup: Setup,
}

impl Session {
    /// Starts a game; both setups are checked by the referee.
    pub fn start(
        rules: Rules,
        my_setup: Setup,
        cpu_setup: Setup,
        first: Color,
        difficulty: Level,
        seed: u64,
    ) -> Result<Session, gunjin_rules::SetupError> {
        let setups = ByColor {
            south: my_setup,
            north: cpu_setup,
        };
        Ok(Session {
            game: Game::new(rules, setups, first)?,
            difficulty,
            seed,
            my_setup,
        })
    }

    /// What the player knows.
    pub fn view(&self) -> gunjin_rules::View {
        self.game.view(ME)
    }

    /// What the CPU knows: only ever handed to the CPU.
    pub fn cpu_view(&self) -> gunjin_rules::View {
        self.game.view(CPU)
    }

    pub fn difficulty(&self) -> Level {
        self.difficulty
    }

    pub fn rules(&self) -> Rules {
        self.game.rules()
    }

    pub fn my_setup(&self) -> Setup {
        self.my_setup
    }

    /// A seed for the CPU's next move: different every move, the same for
    /// the same game.
    pub fn cpu_seed(&self) -> u64 {
        self.seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(self.game.history().len() as u64)
    }

    pub fn is_cpu_turn(&self) -> bool {
        self.game.outcome().is_none() && self.game.position().turn() == CPU
    }

    fn play_as(&mut self, side: Color, mv: Move) -> Result<(), PlayError> {
        if self.game.position().turn() != side {
            return Err(PlayError::IllegalMove { mv, side });
        }
        self.game.play(mv).map(|_| ())
    }

    /// The player's move.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_as(ME, mv)
    }

    /// The CPU's move.
    pub fn play_cpu(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_as(CPU, mv)
    }

    /// The player gives up.
    pub fn resign(&mut self) -> Result<(), PlayError> {
        self.game.resign(ME)
    }

    /// The CPU cannot answer (no move): it resigns.
    pub fn cpu_resign(&mut self) -> Result<(), PlayError> {
        self.game.resign(CPU)
    }
}

/// A game as saved after every move, so that a reload, a closed tab or a
/// crash resumes it exactly: the record replays the board and history, and
/// the CPU, which keeps nothing between moves, rebuilds its knowledge from
/// its view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub record: Record,
    pub difficulty: Level,
    pub seed: u64,
    /// The player's guesses.
    pub tags: Tags,
    /// Written so that the home page can tell of the game without
    /// replaying it; a game saved by an earlier build has none (and
    /// writes back without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outline: Option<Outline>,
}

/// What the home page says of a saved game: how far it got and whether it
/// is over. Reading it parses no record, so the home page's module carries
/// no referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outline {
    pub ply: usize,
    pub over: bool,
}

/// A saved game read only as far as its outline (and that it has a
/// record): the home page's and the export file's reading of it.
#[derive(Deserialize)]
pub struct SavedOutline {
    #[serde(rename = "record")]
    _record: Box<serde_json::value::RawValue>,
    #[serde(default)]
    pub outline: Option<Outline>,
}

impl Entry for SavedGame {
    const KEY: &'static str = "gunjin-game";
    const VERSION: u32 = 1;
    const WHAT: What = What::Game;
}

impl Session {
    /// What to save, with the player's guesses.
    pub fn saved(&self, tags: &Tags) -> SavedGame {
        SavedGame {
            record: self.game.record(),
            difficulty: self.difficulty,
            seed: self.seed,
            tags: tags.clone(),
            outline: Some(Outline {
                ply: self.game.history().len(),
                over: self.game.outcome().is_some(),
            }),
        }
    }

    /// The saved game, replayed through the rules.
    pub fn resume(saved: &SavedGame) -> Result<Session, RecordError> {
        Ok(Session {
            game: saved.record.replay()?,
            difficulty: saved.difficulty,
            seed: saved.seed,
            my_setup: saved
                .record
                .setups()
                .ok_or_else(|| RecordError("a saved game starts from setups".into()))?
                .south,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::Template;

    /// A game of two templates, the player to move.
    fn started() -> Session {
        Session::start(
            Rules::KIRAKUKEN,
            Template::ALL[0].setup(),
            Template::ALL[1].setup(),
            ME,
            Level::Easy,
            1,
        )
        .unwrap()
    }

    #[test]
    fn the_player_only_gets_views_and_turns_are_enforced() {
        let mut s = started();
        let view = s.view();
        assert!(view.is_my_turn());
        let mv = view.legal_moves()[0];
        assert!(s.play_cpu(mv).is_err());
        s.play(mv).unwrap();
        assert!(s.is_cpu_turn());
        let cpu_mv = s.cpu_view().legal_moves()[0];
        assert!(s.play(cpu_mv).is_err());
        s.play_cpu(cpu_mv).unwrap();
        let mut tags = Tags::default();
        tags.set(s.view().enemies()[0].id, Some(gunjin_rules::Kind::Mine));
        let text = crate::storage::to_text(&s.saved(&tags));
        let saved: SavedGame = crate::storage::from_text(&text).unwrap();
        assert_eq!(saved.tags, tags);
        let resumed = Session::resume(&saved).unwrap();
        assert_eq!(resumed.view(), s.view());
        assert_eq!(resumed.cpu_seed(), s.cpu_seed());
        s.resign().unwrap();
        assert!(s.view().outcome().is_some());
        assert!(s.view().reveal().is_some());
    }

    /// The home page reads a saved game by its outline alone: how far it
    /// got and whether it is over, written by this build, absent from a
    /// game saved by an earlier one (which still reads).
    #[test]
    fn a_saved_game_tells_its_outline_without_a_replay() {
        use crate::storage::{from_text_as, to_text};
        let mut s = started();
        s.play(s.view().legal_moves()[0]).unwrap();
        let outline = |s: &Session| {
            let text = to_text(&s.saved(&Tags::default()));
            from_text_as::<SavedOutline>(&text, SavedGame::VERSION)
                .unwrap()
                .outline
        };
        assert_eq!(
            outline(&s),
            Some(Outline {
                ply: 1,
                over: false
            })
        );
        s.resign().unwrap();
        assert_eq!(outline(&s), Some(Outline { ply: 1, over: true }));

        let file: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/fixtures/export-v1.json")).unwrap();
        let old = file["entries"][SavedGame::KEY].to_string();
        let read = from_text_as::<SavedOutline>(&old, SavedGame::VERSION).unwrap();
        assert_eq!(read.outline, None);
        let bad = r#"{"version": 1, "outline": {"ply": 3, "over": false}}"#;
        assert!(from_text_as::<SavedOutline>(bad, SavedGame::VERSION).is_err());
    }
}
