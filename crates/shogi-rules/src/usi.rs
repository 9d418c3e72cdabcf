//! USI move notation: `7g7f`, `8h2b+` (promoting), `P*5e` (a drop).

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Move, Role, Square};

/// Why a text is not a USI move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseUsiError {
    /// Not four or five characters shaped like a move or a drop.
    Syntax(String),
    /// A square that is not on the board (`0a`, `5j`).
    Square(String),
    /// A drop of a piece that cannot be held (`K*5e`, `+P*5e`).
    DropRole(char),
}

impl fmt::Display for ParseUsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseUsiError::Syntax(s) => write!(f, "\"{s}\" is not a USI move"),
            ParseUsiError::Square(s) => write!(f, "\"{s}\" is not a square"),
            ParseUsiError::DropRole(c) => write!(f, "'{c}' cannot be dropped"),
        }
    }
}

impl std::error::Error for ParseUsiError {}

fn square(s: &str) -> Result<Square, ParseUsiError> {
    s.parse().map_err(|_| ParseUsiError::Square(s.to_owned()))
}

impl FromStr for Move {
    type Err = ParseUsiError;

    fn from_str(s: &str) -> Result<Move, ParseUsiError> {
        let syntax = || ParseUsiError::Syntax(s.to_owned());
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(syntax());
        }
        if let Some(to) = s.strip_prefix(|c: char| c.is_ascii_uppercase()) {
            let to = to
                .strip_prefix('*')
                .filter(|to| to.len() == 2)
                .ok_or_else(syntax)?;
            let letter = s.as_bytes()[0] as char;
            let role = Role::from_sfen_letter(letter)
                .filter(|r| r.is_hand())
                .ok_or(ParseUsiError::DropRole(letter))?;
            return Ok(Move::Drop {
                role,
                to: square(to)?,
            });
        }
        let (squares, promote) = match s.strip_suffix('+') {
            Some(squares) => (squares, true),
            None => (s, false),
        };
        if squares.len() != 4 {
            return Err(syntax());
        }
        Ok(Move::Normal {
            from: square(&squares[..2])?,
            to: square(&squares[2..])?,
            promote,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { role, to } => write!(f, "{}*{to}", role.sfen_letter()),
        }
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for usi in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
            assert_eq!(usi.parse::<Move>().unwrap().to_string(), usi);
        }
    }

    #[test]
    fn typed_errors() {
        let parse = |s: &str| s.parse::<Move>().unwrap_err();
        assert_eq!(parse("7g7"), ParseUsiError::Syntax("7g7".into()));
        assert_eq!(parse("7g7f++"), ParseUsiError::Syntax("7g7f++".into()));
        assert_eq!(parse("7g7f="), ParseUsiError::Syntax("7g7f=".into()));
        assert_eq!(parse("0a7f"), ParseUsiError::Square("0a".into()));
        assert_eq!(parse("7g7j"), ParseUsiError::Square("7j".into()));
        assert_eq!(parse("K*5e"), ParseUsiError::DropRole('K'));
        assert_eq!(parse("X*5e"), ParseUsiError::DropRole('X'));
        assert_eq!(parse("P-5e"), ParseUsiError::Syntax("P-5e".into()));
        assert_eq!(parse("７六"), ParseUsiError::Syntax("７六".into()));
    }
}
