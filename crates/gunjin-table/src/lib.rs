//! The wire protocol of a Gunjin Shogi table: the JSON messages a player's
//! client and the table server exchange over one WebSocket.
//!
//! Pure Rust on [`gunjin_rules`] and serde only, so the browser app and the
//! server share one definition. A message is a JSON object whose one key
//! names the variant (snake case) and holds its fields, or just the name
//! for a message without any (`"resign"`). The server only ever sends what
//! the receiving player may know: its own [`View`], public seat
//! information and, once the game is over, the full [`Record`]. A Shogi
//! table (`GameTag::Shogi`) has no hidden information: both seats get the
//! whole record, and moves travel as USI. Shogi's moves and records are
//! text here, read with `shogi-rules` by whoever plays them: the app's
//! first load reads these messages and must not carry Shogi's parsers.
//!
//! A message is made of parts: taking a seat ([`Seating`], [`SeatNews`]),
//! acting at a table of any game ([`TableAct`], [`TableNews`]), and each
//! game's own ([`GunjinAct`], [`GunjinNews`], [`ShogiAct`],
//! [`ShogiNews`]), offers between the seats ([`OfferAct`], [`OfferNews`]),
//! watching a table ([`WatchAct`], [`WatchNews`]), talking at it
//! ([`ChatAct`], [`ChatNews`]) and the lobby's ([`LobbyAct`],
//! [`LobbyNews`]), written as one flat enum as they always were.
//!
//! ```
//! use gunjin_table::{ClientMessage, ErrorCode, Seating, ServerMessage};
//! let join: ClientMessage =
//!     serde_json::from_str(r#"{"join":{"table":"00ff","name":"Aki"}}"#).unwrap();
//! let seating = Seating::Join { table: "00ff".into(), name: "Aki".into() };
//! assert_eq!(join, ClientMessage::Seat(seating));
//! let error = ServerMessage::error(ErrorCode::NotYourTurn, "wait");
//! assert_eq!(
//!     serde_json::to_string(&error).unwrap(),
//!     r#"{"error":{"code":"not_your_turn","message":"wait"}}"#
//! );
//! ```

mod chat;
mod clock;
mod error;
mod game;
mod gunjin;
mod level;
mod lobby;
mod message;
mod offer;
mod parts;
mod shogi;
mod table;
mod watch;

pub use chat::{ChatAct, ChatLine, ChatNews, MAX_CHAT_CHARS, Phrase, Room, Said, Unsaid};
pub use clock::{Clock, ClockState};
pub use error::ErrorCode;
pub use game::GameTag;
pub use gunjin::{GunjinAct, GunjinNews, MoveText};
/// A CPU seat's level: the one typed level of the app, its worker and
/// the table protocol, written as its lowercase name (`"easy"`,
/// `"normal"`, `"hard"`) as the protocol always has, so stored tables and
/// messages of earlier builds still read.
pub use gunjin_worker_protocol::Level;
pub use level::{CpuLevel, ShogiLevel, UnknownLevel};
pub use lobby::{Lobby, LobbyAct, LobbyNews, Waiting};
pub use message::{
    ClientMessage, GameOpen, Open, SeatNews, Seating, ServerMessage, TableAct, TableNews,
    Unreadable,
};
pub use offer::{Closed, Offer, OfferAct, OfferNews};
pub use shogi::{ShogiAct, ShogiNews};
pub use table::{Invitation, Phase, SeatInfo, TableState};
pub use watch::{PublicGame, WatchAct, WatchNews};

/// The largest client message the server reads; a larger one is refused
/// and the connection closed. A setup draft, the largest message, is under
/// 1 KiB.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// The WebSocket path, relative to the app's origin.
pub const WS_PATH: &str = "/ws";

/// Where the app asks whether online tables are offered, relative to the
/// app's origin. The build ships this file saying `{"tables":false}` for
/// static hosts; the table server answers it with `{"tables":true}`. A
/// plain file keeps the question quiet on a static host, where a refused
/// WebSocket would be logged as an error.
pub const TABLES_PATH: &str = "/tables.json";
