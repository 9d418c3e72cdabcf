//! The messages themselves: what a client may ask and what it is told.

use core::fmt;

use gunjin_rules::{
    Color, Move, Outcome, ParseMoveError, PartialSetup, PublicMove, Record, Rules, Setup, Shape,
    View,
};
use serde::{Deserialize, Serialize};

use crate::{Clock, ClockState, CpuLevel, GameTag, Invitation, TableState};

/// What a client sends. The first message of a connection must be
/// [`Open`](ClientMessage::Open), [`Join`](ClientMessage::Join) or
/// [`Resume`](ClientMessage::Resume): it binds the connection to a seat.
/// The others act for that seat. [`Peek`](ClientMessage::Peek) binds
/// nothing.
///
/// Both directions are externally tagged (`{"join": {…}}`, `"resign"`):
/// an internally tagged enum buffers every message whole before reading it,
/// code that cost the browser app more than the rest of the table client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Opens a new table of `game` under these rules, with a clock if
    /// given, and takes its first seat (South). `game` is absent for
    /// Gunjin, as in every `open` before the tag; `rules` are Gunjin's
    /// (a Shogi table, an even game, leaves them out).
    Open {
        #[serde(default, skip_serializing_if = "GameTag::is_gunjin")]
        game: GameTag,
        name: String,
        #[serde(default)]
        rules: Rules,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<Clock>,
    },
    /// Takes the free seat of the table whose id came with the invite link.
    Join {
        table: String,
        name: String,
    },
    /// Asks what the table of an invite link is, without sitting down: the
    /// answer is an [`Invitation`](ServerMessage::Invitation), or the
    /// error that a `join` would get (no such table). The connection stays
    /// unbound.
    Peek {
        table: String,
    },
    /// Takes back one's seat after a disconnection or a server restart.
    /// With `rotate`, the seat gets a new token (in the welcome) and this
    /// one stops working, so a token that leaked does not hold the seat
    /// for ever.
    Resume {
        table: String,
        token: String,
        #[serde(default, skip_serializing_if = "is_false")]
        rotate: bool,
    },
    /// The host fills the free seat with the CPU at a level of the
    /// table's game.
    AddCpu {
        level: CpuLevel,
    },
    /// The setup so far, kept by the server so that it completes this one
    /// (at random) when the setup timer runs out.
    Draft {
        setup: PartialSetup,
    },
    /// The final setup: once both are in, the game starts.
    Ready {
        setup: Setup,
    },
    Move(MoveText),
    /// A Shogi move or drop, as USI (`"7g7f"`, `"P*5e"`, `"8h2b+"`).
    Usi(String),
    /// Shogi: the side to move declares an impasse (the 27-point rule); a
    /// declaration that does not meet it loses.
    Declare,
    Resign,
}

/// A Gunjin move as the player wrote it (`"b4-b5"`, `"e2*e5+"`), read
/// against the table's board when it arrives there: Classic 25 writes its
/// headquarters e1 and accepts d1 and f1 for it, which a reader without
/// the board takes for other nodes. A text that names no move on any
/// board does not read at all, as before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct MoveText(String);

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MoveText, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<Move>().map_err(serde::de::Error::custom)?;
        Ok(MoveText(text))
    }
}

impl MoveText {
    /// The move on the board of `shape`.
    pub fn read(&self, shape: &Shape) -> Result<Move, ParseMoveError> {
        shape.parse_move(&self.0)
    }
}

impl From<Move> for MoveText {
    fn from(mv: Move) -> MoveText {
        MoveText(mv.to_string())
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        MoveText(text.into())
    }
}

fn is_false(b: &bool) -> bool {
    !b
}

