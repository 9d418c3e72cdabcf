//! Helpers shared by the CPU's integration tests.

#![allow(dead_code)]

use gunjin_cpu::{Belief, Budget, Cpu, Player};
use gunjin_rules::{ByColor, Color, Game, PartialSetup, PieceId, Rules, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A clock that never moves: with a fixed number of worlds the CPU never
/// looks at it.
pub fn no_clock() -> f64 {
    0.0
}

pub fn budget() -> Budget {
    Budget {
        millis: 1000.0,
        now: no_clock,
    }
}

/// The rule set with code bits `bits` (one per option, in code order).
pub fn rules_from_bits(bits: u8) -> Rules {
    let pick = |i: u8, letters: [char; 2]| letters[(bits >> i & 1) as usize];
    let code: String = [
        pick(0, ['h', 't']),
        pick(1, ['t', 'e']),
        pick(2, ['s', 'x']),
        pick(3, ['r', 'o']),
        pick(4, ['f', 't']),
    ]
    .into_iter()
    .collect();
    code.parse().unwrap()
}

/// A new game between two random setups.
pub fn random_start(rules: Rules, rng: &mut SmallRng) -> Game {
    let setups = ByColor::new_with(|_| Setup::random(rules, rng));
    let first = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    Game::new(rules, setups, first).unwrap()
}

/// Plays `game` to the end (or `max_plies` more moves) with the two CPUs,
/// calling `each` with the game before every move.
pub fn play_out(
    game: &mut Game,
    players: &mut ByColor<Cpu>,
    max_plies: usize,
    mut each: impl FnMut(&Game),
) {
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        each(game);
        let side = game.position().turn();
        let view = game.view(side);
        let mv = players[side]
            .choose_move(&view, budget())
            .expect("a move on its turn");
        assert!(
            view.legal_moves().contains(&mv),
            "{mv} is not legal for {side}"
        );
        game.play(mv).unwrap();
    }
}

/// A pair of CPUs with fixed seeds and a small fixed number of worlds.
pub fn pair(
    south: impl Into<Player>,
    north: impl Into<Player>,
    seed: u64,
    worlds: usize,
) -> ByColor<Cpu> {
    let mut rng = SmallRng::seed_from_u64(seed);
    ByColor {
        south: Cpu::new(south, rng.random()).with_worlds(Some(worlds)),
        north: Cpu::new(north, rng.random()).with_worlds(Some(worlds)),
    }
}

/// The game replayed with `side`'s enemy set up as `enemy`, if every
/// announcement comes out the same.
fn with_enemy(game: &Game, side: Color, enemy: Setup) -> Option<Game> {
    let mut setups = *game.setups().unwrap();
    setups[!side] = enemy;
    let mut other = Game::new(game.rules(), setups, game.first()).ok()?;
    for pm in game.history() {
        if other.play(pm.mv).ok()? != pm.announcement {
            return None;
        }
    }
    Some(other)
}

/// Another enemy setup consistent with `side`'s view: the true one with
/// the kinds of some pieces permuted among themselves, each to a kind its
/// piece can still be.
pub fn permuted(game: &Game, side: Color, rng: &mut SmallRng) -> Option<Game> {
    let view = game.view(side);
    let belief = Belief::with_samples(&view, 0, 0);
    let truth = PartialSetup::from(game.setups().unwrap()[!side]);
    for _ in 0..400 {
        let mut setup = truth;
        // A random cycle of two or three pieces.
        let n = rng.random_range(2..=3);
        let camp = truth.slots().len();
        let ids: Vec<usize> = (0..n).map(|_| rng.random_range(0..camp)).collect();
        let kinds: Vec<_> = ids.iter().map(|&i| truth.slots()[i]).collect();
        for (k, &i) in ids.iter().enumerate() {
            setup.slots_mut()[i] = kinds[(k + 1) % n];
        }
        let fits = |i: usize| {
            setup.slots()[i].is_some_and(|kind| belief.candidates(PieceId(i as u8)).contains(kind))
        };
        if setup == truth || !ids.iter().all(|&i| fits(i)) {
            continue;
        }
        let setup = setup.complete(game.rules()).ok()?;
        if let Some(other) = with_enemy(game, side, setup) {
            return Some(other);
        }
    }
    None
}
