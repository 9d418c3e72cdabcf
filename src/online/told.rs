//! What the server told the page of its table, applied message by message:
//! plain state, tested natively. Each game's own messages go to its part
//! (`model/table_game.rs`, `shogi/feed.rs`); what the connection must do
//! next (keep a seat, connect again, close) is said back to the socket.

use gunjin_rules::Color;
use gunjin_table::{
    ClockState, ErrorCode, Invitation, LobbyNews, SeatNews, ServerMessage, TableNews, TableState,
};

use super::chat::Chat;
use super::offers::{Offers, Rematch};
use crate::model::table_game::{Applied, TableGame};
use crate::shogi::feed::{self, Fed, ShogiFeed};

/// Why there is no seat to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The page has no table server next to it (a static deployment).
    NoServer,
    /// The server refused the seat, or took it away.
    Refused(ErrorCode),
    /// The server kept saying the table is moving between servers.
    Unreachable,
}

/// Why the player's last action did not happen, while the table goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unheard {
    /// The server refused it (out of turn, illegal, too fast…).
    Refused(ErrorCode),
    /// The connection was down: it was never sent.
    NotSent,
}

/// The table as told.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Told {
    /// What the invite link's table is, asked before sitting down;
    /// `Some(None)` when the server could not say (a build from before
    /// the question).
    pub invitation: Option<Option<Invitation>>,
    pub table: Option<TableState>,
    /// At a Gunjin table, its game.
    pub gunjin: TableGame,
    /// At a Shogi table, its game.
    pub shogi: Option<ShogiFeed>,
    pub failure: Option<Failure>,
    /// When the absent side forfeits (`Date.now()` milliseconds).
    pub forfeit_at: Option<(Color, f64)>,
    /// The player's last action that did not happen, until the next view.
    pub unheard: Option<Unheard>,
    /// The table's clock as last told, and when (`Date.now()`), for a
    /// table with one.
    pub clock: Option<(ClockState, f64)>,
    /// The offer waiting for an answer, and how the last one closed.
    pub offers: Offers,
    /// A message from the server did not read (or its view did not hold
    /// together) and was set aside, until the next good view.
    pub garbled: bool,
    /// The chat and the audience.
    pub chat: Chat,
    /// Whether the host listed the waiting table in the lobby, as the
    /// server last said.
    pub listed: bool,
}

/// What the connection does once a message is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing new: it stays as it is.
    Stay,
    /// The server gave this seat: keep its token.
    Seated { table: String, token: String },
    /// The table is elsewhere or moving: connect again after this many
    /// milliseconds.
    Retry(u64),
    /// What is held does not fit what was told: take the seat again, which
    /// brings the whole game.
    Resync,
    /// The question is answered: close the connection.
    HangUp,
    /// A rematch is agreed: take this seat at its table.
    Rematch(Rematch),
}

impl Told {
    /// Applies `message`, told at `now` (`Date.now()`), on a connection
    /// that asks what a table is (`peeking`) or holds a seat.
    pub fn apply(&mut self, message: ServerMessage, now: f64, peeking: bool) -> Next {
        match message {
            ServerMessage::Seat(news) => self.seat(news, peeking),
            ServerMessage::Table(news) => {
                self.table(news, now);
                Next::Stay
            }
            ServerMessage::Gunjin(news) => match self.gunjin.apply(news) {
                Applied::Shown => self.heard(),
                Applied::Over => {
                    self.forfeit_at = None;
                    Next::Stay
                }
                Applied::Garbled => {
                    self.garbled = true;
                    Next::Stay
                }
                Applied::Misfit => self.misfit(),
            },
            ServerMessage::Offer(news) => self.offers.apply(news).map_or(Next::Stay, Next::Rematch),
            ServerMessage::Shogi(news) => match feed::apply(&mut self.shogi, news) {
                Fed::Game => self.heard(),
                Fed::Move => {
                    self.unheard = None;
                    Next::Stay
                }
                Fed::Misfit => self.misfit(),
            },
            ServerMessage::Chat(news) => {
                self.chat.apply(news);
                Next::Stay
            }
            ServerMessage::Watch(news) => {
                self.chat.audience(news);
                Next::Stay
            }
            ServerMessage::Lobby(news) => {
                if let LobbyNews::Listed { listed } = news {
                    self.listed = listed;
                }
                Next::Stay
            }
        }
    }

    fn seat(&mut self, news: SeatNews, peeking: bool) -> Next {
        match news {
            SeatNews::Welcome { table, token, .. } => Next::Seated { table, token },
            SeatNews::Retry { after_millis } => Next::Retry(after_millis),
            SeatNews::Invitation(invitation) => {
                self.invitation = Some(Some(invitation));
                Next::HangUp
            }
            // The server heard nothing for a while (a sleeping tab): the
            // close that follows takes the seat back like any drop.
            SeatNews::Error {
                code: ErrorCode::TimedOut,
                ..
            } => Next::Stay,
            // A server from before `peek` does not read it.
            SeatNews::Error {
                code: ErrorCode::BadMessage,
                ..
            } if peeking => {
                self.invitation = Some(None);
                Next::HangUp
            }
            SeatNews::Error { code, .. } if code.closes() => {
                self.failure = Some(Failure::Refused(code));
                Next::Stay
            }
            // A refused move or draft leaves the table as it was: the
            // player is told, and tries again.
            SeatNews::Error { code, .. } => {
                self.unheard = Some(Unheard::Refused(code));
                Next::Stay
            }
        }
    }

