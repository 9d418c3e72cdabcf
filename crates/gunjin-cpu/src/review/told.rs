//! What gave a side away: how much each move narrowed the opponent's
//! deduction of that side's pieces.
//!
//! The measure is the opponent's uncertainty about the side's kinds, in
//! bits: the sum over the side's pieces (those taken too, whose kinds may
//! stay unknown) of the entropy of the opponent's [`Belief`], from the
//! opponent's view at that ply alone. A move told what the uncertainty
//! dropped by: a Plane's flight names its piece, a battle's result rules
//! out kinds, a piece that never moved and stopped an attacker is a Mine.
//! The sum of the pieces' entropies is an upper bound on the camp's (the
//! counts tie the pieces together), and the chances are sampled: a move
//! that told nothing still moves it by a few tenths of a bit.

use gunjin_rules::{Color, MAX_CAMP, PieceId, Record, RecordError};

use super::view_at;
use crate::Belief;

/// The opponent's uncertainty about `belief`'s enemy kinds, in bits.
pub fn uncertainty(belief: &Belief) -> f32 {
    (0..MAX_CAMP as u8)
        .map(|id| {
            let p = belief.probabilities(PieceId(id));
            -p.0.iter()
                .filter(|&&p| p > 0.0)
                .map(|&p| p * p.log2())
                .sum::<f32>()
        })
        .sum()
}

/// What `side`'s opponent deduced of `side`'s pieces after the first `ply`
/// moves of `record`, from the opponent's view alone.
pub fn opponent_belief(record: &Record, side: Color, ply: usize) -> Result<Belief, RecordError> {
    Ok(Belief::with_samples(
        &view_at(record, !side, ply)?,
        SAMPLES,
        SEED,
    ))
}

/// Worlds sampled for each ply's belief: four times the CPU's, for a
/// steadier measure (a quiet move then moves it by under half a bit).
const SAMPLES: usize = 4 * crate::BELIEF_SAMPLES;

/// One seed for every ply, so that consecutive beliefs draw alike and
/// their difference is the move's, not the draw's.
const SEED: u64 = 50;

/// The bits the `ply`-th move (from 1; 0 for the start, which tells
/// nothing) told `side`'s opponent, and the opponent's belief after it.
pub fn told_at(record: &Record, side: Color, ply: usize) -> Result<(f32, Belief), RecordError> {
    let after = opponent_belief(record, side, ply)?;
    let told = match ply.checked_sub(1) {
        Some(before) => uncertainty(&opponent_belief(record, side, before)?) - uncertainty(&after),
        None => 0.0,
    };
    Ok((told, after))
}

/// The opponent's uncertainty about one side's pieces at every ply of a
/// game, from the start to the last move.
#[derive(Clone, Debug, PartialEq)]
pub struct Exposure {
    pub side: Color,
    /// Bits of uncertainty after each number of moves (`bits[0]`: before
    /// the first).
    pub bits: Vec<f32>,
}

impl Exposure {
    /// Measures `side`'s exposure over the whole `record`.
    pub fn of(record: &Record, side: Color) -> Result<Exposure, RecordError> {
        let bits = (0..=record.moves.len())
            .map(|ply| Ok(uncertainty(&opponent_belief(record, side, ply)?)))
            .collect::<Result<_, RecordError>>()?;
        Ok(Exposure { side, bits })
    }

    /// The bits the `ply`-th move (from 1) told the opponent: zero or less
    /// for a move that told nothing.
    pub fn told(&self, ply: usize) -> f32 {
        match (
            ply.checked_sub(1).and_then(|p| self.bits.get(p)),
            self.bits.get(ply),
        ) {
            (Some(before), Some(after)) => before - after,
            _ => 0.0,
        }
    }

    /// The `n` moves (by ply, from 1) that told the most, the most first,
    /// with their bits; only those that told at least [`TELLING`].
    pub fn most_telling(&self, n: usize) -> Vec<(usize, f32)> {
        let mut plies: Vec<(usize, f32)> = (1..self.bits.len())
            .map(|ply| (ply, self.told(ply)))
            .filter(|&(_, bits)| bits >= TELLING)
            .collect();
        plies.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        plies.truncate(n);
        plies
    }
}

/// The least a move must tell to be listed: above the sampling's noise (a
/// quiet move tells a few tenths of a bit either way).
pub const TELLING: f32 = 1.0;
