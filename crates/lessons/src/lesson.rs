//! A step being played: its board, which goal comes next, and the answer
//! to each try. A try that is not the answer leaves the board as it was,
//! so the player tries again.

use gunjin_rules::{Color, Diagram, Game as GunjinGame, Move as GunjinMove};
use shogi_rules::{Move as ShogiMove, Position as ShogiPosition};

use crate::{Step, Task};

/// What a try earned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step is complete.
    Done,
    /// A goal is met and the opponent has answered: the next goal awaits.
    Continue,
    /// Not the answer, and why; the board is unchanged.
    Wrong(Reason),
}

/// Why a try was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Gunjin's rules refuse the move.
    Gunjin(gunjin_rules::Refusal),
    /// Shogi's rules refuse the move.
    Shogi(shogi_rules::Refusal),
    /// A legal move (or an answer) that is not the step's: its hint says
    /// what to look for.
    Hint,
    /// The step is already complete.
    Finished,
}

impl Reason {
    /// The key of its words under `lessons.why`, or `None` for the step's
    /// own hint (`lessons.<course>.<step>.hint`).
    pub fn key(self) -> Option<&'static str> {
        use gunjin_rules::Refusal as G;
        use shogi_rules::Refusal as S;
        Some(match self {
            Reason::Hint => return None,
            Reason::Finished | Reason::Gunjin(G::GameOver | G::NotYourTurn) => "finished",
            Reason::Gunjin(G::NoPiece) | Reason::Shogi(S::NoPiece) => "no_piece",
            Reason::Gunjin(G::OutOfReach) | Reason::Shogi(S::OutOfReach) => "out_of_reach",
            Reason::Gunjin(G::Guarded) => "guarded",
            Reason::Shogi(S::Occupied) => "occupied",
            Reason::Shogi(S::CannotPromote) => "cannot_promote",
            Reason::Shogi(S::DeadSquare) => "dead_square",
            Reason::Shogi(S::TwoPawns) => "two_pawns",
            Reason::Shogi(S::PawnDropMate) => "pawn_drop_mate",
            Reason::Shogi(S::KingInCheck) => "king_in_check",
        })
    }

    /// Every key [`Reason::key`] gives, for the test of the locales.
    pub const KEYS: [&'static str; 10] = [
        "finished",
        "no_piece",
        "out_of_reach",
        "guarded",
        "occupied",
        "cannot_promote",
        "dead_square",
        "two_pawns",
        "pawn_drop_mate",
        "king_in_check",
    ];
}

/// The board of a step in play, as the rules crates hold it.
#[derive(Clone, Debug)]
pub enum Board {
    /// The referee's game: the app shows South's view of it (and North's
    /// kinds only where the step reveals them).
    Gunjin(GunjinGame),
    Shogi(ShogiPosition),
    /// A question or a link: nothing to move.
    None,
}

/// A step in play.
#[derive(Clone, Debug)]
pub struct Lesson {
    step: &'static Step,
    board: Board,
    /// The index of the goal the next move must meet.
    goal: usize,
    done: bool,
}

impl Lesson {
    /// The step at its start. A step's position is checked by the tests;
    /// one that did not read would show an empty board.
    pub fn new(step: &'static Step) -> Lesson {
        let board = match step.task {
            Task::Gunjin { position, .. } | Task::Question { position, .. } => position
                .parse::<Diagram>()
                .ok()
                .and_then(|diagram| GunjinGame::from_position(diagram).ok())
                .map_or(Board::None, Board::Gunjin),
            Task::Shogi { sfen, .. } => {
                ShogiPosition::from_sfen(sfen).map_or(Board::None, Board::Shogi)
            }
            Task::Play(_) => Board::None,
        };
        Lesson {
            step,
            board,
            goal: 0,
            done: false,
        }
    }

    pub fn step(&self) -> &'static Step {
        self.step
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the step is complete.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Answers South's Gunjin move.
    pub fn try_gunjin(&mut self, mv: GunjinMove) -> Verdict {
        let (Task::Gunjin { goals, replies, .. }, Board::Gunjin(game)) =
            (&self.step.task, &self.board)
        else {
            return Verdict::Wrong(Reason::Hint);
        };
        if self.done {
            return Verdict::Wrong(Reason::Finished);
        }
        if let Err(refusal) = game.view(Color::South).action(mv.from(), mv.to()) {
            return Verdict::Wrong(Reason::Gunjin(refusal));
        }
        let mut after = game.clone();
        let Ok(said) = after.play(mv) else {
            // A strike carrying a bomb that is not there.
            return Verdict::Wrong(Reason::Gunjin(gunjin_rules::Refusal::OutOfReach));
        };
        if !goals[self.goal].met(mv, said, &after) {
            return Verdict::Wrong(Reason::Hint);
        }
        if let Some(reply) = replies.get(self.goal) {
            let reply = after.rules().shape().parse_move(reply);
            // The tests play every reply; a bad one leaves South to move.
            let _ = reply.map(|reply| after.play(reply));
        }
        self.board = Board::Gunjin(after);
        self.advance(goals.len())
    }

    /// Answers the Shogi move of the side the step began with.
    pub fn try_shogi(&mut self, mv: ShogiMove) -> Verdict {
        let (Task::Shogi { goals, replies, .. }, Board::Shogi(position)) =
            (&self.step.task, &self.board)
        else {
            return Verdict::Wrong(Reason::Hint);
        };
        if self.done {
            return Verdict::Wrong(Reason::Finished);
        }
        if let Some(refusal) = position.refusal(mv) {
            return Verdict::Wrong(Reason::Shogi(refusal));
        }
        let mut after = position.clone();
        after.play_unchecked(mv);
        if !goals[self.goal].met(position, mv, &after) {
            return Verdict::Wrong(Reason::Hint);
        }
        if let Some(reply) = replies.get(self.goal) {
            // The tests play every reply; a bad one leaves the board as is.
            if let Ok(reply) = reply.parse() {
                let _ = after.play(reply);
            }
        }
        self.board = Board::Shogi(after);
        self.advance(goals.len())
    }

    /// Answers a question with the choice numbered `choice` (from 1).
    pub fn answer(&mut self, choice: u8) -> Verdict {
        match self.step.task {
            Task::Question { answer, .. } if answer == choice => {
                self.done = true;
                Verdict::Done
            }
            _ => Verdict::Wrong(Reason::Hint),
        }
    }

    /// Moves on to the next of `goals` goals, or completes the step.
    fn advance(&mut self, goals: usize) -> Verdict {
        self.goal += 1;
        self.done = self.goal == goals;
        if self.done {
            Verdict::Done
        } else {
            Verdict::Continue
        }
    }
}
