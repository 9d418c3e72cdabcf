//! Who wins when two pieces meet.

use serde::{Deserialize, Serialize};

use crate::{Kind, MineRule, Rules, StrengthOrder, TankVsEngineer};

/// The result of one battle, from the referee's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BattleResult {
    /// The defender is removed; the attacker moves into its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both are removed.
    BothRemoved,
}

/// Strength orders of the movable kinds, strongest first.
const HOUSE: [Kind; 14] = [
    Kind::General,
    Kind::LieutenantGeneral,
    Kind::MajorGeneral,
    Kind::Plane,
    Kind::Colonel,
    Kind::LieutenantColonel,
    Kind::Tank,
    Kind::Major,
    Kind::Captain,
    Kind::Cavalry,
    Kind::Lieutenant,
    Kind::SecondLieutenant,
    Kind::Engineer,
    Kind::Spy,
];

const TRADITIONAL: [Kind; 14] = [
    Kind::General,
    Kind::LieutenantGeneral,
    Kind::MajorGeneral,
    Kind::Plane,
    Kind::Tank,
    Kind::Colonel,
    Kind::LieutenantColonel,
    Kind::Major,
    Kind::Captain,
    Kind::Lieutenant,
    Kind::SecondLieutenant,
    Kind::Cavalry,
    Kind::Engineer,
    Kind::Spy,
];

impl StrengthOrder {
    /// The movable kinds, strongest first.
    pub const fn kinds(self) -> &'static [Kind; 14] {
        match self {
            StrengthOrder::House => &HOUSE,
            StrengthOrder::Traditional => &TRADITIONAL,
        }
    }

    /// 0 for the strongest; `None` for the Mine and the Flag.
    pub fn rank(self, kind: Kind) -> Option<usize> {
        self.kinds().iter().position(|&k| k == kind)
    }
}

impl Rules {
    /// The battle between an `attacker` and a defender that fights as
    /// `defender` ([`Kind::fights_as`]: a Flag with nothing behind it
    /// passes [`Kind::Flag`] and loses). `None` for an attacker that never
    /// moves, so never attacks.
    ///
    /// ```
    /// use gunjin_rules::{BattleResult, Kind, Rules};
    /// let rules = Rules::KIRAKUKEN;
    /// assert_eq!(rules.battle(Kind::Spy, Kind::General), Some(BattleResult::AttackerWins));
    /// assert_eq!(rules.battle(Kind::General, Kind::Mine), Some(BattleResult::DefenderWins));
    /// assert_eq!(Rules::TRADITIONAL.battle(Kind::General, Kind::Mine), Some(BattleResult::BothRemoved));
    /// assert_eq!(rules.battle(Kind::Mine, Kind::Spy), None);
    /// ```
    pub fn battle(self, attacker: Kind, defender: Kind) -> Option<BattleResult> {
        use BattleResult::*;
        let strength = self.strength.rank(attacker)?;
        if attacker == defender {
            return Some(BothRemoved);
        }
        Some(match (attacker, defender) {
            (_, Kind::Mine) if attacker.clears_mine() => AttackerWins,
            (_, Kind::Mine) => match self.mine {
                MineRule::Stays => DefenderWins,
                MineRule::Explodes => BothRemoved,
            },
            (_, Kind::Flag) => AttackerWins,
            (Kind::Spy, Kind::General) => AttackerWins,
            (Kind::General, Kind::Spy) => DefenderWins,
            (Kind::Tank, Kind::Engineer) | (Kind::Engineer, Kind::Tank) => {
                let tank_wins = self.tank_vs_engineer == TankVsEngineer::TankWins;
                if tank_wins == (attacker == Kind::Tank) {
                    AttackerWins
                } else {
                    DefenderWins
                }
            }
            // Every defender left is a movable kind, which has a strength.
            _ => match self.strength.rank(defender) {
                Some(rank) if strength < rank => AttackerWins,
                _ => DefenderWins,
            },
        })
    }
}
