//! The Shogi CPU: a search over the rules of `shogi-rules` and nothing
//! else, in levels from a beginner to strong.
//!
//! - [`eval`]: material on the board and in hand, each piece's place
//!   relative to both kings, the king's square and its exposure to the
//!   enemy's hand, weighted by [`weights`] tuned on the engine's own games
//!   (the `shogi-tune` binary);
//! - [`search`]: iterative deepening with aspiration windows,
//!   principal-variation alpha-beta, a transposition table ([`tt`]), null
//!   move, futility and late-move pruning, late-move reductions, check
//!   extensions, quiescence on captures, move ordering ([`ordering`]) and
//!   static exchange evaluation ([`see`]), and repetition (perpetual check
//!   included) over the game's history and the searched line;
//! - [`mate`]: a tsume search over checks for short mates;
//! - [`tsume`]: the composer and verifier of the app's tsume puzzles (one
//!   solution each; the `shogi-tsume` binary makes `assets/tsume.txt`);
//! - [`analysis`]: the judgement of a game's positions for a player
//!   looking back: evaluation, best line, win chance and marks;
//! - [`Level`]: the limits and weaknesses of each level; [`Engine::think`]
//!   decides a move, deterministically for a seed, within a [`Budget`] of
//!   nodes, depth or a caller's clock (a browser worker has no
//!   `std::time::Instant`, so the library never reads a clock itself).
//!
//! [`play`] runs games between players. The `usi` binary speaks USI to any Shogi GUI or engine; `shogi-arena` plays
//! levels, random movers and USI engines against one another.
//!
//! ```
//! use shogi_cpu::{Budget, Decision, Engine, Level};
//! use shogi_rules::{Game, Position};
//! let mut game = Game::new(Position::start());
//! let mut engine = Engine::default();
//! let budget = Budget { nodes: Some(20_000), ..Budget::default() };
//! let thought = engine.think(&game, Level::Club, 7, &budget, &mut |_| {});
//! let Decision::Move(mv) = thought.decision else { unreachable!() };
//! game.play(mv).unwrap();
//! ```

pub mod analysis;
pub mod eval;
mod level;
pub mod mate;
pub mod ordering;
pub mod play;
pub mod search;
pub mod see;
mod think;
pub mod tsume;
pub mod tt;
pub mod weights;

pub use level::{Level, Style, UnknownLevel};
pub use mate::find_mate;
pub use search::{Deadline, Limits, Report, Searcher, Step};
pub use think::{Budget, Decision, Engine, Score, Thought, margin, think};
