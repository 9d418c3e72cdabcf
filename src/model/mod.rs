//! The plain state behind the screens, kept out of the components so it can
//! be tested without a browser. Every rule question goes to the rules crate.

pub mod backup;
pub mod friend;
pub mod lessons;
pub mod lobby;
pub mod log;
pub mod pieces;
pub mod puzzle;
pub mod replay;
pub mod review;
pub mod review_link;
pub mod session;
pub mod settings;
pub mod setup_board;
pub mod table_game;
pub mod tags;

pub use pieces::{Pieces, RandomSetup, fresh_seed};
