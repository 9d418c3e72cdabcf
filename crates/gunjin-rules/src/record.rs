//! A compact game record that replays deterministically.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{ByColor, Color, Game, Move, PlayError, Rules, Setup};

/// Everything needed to replay a game: the rule code, who moved first,
/// both setups and the moves, and a resignation if there was one.
///
/// Text form, whitespace separated:
/// `htsrf s <south setup> <north setup> b4-b5 e5-e4 … [resign:n]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub rules: Rules,
    pub first: Color,
    pub setups: ByColor<Setup>,
    pub moves: Vec<Move>,
    pub resigned: Option<Color>,
}

/// A record that does not read or does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game record: {}", self.0)
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Plays the record through the rules from the start.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules, self.setups, self.first)
            .map_err(|e| RecordError(e.to_string()))?;
        for (ply, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|e| match e {
                PlayError::GameOver => {
                    RecordError(format!("move {} ({mv}) comes after the end", ply + 1))
                }
                e => RecordError(format!("move {}: {e}", ply + 1)),
            })?;
        }
        if let Some(side) = self.resigned {
            game.resign(side)
                .map_err(|_| RecordError("a resignation after the end".into()))?;
        }
        Ok(game)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.rules,
            self.first.char(),
            self.setups.south,
            self.setups.north
        )?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        if let Some(side) = self.resigned {
            write!(f, " resign:{}", side.char())?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut tokens = text.split_whitespace();
        let mut next = |what: &str| {
            tokens
                .next()
                .ok_or_else(|| RecordError(format!("the {what} is missing")))
        };
        let rules = next("rule code")?
            .parse()
            .map_err(|e: crate::ParseRulesError| RecordError(e.to_string()))?;
        let first = next("first player")?;
        let first =
            single_color(first).ok_or_else(|| RecordError(format!("\"{first}\" is not s or n")))?;
        let setup = |s: &str| s.parse::<Setup>().map_err(|e| RecordError(e.to_string()));
        let south = setup(next("South setup")?)?;
        let north = setup(next("North setup")?)?;
        let mut moves = Vec::new();
        let mut resigned = None;
        for token in tokens {
            if resigned.is_some() {
                return Err(RecordError(format!(
                    "\"{token}\" comes after the resignation"
                )));
            }
            match token.strip_prefix("resign:") {
                Some(side) => {
                    resigned = Some(single_color(side).ok_or_else(|| {
                        RecordError(format!("\"{token}\": resign:s or resign:n"))
                    })?);
                }
                None => moves.push(
                    token
                        .parse()
                        .map_err(|e: crate::ParseMoveError| RecordError(e.to_string()))?,
                ),
            }
        }
        Ok(Record {
            rules,
            first,
            setups: ByColor { south, north },
            moves,
            resigned,
        })
    }
}

fn single_color(s: &str) -> Option<Color> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Color::from_char(c),
        _ => None,
    }
}

impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
