//! A seat at a table: who holds it, and the live connection playing it.

use gunjin_cpu::Level;
use gunjin_table::{ErrorCode, MAX_NAME_CHARS, ServerMessage};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::refusal::Refusal;

/// A seat's occupant, as stored: a person (who proves it with the token)
/// or the CPU at a level.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub token: String,
    pub cpu: Option<Level>,
}

/// What a table hands a connection's writer.
#[derive(Debug)]
pub enum Outgoing {
    Text(String),
    /// Send a close frame and stop.
    Close,
}

/// The connection currently playing a seat. Its id tells a stale
/// connection's messages from the current one's.
#[derive(Clone, Debug)]
pub struct Conn {
    pub id: u64,
    pub tx: mpsc::Sender<Outgoing>,
}

impl Conn {
    /// Queues a message; false when the client has stopped reading (its
    /// queue is full) or is gone.
    pub fn send(&self, msg: &ServerMessage) -> bool {
        let text = serde_json::to_string(msg).expect("server messages serialize");
        self.tx.try_send(Outgoing::Text(text)).is_ok()
    }

    pub fn close(&self) {
        let _ = self.tx.try_send(Outgoing::Close);
    }
}

/// A player's name, trimmed: 1 to [`MAX_NAME_CHARS`] characters, no
/// control characters.
pub fn player_name(raw: &str) -> Result<String, Refusal> {
    let name = raw.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(Refusal::new(
            ErrorCode::BadName,
            format!("a name has 1 to {MAX_NAME_CHARS} characters and no control characters"),
        ));
    }
    Ok(name.to_owned())
}
