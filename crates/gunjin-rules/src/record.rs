//! A compact game record that replays deterministically.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{ByColor, Color, Diagram, Game, Move, PlayError, Rules, Setup};

/// Where a game began: two setups (every game played today), or a
/// position written down (a puzzle, a test, a mode that starts
/// mid-game), which has no setups to reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Both camps set up, `first` to move.
    Setups {
        rules: Rules,
        first: Color,
        setups: ByColor<Setup>,
    },
    /// The position a diagram shows, its side to move first.
    Position(Diagram),
}

impl Start {
    pub const fn rules(&self) -> Rules {
        match self {
            Start::Setups { rules, .. } => *rules,
            Start::Position(diagram) => diagram.rules,
        }
    }

    /// Who moved first.
    pub const fn first(&self) -> Color {
        match self {
            Start::Setups { first, .. } => *first,
            Start::Position(diagram) => diagram.turn,
        }
    }

    /// Both setups, for a game that began from them.
    pub const fn setups(&self) -> Option<&ByColor<Setup>> {
        match self {
            Start::Setups { setups, .. } => Some(setups),
            Start::Position(_) => None,
        }
    }

    /// The game before its first move.
    pub fn game(&self) -> Result<Game, RecordError> {
        let game = match self {
            Start::Setups {
                rules,
                first,
                setups,
            } => Game::new(*rules, *setups, *first).map_err(|e| e.to_string()),
            Start::Position(diagram) => Game::from_position(*diagram).map_err(|e| e.to_string()),
        };
        game.map_err(RecordError)
    }
}

/// Everything needed to replay a game: its start, the moves, and a
/// resignation or a draw agreed if the game ended by one.
///
/// Text form, whitespace separated (`docs/RULES.md` §8, "Game record"):
/// `htsrf s <south setup> <north setup> b4-b5 e5-e4 … [resign:n|draw]`
/// from setups, `<position text> b4-b5 … [resign:n|draw]` from a
/// position (`draw`: the players agreed to one). Moves
/// are read on the rule code's board
/// ([`Shape::parse_move`](crate::Shape::parse_move)), so Classic
/// 25's headquarters reads as `e1`, `d1` or `f1`.
///
/// ```
/// use gunjin_rules::{Color, Record};
/// let record: Record = "htsrf 1g3/6/6/6/6/6/6/4X n b8-b7".parse().unwrap();
/// assert_eq!(record.first(), Color::North);
/// assert_eq!(record.setups(), None);
/// assert_eq!(record.replay().unwrap().history().len(), 1);
/// assert_eq!(record.to_string(), "htsrf 1g3/6/6/6/6/6/6/4X n b8-b7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub start: Start,
    pub moves: Vec<Move>,
    pub resigned: Option<Color>,
    /// The players agreed to a draw after the moves.
    pub agreed: bool,
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
    pub const fn rules(&self) -> Rules {
        self.start.rules()
    }

    /// Who moved first.
    pub const fn first(&self) -> Color {
        self.start.first()
    }

    /// Both setups, unless the game began from a position.
    pub const fn setups(&self) -> Option<&ByColor<Setup>> {
        self.start.setups()
    }

    /// Plays the record through the rules from the start.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = self.start.game()?;
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
        if self.agreed {
            game.agree_draw()
                .map_err(|_| RecordError("a draw agreed after the end".into()))?;
        }
        Ok(game)
    }
}

/// `<rule code> <s|n> <South setup> <North setup>`, or the position text.
impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Start::Setups {
                rules,
                first,
                setups,
            } => write!(
                f,
                "{rules} {} {} {}",
                first.char(),
                setups.south,
                setups.north
            ),
            Start::Position(diagram) => diagram.fmt(f),
        }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.start.fmt(f)?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        if let Some(side) = self.resigned {
            write!(f, " resign:{}", side.char())?;
        }
        if self.agreed {
            f.write_str(" draw")?;
        }
        Ok(())
    }
}

/// The tokens of a record's text, each named when it is missing.
struct Tokens<'a>(core::str::SplitWhitespace<'a>);

impl<'a> Tokens<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, RecordError> {
        self.0
            .next()
            .ok_or_else(|| RecordError(format!("the {what} is missing")))
    }
}

/// Reads the start: after the rule code, a single `s` or `n` says who
/// moved first from two setups; anything else is the ranks of a position
/// text.
fn parse_start(tokens: &mut Tokens<'_>) -> Result<Start, RecordError> {
    let code = tokens.next("rule code")?;
    let second = tokens.next("first player")?;
    if let Some(first) = single_color(second) {
        let rules = code
            .parse()
            .map_err(|e: crate::ParseRulesError| RecordError(e.to_string()))?;
        let mut setup = |side: &str| {
            tokens
                .next(side)?
                .parse::<Setup>()
                .map_err(|e| RecordError(e.to_string()))
        };
        let south = setup("South setup")?;
        let north = setup("North setup")?;
        return Ok(Start::Setups {
            rules,
            first,
            setups: ByColor { south, north },
        });
    }
    let turn = tokens.next("side to move")?;
    let diagram = format!("{code} {second} {turn}")
        .parse()
        .map_err(|e: crate::PositionError| RecordError(e.to_string()))?;
    Ok(Start::Position(diagram))
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut tokens = Tokens(text.split_whitespace());
        let start = parse_start(&mut tokens)?;
        // Squares are read on the game's board, with its own aliases.
        let shape = start.rules().shape();
        let mut moves = Vec::new();
        let mut resigned = None;
        let mut agreed = false;
        for token in tokens.0 {
            if resigned.is_some() || agreed {
                return Err(RecordError(format!("\"{token}\" comes after the end")));
            }
            if token == "draw" {
                agreed = true;
                continue;
            }
            match token.strip_prefix("resign:") {
                Some(side) => {
                    resigned = Some(single_color(side).ok_or_else(|| {
                        RecordError(format!("\"{token}\": resign:s or resign:n"))
                    })?);
                }
                None => moves.push(
                    shape
                        .parse_move(token)
                        .map_err(|e| RecordError(e.to_string()))?,
                ),
            }
        }
        Ok(Record {
            start,
            moves,
            resigned,
            agreed,
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
