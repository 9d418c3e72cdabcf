//! Gunjin Shogi from the first move: how pieces move, what a battle says,
//! the pieces with a rule of their own, the win, and guessing. Standard 23
//! under the Kirakuken house rules (`htsrf`); South is the player.

use super::one_move;
use crate::GunjinGoal::*;
use crate::{Course, Game, Step, Task};

pub const COURSE: Course = Course {
    id: "gunjin_basics",
    game: Game::Gunjin,
    steps: &[
        // The Plane flies along its file over the Major, the front and the Mine.
        one_move!(
            "plane",
            "htsrf 4g/6/6/x5/6/J5/P5/5 s",
            false,
            Reach("a7"),
            "a2-a7"
        ),
        one_move!(
            "engineer",
            "htsrf 4g/6/6/6/6/6/1E4/5 s",
            false,
            Reach("b7"),
            "b2-b7"
        ),
        one_move!(
            "tank",
            "htsrf 4g/6/6/6/6/4T1/6/5 s",
            false,
            Reach("e5"),
            "e3-e5"
        ),
        // The Captain on a4 has no bridge; the Colonel on b4 has.
        one_move!(
            "bridges",
            "htsrf 4g/6/6/6/AC4/6/6/5 s",
            false,
            Reach("b5"),
            "b4-b5"
        ),
        one_move!(
            "battle",
            "htsrf 4g/6/6/1n4/1C4/6/6/5 s",
            false,
            Attack("b5"),
            "b4-b5"
        ),
        Step {
            id: "battle_says",
            task: Task::Question {
                position: "htsrf 4g/6/6/1n4/1C4/6/6/5 s",
                choices: 3,
                answer: 2,
            },
            solution: &[],
        },
        one_move!(
            "spy",
            "htsrf 5/6/6/6/3g2/3Y2/6/5 s",
            true,
            Take("d4"),
            "d3-d4"
        ),
        // The General beats the Major, but the Spy beats the General.
        one_move!(
            "general",
            "htsrf 5/6/6/1y4/jG4/6/6/5 s",
            true,
            Take("a4"),
            "b4-a4"
        ),
        one_move!(
            "mine",
            "htsrf 4g/6/6/Ax4/6/6/6/1E3 s",
            true,
            Take("b5"),
            "b1-b5"
        ),
        // The Flag on c6 fights as the Lieutenant behind it.
        one_move!(
            "flag",
            "htsrf 4g/2n3/1Af3/2S3/6/6/6/5 s",
            true,
            Take("c6"),
            "b6-c6"
        ),
        one_move!(
            "headquarters",
            "htsrf 4g/2JA2/6/6/6/6/6/5 s",
            false,
            Win,
            "c7-c8"
        ),
        Step {
            id: "tags",
            task: Task::Question {
                position: "htsrf 4g/6/6/1x4/6/1A4/6/5 s",
                choices: 3,
                answer: 2,
            },
            solution: &[],
        },
        Step {
            id: "first_game",
            task: Task::Play(Game::Gunjin),
            solution: &[],
        },
    ],
};
