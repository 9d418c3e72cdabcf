//! What a course is made of: steps, each a task on a board (or a question,
//! or a link to a real game), named so that their words can be looked up.

use crate::{GunjinGoal, ShogiGoal};

/// The game a course teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Gunjin,
    Shogi,
}

/// A course: its steps in order. Its words are `lessons.<id>.title` and
/// `lessons.<id>.intro`.
#[derive(Debug)]
pub struct Course {
    pub id: &'static str,
    pub game: Game,
    pub steps: &'static [Step],
}

/// One step of a course. Its words are `lessons.<course>.<id>.title`,
/// `.text` (what to do) and, for a task with a goal, `.hint` (why a legal
/// try is not the answer).
#[derive(Debug)]
pub struct Step {
    pub id: &'static str,
    pub task: Task,
    /// The player's moves that complete the step (USI for Shogi, the
    /// position text's move notation for Gunjin; empty for a question or
    /// a link): the tests play them, and the app could show them.
    pub solution: &'static [&'static str],
}

/// What a step asks.
#[derive(Debug)]
pub enum Task {
    /// Gunjin moves for South from `position` (the rules crate's position
    /// text), one per goal, North answering each but the last with the
    /// reply at the same index. `reveal` shows North's kinds, which a
    /// game would hide.
    Gunjin {
        position: &'static str,
        reveal: bool,
        goals: &'static [GunjinGoal],
        replies: &'static [&'static str],
    },
    /// Shogi moves for the side to move in `sfen`, as for Gunjin.
    Shogi {
        sfen: &'static str,
        goals: &'static [ShogiGoal],
        replies: &'static [&'static str],
    },
    /// A question on a Gunjin position: `choices` answers, worded
    /// `lessons.<course>.<step>.choice_<n>` from 1, the right one `answer`.
    Question {
        position: &'static str,
        choices: u8,
        answer: u8,
    },
    /// A real game against the CPU: the app opens it.
    Play(Game),
}

impl Course {
    /// The step named `id`, with its index.
    pub fn step(&self, id: &str) -> Option<(usize, &'static Step)> {
        self.steps
            .iter()
            .enumerate()
            .find(|(_, step)| step.id == id)
    }
}
