//! Smoke matches up the ladder: each level outscores the one below over a
//! few games, sides alternating, each pair of games from its own random
//! two-move opening (the measured ladder, with a hundred games a pairing,
//! is in `docs/BENCHMARKS.md`).

use shogi_cpu::Level;
use shogi_cpu::play::{Cpu, Player, RandomMover, opening, play_game};
use shogi_rules::{Color, Position};

/// The stronger player's points (a win 2, a draw 1) over `games` games.
fn points(stronger: &mut dyn Player, weaker: &mut dyn Player, games: u32) -> u32 {
    (0..games)
        .map(|i| {
            let (players, color): ([&mut dyn Player; 2], Color) = match i % 2 {
                0 => ([&mut *stronger, &mut *weaker], Color::Sente),
                _ => ([&mut *weaker, &mut *stronger], Color::Gote),
            };
            let start = opening(&Position::start(), 2, u64::from(i / 2));
            let game = play_game(players, &start).unwrap();
            match game.outcome().unwrap().winner {
                Some(winner) if winner == color => 2,
                Some(_) => 0,
                None => 1,
            }
        })
        .sum()
}

fn assert_outscores(stronger: &mut dyn Player, weaker: &mut dyn Player, games: u32) {
    let points = points(stronger, weaker, games);
    assert!(points > games, "{points} points of {}", 2 * games);
}

#[test]
fn the_beginner_beats_a_random_mover() {
    assert_outscores(
        &mut Cpu::new(Level::Beginner, 1),
        &mut RandomMover::new(1),
        4,
    );
}

#[test]
fn the_novice_beats_the_beginner() {
    assert_outscores(
        &mut Cpu::new(Level::Novice, 2),
        &mut Cpu::new(Level::Beginner, 2),
        2,
    );
}

#[test]
fn the_amateur_beats_the_novice() {
    assert_outscores(
        &mut Cpu::new(Level::Amateur, 3),
        &mut Cpu::new(Level::Novice, 3),
        2,
    );
}

#[test]
fn the_club_player_beats_the_amateur() {
    assert_outscores(
        &mut Cpu::new(Level::Club, 4),
        &mut Cpu::new(Level::Amateur, 4),
        2,
    );
}

/// The top two differ only in nodes: here both at an eighth of theirs,
/// to keep the test short.
#[test]
fn the_strong_level_beats_the_club_player() {
    let scaled = |level: Level| {
        let mut cpu = Cpu::new(level, 5);
        cpu.nodes = Some(level.style().nodes / 8);
        cpu
    };
    assert_outscores(&mut scaled(Level::Strong), &mut scaled(Level::Club), 4);
}
