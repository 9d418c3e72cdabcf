//! From a picked piece to a move: the squares it can go to and whether the
//! player is asked about promotion. Every answer comes from the rules'
//! legal moves, so an illegal drop (nifu, uchifuzume, a dead square) or a
//! move into check is never offered.

use shogi_rules::{Move, Position, Role, Square};

/// What the player picked up: a piece on a square, or one from the hand.
pub type Picked = crate::drag::Source<Square, Role>;

/// Whether `mv` starts from `picked`.
fn starts_at(mv: Move, picked: Picked) -> bool {
    match (mv, picked) {
        (Move::Normal { from, .. }, Picked::Square(sq)) => from == sq,
        (Move::Drop { role, .. }, Picked::Tray(r)) => role == r,
        _ => false,
    }
}

/// The squares `picked` can move or be dropped to.
pub fn targets(position: &Position, picked: Picked) -> Vec<Square> {
    let mut squares: Vec<Square> = position
        .legal_moves()
        .into_iter()
        .filter(|&mv| starts_at(mv, picked))
        .map(Move::to)
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The move of `picked` to `to`, once the player has said all there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Not a legal move.
    None,
    /// One move: no promotion possible, or a forced one.
    One(Move),
    /// The player chooses: promote or not.
    Promote { promote: Move, stay: Move },
}

impl Choice {
    /// Puts the piece down: `play`s the one move, or `ask`s promote or
    /// stay; false where it cannot go.
    pub fn put(self, play: impl FnOnce(Move), ask: impl FnOnce(Move, Move)) -> bool {
        match self {
            Choice::None => return false,
            Choice::One(mv) => play(mv),
            Choice::Promote { promote, stay } => ask(promote, stay),
        }
        true
    }
}

pub fn choice(position: &Position, picked: Picked, to: Square) -> Choice {
    let moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&mv| starts_at(mv, picked) && mv.to() == to)
        .collect();
    match moves[..] {
        [] => Choice::None,
        [one] => Choice::One(one),
        [a, b, ..] if a.is_promotion() => Choice::Promote {
            promote: a,
            stay: b,
        },
        [a, b, ..] => Choice::Promote {
            promote: b,
            stay: a,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_pawn_drop_is_not_offered_on_a_file_with_a_pawn() {
        let position = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
        let drops = targets(&position, Picked::Tray(Role::Pawn));
        assert!(!drops.is_empty());
        assert!(drops.iter().all(|s| s.file() != 5), "nifu offered");
        // Nor on the last rank, where it could never move.
        assert!(drops.iter().all(|s| s.rank() != 1));
        assert_eq!(
            choice(&position, Picked::Tray(Role::Pawn), sq("5e")),
            Choice::None
        );
    }

    #[test]
    fn promotion_is_asked_when_optional_and_automatic_when_forced() {
        let position = Position::from_sfen("4k4/9/P8/2S6/9/9/9/9/4K4 b - 1").unwrap();
        // A pawn entering the enemy camp may promote.
        assert_eq!(
            choice(&position, Picked::Square(sq("9c")), sq("9b")),
            Choice::Promote {
                promote: "9c9b+".parse().unwrap(),
                stay: "9c9b".parse().unwrap(),
            }
        );
        let forced = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(
            choice(&forced, Picked::Square(sq("9b")), sq("9a")),
            Choice::One("9b9a+".parse().unwrap())
        );
        // Outside the camp there is nothing to ask.
        let start = Position::start();
        assert_eq!(
            choice(&start, Picked::Square(sq("7g")), sq("7f")),
            Choice::One("7g7f".parse().unwrap())
        );
        assert_eq!(targets(&start, Picked::Square(sq("7g"))), [sq("7f")]);
    }
}
