//! The written record: a finished (or unfinished) game as a text a person
//! reads and another program parses (`docs/RULES.md` §8, "The written
//! record"). A header, one line per move with the referee's announcement,
//! then both setups: the reveal.
//!
//! Everything written is read back and checked against the rules: the
//! moves are replayed from the setups, and each move's side and
//! announcement and the result must be what the replay gives, so a text
//! that reads is a game that happened.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::{
    Announcement, Bitboard, ByColor, Color, DrawReason, Game, Kind, Mode, Move, Outcome,
    PublicMove, Record, RecordError, Rules, Setup, Shape, Start, WinReason,
};

/// The first line of every written record.
pub const SCORESHEET_TITLE: &str = "# Gunjin Shogi record";

/// A game's record with its players' names, as written down.
///
/// ```
/// use gunjin_rules::{ByColor, Record, Scoresheet};
/// let record: Record = "htsrf 1g3/6/6/6/6/6/6/4X n b8-b7".parse().unwrap();
/// let sheet = Scoresheet { record, players: ByColor { south: None, north: Some("Aki".into()) } };
/// let text = sheet.write().unwrap();
/// assert!(text.contains("\n1. North b8-b7\n"));
/// assert_eq!(text.parse::<Scoresheet>().unwrap(), sheet);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheet {
    pub record: Record,
    /// Each side's player, when known (one line each: a line break or
    /// other control character is written as a space, and spaces at the
    /// ends are left out).
    pub players: ByColor<Option<String>>,
}

/// A written record that does not read: the line it stopped at (none
/// when something is missing from the whole text) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoresheetError {
    pub line: Option<usize>,
    pub reason: String,
}

impl fmt::Display for ScoresheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for ScoresheetError {}

fn at(line: usize, reason: impl Into<String>) -> ScoresheetError {
    ScoresheetError {
        line: Some(line),
        reason: reason.into(),
    }
}

impl Scoresheet {
    /// The written text; the record is replayed for its announcements and
    /// result, so one that does not replay is refused.
    pub fn write(&self) -> Result<String, RecordError> {
        let game = self.record.replay()?;
        let rules = self.record.rules();
        let mut out = String::new();
        let mut line = |s: &str| {
            out.push_str(s);
            out.push('\n');
        };
        line(SCORESHEET_TITLE);
        line(&format!("Rules: {rules} ({})", describe_rules(rules)));
        for side in Color::ALL {
            if let Some(name) = self.players[side].as_deref().map(one_line)
                && !name.is_empty()
            {
                line(&format!("{side}: {name}"));
            }
        }
        line(&format!("First: {}", self.record.first()));
        line(&format!("Result: {}", result(game.outcome())));
        line(&format!("Moves: {}", game.history().len()));
        line("");
        for (ply, public) in game.history().iter().enumerate() {
            line(&move_line(ply + 1, public));
        }
        if !game.history().is_empty() {
            line("");
        }
        match &self.record.start {
            Start::Setups { setups, .. } => {
                for side in Color::ALL {
                    line(&format!("{side} setup: {}", setups[side]));
                }
            }
            Start::Position(diagram) => line(&format!("Position: {diagram}")),
        }
        Ok(out)
    }

    /// Reads a written record and checks it against the rules.
    pub fn parse(text: &str) -> Result<Scoresheet, ScoresheetError> {
        let lines = Lines::read(text)?;
        let rules = lines.rules.ok_or_else(|| missing("the Rules line"))?;
        let start = lines.start(rules)?;
        let mut game = start.game().map_err(|e| at(lines.start_line(), e.0))?;
        for written in &lines.moves {
            written.play(&mut game, rules.shape())?;
        }
        let (resigned, agreed) = lines.result_ending(&mut game)?;
        if let Some((line, count)) = lines.count
            && count != lines.moves.len()
        {
            return Err(at(
                line,
                format!("it says {count} moves, {} are written", lines.moves.len()),
            ));
        }
        Ok(Scoresheet {
            record: Record {
                start,
                moves: lines.moves.iter().map(|m| m.mv).collect(),
                resigned,
                agreed,
            },
            players: lines.players,
        })
    }
}

impl FromStr for Scoresheet {
    type Err = ScoresheetError;

    fn from_str(text: &str) -> Result<Scoresheet, ScoresheetError> {
        Scoresheet::parse(text)
    }
}

fn missing(what: &str) -> ScoresheetError {
    ScoresheetError {
        line: None,
        reason: format!("{what} is missing"),
    }
}

/// A name on one line, as written.
fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The mode and preset in words, for a person (a reader goes by the code).
fn describe_rules(rules: Rules) -> String {
    let mode = match rules.mode {
        Mode::Standard => "Standard 23",
        Mode::Marshal23 => "Marshal 23",
        Mode::American21 => "American 21",
        Mode::Classic25 => "Classic 25",
    };
    let preset = match rules.preset() {
        Some(crate::Preset::Kirakuken) => "Kirakuken house rules",
        Some(crate::Preset::Traditional) => "Traditional",
        None => "mixed options",
    };
    format!("{mode}, {preset}")
}

