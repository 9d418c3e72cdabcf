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
        self.generate(Bitboard::FULL, moves);
    }

    /// Appends the legal captures (each with its promotion choices) and no
    /// drops: the moves a quiescence search looks at.
    ///
    /// ```
    /// use shogi_rules::Position;
    /// let position = Position::from_sfen("4k4/9/4p4/4P4/9/9/9/9/4K4 b - 1").unwrap();
    /// let mut captures = Vec::new();
    /// position.legal_captures_into(&mut captures);
    /// assert_eq!(captures, ["5d5c+".parse().unwrap(), "5d5c".parse().unwrap()]);
    /// ```
    pub fn legal_captures_into(&self, moves: &mut Vec<Move>) {
        self.generate(self.board().by_color(!self.turn()), moves);
    }

    /// The legal moves to squares of `wanted`.
    fn generate(&self, wanted: Bitboard, moves: &mut Vec<Move>) {
        let us = self.turn();
        let ksq = self.king(us);
        let own = self.board().by_color(us);
        let occupied = self.board().occupied();
        moves.extend((self.king_targets() & wanted).map(|to| Move::Normal {
            from: ksq,
            to,
            promote: false,
        }));
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
        self.piece_moves(ksq, targets & wanted, moves);
        self.drops(drop_targets & wanted, moves);
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Whether the side to move has a legal move at all; without one it has
    /// lost. Cheap when the king can step somewhere, as it usually can.
    pub fn has_legal_move(&self) -> bool {
        if !self.king_targets().is_empty() {
            return true;
        }
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        !moves.is_empty()
    }

    /// Whether `mv` is legal for the side to move, checked directly (no
    /// generation): for a referee, and for a search's table moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.turn();
        let occupied = self.board().occupied();
        let ksq = self.king(us);
        let evasion_ok = |to: Square, capture_ok: bool| match self.checkers().first() {
            None => true,
            Some(_) if self.checkers().more_than_one() => false,
            Some(checker) => between(ksq, checker).contains(to) || (capture_ok && to == checker),
        };
        match mv {
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.board().piece_at(from) else {
                    return false;
                };
                let reachable = piece.color == us
                    && !self.board().by_color(us).contains(to)
                    && attacks::attacks(us, piece.role, from, occupied).contains(to)
                    && if promote {
                        may_promote(us, piece.role, from, to)
                    } else {
                        !dead_squares(us, piece.role).contains(to)
                    };
                if !reachable {
                    return false;
                }
                if piece.role == Role::King {
                    return self
                        .attackers_to(to, !us, occupied.without(from))
                        .is_empty();
                }
                evasion_ok(to, true)
                    && (!self.pinned(us, occupied).contains(from) || line(ksq, from).contains(to))
            }
            Move::Drop { role, to } => {
                let placeable = self.hand(us).count(role) > 0
                    && !occupied.contains(to)
                    && !dead_squares(us, role).contains(to)
                    && evasion_ok(to, false);
                placeable && (role != Role::Pawn || self.pawn_drop_allowed(to))
            }
        }
    }

    /// The two-pawn rule and the pawn-drop mate for a pawn on `to`.
    fn pawn_drop_allowed(&self, to: Square) -> bool {
        let us = self.turn();
        let pawns = self.board().by_piece(Piece::new(us, Role::Pawn));
        if !(pawns & Bitboard::file(to.file())).is_empty() {
            return false;
        }
        let checks = attacks::pawn_attacks(us, to).contains(self.king(!us));
        !(checks && self.pawn_drop_mates(to))
    }

    /// The squares the king of the side to move can step to safely.
    fn king_targets(&self) -> Bitboard {
        let us = self.turn();
        let ksq = self.king(us);
        let occupied = self.board().occupied().without(ksq);
        let steps = attacks::king_attacks(ksq) & !self.board().by_color(us);
        steps
            .filter(|&to| self.attackers_to(to, !us, occupied).is_empty())
            .collect()
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
    pub(crate) fn pawn_drop_mates(&self, to: Square) -> bool {
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

/// Where a `us` piece of `role` leaving `from` may promote: nowhere for a
/// role that does not promote, anywhere if it starts in the enemy camp,
/// else in the camp.
#[inline]
fn promotion_squares(us: Color, role: Role, from: Square) -> Bitboard {
    if !role.can_promote() {
        Bitboard::EMPTY
    } else if CAMP[us].contains(from) {
        Bitboard::FULL
    } else {
        CAMP[us]
    }
}

/// Whether a `us` piece of `role` going `from` → `to` may promote.
#[inline]
pub(crate) fn may_promote(us: Color, role: Role, from: Square, to: Square) -> bool {
    promotion_squares(us, role, from).contains(to)
}

/// Pushes a piece's moves to `targets`, each with its promotion choices:
/// promoted where [`promotion_squares`] allows, unpromoted except where the
/// piece could never move again.
#[inline]
fn push_piece_moves(us: Color, role: Role, from: Square, targets: Bitboard, moves: &mut Vec<Move>) {
    let promoting = targets & promotion_squares(us, role, from);
    let staying = targets & !dead_squares(us, role);
    moves.extend(promoting.map(|to| Move::Normal {
        from,
        to,
        promote: true,
    }));
    moves.extend(staying.map(|to| Move::Normal {
        from,
        to,
        promote: false,
    }));
}
