//! Racer: runs an officer at the enemy headquarters the moment it stands
//! empty with a way open to it, and otherwise plays as Greedy.

use gunjin_rules::{Bitboard, Move, Seen, View};
use rand::Rng;

use super::greedy::greedy_move;
use super::weighted;
use crate::eval::steps_to;

/// A step of the officer nearest an empty enemy headquarters by a way of
/// empty nodes, along its shortest way in; without one, Greedy's move.
pub(crate) fn racer_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    race(view, &moves, rng).or_else(|| greedy_move(view, rng))
}

/// The step that brings an officer nearest the empty enemy headquarters
/// over empty nodes (among equals, at random), if any officer has a way.
fn race<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let rules = view.rules();
    let hq = rules.shape().hq(!view.side());
    if !matches!(view.seen(hq), Seen::Empty) {
        return None;
    }
    let occupied: Bitboard = (rules.shape().nodes())
        .filter(|&sq| !matches!(view.seen(sq), Seen::Empty))
        .collect();
    let way = steps_to(rules.geometry(), hq, occupied, Bitboard::EMPTY, 0);
    let left = |mv: Move| match view.seen(mv.from()) {
        Seen::Own(piece) if rules.takes_hq(piece.kind) && !mv.is_strike() => way[mv.to().index()],
        _ => u8::MAX,
    };
    let nearest = moves.iter().map(|&mv| left(mv)).min()?;
    (nearest < u8::MAX)
        .then(|| weighted(moves, |mv| f32::from(u8::from(left(mv) == nearest)), rng))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{Color, Game};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// North's headquarters stands empty; South's Lieutenant General on
    /// b3 has a way in, its Plane on f1 could fly the length of the board.
    const OPEN: &str = "htsrf g4/6/6/6/6/1L4/6/1GX1P s";

    fn game(text: &str) -> Game {
        Game::from_position(text.parse().expect("a position")).expect("a game")
    }

    #[test]
    fn it_runs_its_officer_at_an_empty_headquarters_where_greedy_does_not() {
        let view = game(OPEN).view(Color::South);
        for seed in 0..20 {
            let mv = racer_move(&view, &mut SmallRng::seed_from_u64(seed)).expect("a move");
            assert_eq!(mv.to_string(), "b3-b4");
            let greedy = greedy_move(&view, &mut SmallRng::seed_from_u64(seed));
            assert_ne!(greedy, Some(mv), "Greedy flies the Plane");
        }
        // With the headquarters held it plays as Greedy.
        let held = game("htsrf g1x2/6/6/6/6/1L4/6/1GX1P s").view(Color::South);
        let mut rng = SmallRng::seed_from_u64(1);
        assert!(race(&held, &held.legal_moves(), &mut rng).is_none());
    }

    #[test]
    fn it_walks_in_by_the_shortest_way() {
        let mut game = game(OPEN);
        let mut rng = SmallRng::seed_from_u64(3);
        // North's General steps up and down its file, out of the way.
        let shuffle = ["a8-a7", "a7-a8"].map(|m| m.parse::<Move>().expect("a move"));
        for ply in 0..20 {
            let mv = if ply % 2 == 0 {
                racer_move(&game.view(Color::South), &mut rng).expect("a move")
            } else {
                shuffle[ply / 2 % 2]
            };
            game.play(mv).expect("a legal move");
            if game.outcome().is_some() {
                break;
            }
        }
        let winner = game.outcome().and_then(|o| o.winner());
        assert_eq!(winner, Some(Color::South));
        // b4, b5, b6, b7 or c6, c7, then the headquarters: six steps.
        assert_eq!(game.history().len(), 11);
    }
}
