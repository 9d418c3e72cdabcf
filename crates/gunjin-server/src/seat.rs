//! A seat at a table: who holds it, and the live connection playing it.

use std::sync::Arc;

use gunjin_table::CpuLevel;
use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, mpsc};

/// A seat's occupant, as stored: a person (who proves it with the token)
/// or the CPU at a level of the table's game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub token: String,
    pub cpu: Option<CpuLevel>,
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
    /// Ends the connection at once, whatever its queue holds: a client
    /// that stopped reading cannot be told with a message.
    pub kill: Arc<Notify>,
}

impl Conn {
    /// Queues a message; false when the client has stopped reading (its
    /// queue is full) or is gone.
    pub fn send(&self, msg: &impl Serialize) -> bool {
        let text = serde_json::to_string(msg).expect("server messages serialize");
        self.tx.try_send(Outgoing::Text(text)).is_ok()
    }

    /// Closes after what is queued.
    pub fn close(&self) {
        if self.tx.try_send(Outgoing::Close).is_err() {
            self.kill.notify_one();
        }
    }
}
