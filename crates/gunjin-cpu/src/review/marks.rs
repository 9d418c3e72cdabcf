//! Where it turned: the moves the CPU's Hard search would not have
//! played, marked as a chess site marks them.
//!
//! The search looks from the mover's view at that ply, so it judges from
//! the same fog the player was in: a move it marks may have been a good
//! guess, and one it approves a lucky one. Its worths are the CPU's
//! evaluation (a General about 10, a won game 1000), so the marks'
//! thresholds are in pieces: see [`Mark::of`].

use gunjin_rules::{Move, Record, RecordError};
use serde::{Deserialize, Serialize};

use super::replay_to;
use crate::{Budget, Cpu, Level};

/// How much worse than the search's best a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark of a move `drop` worse than the best: an inaccuracy from
    /// 2 (a Second Lieutenant given away), a mistake from 5 (a Lieutenant
    /// Colonel), a blunder from 9 (about the General, or about one chance
    /// in a hundred of the game).
    pub fn of(drop: f32) -> Option<Mark> {
        match drop {
            d if d >= 9.0 => Some(Mark::Blunder),
            d if d >= 5.0 => Some(Mark::Mistake),
            d if d >= 2.0 => Some(Mark::Inaccuracy),
            _ => None,
        }
    }
}

/// The search's verdict on one move played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    pub played: Move,
    /// The move the search would have played.
    pub best: Move,
    /// How much worse the move played was, by the search's worths (zero
    /// for its own choice).
    pub drop: f32,
    pub mark: Option<Mark>,
}

/// Worlds the review's search samples at each move: Hard's fewest in
/// play twice over, fixed so that a review reads the same on any machine.
pub const WORLDS: usize = 24;

/// The Hard search's verdict on the `ply`-th move (from 1) of `record`,
/// from its mover's view before it; `None` where the search cannot look
/// (a game from a position).
pub fn judge(record: &Record, ply: usize, seed: u64) -> Result<Option<Judgement>, RecordError> {
    let before = replay_to(record, ply.saturating_sub(1))?;
    let Some(&played) = record.moves.get(ply.wrapping_sub(1)) else {
        return Err(RecordError(format!("no move {ply} in the record")));
    };
    let view = before.view(before.position().turn());
    fn no_clock() -> f64 {
        0.0
    }
    let analysis = Cpu::new(Level::Hard, seed)
        .with_worlds(Some(WORLDS))
        .analyse(&view, Budget::new(0.0, no_clock));
    let (Some(&(best, top)), Some(&(_, worth))) = (
        analysis.moves.first(),
        analysis.moves.iter().find(|(mv, _)| *mv == played),
    ) else {
        return Ok(None);
    };
    let drop = (top - worth).max(0.0);
    Ok(Some(Judgement {
        played,
        best,
        drop,
        mark: Mark::of(drop),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_grow_with_the_drop() {
        let marks: Vec<_> = [0.0, 1.9, 2.0, 4.9, 5.0, 8.9, 9.0, 1000.0]
            .map(Mark::of)
            .to_vec();
        use Mark::*;
        let expected = [
            None,
            None,
            Some(Inaccuracy),
            Some(Inaccuracy),
            Some(Mistake),
            Some(Mistake),
            Some(Blunder),
            Some(Blunder),
        ];
        assert_eq!(marks, expected);
    }
}
