//! Move ordering: the table's move, then the captures that do not lose
//! material in the exchange by most valuable victim and least valuable
//! attacker, promotions, the killers, the losing captures, and the rest by
//! history. Alpha-beta cuts off early only when the best move comes first.

use shogi_rules::{Color, Move, Position, Role};

use crate::eval::{board_value, capture_gain};
use crate::see::see;

/// The deepest ply the search keeps killers and buffers for.
pub const MAX_PLY: usize = 128;

const TABLE_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
const BAD_CAPTURE: i32 = 1 << 25;

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

    /// Whether `mv` is one of the killers at `ply`.
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// The history score of `color`'s `mv` (about ±16,000).
    pub fn history(&self, color: Color, mv: Move) -> i32 {
        self.history[history_index(color, mv)]
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
            let mover = mover(position, mv);
            let mvv_lva = capture_gain(victim) * 8 - board_value(mover);
            // A capture that loses material in the exchange waits until
            // after the killers.
            let good = capture_gain(victim) >= capture_gain(mover) || see(position, mv) >= 0;
            return match good {
                true => CAPTURE + mvv_lva,
                false => BAD_CAPTURE + mvv_lva,
            };
        }
        if mv.is_promotion() {
            return PROMOTION + board_value(mover(position, mv));
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
pub fn captured(position: &Position, mv: Move) -> Option<Role> {
    match mv {
        Move::Normal { to, .. } => position.board().piece_at(to).map(|p| p.role),
        Move::Drop { .. } => None,
    }
}

/// The role of the piece `mv` moves or drops.
#[inline]
pub fn mover(position: &Position, mv: Move) -> Role {
    match mv {
        Move::Normal { from, .. } => position
            .board()
            .piece_at(from)
            .map_or(Role::King, |p| p.role),
        Move::Drop { role, .. } => role,
    }
}

/// The best of `moves[next..]` by order key, swapped to `next`: a
/// selection sort one move at a time, since after a cutoff the rest is
/// never looked at.
pub fn pick(moves: &mut [(Move, i32)], next: usize) -> Option<Move> {
    let rest = moves.get_mut(next..)?;
    let best = (0..rest.len()).max_by_key(|&i| rest[i].1)?;
    rest.swap(0, best);
    Some(rest[0].0)
}
