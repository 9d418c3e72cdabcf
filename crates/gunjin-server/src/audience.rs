//! A table's spectators: connections that hold no seat, told what
//! everyone may know of the game (the referee's public messages) and
//! nothing of a seat's own. They come and go without touching the game:
//! no seat, no presence, no forfeit timer.

use gunjin_rules::Color;
use gunjin_table::{ChatAct, ErrorCode, ServerMessage, WatchNews};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::refusal::Refusal;
use crate::seat::Conn;

/// What a table is asked about its audience and its chat.
pub enum AudienceCommand {
    /// A spectator arrives under a name.
    Watch {
        name: String,
        conn: Conn,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The spectator's connection `conn` is gone.
    Leave { conn: u64 },
    /// A seat (by side) or a spectator (none) acts on the chat.
    Chat {
        side: Option<Color>,
        conn: u64,
        act: ChatAct,
    },
    /// A seated player allows or forbids spectators.
    Allow {
        side: Color,
        conn: u64,
        allowed: bool,
    },
}

/// The players' switches, stored with the table; both on by default, so
/// a table stored before them reads as before and one with neither
/// turned off is stored as it always was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// Either player forbade spectators.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_spectators: bool,
    /// The host allows only the canned phrases.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_free_text: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl Switches {
    pub fn is_default(&self) -> bool {
        *self == Switches::default()
    }
}

/// A spectator: its connection and the name it watches under.
pub struct Watcher {
    pub conn: Conn,
    pub name: String,
}

/// The spectators watching now.
#[derive(Default)]
pub struct Audience {
    watchers: Vec<Watcher>,
}

impl Audience {
    pub fn add(&mut self, watcher: Watcher) {
        self.watchers.push(watcher);
    }

    /// Forgets the connection; whether it was watching.
    pub fn leave(&mut self, conn: u64) -> bool {
        let before = self.watchers.len();
        self.watchers.retain(|w| w.conn.id != conn);
        self.watchers.len() != before
    }

    pub fn name(&self, conn: u64) -> Option<&str> {
        let watcher = self.watchers.iter().find(|w| w.conn.id == conn)?;
        Some(&watcher.name)
    }

    pub fn count(&self) -> u32 {
        self.watchers.len() as u32
    }

    /// Tells every spectator; one that stopped reading is sent away.
    pub fn send(&mut self, msg: &ServerMessage) {
        self.watchers.retain(|w| {
            let read = w.conn.send(msg);
            if !read {
                w.conn.kill.notify_one();
            }
            read
        });
    }

    /// Tells the one spectator of this connection.
    pub fn send_to(&self, conn: u64, msg: &ServerMessage) {
        if let Some(watcher) = self.watchers.iter().find(|w| w.conn.id == conn) {
            watcher.conn.send(msg);
        }
    }

    /// Sends everyone away (the table closes, moves, or takes no
    /// spectators any more), saying why if there is a why.
    pub fn close_all(&mut self, why: Option<&Refusal>) {
        for watcher in self.watchers.drain(..) {
            if let Some(why) = why {
                watcher.conn.send(&why.to_message());
            }
            watcher.conn.close();
        }
    }

    /// How many watch, and whether they may.
    pub fn news(&self, switches: Switches) -> ServerMessage {
        ServerMessage::Watch(WatchNews::Audience {
            watching: self.count(),
            allowed: !switches.no_spectators,
        })
    }
}

/// Why a spectator may not watch.
pub fn forbidden() -> Refusal {
    Refusal::new(
        ErrorCode::NoSpectators,
        "the players of this table watch alone",
    )
}
