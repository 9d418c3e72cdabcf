//! The table's chat and audience as told: the lines of the rooms this
//! seat reads, the table's switches and how many watch. Muting the
//! opponent is this page's own choice, never sent: their lines are kept
//! and only hidden while muted.

use gunjin_rules::Color;
use gunjin_table::{ChatLine, ChatNews, WatchNews};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chat {
    pub lines: Vec<ChatLine>,
    /// Whether the host allows free text.
    pub free_text: bool,
    /// How many watch, and whether the players allow spectators.
    pub watching: u32,
    pub spectators: bool,
}

impl Default for Chat {
    fn default() -> Chat {
        Chat {
            lines: Vec::new(),
            free_text: true,
            watching: 0,
            spectators: true,
        }
    }
}

impl Chat {
    pub fn apply(&mut self, news: ChatNews) {
        match news {
            ChatNews::Chat(line) => self.lines.push(line),
            ChatNews::ChatLog { lines, free_text } => {
                self.lines = lines;
                self.free_text = free_text;
            }
            ChatNews::FreeText { allowed } => self.free_text = allowed,
        }
    }

    /// What a seat is told of its audience (the rest is a spectator's).
    pub fn audience(&mut self, news: WatchNews) {
        if let WatchNews::Audience { watching, allowed } = news {
            self.watching = watching;
            self.spectators = allowed;
        }
    }

    /// The lines shown to the seat `you`: all but the opponent's while
    /// muted.
    pub fn shown(&self, you: Color, muted: bool) -> Vec<ChatLine> {
        self.lines
            .iter()
            .filter(|line| !muted || line.side != Some(!you))
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use gunjin_table::{Phrase, Room, Said};

    use super::*;

    fn line(side: Option<Color>, said: Said) -> ChatLine {
        let room = side.map_or(Room::Spectators, |_| Room::Players);
        ChatLine {
            room,
            name: "Aki".into(),
            side,
            said,
            at: 0,
        }
    }

    #[test]
    fn a_muted_opponent_is_hidden_and_kept() {
        let mut chat = Chat::default();
        let hello = Said::Phrase(Phrase::Hello);
        chat.apply(ChatNews::Chat(line(Some(Color::North), hello.clone())));
        chat.apply(ChatNews::Chat(line(Some(Color::South), hello.clone())));
        chat.apply(ChatNews::Chat(line(None, hello)));
        assert_eq!(chat.shown(Color::South, false).len(), 3);
        let muted = chat.shown(Color::South, true);
        assert!(muted.iter().all(|l| l.side != Some(Color::North)));
        assert_eq!(muted.len(), 2);
        assert_eq!(chat.shown(Color::South, false).len(), 3, "kept");
    }

    #[test]
    fn the_log_and_the_switches_replace_what_was_told() {
        let mut chat = Chat::default();
        chat.apply(ChatNews::Chat(line(None, Said::Text("hi".into()))));
        chat.apply(ChatNews::ChatLog {
            lines: Vec::new(),
            free_text: false,
        });
        assert!(chat.lines.is_empty() && !chat.free_text);
        chat.audience(WatchNews::Audience {
            watching: 2,
            allowed: false,
        });
        assert_eq!((chat.watching, chat.spectators), (2, false));
    }
}
