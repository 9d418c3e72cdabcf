//! A deliberately naive legal-move generator, written from the rules
//! text alone: every piece walked square by square, every candidate
//! played on a copy and the own king looked at afterwards, the pawn-drop
//! mate found by asking whether the opponent has any reply. Slow, and
//! independent of the crate's bitboards, attack tables and pin logic; the
//! property tests compare the two on random positions.

use shogi_rules::{Bitboard, Color, Move, Piece, Position, Role, Square};

/// A (files, ranks) step for Sente; Gote's mirror the ranks.
type Step = (i8, i8);

/// (steps, slides) of a role.
fn movement(role: Role) -> (Vec<Step>, Vec<Step>) {
    let gold = vec![(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    let diagonal = vec![(-1, -1), (1, -1), (-1, 1), (1, 1)];
    let orthogonal = vec![(0, -1), (0, 1), (-1, 0), (1, 0)];
    match role {
        Role::Pawn => (vec![(0, -1)], vec![]),
        Role::Lance => (vec![], vec![(0, -1)]),
        Role::Knight => (vec![(-1, -2), (1, -2)], vec![]),
        Role::Silver => (vec![(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)], vec![]),
        Role::Bishop => (vec![], diagonal),
        Role::Rook => (vec![], orthogonal),
        Role::King => ([diagonal, orthogonal].concat(), vec![]),
        Role::Horse => (orthogonal, diagonal),
        Role::Dragon => (diagonal, orthogonal),
        _ => (gold, vec![]),
    }
}

/// The squares a piece on `from` reaches (own pieces included).
fn reach(position: &Position, piece: Piece, from: Square) -> Vec<Square> {
    let flip = if piece.color == Color::Sente { 1 } else { -1 };
    let (steps, slides) = movement(piece.role);
    let mut squares: Vec<Square> = steps
        .iter()
        .filter_map(|&(df, dr)| from.offset(df, dr * flip))
        .collect();
    for (df, dr) in slides {
        let mut sq = from;
        while let Some(next) = sq.offset(df, dr * flip) {
            squares.push(next);
            if position.board().piece_at(next).is_some() {
                break;
            }
            sq = next;
        }
    }
    squares
}

fn attacked(position: &Position, sq: Square, by: Color) -> bool {
    position
        .board()
        .pieces()
        .filter(|(_, p)| p.color == by)
        .any(|(from, piece)| reach(position, piece, from).contains(&sq))
}

fn can_never_move(color: Color, role: Role, sq: Square) -> bool {
    let rank = sq.relative_rank(color);
    match role {
        Role::Pawn | Role::Lance => rank == 1,
        Role::Knight => rank <= 2,
        _ => false,
    }
}

fn in_camp(color: Color, sq: Square) -> bool {
    sq.relative_rank(color) <= 3
}

/// Moves obeying how pieces move, promotion and the drop rules, but not
/// yet the own king's safety or the pawn-drop mate.
pub fn pseudo_legal(position: &Position) -> Vec<Move> {
    let us = position.turn();
    let board = position.board();
    let mut moves = Vec::new();
    for (from, piece) in board.pieces().filter(|(_, p)| p.color == us) {
        for to in reach(position, piece, from) {
            if board.piece_at(to).is_some_and(|p| p.color == us) {
                continue;
            }
            let may_promote = piece.role.can_promote() && (in_camp(us, from) || in_camp(us, to));
            if may_promote {
                moves.push(Move::Normal {
                    from,
                    to,
                    promote: true,
                });
            }
            if !can_never_move(us, piece.role, to) {
                moves.push(Move::Normal {
                    from,
                    to,
                    promote: false,
                });
            }
        }
    }
    for (role, _) in position.hand(us).iter() {
        for to in Square::ALL {
            let pawn_on_file = (1..=9).any(|rank| {
                board.piece_at(Square::new(to.file(), rank).unwrap())
                    == Some(Piece::new(us, Role::Pawn))
            });
            if board.piece_at(to).is_none()
                && !can_never_move(us, role, to)
                && !(role == Role::Pawn && pawn_on_file)
            {
                moves.push(Move::Drop { role, to });
            }
        }
    }
    moves
}

fn leaves_king_safe(position: &Position, mv: Move) -> bool {
    let mut after = position.clone();
    after.play_unchecked(mv);
    let us = position.turn();
    let king = after
        .board()
        .pieces()
        .find(|(_, p)| *p == Piece::new(us, Role::King))
        .map(|(sq, _)| sq)
        .unwrap();
    !attacked(&after, king, !us)
}

/// Every legal move, sorted.
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pseudo_legal(position)
        .into_iter()
        .filter(|&mv| leaves_king_safe(position, mv))
        .filter(|&mv| !is_pawn_drop_mate(position, mv))
        .collect();
    moves.sort();
    moves
}

fn is_pawn_drop_mate(position: &Position, mv: Move) -> bool {
    if !matches!(
        mv,
        Move::Drop {
            role: Role::Pawn,
            ..
        }
    ) {
        return false;
    }
    let mut after = position.clone();
    after.play_unchecked(mv);
    // A reply to a pawn's check is never itself a pawn drop (nothing fits
    // between the pawn and the king), so no recursion is needed here.
    after.is_check()
        && !pseudo_legal(&after)
            .into_iter()
            .any(|reply| leaves_king_safe(&after, reply))
}

/// The pieces of `by` attacking `sq`, found by walking.
pub fn attackers(position: &Position, sq: Square, by: Color) -> Bitboard {
    position
        .board()
        .pieces()
        .filter(|&(from, p)| p.color == by && reach(position, p, from).contains(&sq))
        .map(|(from, _)| from)
        .collect()
}
