//! The impasse declaration (入玉宣言) by the 27-point rule.

use crate::position::CAMP;
use crate::{Color, Position, Role};

/// The points a side needs to declare: 28 for Sente, 27 for Gote.
pub const fn declaration_points(color: Color) -> u32 {
    match color {
        Color::Sente => 28,
        Color::Gote => 27,
    }
}

/// The enemy-camp pieces a side needs besides its king.
pub const DECLARATION_PIECES: u32 = 10;

/// What the 27-point rule counts for the side to move, so that a board can
/// show how far a declaration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImpasseCount {
    pub king_in_camp: bool,
    /// Pieces other than the king in the enemy camp.
    pub pieces_in_camp: u32,
    /// Rook, bishop and their promotions 5, others 1; the enemy camp and
    /// the hand counted, the king not.
    pub points: u32,
    pub in_check: bool,
}

const fn points(role: Role) -> u32 {
    match role.unpromoted() {
        Role::Rook | Role::Bishop => 5,
        Role::King => 0,
        _ => 1,
    }
}

impl ImpasseCount {
    /// Whether a declaration by `color` with this count wins.
    pub const fn wins(self, color: Color) -> bool {
        self.king_in_camp
            && !self.in_check
            && self.pieces_in_camp >= DECLARATION_PIECES
            && self.points >= declaration_points(color)
    }
}

impl Position {
    /// The 27-point count of the side to move.
    ///
    /// ```
    /// use shogi_rules::Position;
    /// let count = Position::start().impasse_count();
    /// assert!(!count.king_in_camp && count.points == 0);
    /// assert!(!Position::start().can_declare());
    /// ```
    pub fn impasse_count(&self) -> ImpasseCount {
        let us = self.turn();
        let board = self.board();
        let in_camp = board.by_color(us) & CAMP[us];
        let camp_points: u32 = in_camp
            .map(|sq| board.piece_at(sq).map_or(0, |p| points(p.role)))
            .sum();
        let hand_points: u32 = self
            .hand(us)
            .iter()
            .map(|(role, n)| points(role) * u32::from(n))
            .sum();
        let king_in_camp = in_camp.contains(self.king(us));
        ImpasseCount {
            king_in_camp,
            pieces_in_camp: in_camp.count() - u32::from(king_in_camp),
            points: camp_points + hand_points,
            in_check: self.is_check(),
        }
    }

    /// Whether the side to move would win by declaring now.
    pub fn can_declare(&self) -> bool {
        self.impasse_count().wins(self.turn())
    }
}
