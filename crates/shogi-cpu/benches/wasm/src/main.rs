//! Native counterpart of the wasm measurement: the same exports, timed in
//! process CPU time as `run.mjs` times them in Node. Prints one line per
//! position: `native <index> <nodes> <nodes/s> <depth in 1 s>`.

use std::time::Duration;

use shogi_cpu_wasm_bench::{depth_in, prepare, search};

/// The clock the library imports: this process's CPU time.
#[unsafe(no_mangle)]
pub extern "C" fn now_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32).as_secs_f64() * 1000.0
}

fn main() {
    for index in 0..prepare() {
        let start = now_ms();
        let nodes = search(index);
        let seconds = (now_ms() - start) / 1000.0;
        let depth = depth_in(index, 1000.0);
        println!(
            "native {index} {nodes} {:.0} {depth}",
            f64::from(nodes) / seconds
        );
    }
}
