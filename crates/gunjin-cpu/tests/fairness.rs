//! The CPU plays only from its view: with the same seed, its move is the
//! same whatever the hidden kinds of the enemy pieces are, as long as they
//! fit everything it has seen.

mod common;

use common::{budget, pair, play_out, random_start, rules_from_bits};
use gunjin_cpu::{Baseline, Belief, Cpu, Level, Player};
use gunjin_rules::{ByColor, Color, Game, Mode, PartialSetup, PieceId, Rules, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

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
fn permuted(game: &Game, side: Color, rng: &mut SmallRng) -> Option<Game> {
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

/// In `games` positions of `mode` under varied options, every level
/// chooses the same move whatever the hidden kinds; the number of
/// positions compared.
fn compare_in(mode: Mode, seed: u64, games: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut compared = 0;
    for g in 0..games {
        let rules = Rules {
            mode,
            ..rules_from_bits((g * 7 % 32) as u8)
        };
        let mut game = random_start(rules, &mut rng);
        let mut players = pair(Baseline::Greedy, Baseline::Random, g, 1);
        play_out(&mut game, &mut players, 10 + 9 * g as usize, |_| {});
        if game.outcome().is_some() {
            continue;
        }
        let side = game.position().turn();
        let Some(other) = permuted(&game, side, &mut rng) else {
            continue;
        };
        assert_ne!(
            other.setups().unwrap()[!side],
            game.setups().unwrap()[!side]
        );
        // The referee's views agree: nothing tells the two games apart.
        let view = game.view(side);
        assert_eq!(other.view(side), view);
        for level in Player::ALL {
            let seed = 100 + g;
            let worlds = if level == Player::Level(Level::Hard) {
                3
            } else {
                4
            };
            let a = Cpu::new(level, seed)
                .with_worlds(Some(worlds))
                .choose_move(&view, budget());
            let b = Cpu::new(level, seed)
                .with_worlds(Some(worlds))
                .choose_move(&other.view(side), budget());
            assert_eq!(
                a, b,
                "{level} changed its move when the hidden kinds changed ({rules})"
            );
            assert!(a.is_some());
        }
        compared += 1;
    }
    compared
}

#[test]
fn the_move_does_not_depend_on_hidden_enemy_kinds() {
    let compared = compare_in(Mode::Standard, 4, 16);
    assert!(compared >= 8, "only {compared} positions compared");
}

#[test]
fn nor_in_the_variant_modes_on_the_standard_board() {
    for mode in [Mode::Marshal23, Mode::American21] {
        let compared = compare_in(mode, 5, 8);
        assert!(
            compared >= 4,
            "{mode:?}: only {compared} positions compared"
        );
    }
}

#[test]
fn nor_in_classic_25() {
    // The 9x6 board, the face-up Marshal and the strike.
    let compared = compare_in(Mode::Classic25, 6, 8);
    assert!(compared >= 4, "only {compared} positions compared");
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let rules = rules_from_bits(0);
    let play = || {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut game = random_start(rules, &mut rng);
        let mut players: ByColor<Cpu> = pair(Level::Normal, Level::Easy, 9, 2);
        play_out(&mut game, &mut players, 40, |_| {});
        game.record()
    };
    assert_eq!(play(), play());
}
