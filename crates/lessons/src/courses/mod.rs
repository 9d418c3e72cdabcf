//! The courses, in the order `#/learn` lists them.

mod gunjin_basics;
mod gunjin_variants;
mod shogi_basics;

use crate::Course;

/// A step of one move: `one_move!(id, Gunjin position, reveal, goal,
/// solution)` or `one_move!(id, SFEN, goal, solution)`.
macro_rules! one_move {
    ($id:literal, $position:literal, $reveal:literal, $goal:expr, $solution:literal) => {
        $crate::Step {
            id: $id,
            task: $crate::Task::Gunjin {
                position: $position,
                reveal: $reveal,
                goals: &[$goal],
                replies: &[],
            },
            solution: &[$solution],
        }
    };
    ($id:literal, $sfen:literal, $goal:expr, $solution:literal) => {
        $crate::Step {
            id: $id,
            task: $crate::Task::Shogi {
                sfen: $sfen,
                goals: &[$goal],
                replies: &[],
            },
            solution: &[$solution],
        }
    };
}
use one_move;

pub static COURSES: [Course; 3] = [
    gunjin_basics::COURSE,
    gunjin_variants::COURSE,
    shogi_basics::COURSE,
];
