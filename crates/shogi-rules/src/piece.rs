//! A piece: a role and the side that owns it.

use serde::{Deserialize, Serialize};

use crate::{Color, Role};

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// A piece of `role` belonging to `color`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The SFEN spelling: `P`, `+r`, … (upper case for Sente).
    pub fn sfen(self) -> String {
        let letter = self.role.sfen_letter();
        let letter = match self.color {
            Color::Sente => letter,
            Color::Gote => letter.to_ascii_lowercase(),
        };
        if self.role.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}