    fn table(&mut self, news: TableNews, now: f64) {
        match news {
            TableNews::State(state) => {
                let present = state.seats[!state.you].as_ref().is_none_or(|s| s.connected);
                if present {
                    self.forfeit_at = None;
                }
                if let Some(clock) = state.clock {
                    self.clock = Some((clock, now));
                }
                self.table = Some(state);
            }
            TableNews::Clock(state) => self.clock = Some((state, now)),
            TableNews::Presence {
                side,
                connected,
                forfeit_in_millis,
            } => {
                self.forfeit_at = forfeit_in_millis
                    .filter(|_| !connected)
                    .map(|ms| (side, now + ms as f64));
            }
        }
    }

    /// A new view or game: what went before is heard.
    fn heard(&mut self) -> Next {
        self.unheard = None;
        self.garbled = false;
        Next::Stay
    }

    /// A message that does not fit what is held is set aside, and the
    /// seat taken again.
    pub fn misfit(&mut self) -> Next {
        self.garbled = true;
        Next::Resync
    }

    /// Whether the connection has nothing more to wait for: the seat was
    /// refused or lost, or the game is over.
    pub fn finished(&self) -> bool {
        self.failure.is_some() || self.gunjin.over.is_some()
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Rules};
    use gunjin_table::{GameTag, Phase, SeatInfo, ShogiNews};

    use super::*;

    fn state(north: Option<SeatInfo>) -> ServerMessage {
        let host = SeatInfo {
            name: "Aki".into(),
            cpu: None,
            connected: true,
        };
        ServerMessage::Table(TableNews::State(TableState {
            table: "t".into(),
            game: GameTag::Gunjin,
            rules: Rules::default(),
            you: Color::South,
            seats: ByColor {
                south: Some(host),
                north,
            },
            phase: Phase::Play,
            clock: None,
        }))
    }

    fn error(code: ErrorCode) -> ServerMessage {
        ServerMessage::error(code, "")
    }

    /// An absent opponent's forfeit counts from when it was told, and
    /// stops once they are back.
    #[test]
    fn presence_sets_and_clears_the_forfeit() {
        let mut told = Told::default();
        let away = TableNews::Presence {
            side: Color::North,
            connected: false,
            forfeit_in_millis: Some(60_000),
        };
        assert_eq!(told.apply(away.into(), 1_000.0, false), Next::Stay);
        assert_eq!(told.forfeit_at, Some((Color::North, 61_000.0)));
        let ben = SeatInfo {
            name: "Ben".into(),
            cpu: None,
            connected: true,
        };
        told.apply(state(Some(ben)), 2_000.0, false);
        assert_eq!(told.forfeit_at, None);
        assert!(told.table.is_some());
    }

    /// Refusals: a game mistake is told and the table goes on; a lost
    /// seat is a failure; a sleeping tab's time-out is only a drop.
    #[test]
    fn errors_are_told_by_what_they_cost() {
        let mut told = Told::default();
        told.apply(error(ErrorCode::IllegalMove), 0.0, false);
        assert_eq!(told.unheard, Some(Unheard::Refused(ErrorCode::IllegalMove)));
        assert!(!told.finished());
        told.apply(error(ErrorCode::TimedOut), 0.0, false);
        assert!(!told.finished());
        told.apply(error(ErrorCode::Replaced), 0.0, false);
        assert_eq!(told.failure, Some(Failure::Refused(ErrorCode::Replaced)));
        assert!(told.finished());
    }

    /// A peek is answered with an invitation, or by a server from before
    /// the question with `bad_message`: either way the connection closes.
    #[test]
    fn a_peek_is_answered_once() {
        let mut told = Told::default();
        let next = told.apply(error(ErrorCode::BadMessage), 0.0, true);
        assert_eq!((next, told.invitation.clone()), (Next::HangUp, Some(None)));
        let mut told = Told::default();
        let next = told.apply(error(ErrorCode::BadMessage), 0.0, false);
        assert_eq!(next, Next::Stay);
        assert_eq!(told.failure, Some(Failure::Refused(ErrorCode::BadMessage)));
    }

    /// A Shogi move before any game does not fit: the seat is taken again
    /// and the page says a message was set aside until the whole game.
    #[test]
    fn a_move_without_its_game_resyncs() {
        let mut told = Told {
            unheard: Some(Unheard::NotSent),
            ..Told::default()
        };
        let usi = ShogiNews::Move("7g7f".into());
        assert_eq!(told.apply(usi.into(), 0.0, false), Next::Resync);
        assert!(told.garbled);
        let game = ShogiNews::Game {
            sente: Color::South,
            record: "startpos".into(),
        };
        assert_eq!(told.apply(game.into(), 0.0, false), Next::Stay);
        assert!(!told.garbled);
        assert_eq!(told.unheard, None);
    }

    #[test]
    fn the_connection_is_told_what_next() {
        let mut told = Told::default();
        let welcome = SeatNews::Welcome {
            table: "t".into(),
            token: "k".into(),
            side: Color::North,
        };
        let seated = Next::Seated {
            table: "t".into(),
            token: "k".into(),
        };
        assert_eq!(told.apply(welcome.into(), 0.0, false), seated);
        let retry = SeatNews::Retry { after_millis: 1000 };
        assert_eq!(told.apply(retry.into(), 0.0, false), Next::Retry(1000));
    }

    #[test]
    fn the_tables_listing_is_as_the_server_last_said() {
        let mut told = Told::default();
        let listed = |listed| ServerMessage::Lobby(LobbyNews::Listed { listed });
        assert_eq!(told.apply(listed(true), 0.0, false), Next::Stay);
        assert!(told.listed);
        told.apply(listed(false), 0.0, false);
        assert!(!told.listed);
    }
}
