//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test binary uses its own subset

pub mod reference;

use shogi_rules::{Game, Move, Position};

pub fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

pub fn mv(usi: &str) -> Move {
    usi.parse().unwrap()
}

/// A game from `sfen` after the USI moves in `moves`.
pub fn game_after(sfen: &str, moves: &str) -> Game {
    let mut game = Game::new(position(sfen));
    for usi in moves.split_whitespace() {
        game.play(mv(usi)).unwrap_or_else(|e| panic!("{usi}: {e}"));
    }
    game
}
