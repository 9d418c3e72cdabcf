//! The room: finding a game without an invite link. Connections follow
//! the lobby (the tables their hosts listed, the seeks waiting, how many
//! are online and playing) and seek games by quick pairing (`seek.rs`).
//! What the lobby shows lives in the store (`rows.rs`), so that every
//! node sharing it shows the same lobby and pairs seeks made on any:
//! each node writes its counts and reads the lobby every
//! `--lobby-millis`, and pushes it to its followers when it changed.

mod rows;
mod seek;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use gunjin_table::{ErrorCode, Lobby, LobbyNews, Open, ServerMessage};
use tracing::error;

use crate::admission::{Admission, Ticket};
use crate::clock::unix_millis;
use crate::config::Config;
use crate::hub::Hub;
use crate::limit::PerAddress;
use crate::refusal::Refusal;
use crate::seat::Conn;
use crate::store::Store;

pub use rows::{list, unlist, unlisting};
pub use seek::seek;

/// This node's part of the room: its connections following the lobby,
/// the seeks its connections made, and the lobby last read.
pub struct Room {
    store: Arc<Store>,
    followers: Mutex<HashMap<u64, Follower>>,
    seekers: Mutex<HashMap<u64, Seeker>>,
    last: Mutex<Lobby>,
    /// WebSocket connections open on this node.
    online: AtomicU64,
    /// Lobby followers per client address.
    following: Admission,
    /// Seeks waiting per client address, and seeks made per address.
    seeking: Admission,
    seek_rate: Mutex<PerAddress>,
}

struct Follower {
    conn: Conn,
    _place: Ticket,
}

/// A seek of this node's, waiting for its match.
struct Seeker {
    id: String,
    conn: Conn,
    addr: IpAddr,
    open: Open,
    since: u64,
    _place: Ticket,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Room {
    pub fn new(config: &Config, store: Arc<Store>) -> Room {
        Room {
            store,
            followers: Mutex::default(),
            seekers: Mutex::default(),
            last: Mutex::default(),
            online: AtomicU64::new(0),
            following: Admission::new(usize::MAX, config.lobby_per_addr),
            seeking: Admission::new(usize::MAX, config.seeks_per_addr),
            seek_rate: Mutex::new(PerAddress::new(config.seek_rate)),
        }
    }

    /// Counts a connection while the guard lives.
    pub fn arrive(self: &Arc<Room>) -> Online {
        self.online.fetch_add(1, Ordering::Relaxed);
        Online(self.clone())
    }

    /// The connection `conn`, at `addr`, follows the lobby: it is told the
    /// lobby now and each change. Past the address's cap it is refused.
    pub fn follow(&self, conn: &Conn, addr: IpAddr) -> Result<(), Refusal> {
        if lock(&self.followers).contains_key(&conn.id) {
            return Ok(());
        }
        let place = self.following.admit(addr).map_err(|_| {
            Refusal::new(
                ErrorCode::TooManyInLobby,
                "this address follows the lobby on as many connections as it may",
            )
        })?;
        conn.send(&lobby_message(lock(&self.last).clone()));
        let follower = Follower {
            conn: conn.clone(),
            _place: place,
        };
        lock(&self.followers).insert(conn.id, follower);
        Ok(())
    }

    /// The connection `conn` is gone: it follows no more, and its seek
    /// leaves the lobby.
    pub async fn leave(&self, conn: u64) {
        lock(&self.followers).remove(&conn);
        self.cancel(conn).await;
    }

    /// Takes the seek of the connection `conn`, if any, out of the lobby.
    pub async fn cancel(&self, conn: u64) {
        let seeker = lock(&self.seekers).remove(&conn);
        if let Some(seeker) = seeker
            && let Err(e) = rows::delete_seek(&self.store, &seeker.id).await
        {
            error!("store: cancelling a seek: {e}");
        }
    }

    /// Writes this node's counts, tells its seekers whose seeks were
    /// taken where to play, pairs those that can pair with an older seek,
    /// and pushes the lobby to the followers when it changed.
    async fn beat(&self, hub: &Hub) -> crate::storage::Result<()> {
        let online = self.online.load(Ordering::Relaxed);
        let lobby = rows::beat(&self.store, online, hub.playing(), unix_millis()).await?;
        for (seek, table) in rows::paired(&self.store).await? {
            rows::delete_seek(&self.store, &seek).await?;
            let seeker = {
                let mut seekers = lock(&self.seekers);
                let conn = seekers.iter().find(|(_, s)| s.id == seek).map(|(c, _)| *c);
                conn.and_then(|conn| seekers.remove(&conn))
            };
            if let Some(seeker) = seeker {
                let paired = LobbyNews::Paired { table, token: None };
                seeker.conn.send(&ServerMessage::Lobby(paired));
            }
        }
        seek::pair_waiting(hub, self, &lobby).await?;
        let changed = {
            let mut last = lock(&self.last);
            let changed = Lobby {
                now: 0,
                ..lobby.clone()
            } != Lobby {
                now: 0,
                ..last.clone()
            };
            *last = lobby.clone();
            changed
        };
        if changed {
            let followers: Vec<Conn> = lock(&self.followers)
                .values()
                .map(|f| f.conn.clone())
                .collect();
            let message = lobby_message(lobby);
            for conn in followers {
                conn.send(&message);
            }
        }
        Ok(())
    }
}

fn lobby_message(lobby: Lobby) -> ServerMessage {
    ServerMessage::Lobby(LobbyNews::Lobby(lobby))
}

/// A connection counted among the node's online.
pub struct Online(Arc<Room>);

impl Drop for Online {
    fn drop(&mut self) {
        self.0.online.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Keeps the room: forgets the seeks this node had before it started,
/// then beats every `--lobby-millis` until the task is dropped.
pub async fn keep(hub: Hub) {
    let room = hub.room().clone();
    if let Err(e) = rows::forget_node(&room.store).await {
        error!("store: forgetting the node's old seeks: {e}");
    }
    let mut ticks = tokio::time::interval(hub.config().lobby_every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if let Err(e) = room.beat(&hub).await {
            error!("store: the lobby: {e}");
        }
    }
}
