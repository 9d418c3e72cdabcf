//! Position hashing for the repetition rule.

use std::sync::LazyLock;

use crate::{Color, Kind, Shape, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One key per (side, kind, node index) of a shape, drawn in that order,
/// so a shape's keys depend only on its number of indices.
struct PieceKeys([[u64; Shape::MAX_INDICES]; 2 * Kind::ALL.len()]);

impl PieceKeys {
    fn new(shape: &Shape) -> PieceKeys {
        let mut keys = [[0; Shape::MAX_INDICES]; 2 * Kind::ALL.len()];
        let mut state = 0x6A09_E667_F3BC_C908u64;
        for side_kind in &mut keys {
            for key in &mut side_kind[..shape.indices()] {
                state = splitmix(state);
                *key = state;
            }
        }
        PieceKeys(keys)
    }
}

/// The standard board's keys. Built at first use rather than at compile
/// time: 12 kB of random numbers do not compress, and the browser app
/// would download them with every build.
static STANDARD: LazyLock<PieceKeys> = LazyLock::new(|| PieceKeys::new(&Shape::STANDARD));

/// Toggled whenever the side to move changes.
pub(crate) const NORTH_TO_MOVE: u64 = splitmix(0xBB67_AE85_84CA_A73B);

#[inline]
pub(crate) fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    STANDARD.0[color.index() * Kind::ALL.len() + kind.index()][sq.index()]
}
