//! The messages between the app and the CPU's Web Worker. Only types: the
//! app links nothing of the CPU crate but its [`Level`] (the search would
//! double the app's size), so everything the CPU computes is asked of the
//! worker; this crate is what both link.
//!
//! Both messages travel as JSON strings through `postMessage`:
//!
//! - the app asks `{"id": 1, "ask": {"move": {"level": "normal", "seed": 7,
//!   "view": {…}, "budget_ms": null}}}` (the view is `gunjin_rules::View` as
//!   serde writes it), `{"id": 2, "ask": {"setup": {"level": "easy",
//!   "rules": {…}, "seed": 7}}}` or `{"id": 3, "ask": {"hints": {"view":
//!   {…}}}}`, or `{"id": 5, "ask": {"review": {"record": "htsrf s …",
//!   "ply": 12, "seed": 1}}}`;
//! - the worker answers `{"id": 1, "answer": {"move": {"move": "b4-b5",
//!   "think_us": 212500}}}`, `{"id": 2, "answer": {"setup": {"setup":
//!   "…"}}}`, `{"id": 3, "answer": {"hints": {"hints": [{"id": 0, "kinds":
//!   [["General", 25], …]}]}}}`, `{"id": 5, "answer": {"review":
//!   {"review": {"hints": …, "told": …, "verdict": …}}}}` (a
//!   [`ReviewReply`], read by the review page alone), or `{"id": 1, "answer": {"error": "…"}}`
//!   when the request could not be read; and it says [`READY`] once, when
//!   it can take requests.
//!
//! A request for another game than Gunjin Shogi says so first, `{"id": 4,
//! "game": "shogi", "ask": …}` (see [`Game`]); its mode is in its rules.
//!
//! Every number is a whole number, so the app links no float parsing or
//! printing (several kilobytes of tables in the download).

mod game;
mod review;

use gunjin_rules::{Kind, Move, PieceId, Record, Rules, Setup, View};
use serde::{Deserialize, Serialize};

pub use game::Game;
pub use gunjin_cpu::Level;
pub use review::{Mark, PlyReview, ReviewAnswer, ReviewReply, Verdict};

/// What the worker posts once its handler is installed.
pub const READY: &str = "ready";

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the app to match the reply to the request.
    pub id: u32,
    #[serde(default, skip_serializing_if = "Game::is_gunjin")]
    pub game: Game,
    pub ask: Ask,
}

/// What the app can ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ask {
    /// The CPU's move in its own `view`, thinking at most `budget_ms`
    /// (`None`: the level's own think time).
    Move {
        level: Level,
        seed: u64,
        view: View,
        budget_ms: Option<u32>,
    },
    /// The CPU's hidden setup for a new game.
    Setup {
        level: Level,
        rules: Rules,
        seed: u64,
    },
    /// What each enemy piece can still be, deduced from `view` alone: the
    /// player's own view, so a hint never tells more than the player could
    /// work out.
    Hints { view: View },
    /// One move of a finished game's review: `ply` from 1 (0: the start,
    /// with hints only). Asked move by move, so the app can show how far
    /// the review has come.
    Review { record: Record, ply: u16, seed: u64 },
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
        /// `None` when the CPU has no legal move.
        #[serde(rename = "move")]
        mv: Option<Move>,
        /// How long the CPU thought in microseconds, measured in the
        /// worker.
        think_us: u32,
    },
    Setup {
        setup: Setup,
    },
    /// One hint per enemy piece on the board.
    Hints {
        hints: Vec<Hint>,
    },
    /// The request could not be read (an unknown level among others).
    Error {
        error: String,
    },
}

/// What one enemy piece can still be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    pub id: PieceId,
    /// Every kind it can still be with its estimated chance in percent
    /// (rounded), the likeliest first (never empty).
    pub kinds: Vec<(Kind, u8)>,
}

impl Hint {
    /// The likeliest kind and its chance in percent.
    pub fn likeliest(&self) -> Option<(Kind, u8)> {
        self.kinds.first().copied()
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::ByColor;

    use super::*;

    #[test]
    fn messages_round_trip_as_json() {
        let hint = Hint {
            id: PieceId(3),
            kinds: vec![(Kind::Mine, 75), (Kind::Flag, 25)],
        };
        assert_eq!(hint.likeliest(), Some((Kind::Mine, 75)));
        let reply = Reply {
            id: 9,
            answer: Answer::Hints { hints: vec![hint] },
        };
        let text = serde_json::to_string(&reply).unwrap();
        assert!(text.starts_with(r#"{"id":9,"answer":{"hints":{"hints":[{"id":3,"#));
        assert_eq!(serde_json::from_str::<Reply>(&text).unwrap(), reply);
        let request = Request {
            id: 2,
            game: Game::Gunjin,
            ask: Ask::Setup {
                level: Level::Hard,
                rules: Rules::TRADITIONAL,
                seed: 5,
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        assert!(text.starts_with(r#"{"id":2,"ask":{"setup":{"level":"hard","#));
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
    }

    #[test]
    fn a_review_round_trips_as_json() {
        let record: Record = "htsrf 1g3/6/6/6/6/6/6/4X n b8-b7".parse().unwrap();
        let request = Request {
            id: 5,
            game: Game::Gunjin,
            ask: Ask::Review {
                record,
                ply: 1,
                seed: 3,
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        assert!(text.starts_with(r#"{"id":5,"ask":{"review":{"record":"htsrf 1g3/"#));
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        let hint = |id| Hint {
            id: PieceId(id),
            kinds: vec![(Kind::Plane, 100)],
        };
        let reply = ReviewReply {
            id: 5,
            answer: ReviewAnswer::Review {
                review: PlyReview {
                    hints: ByColor {
                        south: vec![hint(2)],
                        north: vec![],
                    },
                    told: ByColor {
                        south: 312,
                        north: -4,
                    },
                    telling: ByColor {
                        south: true,
                        north: false,
                    },
                    verdict: Some(Verdict {
                        best: "b4-b5".parse().unwrap(),
                        drop: 95,
                        mark: Some(Mark::Blunder),
                    }),
                },
            },
        };
        let text = serde_json::to_string(&reply).unwrap();
        assert!(text.starts_with(r#"{"id":5,"answer":{"review":{"review":{"#));
        assert!(text.contains(r#""mark":"blunder""#), "{text}");
        assert_eq!(serde_json::from_str::<ReviewReply>(&text).unwrap(), reply);
    }
}
