//! What the arena reports of a match: the score with its intervals, the
//! officers each side lost, how the games ended, the faults, the think
//! times.

use gunjin_rules::{Color, DrawReason, Game, Kind, Outcome, WinReason};

use crate::describe;
use crate::external::Fault;
use crate::player::Player;

/// How one game went, from player A's side.
pub struct Played {
    pub outcome: Outcome,
    /// The side player A had.
    pub a_side: Color,
    pub plies: usize,
    pub record: String,
    /// Officers of Major or above each player lost (A first).
    pub officers_lost: [u32; 2],
    /// The player (0: A) that failed the game, and how.
    pub fault: Option<(usize, Fault)>,
    /// Each player's fault once the game was over (at the last move's
    /// report, at `result` or `isready`): it changes no result, but the
    /// bot is started afresh and the fault reported.
    pub late: [Option<Fault>; 2],
}

impl Played {
    /// A game played out (or ended by a fault) on `game`.
    pub fn of(game: &Game, a_side: Color, fault: Option<(usize, Fault)>) -> Played {
        let lost = |side: Color| -> u32 {
            let losses = *game.view(side).own_losses();
            Kind::ALL
                .into_iter()
                .filter(|k| k.takes_hq())
                .map(|k| u32::from(losses[k]))
                .sum()
        };
        Played {
            outcome: game.outcome().expect("the game is over"),
            a_side,
            plies: game.history().len(),
            record: game.record().to_string(),
            officers_lost: [lost(a_side), lost(!a_side)],
            fault,
            late: [None, None],
        }
    }

    /// A game player `loser` (0: A) lost by a fault before the first
    /// move (it could not set up).
    pub fn forfeit(a_side: Color, loser: usize, fault: Fault) -> Played {
        let loser_side = if loser == 0 { a_side } else { !a_side };
        Played {
            outcome: Outcome::Win {
                winner: !loser_side,
                reason: WinReason::Resignation,
            },
            a_side,
            plies: 0,
            record: String::new(),
            officers_lost: [0, 0],
            fault: Some((loser, fault)),
            late: [None, None],
        }
    }

    /// The player that won (0: A), if either.
    fn winner(&self) -> Option<usize> {
        self.outcome.winner().map(|w| usize::from(w != self.a_side))
    }
}

/// A's wins, draws and losses.
pub fn tally(results: &[Played]) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for r in results {
        match r.winner() {
            Some(0) => t.0 += 1,
            None => t.1 += 1,
            Some(_) => t.2 += 1,
        }
    }
    t
}

/// The Wilson score interval for a proportion at 95%.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The endings in the order reported (a win stands for both winners).
const ENDINGS: [Outcome; 7] = [
    Outcome::Win {
        winner: Color::South,
        reason: WinReason::HeadquartersTaken { by: Kind::General },
    },
    Outcome::Win {
        winner: Color::South,
        reason: WinReason::MarshalTaken { by: Kind::General },
    },
    Outcome::Win {
        winner: Color::South,
        reason: WinReason::NoLegalMove,
    },
    Outcome::Win {
        winner: Color::South,
        reason: WinReason::Resignation,
    },
    Outcome::Draw {
        reason: DrawReason::MoveLimit,
    },
    Outcome::Draw {
        reason: DrawReason::NoOfficers,
    },
    Outcome::Draw {
        reason: DrawReason::Repetition,
    },
];

/// "headquarters taken 180 (A 178, B 2), move limit 4, …": every ending
/// that occurred, wins split by the player that won them.
fn endings(results: &[Played]) -> String {
    let mut parts = Vec::new();
    for ending in &ENDINGS {
        let key = describe(*ending);
        let games: Vec<&Played> = results
            .iter()
            .filter(|r| describe(r.outcome) == key)
            .collect();
        if games.is_empty() {
            continue;
        }
        let part = match ending.winner() {
            None => format!("{key} {}", games.len()),
            Some(_) => {
                let a = games.iter().filter(|r| r.winner() == Some(0)).count();
                format!("{key} {} (A {a}, B {})", games.len(), games.len() - a)
            }
        };
        parts.push(part);
    }
    parts.join(", ")
}

