//! The decisions of `think`: always legal, the same for a seed, and the
//! declaration and resignation where the rules call for them.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shogi_cpu::{Budget, Decision, Engine, Level, Score, think};
use shogi_rules::{Game, Position};

/// Games of random moves stopped after a random number of plies: messy
/// positions with pieces in hand, checks and promotions.
fn random_games(count: usize, seed: u64) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut games = Vec::new();
    while games.len() < count {
        let mut game = Game::new(Position::start());
        for _ in 0..rng.random_range(0..160) {
            let moves = game.position().legal_moves();
            if game.outcome().is_some() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.outcome().is_none() {
            games.push(game);
        }
    }
    games
}

#[test]
fn every_decision_is_legal() {
    let budget = Budget {
        nodes: Some(3_000),
        ..Budget::default()
    };
    let mut engine = Engine::new(1);
    for (i, game) in random_games(60, 11).iter().enumerate() {
        for level in Level::ALL {
            let thought = engine.think(game, level, i as u64, &budget, &mut |_| {});
            let position = game.position();
            match thought.decision {
                Decision::Move(mv) => assert!(position.is_legal(mv), "{position}: {mv} at {level}"),
                Decision::Declare => assert!(position.can_declare()),
                Decision::Resign => assert!(position.legal_moves().is_empty()),
            }
            if let Some(&first) = thought.pv.first() {
                assert_eq!(Decision::Move(first), thought.decision);
            }
        }
    }
}

#[test]
fn the_same_seed_decides_the_same() {
    for game in random_games(6, 5) {
        for level in [Level::Beginner, Level::Amateur, Level::Club] {
            let budget = Budget {
                nodes: Some(20_000),
                ..Budget::default()
            };
            let a = think(&game, level, 42, &budget);
            let b = think(&game, level, 42, &budget);
            assert_eq!(a, b, "{}", game.position());
        }
    }
}

#[test]
fn the_beginner_varies_with_the_seed() {
    let game = Game::new(Position::start());
    let moves: std::collections::HashSet<_> = (0..20)
        .map(|seed| think(&game, Level::Beginner, seed, &Budget::default()).decision)
        .collect();
    assert!(moves.len() > 3, "{moves:?}");
}

#[test]
fn it_takes_a_hanging_rook_and_sees_a_mate() {
    let hanging = Game::new(Position::from_sfen("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1").unwrap());
    let thought = think(&hanging, Level::Club, 1, &Budget::default());
    assert_eq!(thought.decision, Decision::Move("5h5e".parse().unwrap()));
    let mate = Game::new(Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap());
    let thought = think(&mate, Level::Novice, 1, &Budget::default());
    assert_eq!(thought.decision, Decision::Move("G*5b".parse().unwrap()));
    assert_eq!(thought.score, Score::Mate(1));
}

#[test]
fn it_declares_when_the_count_wins_and_resigns_when_mated() {
    let declare =
        Game::new(Position::from_sfen("K+R+B+P+P+P+P+P+P/+P+P+P6/9/9/9/9/9/9/8k b RB 1").unwrap());
    assert!(declare.position().can_declare());
    assert_eq!(
        think(&declare, Level::Strong, 1, &Budget::default()).decision,
        Decision::Declare
    );
    let mated = Game::new(Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap());
    assert_eq!(
        think(&mated, Level::Strong, 1, &Budget::default()).decision,
        Decision::Resign
    );
}

#[test]
fn a_thought_round_trips_through_json() {
    let thought = think(
        &Game::new(Position::start()),
        Level::Novice,
        3,
        &Budget::default(),
    );
    let json = serde_json::to_string(&thought).unwrap();
    assert_eq!(
        serde_json::from_str::<shogi_cpu::Thought>(&json).unwrap(),
        thought
    );
}
