//! The messages themselves: what a client may ask and what it is told.
//! Each is made of parts (`parts.rs`): taking a seat and acting at a
//! table, which every game shares, and each game's own part
//! (`gunjin.rs`, `shogi.rs`). On the wire a message is one flat,
//! externally tagged enum, as it always was (`{"move":"b4-b5"}`,
//! `"resign"`): pages and servers of earlier builds read these messages
//! and write the ones read here. A new game or a new kind of message (a
//! chat line, the lobby's) is a part: a variant here, and a line in its
//! message's [`Parts`] reader, with tags no other part uses.

use core::cell::Cell;

use gunjin_rules::{Color, Rules};
use serde::de::VariantAccess;
use serde::{Deserialize, Deserializer, Serialize};

use crate::chat::{ChatAct, ChatNews};
use crate::gunjin::{GunjinAct, GunjinNews};
use crate::lobby::{LobbyAct, LobbyNews};
use crate::offer::{OfferAct, OfferNews};
use crate::parts::{self, Part, Parts, Tagged};
use crate::shogi::{ShogiAct, ShogiNews};
use crate::watch::{WatchAct, WatchNews};
use crate::{Clock, ClockState, CpuLevel, ErrorCode, GameTag, Invitation, TableState};

/// What a client sends. The first message of a connection must be a
/// [`Seating`] but a `peek`: it binds the connection to a seat; or a
/// [`watch`](WatchAct::Watch), which binds it to a table as a spectator. The others
/// act for that seat, at its table or in its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ClientMessage {
    Seat(Seating),
    Table(TableAct),
    Gunjin(GunjinAct),
    Shogi(ShogiAct),
    Offer(OfferAct),
    Watch(WatchAct),
    Chat(ChatAct),
    Lobby(LobbyAct),
}

impl Parts for ClientMessage {
    fn read<'de, V: VariantAccess<'de>>(
        tagged: Tagged<V>,
        refusal: &Cell<ErrorCode>,
    ) -> Result<ClientMessage, V::Error> {
        match () {
            () if tagged.is::<Seating>() => tagged.read(refusal).map(ClientMessage::Seat),
            () if tagged.is::<TableAct>() => tagged.read(refusal).map(ClientMessage::Table),
            () if tagged.is::<GunjinAct>() => tagged.read(refusal).map(ClientMessage::Gunjin),
            () if tagged.is::<ShogiAct>() => tagged.read(refusal).map(ClientMessage::Shogi),
            () if tagged.is::<OfferAct>() => tagged.read(refusal).map(ClientMessage::Offer),
            () if tagged.is::<WatchAct>() => tagged.read(refusal).map(ClientMessage::Watch),
            () if tagged.is::<ChatAct>() => tagged.read(refusal).map(ClientMessage::Chat),
            () if tagged.is::<LobbyAct>() => tagged.read(refusal).map(ClientMessage::Lobby),
            () => Err(tagged.unknown()),
        }
    }
}

impl<'de> Deserialize<'de> for ClientMessage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ClientMessage, D::Error> {
        parts::deserialize(d, &Cell::new(ErrorCode::BadMessage))
    }
}

/// A client's message that does not read, and how it is refused.
#[derive(Debug)]
pub struct Unreadable {
    /// [`ErrorCode::BadSetup`] for a setup, [`ErrorCode::BadLevel`] for a
    /// CPU's level (the player corrects them); else
    /// [`ErrorCode::BadMessage`].
    pub code: ErrorCode,
    pub reason: serde_json::Error,
}

impl ClientMessage {
    /// Reads a client's message, saying how to refuse one that does not
    /// read by the part its tag names.
    ///
    /// ```
    /// use gunjin_table::{ClientMessage, ErrorCode};
    /// let code = |text| ClientMessage::from_json(text).unwrap_err().code;
    /// assert_eq!(code(r#"{"ready":{"setup":"ATN"}}"#), ErrorCode::BadSetup);
    /// assert_eq!(code(r#"{"add_cpu":{"level":"godlike"}}"#), ErrorCode::BadLevel);
    /// assert_eq!(code(r#"{"fly":{}}"#), ErrorCode::BadMessage);
    /// assert!(ClientMessage::from_json(r#""resign""#).is_ok());
    /// ```
    pub fn from_json(text: &str) -> Result<ClientMessage, Unreadable> {
        let refusal = Cell::new(ErrorCode::BadMessage);
        let mut json = serde_json::Deserializer::from_str(text);
        let message = parts::deserialize(&mut json, &refusal).map_err(|reason| Unreadable {
            code: refusal.get(),
            reason,
        })?;
        json.end().map_err(|reason| Unreadable {
            code: ErrorCode::BadMessage,
            reason,
        })?;
        Ok(message)
    }
}

