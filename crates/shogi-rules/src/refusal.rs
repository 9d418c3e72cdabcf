//! Why a move is not legal, for a player who tried it: a lesson explains a
//! wrong try with the rule it broke, so the rule is named here, beside the
//! move generator, and nowhere else.

use core::fmt;

use crate::attacks;
use crate::movegen::may_promote;
use crate::position::dead_squares;
use crate::{Bitboard, Move, Piece, Position, Role};

/// The rule an illegal move breaks ([`Position::refusal`]), the first that
/// applies in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// No piece of the side to move stands on the move's square, or its
    /// hand holds none of the dropped piece.
    NoPiece,
    /// The piece does not move that way, or another piece is in the way.
    OutOfReach,
    /// Onto a piece of one's own, or a drop onto any piece.
    Occupied,
    /// The piece may not promote on this move (not into, within or out of
    /// the enemy camp, or a piece that never promotes).
    CannotPromote,
    /// The piece could never move again there: it must promote, or may
    /// not be dropped there (行き所のない駒).
    DeadSquare,
    /// A second unpromoted pawn on a file (二歩).
    TwoPawns,
    /// A dropped pawn that mates (打ち歩詰め).
    PawnDropMate,
    /// The move leaves (or puts) the own king in check.
    KingInCheck,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::NoPiece => "no such piece to move",
            Refusal::OutOfReach => "the piece does not move there",
            Refusal::Occupied => "the square is taken",
            Refusal::CannotPromote => "the piece may not promote on this move",
            Refusal::DeadSquare => "the piece could never move again there",
            Refusal::TwoPawns => "a second pawn on one file (nifu)",
            Refusal::PawnDropMate => "a pawn drop may not mate (uchifuzume)",
            Refusal::KingInCheck => "the king would be in check",
        })
    }
}

impl std::error::Error for Refusal {}

impl Position {
    /// Why `mv` is not legal for the side to move, or `None` if it is.
    ///
    /// ```
    /// use shogi_rules::{Position, Refusal};
    /// let position = Position::start();
    /// assert_eq!(position.refusal("7g7f".parse().unwrap()), None);
    /// assert_eq!(position.refusal("7g7e".parse().unwrap()), Some(Refusal::OutOfReach));
    /// assert_eq!(position.refusal("P*5e".parse().unwrap()), Some(Refusal::NoPiece));
    /// ```
    pub fn refusal(&self, mv: Move) -> Option<Refusal> {
        if self.is_legal(mv) {
            return None;
        }
        let us = self.turn();
        let occupied = self.board().occupied();
        Some(match mv {
            Move::Normal { from, to, promote } => {
                let piece = self.board().piece_at(from).filter(|p| p.color == us);
                match piece {
                    None => Refusal::NoPiece,
                    Some(_) if self.board().by_color(us).contains(to) => Refusal::Occupied,
                    Some(p) if !attacks::attacks(us, p.role, from, occupied).contains(to) => {
                        Refusal::OutOfReach
                    }
                    Some(p) if promote && !may_promote(us, p.role, from, to) => {
                        Refusal::CannotPromote
                    }
                    Some(p) if !promote && dead_squares(us, p.role).contains(to) => {
                        Refusal::DeadSquare
                    }
                    Some(_) => Refusal::KingInCheck,
                }
            }
            Move::Drop { role, to } => {
                let pawns = self.board().by_piece(Piece::new(us, Role::Pawn));
                if self.hand(us).count(role) == 0 {
                    Refusal::NoPiece
                } else if occupied.contains(to) {
                    Refusal::Occupied
                } else if dead_squares(us, role).contains(to) {
                    Refusal::DeadSquare
                } else if role == Role::Pawn && !(pawns & Bitboard::file(to.file())).is_empty() {
                    Refusal::TwoPawns
                } else if role == Role::Pawn
                    && attacks::pawn_attacks(us, to).contains(self.king(!us))
                    && self.pawn_drop_mates(to)
                {
                    Refusal::PawnDropMate
                } else {
                    Refusal::KingInCheck
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(sfen: &str, mv: &str) -> Option<Refusal> {
        let position = Position::from_sfen(sfen).unwrap();
        position.refusal(mv.parse().unwrap())
    }

    #[test]
    fn each_rule_is_named() {
        // Sente: king 5i, pawn 5g, rook 2h, a pawn and a knight in hand.
        let sfen = "4k4/9/9/9/9/9/4P4/7R1/4K4 b PN 1";
        assert_eq!(refusal(sfen, "P*5e"), Some(Refusal::TwoPawns));
        assert_eq!(refusal(sfen, "P*4a"), Some(Refusal::DeadSquare));
        assert_eq!(refusal(sfen, "N*4b"), Some(Refusal::DeadSquare));
        assert_eq!(refusal(sfen, "P*5g"), Some(Refusal::Occupied));
        assert_eq!(refusal(sfen, "G*5e"), Some(Refusal::NoPiece));
        assert_eq!(refusal(sfen, "2h3g"), Some(Refusal::OutOfReach));
        assert_eq!(refusal(sfen, "2h2f+"), Some(Refusal::CannotPromote));
        assert_eq!(refusal(sfen, "5i5h"), None);
        // A pawn on 1b would mate the king on 1a: the gold on 2c guards
        // 1b and 2b, the silver on 3b guards 2a.
        let mate = "8k/6S2/7G1/9/9/9/9/9/K8 b P 1";
        assert_eq!(refusal(mate, "P*1b"), Some(Refusal::PawnDropMate));
        // A pinned silver leaves the king in check.
        let pin = "k3r4/9/9/9/9/9/9/4S4/4K4 b - 1";
        assert_eq!(refusal(pin, "5h4g"), Some(Refusal::KingInCheck));
        // A lance must promote on the last rank.
        let lance = "4k4/9/9/9/9/9/9/9/L3K4 b - 1";
        assert_eq!(refusal(lance, "9i9a"), Some(Refusal::DeadSquare));
        assert_eq!(refusal(lance, "9i9a+"), None);
    }
}
