//! What a move must do to meet a step's goal, asked of the position the
//! rules crate reached after it. Squares are named as the game names them.

use gunjin_rules::{Announcement, Color, Move as GunjinMove, Outcome};
use shogi_rules::{Move as ShogiMove, Position as ShogiPosition, Role};

/// A Gunjin goal for South's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GunjinGoal {
    /// End the move on this node (onto an empty one, or by winning there).
    Reach(&'static str),
    /// Attack the piece on this node, whatever the battle's result.
    Attack(&'static str),
    /// Attack the piece on this node and win: it leaves the board.
    Take(&'static str),
    /// Win the game with this move (the headquarters, the Marshal).
    Win,
    /// Fire a Missile at this node, carrying the Atomic bomb or not.
    Strike { target: &'static str, bomb: bool },
}

impl GunjinGoal {
    /// Whether `mv`, announced as `said`, meets the goal; `after` is the
    /// game once it is played.
    pub(crate) fn met(
        self,
        mv: GunjinMove,
        said: Announcement,
        after: &gunjin_rules::Game,
    ) -> bool {
        let shape = after.rules().shape();
        let at = |name: &str| shape.parse_square(name).ok();
        let own = |name: &str| {
            at(name)
                .and_then(|sq| after.position().board().piece_at(sq))
                .is_some_and(|piece| piece.color == Color::South)
        };
        match self {
            GunjinGoal::Reach(to) => !mv.is_strike() && at(to) == Some(mv.to()) && own(to),
            GunjinGoal::Attack(to) => at(to) == Some(mv.to()) && said != Announcement::Moved,
            GunjinGoal::Take(to) => {
                at(to) == Some(mv.to()) && said == Announcement::DefenderRemoved
            }
            GunjinGoal::Win => matches!(
                after.outcome(),
                Some(Outcome::Win {
                    winner: Color::South,
                    ..
                })
            ),
            GunjinGoal::Strike { target, bomb } => {
                mv.is_strike() && at(target) == Some(mv.to()) && mv.carries_bomb() == bomb
            }
        }
    }
}

/// A Shogi goal for the move of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShogiGoal {
    /// Move a piece on the board to this square (promoting or not).
    Reach(&'static str),
    /// Take the piece on this square.
    Capture(&'static str),
    /// Drop a piece of this role from the hand on this square.
    Drop(Role, &'static str),
    /// Move a piece to this square and promote it.
    Promote(&'static str),
    /// Give check.
    Check,
    /// Give mate.
    Mate,
}

impl ShogiGoal {
    /// Whether `mv`, played from `before` to `after`, meets the goal.
    pub(crate) fn met(self, before: &ShogiPosition, mv: ShogiMove, after: &ShogiPosition) -> bool {
        let at = |name: &str| name.parse::<shogi_rules::Square>().ok();
        match self {
            ShogiGoal::Reach(to) => !mv.is_drop() && at(to) == Some(mv.to()),
            ShogiGoal::Capture(to) => {
                at(to) == Some(mv.to()) && before.board().piece_at(mv.to()).is_some()
            }
            ShogiGoal::Drop(role, to) => {
                at(to).is_some_and(|to| mv == ShogiMove::Drop { role, to })
            }
            ShogiGoal::Promote(to) => mv.is_promotion() && at(to) == Some(mv.to()),
            ShogiGoal::Check => after.is_check(),
            ShogiGoal::Mate => after.is_check() && !after.has_legal_move(),
        }
    }
}
