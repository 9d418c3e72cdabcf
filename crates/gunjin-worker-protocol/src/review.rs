//! The answer to one move of a finished game's review (see
//! [`Ask::Review`](crate::Ask::Review)).

use gunjin_rules::{ByColor, Move};
use serde::{Deserialize, Serialize};

use crate::Hint;

/// The worker's reply to an [`Ask::Review`](crate::Ask::Review): a
/// message of its own, not an [`Answer`](crate::Answer), so that the
/// app's first module, which reads an answer for every move, does not
/// carry the review's reader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewReply {
    pub id: u32,
    pub answer: ReviewAnswer,
}

/// A review, or why there is none (a record that does not replay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReviewAnswer {
    Review { review: PlyReview },
    Error { error: String },
}

/// What the review says of one move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// What each side could deduce of the other's pieces on the board
    /// after the move, from its own view alone (South's hints are about
    /// North's pieces).
    pub hints: ByColor<Vec<Hint>>,
    /// How much the move narrowed the opponent's deduction of each side's
    /// pieces, in hundredths of a bit (a little below zero: the sampling's
    /// noise).
    pub told: ByColor<i32>,
    /// Whether that was enough to list the move among what gave the side
    /// away.
    pub telling: ByColor<bool>,
    /// The CPU's verdict on the move (none at the start, or where it
    /// cannot look: a game from a position).
    pub verdict: Option<Verdict>,
}

/// The Hard search's verdict on a move, from its mover's view before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The move the search would have played.
    pub best: Move,
    /// How much worse the move played was, in tenths of the CPU's worths
    /// (a General is about 100 here, a won game 10,000).
    pub drop: u32,
    pub mark: Option<Mark>,
}

/// How much worse than the search's best a move was: the CPU crate's own
/// (its thresholds in `Mark::of`).
pub use gunjin_cpu::review::marks::Mark;
