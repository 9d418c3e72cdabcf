//! Random playouts: whole games of uniformly random legal moves through
//! [`Game::play`]. The benchmarks and the property tests run this loop.

use rand::Rng;

use crate::Game;

/// Plays uniformly random legal moves until the game is over and returns
/// how many plies were played.
///
/// Every move goes through [`Game::play`], so the game ends exactly as a
/// real one would: checkmate, repetition (perpetual check included) or
/// the move limit.
///
/// ```
/// use shogi_rules::{Game, MOVE_LIMIT, Position, random_playout};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut game = Game::new(Position::start());
/// let plies = random_playout(&mut game, &mut SmallRng::seed_from_u64(7));
/// assert!(game.outcome().is_some());
/// assert!(plies as u32 <= MOVE_LIMIT);
/// ```
pub fn random_playout<R: Rng + ?Sized>(game: &mut Game, rng: &mut R) -> usize {
    let mut moves = Vec::with_capacity(128);
    let mut plies = 0;
    while game.outcome().is_none() {
        moves.clear();
        game.position().legal_moves_into(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv)
            .expect("a move from the legal list is accepted");
        plies += 1;
    }
    plies
}
