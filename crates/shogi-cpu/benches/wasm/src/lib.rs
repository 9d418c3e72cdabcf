//! The top level's search as plain C-ABI exports, so that a wasm32 build
//! runs in Node without wasm-bindgen: `prepare` sets up the positions (not
//! timed), `search` runs the top level's node budget on one and returns
//! the nodes, `depth_in` the depth reached by a deadline on the host's
//! clock (`now_ms`, imported: CPU time in both runners).

use std::sync::Mutex;

use shogi_cpu::{Budget, Deadline, Decision, Level, Limits, Searcher, Step, think};
use shogi_rules::{Game, Position};

unsafe extern "C" {
    /// The host's clock in milliseconds.
    fn now_ms() -> f64;
}

static POSITIONS: Mutex<Vec<Position>> = Mutex::new(Vec::new());

/// The benchmark's positions: the start and the positions after 24, 48
/// and 72 plies of a seeded game between two novices (as in
/// `benches/search.rs`). Returns how many.
#[unsafe(no_mangle)]
pub extern "C" fn prepare() -> u32 {
    let mut game = Game::new(Position::start());
    let mut positions = vec![game.position().clone()];
    for ply in 1..=72 {
        let Decision::Move(mv) = think(&game, Level::Novice, ply, &Budget::default()).decision
        else {
            break;
        };
        game.play(mv).expect("a legal move");
        if ply % 24 == 0 && game.outcome().is_none() {
            positions.push(game.position().clone());
        }
    }
    let count = positions.len() as u32;
    *POSITIONS.lock().unwrap() = positions;
    count
}

fn run(index: u32, limits: &Limits) -> (u32, u32) {
    let position = POSITIONS.lock().unwrap()[index as usize].clone();
    let mut searcher = Searcher::new(16);
    let found = searcher
        .run(&position, &[Step::of(&position)], limits, &mut |_| {})
        .expect("a legal move");
    (found.nodes as u32, found.depth as u32)
}

/// The top level's node budget on position `index`; the nodes searched.
#[unsafe(no_mangle)]
pub extern "C" fn search(index: u32) -> u32 {
    run(index, &Limits::nodes(Level::Strong.style().nodes)).0
}

/// The depth completed on position `index` within `millis` of the clock.
#[unsafe(no_mangle)]
pub extern "C" fn depth_in(index: u32, millis: f64) -> u32 {
    let now = || unsafe { now_ms() };
    let limits = Limits {
        nodes: u64::MAX,
        deadline: Some(Deadline {
            now: &now,
            at: now() + millis,
        }),
        ..Limits::nodes(0)
    };
    run(index, &limits).1
}
