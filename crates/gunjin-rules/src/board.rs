//! Which piece stands on which node.

use serde::{Deserialize, Serialize};

use crate::{Bitboard, ByColor, Color, Kind, Square};

/// A piece's identity within its side: the camp slot it was set up on.
/// It follows the piece as it moves, so an anonymous enemy piece can carry a
/// guess tag, and reveals nothing about its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u8);

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    pub id: PieceId,
}

/// Every piece by node, with each side's occupancy as a bitboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    squares: [Option<Piece>; 48],
    occupied: ByColor<Bitboard>,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            squares: [None; 48],
            occupied: ByColor::default(),
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// The nodes held by `color`.
    #[inline]
    pub fn occupied(&self, color: Color) -> Bitboard {
        self.occupied[color]
    }

    /// Every piece of `color` with its node.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied[color].map(move |sq| (sq, self.squares[sq.index()].expect("occupied")))
    }

    /// Places `piece` on an empty node.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none(), "{sq} is occupied");
        self.squares[sq.index()] = Some(piece);
        self.occupied[piece.color].add(sq);
    }

    /// Takes the piece off `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.occupied[piece.color].remove(sq);
        Some(piece)
    }

    /// What a Flag on `sq` fights as: the kind of the friendly piece directly
    /// behind it (towards its owner's back rank; the headquarters for `c2`/`d2`).
    /// With nothing friendly there, or no square at all, it fights as a
    /// bare [`Kind::Flag`], which loses to every attacker.
    pub fn flag_strength(&self, sq: Square, owner: Color) -> Kind {
        let behind_rank = sq.rank() as i8 - owner.forward();
        let behind = if sq.is_hq() || !(0..8).contains(&behind_rank) {
            None
        } else {
            Square::new(sq.file(), behind_rank as u8)
        };
        behind
            .and_then(|b| self.piece_at(b))
            .filter(|p| p.color == owner)
            .map_or(Kind::Flag, |p| p.kind)
    }
}
