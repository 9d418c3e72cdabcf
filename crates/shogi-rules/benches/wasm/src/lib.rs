//! Perft and random playouts as plain C-ABI exports, so a wasm32 build runs
//! in Node without wasm-bindgen. `prepare` deals the games (not timed),
//! `play` plays them out and `perft` counts from the start position (both
//! timed by the caller). The native binary times the very same functions.
//!
//! `SmallRng` is a different generator on 32- and 64-bit targets, so wasm
//! and native play different games from one seed; over many games the mix
//! of game lengths, and the work per ply, is the same.

use std::sync::Mutex;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use shogi_rules::{Game, Position, random_playout};

struct State {
    games: Vec<Game>,
    rng: SmallRng,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

/// Deals `games` fresh games from the start position.
#[unsafe(no_mangle)]
pub extern "C" fn prepare(games: u32, seed: u32) {
    let games = vec![Game::new(Position::start()); games as usize];
    let rng = SmallRng::seed_from_u64(seed.into());
    *STATE.lock().unwrap() = Some(State { games, rng });
}

/// Plays every prepared game to its end with random moves; returns the
/// plies played in all.
#[unsafe(no_mangle)]
pub extern "C" fn play() -> u32 {
    let mut state = STATE.lock().unwrap();
    let State { games, rng } = state.as_mut().expect("prepare first");
    let plies: usize = games.iter_mut().map(|game| random_playout(game, rng)).sum();
    plies as u32
}

/// Perft of the start position to `depth` (at most 5: the count fits 32 bits).
#[unsafe(no_mangle)]
pub extern "C" fn perft(depth: u32) -> u32 {
    shogi_rules::perft(&Position::start(), depth) as u32
}
