//! Classic 25's Marshal (`shared/RULES.md` §8.2): it never leaves its
//! headquarters, both players see its kind, and while a piece of its side
//! stands next to the headquarters nobody may attack it. (Who takes it
//! when unguarded is a battle: `Rules::battle`.)

use crate::{Bitboard, Color, Kind, Rules, WinReason};

impl Rules {
    /// Whether the Marshal stays in its headquarters all game: the mode
    /// plays with one that never moves (Classic 25).
    #[inline]
    pub const fn marshal_stays(self) -> bool {
        self.mode.marshal_stays()
    }

    /// Whether both players see the kind of every piece of `kind`: the
    /// Marshal that stays in its headquarters, set up face-up.
    #[inline]
    pub const fn face_up(self, kind: Kind) -> bool {
        matches!(kind, Kind::Marshal) && self.marshal_stays()
    }

    /// The nodes `color`'s pieces may not move into, given the enemy's
    /// occupied nodes: the enemy headquarters while its Marshal stays
    /// there guarded by a piece next to it; none in other modes. Every
    /// ply's move generation asks it: the other modes' answer is one bit
    /// looked up, Classic 25's out of line.
    #[inline]
    pub fn closed(self, color: Color, enemy: Bitboard) -> Bitboard {
        if self.marshal_stays() {
            self.guarded_hq(color, enemy)
        } else {
            Bitboard::EMPTY
        }
    }

    /// [`Rules::closed`] in a mode whose Marshal stays in its headquarters.
    #[cold]
    #[inline(never)]
    fn guarded_hq(self, color: Color, enemy: Bitboard) -> Bitboard {
        let hq = self.shape().hq(!color);
        if (self.geometry().steps(hq) & enemy).is_empty() {
            Bitboard::EMPTY
        } else {
            Bitboard::from_square(hq)
        }
    }

    /// Why an officer of Major or above that stands in the enemy
    /// headquarters has won: it took the Marshal that stays there
    /// (Classic 25, the only way in), or the headquarters itself.
    #[inline]
    pub const fn win_in_hq(self, by: Kind) -> WinReason {
        if self.marshal_stays() {
            WinReason::MarshalTaken { by }
        } else {
            WinReason::HeadquartersTaken { by }
        }
    }
}
