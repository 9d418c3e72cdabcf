//! Position hashing for the repetition rule.

use std::sync::LazyLock;

use crate::kind::{KINDS, STANDARD_KINDS};
use crate::{Color, Kind, Shape, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One key per (kind, side, square code). Squares are coded alike on
/// every board ([`Square`]), so one table serves every board.
struct PieceKeys([[[u64; Square::INDICES]; 2]; KINDS]);

/// The codes the first keys were drawn for: the standard board's, whose
/// keys (and so its hashes) stay what they were before other boards.
const FIRST_DRAWN: usize = Shape::STANDARD.files as usize * Shape::STANDARD.ranks as usize;

impl PieceKeys {
    /// Draws every (side, standard kind)'s keys for the codes of the
    /// standard board, then for the others, then the variant kinds' keys:
    /// the standard game's keys stay what they always were.
    fn new() -> PieceKeys {
        let mut keys = [[[0; Square::INDICES]; 2]; KINDS];
        let mut state = 0x6A09_E667_F3BC_C908u64;
        let mut draw = |keys: &mut [u64]| {
            for key in keys {
                state = splitmix(state);
                *key = state;
            }
        };
        let (standard, variant) = Kind::ALL.split_at(STANDARD_KINDS);
        for codes in [0..FIRST_DRAWN, FIRST_DRAWN..Square::INDICES] {
            for color in Color::ALL {
                for kind in standard {
                    draw(&mut keys[kind.index()][color.index()][codes.clone()]);
                }
            }
        }
        for kind in variant {
            for side_keys in &mut keys[kind.index()] {
                draw(side_keys);
            }
        }
        PieceKeys(keys)
    }
}

/// Built at first use rather than at compile time: 23 kB of random
/// numbers do not compress, and the browser app would download them with
/// every build.
static KEYS: LazyLock<PieceKeys> = LazyLock::new(PieceKeys::new);

/// Toggled whenever the side to move changes.
pub(crate) const NORTH_TO_MOVE: u64 = splitmix(0xBB67_AE85_84CA_A73B);

#[inline]
pub(crate) fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    KEYS.0[kind.index()][color.index()][sq.index()]
}
