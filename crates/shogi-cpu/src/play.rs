//! Games between players (levels, a uniformly random mover, or anything
//! else that decides moves), for the arena, the tests and the ladder.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shogi_rules::{Color, Game, Outcome, Position};

use crate::{Budget, Decision, Engine, Level};

/// Something that decides moves in a game.
pub trait Player {
    /// A new game from `start` begins.
    fn new_game(&mut self, start: &Position) -> Result<(), String>;
    /// What to do in `game`, whose side to move this player is.
    fn decide(&mut self, game: &Game) -> Result<Decision, String>;
}

/// One of our levels, with its own engine and seed.
pub struct Cpu {
    pub level: Level,
    /// Nodes per move instead of the level's, if given.
    pub nodes: Option<u64>,
    engine: Engine,
    seed: u64,
}

impl Cpu {
    pub fn new(level: Level, seed: u64) -> Cpu {
        Cpu {
            level,
            nodes: None,
            engine: Engine::new(16),
            seed,
        }
    }
}

impl Player for Cpu {
    fn new_game(&mut self, _: &Position) -> Result<(), String> {
        self.engine.new_game();
        self.seed = self.seed.wrapping_add(1);
        Ok(())
    }

    fn decide(&mut self, game: &Game) -> Result<Decision, String> {
        let budget = Budget {
            nodes: self.nodes,
            ..Budget::default()
        };
        let seed = self.seed ^ (game.moves().len() as u64) << 32;
        Ok(self
            .engine
            .think(game, self.level, seed, &budget, &mut |_| {})
            .decision)
    }
}

/// A uniformly random legal move: the floor of the ladder.
pub struct RandomMover(SmallRng);

impl RandomMover {
    pub fn new(seed: u64) -> RandomMover {
        RandomMover(SmallRng::seed_from_u64(seed))
    }
}

impl Player for RandomMover {
    fn new_game(&mut self, _: &Position) -> Result<(), String> {
        Ok(())
    }

    fn decide(&mut self, game: &Game) -> Result<Decision, String> {
        let moves = game.position().legal_moves();
        Ok(match moves.len() {
            0 => Decision::Resign,
            n => Decision::Move(moves[self.0.random_range(0..n)]),
        })
    }
}

/// `start` after `plies` uniformly random moves, seeded: an opening, so
/// that two levels without noise do not play the same game twice. Each
/// pair of games of a match shares one, with the sides swapped.
pub fn opening(start: &Position, plies: usize, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = start.clone();
    for _ in 0..plies {
        let moves = position.legal_moves();
        let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
            break;
        };
        let mut next = position.clone();
        next.play_unchecked(mv);
        if !next.has_legal_move() {
            break;
        }
        position = next;
    }
    position
}

/// Plays a game from `start` to its end, `players[0]` as Sente; the
/// finished game. A player's illegal move or error ends it with the error.
pub fn play_game(players: [&mut dyn Player; 2], start: &Position) -> Result<Game, String> {
    let mut game = Game::new(start.clone());
    let [sente, gote] = players;
    sente.new_game(start)?;
    gote.new_game(start)?;
    while game.outcome().is_none() {
        let turn = game.position().turn();
        let player: &mut dyn Player = match turn {
            Color::Sente => &mut *sente,
            Color::Gote => &mut *gote,
        };
        let ended: Result<Option<Outcome>, _> = match player.decide(&game)? {
            Decision::Move(mv) => game.play(mv).map(|()| None),
            Decision::Declare => game.declare().map(Some),
            Decision::Resign => game.resign(turn).map(Some),
        };
        ended.map_err(|e| format!("{turn} after {} moves: {e}", game.moves().len()))?;
    }
    Ok(game)
}
