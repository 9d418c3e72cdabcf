//! The public state of a table, as one seat sees it.

use gunjin_rules::{ByColor, Color, Outcome, PartialSetup, Rules};
use serde::{Deserialize, Serialize};

use crate::{Clock, ClockState, CpuLevel, GameTag};

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

/// What an invite link leads to, told before sitting down: the game, the
/// host, whether a seat is free and the clock; nothing of a seat's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    #[serde(default)]
    pub game: GameTag,
    /// Gunjin's rules (at a Shogi table, the defaults: unused).
    pub rules: Rules,
    /// The host's name (South's seat).
    pub host: String,
    /// Both seats are taken.
    pub full: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
}

impl Invitation {
    /// What a table shows someone not seated at it.
    ///
    /// ```
    /// use gunjin_rules::{ByColor, Rules};
    /// use gunjin_table::{GameTag, Invitation, Phase, SeatInfo, TableState};
    /// let host = SeatInfo { name: "Aki".into(), cpu: None, connected: true };
    /// let state = TableState {
    ///     table: "00ff".into(),
    ///     game: GameTag::Shogi,
    ///     rules: Rules::default(),
    ///     you: gunjin_rules::Color::South,
    ///     seats: ByColor { south: Some(host), north: None },
    ///     phase: Phase::Waiting,
    ///     clock: None,
    /// };
    /// let invitation = Invitation::of(&state);
    /// assert_eq!((invitation.game, invitation.host.as_str(), invitation.full), (GameTag::Shogi, "Aki", false));
    /// ```
    pub fn of(table: &TableState) -> Invitation {
        Invitation {
            game: table.game,
            rules: table.rules,
            host: table
                .seats
                .south
                .as_ref()
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            full: table.seats.south.is_some() && table.seats.north.is_some(),
            clock: table.clock.map(|c| c.clock),
        }
    }
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
    /// The game is on: the receiver also gets [`Game`](crate::GunjinNews::Game) views.
    Play,
    Over {
        outcome: Outcome,
    },
    /// A Shogi game is over: its record (in the `shogi` message) tells
    /// who won and why.
    ShogiOver,
}
