//! The board as both players see it: whose piece, by identity, stands on
//! each node, replayed from the public history alone. The one place a
//! public move is applied: a player's view (`View::apply`,
//! `View::from_public`), the CPU's deduction and a bot behind a protocol
//! all replay with it.

use crate::{
    Announcement, Bitboard, CampSlots, Color, MoveKind, PieceId, PublicMove, Setup, Shape, Square,
};

/// A piece as everyone sees it: its side and identity, never its kind.
pub type PublicPiece = (Color, PieceId);

/// Which side's piece, by identity, stands on each node.
///
/// ```
/// use gunjin_rules::{Announcement, Color, PublicBoard, PublicMove};
/// let mut board = PublicBoard::new();
/// assert_eq!(board.occupied(Color::South).count(), 23);
/// let pm = PublicMove { side: Color::South, mv: "b4-b5".parse().unwrap(), announcement: Announcement::BothRemoved };
/// let removed = board.play(pm).unwrap();
/// let colors: Vec<Color> = removed.iter().map(|&(color, _)| color).collect();
/// assert_eq!(colors, [Color::South, Color::North]);
/// assert_eq!(board.at("b5".parse().unwrap()), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicBoard {
    at: [Option<PublicPiece>; Square::INDICES],
}

/// A board with these pieces on these nodes (a view's, say).
impl FromIterator<(Square, PublicPiece)> for PublicBoard {
    fn from_iter<I: IntoIterator<Item = (Square, PublicPiece)>>(pieces: I) -> PublicBoard {
        let mut at = [None; Square::INDICES];
        for (sq, piece) in pieces {
            at[sq.index()] = Some(piece);
        }
        PublicBoard { at }
    }
}

impl Default for PublicBoard {
    fn default() -> PublicBoard {
        PublicBoard::new()
    }
}

impl PublicBoard {
    /// The start of a standard game: every node of both camps holds a
    /// piece, whose identity is its camp slot.
    pub fn new() -> PublicBoard {
        PublicBoard::start(&Shape::STANDARD, &[])
    }

    /// The start of a game on `shape` with the camp nodes in `empty` (of
    /// either side) left empty: every other camp node holds a piece, whose
    /// identity is its camp slot.
    pub fn start(shape: &Shape, empty: &[Square]) -> PublicBoard {
        let camp: CampSlots = shape.camp_slots();
        Color::ALL
            .into_iter()
            .flat_map(|color| {
                camp.iter().enumerate().map(move |(slot, &sq)| {
                    (shape.relative_to(sq, color), (color, PieceId(slot as u8)))
                })
            })
            .filter(|(sq, _)| !empty.contains(sq))
            .collect()
    }

    /// The start as `side` saw it: its own camp as `own` fills it, the
    /// enemy's full but for the nodes in `enemy_empty` (public from the
    /// start: every piece stands on the board face down).
    pub fn seen_at_start(side: Color, own: &Setup, enemy_empty: &[Square]) -> PublicBoard {
        let mut empty: Vec<Square> = own.empty_nodes(side).collect();
        empty.extend_from_slice(enemy_empty);
        PublicBoard::start(own.shape(), &empty)
    }

    #[inline]
    pub fn at(&self, sq: Square) -> Option<PublicPiece> {
        self.at[sq.index()]
    }

    /// The identity of the piece a Flag on `sq` would fight as: the
    /// friendly piece directly behind it, if any (as [`Board::backer`]
    /// for the full board).
    ///
    /// [`Board::backer`]: crate::Board::backer
    ///
    /// ```
    /// use gunjin_rules::{Color, PublicBoard, Shape};
    /// let (board, shape) = (PublicBoard::new(), &Shape::STANDARD);
    /// let backer = board.backer(shape, "b2".parse().unwrap());
    /// assert_eq!(backer.map(|(c, _)| c), Some(Color::South));
    /// assert_eq!(board.backer(shape, "a1".parse().unwrap()), None, "the back rank");
    /// assert_eq!(board.backer(shape, "b5".parse().unwrap()).map(|(c, _)| c), Some(Color::North));
    /// ```
    pub fn backer(&self, shape: &Shape, sq: Square) -> Option<PublicPiece> {
        let (owner, _) = self.at(sq)?;
        shape
            .behind(sq, owner)
            .and_then(|b| self.at(b))
            .filter(|&(c, _)| c == owner)
    }

    /// The nodes held by `color`.
    pub fn occupied(&self, color: Color) -> Bitboard {
        self.pieces(color).map(|(sq, _)| sq).collect()
    }

    /// `color`'s pieces with their nodes, in [`Square::index`] order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, PieceId)> + '_ {
        self.at
            .iter()
            .enumerate()
            .filter_map(move |(i, at)| match *at {
                Some((c, id)) if c == color => Some((Square::from_index_unchecked(i as u8), id)),
                _ => None,
            })
    }

    /// Plays one announced move: the pieces it removed (in node order:
    /// [`Announcement::cleared`]), or `None`, leaving the board as it
    /// was, if the referee could not have announced it (no piece of the
    /// mover's side on the node it left, its own piece on the node it
    /// went to, a battle announced on an empty node or none on a full
    /// one, a strike clearing an empty node or not its Missile's).
    pub fn play(&mut self, pm: PublicMove) -> Option<Vec<PublicPiece>> {
        let from = pm.mv.from();
        let mover = self.at(from).filter(|&(color, _)| color == pm.side)?;
        let cleared = pm.announcement.cleared(pm.mv);
        let removed = cleared
            .map(|sq| self.at(sq))
            .collect::<Option<Vec<PublicPiece>>>()?;
        match (pm.mv.kind(), pm.announcement) {
            (MoveKind::Step { to, .. }, announcement) => {
                let defender = self.at(to);
                if defender.is_some_and(|(color, _)| color == pm.side)
                    || defender.is_none() != (announcement == Announcement::Moved)
                {
                    return None;
                }
                self.at[to.index()] = match announcement {
                    Announcement::Moved | Announcement::DefenderRemoved => Some(mover),
                    Announcement::AttackerRemoved => defender,
                    Announcement::BothRemoved => None,
                    Announcement::Struck(_) => return None,
                };
                self.at[from.index()] = None;
            }
            (MoveKind::Strike { .. }, Announcement::Struck(_)) if cleared.contains(from) => {
                for sq in cleared {
                    self.at[sq.index()] = None;
                }
            }
            (MoveKind::Strike { .. }, _) => return None,
        }
        Some(removed)
    }
}
