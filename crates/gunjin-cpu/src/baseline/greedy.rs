//! Greedy, and the one-move guess at an unknown enemy piece that Turtle
//! and Trader share with it.

use gunjin_rules::{BattleResult, ByKind, Kind, Move, Rules, Seen, View};
use rand::Rng;

use crate::eval::{Distances, WIN, values};

/// What an even trade (both pieces removed) is worth to the attacker,
/// from the worth of the enemy piece and of its own.
pub(super) type Trade = fn(theirs: f32, ours: f32) -> f32;

/// A trade as material: the enemy piece taken, its own given.
pub(super) fn as_material(theirs: f32, ours: f32) -> f32 {
    theirs - ours
}

/// The expected gain of `kind` attacking an enemy piece of unknown kind,
/// taking each kind as often as a camp holds it (a Flag as bare), and the
/// chance that it wins.
pub(super) fn attack_gain(
    rules: Rules,
    values: &ByKind<f32>,
    kind: Kind,
    trade: Trade,
) -> (f32, f32) {
    let mut gain = 0.0;
    let mut win = 0.0;
    for k in rules.mode.kinds() {
        let weight = rules.count(k) as f32 / rules.shape().camp_size() as f32;
        match rules.battle(kind, k) {
            Some(BattleResult::AttackerWins) => {
                gain += weight * values[k];
                win += weight;
            }
            Some(BattleResult::DefenderWins) => gain -= weight * values[kind],
            Some(BattleResult::BothRemoved) => gain += weight * trade(values[k], values[kind]),
            None => {}
        }
    }
    (gain, win)
}

/// The move with the best one-move score, ties broken at random.
pub(crate) fn greedy_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    one_move(view, as_material, rng)
}

/// The move with the best one-move score when a trade is worth `trade`:
/// what an attack is expected to gain (and the game, for an officer that
/// may win its way into the headquarters), and a little for each step
/// towards the enemy headquarters; ties broken at random.
pub(super) fn one_move<R: Rng>(view: &View, trade: Trade, rng: &mut R) -> Option<Move> {
    let rules = view.rules();
    let me = view.side();
    let values = values(rules);
    let distance = Distances::new(rules);
    let enemy_hq = rules.shape().hq(!me);
    let mut best: Option<(f32, Move)> = None;
    for mv in view.legal_moves() {
        let Seen::Own(piece) = view.seen(mv.from()) else {
            continue;
        };
        let kind = piece.kind;
        let mut score = match view.seen(mv.to()) {
            Seen::Enemy(_) => {
                let (mut gain, win) = attack_gain(rules, &values, kind, trade);
                if mv.to() == enemy_hq && rules.takes_hq(kind) {
                    gain += win * WIN;
                }
                gain
            }
            _ if mv.to() == enemy_hq && rules.takes_hq(kind) => WIN,
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
