//! The two baseline players, the floor every level is measured against:
//! Random plays a uniformly random legal move; Greedy scores each move by
//! itself with a fixed guess at the enemy (every enemy piece is any kind in
//! proportion to the camp's counts: no deduction at all).

use gunjin_rules::{BattleResult, CAMP_SIZE, Kind, Move, Seen, Square, View};
use rand::Rng;

use crate::eval::{HqDistance, WIN, values};

/// A uniformly random legal move.
pub(crate) fn random_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// The move with the best one-move score, ties broken at random.
pub(crate) fn greedy_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let rules = view.rules();
    let me = view.side();
    let values = values(rules);
    let distance = HqDistance::new(rules);
    let enemy_hq = Square::hq(!me);
    let mut best: Option<(f32, Move)> = None;
    for mv in view.legal_moves() {
        let Seen::Own(piece) = view.seen(mv.from()) else {
            continue;
        };
        let kind = piece.kind;
        let mut score = match view.seen(mv.to()) {
            Seen::Enemy(_) => {
                // Expected gain against a piece of unknown kind, taking
                // each kind as often as a camp holds it (a Flag as bare).
                let mut gain = 0.0;
                let mut win = 0.0;
                for k in Kind::ALL {
                    let weight = k.count() as f32 / CAMP_SIZE as f32;
                    match rules.battle(kind, k) {
                        Some(BattleResult::AttackerWins) => {
                            gain += weight * values[k];
                            win += weight;
                        }
                        Some(BattleResult::DefenderWins) => gain -= weight * values[kind],
                        Some(BattleResult::BothRemoved) => {
                            gain += weight * (values[k] - values[kind])
                        }
                        None => {}
                    }
                }
                if mv.to() == enemy_hq && kind.takes_hq() {
                    gain += win * WIN;
                }
                gain
            }
            _ if mv.to() == enemy_hq && kind.takes_hq() => WIN,
            _ => 0.0,
        };
        // Forward, towards the enemy headquarters.
        let closer = distance.to(!me, mv.from()) as f32 - distance.to(!me, mv.to()) as f32;
        score += 0.1 * closer;
        score += rng.random_range(0.0..0.05);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
