//! The random-playout loop as plain C-ABI exports, so a wasm32 build runs
//! in Node without wasm-bindgen: `prepare` deals the games (not timed),
//! `play` plays them all out (timed by the caller) and returns the plies.
//! The native binary times the very same two functions.
//!
//! `SmallRng` is a different generator on 32- and 64-bit targets, so wasm
//! and native play different games from one seed; over many games the mix
//! of game lengths is the same, and so is the work per ply.

use std::sync::Mutex;

use gunjin_rules::{Game, Rules, random_game, random_playout};
use rand::SeedableRng;
use rand::rngs::SmallRng;

struct State {
    games: Vec<Game>,
    rng: SmallRng,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

/// Deals `games` fresh games from random setups (Kirakuken rules).
#[unsafe(no_mangle)]
pub extern "C" fn prepare(games: u32, seed: u32) {
    let mut rng = SmallRng::seed_from_u64(seed.into());
    let games = (0..games)
        .map(|_| random_game(Rules::KIRAKUKEN, &mut rng))
        .collect();
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
