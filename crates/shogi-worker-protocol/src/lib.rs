//! The messages between the app and the Shogi CPU's Web Worker
//! (`crates/shogi-worker`). Only types: the app does not link `shogi-cpu`,
//! so this crate is what both sides link.
//!
//! Both messages travel as JSON strings through `postMessage`:
//!
//! - the app asks `{"id": 1, "ask": {"move": {"level": "beginner", "seed":
//!   7, "record": {"start": "<sfen>", "moves": ["7g7f"]}, "budget_ms":
//!   null}}}`: the whole record, so the worker sees the game's history
//!   (repetition, perpetual check) exactly as the referee does;
//! - the worker answers `{"id": 1, "answer": {"move": {"decision": {"move":
//!   "3c3d"}, "think_us": 81000}}}` (or `"declare"`, `"resign"`), or
//!   `{"id": 1, "answer": {"error": "…"}}` when the request does not read;
//!   and it says [`READY`] once, when it can take requests.

use serde::{Deserialize, Serialize};
use shogi_rules::{Move, Record};

/// What the worker posts once its handler is installed.
pub const READY: &str = "ready";

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the app to match the reply to the request.
    pub id: u32,
    pub ask: Ask,
}

/// What the app can ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ask {
    /// The decision of the side to move at the end of `record`, thinking at
    /// most `budget_ms` (`None`: the level's own limits; the top level's
    /// are a second on the worker's clock).
    Move {
        level: Level,
        seed: u64,
        record: Record,
        budget_ms: Option<u32>,
    },
}

/// The worker's reply to the request with the same id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    pub answer: Answer,
}

/// The worker's answer to an [`Ask`] of the same name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    Move {
        decision: Decision,
        /// How long the CPU thought in microseconds, measured in the worker.
        think_us: u32,
    },
    /// The request could not be read, or its record does not replay.
    Error { error: String },
}

/// What the CPU does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Move(Move),
    /// Declares an impasse by the 27-point rule.
    Declare,
    Resign,
}

/// The Shogi CPU's levels as the app offers, stores and sends them, by
/// their lowercase names: the CPU crate's own.
pub use shogi_cpu::Level;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_documented() {
        let ask = r#"{"id":1,"ask":{"move":{"level":"beginner","seed":7,"record":{"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f"]},"budget_ms":null}}}"#;
        let request: Request = serde_json::from_str(ask).unwrap();
        let Ask::Move { level, record, .. } = &request.ask;
        assert_eq!(*level, Level::Beginner);
        assert_eq!(record.moves.len(), 1);
        let reply = r#"{"id":1,"answer":{"move":{"decision":{"move":"3c3d"},"think_us":81000}}}"#;
        let reply: Reply = serde_json::from_str(reply).unwrap();
        assert_eq!(
            reply.answer,
            Answer::Move {
                decision: Decision::Move("3c3d".parse().unwrap()),
                think_us: 81_000
            }
        );
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
        }
    }
}