/// A kind's name in words: `LieutenantGeneral` is "Lieutenant General".
fn kind_name(kind: Kind) -> String {
    let mut name = String::new();
    for c in kind.to_string().chars() {
        if c.is_uppercase() && !name.is_empty() {
            name.push(' ');
        }
        name.push(c);
    }
    name
}

/// The result line: who won and why, or that the game is not over.
fn result(outcome: Option<Outcome>) -> String {
    let Some(outcome) = outcome else {
        return "unfinished".into();
    };
    match outcome {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::HeadquartersTaken { by } => {
                    format!("headquarters taken by the {}", kind_name(by))
                }
                WinReason::MarshalTaken { by } => {
                    format!("Marshal taken by the {}", kind_name(by))
                }
                WinReason::NoLegalMove => format!("{} has no legal move", !winner),
                WinReason::Resignation => format!("{} resigned", !winner),
            };
            format!("{winner} wins, {why}")
        }
        Outcome::Draw { reason } => match reason {
            DrawReason::NoOfficers => "draw, no officers left".into(),
            DrawReason::MoveLimit => format!("draw, {} moves", crate::MOVE_LIMIT),
            DrawReason::Repetition => "draw, repetition".into(),
            DrawReason::Agreement => "draw, agreed".into(),
        },
    }
}

/// `12. South b4-b5 defender removed`: the ply, the mover, the move and
/// what the referee announced (nothing for a move onto an empty node).
fn move_line(ply: usize, public: &PublicMove) -> String {
    let mut line = format!("{ply}. {} {}", public.side, public.mv);
    match public.announcement {
        Announcement::Moved => {}
        Announcement::AttackerRemoved => line.push_str(" attacker removed"),
        Announcement::DefenderRemoved => line.push_str(" defender removed"),
        Announcement::BothRemoved => line.push_str(" both removed"),
        Announcement::Struck(_) => {
            line.push_str(" struck");
            for sq in public.announcement.cleared(public.mv) {
                let _ = write!(line, " {sq}");
            }
        }
    }
    line
}

/// A move line as read, before the replay checks it.
struct WrittenMove {
    line: usize,
    ply: usize,
    side: Color,
    mv: Move,
    announced: String,
}

impl WrittenMove {
    fn read(line: usize, text: &str, shape: &Shape) -> Result<WrittenMove, ScoresheetError> {
        let (ply, rest) = text.split_once(". ").ok_or_else(|| {
            at(
                line,
                format!("\"{text}\" is not a move line (\"12. South b4-b5\")"),
            )
        })?;
        let ply = ply
            .parse()
            .map_err(|_| at(line, format!("\"{ply}\" is not a move number")))?;
        let mut words = rest.split_whitespace();
        let side = side_named(words.next().unwrap_or_default())
            .ok_or_else(|| at(line, "the side (South or North) is missing"))?;
        let mv_text = words
            .next()
            .ok_or_else(|| at(line, "the move is missing"))?;
        let mv = shape
            .parse_move(mv_text)
            .map_err(|e| at(line, e.to_string()))?;
        Ok(WrittenMove {
            line,
            ply,
            side,
            mv,
            announced: words.collect::<Vec<_>>().join(" "),
        })
    }

    /// Plays the move and checks what the line says against the game.
    fn play(&self, game: &mut Game, shape: &Shape) -> Result<(), ScoresheetError> {
        let ply = game.history().len() + 1;
        if self.ply != ply {
            return Err(at(
                self.line,
                format!("move {} is written where move {ply} should be", self.ply),
            ));
        }
        let side = game.position().turn();
        if game.outcome().is_some() {
            return Err(at(self.line, format!("move {ply} comes after the end")));
        }
        if self.side != side {
            return Err(at(
                self.line,
                format!("it is {side}'s move, not {}'s", self.side),
            ));
        }
        game.play(self.mv)
            .map_err(|e| at(self.line, e.to_string()))?;
        let public = game.history()[ply - 1];
        if !announced_as(&self.announced, &public, shape) {
            let said = move_line(ply, &public);
            return Err(at(
                self.line,
                format!("the setups give \"{said}\", not \"{}\"", self.announced),
            ));
        }
        Ok(())
    }
}

/// Whether `text` is what the referee announced after `public`: a strike's
/// cleared nodes in any order.
fn announced_as(text: &str, public: &PublicMove, shape: &Shape) -> bool {
    let mut words = text.split_whitespace();
    match public.announcement {
        Announcement::Struck(_) => {
            words.next() == Some("struck")
                && words
                    .map(|w| shape.parse_square(w))
                    .collect::<Result<Bitboard, _>>()
                    .is_ok_and(|cleared| cleared == public.announcement.cleared(public.mv))
        }
        _ => {
            let expected = move_line(0, public);
            let expected = expected.splitn(4, ' ').nth(3).unwrap_or_default();
            text == expected
        }
    }
}

