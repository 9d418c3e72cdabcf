//! The CPU's levels, from a beginner who leaves pieces hanging to the
//! full search, each a set of limits and (below the top) weaknesses.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// How strongly the CPU plays; the app, the table server and the USI
/// engine store and send it by its lowercase name.
///
/// ```
/// use shogi_cpu::Level;
/// assert_eq!("club".parse::<Level>(), Ok(Level::Club));
/// assert_eq!(Level::Beginner.to_string(), "beginner");
/// assert_eq!(serde_json::to_string(&Level::Strong).unwrap(), "\"strong\"");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// One move deep, picking loosely among the good moves, and half the
    /// time blind to what its move leaves hanging: beatable by a player
    /// who has just learnt the moves, yet it takes what is offered.
    #[default]
    Beginner,
    /// Two moves deep, less noise, sometimes blind to hanging pieces.
    Novice,
    /// Four moves deep with a little noise; sees short mates.
    Amateur,
    /// A real search of a modest budget.
    Club,
    /// The full search at about a second a move in the browser.
    Strong,
}

/// What a level searches and how it errs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Nodes per move.
    pub nodes: u64,
    /// The deepest iteration.
    pub depth: i32,
    /// The root moves' values are shaken by up to this many centipawns
    /// before the best is taken (0: the best move).
    pub noise: i32,
    /// Percent of moves searched without quiescence, so that a capture
    /// left hanging goes unseen.
    pub blind_percent: u32,
    /// The longest mate the tsume search looks for first (0: none).
    pub mate_plies: u32,
    /// The tsume search's nodes.
    pub mate_nodes: u64,
    /// Where a clock is at hand (the browser's worker, a USI clock), the
    /// milliseconds the level thinks for instead of counting nodes: the
    /// top level plays as well as the device allows in its time.
    pub clock_millis: Option<u32>,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Novice,
        Level::Amateur,
        Level::Club,
        Level::Strong,
    ];

    /// The lowercase name.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Amateur => "amateur",
            Level::Club => "club",
            Level::Strong => "strong",
        }
    }

    /// The level's limits and weaknesses. The top level's nodes are
    /// calibrated to about a second in wasm (`docs/BENCHMARKS.md`).
    pub const fn style(self) -> Style {
        const FULL: i32 = 100;
        match self {
            Level::Beginner => Style {
                nodes: 5_000,
                depth: 1,
                noise: 250,
                blind_percent: 50,
                mate_plies: 0,
                mate_nodes: 0,
                clock_millis: None,
            },
            Level::Novice => Style {
                nodes: 20_000,
                depth: 2,
                noise: 120,
                blind_percent: 15,
                mate_plies: 0,
                mate_nodes: 0,
                clock_millis: None,
            },
            // Four moves deep since the search prunes: three scored 74%
            // against the novice, four 82% (docs/SHOGI_LEVELS.md).
            Level::Amateur => Style {
                nodes: 50_000,
                depth: 4,
                noise: 40,
                blind_percent: 0,
                mate_plies: 3,
                mate_nodes: 5_000,
                clock_millis: None,
            },
            Level::Club => Style {
                nodes: 120_000,
                depth: FULL,
                noise: 0,
                blind_percent: 0,
                mate_plies: 5,
                mate_nodes: 20_000,
                clock_millis: None,
            },
            Level::Strong => Style {
                nodes: 800_000,
                depth: FULL,
                noise: 0,
                blind_percent: 0,
                mate_plies: 7,
                // Each node of the tsume search generates every move, and
                // with full hands that is slow: 100,000 nodes took 0.8 s
                // of a second's budget on one position.
                mate_nodes: 20_000,
                clock_millis: Some(1_000),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no level is called {:?}", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.id() == name)
            .ok_or_else(|| UnknownLevel(name.to_owned()))
    }
}
