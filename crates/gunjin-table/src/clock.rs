//! A game's optional clock, chosen when the table is opened.

use gunjin_rules::{ByColor, Color};
use serde::{Deserialize, Serialize};

/// How long a side may think. The server keeps the time; the side whose
/// time runs out loses (recorded as its resignation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// Each move within this many milliseconds.
    PerMove { millis: u64 },
    /// All of a side's moves within this many milliseconds.
    PerGame { millis: u64 },
    /// A main time for all of a side's moves, then each move within
    /// `byoyomi_millis` once it is spent (Shogi's 秒読み).
    Byoyomi { millis: u64, byoyomi_millis: u64 },
}

impl Clock {
    /// The longest clock the server keeps: a day.
    pub const MAX_MILLIS: u64 = 24 * 3600 * 1000;

    /// This clock, at most [`Self::MAX_MILLIS`].
    pub fn capped(self) -> Clock {
        match self {
            Clock::PerMove { millis } => Clock::PerMove {
                millis: millis.min(Self::MAX_MILLIS),
            },
            Clock::PerGame { millis } => Clock::PerGame {
                millis: millis.min(Self::MAX_MILLIS),
            },
            Clock::Byoyomi {
                millis,
                byoyomi_millis,
            } => Clock::Byoyomi {
                millis: millis.min(Self::MAX_MILLIS),
                byoyomi_millis: byoyomi_millis.min(Self::MAX_MILLIS),
            },
        }
    }

    /// Each side's time at the start.
    pub fn millis(self) -> u64 {
        match self {
            Clock::PerMove { millis }
            | Clock::PerGame { millis }
            | Clock::Byoyomi { millis, .. } => millis,
        }
    }

    /// The time each move has once the main time is spent.
    pub fn byoyomi(self) -> u64 {
        match self {
            Clock::Byoyomi { byoyomi_millis, .. } => byoyomi_millis,
            Clock::PerMove { .. } | Clock::PerGame { .. } => 0,
        }
    }
}

/// Where the clock stands as the message leaves the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    pub clock: Clock,
    /// Each side's time left (per move: for the move to make; with
    /// byoyomi: of the main time, the byoyomi coming after it).
    pub left: ByColor<u64>,
    /// The side whose time is running, during the game.
    pub running: Option<Color>,
}