/// What the server sends: only what the receiving player may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerMessage {
    /// The seat this connection holds; the token takes it back later
    /// ([`ClientMessage::Resume`]): keep it secret.
    Welcome {
        table: String,
        token: String,
        side: Color,
    },
    /// The table changed: seats, presence or phase.
    Table(TableState),
    /// The answer to a [`Peek`](ClientMessage::Peek).
    Invitation(Invitation),
    /// The player's view of the game: at the start, on (re)connection and
    /// at the end (after the last move, which then comes in `played` with
    /// its announcement); every other move comes as a [`Step`](Self::Step).
    Game {
        view: View,
        played: Option<PublicMove>,
    },
    /// A move of a game that goes on, as everyone may know it (the move
    /// and its announcement): the receiver applies it to its view
    /// ([`View::apply`]), which then equals the referee's. Whole views
    /// come on joining, on resuming and at the end.
    Step(PublicMove),
    /// A Shogi game whole, the same for both seats (Shogi hides nothing):
    /// at the start, on (re)connection and at the end. `sente` is the seat
    /// that plays Sente (who moves first, drawn when the table opens);
    /// `record` is `shogi_rules::Record`'s text (`startpos moves 7g7f …`,
    /// then `end resign:gote` for an ending that is no move), whose replay
    /// tells the result.
    Shogi { sente: Color, record: String },
    /// A Shogi move of a game that goes on, as USI: the receiver plays it
    /// on its game, which then equals the referee's.
    Usi(String),
    /// The clock after a move (or on resuming), for a table that has one.
    Clock(ClockState),
    /// A seat's connection came or went. An absent player forfeits (by
    /// resignation) after `forfeit_in_millis` unless they come back.
    Presence {
        side: Color,
        connected: bool,
        forfeit_in_millis: Option<u64>,
    },
    /// The game is over: the result and the whole record with both setups.
    Over { outcome: Outcome, record: Record },
    /// A refused message. The codes [`ErrorCode::closes`] names end the
    /// connection; after the others it stays open.
    Error { code: ErrorCode, message: String },
    /// The table runs on another server, or is moving between servers:
    /// the server closes this connection, and the client connects again
    /// for the table after `after_millis` (sending the same first
    /// message). Sent instead of an HTTP `503`, whose status a browser's
    /// WebSocket cannot read.
    Retry { after_millis: u64 },
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a known message, or not text.
    BadMessage,
    /// Longer than [`MAX_MESSAGE_BYTES`](crate::MAX_MESSAGE_BYTES).
    TooLarge,
    /// More messages than the connection's rate allows; this one was dropped.
    RateLimited,
    NoSuchTable,
    /// The seat token does not belong to the table.
    BadToken,
    TableFull,
    /// A seat-bound message before `open`, `join` or `resume`, or a second
    /// of those.
    NoSeat,
    /// Only the host may do this.
    NotHost,
    /// Not possible in the table's current phase.
    WrongPhase,
    BadName,
    BadLevel,
    BadSetup,
    NotYourTurn,
    IllegalMove,
    /// The connection's seat was taken over by a newer connection.
    Replaced,
    /// The table was idle too long and is closed.
    Expired,
    /// A connection that took no seat in time, or whose client went
    /// silent (no answer to the server's pings).
    TimedOut,
    /// This address opened as many tables as it may this hour.
    TooManyTables,
    /// The server has as many tables open as it takes.
    ServerFull,
    /// This address has as many CPU games on as it may: the seat stays
    /// free for a friend.
    TooManyCpuTables,
    /// The server's CPU opponents cannot take one more game now without
    /// slowing those on: the seat stays free, try again in a minute.
    CpuBusy,
    /// This address holds as many seats (at every table together) as it
    /// may at once.
    TooManySeats,
    /// The server cannot store the game right now: the last move (or the
    /// start) is announced once it can, and every action waits till then.
    /// Sent to both seats, and in answer to any action meanwhile.
    CannotSave,
    /// The server crashed with its store damaged, and this game may have
    /// lost its last moves: it goes on from the position just sent.
    RolledBack,
}

