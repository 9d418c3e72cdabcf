//! Native counterpart of the wasm measurement: the same exports, timed the
//! same way as `run.mjs` times them in Node: process CPU time, so other
//! work on a small shared machine counts against neither.
//!
//! Usage: `shogi-bench-native [games per round] [rounds] [seed] [perft depth]`;
//! prints `native <best plies/s> <median plies/s> <plies in round 1>
//! <perft nodes/s>`.

use std::time::Duration;

use shogi_rules_wasm_bench::{perft, play, prepare};

/// CPU time used by this process so far.
fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = cpu_time();
    let value = f();
    (value, (cpu_time() - start).as_secs_f64())
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numeric arguments"))
        .collect();
    let games = args.first().copied().unwrap_or(20);
    let rounds = args.get(1).copied().unwrap_or(5);
    let seed = args.get(2).copied().unwrap_or(1);
    let depth = args.get(3).copied().unwrap_or(5);
    assert!(rounds > 0, "at least one round");
    let mut first_plies = None;
    let mut rates: Vec<f64> = (0..rounds)
        .map(|round| {
            prepare(games, seed.wrapping_add(round));
            let (plies, seconds) = timed(|| play());
            first_plies.get_or_insert(plies);
            plies as f64 / seconds
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    let (nodes, seconds) = timed(|| perft(depth));
    println!(
        "native {:.0} {:.0} {} {:.0}",
        rates[rates.len() - 1],
        rates[rates.len() / 2],
        first_plies.unwrap_or(0),
        f64::from(nodes) / seconds
    );
}
