//! Moves and drops.

use crate::{Role, Square};

/// A move of a piece on the board, or a drop from the hand.
///
/// Four bytes and `Copy`: cheap to generate in bulk, store in a search's
/// tables and compare. Its text form is USI (`7g7f`, `8h2b+`, `P*5e`,
/// see the `usi` module), and so is its serde form.
///
/// ```
/// use shogi_rules::{Move, Role, Square};
/// let drop: Move = "P*5e".parse().unwrap();
/// assert_eq!(drop, Move::Drop { role: Role::Pawn, to: Square::new(5, 5).unwrap() });
/// assert_eq!(drop.from(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Normal {
        from: Square,
        to: Square,
        promote: bool,
    },
    Drop {
        role: Role,
        to: Square,
    },
}

impl Move {
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The square the piece leaves; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }
}