/// Taking a seat, or asking about one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Seating {
    /// Opens a new table and takes its first seat (South).
    Open(Open),
    /// Takes the free seat of the table whose id came with the invite link.
    Join { table: String, name: String },
    /// Asks what the table of an invite link is, without sitting down: the
    /// answer is an [`Invitation`](SeatNews::Invitation), or the error
    /// that a `join` would get (no such table). The connection stays
    /// unbound.
    Peek { table: String },
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
}

impl Part for Seating {}

impl Seating {
    /// The table it names: all but an `open`'s, which has no id yet.
    pub fn table(&self) -> Option<&str> {
        match self {
            Seating::Open(_) => None,
            Seating::Join { table, .. }
            | Seating::Peek { table }
            | Seating::Resume { table, .. } => Some(table),
        }
    }
}

/// A new table: the host's name, the game under its options, and a clock
/// if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "OpenText", into = "OpenText")]
pub struct Open {
    pub name: String,
    pub game: GameOpen,
    pub clock: Option<Clock>,
}

/// The game a table opens, with its own options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOpen {
    Gunjin {
        rules: Rules,
    },
    /// An even game.
    Shogi,
}

impl GameOpen {
    pub fn tag(self) -> GameTag {
        match self {
            GameOpen::Gunjin { .. } => GameTag::Gunjin,
            GameOpen::Shogi => GameTag::Shogi,
        }
    }
}

/// An [`Open`] as written: `game` is absent for Gunjin, as in every `open`
/// before the tag (and servers of that time refuse unknown fields);
/// `rules` are Gunjin's, which a Shogi table's `open` leaves out.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenText {
    #[serde(default, skip_serializing_if = "GameTag::is_gunjin")]
    game: GameTag,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<Rules>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<Clock>,
}

impl From<OpenText> for Open {
    fn from(text: OpenText) -> Open {
        let game = match text.game {
            GameTag::Gunjin => GameOpen::Gunjin {
                rules: text.rules.unwrap_or_default(),
            },
            GameTag::Shogi => GameOpen::Shogi,
        };
        Open {
            name: text.name,
            game,
            clock: text.clock,
        }
    }
}

impl From<Open> for OpenText {
    fn from(open: Open) -> OpenText {
        let rules = match open.game {
            GameOpen::Gunjin { rules } => Some(rules),
            GameOpen::Shogi => None,
        };
        OpenText {
            game: open.game.tag(),
            name: open.name,
            rules,
            clock: open.clock,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !b
}

/// What a seated player asks of its table, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableAct {
    /// The host fills the free seat with the CPU at a level of the
    /// table's game.
    AddCpu { level: CpuLevel },
    /// During the setup or the game.
    Resign,
}

/// An unknown level is the host's to correct: the connection stays.
impl Part for TableAct {
    fn refusal(tag: &str) -> ErrorCode {
        match tag {
            "add_cpu" => ErrorCode::BadLevel,
            _ => ErrorCode::BadMessage,
        }
    }
}

/// What the server sends: only what the receiving player may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ServerMessage {
    Seat(SeatNews),
    Table(TableNews),
    Gunjin(GunjinNews),
    Shogi(ShogiNews),
    Offer(OfferNews),
    Watch(WatchNews),
    Chat(ChatNews),
    Lobby(LobbyNews),
}

