//! Static exchange evaluation: what a move wins or loses on its target
//! square once both sides have recaptured there as long as it pays, the
//! cheapest piece first. The search orders and prunes by it; a drop onto a
//! square the enemy attacks and nothing defends is a piece given away.

use shogi_rules::{Bitboard, Color, Move, Position, Role, Square};

use crate::eval::{Value, board_value, capture_gain};

/// The exchange's value for the side playing `mv`: what it captures (the
/// piece off the board and into its hand), and the promotion, less what
/// the recaptures take back.
///
/// ```
/// use shogi_cpu::see::see;
/// use shogi_rules::Position;
/// // A pawn takes a pawn that a gold defends: pawn for pawn.
/// let position = Position::from_sfen("4k4/4g4/4p4/4P4/9/9/9/9/4K4 b - 1").unwrap();
/// assert_eq!(see(&position, "5d5c".parse().unwrap()), 0);
/// // A rook dropped where the gold takes it for nothing.
/// assert!(see(&position, "R*4b".parse().unwrap()) < -1000);
/// ```
pub fn see(position: &Position, mv: Move) -> Value {
    let board = position.board();
    let to = mv.to();
    let mut occupied = board.occupied();
    let (mut on_target, first) = match mv {
        Move::Normal { from, promote, .. } => {
            let role = board.piece_at(from).map_or(Role::Pawn, |p| p.role);
            occupied = occupied.without(from);
            match role.promoted() {
                Some(promoted) if promote => (promoted, board_value(promoted) - board_value(role)),
                _ => (role, 0),
            }
        }
        Move::Drop { role, .. } => (role, 0),
    };
    let mut gains = [0 as Value; 40];
    gains[0] = first + board.piece_at(to).map_or(0, |p| capture_gain(p.role));
    let mut depth = 0;
    let mut side = !position.turn();
    while depth + 1 < gains.len() {
        let Some((sq, role)) = cheapest_attacker(position, to, side, occupied) else {
            break;
        };
        let rest = occupied.without(sq);
        if role == Role::King && !(position.attackers_to(to, !side, rest) & rest).is_empty() {
            break;
        }
        depth += 1;
        gains[depth] = capture_gain(on_target) - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occupied = rest;
        on_target = role;
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// `side`'s cheapest piece still on the board (in `occupied`) that
/// attacks `to`, sliders seen through the pieces already gone.
fn cheapest_attacker(
    position: &Position,
    to: Square,
    side: Color,
    occupied: Bitboard,
) -> Option<(Square, Role)> {
    let board = position.board();
    (position.attackers_to(to, side, occupied) & occupied)
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| (sq, p.role)))
        .min_by_key(|&(_, role)| match role {
            Role::King => Value::MAX,
            role => board_value(role),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(sfen: &str, mv: &str) -> Value {
        see(&Position::from_sfen(sfen).unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        let gain = see_of("4k4/9/9/4s4/9/9/9/4R4/4K4 b - 1", "5h5d");
        assert_eq!(gain, capture_gain(Role::Silver));
    }

    #[test]
    fn a_defended_piece_costs_the_capturer() {
        // The rook takes a silver a gold defends: silver for rook.
        let gain = see_of("4k4/9/4g4/4s4/9/9/9/4R4/4K4 b - 1", "5h5d");
        assert_eq!(gain, capture_gain(Role::Silver) - capture_gain(Role::Rook));
    }

    #[test]
    fn the_recapture_stops_where_it_stops_paying() {
        // Pawn takes pawn; the gold would take back, then the rook behind
        // the pawn takes the gold: the gold does not recapture.
        let gain = see_of("4k4/4g4/4p4/4P4/9/9/9/4R4/4K4 b - 1", "5d5c");
        assert_eq!(gain, capture_gain(Role::Pawn));
    }

    #[test]
    fn a_quiet_move_to_an_attacked_square_loses_the_piece() {
        assert_eq!(
            see_of("4k4/9/4p4/9/9/9/9/9/4K4 b B 1", "B*5d"),
            -capture_gain(Role::Bishop)
        );
        assert_eq!(see_of("4k4/9/4p4/9/9/9/9/9/4K4 b B 1", "B*4d"), 0);
    }

    #[test]
    fn the_king_does_not_recapture_into_an_attack() {
        // The rook takes the gold beside the king; the lance behind the
        // rook then guards 5c, so the king cannot take back.
        let gain = see_of("9/4k4/4g4/9/9/9/9/4R4/4L3K b - 1", "5h5c");
        assert_eq!(gain, capture_gain(Role::Gold));
    }
}
