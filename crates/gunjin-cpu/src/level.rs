//! Who the CPU is: one of the three levels a player picks, or one of the
//! seven baselines the arena measures them against.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// A level a player picks: the one definition the worker, the table
/// server and the app use. It travels, and is stored, as its lowercase
/// name.
///
/// ```
/// use gunjin_cpu::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Easy.to_string(), "easy");
/// assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), r#""hard""#);
/// assert!(serde_json::from_str::<Level>(r#""greedy""#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Deduction and a one-move look (its move, then the enemy's attacks
    /// in reach) over a few sampled worlds, chosen loosely among the good
    /// moves: a gentle opponent.
    #[default]
    Easy,
    /// Deduction and a two-move search over more worlds, settling the
    /// attacks in reach before it judges a position.
    Normal,
    /// Deduction and a three-move search (its move, the reply, its next
    /// move, then the attacks in reach) over as many worlds as its time
    /// allows, sampled so that a piece which stood still while it could
    /// move (or stands in its headquarters) is likelier a Mine or the Flag, that learns from the battles along each line (so it can
    /// send a cheap piece to find out what its officer would attack), that
    /// lets the enemy see everything in only one world of four (elsewhere
    /// it attacks only what it can deduce, so an unknown guard does not
    /// stop every officer, though its General attacks any officer beside
    /// it), that keeps a winner (its last two officers attack only what
    /// it is sure they beat while the enemy may still have an officer,
    /// and no officer attacks what may be a Mine: a Plane or an Engineer
    /// finds out first, and with neither left a Mine that stays is left
    /// alone), hunts the enemy's pieces that move
    /// once a Mine it cannot clear shuts the enemy headquarters, closes in
    /// on the guards of the enemy headquarters (its Spy on the General) as
    /// the move limit nears and gambles its last officers for the last
    /// hundred plies, and chooses at random only among near-equal moves:
    /// the strongest level.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The stable identifier in storage, URLs, the DOM, the worker and
    /// table protocols, and the arena.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The think time this level aims at per move, in milliseconds; a
    /// smaller [`Budget`](crate::Budget) from the host caps it.
    pub const fn think_millis(self) -> f64 {
        match self {
            Level::Easy => 60.0,
            Level::Normal => 300.0,
            Level::Hard => 800.0,
        }
    }
}

/// The arena's yardsticks: fixed ways of playing without deduction or
/// search, never offered to a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Baseline {
    /// A uniformly random legal move: the benchmark floor.
    Random,
    /// The best move by a one-move heuristic, with no deduction.
    Greedy,
    /// Attacks whatever stands next to it with its strongest piece there,
    /// as if every attack won; otherwise shuffles, mostly beside its
    /// headquarters: the blind attacker.
    Reckless,
    /// Never crosses the front nor opens its headquarters' neighbours;
    /// attacks only a piece next to its own, when a one-move guess
    /// favours it: the defence that stays home.
    Turtle,
    /// Greedy that counts an even trade as a gain: officers disappear
    /// fast.
    Trader,
    /// Keeps the piece in its headquarters and walks its strongest piece
    /// up and down beside it; otherwise as passive as Turtle: the defence
    /// that waits for the move limit.
    Defender,
    /// Runs an officer at the enemy headquarters as soon as it stands
    /// empty with a way open; otherwise Greedy: the race.
    Racer,
}

impl Baseline {
    pub const ALL: [Baseline; 7] = [
        Baseline::Random,
        Baseline::Greedy,
        Baseline::Reckless,
        Baseline::Turtle,
        Baseline::Trader,
        Baseline::Defender,
        Baseline::Racer,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Baseline::Random => "random",
            Baseline::Greedy => "greedy",
            Baseline::Reckless => "reckless",
            Baseline::Turtle => "turtle",
            Baseline::Trader => "trader",
            Baseline::Defender => "defender",
            Baseline::Racer => "racer",
        }
    }
}

/// How a [`Cpu`](crate::Cpu) plays: a level or a baseline.
///
/// ```
/// use gunjin_cpu::{Baseline, Level, Player};
/// assert_eq!("greedy".parse::<Player>(), Ok(Player::Baseline(Baseline::Greedy)));
/// assert_eq!("Hard".parse::<Player>(), Ok(Player::Level(Level::Hard)));
/// assert_eq!("defender".parse::<Player>(), Ok(Player::Baseline(Baseline::Defender)));
/// assert_eq!(Player::ALL.len(), 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Baseline(Baseline),
    Level(Level),
}

impl Player {
    /// The baselines, then the levels from the weakest.
    pub const ALL: [Player; 10] = [
        Player::Baseline(Baseline::Random),
        Player::Baseline(Baseline::Greedy),
        Player::Baseline(Baseline::Reckless),
        Player::Baseline(Baseline::Turtle),
        Player::Baseline(Baseline::Trader),
        Player::Baseline(Baseline::Defender),
        Player::Baseline(Baseline::Racer),
        Player::Level(Level::Easy),
        Player::Level(Level::Normal),
        Player::Level(Level::Hard),
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Player::Baseline(baseline) => baseline.id(),
            Player::Level(level) => level.id(),
        }
    }

    /// The think time per move in milliseconds: none for a baseline.
    pub const fn think_millis(self) -> f64 {
        match self {
            Player::Baseline(_) => 0.0,
            Player::Level(level) => level.think_millis(),
        }
    }
}

impl From<Level> for Player {
    fn from(level: Level) -> Player {
        Player::Level(level)
    }
}

impl From<Baseline> for Player {
    fn from(baseline: Baseline) -> Player {
        Player::Baseline(baseline)
    }
}

/// A name that is not a level (or, for a [`Player`], not a baseline
/// either).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError {
    pub name: String,
    /// The names it could have been.
    known: &'static str,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a level: {}", self.name, self.known)
    }
}

impl std::error::Error for ParseLevelError {}

/// The item of `all` named `name` (in any case).
fn named<T: Copy>(
    all: &[T],
    id: fn(T) -> &'static str,
    name: &str,
    known: &'static str,
) -> Result<T, ParseLevelError> {
    all.iter()
        .copied()
        .find(|&item| id(item).eq_ignore_ascii_case(name))
        .ok_or_else(|| ParseLevelError {
            name: name.to_owned(),
            known,
        })
}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        named(&Level::ALL, Level::id, s, "easy, normal or hard")
    }
}

impl FromStr for Player {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Player, ParseLevelError> {
        let known =
            "random, greedy, reckless, turtle, trader, defender, racer, easy, normal or hard";
        named(&Player::ALL, Player::id, s, known)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
