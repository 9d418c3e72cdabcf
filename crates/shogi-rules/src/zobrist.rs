//! Position hashing: one random key per (side, role, square) and per
//! (side, hand role), and one for Gote to move.
//!
//! The hash is the wrapping sum of the keys of everything present: a key
//! per piece on its square, a key per piece in hand (three pawns in hand
//! add the pawn key three times) and the side key when Gote is to move.
//! A sum, unlike a XOR, counts pieces in hand with one key per role, and
//! every change is one addition or subtraction in any order.

use crate::{Color, Role, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = splitmix(state);
        keys[i] = state;
        i += 1;
    }
    keys
}

/// Built at compile time: the hash is on the hot path of every move.
static BOARD_KEYS: [u64; 2 * 14 * 81] = keys(0x6A09_E667_F3BC_C908);
static HAND_KEYS: [u64; 2 * 7] = keys(0x3C6E_F372_FE94_F82B);

/// Added while Gote is to move.
pub(crate) const GOTE_TO_MOVE: u64 = splitmix(0xBB67_AE85_84CA_A73B);

#[inline]
pub(crate) fn board_key(color: Color, role: Role, sq: Square) -> u64 {
    BOARD_KEYS[(color.index() * 14 + role.index()) * 81 + sq.index()]
}

#[inline]
pub(crate) fn hand_key(color: Color, role: Role) -> u64 {
    HAND_KEYS[color.index() * 7 + role.index()]
}
