//! Why the server refused a message, and whether it closes the connection.

use core::fmt;

use serde::{Deserialize, Serialize};

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a known message, or not text.
    BadMessage,
    /// Longer than [`MAX_MESSAGE_BYTES`](crate::MAX_MESSAGE_BYTES).
    TooLarge,
    /// More messages than the connection's rate allows; this one was dropped.
    RateLimited,
    NoSuchTable,
    /// The seat token does not belong to the table.
    BadToken,
    TableFull,
    /// A seat-bound message before `open`, `join` or `resume`, or a second
    /// of those.
    NoSeat,
    /// Only the host may do this.
    NotHost,
    /// Not possible in the table's current phase.
    WrongPhase,
    BadName,
    BadLevel,
    BadSetup,
    NotYourTurn,
    IllegalMove,
    /// The connection's seat was taken over by a newer connection.
    Replaced,
    /// The table was idle too long and is closed.
    Expired,
    /// A connection that took no seat in time, or whose client went
    /// silent (no answer to the server's pings).
    TimedOut,
    /// This address opened as many tables as it may this hour.
    TooManyTables,
    /// The server has as many tables open as it takes.
    ServerFull,
    /// This address has as many CPU games on as it may: the seat stays
    /// free for a friend.
    TooManyCpuTables,
    /// The server's CPU opponents cannot take one more game now without
    /// slowing those on: the seat stays free, try again in a minute.
    CpuBusy,
    /// This address holds as many seats (at every table together) as it
    /// may at once.
    TooManySeats,
    /// The server cannot store the game right now: the last move (or the
    /// start) is announced once it can, and every action waits till then.
    /// Sent to both seats, and in answer to any action meanwhile.
    CannotSave,
    /// Gunjin has no takeback: undoing a battle would tell what it hid.
    NoTakeback,
    /// An offer made again before the opponent moved, or a rematch
    /// offered again after a refusal: refused, so that offers cannot
    /// flood the opponent.
    OfferRepeated,
    /// The server crashed with its store damaged, and this game may have
    /// lost its last moves: it goes on from the position just sent.
    RolledBack,
    /// The table's players forbid spectators (a watch, or those watching
    /// when a player turns them off).
    NoSpectators,
    /// This address watches as many tables as it may at once.
    TooManyWatchers,
    /// This address follows the lobby on as many connections as it may.
    TooManyInLobby,
    /// This address seeks games faster, or on more connections, than it
    /// may: the seek is dropped.
    TooManySeeks,
}

impl ErrorCode {
    /// Whether the server closes the connection after this error: protocol
    /// violations and lost seats do; game mistakes do not.
    pub const fn closes(self) -> bool {
        matches!(
            self,
            ErrorCode::BadMessage
                | ErrorCode::TooLarge
                | ErrorCode::BadToken
                | ErrorCode::NoSuchTable
                | ErrorCode::TableFull
                | ErrorCode::Replaced
                | ErrorCode::Expired
                | ErrorCode::TimedOut
                | ErrorCode::TooManyTables
                | ErrorCode::ServerFull
                | ErrorCode::TooManySeats
                | ErrorCode::NoSpectators
                | ErrorCode::TooManyWatchers
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
