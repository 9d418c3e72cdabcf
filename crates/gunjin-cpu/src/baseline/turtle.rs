//! Turtle: stays home, and fights only what comes next to it.

use gunjin_rules::{Move, Seen, View};
use rand::Rng;

use super::greedy::{as_material, attack_gain};
use super::{attacks, weighted};
use crate::eval::values;

/// The best attack on an enemy piece next to one of its own, if the
/// one-move guess favours any; else a move that stays in its camp and
/// opens nothing round its headquarters; else (hemmed in) any move.
pub(crate) fn turtle_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    favoured_attack(view, &moves, rng)
        .or_else(|| stay_home(view, &moves, rng))
        .or_else(|| weighted(&moves, |_| 1.0, rng))
}

/// The attack on an adjacent enemy piece with the best expected gain, if
/// that gain is above nothing (among equals, at random).
pub(super) fn favoured_attack<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let rules = view.rules();
    let geometry = rules.geometry();
    let values = values(rules);
    let gain = |mv: Move| match view.seen(mv.from()) {
        Seen::Own(piece) if attacks(view, mv) && geometry.steps(mv.from()).contains(mv.to()) => {
            attack_gain(rules, &values, piece.kind, as_material).0
        }
        _ => f32::MIN,
    };
    let best = moves.iter().map(|&mv| gain(mv)).reduce(f32::max)?;
    (best > 0.0)
        .then(|| weighted(moves, |mv| f32::from(u8::from(gain(mv) == best)), rng))
        .flatten()
}

/// A move that stays in its own camp, attacks nothing, and moves no piece
/// off its headquarters or a node next to it.
pub(super) fn stay_home<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let me = view.side();
    let shape = view.rules().shape();
    let hq = shape.hq(me);
    let guard = view.rules().geometry().steps(hq).with(hq);
    let home =
        |mv: Move| shape.camp(mv.to()) == me && !attacks(view, mv) && !guard.contains(mv.from());
    weighted(moves, |mv| f32::from(u8::from(home(mv))), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{Color, Game, Rules, Setup, Square};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn it_never_crosses_the_front_nor_opens_its_headquarters() {
        let mut rng = SmallRng::seed_from_u64(5);
        let rules = Rules::KIRAKUKEN;
        let setups = gunjin_rules::ByColor::new_with(|_| Setup::random(rules, &mut rng));
        let mut game = Game::new(rules, setups, Color::South).expect("a game");
        let hq = Square::hq(Color::South);
        let guard = rules.geometry().steps(hq).with(hq);
        for _ in 0..60 {
            let view = game.view(game.position().turn());
            let mv = if view.side() == Color::South {
                let mv = turtle_move(&view, &mut rng).expect("a move");
                if !attacks(&view, mv) {
                    assert_eq!(mv.to().camp(), Color::South, "{mv} crosses the front");
                    assert!(!guard.contains(mv.from()), "{mv} opens the headquarters");
                }
                mv
            } else {
                super::super::random_move(&view, &mut rng).expect("a move")
            };
            if game.play(mv).is_err() || game.outcome().is_some() {
                break;
            }
        }
    }

    #[test]
    fn it_attacks_a_neighbour_only_when_the_guess_favours_it() {
        let rules = Rules::KIRAKUKEN;
        let values = values(rules);
        let gain = |kind| attack_gain(rules, &values, kind, as_material).0;
        // South's Colonel on b4 faces North's Tank on b5: a Colonel beats
        // most pieces; an Engineer on b4 would lose to most.
        let setup = |text: &str| -> Setup { text.parse().expect("a setup") };
        let north = setup("EVASTN/OPNCLT/EYFAJS/PGXMX");
        for (south, kind) in [
            ("VCASTN/OPNELT/EYFAJS/PGXMX", gunjin_rules::Kind::Colonel),
            ("VEASTN/OPNCLT/EYFAJS/PGXMX", gunjin_rules::Kind::Engineer),
        ] {
            let setups = gunjin_rules::ByColor {
                south: setup(south),
                north,
            };
            let game = Game::new(rules, setups, Color::South).expect("a game");
            let view = game.view(Color::South);
            let mut rng = SmallRng::seed_from_u64(1);
            let attacked = favoured_attack(&view, &view.legal_moves(), &mut rng);
            let b4b5: Move = "b4-b5".parse().expect("a move");
            assert_eq!(attacked == Some(b4b5), gain(kind) > 0.0, "{kind:?}");
        }
        assert!(gain(gunjin_rules::Kind::Colonel) > 0.0);
        assert!(gain(gunjin_rules::Kind::Engineer) < 0.0);
    }
}
