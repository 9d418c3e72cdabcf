//! Seeded random setups and pieces by node: small helpers kept for tests
//! and demos that need a reproducible camp.

use gunjin_rules::{Color, FILES, Kind, RANKS, Rules, Setup, Square};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A random setup together with the seed it was drawn from: the same seed
/// always gives the same setup, so a board can be reproduced (in tests, and
/// later from a shared link).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSetup {
    pub seed: u64,
    pub setup: Setup,
}

impl RandomSetup {
    /// The setup drawn from `seed` under `rules`' placement option.
    pub fn from_seed(rules: Rules, seed: u64) -> RandomSetup {
        let mut rng = SmallRng::seed_from_u64(seed);
        RandomSetup {
            seed,
            setup: Setup::random(rules, &mut rng),
        }
    }
}

/// A fresh seed from the platform's random source (the browser's
/// `crypto.getRandomValues` on the web).
pub fn fresh_seed() -> u64 {
    // Without a random source there is no sensible fallback; getrandom
    // documents that this only fails on unsupported platforms.
    getrandom::u64().expect("the platform has a random source")
}

/// The piece on each node, as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces([Option<Kind>; (FILES * RANKS) as usize]);

impl Pieces {
    /// An empty board.
    pub const EMPTY: Pieces = Pieces([None; (FILES * RANKS) as usize]);

    /// `setup` placed on `color`'s camp; the other camp stays empty.
    pub fn of_setup(setup: &Setup, color: Color) -> Pieces {
        let mut pieces = Pieces::EMPTY;
        for (square, kind) in setup.placements(color) {
            pieces.0[square.index()] = Some(kind);
        }
        pieces
    }

    /// The piece on `square`, if any.
    pub fn get(&self, square: Square) -> Option<Kind> {
        self.0[square.index()]
    }

    /// Every occupied node with its piece.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Kind)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.get(sq).map(|kind| (sq, kind)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_setup() {
        let a = RandomSetup::from_seed(Rules::default(), 7);
        let b = RandomSetup::from_seed(Rules::default(), 7);
        assert_eq!(a, b);
        assert_ne!(a.setup, RandomSetup::from_seed(Rules::default(), 8).setup);
    }

    #[test]
    fn a_south_setup_fills_south_camp_only() {
        let setup = RandomSetup::from_seed(Rules::default(), 1).setup;
        let pieces = Pieces::of_setup(&setup, Color::South);
        assert_eq!(pieces.iter().count(), 23);
        assert!(pieces.iter().all(|(sq, _)| sq.camp() == Color::South));
        for kind in Kind::ALL {
            let n = pieces.iter().filter(|&(_, k)| k == kind).count();
            assert_eq!(n, usize::from(Rules::default().count(kind)), "{kind:?}");
        }
    }
}
