//! A connection that watches a table: bound to the table by a `watch`,
//! holding no seat. It may say lines to the spectators' room and nothing
//! else; a move, a resignation or a seat's switch is refused, and the
//! game never hears of it.

use gunjin_rules::Color;
use gunjin_table::{ChatAct, ClientMessage, ErrorCode, WatchAct};
use tokio::sync::oneshot;

use crate::admission::Ticket;
use crate::audience::AudienceCommand;
use crate::hub::{Hub, TableTx};
use crate::name;
use crate::refusal::Refusal;
use crate::route::Away;
use crate::seat::Conn;
use crate::serve::Peer;
use crate::talk;

/// The table a connection watches, and its place among its address's
/// watching connections.
pub struct Watching {
    table: TableTx,
    _place: Ticket,
}

/// Watches the table `id` under `name`, if its players allow it.
pub async fn watch(
    hub: &Hub,
    conn: &Conn,
    peer: &Peer,
    id: &str,
    name: &str,
) -> Result<Watching, Away> {
    let name = name::player_name(name)?;
    let place = hub.watch_place(peer.ip)?;
    let table = hub.table(id).await?;
    let (reply, answer) = oneshot::channel();
    let conn = conn.clone();
    if !table
        .audience(AudienceCommand::Watch { name, conn, reply })
        .await
    {
        return Err(Away::Elsewhere);
    }
    answer.await.map_err(|_| Away::Elsewhere)??;
    Ok(Watching {
        table,
        _place: place,
    })
}

impl Watching {
    /// A spectator's message: a chat line, or a refusal.
    pub async fn act(&self, conn: u64, msg: ClientMessage) -> Result<(), Away> {
        let ClientMessage::Chat(act @ ChatAct::Say(_)) = msg else {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                "a spectator holds no seat: it may only chat",
            )
            .into());
        };
        let cmd = AudienceCommand::Chat {
            side: None,
            conn,
            act,
        };
        match self.table.audience(cmd).await {
            true => Ok(()),
            false => Err(Away::Elsewhere),
        }
    }

    /// The connection is gone.
    pub async fn leave(self, conn: u64) {
        self.table.audience(AudienceCommand::Leave { conn }).await;
    }
}

/// A seat's message for its table's audience or chat, if it is one
/// (else the message back).
pub fn seat_command(
    side: Color,
    conn: u64,
    msg: ClientMessage,
) -> Result<AudienceCommand, ClientMessage> {
    match msg {
        ClientMessage::Chat(act) => Ok(AudienceCommand::Chat {
            side: Some(side),
            conn,
            act,
        }),
        ClientMessage::Watch(WatchAct::Spectators { allowed }) => Ok(AudienceCommand::Allow {
            side,
            conn,
            allowed,
        }),
        msg => Err(msg),
    }
}

/// Whether the message is a chat line, which the chat's limits count;
/// one that no table would keep (empty, too long) is refused here, where
/// the refusal closes the connection.
pub fn is_line(msg: &ClientMessage) -> Result<bool, Refusal> {
    let ClientMessage::Chat(ChatAct::Say(said)) = msg else {
        return Ok(false);
    };
    said.clone().cleaned().map_err(talk::unsaid)?;
    Ok(true)
}
