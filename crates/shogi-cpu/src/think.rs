//! A move for a level: the tsume search first, then the main search, and
//! the level's weaknesses applied to its result.

use core::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use shogi_rules::{Game, Move, Position};

use crate::Level;
use crate::eval::Value;
use crate::mate::find_mate_counted;
use crate::search::{Deadline, Limits, MATE, MATE_BOUND, Report, Searcher, Step};

/// What the caller allows a move, on top of the level's own limits.
#[derive(Clone, Copy, Default)]
pub struct Budget<'a> {
    /// Nodes for the main search, instead of the level's.
    pub nodes: Option<u64>,
    /// The deepest iteration, if shallower than the level's.
    pub depth: Option<i32>,
    /// A clock and the time on it to stop at (a browser worker passes
    /// `performance.now`).
    pub deadline: Option<Deadline<'a>>,
    /// The clock time after which no new iteration begins (`None`: halfway
    /// to the deadline); see [`Limits::soft_deadline`].
    pub soft_deadline: Option<f64>,
    /// Raised by another thread to stop at once.
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> Budget<'a> {
    /// `millis` on the clock `now`, used whole but for a safety margin and
    /// with no node limit: how the top level thinks in the browser's
    /// worker and under a USI byoyomi, where time not used is lost.
    ///
    /// ```
    /// use shogi_cpu::Budget;
    /// let now = || 500.0;
    /// let budget = Budget::clock(&now, 1_000.0);
    /// assert_eq!(budget.deadline.map(|d| d.at), Some(1_400.0));
    /// assert_eq!(budget.soft_deadline, Some(1_400.0));
    /// ```
    pub fn clock(now: &'a dyn Fn() -> f64, millis: f64) -> Budget<'a> {
        let at = now() + (millis - margin(millis)).max(10.0);
        Budget {
            nodes: Some(u64::MAX),
            deadline: Some(Deadline { now, at }),
            soft_deadline: Some(at),
            ..Budget::default()
        }
    }
}

/// The milliseconds kept back from a move's time for the answer to reach
/// the player (the pipe, the worker's message, a busy scheduler): a tenth
/// of it, at least 20 and at most 100.
pub fn margin(millis: f64) -> f64 {
    (millis / 10.0).clamp(20.0, 100.0)
}

/// A search's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// A mate in this many plies: positive when the side to move mates,
    /// negative when it is mated.
    Mate(i32),
}

impl Score {
    pub(crate) fn of(value: Value) -> Score {
        match value {
            v if v >= MATE_BOUND => Score::Mate(MATE - v),
            v if v <= -MATE_BOUND => Score::Mate(-(MATE + v)),
            v => Score::Cp(v),
        }
    }
}

/// What the CPU does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Move(Move),
    /// Declares an impasse by the 27-point rule, which it meets (USI
    /// `bestmove win`).
    Declare,
    /// No legal move: the game is lost (USI `bestmove resign`).
    Resign,
}

/// A move decided, and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thought {
    pub decision: Decision,
    pub score: Score,
    /// The deepest completed iteration (for a tsume, the mate's plies).
    pub depth: i32,
    pub nodes: u64,
    /// The line the search expects, the decided move first.
    pub pv: Vec<Move>,
}

/// The CPU across a game: its search keeps the transposition table and
/// the history heuristic from move to move.
pub struct Engine {
    pub(crate) searcher: Searcher,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of about `megabytes`.
    pub fn new(megabytes: usize) -> Engine {
        Engine {
            searcher: Searcher::new(megabytes),
        }
    }

