//! The rules of Gunjin Shogi (軍人将棋), exactly as the project's
//! `docs/RULES.md` settles them: the board and its front, the sixteen
//! kinds of the standard game and the seven of the variant modes, battles
//! under every rule option, setups, the game from first move to result,
//! and what each player is allowed to know.
//!
//! Pure Rust with no web dependency, so the app, the CPU and the server all
//! ask the same code. The referee holds a [`Game`]; players only ever get a
//! [`View`].
//!
//! ```
//! use gunjin_rules::{ByColor, Color, Game, Rules, Setup};
//! use rand::{SeedableRng, rngs::SmallRng};
//!
//! let mut rng = SmallRng::seed_from_u64(1);
//! let rules = Rules::KIRAKUKEN;
//! let setups = ByColor::new_with(|_| Setup::random(rules, &mut rng));
//! let game = Game::new(rules, setups, Color::South).unwrap();
//! let view = game.view(Color::North);
//! assert_eq!(view.enemies().len(), 23);
//! assert!(view.legal_moves().is_empty()); // South moves first
//! ```

mod action;
mod battle;
mod bitboard;
mod board;
mod color;
mod diagram;
mod game;
mod geometry;
mod kind;
mod marshal;
mod moves;
mod playout;
mod position;
mod public;
mod record;
mod rules;
mod scoresheet;
mod setup;
mod shape;
mod square;
pub mod strike;
mod view;
#[cfg(test)]
mod walked;
mod zobrist;

pub use action::{Action, Refusal};
pub use battle::BattleResult;
pub use bitboard::Bitboard;
pub use board::{Board, Piece, PieceId};
pub use color::{ByColor, Color};
pub use diagram::{Diagram, PositionError};
pub use game::{
    DrawReason, Game, MOVE_LIMIT, Outcome, PlayError, PublicMove, REPETITION_LIMIT, WinReason,
};
pub use geometry::{BRIDGE_FILES, Geometry, Ray, is_bridge};
pub use kind::{ByKind, Kind, Mobility};
pub use moves::{Move, MoveKind, ParseMoveError, destinations};
pub use playout::{random_game, random_playout};
pub use position::{Announcement, Position};
pub use public::{PublicBoard, PublicPiece};
pub use record::{Record, RecordError, Start};
pub use rules::{
    Front, MineRule, Mode, ParseRulesError, Placement, Preset, Rules, StrengthOrder, TankVsEngineer,
};
pub use scoresheet::{SCORESHEET_TITLE, Scoresheet, ScoresheetError};
pub use setup::{PartialSetup, Setup, SetupError, Template};
pub use shape::{CampSlots, MAX_CAMP, Shape};
pub use square::{FILES, ParseSquareError, RANKS, Square};
pub use view::{EnemyPiece, OwnPiece, PublicError, Seen, StepError, View};
