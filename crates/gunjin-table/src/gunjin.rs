//! Gunjin Shogi's part of the messages: the setups and moves a player
//! sends, and the views, moves and record it is told. Each player is told
//! only its own [`View`]: enemy kinds stay hidden until the record at the
//! end.

use gunjin_rules::{
    Move, Outcome, ParseMoveError, PartialSetup, PublicMove, Record, Setup, Shape, View,
};
use serde::{Deserialize, Serialize};

use crate::ErrorCode;
use crate::parts::Part;

/// What a seated player of a Gunjin table sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GunjinAct {
    /// The setup so far, kept by the server so that it completes this one
    /// (at random) when the setup timer runs out.
    Draft {
        setup: PartialSetup,
    },
    /// The final setup: once both are in, the game starts.
    Ready {
        setup: Setup,
    },
    Move(MoveText),
}

/// A setup that does not read is the player's to correct: the connection
/// stays.
impl Part for GunjinAct {
    fn refusal(tag: &str) -> ErrorCode {
        match tag {
            "draft" | "ready" => ErrorCode::BadSetup,
            _ => ErrorCode::BadMessage,
        }
    }
}

/// What a player of a Gunjin table is told of its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunjinNews {
    /// The player's view of the game: at the start, on (re)connection and
    /// at the end (after the last move, which then comes in `played` with
    /// its announcement); every other move comes as a [`Step`](Self::Step).
    Game {
        view: View,
        played: Option<PublicMove>,
    },
    /// A move of a game that goes on, as everyone may know it (the move
    /// and its announcement): the receiver applies it to its view
    /// ([`View::apply`]), which then equals the referee's. Whole views
    /// come on joining, on resuming and at the end.
    Step(PublicMove),
    /// The game is over: the result and the whole record with both setups.
    Over { outcome: Outcome, record: Record },
}

impl Part for GunjinNews {}

/// A Gunjin move as the player wrote it (`"b4-b5"`, `"e2*e5+"`), read
/// against the table's board when it arrives there: Classic 25 writes its
/// headquarters e1 and accepts d1 and f1 for it, which a reader without
/// the board takes for other nodes. A text that names no move on any
/// board does not read at all, as before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct MoveText(String);

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MoveText, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<Move>().map_err(serde::de::Error::custom)?;
        Ok(MoveText(text))
    }
}

impl MoveText {
    /// The move on the board of `shape`.
    pub fn read(&self, shape: &Shape) -> Result<Move, ParseMoveError> {
        shape.parse_move(&self.0)
    }
}

impl From<Move> for MoveText {
    fn from(mv: Move) -> MoveText {
        MoveText(mv.to_string())
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        MoveText(text.into())
    }
}
