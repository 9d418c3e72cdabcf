//! Legal move generation: king moves, piece moves with their promotion
//! choices, and drops with the three drop restrictions.
//!
//! Legal from the start, not generated and then tested: in check only
//! captures of the checker, interpositions and king moves are produced, a
//! pinned piece moves only along its pin line, the king only to squares
//! nothing attacks. The one test left is the pawn-drop mate (打ち歩詰め),
//! which is asked only about the single square in front of the enemy king.

use crate::attacks::{self, between, line};
use crate::position::{CAMP, dead_squares};
use crate::{Bitboard, Color, Move, Piece, Position, Role, Square};

/// The roles that move on the board apart from the king.
const PIECE_ROLES: [Role; 13] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
    Role::Tokin,
    Role::PromotedLance,
    Role::PromotedKnight,
    Role::PromotedSilver,
    Role::Horse,
    Role::Dragon,
];

impl Position {
    /// Appends every legal move of the side to move to `moves` (which the
    /// caller clears and reuses: no allocation once it has grown).
    ///
    /// ```
    /// use shogi_rules::Position;
    /// let mut moves = Vec::new();
    /// Position::start().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 30);
    /// ```
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        let us = self.turn();
        let ksq = self.king(us);
        let own = self.board().by_color(us);
        let occupied = self.board().occupied();
        self.king_moves(ksq, own, moves);
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return;
        }
        let (targets, drop_targets) = match checkers.first() {
            Some(checker) => {
                let block = between(ksq, checker);
                (block.with(checker), block)
            }
            None => (!own, !occupied),
        };
        self.piece_moves(ksq, targets, moves);
        self.drops(drop_targets, moves);
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Whether the side to move has a legal move at all; without one it has
    /// lost (checkmate, or the rare position with no move out of check-free
    /// but blocked pieces, which loses the same way).
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        !moves.is_empty()
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::with_capacity(128);
        self.legal_moves_into(&mut moves);
        moves.contains(&mv)
    }

    fn king_moves(&self, ksq: Square, own: Bitboard, moves: &mut Vec<Move>) {
        let them = !self.turn();
        let occupied = self.board().occupied().without(ksq);
        for to in attacks::king_attacks(ksq) & !own {
            if self.attackers_to(to, them, occupied).is_empty() {
                moves.push(Move::Normal {
                    from: ksq,
                    to,
                    promote: false,
                });
            }
        }
    }

    fn piece_moves(&self, ksq: Square, targets: Bitboard, moves: &mut Vec<Move>) {
        let us = self.turn();
        let occupied = self.board().occupied();
        let pinned = self.pinned(us, occupied);
        for role in PIECE_ROLES {
            for from in self.board().by_piece(Piece::new(us, role)) {
                let mut to = attacks::attacks(us, role, from, occupied) & targets;
                if pinned.contains(from) {
                    to &= line(ksq, from);
                }
                push_piece_moves(us, role, from, to, moves);
            }
        }
    }

    fn drops(&self, targets: Bitboard, moves: &mut Vec<Move>) {
        let us = self.turn();
        let hand = self.hand(us);
        if hand.is_empty() || targets.is_empty() {
            return;
        }
        for role in Role::HAND {
            if hand.count(role) == 0 {
                continue;
            }
            let mut squares = targets & !dead_squares(us, role);
            if role == Role::Pawn {
                squares &= !self.pawn_files(us);
                let mate_square = attacks::pawn_attacks(!us, self.king(!us));
                if let Some(sq) = (squares & mate_square).first()
                    && self.pawn_drop_mates(sq)
                {
                    squares = squares.without(sq);
                }
            }
            moves.extend(squares.map(|to| Move::Drop { role, to }));
        }
    }

    /// The files holding an unpromoted pawn of `color` (二歩 forbids a
    /// second one there).
    fn pawn_files(&self, color: Color) -> Bitboard {
        let pawns = self.board().by_piece(Piece::new(color, Role::Pawn));
        (1..=9)
            .map(Bitboard::file)
            .filter(|&file| !(pawns & file).is_empty())
            .fold(Bitboard::EMPTY, |acc, file| acc | file)
    }

    /// Whether a pawn of the side to move dropped on `to`, right in front of
    /// the enemy king, would mate: no unpinned defender can take it and the
    /// king has no square to go to (taking the pawn included).
    fn pawn_drop_mates(&self, to: Square) -> bool {
        let us = self.turn();
        let them = !us;
        let ksq = self.king(them);
        let occupied = self.board().occupied().with(to);
        let defenders = self.attackers_to(to, them, occupied).without(ksq);
        if !(defenders & !self.pinned(them, occupied)).is_empty() {
            return false;
        }
        let without_king = occupied.without(ksq);
        let escapes = attacks::king_attacks(ksq) & !self.board().by_color(them);
        escapes
            .into_iter()
            .all(|sq| !self.attackers_to(sq, us, without_king).is_empty())
    }
}

/// Pushes a piece's moves to `targets`, each with its promotion choices:
/// promotion may happen when the move starts or ends in the enemy camp and
/// must happen where the piece could not move again unpromoted.
#[inline]
fn push_piece_moves(us: Color, role: Role, from: Square, targets: Bitboard, moves: &mut Vec<Move>) {
    if !role.can_promote() {
        moves.extend(targets.map(|to| Move::Normal {
            from,
            to,
            promote: false,
        }));
        return;
    }
    let camp = CAMP[us];
    let may_promote = if camp.contains(from) {
        targets
    } else {
        targets & camp
    };
    let must_promote = dead_squares(us, role);
    for to in targets {
        if may_promote.contains(to) {
            moves.push(Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        if !must_promote.contains(to) {
            moves.push(Move::Normal {
                from,
                to,
                promote: false,
            });
        }
    }
}
