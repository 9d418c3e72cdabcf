//! The lobby as the page holds it: the server's list and counts, the
//! player's seek, and where a pairing sends the player. Applied message by
//! message, tested natively; the page (`screens/lobby.rs`) only shows it.

use gunjin_table::{ErrorCode, Lobby, LobbyNews, SeatNews, ServerMessage, Waiting};

/// The room as told.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Room {
    pub lobby: Option<Lobby>,
    /// When the lobby was told (`Date.now()`), to age its entries.
    pub told_at: f64,
    /// The player's seek waits in the list.
    pub seeking: bool,
    /// Why the server refused the player's last request, until the next.
    pub refused: Option<ErrorCode>,
}

/// Where the player goes once a message is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    Stay,
    /// Paired as the host: keep the seat's token, then show the table.
    Host {
        table: String,
        token: String,
    },
    /// Paired as the guest: join the table by name.
    Join {
        table: String,
    },
}

impl Room {
    /// Applies what the server said at `now` (`Date.now()`).
    pub fn apply(&mut self, message: ServerMessage, now: f64) -> Then {
        match message {
            ServerMessage::Lobby(LobbyNews::Lobby(lobby)) => {
                self.lobby = Some(lobby);
                self.told_at = now;
            }
            ServerMessage::Lobby(LobbyNews::Seeking { .. }) => {
                self.seeking = true;
                self.refused = None;
            }
            ServerMessage::Lobby(LobbyNews::Paired { table, token }) => {
                self.seeking = false;
                return match token {
                    Some(token) => Then::Host { table, token },
                    None => Then::Join { table },
                };
            }
            ServerMessage::Seat(SeatNews::Error { code, .. }) => self.refused = Some(code),
            _ => {}
        }
        Then::Stay
    }

    /// The player asked to seek: it waits once the server says so.
    pub fn ask(&mut self) {
        self.refused = None;
    }

    /// The player cancelled the seek.
    pub fn cancel(&mut self) {
        self.seeking = false;
    }

    /// How long `waiting` has waited at `now` (`Date.now()`), in whole
    /// seconds of the server's clock.
    pub fn waited(&self, waiting: &Waiting, now: f64) -> u64 {
        let server_now = self.lobby.as_ref().map_or(0, |l| l.now);
        let since_told = (now - self.told_at).max(0.0) as u64;
        waiting.waited_secs(server_now + since_told)
    }
}

/// A wait as minutes and seconds ("2:05").
pub fn minutes(secs: u64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use gunjin_table::{GameOpen, Open};

    use super::*;

    fn lobby(now: u64, tables: Vec<Waiting>) -> ServerMessage {
        ServerMessage::Lobby(LobbyNews::Lobby(Lobby {
            now,
            tables,
            seeks: Vec::new(),
            online: 3,
            playing: 1,
        }))
    }

    fn waiting(since: u64) -> Waiting {
        let open = Open {
            name: "Aki".into(),
            game: GameOpen::Shogi,
            clock: None,
        };
        Waiting {
            id: "t".into(),
            open,
            since,
        }
    }

    #[test]
    fn an_entry_ages_by_the_servers_clock_and_the_time_since_told() {
        let mut room = Room::default();
        assert_eq!(
            room.apply(lobby(100_000, vec![waiting(40_000)]), 5_000.0),
            Then::Stay
        );
        let table = room.lobby.as_ref().unwrap().tables[0].clone();
        assert_eq!(room.waited(&table, 5_000.0), 60);
        assert_eq!(room.waited(&table, 70_000.0), 125);
        assert_eq!(minutes(room.waited(&table, 70_000.0)), "2:05");
        // A page clock going back does not make it younger than told.
        assert_eq!(room.waited(&table, 0.0), 60);
    }

    #[test]
    fn a_pairing_sends_the_host_to_its_seat_and_the_guest_to_join() {
        let mut room = Room::default();
        let seeking = LobbyNews::Seeking { seek: "s".into() };
        room.apply(ServerMessage::Lobby(seeking), 0.0);
        assert!(room.seeking);
        let paired = |token: Option<&str>| {
            ServerMessage::Lobby(LobbyNews::Paired {
                table: "t".into(),
                token: token.map(str::to_owned),
            })
        };
        let host = Then::Host {
            table: "t".into(),
            token: "k".into(),
        };
        assert_eq!(room.apply(paired(Some("k")), 0.0), host);
        assert!(!room.seeking);
        let join = Then::Join { table: "t".into() };
        assert_eq!(room.apply(paired(None), 0.0), join);
    }

    #[test]
    fn a_refusal_is_kept_until_the_next_request() {
        let mut room = Room::default();
        let flood = ServerMessage::error(ErrorCode::TooManySeeks, "");
        room.apply(flood, 0.0);
        assert_eq!(room.refused, Some(ErrorCode::TooManySeeks));
        room.ask();
        assert_eq!(room.refused, None);
    }
}
