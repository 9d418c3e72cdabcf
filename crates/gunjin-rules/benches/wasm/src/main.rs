//! Native counterpart of the wasm playout measurement: the same exports,
//! timed the same way as `run.mjs` times them in Node: process CPU time, so
//! other work on a small shared machine counts against neither.
//!
//! Usage: `playout-native [games per round] [rounds] [seed]`; prints
//! `native <best plies/s> <median plies/s> <plies in the first round>`.

use std::time::Duration;

use gunjin_rules_wasm_bench::{play, prepare};

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

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numeric arguments"))
        .collect();
    let games = args.first().copied().unwrap_or(200);
    let rounds = args.get(1).copied().unwrap_or(15);
    let seed = args.get(2).copied().unwrap_or(1);
    assert!(rounds > 0, "at least one round");
    let mut first_plies = None;
    let mut rates: Vec<f64> = (0..rounds)
        .map(|round| {
            prepare(games, seed.wrapping_add(round));
            let start = cpu_time();
            let plies = play();
            let rate = plies as f64 / (cpu_time() - start).as_secs_f64();
            first_plies.get_or_insert(plies);
            rate
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    println!(
        "native {:.0} {:.0} {}",
        rates[rates.len() - 1],
        rates[rates.len() / 2],
        first_plies.unwrap_or(0)
    );
}
