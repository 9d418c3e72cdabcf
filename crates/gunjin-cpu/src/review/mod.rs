//! Looking back at a finished game from inside the fog: what each move
//! told the opponent ([`told`]) and where the CPU would have played
//! otherwise ([`marks`]). Both read a side's view at each ply and nothing
//! else, as the CPU does in play.

pub mod marks;
pub mod told;

use gunjin_rules::{Color, Game, Record, RecordError, View};

/// The game after the first `ply` moves of `record` (a resignation after
/// the last move tells nothing of a piece, and is left out).
fn replay_to(record: &Record, ply: usize) -> Result<Game, RecordError> {
    let moves = record.moves.get(..ply).ok_or_else(|| {
        RecordError(format!(
            "ply {ply} is past the record's {} moves",
            record.moves.len()
        ))
    })?;
    Record {
        start: record.start,
        moves: moves.to_vec(),
        resigned: None,
        agreed: false,
    }
    .replay()
}

/// `side`'s view after the first `ply` moves of `record`, without the
/// end's reveal: all `side` knew then.
pub fn view_at(record: &Record, side: Color, ply: usize) -> Result<View, RecordError> {
    Ok(replay_to(record, ply)?.view(side).without_reveal())
}
