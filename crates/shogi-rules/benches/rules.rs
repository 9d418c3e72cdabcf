//! Perft and random playouts, the rules engine's hot loops.
//!
//! `cargo bench -p shogi-rules` runs them (a couple of minutes after the
//! build); the figures are recorded in `docs/BENCHMARKS.md`. Throughput is
//! in leaf nodes per second for `perft` (the last ply counted in bulk),
//! positions per second for `movegen`, moves per second for `play` and
//! plies per second for `playout`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shogi_rules::{Game, Move, Position, perft, random_playout};

/// Games per playout iteration: enough for a stable mix of game lengths.
const GAMES: usize = 16;

/// Positions per move-generation iteration.
const POSITIONS: usize = 256;

/// The start position to depth 5 (19,861,490) and the 593-move position to
/// depth 3 (53,393,368, nearly all drops).
fn perft_bench(c: &mut Criterion) {
    let cases = [
        ("start-5", Position::start(), 5, 19_861_490),
        (
            "max-moves-3",
            Position::from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1").unwrap(),
            3,
            53_393_368,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, position, depth, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(black_box(&position), depth), nodes))
        });
    }
    group.finish();
}

/// Positions from random games after 10–149 random plies (fixed seed).
fn mid_game_positions() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(0x5EED);
    let mut positions = Vec::with_capacity(POSITIONS);
    while positions.len() < POSITIONS {
        let mut game = Game::new(Position::start());
        for _ in 0..rng.random_range(10..150) {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.outcome().is_none() {
            positions.push(game.position().clone());
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("legal_moves_into", |b| {
        let mut moves: Vec<Move> = Vec::with_capacity(600);
        b.iter(|| {
            let mut n = 0;
            for position in black_box(&positions) {
                moves.clear();
                position.legal_moves_into(&mut moves);
                n += moves.len();
            }
            n
        })
    });
    group.finish();
}

/// Every legal move of the same positions, each played on a copy: the
/// clone-and-play step of a search. Throughput is in moves per second.
fn play(c: &mut Criterion) {
    let all: Vec<(Position, Vec<Move>)> = mid_game_positions()
        .iter()
        .map(|p| (p.clone(), p.legal_moves()))
        .collect();
    let total: usize = all.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("play");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("clone_and_play_unchecked", |b| {
        b.iter(|| {
            let mut checks = 0;
            for (position, moves) in black_box(&all) {
                for &mv in moves {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    checks += usize::from(child.is_check());
                }
            }
            checks
        })
    });
    group.finish();
}

/// `GAMES` random playouts from the start through `Game::play`.
fn playout(c: &mut Criterion) {
    let play_all = |games: &mut [Game]| {
        let mut rng = SmallRng::seed_from_u64(0x9A1E);
        games
            .iter_mut()
            .map(|game| random_playout(game, &mut rng))
            .sum::<usize>()
    };
    let games = vec![Game::new(Position::start()); GAMES];
    let plies = play_all(&mut games.clone());
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("start", |b| {
        b.iter_batched_ref(
            || games.clone(),
            |games| assert_eq!(play_all(games), plies),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5));
    targets = perft_bench, movegen, play, playout
}
criterion_main!(benches);
