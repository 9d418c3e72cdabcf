//! Defender: holds its headquarters and walks a guard up and down beside
//! it, the passive defence that waits for the move limit.

use gunjin_rules::{Move, Seen, View};
use rand::Rng;

use super::turtle::{favoured_attack, stay_home};
use super::{attacks, weighted};
use crate::eval::{Distances, values};

/// Steps from its own headquarters within which its guard walks.
const BESIDE: u8 = 2;

/// Turtle's attack on a neighbour when the one-move guess favours it; else
/// a step of its guard beside its headquarters; else Turtle's quiet move
/// at home; else (hemmed in) any move. The piece in its headquarters
/// never leaves.
pub(crate) fn defender_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    favoured_attack(view, &moves, rng)
        .or_else(|| guard_step(view, &moves, rng))
        .or_else(|| stay_home(view, &moves, rng))
        .or_else(|| weighted(&moves, |_| 1.0, rng))
}

/// A quiet step of its strongest piece beside its headquarters (one to
/// [`BESIDE`] steps away) to another node as near, if one can make it.
fn guard_step<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let me = view.side();
    let distance = Distances::new(view.rules());
    let values = values(view.rules());
    let beside = |sq| (1..=BESIDE).contains(&distance.to(me, sq));
    let worth = |mv: Move| match view.seen(mv.from()) {
        Seen::Own(piece) if beside(mv.from()) && beside(mv.to()) && !attacks(view, mv) => {
            values[piece.kind]
        }
        _ => 0.0,
    };
    let guard = moves.iter().map(|&mv| worth(mv)).reduce(f32::max)?;
    (guard > 0.0)
        .then(|| weighted(moves, |mv| f32::from(u8::from(worth(mv) == guard)), rng))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{Color, Diagram, Game, Kind};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// South holds its headquarters with a Mine, a Flag before it and the
    /// General beside it; North's General stands far off, its Lieutenant
    /// General two steps from South's headquarters.
    const HELD: &str = "htsrf 1gx2/6/n5/6/6/2l3/2F3/1GX2 s";

    #[test]
    fn it_keeps_its_headquarters_and_walks_its_general_beside_it() {
        let distance = Distances::new(gunjin_rules::Rules::KIRAKUKEN);
        for seed in 0..8 {
            let diagram: Diagram = HELD.parse().expect("a position");
            let mut game = Game::from_position(diagram).expect("a game");
            let mut rng = SmallRng::seed_from_u64(seed);
            let hq = game.rules().shape().hq(Color::South);
            for _ in 0..30 {
                let view = game.view(game.position().turn());
                let mv = if view.side() == Color::South {
                    let mv = defender_move(&view, &mut rng).expect("a move");
                    let Seen::Own(piece) = view.seen(mv.from()) else {
                        panic!("its own piece");
                    };
                    assert_eq!(piece.kind, Kind::General, "{mv}");
                    if !attacks(&view, mv) {
                        assert!(distance.to(Color::South, mv.to()) <= BESIDE, "{mv} strays");
                    }
                    mv
                } else {
                    super::super::random_move(&view, &mut rng).expect("a move")
                };
                game.play(mv).expect("a legal move");
                if game.outcome().is_some() {
                    break;
                }
            }
            let held = game.position().board().piece_at(hq).map(|p| p.kind);
            assert_eq!(held, Some(Kind::Mine), "seed {seed}");
        }
    }

    #[test]
    fn its_general_takes_what_comes_next_to_it() {
        // North's Lieutenant General has come to b2, beside the General.
        let text = "htsrf 1gx2/6/n5/6/6/6/1lF3/1GX2 s";
        let game = Game::from_position(text.parse().expect("a position")).expect("a game");
        let view = game.view(Color::South);
        for seed in 0..8 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mv = defender_move(&view, &mut rng).expect("a move");
            assert_eq!(mv.to_string(), "b1-b2");
        }
    }
}
