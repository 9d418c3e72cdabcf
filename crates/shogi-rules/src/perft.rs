//! Perft: the number of move sequences of a given length, the standard
//! check of a move generator against published counts.

use crate::Position;

/// Counts the legal move sequences of `depth` plies from `position`
/// (the last ply counted in bulk, not played).
///
/// ```
/// use shogi_rules::{Position, perft};
/// assert_eq!(perft(&Position::start(), 2), 900);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(128);
    position.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
