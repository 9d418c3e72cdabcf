//! A game from its first position to its result: the moves, the
//! repetition and perpetual-check rule, the move limit, resignation, time
//! and the impasse declaration.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::{Color, EndReason, Handicap, Move, Outcome, Position, Record, Square};

/// The game is drawn once this many moves have been played in all.
pub const MOVE_LIMIT: u32 = 512;

/// The same position for this many times ends the game.
pub const REPETITION_LIMIT: usize = 4;

/// An end of the game that is an act rather than a move, kept in the
/// record so that a replay ends the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// This side resigned (on either turn).
    Resign(Color),
    /// This side's clock ran out.
    TimeOut(Color),
    /// The side to move declared an impasse, rightly or wrongly.
    Declare,
    /// The players agreed to a draw (one offered it, the other accepted).
    Agreement,
}

/// A move or act the game refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver,
    IllegalMove(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::IllegalMove(mv) => write!(f, "{mv} is not a legal move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game as the referee runs it: the first position, every move with the
/// hash and check status it led to, and the outcome once there is one.
///
/// ```
/// use shogi_rules::{EndReason, Game, Outcome};
/// let mut game = Game::new(shogi_rules::Position::start());
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*4d"] {
///     game.play(usi.parse().unwrap()).unwrap();
/// }
/// assert_eq!(game.outcome(), None);
/// game.resign(shogi_rules::Color::Sente).unwrap();
/// assert_eq!(game.outcome().unwrap().reason, EndReason::Resignation);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// `hashes[k]`: the hash after `k` moves.
    hashes: Vec<u64>,
    /// `checks[k]`: whether the `k`-th move gave check (`checks[0]` unused).
    checks: Vec<bool>,
    ending: Option<Ending>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start` (over at once if the side to move has no move).
    pub fn new(start: Position) -> Game {
        let mut game = Game {
            hashes: vec![start.hash()],
            checks: vec![start.is_check()],
            position: start.clone(),
            start,
            moves: Vec::new(),
            ending: None,
            outcome: None,
        };
        game.outcome = game.end_after_move();
        game
    }

    /// A game from a handicap's (or the even) starting position.
    pub fn handicap(handicap: Handicap) -> Game {
        Game::new(handicap.position())
    }

    /// The position now.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Each move with the position it was played in and the destination of
    /// the move before it (for 同), from the first move: what notation and
    /// replays walk through.
    pub fn steps(&self) -> impl Iterator<Item = (Position, Move, Option<Square>)> + '_ {
        let start = (self.start.clone(), None);
        self.moves.iter().scan(start, |(position, previous), &mv| {
            let step = (position.clone(), mv, *previous);
            position.play_unchecked(mv);
            *previous = Some(mv.to());
            Some(step)
        })
    }

    /// The act that ended the game, if it was not a move.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Plays a move of the side to move and ends the game if it is over.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        self.position
            .play(mv)
            .map_err(|_| PlayError::IllegalMove(mv))?;
        self.moves.push(mv);
        self.hashes.push(self.position.hash());
        self.checks.push(self.position.is_check());
        self.outcome = self.end_after_move();
        Ok(())
    }

    /// Takes back the last move (a take-back in a friendly game), or the
    /// act that ended the game if it ended by one; `None` at the start.
    ///
    /// ```
    /// use shogi_rules::{Game, Position};
    /// let mut game = Game::new(Position::start());
    /// game.play("7g7f".parse().unwrap()).unwrap();
    /// assert_eq!(game.undo(), Some("7g7f".parse().unwrap()));
    /// assert_eq!(game.position(), &Position::start());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        if self.ending.take().is_some() {
            self.outcome = self.end_after_move();
            return None;
        }
        let mv = self.moves.pop()?;
        self.hashes.pop();
        self.checks.pop();
        self.position = self.start.clone();
        for &played in &self.moves {
            self.position.play_unchecked(played);
        }
        self.outcome = self.end_after_move();
        Some(mv)
    }

    /// The result after a move (or at the start), if the game is over:
    /// checkmate first, then repetition, then the move limit.
    fn end_after_move(&self) -> Option<Outcome> {
        let position = &self.position;
        if !position.has_legal_move() {
            return Some(Outcome::win(!position.turn(), EndReason::Checkmate));
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        (position.move_number() > MOVE_LIMIT).then_some(Outcome::draw(EndReason::MoveLimit))
    }

    /// How often the current position has occurred, this time included
    /// (only every other position has the same side to move).
    pub fn repetitions(&self) -> usize {
        let hash = self.position.hash();
        self.hashes
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == hash)
            .count()
    }

    /// The fourth occurrence draws, unless one side gave check with every
    /// move since the first occurrence: that side loses.
    fn repetition(&self) -> Option<Outcome> {
        if self.repetitions() < REPETITION_LIMIT {
            return None;
        }
        let hash = self.position.hash();
        let first = self.hashes.iter().position(|&h| h == hash)?;
        let last = self.moves.len();
        // The last move was made by the side not to move now, and the
        // sides alternate going back.
        let checked_throughout = |side: Color| {
            (first + 1..=last)
                .filter(|&k| (last - k) % 2 == usize::from(side == self.position.turn()))
                .all(|k| self.checks[k])
        };
        let checkers: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&side| checked_throughout(side))
            .collect();
        Some(match checkers[..] {
            [checker] => Outcome::win(!checker, EndReason::PerpetualCheck),
            _ => Outcome::draw(EndReason::Repetition),
        })
    }

    fn end_by(&mut self, ending: Ending, outcome: Outcome) -> Result<Outcome, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        self.ending = Some(ending);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `side` resigns; allowed on either turn while the game is on.
    pub fn resign(&mut self, side: Color) -> Result<Outcome, PlayError> {
        self.end_by(
            Ending::Resign(side),
            Outcome::win(!side, EndReason::Resignation),
        )
    }

    /// `side`'s clock ran out (the clock itself is the app's).
    pub fn time_out(&mut self, side: Color) -> Result<Outcome, PlayError> {
        self.end_by(
            Ending::TimeOut(side),
            Outcome::win(!side, EndReason::TimeOut),
        )
    }

    /// The side to move declares an impasse: it wins if the 27-point rule
    /// is met and loses otherwise.
    pub fn declare(&mut self) -> Result<Outcome, PlayError> {
        let side = self.position.turn();
        let outcome = if self.position.can_declare() {
            Outcome::win(side, EndReason::Impasse)
        } else {
            Outcome::win(!side, EndReason::FalseDeclaration)
        };
        self.end_by(Ending::Declare, outcome)
    }

    /// The players agree to a draw, on either turn while the game is on.
    ///
    /// ```
    /// use shogi_rules::{EndReason, Game, Position};
    /// let mut game = Game::new(Position::start());
    /// game.play("7g7f".parse().unwrap()).unwrap();
    /// assert_eq!(game.agree_draw().unwrap().reason, EndReason::Agreement);
    /// assert_eq!(game.record().to_string(), "startpos moves 7g7f end draw");
    /// ```
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.end_by(Ending::Agreement, Outcome::draw(EndReason::Agreement))
    }

    /// Applies an [`Ending`] (as read from a record).
    pub fn end(&mut self, ending: Ending) -> Result<Outcome, PlayError> {
        match ending {
            Ending::Resign(side) => self.resign(side),
            Ending::TimeOut(side) => self.time_out(side),
            Ending::Declare => self.declare(),
            Ending::Agreement => self.agree_draw(),
        }
    }

    /// The record that replays this game.
    pub fn record(&self) -> Record {
        Record {
            start: self.start.to_setup(),
            moves: self.moves.clone(),
            ending: self.ending,
        }
    }
}
