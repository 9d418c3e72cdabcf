//! Move ordering: the table's move, then captures by most valuable victim
//! and least valuable attacker, promotions, the killers, and the rest by
//! history. Alpha-beta cuts off early only when the best move comes first.

use shogi_rules::{Color, Move, Position};

use crate::eval::{Value, board_value, capture_gain};

/// The deepest ply the search keeps killers and buffers for.
pub const MAX_PLY: usize = 128;

const TABLE_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// What the search learns about quiet moves as it goes: two killers per
/// ply (quiet moves that cut off a sibling) and a history score per side
/// and move.
pub struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
}

/// A move's index in the history table: its 14 packed bits (the
/// promotion flag dropped) per side.
fn history_index(color: Color, mv: Move) -> usize {
    color.index() << 14 | usize::from(mv.to_u16() & 0x3FFF)
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 << 14],
        }
    }
}

impl Heuristics {
    /// Forgets the killers and ages the history (a new search).
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// A quiet move cut off at `ply` with `depth` left to search; the
    /// quiet moves tried before it did not.
    pub fn reward(&mut self, color: Color, mv: Move, tried: &[Move], ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        let update = |h: &mut i32, delta: i32| *h += delta - *h * delta.abs() / 16_384;
        update(&mut self.history[history_index(color, mv)], bonus);
        for &other in tried {
            update(&mut self.history[history_index(color, other)], -bonus);
        }
    }

    /// The order key of `mv`: larger first.
    pub fn score(
        &self,
        position: &Position,
        mv: Move,
        table_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == table_move {
            return TABLE_MOVE;
        }
        if let Some(victim) = captured(position, mv) {
            return CAPTURE + capture_gain(victim) * 8 - mover_value(position, mv);
        }
        if mv.is_promotion() {
            return PROMOTION + mover_value(position, mv);
        }
        match self.killers[ply] {
            [Some(k), _] if k == mv => KILLER + 1,
            [_, Some(k)] if k == mv => KILLER,
            _ => self.history[history_index(position.turn(), mv)],
        }
    }
}

/// The role `mv` captures, if any.
#[inline]
pub fn captured(position: &Position, mv: Move) -> Option<shogi_rules::Role> {
    match mv {
        Move::Normal { to, .. } => position.board().piece_at(to).map(|p| p.role),
        Move::Drop { .. } => None,
    }
}

/// The value of the piece `mv` moves or drops.
#[inline]
pub fn mover_value(position: &Position, mv: Move) -> Value {
    match mv {
        Move::Normal { from, .. } => position
            .board()
            .piece_at(from)
            .map_or(0, |p| board_value(p.role)),
        Move::Drop { role, .. } => board_value(role),
    }
}

/// Moves with their order keys, handed out best first (a selection sort:
/// after a cutoff the rest is never sorted).
pub struct Picker<'a> {
    moves: &'a mut [(Move, i32)],
    next: usize,
}

impl<'a> Picker<'a> {
    pub fn new(moves: &'a mut [(Move, i32)]) -> Picker<'a> {
        Picker { moves, next: 0 }
    }
}

impl Iterator for Picker<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let rest = self.moves.get_mut(self.next..)?;
        let best = (0..rest.len()).max_by_key(|&i| rest[i].1)?;
        rest.swap(0, best);
        self.next += 1;
        Some(rest[0].0)
    }
}
