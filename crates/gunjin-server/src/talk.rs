//! A table's chat: two rooms, its players' and its spectators', kept
//! with the table in the store. The players read the spectators' room
//! only once the game is over (so nobody passes a hint during it);
//! spectators read their own room alone. A line's speaker is the name
//! the table knows (the seat's, or the one watched under).

use gunjin_rules::Color;
use gunjin_table::{ChatLine, ChatNews, ErrorCode, Room, Said, ServerMessage, Unsaid};

use crate::refusal::Refusal;

/// Lines kept per table: past it the oldest go (the store keeps them).
const KEPT: usize = 500;

/// Why a line is not said: a protocol violation (the app never sends
/// such a line), which closes the connection.
pub fn unsaid(why: Unsaid) -> Refusal {
    let why = match why {
        Unsaid::Empty => "an empty line",
        Unsaid::TooLong => "a line of more than 140 characters",
    };
    Refusal::new(ErrorCode::BadMessage, why)
}

/// Who reads: a seat (and whether its game is over), or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Player { over: bool },
    Spectator,
}

impl Reader {
    pub fn reads(self, room: Room) -> bool {
        match self {
            Reader::Player { over } => over || room == Room::Players,
            Reader::Spectator => room == Room::Spectators,
        }
    }
}

/// The chat's lines so far.
#[derive(Default)]
pub struct Talk {
    lines: Vec<ChatLine>,
}

impl Talk {
    /// The lines the store kept.
    pub fn of(lines: Vec<ChatLine>) -> Talk {
        let skip = lines.len().saturating_sub(KEPT);
        Talk {
            lines: lines.into_iter().skip(skip).collect(),
        }
    }

    /// The line `name` (on `side`, or a spectator) says, checked: free
    /// text only where the host allows it.
    pub fn line(
        name: &str,
        side: Option<Color>,
        said: Said,
        free_text: bool,
        at: u64,
    ) -> Result<ChatLine, Refusal> {
        if matches!(said, Said::Text(_)) && !free_text {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the host allows only the phrases at this table",
            ));
        }
        let said = said.cleaned().map_err(unsaid)?;
        let room = match side {
            Some(_) => Room::Players,
            None => Room::Spectators,
        };
        Ok(ChatLine {
            room,
            name: name.to_owned(),
            side,
            said,
            at,
        })
    }

    pub fn add(&mut self, line: ChatLine) {
        if self.lines.len() >= KEPT {
            self.lines.remove(0);
        }
        self.lines.push(line);
    }

    /// Every line `reader` may read, and the switch.
    pub fn log(&self, reader: Reader, free_text: bool) -> ServerMessage {
        let lines = self
            .lines
            .iter()
            .filter(|line| reader.reads(line.room))
            .cloned()
            .collect();
        ServerMessage::Chat(ChatNews::ChatLog { lines, free_text })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_table::Phrase;

    #[test]
    fn the_players_read_the_spectators_only_after_the_end() {
        let mut talk = Talk::default();
        let hello = || Said::Phrase(Phrase::Hello);
        talk.add(Talk::line("Aki", Some(Color::South), hello(), true, 1).unwrap());
        talk.add(Talk::line("Chai", None, hello(), true, 2).unwrap());
        let names = |reader| match talk.log(reader, true) {
            ServerMessage::Chat(ChatNews::ChatLog { lines, .. }) => {
                lines.into_iter().map(|l| l.name).collect::<Vec<_>>()
            }
            _ => unreachable!(),
        };
        assert_eq!(names(Reader::Player { over: false }), ["Aki"]);
        assert_eq!(names(Reader::Spectator), ["Chai"]);
        assert_eq!(names(Reader::Player { over: true }), ["Aki", "Chai"]);
    }

    #[test]
    fn free_text_only_where_allowed_and_never_too_long() {
        let text = |t: &str| Said::Text(t.into());
        assert!(Talk::line("Aki", None, text("hi"), false, 0).is_err());
        assert!(Talk::line("Aki", None, Said::Phrase(Phrase::Oops), false, 0).is_ok());
        assert!(Talk::line("Aki", None, text(&"x".repeat(141)), true, 0).is_err());
        let line = Talk::line("Aki", None, text(&"ก".repeat(140)), true, 0).unwrap();
        assert_eq!(line.room, Room::Spectators);
    }
}
