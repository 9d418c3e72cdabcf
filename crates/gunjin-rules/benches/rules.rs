//! Legal-move generation and random playouts, the rules engine's hot loop.
//!
//! `cargo bench -p gunjin-rules` runs both (about a minute after the
//! build); the figures are recorded in `docs/BENCHMARKS.md`. Throughput is
//! in positions per second for `movegen` and plies per second for
//! `playout`. `GUNJIN_BENCH_CLOCK=cpu` times the thread's CPU time instead
//! of the wall clock (see [`Clock`]).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use gunjin_rules::{
    Bitboard, Color, Game, Geometry, Mobility, Move, Position, Preset, Shape, Square, random_game,
    random_playout,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Games per playout iteration: enough for a stable mix of game lengths.
const GAMES: usize = 32;

/// Positions per move-generation iteration.
const POSITIONS: usize = 256;

/// Positions from random games after a random number of plies (up to 150),
/// so openings, middle games and thinned-out boards all appear.
fn mid_game_positions(preset: Preset, count: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(0x5EED);
    let mut positions = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while positions.len() < count {
        let mut game = random_game(preset.rules(), &mut rng);
        let plies = rng.random_range(10..150);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            moves.clear();
            game.position().legal_moves_into(&mut moves);
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.outcome().is_none() {
            positions.push(game.position().clone());
        }
    }
    positions
}

#[path = "../src/walked.rs"]
mod walked;

/// The legal moves as first written: piece by piece, a jump on the kind,
/// Engineers and charges walked square by square along the rays. Kept as
/// the yardstick for [`Position::legal_moves_into`] in the same run.
fn walked_moves(position: &Position, moves: &mut Vec<Move>) {
    let rules = position.rules();
    let (shape, geometry) = (rules.shape(), rules.geometry());
    let board = position.board();
    let color = position.turn();
    let (own, enemy) = (board.occupied(color), board.occupied(!color));
    for (from, piece) in board.pieces(color) {
        let mobility = rules.mobility(piece.kind);
        let targets = walked::walked(shape, geometry, color, mobility, from, own, enemy);
        moves.extend(targets.map(|to| Move::step(from, to)));
    }
}

type Generator = fn(&Position, &mut Vec<Move>);

/// Time per position: `POSITIONS` mid-game positions per iteration.
fn movegen(c: &mut Criterion<Clock>) {
    let positions = mid_game_positions(Preset::Kirakuken, POSITIONS);
    let total: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let generators: [(&str, Generator); 2] = [
        ("legal_moves_into", Position::legal_moves_into),
        ("walked (reference)", walked_moves),
    ];
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    for (name, generate) in generators {
        group.bench_function(name, |b| {
            let mut moves: Vec<Move> = Vec::with_capacity(128);
            b.iter(|| {
                let mut n = 0;
                for position in black_box(&positions) {
                    moves.clear();
                    generate(position, &mut moves);
                    n += moves.len();
                }
                assert_eq!(n, total);
            })
        });
    }
    group.bench_function("has_legal_move", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .filter(|p| p.has_legal_move(!p.turn()))
                .count()
        })
    });
    group.finish();
}

/// `GAMES` fresh games and the plies [`play_all`] takes over them: the same
/// every time (fixed seeds), so the throughput is exact.
fn playout_set(preset: Preset) -> (Vec<Game>, usize) {
    let mut rng = SmallRng::seed_from_u64(0xB0A2D);
    let games: Vec<Game> = (0..GAMES)
        .map(|_| random_game(preset.rules(), &mut rng))
        .collect();
    let plies = play_all(&mut games.clone());
    (games, plies)
}

/// Plays every game out with random moves from a fixed seed.
fn play_all(games: &mut [Game]) -> usize {
    let mut rng = SmallRng::seed_from_u64(0x9A1E);
    games
        .iter_mut()
        .map(|game| random_playout(game, &mut rng))
        .sum()
}

fn playout(c: &mut Criterion<Clock>) {
    let mut group = c.benchmark_group("playout");
    for preset in Preset::ALL {
        let (games, plies) = playout_set(preset);
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(format!("{preset:?}"), |b| {
            b.iter_batched_ref(
                || games.clone(),
                |games| assert_eq!(play_all(games), plies),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Wall-clock time as usual, or with `GUNJIN_BENCH_CLOCK=cpu` (Linux) the
/// CPU time of the benchmark thread: on a small shared machine the other
/// work running beside a benchmark then no longer counts against it.
struct Clock {
    cpu: bool,
}

impl Clock {
    fn from_env() -> Clock {
        let cpu = std::env::var("GUNJIN_BENCH_CLOCK").is_ok_and(|v| v == "cpu");
        if cpu {
            eprintln!("measuring thread CPU time (GUNJIN_BENCH_CLOCK=cpu)");
        }
        Clock { cpu }
    }

    fn now(&self) -> Duration {
        if self.cpu {
            thread_cpu_time()
        } else {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            START.get_or_init(std::time::Instant::now).elapsed()
        }
    }
}

#[cfg(target_os = "linux")]
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_time() -> Duration {
    unreachable!("the cpu clock needs Linux")
}

impl Measurement for Clock {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        self.now()
    }

    fn end(&self, start: Duration) -> Duration {
        self.now() - start
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WallTime.formatter()
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .with_measurement(Clock::from_env())
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5));
    targets = movegen, playout
}
criterion_main!(benches);
