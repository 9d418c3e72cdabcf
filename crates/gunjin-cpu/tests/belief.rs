//! Deduction never excludes the truth: over many self-play games under
//! every rule option and mode (Classic 25's strikes and face-up Marshal
//! too), at every move, each
//! enemy piece's candidates hold its true kind (and an empty camp node's
//! none); and the sampled probabilities are a distribution over them.

mod common;

use common::{pair, play_out, random_start, rules_from_bits};
use gunjin_cpu::{Baseline, Belief, KindSet};
use gunjin_rules::{Color, Game, Kind, Mode, PieceId, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Self-play games checked by the property test: thousands in a release
/// build (`cargo test --release -p gunjin-cpu`), fewer in a debug build.
const GAMES: usize = if cfg!(debug_assertions) { 80 } else { 3000 };

/// The modes, taken in turn by the games.
const MODES: [Mode; 4] = [
    Mode::Standard,
    Mode::Marshal23,
    Mode::American21,
    Mode::Classic25,
];

/// The rule options `bits` in the `g`-th game's mode.
fn rules_of(g: usize, bits: u8) -> Rules {
    Rules {
        mode: MODES[g % MODES.len()],
        ..rules_from_bits(bits)
    }
}

/// The true kind of each of `side`'s enemy camp slots, by id (none for
/// an empty node).
fn truth(game: &Game, side: Color) -> Vec<Option<Kind>> {
    game.setups().unwrap()[!side].slots().to_vec()
}

/// Checks every enemy piece of both views.
fn check(game: &Game, checked: &mut u64) {
    for side in Color::ALL {
        let view = game.view(side);
        let belief = Belief::with_samples(&view, 0, 0);
        let truth = truth(game, side);
        for (id, kind) in truth.iter().enumerate() {
            let candidates = belief.candidates(PieceId(id as u8));
            let Some(kind) = kind else {
                assert!(candidates.is_empty(), "an empty node holds {candidates:?}");
                continue;
            };
            assert!(
                candidates.contains(*kind),
                "{side} excluded the true {kind} of piece {id} ({candidates:?}) in {}",
                game.record()
            );
            *checked += 1;
        }
    }
}

#[test]
fn deduction_never_excludes_the_true_kind() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut checked = 0u64;
    let mut narrowed = 0u64;
    for g in 0..GAMES {
        let rules = rules_of(g, (g % 32) as u8);
        let mut game = random_start(rules, &mut rng);
        // Random and Greedy players fight many battles: the hard cases.
        let levels = [Baseline::Random, Baseline::Greedy];
        let mut players = pair(levels[g % 2], levels[(g / 2) % 2], g as u64, 1);
        // Every ply in a few games, every seventh in the others.
        let every = if g % 8 == 0 { 1 } else { 7 };
        let mut ply = 0;
        play_out(&mut game, &mut players, 300, |game| {
            if ply % every == 0 {
                check(game, &mut checked);
            }
            ply += 1;
        });
        check(&game, &mut checked);
        // Deduction does narrow things down by the end of a game.
        for side in Color::ALL {
            let belief = Belief::with_samples(&game.view(side), 0, 0);
            let kinds = KindSet::of(rules).len();
            narrowed += (0..truth(&game, side).len() as u8)
                .filter(|&id| (1..kinds).contains(&belief.candidates(PieceId(id)).len()))
                .count() as u64;
        }
    }
    assert!(checked > 100_000, "only {checked} checks");
    assert!(narrowed > 0);
}

#[test]
fn deduction_reads_moves_battles_and_counts() {
    use gunjin_rules::{Announcement, ByColor, Rules, Template};
    let setups = ByColor {
        south: Template::ALL[0].setup(),
        north: Template::ALL[3].setup(),
    };
    let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::North).unwrap();
    // North's Plane on d6 (slot 8) flies over its own piece on d5 and the
    // river: only a Plane moves so. It beats South's Engineer on d4.
    let a = game.play("d6-d4".parse().unwrap()).unwrap();
    assert_eq!(a, Announcement::DefenderRemoved);
    let belief = Belief::new(&game.view(Color::South));
    let plane = PieceId(8);
    assert_eq!(belief.candidates(plane), KindSet::single(Kind::Plane));
    assert_eq!(belief.most_likely(plane), Some(Kind::Plane));
    // The other pieces may still be anything but what the counts forbid.
    assert!(!belief.candidates(PieceId(0)).is_empty());
}

#[test]
fn probabilities_are_a_distribution_over_the_candidates() {
    let mut rng = SmallRng::seed_from_u64(77);
    for g in 0..12 {
        let rules = rules_of(g as usize, (g * 5 % 32) as u8);
        let mut game = random_start(rules, &mut rng);
        let mut players = pair(Baseline::Greedy, Baseline::Random, g, 1);
        play_out(&mut game, &mut players, 20 + 15 * g as usize, |_| {});
        for side in Color::ALL {
            let view = game.view(side);
            let belief = Belief::new(&view);
            assert_eq!(belief.side(), side);
            let truth = truth(&game, side);
            for (id, kind) in truth.iter().enumerate() {
                let id = PieceId(id as u8);
                if kind.is_none() {
                    continue;
                }
                let p = belief.probabilities(id);
                let candidates = belief.candidates(id);
                let total: f32 = p.0.iter().sum();
                assert!((total - 1.0).abs() < 1e-3, "sum {total}");
                for kind in Kind::ALL {
                    assert!(p[kind] >= 0.0);
                    if !candidates.contains(kind) {
                        assert_eq!(p[kind], 0.0, "{kind} outside {candidates:?}");
                    }
                }
                let likely = belief.most_likely(id).unwrap();
                assert!(candidates.contains(likely));
                if candidates.len() == 1 {
                    assert_eq!(Some(likely), *kind);
                }
            }
        }
    }
}

#[test]
fn a_strike_shows_a_missile_and_the_marshal_is_known() {
    let rules = Rules {
        mode: Mode::Classic25,
        ..Rules::KIRAKUKEN
    };
    let mut rng = SmallRng::seed_from_u64(25);
    let mut strikes = 0;
    for g in 0..20 {
        let mut game = random_start(rules, &mut rng);
        let mut players = pair(Baseline::Random, Baseline::Random, g, 1);
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let side = game.position().turn();
            // Both sides know the enemy's face-up Marshal, in its
            // headquarters, and that no other piece is one.
            let belief = Belief::with_samples(&game.view(!side), 0, 0);
            let hq = rules.shape().hq(side);
            for (sq, piece) in game.position().board().pieces(side) {
                let candidates = belief.candidates(piece.id);
                assert_eq!(sq == hq, candidates == KindSet::single(Kind::Marshal));
                assert_eq!(sq == hq, candidates.contains(Kind::Marshal));
            }
            let mv = players[side]
                .choose_move(&game.view(side), common::budget())
                .unwrap();
            let fired = game.position().board().piece_at(mv.from()).unwrap().id;
            game.play(mv).unwrap();
            if mv.to_string().contains('*') {
                // The enemy learns the piece that fired was a Missile.
                let belief = Belief::with_samples(&game.view(!side), 0, 0);
                assert_eq!(belief.candidates(fired), KindSet::single(Kind::Missile));
                strikes += 1;
            }
        }
    }
    assert!(strikes >= 5, "only {strikes} strikes");
}
