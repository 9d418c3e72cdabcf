//! Which piece stands on which node.

use serde::{Deserialize, Serialize};

use crate::geometry::MOBILITIES;
use crate::kind::KINDS;
use crate::{Bitboard, ByColor, Color, Kind, Mobility, Mode, Shape, Square};

/// [`Mode::mobility`] as a table per mode, so hot paths look it up instead
/// of jumping on the kind.
const MOBILITY: [[Mobility; KINDS]; Mode::ALL.len()] = {
    let mut tables = [[Mobility::Fixed; KINDS]; Mode::ALL.len()];
    let mut m = 0;
    while m < Mode::ALL.len() {
        let mut k = 0;
        while k < KINDS {
            tables[m][k] = Mode::ALL[m].mobility(Kind::ALL[k]);
            k += 1;
        }
        m += 1;
    }
    tables
};

/// How each kind moves in `mode`, by [`Kind::index`].
#[inline]
pub(crate) const fn mobilities(mode: Mode) -> &'static [Mobility; KINDS] {
    &MOBILITY[mode as usize]
}

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

/// Every piece by node, with each side's occupancy as a bitboard, also
/// split by how the pieces move in the board's mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    mobility: &'static [Mobility; KINDS],
    squares: [Option<Piece>; Square::INDICES],
    occupied: ByColor<Bitboard>,
    /// Indexed by [`Mobility`] as a number; kept with `occupied`.
    movers: ByColor<[Bitboard; MOBILITIES]>,
}

impl Board {
    /// An empty board of the standard game.
    pub fn empty() -> Board {
        Board::of_mode(Mode::Standard)
    }

    /// An empty board whose pieces move as in `mode`.
    pub fn of_mode(mode: Mode) -> Board {
        Board {
            mobility: mobilities(mode),
            squares: [None; Square::INDICES],
            occupied: ByColor::default(),
            movers: ByColor::default(),
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// How a piece of `kind` moves on this board (its mode's
    /// [`Mode::mobility`]).
    #[inline]
    pub fn mobility(&self, kind: Kind) -> Mobility {
        self.mobility[kind.index()]
    }

    /// The nodes held by `color`.
    #[inline]
    pub fn occupied(&self, color: Color) -> Bitboard {
        self.occupied[color]
    }

    /// The nodes held by `color`'s pieces that move the way `mobility` says.
    #[inline]
    pub fn movers(&self, color: Color, mobility: Mobility) -> Bitboard {
        self.movers[color][mobility as usize]
    }

    /// Every piece of `color` with its node.
    #[inline]
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied[color].map(move |sq| (sq, self.squares[sq.index()].expect("occupied")))
    }

    /// Places `piece` on `sq`, returning the piece it replaces, so the
    /// occupancy always matches the nodes.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let replaced = self.take(sq);
        self.place(sq, piece);
        replaced
    }

    /// Places `piece` on a node known to be empty (the referee's moves).
    #[inline]
    pub(crate) fn place(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none(), "{sq} is occupied");
        self.squares[sq.index()] = Some(piece);
        self.occupied[piece.color].add(sq);
        self.movers[piece.color][self.mobility[piece.kind.index()] as usize].add(sq);
    }

    /// Takes the piece off `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.occupied[piece.color].remove(sq);
        self.movers[piece.color][self.mobility[piece.kind.index()] as usize].remove(sq);
        Some(piece)
    }

    /// What the piece on `sq` fights as when attacked ([`Kind::fights_as`]
    /// with the friendly piece behind it). The referee settles battles with
    /// it, and whoever judges a battle ahead (the CPU) must agree.
    ///
    /// ```
    /// use gunjin_rules::{Board, Color, Kind, Piece, PieceId, Shape};
    /// let (mut board, shape) = (Board::empty(), &Shape::STANDARD);
    /// let (b2, b3) = ("b2".parse().unwrap(), "b3".parse().unwrap());
    /// let piece = |kind, id| Piece { color: Color::South, kind, id: PieceId(id) };
    /// board.put(b3, piece(Kind::Flag, 0));
    /// assert_eq!(board.fights_as(shape, b3), Some(Kind::Flag));
    /// board.put(b2, piece(Kind::Mine, 1));
    /// assert_eq!(board.fights_as(shape, b3), Some(Kind::Mine));
    /// assert_eq!(board.fights_as(shape, b2), Some(Kind::Mine));
    /// assert_eq!(board.fights_as(shape, "b4".parse().unwrap()), None);
    /// ```
    #[inline]
    pub fn fights_as(&self, shape: &Shape, sq: Square) -> Option<Kind> {
        let piece = self.piece_at(sq)?;
        Some(piece.kind.fights_as(self.backer(shape, sq).map(|p| p.kind)))
    }

    /// The piece a Flag on `sq` would fight as ([`Kind::fights_as`]): the
    /// friendly piece directly behind `sq`, if one stands there. Whoever
    /// knows a piece only by its identity (the CPU's deduction) asks this
    /// for the piece to reason about.
    ///
    /// ```
    /// use gunjin_rules::{Board, Color, Kind, Piece, PieceId, Shape};
    /// let (mut board, shape) = (Board::empty(), &Shape::STANDARD);
    /// let (b2, b3) = ("b2".parse().unwrap(), "b3".parse().unwrap());
    /// let piece = |color, kind, id| Piece { color, kind, id: PieceId(id) };
    /// board.put(b3, piece(Color::South, Kind::Flag, 0));
    /// assert_eq!(board.backer(shape, b3), None);
    /// board.put(b2, piece(Color::North, Kind::Mine, 1));
    /// assert_eq!(board.backer(shape, b3), None, "an enemy piece backs nothing");
    /// board.take(b2);
    /// board.put(b2, piece(Color::South, Kind::Mine, 1));
    /// assert_eq!(board.backer(shape, b3).map(|p| p.kind), Some(Kind::Mine));
    /// ```
    #[inline]
    pub fn backer(&self, shape: &Shape, sq: Square) -> Option<Piece> {
        let owner = self.piece_at(sq)?.color;
        shape
            .behind(sq, owner)
            .and_then(|b| self.piece_at(b))
            .filter(|p| p.color == owner)
    }
}
