//! The lobby's part of the messages: finding a game without an invite
//! link. A connection follows the lobby (the tables their hosts listed,
//! the seeks waiting, the counts of the room), seeks a game by quick
//! pairing, or, seated as a waiting host, lists its table there.

use serde::{Deserialize, Serialize};

use crate::parts::Part;
use crate::{GameOpen, GameTag, Invitation, Open};

/// What a client asks of the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyAct {
    /// Follow the lobby: its list now, then each change of it. The
    /// connection stays unseated.
    FollowLobby,
    /// Quick pairing: be paired with the first seek of the same game,
    /// rules and clock, or wait in the list for one. A new seek replaces
    /// the connection's last; it is gone with the connection.
    Seek(Open),
    /// Takes the connection's seek out of the list.
    CancelSeek,
    /// The host of a table waiting for its opponent lists it in the
    /// lobby, or takes it back to private (invite link only).
    List { listed: bool },
}

impl Part for LobbyAct {}

/// What the server tells of the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyNews {
    /// The whole list, at first and on each change.
    Lobby(Lobby),
    /// The connection's seek waits in the list.
    Seeking { seek: String },
    /// A seek found its match at the new table `table`. The one whose
    /// seek completed the pair hosts it and gets its seat `token` (and
    /// resumes with it, as after an `open`); the other joins it by name,
    /// as if invited.
    Paired {
        table: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The host's table is listed in the lobby now, or private.
    Listed { listed: bool },
}

impl Part for LobbyNews {}

/// The room as a follower of the lobby sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lobby {
    /// The server's time (Unix milliseconds), against which each entry's
    /// `since` tells how long it has waited.
    pub now: u64,
    /// Listed tables waiting for a player: a tap joins one.
    pub tables: Vec<Waiting>,
    /// Seeks waiting for their match: a tap seeks the same.
    pub seeks: Vec<Waiting>,
    /// Players connected to the room, and games being played.
    pub online: u64,
    pub playing: u64,
}

/// A table or a seek in the lobby's list: what it plays (its `open`: the
/// host's name, the game and its rules, the clock) and since when it waits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Waiting {
    /// The table's id, or the seek's.
    pub id: String,
    pub open: Open,
    pub since: u64,
}

impl Waiting {
    /// How many whole seconds it has waited at `now`.
    ///
    /// ```
    /// use gunjin_table::{GameOpen, Open, Waiting};
    /// let open = Open { name: "Aki".into(), game: GameOpen::Shogi, clock: None };
    /// let waiting = Waiting { id: "t1".into(), open, since: 10_000 };
    /// assert_eq!(waiting.waited_secs(72_500), 62);
    /// assert_eq!(waiting.waited_secs(0), 0);
    /// ```
    pub fn waited_secs(&self, now: u64) -> u64 {
        now.saturating_sub(self.since) / 1000
    }
}

impl Invitation {
    /// The table as the lobby lists it: as its host opened it.
    pub fn open(&self) -> Open {
        let game = match self.game {
            GameTag::Gunjin => GameOpen::Gunjin { rules: self.rules },
            GameTag::Shogi => GameOpen::Shogi,
        };
        Open {
            name: self.host.clone(),
            game,
            clock: self.clock,
        }
    }
}

impl Open {
    /// What two seeks share when they pair: the game, its rules and the
    /// clock, whoever seeks (the server matches seeks by it).
    ///
    /// ```
    /// use gunjin_table::{Clock, GameOpen, Open};
    /// let seek = |name: &str, clock| Open { name: name.into(), game: GameOpen::Shogi, clock };
    /// assert_eq!(seek("Aki", None).pairing(), seek("Bo", None).pairing());
    /// let clocked = seek("Bo", Some(Clock::PerMove { millis: 30_000 }));
    /// assert_ne!(seek("Aki", None).pairing(), clocked.pairing());
    /// ```
    pub fn pairing(&self) -> String {
        let unnamed = Open {
            name: String::new(),
            ..self.clone()
        };
        serde_json::to_string(&unnamed).expect("an open serializes")
    }
}
