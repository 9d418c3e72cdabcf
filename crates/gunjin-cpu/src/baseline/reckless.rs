//! Reckless: attacks as if every attack won, and otherwise shuffles.

use gunjin_rules::{Move, Seen, View};
use rand::Rng;

use super::{attacks, weighted};
use crate::eval::{Distances, values};

/// Steps from its own headquarters within which a piece counts as beside
/// it, and how much likelier a move there is than one elsewhere.
const HOME: u8 = 2;
const HOME_WEIGHT: f32 = 6.0;

/// An attack on an enemy piece one step away, if there is one, with the
/// strongest piece it has next to one; without one, a shuffle.
pub(crate) fn reckless_move<R: Rng>(view: &View, rng: &mut R) -> Option<Move> {
    let moves = view.legal_moves();
    attack(view, &moves, rng).or_else(|| shuffle(view, &moves, rng))
}

/// An attack on an adjacent enemy piece by the strongest of its pieces
/// next to one (among equals, at random), as if every attack won.
fn attack<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let rules = view.rules();
    let geometry = rules.geometry();
    let values = values(rules);
    let worth = |mv: Move| match view.seen(mv.from()) {
        Seen::Own(piece) => values[piece.kind],
        _ => 0.0,
    };
    let next_to = |mv: Move| attacks(view, mv) && geometry.steps(mv.from()).contains(mv.to());
    let strongest = moves
        .iter()
        .filter(|&&mv| next_to(mv))
        .map(|&mv| worth(mv))
        .reduce(f32::max)?;
    let strongest_attack = |mv: Move| f32::from(u8::from(next_to(mv) && worth(mv) == strongest));
    weighted(moves, strongest_attack, rng)
}

/// A random move, one between nodes beside its own headquarters
/// [`HOME_WEIGHT`] times likelier than any other.
fn shuffle<R: Rng>(view: &View, moves: &[Move], rng: &mut R) -> Option<Move> {
    let distance = Distances::new(view.rules());
    let me = view.side();
    let home = |mv: Move| distance.to(me, mv.from()) <= HOME && distance.to(me, mv.to()) <= HOME;
    weighted(moves, |mv| if home(mv) { HOME_WEIGHT } else { 1.0 }, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{ByColor, Color, Game, Kind, Rules, Setup, Square};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// South's Colonel on b4 and Tank on e4 face North's Tank on b5 and
    /// Cavalry on e5 over the bridges.
    fn view() -> View {
        let setup = |text: &str| -> Setup { text.parse().expect("a setup") };
        let setups = ByColor {
            south: setup("VCASTN/OPNELT/EYFAJS/PGXMX"),
            north: setup("EVASTN/OPNCLT/EYFAJS/PGXMX"),
        };
        let game = Game::new(Rules::KIRAKUKEN, setups, Color::South).expect("a game");
        game.view(Color::South)
    }

    #[test]
    fn it_attacks_with_its_strongest_piece_next_to_an_enemy() {
        let view = view();
        let b4: Square = "b4".parse().expect("a node");
        assert!(matches!(view.seen(b4), Seen::Own(p) if p.kind == Kind::Colonel));
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mv = reckless_move(&view, &mut rng).expect("a move");
            assert_eq!((mv.from(), mv.to().to_string()), (b4, "b5".to_owned()));
        }
    }

    #[test]
    fn with_nothing_to_attack_it_shuffles_mostly_beside_its_headquarters() {
        let distance = Distances::new(Rules::KIRAKUKEN);
        let near = |sq: Square| distance.to(Color::South, sq) <= HOME;
        let home = |mv: &Move| near(mv.from()) && near(mv.to());
        // A position of a random game where South has moves beside its
        // headquarters and (more of them) elsewhere.
        let mut rng = SmallRng::seed_from_u64(2);
        let mut game = Game::new(
            Rules::KIRAKUKEN,
            ByColor::new_with(|_| Setup::random(Rules::KIRAKUKEN, &mut rng)),
            Color::South,
        )
        .expect("a game");
        let (view, quiet) = loop {
            let view = game.view(game.position().turn());
            let quiet: Vec<Move> = view
                .legal_moves()
                .into_iter()
                .filter(|&mv| !attacks(&view, mv))
                .collect();
            let at_home = quiet.iter().filter(|mv| home(mv)).count();
            if view.side() == Color::South && at_home > 0 && at_home * 3 < quiet.len() {
                break (view, quiet);
            }
            let mv = super::super::random_move(&view, &mut rng).expect("a move");
            game.play(mv).expect("a legal move");
            assert!(game.outcome().is_none(), "no such position in this game");
        };
        let (mut at_home, mut played) = (0, std::collections::BTreeSet::new());
        for seed in 0..200 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mv = shuffle(&view, &quiet, &mut rng).expect("a move");
            at_home += usize::from(home(&mv));
            played.insert(mv.to_string());
        }
        assert!(
            at_home > 100,
            "{at_home} of 200 moves beside the headquarters"
        );
        assert!(played.len() > 1, "the seed varies the piece: {played:?}");
    }
}
