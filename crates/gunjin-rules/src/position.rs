//! The true state of a game between moves: the referee's board.

use serde::{Deserialize, Serialize};

use crate::zobrist::{NORTH_TO_MOVE, piece_key};
use crate::{
    BattleResult, Bitboard, Board, ByColor, Color, Geometry, Kind, Move, Piece, PieceId, Rules,
    Setup, Square, destinations,
};

/// What the referee tells both players after a move: which piece(s), if
/// any, left the board. Never a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Announcement {
    /// A move onto an empty node: no battle.
    Moved,
    AttackerRemoved,
    DefenderRemoved,
    BothRemoved,
}

impl Announcement {
    pub const fn attacker_removed(self) -> bool {
        matches!(
            self,
            Announcement::AttackerRemoved | Announcement::BothRemoved
        )
    }

    pub const fn defender_removed(self) -> bool {
        matches!(
            self,
            Announcement::DefenderRemoved | Announcement::BothRemoved
        )
    }
}

/// Every piece with its kind, whose turn it is, and a hash of both.
/// Only the referee (the [`Game`](crate::Game)) holds one; players get a
/// [`View`](crate::View).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rules: Rules,
    board: Board,
    turn: Color,
    hash: u64,
    /// Officers of Major or above left on each side.
    officers: ByColor<u8>,
}

impl Position {
    /// The position at the start of a game. Each piece's [`PieceId`] is its
    /// camp slot.
    pub fn new(rules: Rules, setups: &ByColor<Setup>, first: Color) -> Position {
        let mut board = Board::empty();
        for color in Color::ALL {
            for (slot, (sq, kind)) in setups[color].placements(color).enumerate() {
                board.put(
                    sq,
                    Piece {
                        color,
                        kind,
                        id: PieceId(slot as u8),
                    },
                );
            }
        }
        let officers =
            ByColor::new_with(|c| setups[c].slots().iter().filter(|k| k.takes_hq()).count() as u8);
        let mut position = Position {
            rules,
            board,
            turn: first,
            hash: 0,
            officers,
        };
        position.hash = position.compute_hash();
        position
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The incrementally kept hash of the pieces and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; always equal to [`Position::hash`].
    pub fn compute_hash(&self) -> u64 {
        let pieces = Color::ALL
            .into_iter()
            .flat_map(|c| self.board.pieces(c))
            .fold(0, |h, (sq, p)| h ^ piece_key(p.color, p.kind, sq));
        if self.turn == Color::North {
            pieces ^ NORTH_TO_MOVE
        } else {
            pieces
        }
    }

    /// Officers of Major or above `color` has left.
    #[inline]
    pub fn officers(&self, color: Color) -> u8 {
        self.officers[color]
    }

    /// Where the piece on `from` may move (empty if there is none, or it
    /// belongs to the side not to move).
    pub fn destinations(&self, from: Square) -> Bitboard {
        match self.board.piece_at(from) {
            Some(piece) if piece.color == self.turn => self.piece_destinations(from, piece),
            _ => Bitboard::EMPTY,
        }
    }

    #[inline]
    fn piece_destinations(&self, from: Square, piece: Piece) -> Bitboard {
        destinations(
            Geometry::of(self.rules.front),
            piece.color,
            piece.kind,
            from,
            self.board.occupied(piece.color),
            self.board.occupied(!piece.color),
        )
    }

    /// Appends every legal move of the side to move to `moves`.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        for (from, piece) in self.board.pieces(self.turn) {
            moves.extend(
                self.piece_destinations(from, piece)
                    .map(|to| Move { from, to }),
            );
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.destinations(mv.from).contains(mv.to)
    }

    /// Whether `color` could move if it were its turn.
    pub fn has_legal_move(&self, color: Color) -> bool {
        self.board
            .pieces(color)
            .any(|(from, piece)| !self.piece_destinations(from, piece).is_empty())
    }

    fn lift(&mut self, sq: Square) -> Piece {
        let piece = self.board.take(sq).expect("a piece to lift");
        self.hash ^= piece_key(piece.color, piece.kind, sq);
        piece
    }

    fn drop(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.hash ^= piece_key(piece.color, piece.kind, sq);
    }

    fn lose(&mut self, piece: Piece) {
        if piece.kind.takes_hq() {
            self.officers[piece.color] -= 1;
        }
    }

    /// Plays a move that must be legal, fights the battle it starts, and
    /// passes the turn.
    pub fn play_unchecked(&mut self, mv: Move) -> Announcement {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        let attacker = self.lift(mv.from);
        let announcement = match self.board.piece_at(mv.to) {
            None => {
                self.drop(mv.to, attacker);
                Announcement::Moved
            }
            Some(defender) => {
                let fights_as = match defender.kind {
                    Kind::Flag => self.board.flag_strength(mv.to, defender.color),
                    kind => kind,
                };
                match self.rules.battle(attacker.kind, fights_as) {
                    BattleResult::AttackerWins => {
                        self.lift(mv.to);
                        self.lose(defender);
                        self.drop(mv.to, attacker);
                        Announcement::DefenderRemoved
                    }
                    BattleResult::DefenderWins => {
                        self.lose(attacker);
                        Announcement::AttackerRemoved
                    }
                    BattleResult::BothRemoved => {
                        self.lift(mv.to);
                        self.lose(defender);
                        self.lose(attacker);
                        Announcement::BothRemoved
                    }
                }
            }
        };
        self.turn = !self.turn;
        self.hash ^= NORTH_TO_MOVE;
        announcement
    }
}