impl Parts for ServerMessage {
    fn read<'de, V: VariantAccess<'de>>(
        tagged: Tagged<V>,
        refusal: &Cell<ErrorCode>,
    ) -> Result<ServerMessage, V::Error> {
        match () {
            () if tagged.is::<SeatNews>() => tagged.read(refusal).map(ServerMessage::Seat),
            () if tagged.is::<TableNews>() => tagged.read(refusal).map(ServerMessage::Table),
            () if tagged.is::<GunjinNews>() => tagged.read(refusal).map(ServerMessage::Gunjin),
            () if tagged.is::<ShogiNews>() => tagged.read(refusal).map(ServerMessage::Shogi),
            () if tagged.is::<OfferNews>() => tagged.read(refusal).map(ServerMessage::Offer),
            () if tagged.is::<WatchNews>() => tagged.read(refusal).map(ServerMessage::Watch),
            () if tagged.is::<ChatNews>() => tagged.read(refusal).map(ServerMessage::Chat),
            () if tagged.is::<LobbyNews>() => tagged.read(refusal).map(ServerMessage::Lobby),
            () => Err(tagged.unknown()),
        }
    }
}

impl<'de> Deserialize<'de> for ServerMessage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ServerMessage, D::Error> {
        parts::deserialize(d, &Cell::new(ErrorCode::BadMessage))
    }
}

impl ServerMessage {
    /// A refusal.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Seat(SeatNews::Error {
            code,
            message: message.into(),
        })
    }
}

/// Each part is a message.
macro_rules! part_of {
    ($($message:ident::$variant:ident($part:ty)),+ $(,)?) => {
        $(impl From<$part> for $message {
            fn from(part: $part) -> $message {
                $message::$variant(part)
            }
        })+
    };
}

part_of!(
    ClientMessage::Seat(Seating),
    ClientMessage::Table(TableAct),
    ClientMessage::Gunjin(GunjinAct),
    ClientMessage::Shogi(ShogiAct),
    ClientMessage::Offer(OfferAct),
    ClientMessage::Watch(WatchAct),
    ClientMessage::Chat(ChatAct),
    ServerMessage::Seat(SeatNews),
    ServerMessage::Table(TableNews),
    ServerMessage::Gunjin(GunjinNews),
    ServerMessage::Shogi(ShogiNews),
    ServerMessage::Offer(OfferNews),
    ServerMessage::Watch(WatchNews),
    ServerMessage::Chat(ChatNews),
);

/// What a connection is told of its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatNews {
    /// The seat this connection holds; the token takes it back later
    /// ([`Seating::Resume`]): keep it secret.
    Welcome {
        table: String,
        token: String,
        side: Color,
    },
    /// The answer to a [`Peek`](Seating::Peek).
    Invitation(Invitation),
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

impl Part for SeatNews {}

/// What a seated player is told of its table, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableNews {
    /// The table changed: seats, presence or phase.
    #[serde(rename = "table")]
    State(TableState),
    /// The clock after a move (or on resuming), for a table that has one.
    Clock(ClockState),
    /// A seat's connection came or went. An absent player forfeits (by
    /// resignation) after `forfeit_in_millis` unless they come back.
    Presence {
        side: Color,
        connected: bool,
        forfeit_in_millis: Option<u64>,
    },
}

