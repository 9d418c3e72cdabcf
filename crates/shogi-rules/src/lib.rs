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
mod game;
mod hand;
mod handicap;
mod impasse;
mod japanese;
mod kif;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod piece;
mod playout;
mod position;
mod record;
mod role;
mod setup;
mod sfen;
mod square;
mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use game::{Ending, Game, MOVE_LIMIT, PlayError, REPETITION_LIMIT};
pub use hand::Hand;
pub use handicap::Handicap;
pub use impasse::{DECLARATION_PIECES, ImpasseCount, declaration_points};
pub use japanese::{
    ParseJapaneseError, japanese_move, parse_japanese_move, role_name, square_name,
};
pub use kif::{KifEncoding, KifError, decode_kif, read_kif, write_kif};
pub use moves::Move;
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use piece::Piece;
pub use playout::random_playout;
pub use position::{IllegalMove, Position, PositionError, SfenError};
pub use record::{Record, RecordError};
pub use role::{ByRole, Role};
pub use setup::{START_SFEN, Setup};
pub use sfen::ParseSfenError;
pub use square::{ParseSquareError, Square};
pub use usi::ParseUsiError;
