//! Every level plays legal moves to the end of a game, sets up legally, and
//! the strongest beats the weakest.

mod common;

use common::{budget, pair, play_out, random_start, rules_from_bits};
use gunjin_cpu::{Cpu, Level};
use gunjin_rules::{ByColor, Color, Game, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    let mut rng = SmallRng::seed_from_u64(8);
    for (g, level) in [Level::Easy, Level::Normal, Level::Hard]
        .into_iter()
        .enumerate()
    {
        for round in 0..2u64 {
            let rules = rules_from_bits((g as u8 * 11 + round as u8 * 3) % 32);
            let mut game = random_start(rules, &mut rng);
            let opponent = if round == 0 {
                Level::Random
            } else {
                Level::Greedy
            };
            let mut players = pair(level, opponent, round, 2);
            // play_out asserts that every move is legal.
            play_out(&mut game, &mut players, 300, |_| {});
            assert!(game.outcome().is_some());
        }
    }
}

#[test]
fn no_move_off_turn_or_after_the_end() {
    let mut rng = SmallRng::seed_from_u64(1);
    let game = random_start(Rules::KIRAKUKEN, &mut rng);
    let waiting = !game.position().turn();
    for level in Level::ALL {
        let mut cpu = Cpu::new(level, 1).with_worlds(Some(2));
        assert_eq!(cpu.choose_move(&game.view(waiting), budget()), None);
    }
    let mut over = game.clone();
    over.resign(Color::South).unwrap();
    for level in Level::ALL {
        let mut cpu = Cpu::new(level, 1);
        assert_eq!(cpu.choose_move(&over.view(Color::North), budget()), None);
    }
}

#[test]
fn setups_are_legal_and_vary() {
    for level in Level::ALL {
        let mut cpu = Cpu::new(level, 3);
        let mut seen = std::collections::HashSet::new();
        for bits in 0..32 {
            let rules = rules_from_bits(bits);
            let setup = cpu.setup(rules);
            setup.check(rules).unwrap();
            seen.insert(setup);
        }
        assert!(seen.len() >= 24, "{level}: {} different setups", seen.len());
    }
}

/// A small match: Hard against Random, both colours, Hard at a tiny fixed
/// search. The arena measures the real figures (docs/BENCHMARKS.md).
#[test]
fn hard_beats_random() {
    let rules = Rules::KIRAKUKEN;
    let mut wins = 0;
    let games = 6;
    for g in 0..games {
        let hard_side = if g % 2 == 0 {
            Color::South
        } else {
            Color::North
        };
        let mut cpus = ByColor::new_with(|side| {
            let level = if side == hard_side {
                Level::Hard
            } else {
                Level::Random
            };
            Cpu::new(level, g).with_worlds(Some(6))
        });
        let setups = ByColor::new_with(|side| cpus[side].setup(rules));
        let mut game = Game::new(rules, setups, Color::South).unwrap();
        play_out(&mut game, &mut cpus, 300, |_| {});
        if game.outcome().and_then(|o| o.winner()) == Some(hard_side) {
            wins += 1;
        }
    }
    assert!(wins >= 5, "Hard won only {wins} of {games} against Random");
}
