//! How a game ends.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The loser had no legal move: checkmate (with drops, a position with
    /// no move and no check never comes up in play, and loses the same way).
    Checkmate,
    Resignation,
    /// The loser's clock ran out.
    TimeOut,
    /// The winner declared by the 27-point rule, correctly.
    Impasse,
    /// The loser declared an impasse that did not meet the rule.
    FalseDeclaration,
    /// The same position for the fourth time: a draw.
    Repetition,
    /// The fourth repetition, with the loser giving check on every one of
    /// its moves since the first (連続王手の千日手).
    PerpetualCheck,
    /// The 512th move was played: a draw.
    MoveLimit,
    /// The players agreed to a draw.
    Agreement,
}

/// The result: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// `winner` won because of `reason`.
    pub const fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw because of `reason`.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} wins ({:?})", self.reason),
            None => write!(f, "draw ({:?})", self.reason),
        }
    }
}