impl ErrorCode {
    /// Whether the server closes the connection after this error: protocol
    /// violations and lost seats do; game mistakes do not.
    pub const fn closes(self) -> bool {
        matches!(
            self,
            ErrorCode::BadMessage
                | ErrorCode::TooLarge
                | ErrorCode::BadToken
                | ErrorCode::NoSuchTable
                | ErrorCode::TableFull
                | ErrorCode::Replaced
                | ErrorCode::Expired
                | ErrorCode::TimedOut
                | ErrorCode::TooManyTables
                | ErrorCode::ServerFull
                | ErrorCode::TooManySeats
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_as_documented() {
        let read = |s: &str| serde_json::from_str::<ClientMessage>(s).unwrap();
        assert_eq!(
            read(r#"{"move":"b4-b5"}"#),
            ClientMessage::Move("b4-b5".into())
        );
        assert_eq!(read(r#""resign""#), ClientMessage::Resign);
        assert_eq!(
            read(r#"{"add_cpu":{"level":"hard"}}"#),
            ClientMessage::AddCpu {
                level: CpuLevel::Gunjin(crate::Level::Hard)
            }
        );
        assert_eq!(read(r#"{"usi":"P*5e"}"#), ClientMessage::Usi("P*5e".into()));
        assert_eq!(read(r#""declare""#), ClientMessage::Declare);
        // A Shogi table's `open` leaves Gunjin's rules out.
        assert_eq!(
            read(r#"{"open":{"game":"shogi","name":"Aki"}}"#),
            ClientMessage::Open {
                game: GameTag::Shogi,
                name: "Aki".into(),
                rules: Rules::default(),
                clock: None,
            }
        );
        let open = ClientMessage::Open {
            game: GameTag::Shogi,
            name: "Aki".into(),
            rules: Rules::TRADITIONAL,
            clock: Some(Clock::Byoyomi {
                millis: 600_000,
                byoyomi_millis: 30_000,
            }),
        };
        assert_eq!(read(&serde_json::to_string(&open).unwrap()), open);
        // `rotate` is optional: earlier clients' resumes still read.
        let resume = ClientMessage::Resume {
            table: "t".into(),
            token: "k".into(),
            rotate: false,
        };
        assert_eq!(read(r#"{"resume":{"table":"t","token":"k"}}"#), resume);
        assert_eq!(
            serde_json::to_string(&resume).unwrap(),
            r#"{"resume":{"table":"t","token":"k"}}"#
        );
    }

    /// A mode travels in `open`'s rules; a strike is a `move`; its step
    /// names the nodes it cleared, never a kind; a view names the one
    /// face-up enemy kind alone (`shared/RULES.md` §8.2).
    #[test]
    fn modes_and_strikes_travel() {
        use gunjin_rules::{ByColor, Color, Game, Kind, Mode, Template};
        let read = |s: &str| serde_json::from_str::<ClientMessage>(s).unwrap();
        let rules: Rules = "c25-htsrf".parse().unwrap();
        let open = ClientMessage::Open {
            game: GameTag::Gunjin,
            name: "Aki".into(),
            rules,
            clock: None,
        };
        let text = serde_json::to_string(&open).unwrap();
        assert!(text.contains(r#""mode":"Classic25""#), "{text}");
        assert_eq!(read(&text), open);
        let strike = Move::strike("e2".parse().unwrap(), "e5".parse().unwrap(), true);
        let ClientMessage::Move(text) = read(r#"{"move":"e2*e5+"}"#) else {
            panic!("a strike is a move");
        };
        assert_eq!(text.read(rules.shape()), Ok(strike));
        assert!(MoveText("e2-e5+".into()).read(rules.shape()).is_err());
        // The headquarters' aliases name it on Classic 25's board alone.
        let alias = MoveText("d2-d1".into());
        assert_eq!(alias.read(rules.shape()).unwrap().to_string(), "d2-e1");
        assert_eq!(
            alias.read(Rules::default().shape()).unwrap().to_string(),
            "d2-c1"
        );
        assert_eq!(MoveText::from(strike), MoveText("e2*e5+".into()));

        let kinds: Vec<String> = Kind::ALL
            .iter()
            .map(|k| serde_json::to_string(k).unwrap())
            .collect();
        let named = |text: &str| -> Vec<String> {
            kinds
                .iter()
                .filter(|k| text.contains(k.as_str()))
                .cloned()
                .collect()
        };
        let setup = Template::of(Mode::Classic25)[0].setup();
        let mut game = Game::new(rules, ByColor::new_with(|_| setup), Color::South).unwrap();
        let strike = game
            .position()
            .legal_moves()
            .into_iter()
            .find(|mv| mv.carries_bomb())
            .expect("a template's Missiles stand beside the bomb");
        game.play(strike).unwrap();
        let step = *game.history().last().unwrap();
        assert!(step.announcement.cleared(strike).count() >= 3);
        let text = serde_json::to_string(&ServerMessage::Step(step)).unwrap();
        assert!(named(&text).is_empty(), "{text}");
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            ServerMessage::Step(step)
        );
        // North's view names its own kinds, and of South's only the Marshal.
        let view = game.view(Color::North);
        let enemies = serde_json::to_string(view.enemies()).unwrap();
        assert_eq!(named(&enemies), [r#""Marshal""#], "{enemies}");
        let message = ServerMessage::Game {
            view: view.clone(),
            played: Some(step),
        };
        let text = serde_json::to_string(&message).unwrap();
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            message
        );
    }

    #[test]
    fn unknown_and_extra_fields_are_refused() {
        for text in [
            r#"{"fly":{}}"#,
            r#"{"add_cpu":{"level":"hard","kind":"General"}}"#,
            r#"{"add_cpu":{"level":"godlike"}}"#,
            r#"{"move":"z9-b5"}"#,
            r#"{"move":"b4-b5","resign":null}"#,
            r#"{"usi":7}"#,
            r#"{"type":"move","move":"b4-b5"}"#,
        ] {
            assert!(
                serde_json::from_str::<ClientMessage>(text).is_err(),
                "{text}"
            );
        }
    }
}
