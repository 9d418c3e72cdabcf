//! The rules of Shogi (将棋) as `shared/SHOGI.md` settles them, with the
//! decisions it leaves open written down in `docs/SHOGI_RULES.md`: the
//! board and hands, legal moves and drops with every restriction, check,
//! every end of a game, the nine handicaps, SFEN, USI, Japanese notation,
//! KIF, CSA and replayable records.
//!
//! Pure Rust with no web dependency: the app, the CPU and the tests all ask
//! the same code, and the rest of the project only ever sees this crate's
//! types.
//!
//! # Shape
//!
//! As in shakmaty and shogiops: an unchecked [`Setup`] (anything that can
//! be written down, SFEN in and out) becomes a validated [`Position`] or a
//! typed [`PositionError`]; a [`Move`] is `Normal { from, to, promote }` or
//! `Drop { role, to }`; a [`Game`] is a position with its history, and knows
//! checkmate, repetition and perpetual check, the 512-move draw, the impasse
//! declaration, resignation and time, giving an [`Outcome`]. A [`Record`]
//! (SFEN + USI moves, serde-friendly) replays a game exactly.
//!
//! # For a search
//!
//! [`Position`] is a few hundred bytes with no heap data: clone it and
//! [`Position::play_unchecked`] the move on the copy. Moves are four-byte
//! `Copy` values ([`Move::to_u16`] packs one into 15 bits for a table);
//! [`Position::legal_moves_into`] and [`Position::legal_captures_into`] fill
//! a caller's buffer with fully legal moves (pawn-drop mate excluded);
//! [`Position::hash`] is an incremental Zobrist hash; [`Position::is_check`]
//! is a field read, [`Position::gives_check`] and [`Position::is_legal`] are
//! answered without playing or generating; [`Position::play_null`] passes.
//!
//! ```
//! use shogi_rules::{Position, perft};
//! let position = Position::start();
//! assert_eq!(perft(&position, 3), 25_470);
//! let mut moves = Vec::new();
//! position.legal_moves_into(&mut moves);
//! let mut child = position.clone();
//! child.play_unchecked(moves[0]);
//! assert_eq!(child.hash(), child.recomputed_hash());
//! ```
//!
//! # Why a generator of our own
//!
//! The Rust Shogi crates looked at: `shogi_core` with `shogi_legality_lite`
//! (MIT; legality without tables, built for small size rather than speed),
//! `haitaka` (MIT; fast, magic bitboards or Qugiy, modelled on cozy-chess),
//! `shunsai` (fast generation on `shogi_core` types) and `rsshogi`
//! (YaneuraOu-style, with PEXT/AVX2 paths). None has the project's end
//! rules (perpetual check, the 27-point declaration, the 512-move draw),
//! Japanese notation with disambiguators or KIF and CSA in both directions, so the
//! crate would have wrapped one and converted types on every move of a
//! search. What decided it:
//! - **correctness** is pinned here as firmly as in any of them: perft from
//!   the start to depth 5, the 207- and 593-move positions, shogiops' random
//!   positions with hands and promotions, and property tests comparing the
//!   generator with a naive one written from the rules text;
//! - **speed** is enough and then some: tens of millions of perft leaves per
//!   second and over a million full playout plies per second natively
//!   (`docs/BENCHMARKS.md`), far above what a browser CPU needs;
//! - **wasm size**: the tables are about 26 kB of rays and steps and 18 kB
//!   of Zobrist keys, built at compile time, and the benchmark's wasm module
//!   (games, perft, playouts) is about 120 kB; magic-bitboard tables alone
//!   run to hundreds of kilobytes;
//! - **licence**: the workspace's MIT OR Apache-2.0, with no new licence.
//!
//! The one dependency beyond `rand` (playouts) and `serde` is `encoding_rs`
//! (MIT OR Apache-2.0, its WHATWG index data BSD-3-Clause; Mozilla's
//! implementation of the Encoding Standard), behind
//! the default `shift-jis` feature, to read `.kif` files written in
//! Shift_JIS. Its tables are large for a browser (the rules with KIF and
//! records come to 65 kB gzipped at opt-level "z", 190 kB with Shift_JIS):
//! the app should build with `default-features = false`, decode a `.kif`
//! with the browser's `TextDecoder("shift_jis")` and hand the text to
//! [`read_kif`].

pub mod attacks;
mod bitboard;
mod board;
mod color;
mod csa;
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
mod refusal;
mod role;
mod setup;
mod sfen;
mod square;
mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use csa::{CsaError, read_csa, write_csa};
pub use game::{Ending, Game, MOVE_LIMIT, PlayError, REPETITION_LIMIT};
pub use hand::Hand;
pub use handicap::Handicap;
pub use impasse::{DECLARATION_PIECES, ImpasseCount, declaration_points};
pub use japanese::{
    ParseJapaneseError, japanese_move, japanese_moves, parse_japanese_move, role_name, square_name,
};
pub use kif::{KifEncoding, KifError, KifHeader, decode_kif, read_kif, write_kif, write_kif_with};
pub use moves::Move;
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use piece::Piece;
pub use playout::random_playout;
pub use position::{IllegalMove, Position, PositionError, SfenError};
pub use record::{Record, RecordError};
pub use refusal::Refusal;
pub use role::{ByRole, Role};
pub use setup::{START_SFEN, Setup};
pub use sfen::ParseSfenError;
pub use square::{ParseSquareError, Square};
pub use usi::ParseUsiError;
