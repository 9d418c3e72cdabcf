//! Random playouts: whole games of uniformly random legal moves, played
//! through the referee's [`Game`]. The benchmarks, the wasm measurement and
//! the tests all run this loop; a CPU player built on playouts runs it too.

use rand::Rng;

use crate::{ByColor, Color, Game, Move, Rules, Setup};

/// Plays uniformly random legal moves until the game is over and returns
/// how many plies were played (0 if it was already over).
///
/// Every move goes through [`Game::play`], so the game keeps its history,
/// losses and repetition count and ends exactly as a real game would: by a
/// headquarters taken, no legal move, no officers left, the move limit or
/// repetition.
///
/// ```
/// use gunjin_rules::{Color, MOVE_LIMIT, Rules, random_game, random_playout};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut rng = SmallRng::seed_from_u64(7);
/// let mut game = random_game(Rules::KIRAKUKEN, &mut rng);
/// let plies = random_playout(&mut game, &mut rng);
/// assert!(game.outcome().is_some());
/// assert_eq!(plies, game.history().len());
/// assert!(plies <= MOVE_LIMIT);
/// ```
pub fn random_playout<R: Rng + ?Sized>(game: &mut Game, rng: &mut R) -> usize {
    let mut moves: Vec<Move> = Vec::with_capacity(128);
    let mut plies = 0;
    while game.outcome().is_none() {
        moves.clear();
        // A game still on has a legal move: one without is over.
        game.position().legal_moves_into(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv)
            .expect("a move from the legal list is accepted");
        plies += 1;
    }
    plies
}

/// A game between two random setups allowed by `rules`, with a random side
/// to move first: the starting point of a random playout.
pub fn random_game<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Game {
    let setups = ByColor::new_with(|_| Setup::random(rules, rng));
    let first = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    Game::new(rules, setups, first).expect("random setups respect the placement option")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::{MOVE_LIMIT, Preset};

    #[test]
    fn playouts_end_and_replay_from_their_record() {
        let mut rng = SmallRng::seed_from_u64(11);
        for preset in Preset::ALL {
            for _ in 0..20 {
                let mut game = random_game(preset.rules(), &mut rng);
                let plies = random_playout(&mut game, &mut rng);
                assert!(game.outcome().is_some());
                assert_eq!(plies, game.history().len());
                assert!(plies <= MOVE_LIMIT);
                let replayed = game.record().replay().unwrap();
                assert_eq!(replayed.outcome(), game.outcome());
                assert_eq!(replayed.position(), game.position());
                assert_eq!(random_playout(&mut game, &mut rng), 0);
            }
        }
    }
}
