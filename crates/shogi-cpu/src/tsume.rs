//! Tsume (詰将棋) puzzles made from positions of the CPU's games: the
//! composer keeps a position only if its mate has one solution, and the
//! verifier re-derives every shipped line the same way.
//!
//! What "one solution" means here (`docs/SHOGI_LEVELS.md`, "Tsume"):
//! - the attacker is the side to move, not in check, and every one of its
//!   moves is a check; the mate is the shortest there is (no mate in fewer
//!   plies), and the last position is checkmate under the rules (a pawn
//!   drop that mates is not a legal move, so it never appears);
//! - at each of the attacker's turns on the line, exactly one check mates
//!   within the plies left;
//! - the defender plays its longest resistance: the evasion after which
//!   the attacker's shortest mate is longest. Every legal evasion counts,
//!   interpositions included (a move is a move under the rules, so an
//!   interposition that only delays is counted, unlike in composed
//!   problems, and the player meets it in the app). Among evasions of the
//!   same length, one that is not an interposition comes first (the
//!   composer's custom of not playing useless interpositions), then the
//!   first in USI order, so the line is always the same.

use shogi_rules::{Move, Position, Record, RecordError};

use crate::mate::{OutOfNodes, Prover};

/// The longest puzzle the project ships, in plies.
pub const MAX_PLIES: u32 = 5;

/// A puzzle found: its mating line and how hard the search found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composed {
    pub line: Vec<Move>,
    /// The mate search's nodes to find the first move: the order of
    /// difficulty among puzzles of one length.
    pub nodes: u64,
}

/// Why a position or a shipped line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The record does not read or does not replay.
    Record(RecordError),
    /// The side to move is in check.
    InCheck,
    /// No mate within [`MAX_PLIES`] (or within the line's length).
    NoMate,
    /// At this ply (from 0) the attacker has this many mating checks.
    NotUnique { ply: usize, mates: usize },
    /// The line differs from the one the composer derives at this ply.
    Differs { ply: usize },
    /// The budget ran out before the answer.
    OutOfNodes,
}

impl From<OutOfNodes> for Flaw {
    fn from(_: OutOfNodes) -> Flaw {
        Flaw::OutOfNodes
    }
}

/// The puzzle in `position`, if it is one, with a mate of at most
/// `max_plies`; the mate search may visit `max_nodes` nodes.
pub fn compose(position: &Position, max_plies: u32, max_nodes: u64) -> Result<Composed, Flaw> {
    if position.is_check() {
        return Err(Flaw::InCheck);
    }
    let mut prover = Prover::new(max_nodes);
    let plies = prover.shortest(position, max_plies)?.ok_or(Flaw::NoMate)?;
    let nodes = prover.nodes();
    let mut line = Vec::new();
    let mut position = position.clone();
    let mut left = plies;
    loop {
        let mv = only_mate(&mut prover, &position, left, line.len())?;
        line.push(mv);
        position.play_unchecked(mv);
        if left == 1 {
            return Ok(Composed { line, nodes });
        }
        let (defence, plies) = longest_resistance(&mut prover, &position, left - 2)?;
        line.push(defence);
        position.play_unchecked(defence);
        left = plies;
    }
}

/// Checks a shipped puzzle (its start and the whole line): it replays
/// under the rules, ends in checkmate, and is the line [`compose`] derives.
pub fn verify(record: &Record, max_nodes: u64) -> Result<(), Flaw> {
    let game = record.replay().map_err(Flaw::Record)?;
    if game.position().has_legal_move() {
        return Err(Flaw::NoMate);
    }
    let plies = record.moves.len() as u32;
    let composed = compose(game.start(), plies, max_nodes)?;
    match composed
        .line
        .iter()
        .zip(&record.moves)
        .position(|(a, b)| a != b)
    {
        Some(ply) => Err(Flaw::Differs { ply }),
        None if composed.line.len() != record.moves.len() => Err(Flaw::Differs {
            ply: composed.line.len().min(record.moves.len()),
        }),
        None => Ok(()),
    }
}

/// The one check that mates within `plies`, the attacker to move.
fn only_mate(
    prover: &mut Prover,
    position: &Position,
    plies: u32,
    ply: usize,
) -> Result<Move, Flaw> {
    let mut mates = Vec::new();
    for mv in position.legal_moves() {
        if !position.gives_check(mv) {
            continue;
        }
        let mut child = position.clone();
        child.play_unchecked(mv);
        if prover.mated_within(&child, plies - 1)? {
            mates.push(mv);
        }
    }
    match mates[..] {
        [mv] => Ok(mv),
        _ => Err(Flaw::NotUnique {
            ply,
            mates: mates.len(),
        }),
    }
}

/// The defender's evasion (in check, to move) that the attacker takes
/// longest to mate, at most `plies` after it, and that length.
fn longest_resistance(
    prover: &mut Prover,
    position: &Position,
    plies: u32,
) -> Result<(Move, u32), Flaw> {
    let mut best: Option<(u32, bool, core::cmp::Reverse<Move>)> = None;
    for evasion in position.legal_moves() {
        let mut child = position.clone();
        child.play_unchecked(evasion);
        let length = prover.shortest(&child, plies)?.ok_or(Flaw::NoMate)?;
        let key = (
            length,
            !is_interposition(position, evasion),
            core::cmp::Reverse(evasion),
        );
        best = best.max(Some(key));
    }
    let (length, _, core::cmp::Reverse(evasion)) = best.ok_or(Flaw::NoMate)?;
    Ok((evasion, length))
}

/// Whether an evasion puts a piece between the checker and the king
/// (neither moving the king nor taking the checker).
fn is_interposition(position: &Position, evasion: Move) -> bool {
    let king = position.king(position.turn());
    evasion.from() != Some(king) && !position.checkers().contains(evasion.to())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(sfen: &str) -> Position {
        Position::from_sfen(sfen).unwrap()
    }

    #[test]
    fn a_mate_in_one_with_one_mating_drop_is_a_puzzle() {
        let start = position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        let composed = compose(&start, 5, 100_000).unwrap();
        assert_eq!(composed.line, ["G*5b".parse().unwrap()]);
    }

    #[test]
    fn two_mating_moves_are_refused() {
        // The gold in hand dropped on 5b, or the gold on 6c stepping there.
        let start = position("4k4/9/3GP4/9/9/9/9/9/4K4 b G 1");
        assert!(matches!(
            compose(&start, 5, 100_000),
            Err(Flaw::NotUnique { ply: 0, .. })
        ));
    }

    #[test]
    fn a_position_in_check_or_without_mate_is_no_puzzle() {
        assert_eq!(compose(&Position::start(), 5, 100_000), Err(Flaw::NoMate));
        let checked = position("4k4/9/9/9/9/9/9/4r4/4K4 b - 1");
        assert_eq!(compose(&checked, 5, 100_000), Err(Flaw::InCheck));
    }

    #[test]
    fn the_verifier_refuses_a_line_that_is_not_the_composers() {
        let good: Record = "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b"
            .parse()
            .unwrap();
        assert_eq!(verify(&good, 100_000), Ok(()));
        let not_mate: Record = "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*4b"
            .parse()
            .unwrap();
        assert_eq!(verify(&not_mate, 100_000), Err(Flaw::NoMate));
    }

    #[test]
    fn a_budget_too_small_is_no_answer() {
        let start = position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        assert_eq!(compose(&start, 5, 0), Err(Flaw::OutOfNodes));
    }
}
