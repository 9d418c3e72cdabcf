//! The baseline players, the yardsticks every level is measured against.
//! None deduces anything; each is sound in its own terms and varies with
//! its seed (its setups, and which of its equal moves it plays).
//!
//! - Random plays a uniformly random legal move: the floor.
//! - Greedy scores each move by itself with a fixed guess at the enemy
//!   (every enemy piece is any kind in proportion to the camp's counts).
//! - Reckless attacks whatever it can reach in one step, as if every
//!   attack won, and otherwise shuffles, mostly beside its headquarters:
//!   the blind attacker a careful player must not leave officers to.
//! - Turtle stays home: it never crosses the front, never opens its
//!   headquarters' neighbours, and attacks only a piece next to its own
//!   when the one-move guess favours it.
//! - Trader is Greedy counting an even trade as a gain, so officers
//!   disappear fast.
//! - Defender holds its headquarters with the piece it set there and walks
//!   its strongest piece up and down beside it, otherwise as passive as
//!   Turtle: the defence that waits for the move limit.
//! - Racer runs an officer at the enemy headquarters the moment it stands
//!   empty with a way open, otherwise Greedy: the race a side must not
//!   leave its own headquarters open to.

mod defender;
mod greedy;
mod racer;
mod reckless;
mod trader;
mod turtle;

use gunjin_rules::{Move, Seen, View};
use rand::Rng;

pub(crate) use defender::defender_move;
pub(crate) use greedy::greedy_move;
pub(crate) use racer::racer_move;
pub(crate) use reckless::reckless_move;
pub(crate) use trader::trader_move;
pub(crate) use turtle::turtle_move;

/// A uniformly random legal move.
pub(crate) fn random_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// Whether `mv` attacks an enemy piece.
fn attacks(view: &View, mv: Move) -> bool {
    matches!(view.seen(mv.to()), Seen::Enemy(_))
}

/// One of `moves` at random, each as likely as its `weight` says (none if
/// every weight is zero).
fn weighted<R: Rng>(moves: &[Move], weight: impl Fn(Move) -> f32, rng: &mut R) -> Option<Move> {
    let weights: Vec<f32> = moves.iter().map(|&mv| weight(mv)).collect();
    let total: f32 = weights.iter().sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = rng.random_range(0.0..total);
    for (&mv, w) in moves.iter().zip(weights) {
        if x < w {
            return Some(mv);
        }
        x -= w;
    }
    moves.iter().copied().rev().find(|&mv| weight(mv) > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn a_weighted_draw_never_picks_a_move_of_weight_zero() {
        let moves: Vec<Move> = ["b4-b5", "c4-c5", "d4-d5"]
            .iter()
            .map(|m| m.parse().expect("a move"))
            .collect();
        let mut rng = SmallRng::seed_from_u64(1);
        let weight = |mv: Move| if mv == moves[1] { 0.0 } else { 1.0 };
        for _ in 0..200 {
            assert_ne!(weighted(&moves, weight, &mut rng), Some(moves[1]));
        }
        assert_eq!(weighted(&moves, |_| 0.0, &mut rng), None);
    }
}
