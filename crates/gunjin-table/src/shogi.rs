//! Shogi's part of the messages. Shogi hides nothing: both seats are told
//! the whole record, and moves travel as USI text, read with `shogi-rules`
//! by whoever plays them (the app's first load reads these messages and
//! must not carry Shogi's parsers).

use gunjin_rules::Color;
use serde::{Deserialize, Serialize};

use crate::parts::Part;

/// What a seated player of a Shogi table sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ShogiAct {
    /// A move or drop, as USI (`"7g7f"`, `"P*5e"`, `"8h2b+"`).
    #[serde(rename = "usi")]
    Move(String),
    /// The side to move declares an impasse (the 27-point rule); a
    /// declaration that does not meet it loses.
    Declare,
}

impl Part for ShogiAct {}

/// What a player of a Shogi table is told of its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShogiNews {
    /// The game whole, the same for both seats: at the start, on
    /// (re)connection and at the end. `sente` is the seat that plays Sente
    /// (who moves first, drawn when the table opens); `record` is
    /// `shogi_rules::Record`'s text (`startpos moves 7g7f …`, then `end
    /// resign:gote` for an ending that is no move), whose replay tells the
    /// result.
    #[serde(rename = "shogi")]
    Game { sente: Color, record: String },
    /// A move of a game that goes on, as USI: the receiver plays it on its
    /// game, which then equals the referee's.
    #[serde(rename = "usi")]
    Move(String),
}

impl Part for ShogiNews {}
