//! Search speed: nodes per second from a few fixed positions at the top
//! level's budget, and the depth each reaches in one second.
//!
//! `cargo bench -p shogi-cpu` (the bench profile: fat LTO, opt-level 3);
//! the figures are recorded in `docs/BENCHMARKS.md`. Timed in process CPU
//! time, the one-second budget too, so that others' work on a shared
//! machine counts against neither.

use std::hint::black_box;
use std::time::Duration;

use shogi_cpu::{Budget, Deadline, Decision, Level, Limits, Searcher, Step, think};
use shogi_rules::{Game, Position};

/// The start and the positions after 24, 48 and 72 plies of a seeded
/// game between two novices: an opening, a middle game with pieces in
/// hand, and a late middle game.
fn positions() -> Vec<(String, Position)> {
    let mut game = Game::new(Position::start());
    let mut positions = vec![("start".to_owned(), game.position().clone())];
    for ply in 1..=72 {
        let thought = think(&game, Level::Novice, ply, &Budget::default());
        let Decision::Move(mv) = thought.decision else {
            break;
        };
        game.play(mv).unwrap();
        if ply % 24 == 0 && game.outcome().is_none() {
            positions.push((format!("ply-{ply}"), game.position().clone()));
        }
    }
    positions
}

/// CPU time used by this process so far, in milliseconds.
fn cpu_millis() -> f64 {
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
    let nodes = Level::Strong.style().nodes;
    println!(
        "{:<8} {:>10} {:>8} {:>10} {:>6}   {:>9}",
        "position", "nodes", "ms", "nps", "depth", "depth@1s"
    );
    let (mut all_nodes, mut all_secs) = (0, 0.0);
    for (name, position) in positions() {
        let history = [Step::of(&position)];
        let mut searcher = Searcher::new(16);
        let start = cpu_millis();
        let found = searcher
            .run(
                black_box(&position),
                &history,
                &Limits::nodes(nodes),
                &mut |_| {},
            )
            .unwrap();
        let secs = (cpu_millis() - start) / 1000.0;
        all_nodes += found.nodes;
        all_secs += secs;
        let mut timed = Searcher::new(16);
        let limits = Limits {
            nodes: u64::MAX,
            deadline: Some(Deadline {
                now: &cpu_millis,
                at: cpu_millis() + 1000.0,
            }),
            ..Limits::nodes(0)
        };
        let in_a_second = timed
            .run(&position, &history, &limits, &mut |_| {})
            .unwrap();
        println!(
            "{name:<8} {:>10} {:>8.0} {:>10.0} {:>6}   {:>9}",
            found.nodes,
            secs * 1000.0,
            found.nodes as f64 / secs,
            found.depth,
            in_a_second.depth
        );
    }
    println!(
        "all      {all_nodes:>10} {:>8.0} {:>10.0}",
        all_secs * 1000.0,
        all_nodes as f64 / all_secs
    );
}
