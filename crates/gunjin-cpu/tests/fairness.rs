//! The CPU plays only from its view: with the same seed, its move is the
//! same whatever the hidden kinds of the enemy pieces are, as long as they
//! fit everything it has seen.

mod common;

use common::{budget, pair, permuted, play_out, random_start, rules_from_bits};
use gunjin_cpu::{Baseline, Cpu, Level, Player};
use gunjin_rules::{ByColor, Mode, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

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
