//! How good the deduction's chances are: over self-play games of Hard
//! (8 worlds a move) against Normal (6), every 10th ply each side's
//! [`Belief`] about the enemy pieces on the board is scored against their
//! true kinds: the Brier score (the squared distance between the chances
//! and the truth, summed over the kinds: 0 is certain and right, 2
//! certain and wrong) and how often the likeliest kind is the true one,
//! by ply and by mode.
//!
//! `cargo run --release -p gunjin-cpu --bin brier -- [GAMES per mode]`
//! (100 by default), the games shared among the machine's cores; the
//! figures are in `docs/BENCHMARKS.md`.

use std::collections::BTreeMap;

use gunjin_cpu::{Belief, Budget, Cpu, Level};
use gunjin_rules::{ByColor, Color, Game, Mode, Rules};

/// Plies between two measures.
const EVERY: usize = 10;
/// Plies a row of the table spans.
const ROW: usize = 40;

/// Sums of one row of the table.
#[derive(Default)]
struct Tally {
    brier: f64,
    right: usize,
    pieces: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.brier += other.brier;
        self.right += other.right;
        self.pieces += other.pieces;
    }
}

/// The rows of `games` games of `rules` from seeds `0..games`, played on
/// every core (each game is the same whichever thread plays it).
fn measure(rules: Rules, games: u64) -> BTreeMap<usize, Tally> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let shares: Vec<BTreeMap<usize, Tally>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut rows = BTreeMap::new();
                    for seed in (t..games).step_by(threads as usize) {
                        play(rules, seed, &mut rows);
                    }
                    rows
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a game panicked"))
            .collect()
    });
    let mut rows = BTreeMap::<usize, Tally>::new();
    for share in shares {
        for (from, tally) in share {
            rows.entry(from).or_default().add(&tally);
        }
    }
    rows
}

fn no_clock() -> f64 {
    0.0
}

/// Scores `side`'s belief about the enemy pieces on the board.
fn score(game: &Game, side: Color, tally: &mut Tally) {
    let view = game.view(side);
    let belief = Belief::new(&view);
    let board = game.position().board();
    for enemy in view.enemies().iter().filter(|e| e.kind.is_none()) {
        let Some(truth) = board.piece_at(enemy.square).map(|p| p.kind) else {
            continue;
        };
        let chances = belief.probabilities(enemy.id);
        let brier: f32 = chances
            .iter()
            .map(|(kind, &p)| {
                let y = if kind == truth { 1.0 } else { 0.0 };
                (p - y) * (p - y)
            })
            .sum();
        tally.brier += f64::from(brier);
        tally.right += usize::from(belief.most_likely(enemy.id) == Some(truth));
        tally.pieces += 1;
    }
}

/// One game of `rules` from `seed`, measured into `rows`.
fn play(rules: Rules, seed: u64, rows: &mut BTreeMap<usize, Tally>) {
    let mut players = ByColor {
        south: Cpu::new(Level::Hard, seed).with_worlds(Some(8)),
        north: Cpu::new(Level::Normal, seed ^ 1).with_worlds(Some(6)),
    };
    let setups = ByColor::new_with(|c| players[c].setup(rules));
    let first = if seed.is_multiple_of(2) {
        Color::South
    } else {
        Color::North
    };
    let Ok(mut game) = Game::new(rules, setups, first) else {
        return;
    };
    let budget = Budget::new(0.0, no_clock);
    while game.outcome().is_none() {
        let ply = game.history().len();
        if ply > 0 && ply.is_multiple_of(EVERY) {
            let row = rows.entry(ply / ROW * ROW).or_default();
            for side in Color::ALL {
                score(&game, side, row);
            }
        }
        let side = game.position().turn();
        let Some(mv) = players[side].choose_move(&game.view(side), budget) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    println!("| Mode | Plies | Pieces scored | Brier score | Likeliest kind right |");
    println!("|---|---|---|---|---|");
    for mode in [
        Mode::Standard,
        Mode::Marshal23,
        Mode::American21,
        Mode::Classic25,
    ] {
        let rules = Rules {
            mode,
            ..Rules::KIRAKUKEN
        };
        for (from, t) in measure(rules, games) {
            let n = t.pieces.max(1) as f64;
            println!(
                "| {mode:?} | {from}–{} | {} | {:.3} | {:.1}% |",
                from + ROW - 1,
                t.pieces,
                t.brier / n,
                100.0 * t.right as f64 / n
            );
        }
    }
}