    /// Forgets what it learnt in the last game.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Decides the move of the side to move in `game`, as `level` plays,
    /// deterministically for a `seed`; `report` hears of every completed
    /// iteration.
    pub fn think(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        budget: &Budget,
        report: &mut dyn FnMut(&Thought),
    ) -> Thought {
        let position = game.position();
        let history = history(game);
        if position.can_declare() {
            return Thought {
                decision: Decision::Declare,
                score: Score::Mate(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let style = level.style();
        let mut rng = Noise(seed ^ position.hash());
        let nodes = budget.nodes.unwrap_or(style.nodes);
        // The tsume search's nodes come out of the same budget.
        let (mate, mate_nodes) = match style.mate_plies {
            0 => (None, 0),
            plies => find_mate_counted(position, plies, style.mate_nodes.min(nodes / 4)),
        };
        if let Some(line) = mate {
            return Thought {
                decision: Decision::Move(line[0]),
                score: Score::Mate(line.len() as i32),
                depth: line.len() as i32,
                nodes: mate_nodes,
                pv: line,
            };
        }
        let limits = Limits {
            nodes: nodes.saturating_sub(mate_nodes).max(1),
            depth: budget.depth.map_or(style.depth, |d| d.min(style.depth)),
            deadline: budget.deadline,
            soft_deadline: budget.soft_deadline,
            stop: budget.stop,
            quiescence: rng.below(100) >= u64::from(style.blind_percent),
            exact_root: style.noise > 0,
        };
        let found = self.searcher.run(position, &history, &limits, &mut |r| {
            report(&thought(r, r.pv[0], 0))
        });
        let Some(found) = found else {
            return Thought {
                decision: Decision::Resign,
                score: Score::Mate(0),
                depth: 0,
                nodes: mate_nodes,
                pv: Vec::new(),
            };
        };
        let choice = shaken(&found, style.noise, &mut rng);
        thought(&found, choice, mate_nodes)
    }
}

/// SplitMix64: the levels' randomness, the same on every target (rand's
/// `SmallRng` differs between 32- and 64-bit ones, and the browser's
/// worker must choose as the native table server does for a seed).
struct Noise(u64);

impl Noise {
    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// The best root move once each value is shaken by up to `noise`.
fn shaken(found: &Report, noise: i32, rng: &mut Noise) -> Move {
    if noise == 0 {
        return found.pv[0];
    }
    found
        .root
        .iter()
        .map(|&(mv, value)| {
            let shake = rng.below(2 * noise as u64 + 1) as i32 - noise;
            (mv, value.saturating_add(shake))
        })
        .max_by_key(|&(_, value)| value)
        .map_or(found.pv[0], |(mv, _)| mv)
}

fn thought(found: &Report, choice: Move, extra_nodes: u64) -> Thought {
    let value = found
        .root
        .iter()
        .find(|(mv, _)| *mv == choice)
        .map_or(found.value, |&(_, v)| v);
    let pv = if choice == found.pv[0] {
        found.pv.clone()
    } else {
        vec![choice]
    };
    Thought {
        decision: Decision::Move(choice),
        score: Score::of(value),
        depth: found.depth,
        nodes: found.nodes + extra_nodes,
        pv,
    }
}

/// The hash and check status of every position of the game, the current
/// one last.
pub(crate) fn history(game: &Game) -> Vec<Step> {
    let mut position: Position = game.start().clone();
    let mut steps = vec![Step::of(&position)];
    for &mv in game.moves() {
        position.play_unchecked(mv);
        steps.push(Step::of(&position));
    }
    steps
}

/// [`Engine::think`] with a fresh engine (a small table) and no reports:
/// for a one-off move.
///
/// ```
/// use shogi_cpu::{Budget, Decision, Level, think};
/// use shogi_rules::{Game, Position};
/// let game = Game::new(Position::start());
/// let thought = think(&game, Level::Novice, 1, &Budget::default());
/// let Decision::Move(mv) = thought.decision else { panic!() };
/// assert!(game.position().is_legal(mv));
/// ```
pub fn think(game: &Game, level: Level, seed: u64, budget: &Budget) -> Thought {
    Engine::new(4).think(game, level, seed, budget, &mut |_| {})
}
