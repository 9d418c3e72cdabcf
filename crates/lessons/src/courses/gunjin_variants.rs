//! The pieces of the variant modes, on Classic 25's 9×6 board
//! (`c25-htsrf`): the Jet, the Artillery, the Missile's strike with and
//! without the Atomic bomb, and the guarded Marshal.

use super::one_move;
use crate::GunjinGoal::*;
use crate::{Course, Game, Step, Task};

pub const COURSE: Course = Course {
    id: "gunjin_variants",
    game: Game::Gunjin,
    steps: &[
        one_move!(
            "jet",
            "c25-htsrf g2k3/9/9/9/9/Z2K3 s",
            false,
            Reach("h5"),
            "a1-h5"
        ),
        one_move!(
            "artillery",
            "c25-htsrf g2k3/9/4z4/9/4R4/3K3 s",
            true,
            Take("e4"),
            "e2-e4"
        ),
        one_move!(
            "missile",
            "c25-htsrf g2k3/9/2e6/9/9/I2K3 s",
            false,
            Strike {
                target: "c4",
                bomb: false
            },
            "a1*c4"
        ),
        one_move!(
            "atomic",
            "c25-htsrf g2k3/9/2e1e4/9/9/IU1K3 s",
            false,
            Strike {
                target: "c4",
                bomb: true
            },
            "a1*c4+"
        ),
        // The Engineer on d5 guards the Marshal until the General takes it.
        Step {
            id: "marshal",
            task: Task::Gunjin {
                position: "c25-htsrf g2k3/3eG4/9/9/9/3K3 s",
                reveal: true,
                goals: &[Take("d5"), Win],
                replies: &["a6-a5"],
            },
            solution: &["e5-d5", "d5-e6"],
        },
    ],
};