fn side_named(word: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.to_string() == word)
}

/// The lines of a written record, sorted by what they say.
#[derive(Default)]
struct Lines {
    rules: Option<Rules>,
    players: ByColor<Option<String>>,
    first: Option<Color>,
    result: Option<(usize, String)>,
    count: Option<(usize, usize)>,
    moves: Vec<WrittenMove>,
    setups: ByColor<Option<(usize, Setup)>>,
    position: Option<(usize, crate::Diagram)>,
}

impl Lines {
    fn read(text: &str) -> Result<Lines, ScoresheetError> {
        let mut lines = Lines::default();
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            if raw.starts_with(|c: char| c.is_ascii_digit()) {
                let rules = lines
                    .rules
                    .ok_or_else(|| at(line, "a move comes before the Rules line"))?;
                lines
                    .moves
                    .push(WrittenMove::read(line, raw, rules.shape())?);
                continue;
            }
            let (key, value) = raw.split_once(':').ok_or_else(|| {
                at(
                    line,
                    format!("\"{raw}\" is neither a move nor \"Name: value\""),
                )
            })?;
            lines.field(line, key.trim(), value.trim())?;
        }
        Ok(lines)
    }

    /// One `Name: value` line; names this reader does not know are left
    /// for other programs.
    fn field(&mut self, line: usize, key: &str, value: &str) -> Result<(), ScoresheetError> {
        match key {
            "Rules" => {
                let code = value.split_whitespace().next().unwrap_or_default();
                let rules = code
                    .parse()
                    .map_err(|e: crate::ParseRulesError| at(line, e.to_string()))?;
                self.rules = Some(rules);
            }
            "First" => {
                let side = side_named(value).ok_or_else(|| at(line, "First: South or North"))?;
                self.first = Some(side);
            }
            "Result" => self.result = Some((line, value.to_owned())),
            "Moves" => {
                let count = value
                    .parse()
                    .map_err(|_| at(line, format!("\"{value}\" is not a number of moves")))?;
                self.count = Some((line, count));
            }
            "Position" => {
                let diagram = value
                    .parse()
                    .map_err(|e: crate::PositionError| at(line, e.to_string()))?;
                self.position = Some((line, diagram));
            }
            _ => {
                if let Some(side) = side_named(key) {
                    self.players[side] = Some(value.to_owned()).filter(|v| !v.is_empty());
                } else if let Some(side) = key.strip_suffix(" setup").and_then(side_named) {
                    let setup = value
                        .parse()
                        .map_err(|e: crate::SetupError| at(line, e.to_string()))?;
                    self.setups[side] = Some((line, setup));
                }
            }
        }
        Ok(())
    }

    /// Where the game began: both setups and who moved first, or a
    /// position.
    fn start(&self, rules: Rules) -> Result<Start, ScoresheetError> {
        if let Some((_, diagram)) = self.position {
            return Ok(Start::Position(diagram));
        }
        let setup = |side: Color| {
            self.setups[side]
                .map(|(_, setup)| setup)
                .ok_or_else(|| missing(&format!("the {side} setup")))
        };
        let setups = ByColor {
            south: setup(Color::South)?,
            north: setup(Color::North)?,
        };
        let first = self.first.ok_or_else(|| missing("the First line"))?;
        Ok(Start::Setups {
            rules,
            first,
            setups,
        })
    }

    /// The line that says where the game began.
    fn start_line(&self) -> usize {
        self.position
            .map(|(line, _)| line)
            .or(self.setups.south.map(|(line, _)| line))
            .unwrap_or_default()
    }

    /// Checks the Result line against the replayed game, resigning for
    /// the side it says resigned or drawing the draw it says was agreed.
    fn result_ending(&self, game: &mut Game) -> Result<(Option<Color>, bool), ScoresheetError> {
        let (line, written) = self
            .result
            .clone()
            .ok_or_else(|| missing("the Result line"))?;
        if written == result(game.outcome()) {
            return Ok((None, false));
        }
        let agreed = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        if game.outcome().is_none() && written == result(Some(agreed)) {
            game.agree_draw().map_err(|e| at(line, e.to_string()))?;
            return Ok((None, true));
        }
        for side in Color::ALL {
            let resigned = Outcome::Win {
                winner: !side,
                reason: WinReason::Resignation,
            };
            if game.outcome().is_none() && written == result(Some(resigned)) {
                game.resign(side).map_err(|e| at(line, e.to_string()))?;
                return Ok((Some(side), false));
            }
        }
        Err(at(
            line,
            format!(
                "the moves end \"{}\", not \"{written}\"",
                result(game.outcome())
            ),
        ))
    }
}
