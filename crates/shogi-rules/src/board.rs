//! The pieces on the 81 squares.

use crate::{Bitboard, ByColor, ByRole, Color, Piece, Role, Square};

/// Which piece stands where: a square table for lookups and bitboards by
/// side and by role for move generation, always in agreement.
///
/// Anything can be written here (no kings, nine pawns on a file); the
/// rules are checked when a [`Setup`](crate::Setup) becomes a
/// [`Position`](crate::Position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 81],
    by_color: ByColor<Bitboard>,
    by_role: ByRole<Bitboard>,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no piece on it.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 81],
            by_color: ByColor {
                sente: Bitboard::EMPTY,
                gote: Bitboard::EMPTY,
            },
            by_role: ByRole([Bitboard::EMPTY; 14]),
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq`, replacing what was there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.squares[sq.index()] = Some(piece);
        self.by_color[piece.color].toggle(sq);
        self.by_role[piece.role].toggle(sq);
    }

    /// Empties `sq` and returns what stood there.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.by_color[piece.color].toggle(sq);
        self.by_role[piece.role].toggle(sq);
        Some(piece)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.sente | self.by_color.gote
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares of both sides' pieces of `role`.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    /// The squares of `piece` (a role of one side).
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color] & self.by_role[piece.role]
    }

    /// Both sides' pieces that move as a gold (gold, tokin, promoted minors).
    #[inline]
    pub fn golds(&self) -> Bitboard {
        let roles = &self.by_role;
        roles[Role::Gold]
            | roles[Role::Tokin]
            | roles[Role::PromotedLance]
            | roles[Role::PromotedKnight]
            | roles[Role::PromotedSilver]
    }

    /// Both sides' pieces that slide like a rook (rook, dragon).
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role[Role::Rook] | self.by_role[Role::Dragon]
    }

    /// Both sides' pieces that slide like a bishop (bishop, horse).
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role[Role::Bishop] | self.by_role[Role::Horse]
    }

    /// The square of `color`'s king (the lowest one if a setup has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).first()
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .iter()
            .filter_map(|&sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }
}
