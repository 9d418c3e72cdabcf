//! Talking at a table: the chat's part of the messages. A table has two
//! rooms: its players' and its spectators', which the players are not
//! told of before the end (so nobody passes a hint). A line names its
//! speaker as the server knows them, never as the client says.

use gunjin_rules::Color;
use serde::{Deserialize, Serialize};

use crate::parts::Part;

/// The longest free-text line, in characters.
pub const MAX_CHAT_CHARS: usize = 140;

/// What a seated player or a spectator says at its table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ChatAct {
    /// A line to the sender's own room.
    Say(Said),
    /// The host allows free text at the table, or only the phrases.
    FreeText { allowed: bool },
}

impl Part for ChatAct {}

/// What a line says: a phrase every reader reads in their own language,
/// or free text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Said {
    Phrase(Phrase),
    Text(String),
}

/// The canned phrases, sent by their id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    Hello,
    GoodLuck,
    WellPlayed,
    ThankYou,
    OneMoment,
    Rematch,
    GoodGame,
    Oops,
}

impl Phrase {
    pub const ALL: [Phrase; 8] = [
        Phrase::Hello,
        Phrase::GoodLuck,
        Phrase::WellPlayed,
        Phrase::ThankYou,
        Phrase::OneMoment,
        Phrase::Rematch,
        Phrase::GoodGame,
        Phrase::Oops,
    ];
}

/// Why a line is not said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaid {
    Empty,
    TooLong,
}

impl Said {
    /// The line as it is kept: free text trimmed, its control characters
    /// (line breaks, say) made spaces, at most [`MAX_CHAT_CHARS`].
    ///
    /// ```
    /// use gunjin_table::{Said, Unsaid};
    /// let said = Said::Text(" <b>hi</b>\n there ".into()).cleaned();
    /// assert_eq!(said, Ok(Said::Text("<b>hi</b>  there".into())));
    /// assert_eq!(Said::Text(" ".into()).cleaned(), Err(Unsaid::Empty));
    /// assert_eq!(Said::Text("x".repeat(141)).cleaned(), Err(Unsaid::TooLong));
    /// ```
    pub fn cleaned(self) -> Result<Said, Unsaid> {
        let Said::Text(text) = self else {
            return Ok(self);
        };
        let text: String = text
            .trim()
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        match text.chars().count() {
            0 => Err(Unsaid::Empty),
            n if n > MAX_CHAT_CHARS => Err(Unsaid::TooLong),
            _ => Ok(Said::Text(text)),
        }
    }
}

/// Which of a table's two rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    Players,
    Spectators,
}

/// One line of a table's chat, as the server wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub room: Room,
    /// The speaker's name as the server knows it: a seat's, or the name
    /// a spectator watches under.
    pub name: String,
    /// The speaker's seat; none for a spectator.
    pub side: Option<Color>,
    pub said: Said,
    /// When it was said (Unix milliseconds).
    pub at: u64,
}

/// What a table's chat tells a seat or a spectator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatNews {
    /// A line of a room the receiver reads.
    Chat(ChatLine),
    /// On sitting down or watching, and for the players at the end (the
    /// spectators' room then included): every line the receiver may read
    /// so far, and whether free text is allowed.
    ChatLog {
        lines: Vec<ChatLine>,
        free_text: bool,
    },
    /// The host allowed or turned off free text.
    FreeText { allowed: bool },
}

impl Part for ChatNews {}
