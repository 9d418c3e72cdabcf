//! Every level plays legal moves to the end of a game, sets up legally, and
//! the strongest beats the weakest.

mod common;

use common::{budget, pair, play_out, random_start, rules_from_bits};
use gunjin_cpu::{Baseline, Cpu, Level, Player};
use gunjin_rules::{ByColor, Color, Game, Record, Rules};
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
                Baseline::Random
            } else {
                Baseline::Greedy
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
    for level in Player::ALL {
        let mut cpu = Cpu::new(level, 1).with_worlds(Some(2));
        assert_eq!(cpu.choose_move(&game.view(waiting), budget()), None);
    }
    let mut over = game.clone();
    over.resign(Color::South).unwrap();
    for level in Player::ALL {
        let mut cpu = Cpu::new(level, 1);
        assert_eq!(cpu.choose_move(&over.view(Color::North), budget()), None);
    }
}

#[test]
fn setups_are_legal_and_vary() {
    for level in Player::ALL {
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
                Player::Level(Level::Hard)
            } else {
                Player::Baseline(Baseline::Random)
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

/// Against Turtle (Traditional rules) Hard's side once stood here with no
/// world to search: the enemy piece on c7 never moved until taken, so its
/// stillness made it the Flag in nearly every assignment, though its
/// battles say it was none (a Flag with the Mine behind it would have lost
/// to our Engineer). Hard played Greedy's move, fed one piece after another
/// to the enemy's Major General and lost the game.
#[test]
fn hard_finds_its_worlds_when_a_piece_that_never_moved_was_no_mine_or_flag() {
    let record: Record = concat!(
        "texrt n NPTVAS/ANLJCT/SOFYEE/MPXGX SSNTTL/ENPCVA/AJFOYE/MGXXP d6-d4 b4-b8 d4-d3 c3-d3 ",
        "a8-b8 b1-b7 a7-a8 b7-b1 b6-b7 b1-b7 a8-b8 b7-b8 a6-b6 d3-d4 b6-a6 b8-b5 a5-b5 c4-c3 ",
        "a6-a5 d4-c4 a5-a6 b3-b4 b5-b4 c4-b4 a6-b6 b2-b3 b6-a6 a1-b1 c5-b5 e4-d4 a6-b6 d4-e4 ",
        "d5-c5 a4-b4 b6-b7 c3-c4 e6-d6 c4-c3 e5-e6 e4-e5 b7-b8 d2-d3 d6-d5 c3-c4 e6-d6 e5-f5 ",
        "e7-e6 e3-e4 b5-b6 e2-e3 e6-e7 e1-e2 f6-e6 b1-b2 f7-f6 f5-e5 b6-a6 b3-c3 a6-a7 b2-b3 ",
        "a7-a8 b4-b5 f6-f7 b3-b4 a8-a7 b5-b6 e6-f6 e5-f5 d6-e6 f5-e5 a7-a6 e5-d5 e6-e5 d5-d6 ",
        "e5-e6 b6-b7 a6-a5 b7-a7 c6-b6 a2-a1 b6-c6 d6-d5 e6-d6 d5-c5 d6-e6 e4-d4 a5-b5 b4-b5 ",
        "c6-b6 b5-b6 f6-f5 e3-e5 f7-f6 e5-d5 e7-f7 d5-d7 f7-e7 d7-c7 e7-f7 e2-e3 e6-d6 e3-e4 ",
        "f7-e7 e4-e5 f6-f7 e5-f5 d6-e6 f5-e5 e7-d7 e5-e6 f7-e7 e6-e7 e8-e7 b6-b7 f8-f7 b7-c7 ",
        "f7-e7 c7-c8 e7-e6 f3-e3 e6-d6",
    )
    .parse()
    .expect("a record");
    let game = record.replay().expect("the record replays");
    let view = game.view(Color::South);
    assert!(view.is_my_turn());
    let analysis = Cpu::new(Level::Hard, 1)
        .with_worlds(Some(32))
        .analyse(&view, budget());
    assert_eq!(analysis.worlds, 32);
}

/// Issue 52: against a defence that holds its headquarters (Defender,
/// whose General took Hard's striking Plane there on ply 3 and never
/// left), Hard once walked two officers up and down beside that
/// headquarters until the move limit. From ply 150 of that game, with 75
/// moves of its own left, it breaks in before the limit.
#[test]
fn hard_breaks_a_held_headquarters_before_the_move_limit() {
    let record: Record = concat!(
        "htsrf s AVTCNS/NEPJLT/SOYFEA/MXXGP ETVNNT/SCPAOL/AEFYJS/PXXGM f1-f7 d6-c1 e1-c1 ",
        "f8-f4 f7-e7 f4-f2 e7-e8 f2-e2 e3-e2 e6-d6 e8-c8 b8-c8 e2-e1 e5-e4 d4-e4 d6-e6 e1-f1 ",
        "d5-e5 e4-e5 e6-d6 e5-f5 d6-e6 f5-f6 e6-e5 f1-e1 b7-b8 e1-f1 b6-b7 f1-e1 a6-b6 e1-f1 ",
        "b5-b4 f1-e1 b6-b5 e1-f1 c5-d5 f1-e1 a5-a6 e1-f1 e5-e4 f1-e1 b5-c5 e1-f1 a6-a5 f1-e1 ",
        "d5-d6 e1-f1 c5-d5 f1-e1 d5-e5 e1-f1 e4-e3 f1-e1 a5-b5 e1-f1 e3-e4 f1-e1 e4-f4 e1-e2 ",
        "f4-e4 e2-e1 e4-d4 e1-e2 c6-c5 e2-e1 e5-e4 e1-e2 c5-d5 e2-e1 b7-b6 e1-e2 e4-f4 e2-e1 ",
        "d4-e4 e1-e2 d6-c6 e2-e1 e4-e5 e1-e2 f4-e4 e2-e1 e4-d4 e1-e2 b6-a6 e2-e1 d4-e4 e1-e2 ",
        "b5-a5 e2-e1 a6-b6 e1-f1 e4-e3 f1-e1 a5-b5 e1-e2 e3-e2 f3-f4 c6-c5 c4-d4 b6-a6 f4-e4 ",
        "e5-e4 d3-e3 e4-e3 c3-d3 a6-b6 d3-e3 b6-c6 c2-c3 a7-a6 b2-c2 c7-b7 c2-b2 b5-a5 b2-c2 ",
        "b7-c7 c2-b2 a8-a7 b2-c2 c5-b5 c2-b2 a7-b7 b2-c2 b7-b6 c2-b2 c6-d6 b2-c2 d5-c5 c2-b2 ",
        "d6-d5 b2-c2 b8-a8 c2-b2 b6-c6 b2-c2 b5-b6 c2-b2 b6-b7 b2-c2 a5-b5 c2-b2 a6-b6 b2-c2 ",
        "b5-a5 c2-b2 c6-d6 b2-c2 d6-e6 f6-e6 a8-b8",
    )
    .parse()
    .expect("a record");
    let mut game = record.replay().expect("the record replays");
    assert_eq!(game.history().len(), 150);
    let mut cpus = ByColor {
        south: Cpu::new(Baseline::Defender, 2),
        north: Cpu::new(Level::Hard, 1).with_worlds(Some(16)),
    };
    play_out(&mut game, &mut cpus, 300, |_| {});
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(Color::North), "{outcome:?}");
}
