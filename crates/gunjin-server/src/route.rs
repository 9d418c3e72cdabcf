//! Routing a table to the node that runs it. A load balancer hashes on
//! the table id in the WebSocket URL (`/ws?table=<id>`, which the server
//! itself does not read), so a table's players reach the same node; a
//! node that gets a table it does not run claims it from the store (its
//! lease free, expired or released), or, while another node holds it,
//! asks that node to hand it over and tells the client to come back
//! shortly: a `retry` message, then the close. The socket is accepted
//! first because a browser cannot read the status of a refused
//! handshake, so a `503` would look to the app like no server at all.

use gunjin_table::{SeatNews, ServerMessage};

use crate::refusal::Refusal;

/// How long a client waits before connecting again for a table that is
/// elsewhere. The holder hands it over at its next lease renewal (every
/// third of `--lease-secs`), a dead holder's lease runs out within one.
const RETRY_MILLIS: u64 = 1000;

/// Why a connection gets no table here.
pub enum Away {
    Refused(Refusal),
    /// Another node runs the table, or it is moving: come back shortly.
    Elsewhere,
}

impl From<Refusal> for Away {
    fn from(refusal: Refusal) -> Away {
        Away::Refused(refusal)
    }
}

/// What a client is told when its table is elsewhere.
pub fn retry() -> ServerMessage {
    ServerMessage::Seat(SeatNews::Retry {
        after_millis: RETRY_MILLIS,
    })
}
