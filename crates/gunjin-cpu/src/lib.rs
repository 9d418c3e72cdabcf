//! The CPU opponent of Gunjin Shogi (軍人将棋).
//!
//! The CPU is honest by construction: all it is ever given is a player's
//! [`View`] (its own pieces, the enemy's positions and the public history),
//! a time [`Budget`] and a seed. From the view it deduces what each enemy
//! piece can still be ([`Belief`]), samples complete worlds consistent with
//! that, and searches on them.
//!
//! - [`Baseline::Random`], [`Baseline::Greedy`], [`Baseline::Reckless`],
//!   [`Baseline::Turtle`], [`Baseline::Trader`], [`Baseline::Defender`]
//!   and [`Baseline::Racer`]: the arena's yardsticks, without deduction.
//! - [`Level::Easy`], [`Level::Normal`], [`Level::Hard`]: deduction, then
//!   a search over sampled worlds (expectimax over belief samples): one,
//!   two and three moves deep, over more and more worlds, choosing ever
//!   less loosely: the levels a player picks. See [`Level`]; a [`Cpu`]
//!   plays either ([`Player`]).
//!
//! The library never reads a clock itself (`std::time` panics in a browser
//! worker): the host passes one in the [`Budget`].
//!
//! ```
//! use gunjin_cpu::{Baseline, Budget, Cpu, Level};
//! use gunjin_rules::{ByColor, Color, Game, Rules};
//!
//! let rules = Rules::KIRAKUKEN;
//! let mut south = Cpu::new(Level::Hard, 1).with_worlds(Some(4));
//! let mut north = Cpu::new(Baseline::Greedy, 2);
//! let setups = ByColor { south: south.setup(rules), north: north.setup(rules) };
//! let mut game = Game::new(rules, setups, Color::South).unwrap();
//! fn no_clock() -> f64 { 0.0 }
//! let budget = Budget { millis: 100.0, now: no_clock };
//! for _ in 0..4 {
//!     let cpu = if game.position().turn() == Color::South { &mut south } else { &mut north };
//!     let view = game.view(game.position().turn());
//!     let mv = cpu.choose_move(&view, budget).unwrap();
//!     game.play(mv).unwrap();
//! }
//! ```

mod assignment;
mod baseline;
mod belief;
mod eval;
mod formation;
mod kindset;
mod level;
pub mod protocol;
pub mod review;
mod search;
mod slots;
#[cfg(test)]
mod testing;
mod world;

use gunjin_rules::{Move, Rules, Setup, View};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub use belief::{BELIEF_SAMPLES, Belief};
pub use formation::{
    CLASSIC_25_FORMATIONS, FORMATIONS, formation, guarded_formation, open_formation,
    striking_formation,
};
pub use kindset::KindSet;
pub use level::{Baseline, Level, ParseLevelError, Player};
pub use search::Analysis;

/// How long the CPU may think about one move, and the clock to measure it
/// with: `std::time::Instant` natively, `performance.now()` in a browser
/// worker. The clock returns milliseconds from any fixed origin.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub millis: f64,
    pub now: fn() -> f64,
}

impl Budget {
    pub fn new(millis: f64, now: fn() -> f64) -> Budget {
        Budget { millis, now }
    }
}

/// A CPU player: a level (or a baseline) and a seed. Its moves depend only on the view, the
/// seed and (unless the number of worlds is fixed) the time it is given.
#[derive(Clone, Debug)]
pub struct Cpu {
    player: Player,
    seed: u64,
    setups: u64,
    worlds: Option<usize>,
}

/// Mixes two numbers into a well-spread seed (SplitMix64).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Cpu {
    pub fn new(player: impl Into<Player>, seed: u64) -> Cpu {
        Cpu {
            player: player.into(),
            seed,
            setups: 0,
            worlds: None,
        }
    }

    /// Searches exactly this many sampled worlds per move instead of
    /// watching the clock (`None`: the level's own time-based amount).
    /// With a fixed number the moves are reproducible on any machine.
    pub fn with_worlds(mut self, worlds: Option<usize>) -> Cpu {
        self.worlds = worlds;
        self
    }

    pub fn player(&self) -> Player {
        self.player
    }

    /// A hidden setup for a new game. Random, Greedy, Reckless, Trader and
    /// Racer set up at random; the other levels draw from the formation
    /// library (Turtle, Defender and Hard with a Mine in the headquarters
    /// and the General beside it, Hard with a Plane on the headquarters'
    /// files too, Easy with its headquarters left open, Normal in half its
    /// games). In Classic 25 only Turtle, Defender and Hard have formations
    /// ([`CLASSIC_25_FORMATIONS`]: their Marshal guarded by pieces that
    /// never move); the others set up at random there.
    pub fn setup(&mut self, rules: Rules) -> Setup {
        self.setups += 1;
        let mut rng = SmallRng::seed_from_u64(mix(self.seed, self.setups));
        match self.player {
            Player::Baseline(Baseline::Turtle | Baseline::Defender) => {
                guarded_formation(rules, &mut rng)
            }
            Player::Baseline(_) => Setup::random(rules, &mut rng),
            Player::Level(Level::Easy) => open_formation(rules, &mut rng),
            // Half the time Normal leaves its headquarters open too: behind
            // a Mine it drew too many games against Hard.
            Player::Level(Level::Normal) if rng.random_bool(0.5) => open_formation(rules, &mut rng),
            Player::Level(Level::Normal) => formation(rules, &mut rng),
            Player::Level(Level::Hard) => striking_formation(rules, &mut rng),
        }
    }

    /// The CPU's move; `None` only when it is not its turn, the game is
    /// over, or it has no legal move, and from the searching levels
    /// (Easy, Normal, Hard) in a game from a position, which their
    /// deduction, replaying from the setups, cannot read yet.
    pub fn choose_move(&mut self, view: &View, budget: Budget) -> Option<Move> {
        self.analyse(view, budget).chosen
    }

    /// As [`Cpu::choose_move`], with the worth the search gave every move
    /// (empty for the baselines).
    pub fn analyse(&mut self, view: &View, budget: Budget) -> Analysis {
        if !view.is_my_turn() {
            return Analysis::default();
        }
        let mut rng = SmallRng::seed_from_u64(mix(self.seed, belief::view_seed(view)));
        let chosen = match self.player {
            Player::Baseline(Baseline::Random) => baseline::random_move(view, &mut rng),
            Player::Baseline(Baseline::Greedy) => baseline::greedy_move(view, &mut rng),
            Player::Baseline(Baseline::Reckless) => baseline::reckless_move(view, &mut rng),
            Player::Baseline(Baseline::Turtle) => baseline::turtle_move(view, &mut rng),
            Player::Baseline(Baseline::Trader) => baseline::trader_move(view, &mut rng),
            Player::Baseline(Baseline::Defender) => baseline::defender_move(view, &mut rng),
            Player::Baseline(Baseline::Racer) => baseline::racer_move(view, &mut rng),
            Player::Level(level) => {
                let style = search::Style::of(level);
                let limit = match self.worlds {
                    Some(n) => search::Limit::Worlds(n),
                    None => search::Limit::Time(Budget {
                        millis: budget.millis.min(level.think_millis()),
                        now: budget.now,
                    }),
                };
                return search::analyse(view, &style, limit, &mut rng);
            }
        };
        Analysis {
            moves: Vec::new(),
            worlds: 0,
            nodes: 0,
            chosen,
        }
    }
}
