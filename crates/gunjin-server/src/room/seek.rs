//! Quick pairing: a seek takes the oldest live seek of the same game,
//! rules and clock on any node, or waits in the lobby for one. The seek
//! that completes a pair opens the table on its own node and hosts it;
//! the other's node learns the table from the store at its next beat and
//! tells its seeker to join, as if invited.

use std::net::IpAddr;

use gunjin_table::{ErrorCode, GameOpen, Lobby, LobbyNews, Open, ServerMessage};

use super::{Room, Seeker, lock, rows};
use crate::clock::unix_millis;
use crate::hub::{Hub, Opened};
use crate::name;
use crate::referee::Gunjin;
use crate::refusal::Refusal;
use crate::seat::Conn;
use crate::shogi::Shogi;
use crate::storage::StoreError;
use crate::token;

fn busy(e: StoreError) -> Refusal {
    tracing::error!("store: a seek: {e}");
    Refusal::new(
        ErrorCode::CannotSave,
        "the server cannot take seeks right now",
    )
}

/// Seeks a game for the connection `conn` at `addr`: paired at once with
/// a seek waiting, or waiting in the lobby (replacing its last seek).
/// Past the address's seeks, waiting or made, it is refused.
pub async fn seek(hub: &Hub, conn: &Conn, addr: IpAddr, open: Open) -> Result<(), Refusal> {
    let room = hub.room();
    let open = Open {
        name: name::player_name(&open.name)?,
        ..open
    };
    let flood = || {
        Refusal::new(
            ErrorCode::TooManySeeks,
            "this address seeks more games than it may: wait a moment",
        )
    };
    // A seek refused for the rate leaves the last one waiting.
    if !lock(&room.seek_rate).take(addr) {
        return Err(flood());
    }
    room.cancel(conn.id).await;
    let place = room.seeking.admit(addr).map_err(|_| flood())?;
    let id = token::random_id();
    let now = unix_millis();
    let store = &room.store;
    if let Some(partner) = rows::claim(store, &id, &open, now, now)
        .await
        .map_err(busy)?
    {
        return pair(hub, conn, addr, open, &partner).await;
    }
    rows::insert_seek(store, &id, &open, now)
        .await
        .map_err(busy)?;
    conn.send(&ServerMessage::Lobby(LobbyNews::Seeking {
        seek: id.clone(),
    }));
    let seeker = Seeker {
        id,
        conn: conn.clone(),
        addr,
        open,
        since: now,
        _place: place,
    };
    lock(&room.seekers).insert(conn.id, seeker);
    Ok(())
}

/// Opens the table of the seek `open` (hosting it) and the `partner`
/// seek it took, and tells both where; the partner's seek is free again
/// if the table cannot open.
async fn pair(
    hub: &Hub,
    conn: &Conn,
    addr: IpAddr,
    open: Open,
    partner: &str,
) -> Result<(), Refusal> {
    let store = &hub.room().store;
    let opened = match open.game {
        GameOpen::Gunjin { rules } => hub.open::<Gunjin>(addr, open.name, rules, open.clock).await,
        GameOpen::Shogi => hub.open::<Shogi>(addr, open.name, (), open.clock).await,
    };
    let Opened { id, token, .. } = match opened {
        Ok(opened) => opened,
        Err(refusal) => {
            rows::free(store, partner).await.map_err(busy)?;
            return Err(refusal);
        }
    };
    rows::paired_at(store, partner, &id).await.map_err(busy)?;
    let paired = LobbyNews::Paired {
        table: id,
        token: Some(token),
    };
    conn.send(&ServerMessage::Lobby(paired));
    Ok(())
}

/// Pairs this node's waiting seeks with older ones the lobby shows (two
/// seeks made at once on two nodes both wait: the newer takes the older
/// here).
pub async fn pair_waiting(hub: &Hub, room: &Room, lobby: &Lobby) -> Result<(), StoreError> {
    let candidates: Vec<(u64, String, Open, u64)> = lock(&room.seekers)
        .iter()
        .filter(|(_, seeker)| {
            let pairing = seeker.open.pairing();
            lobby.seeks.iter().any(|w| {
                w.since <= seeker.since && w.id != seeker.id && w.open.pairing() == pairing
            })
        })
        .map(|(conn, s)| (*conn, s.id.clone(), s.open.clone(), s.since))
        .collect();
    for (conn, id, open, since) in candidates {
        if !rows::hold(&room.store, &id).await? {
            continue;
        }
        let partner = rows::claim(&room.store, &id, &open, since, unix_millis()).await?;
        let Some(partner) = partner else {
            rows::free(&room.store, &id).await?;
            continue;
        };
        let Some(seeker) = lock(&room.seekers).remove(&conn) else {
            rows::free(&room.store, &partner).await?;
            continue;
        };
        rows::delete_seek(&room.store, &id).await?;
        if let Err(refusal) = pair(hub, &seeker.conn, seeker.addr, open, &partner).await {
            seeker.conn.send(&refusal.to_message());
        }
    }
    Ok(())
}
