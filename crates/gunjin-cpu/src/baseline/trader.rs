//! Trader: Greedy that counts an even trade as a gain.

use gunjin_rules::{Move, View};
use rand::Rng;

use super::greedy::one_move;

/// Greedy's move, with a trade (both pieces removed) worth the enemy
/// piece taken and nothing lost: it seeks even trades, so officers
/// disappear fast.
pub(crate) fn trader_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    one_move(view, as_gain, rng)
}

/// A trade as a gain: the enemy piece taken, its own not counted.
fn as_gain(theirs: f32, _ours: f32) -> f32 {
    theirs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::greedy::{as_material, attack_gain};
    use crate::eval::values;
    use gunjin_rules::{Kind, Rules};

    #[test]
    fn a_trade_makes_an_attack_dearer_to_it_than_to_greedy() {
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            let values = values(rules);
            let gain = |kind, trade| attack_gain(rules, &values, kind, trade).0;
            for kind in [Kind::General, Kind::Colonel, Kind::Major, Kind::Engineer] {
                // Every kind can meet its own kind, which removes both.
                assert!(gain(kind, as_gain) > gain(kind, as_material), "{kind:?}");
            }
            // Greedy's General shies from the other General and the Mine
            // far less than a Trader's relishes them.
            assert!(gain(Kind::General, as_gain) > 0.0);
        }
    }
}
