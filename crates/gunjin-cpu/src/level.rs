//! The CPU's levels: five baselines and the three levels a player picks.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// How the CPU plays.
///
/// ```
/// use gunjin_cpu::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Easy.to_string(), "easy");
/// assert_eq!(Level::PLAYABLE, [Level::Easy, Level::Normal, Level::Hard]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
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
    /// Deduction and a one-move look (its move, then the enemy's attacks
    /// in reach) over a few sampled worlds, chosen loosely among the good
    /// moves: a gentle opponent.
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
    /// once a Mine it cannot clear shuts the enemy headquarters, and
    /// chooses at random only among near-equal moves: the strongest level.
    Hard,
}

impl Level {
    pub const ALL: [Level; 8] = [
        Level::Random,
        Level::Greedy,
        Level::Reckless,
        Level::Turtle,
        Level::Trader,
        Level::Easy,
        Level::Normal,
        Level::Hard,
    ];

    /// The levels offered to a player.
    pub const PLAYABLE: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The lowercase name used in the protocol, the arena and URLs.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Reckless => "reckless",
            Level::Turtle => "turtle",
            Level::Trader => "trader",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The think time this level aims at per move, in milliseconds; a
    /// smaller [`Budget`](crate::Budget) from the host caps it.
    pub const fn think_millis(self) -> f64 {
        match self {
            Level::Random | Level::Greedy | Level::Reckless | Level::Turtle | Level::Trader => 0.0,
            Level::Easy => 60.0,
            Level::Normal => 300.0,
            Level::Hard => 800.0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a level: random, greedy, reckless, turtle, trader, easy, normal or hard",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}
