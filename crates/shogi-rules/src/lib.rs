//! The rules of Shogi (将棋) as `docs/SHOGI_RULES.md` settles them.
//!
//! Pure Rust with no web dependency: the app, the CPU and the tests all ask
//! the same code.
//!
//! ```
//! use shogi_rules::{Position, perft};
//! let position = Position::start();
//! assert_eq!(perft(&position, 3), 25_470);
//! ```

pub mod attacks;
mod bitboard;
mod board;
mod color;
mod hand;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod role;
mod setup;
mod sfen;
mod square;
mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use hand::Hand;
pub use moves::Move;
pub use perft::perft;
pub use piece::Piece;
pub use position::{IllegalMove, Position, PositionError, SfenError};
pub use role::{ByRole, Role};
pub use setup::{START_SFEN, Setup};
pub use sfen::ParseSfenError;
pub use square::{ParseSquareError, Square};
pub use usi::ParseUsiError;
