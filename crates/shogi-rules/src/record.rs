//! A game record as SFEN and USI moves: what the app stores, and what
//! replays a game deterministically.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{
    Color, Ending, Game, Move, ParseSfenError, ParseUsiError, PlayError, Position, PositionError,
    Setup,
};

/// The first position, the moves, and the act that ended the game if it
/// was not a move (resignation, time, declaration).
///
/// The serde form is `{"start": "<sfen>", "moves": ["7g7f", …], "ending": …}`;
/// the text form is the argument of USI's `position` command, with the
/// ending after it: `sfen <sfen> moves 7g7f 3c3d end resign:gote`
/// (`startpos` for the even start).
///
/// ```
/// use shogi_rules::Record;
/// let record: Record = "startpos moves 7g7f 3c3d".parse().unwrap();
/// let game = record.replay().unwrap();
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.record(), record);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    pub start: Setup,
    pub moves: Vec<Move>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
}

/// A record that does not read or does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not `startpos` / `sfen …`, `moves …`, `end …` in that order.
    Syntax(String),
    Sfen(ParseSfenError),
    Position(PositionError),
    Usi(ParseUsiError),
    /// Move `ply` (from 1) is illegal, or comes after the end.
    Play {
        ply: usize,
        error: PlayError,
    },
    /// The ending comes after the game was already over.
    EndingAfterEnd,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax(s) => write!(f, "record: unexpected \"{s}\""),
            RecordError::Sfen(e) => write!(f, "record: {e}"),
            RecordError::Position(e) => write!(f, "record: {e}"),
            RecordError::Usi(e) => write!(f, "record: {e}"),
            RecordError::Play { ply, error } => write!(f, "record: move {ply}: {error}"),
            RecordError::EndingAfterEnd => f.write_str("record: an ending after the end"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Plays the record through the rules from its first position.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let start = Position::new(self.start).map_err(RecordError::Position)?;
        let mut game = Game::new(start);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| RecordError::Play { ply: i + 1, error })?;
        }
        if let Some(ending) = self.ending {
            game.end(ending).map_err(|_| RecordError::EndingAfterEnd)?;
        }
        Ok(game)
    }
}

fn ending_token(ending: Ending) -> String {
    match ending {
        Ending::Resign(side) => format!("resign:{side}"),
        Ending::TimeOut(side) => format!("timeout:{side}"),
        Ending::Declare => "declare".to_owned(),
        Ending::Agreement => "draw".to_owned(),
    }
}

fn parse_ending(token: &str) -> Option<Ending> {
    let side = |s: &str| match s {
        "sente" => Some(Color::Sente),
        "gote" => Some(Color::Gote),
        _ => None,
    };
    match token.split_once(':') {
        Some(("resign", s)) => side(s).map(Ending::Resign),
        Some(("timeout", s)) => side(s).map(Ending::TimeOut),
        None if token == "declare" => Some(Ending::Declare),
        None if token == "draw" => Some(Ending::Agreement),
        _ => None,
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start == Setup::start() {
            f.write_str("startpos")?;
        } else {
            write!(f, "sfen {}", self.start)?;
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for mv in &self.moves {
                write!(f, " {mv}")?;
            }
        }
        if let Some(ending) = self.ending {
            write!(f, " end {}", ending_token(ending))?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let text = text.trim();
        let syntax = |s: &str| RecordError::Syntax(s.to_owned());
        let (start, rest) = if let Some(rest) = text.strip_prefix("startpos") {
            (Setup::start(), rest)
        } else if let Some(rest) = text.strip_prefix("sfen ") {
            let sfen_end = rest
                .find(" moves")
                .or_else(|| rest.find(" end "))
                .unwrap_or(rest.len());
            let start = rest[..sfen_end].parse().map_err(RecordError::Sfen)?;
            (start, &rest[sfen_end..])
        } else {
            return Err(syntax(text));
        };
        let mut tokens = rest.split_ascii_whitespace().peekable();
        let mut moves = Vec::new();
        if tokens.next_if_eq(&"moves").is_some() {
            while let Some(token) = tokens.next_if(|&t| t != "end") {
                moves.push(token.parse().map_err(RecordError::Usi)?);
            }
        }
        let ending = match tokens.next() {
            None => None,
            Some("end") => {
                let token = tokens.next().ok_or_else(|| syntax("end"))?;
                Some(parse_ending(token).ok_or_else(|| syntax(token))?)
            }
            Some(token) => return Err(syntax(token)),
        };
        if let Some(token) = tokens.next() {
            return Err(syntax(token));
        }
        Ok(Record {
            start,
            moves,
            ending,
        })
    }
}