impl Part for TableNews {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_as_documented() {
        let read = |s: &str| serde_json::from_str::<ClientMessage>(s).unwrap();
        assert_eq!(
            read(r#"{"move":"b4-b5"}"#),
            ClientMessage::Gunjin(GunjinAct::Move("b4-b5".into()))
        );
        assert_eq!(read(r#""resign""#), ClientMessage::Table(TableAct::Resign));
        assert_eq!(
            read(r#"{"add_cpu":{"level":"hard"}}"#),
            ClientMessage::Table(TableAct::AddCpu {
                level: CpuLevel::Gunjin(crate::Level::Hard)
            })
        );
        assert_eq!(
            read(r#"{"usi":"P*5e"}"#),
            ClientMessage::Shogi(ShogiAct::Move("P*5e".into()))
        );
        assert_eq!(
            read(r#""declare""#),
            ClientMessage::Shogi(ShogiAct::Declare)
        );
        // A Shogi table's `open` leaves Gunjin's rules out; one of an
        // earlier build wrote them, which the Shogi table ignores.
        let open = |game, clock| {
            ClientMessage::Seat(Seating::Open(Open {
                name: "Aki".into(),
                game,
                clock,
            }))
        };
        let shogi = open(GameOpen::Shogi, None);
        assert_eq!(read(r#"{"open":{"game":"shogi","name":"Aki"}}"#), shogi);
        let earlier = r#"{"open":{"game":"shogi","name":"Aki","rules":{"strength":"House","tank_vs_engineer":"TankWins","mine":"Stays","front":"River","placement":"Free"}}}"#;
        assert_eq!(read(earlier), shogi);
        assert_eq!(
            serde_json::to_string(&shogi).unwrap(),
            r#"{"open":{"game":"shogi","name":"Aki"}}"#
        );
        let byoyomi = Clock::Byoyomi {
            millis: 600_000,
            byoyomi_millis: 30_000,
        };
        let open = open(GameOpen::Shogi, Some(byoyomi));
        assert_eq!(read(&serde_json::to_string(&open).unwrap()), open);
        // `rotate` is optional: earlier clients' resumes still read.
        let resume = ClientMessage::Seat(Seating::Resume {
            table: "t".into(),
            token: "k".into(),
            rotate: false,
        });
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
        use gunjin_rules::{ByColor, Game, Kind, Mode, Move, Template};

        use crate::gunjin::MoveText;
        let read = |s: &str| serde_json::from_str::<ClientMessage>(s).unwrap();
        let rules: Rules = "c25-htsrf".parse().unwrap();
        let open = ClientMessage::Seat(Seating::Open(Open {
            name: "Aki".into(),
            game: GameOpen::Gunjin { rules },
            clock: None,
        }));
        let text = serde_json::to_string(&open).unwrap();
        assert!(text.contains(r#""mode":"Classic25""#), "{text}");
        assert_eq!(read(&text), open);
        let strike = Move::strike("e2".parse().unwrap(), "e5".parse().unwrap(), true);
        let ClientMessage::Gunjin(GunjinAct::Move(text)) = read(r#"{"move":"e2*e5+"}"#) else {
            panic!("a strike is a move");
        };
        assert_eq!(text.read(rules.shape()), Ok(strike));
        assert!(MoveText::from("e2-e5+").read(rules.shape()).is_err());
        // The headquarters' aliases name it on Classic 25's board alone.
        let alias = MoveText::from("d2-d1");
        assert_eq!(alias.read(rules.shape()).unwrap().to_string(), "d2-e1");
        assert_eq!(
            alias.read(Rules::default().shape()).unwrap().to_string(),
            "d2-c1"
        );
        assert_eq!(MoveText::from(strike), MoveText::from("e2*e5+"));

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
        let message = ServerMessage::Gunjin(GunjinNews::Step(step));
        let text = serde_json::to_string(&message).unwrap();
        assert!(named(&text).is_empty(), "{text}");
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            message
        );
        // North's view names its own kinds, and of South's only the Marshal.
        let view = game.view(Color::North);
        let enemies = serde_json::to_string(view.enemies()).unwrap();
        assert_eq!(named(&enemies), [r#""Marshal""#], "{enemies}");
        let message = ServerMessage::Gunjin(GunjinNews::Game {
            view: view.clone(),
            played: Some(step),
        });
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

/// No two parts of a message share a tag: each tag reads as one part.
#[cfg(test)]
#[test]
fn the_parts_tags_are_their_own() {
    use crate::parts::tags;
    let client = [
        tags::<Seating>(),
        tags::<TableAct>(),
        tags::<GunjinAct>(),
        tags::<ShogiAct>(),
        tags::<OfferAct>(),
        tags::<WatchAct>(),
        tags::<ChatAct>(),
        tags::<LobbyAct>(),
    ];
    let server = [
        tags::<SeatNews>(),
        tags::<TableNews>(),
        tags::<GunjinNews>(),
        tags::<ShogiNews>(),
        tags::<OfferNews>(),
        tags::<WatchNews>(),
        tags::<ChatNews>(),
        tags::<LobbyNews>(),
    ];
    for parts in [client, server] {
        let all: Vec<&str> = parts.concat();
        let mut unique = all.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), all.len(), "{all:?}");
        assert!(
            all.contains(&"resign") || all.contains(&"welcome"),
            "{all:?}"
        );
    }
    assert_eq!(tags::<ShogiAct>(), ["usi", "declare"]);
}
