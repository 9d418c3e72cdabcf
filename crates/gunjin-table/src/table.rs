//! The public state of a table, as one seat sees it.

use gunjin_rules::{ByColor, Color, Outcome, PartialSetup, Rules};
use serde::{Deserialize, Serialize};

use crate::{ClockState, CpuLevel, GameTag};

/// A table as the receiving player sees it: the same for both seats but
/// for `you` and the draft of the setup phase, which is the receiver's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableState {
    /// The table id: the invite link carries it.
    pub table: String,
    /// The table's game (absent before the tag: Gunjin).
    #[serde(default)]
    pub game: GameTag,
    /// Gunjin's rules (at a Shogi table, the defaults: unused).
    pub rules: Rules,
    /// The receiver's seat; the host is South. (At a Shogi table the seat
    /// playing Sente comes with the game.)
    pub you: Color,
    pub seats: ByColor<Option<SeatInfo>>,
    pub phase: Phase,
    /// The table's clock, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockState>,
}

/// Who sits on a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    /// The CPU's level, for a CPU seat.
    pub cpu: Option<CpuLevel>,
    /// Whether a connection holds the seat (a CPU always does).
    pub connected: bool,
}

/// Where the table is in its life.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The host waits for a friend or a CPU.
    Waiting,
    /// Both sides set up in secret until both are ready or the timer runs
    /// out, when the server completes each draft at random.
    Setup {
        millis_left: u64,
        ready: ByColor<bool>,
        /// The receiver's own draft (or final setup once ready).
        draft: PartialSetup,
    },
    /// The game is on: the receiver also gets [`Game`](crate::ServerMessage::Game) views.
    Play,
    Over {
        outcome: Outcome,
    },
    /// A Shogi game is over: its record (in the `shogi` message) tells
    /// who won and why.
    ShogiOver,
}