/// How many of `faults` there are of each kind: the total, and
/// "timeout 1, error 2".
fn by_kind<'a>(faults: impl Iterator<Item = &'a Fault>) -> (usize, String) {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for fault in faults {
        match kinds.iter_mut().find(|(k, _)| *k == fault.kind()) {
            Some((_, n)) => *n += 1,
            None => kinds.push((fault.kind(), 1)),
        }
    }
    let total = kinds.iter().map(|(_, n)| n).sum();
    let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    (total, list.join(", "))
}

/// Each player's faults that cost it a game, by kind.
fn faults(results: &[Played], player: usize) -> (usize, String) {
    by_kind(
        results
            .iter()
            .filter_map(|r| r.fault.as_ref())
            .filter(|(p, _)| *p == player)
            .map(|(_, fault)| fault),
    )
}

pub fn report(players: &[Player; 2], results: &[Played]) {
    let names = [players[0].name.as_str(), players[1].name.as_str()];
    let n = results.len();
    let (wins, draws, losses) = tally(results);
    let nf = n.max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / nf;
    let win_rate = wins as f64 / nf;
    let (lo, hi) = wilson(win_rate, n as f64);
    let (slo, shi) = wilson(score, n as f64);
    println!(
        "{} wins {wins}, draws {draws}, {} wins {losses}",
        names[0], names[1]
    );
    println!(
        "{} win rate {:.1}% (95% Wilson {:.1}%–{:.1}%), score {:.1}% (95% Wilson {:.1}%–{:.1}%)",
        names[0],
        win_rate * 100.0,
        lo * 100.0,
        hi * 100.0,
        score * 100.0,
        slo * 100.0,
        shi * 100.0
    );
    println!("endings: {}", endings(results));
    let lost: [u32; 2] = [0, 1].map(|p| results.iter().map(|r| r.officers_lost[p]).sum());
    for p in 0..2 {
        println!(
            "officers (Major or above) {}: lost {}, took {} ({:.2} a game lost; {:.2} taken for each lost)",
            names[p],
            lost[p],
            lost[1 - p],
            lost[p] as f64 / nf,
            lost[1 - p] as f64 / lost[p].max(1) as f64
        );
    }
    let fault_counts = [0, 1].map(|p| faults(results, p));
    for (p, (total, list)) in fault_counts.iter().enumerate() {
        let (late, late_list) = by_kind(results.iter().filter_map(|r| r.late[p].as_ref()));
        let mut parts = Vec::new();
        if *total > 0 {
            parts.push(format!("{total} games lost ({list})"));
        }
        if late > 0 {
            parts.push(format!("{late} after a game was over ({late_list})"));
        }
        if !parts.is_empty() {
            println!("faults {}: {}", names[p], parts.join("; "));
        }
    }
    let plies: usize = results.iter().map(|r| r.plies).sum();
    println!("mean game length {:.1} plies", plies as f64 / nf);
    for (name, player) in names.iter().zip(players) {
        let t = &player.times;
        // (An empty sum of floats is -0.0: none reads as 0.)
        let mean = t.iter().sum::<f64>() / t.len().max(1) as f64 + 0.0;
        let max = t.iter().copied().fold(0.0, f64::max);
        println!(
            "think time {name}: mean {mean:.2} ms, median {:.2} ms, max {max:.1} ms over {} moves",
            median(t),
            t.len()
        );
    }
    println!(
        "{{\"a\":\"{}\",\"b\":\"{}\",\"games\":{n},\"a_wins\":{wins},\"draws\":{draws},\"b_wins\":{losses},\"a_score\":{score:.4},\"a_officers_lost\":{},\"b_officers_lost\":{},\"a_faults\":{},\"b_faults\":{}}}",
        json_escape(names[0]),
        json_escape(names[1]),
        lost[0],
        lost[1],
        fault_counts[0].0,
        fault_counts[1].0
    );
}

/// The 64-bit FNV-1a hash: stable across builds and platforms, unlike
/// the standard library's hasher.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn json_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}
