//! The messages between the app and the CPU's Web Worker, and the one
//! function both sides use to think. The worker binary includes this file
//! by path rather than linking the app library, so it stays small.
//!
//! Both messages travel as JSON strings through `postMessage`:
//!
//! - the app asks `{"id": 1, "level": "normal", "seed": 7, "view": {…},
//!   "budget_ms": 300}` (the view is `gunjin_rules::View` as serde writes it);
//! - the worker answers `{"id": 1, "move": "b4-b5", "think_ms": 212.5}`
//!   (`"move": null` when there is no move, `"error"` when the request could
//!   not be read), and says [`READY`] once, when it can take requests.

use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{Move, View};
use serde::{Deserialize, Serialize};

/// What the worker posts once its handler is installed.
pub const READY: &str = "ready";

/// A request for the CPU's move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the app to match the reply to the request.
    pub id: u32,
    pub level: Level,
    pub seed: u64,
    pub view: View,
    pub budget_ms: f64,
}

/// The worker's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    #[serde(rename = "move")]
    pub mv: Option<Move>,
    /// How long the CPU thought, measured in the worker.
    pub think_ms: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// How long `level` may think per move: what the level aims at.
pub fn budget_ms(level: Level) -> f64 {
    level.think_millis()
}

/// The CPU's move in `view`, thinking for at most `budget_ms` by the clock
/// `now` (milliseconds).
pub fn think(
    level: Level,
    seed: u64,
    view: &View,
    budget_ms: f64,
    now: fn() -> f64,
) -> Option<Move> {
    let mut cpu = Cpu::new(level, seed);
    cpu.choose_move(
        view,
        Budget {
            millis: budget_ms,
            now,
        },
    )
}

/// Reads a request, thinks, and writes the reply: the whole worker.
pub fn answer(request: &str, now: fn() -> f64) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(req) => {
            let start = now();
            let mv = think(req.level, req.seed, &req.view, req.budget_ms, now);
            Reply {
                id: req.id,
                mv,
                think_ms: now() - start,
                error: None,
            }
        }
        Err(err) => Reply {
            // The id, if at least that can be read, so the app stops waiting.
            id: serde_json::from_str::<serde_json::Value>(request)
                .ok()
                .and_then(|v| v.get("id")?.as_u64())
                .and_then(|id| u32::try_from(id).ok())
                .unwrap_or(u32::MAX),
            mv: None,
            think_ms: 0.0,
            error: Some(err.to_string()),
        },
    };
    serde_json::to_string(&reply).expect("a reply always serialises")
}
