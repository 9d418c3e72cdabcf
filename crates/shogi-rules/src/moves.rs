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
    /// The destination square (of a move or a drop).
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

    /// Whether it is a drop from the hand.
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Whether it is a move that promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// The move in 15 bits, for a search's transposition table: the target
    /// in bits 0–6, the origin (or 81 + the dropped role) in bits 7–13, the
    /// promotion in bit 14.
    ///
    /// ```
    /// use shogi_rules::Move;
    /// let mv: Move = "8h2b+".parse().unwrap();
    /// assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    /// ```
    #[inline]
    pub const fn to_u16(self) -> u16 {
        match self {
            Move::Normal { from, to, promote } => {
                to.index() as u16 | (from.index() as u16) << 7 | (promote as u16) << 14
            }
            Move::Drop { role, to } => to.index() as u16 | (81 + role.index() as u16) << 7,
        }
    }

    /// The move [`Move::to_u16`] packed, if `bits` is one.
    pub const fn from_u16(bits: u16) -> Option<Move> {
        let Some(to) = Square::from_index((bits & 0x7F) as u8) else {
            return None;
        };
        let origin = (bits >> 7 & 0x7F) as u8;
        let promote = bits >> 14 & 1 == 1;
        if bits >> 15 != 0 {
            return None;
        }
        match Square::from_index(origin) {
            Some(from) => Some(Move::Normal { from, to, promote }),
            None if !promote && origin >= 81 && origin < 88 => Some(Move::Drop {
                role: Role::HAND[(origin - 81) as usize],
                to,
            }),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u16_packing_rejects_what_it_never_produces() {
        assert_eq!(Move::from_u16(u16::MAX), None);
        assert_eq!(Move::from_u16(81), None); // target off the board
        assert_eq!(Move::from_u16(88 << 7), None); // no role 7 in hand
        let drop_promoting = (81 << 7) | (1 << 14);
        assert_eq!(Move::from_u16(drop_promoting), None);
        for role in Role::HAND {
            let drop = Move::Drop {
                role,
                to: Square::ALL[40],
            };
            assert_eq!(Move::from_u16(drop.to_u16()), Some(drop));
        }
    }
}
