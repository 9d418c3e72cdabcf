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
//!   and it says [`READY`] once, when it can take requests;
//! - for the analysis of a game, the app asks for one position at a time
//!   (`{"analyse": {"record": …, "ply": 12, "nodes": null, "before": …}}`),
//!   so that it can stop between positions and never waits on the engine;
//!   `before` is the worker's judgement of the position one ply earlier,
//!   from which the worker marks the move played there.

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
    /// The engine's judgement of the position after `ply` moves of
    /// `record`, within `nodes` (`None`: [`ANALYSIS_NODES`]); with the
    /// judgement of the position before it, the mark of the move between.
    Analyse {
        record: Record,
        ply: usize,
        nodes: Option<u64>,
        before: Option<Judgement>,
    },
}

/// The nodes an analysis gives each position by default: a 120-move game
/// within a minute in the browser's worker (`docs/BENCHMARKS.md`,
/// "Shogi analysis").
pub const ANALYSIS_NODES: u64 = 100_000;

/// What a position is worth, and how bad a played move was: the CPU
/// crate's own.
pub use shogi_cpu::analysis::{Eval, Mark};

/// The engine's judgement of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judgement {
    pub eval: Eval,
    /// Sente's chance of winning, 0 to 1, by the CPU's mapping.
    pub sente_chance: f64,
    /// The line the engine expects, its best move first.
    pub pv: Vec<Move>,
    pub depth: i32,
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
    Analyse {
        judgement: Judgement,
        /// The mark of the move that led here, when the request gave the
        /// judgement before it.
        mark: Option<Mark>,
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
    use shogi_rules::Color;

    #[test]
    fn messages_read_as_documented() {
        let ask = r#"{"id":1,"ask":{"move":{"level":"beginner","seed":7,"record":{"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f"]},"budget_ms":null}}}"#;
        let request: Request = serde_json::from_str(ask).unwrap();
        let Ask::Move { level, record, .. } = &request.ask else {
            panic!("not a move: {request:?}");
        };
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
        let analyse = r#"{"id":2,"ask":{"analyse":{"record":{"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f"]},"ply":1,"nodes":null,"before":{"eval":{"cp":40},"sente_chance":0.51,"pv":["7g7f"],"depth":9}}}}"#;
        let request: Request = serde_json::from_str(analyse).unwrap();
        let Ask::Analyse { ply, before, .. } = &request.ask else {
            panic!("not an analysis: {request:?}");
        };
        assert_eq!(*ply, 1);
        assert_eq!(before.as_ref().map(|b| b.eval), Some(Eval::Cp(40)));
        let reply = r#"{"id":2,"answer":{"analyse":{"judgement":{"eval":{"mate":{"winner":"gote","plies":3}},"sente_chance":0.0,"pv":["G*5h"],"depth":3},"mark":"blunder","think_us":9000}}}"#;
        let reply: Reply = serde_json::from_str(reply).unwrap();
        let Answer::Analyse {
            judgement, mark, ..
        } = &reply.answer
        else {
            panic!("not an analysis: {reply:?}");
        };
        assert_eq!(
            judgement.eval,
            Eval::Mate {
                winner: Color::Gote,
                plies: 3
            }
        );
        assert_eq!(*mark, Some(Mark::Blunder));
        let again: Reply = serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap();
        assert_eq!(again, reply);
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
        }
    }
}
