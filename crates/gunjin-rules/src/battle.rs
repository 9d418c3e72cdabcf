//! Who wins when two pieces meet.

use serde::{Deserialize, Serialize};

use crate::kind::KINDS;
use crate::{Kind, MineRule, Mode, Rules, StrengthOrder, TankVsEngineer};

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

/// Strength orders of the standard game's movable kinds, strongest first;
/// a variant mode's order is derived from them ([`PLACES`]).
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
    /// The standard game's movable kinds, strongest first (a mode's
    /// order: [`Rules::rank`]).
    pub const fn kinds(self) -> &'static [Kind; 14] {
        match self {
            StrengthOrder::House => &HOUSE,
            StrengthOrder::Traditional => &TRADITIONAL,
        }
    }
}

/// Where a variant mode's kind stands in either order: right above
/// (`true`) or right below a standard kind (`shared/RULES.md` §8.1, §8.3).
/// The Jet and the Commodore never share a mode, nor do the Artillery and
/// the Military Police.
const PLACES: [(Kind, bool, Kind); 5] = [
    (Kind::Marshal, true, Kind::General),
    (Kind::Commodore, false, Kind::MajorGeneral),
    (Kind::Jet, false, Kind::MajorGeneral),
    (Kind::Artillery, false, Kind::Major),
    (Kind::MilitaryPolice, true, Kind::Engineer),
];

/// Who beats whom against the strength order, attacking or defending:
/// the Spy the General and the Marshal, the Artillery the Jet and the
/// Tank (which the house order puts above the Major, which beats the
/// Artillery). A pattern, not a list: the referee asks it in every battle.
const fn upsets(winner: Kind, loser: Kind) -> bool {
    matches!(
        (winner, loser),
        (Kind::Spy, Kind::General | Kind::Marshal) | (Kind::Artillery, Kind::Jet | Kind::Tank)
    )
}

/// No rank: a kind that never attacks in the mode.
const UNRANKED: u8 = u8::MAX;

/// The strength rank of every kind (0 the strongest) in `mode` under a
/// standard `order`: its kinds that move, the variant ones put in their
/// [`PLACES`].
const fn ranks(mode: Mode, order: &[Kind; 14]) -> [u8; KINDS] {
    const fn add(ranks: &mut [u8; KINDS], next: &mut u8, mode: Mode, kind: Kind) {
        if mode.count(kind) > 0 && mode.mobility(kind).moves() {
            ranks[kind.index()] = *next;
            *next += 1;
        }
    }
    const fn add_placed(ranks: &mut [u8; KINDS], next: &mut u8, mode: Mode, at: (bool, Kind)) {
        let mut p = 0;
        while p < PLACES.len() {
            let (kind, above, anchor) = PLACES[p];
            if above == at.0 && anchor.index() == at.1.index() {
                add(ranks, next, mode, kind);
            }
            p += 1;
        }
    }
    let mut ranks = [UNRANKED; KINDS];
    let mut next = 0;
    let mut i = 0;
    while i < order.len() {
        add_placed(&mut ranks, &mut next, mode, (true, order[i]));
        add(&mut ranks, &mut next, mode, order[i]);
        add_placed(&mut ranks, &mut next, mode, (false, order[i]));
        i += 1;
    }
    ranks
}

/// [`ranks`] by mode and by [`StrengthOrder`].
const RANKS: [[[u8; KINDS]; 2]; Mode::ALL.len()] = {
    let mut table = [[[UNRANKED; KINDS]; 2]; Mode::ALL.len()];
    let mut m = 0;
    while m < Mode::ALL.len() {
        table[m] = [
            ranks(Mode::ALL[m], &HOUSE),
            ranks(Mode::ALL[m], &TRADITIONAL),
        ];
        m += 1;
    }
    table
};

impl Rules {
    /// The strength rank of `kind` under these rules, 0 for the strongest;
    /// `None` for a kind that never attacks here (one that never moves,
    /// or one the mode does not play with).
    ///
    /// ```
    /// use gunjin_rules::{Kind, Mode, Rules};
    /// let american = Rules { mode: Mode::American21, ..Rules::KIRAKUKEN };
    /// assert_eq!(american.rank(Kind::Marshal), Some(0));
    /// assert_eq!(american.rank(Kind::Commodore), Some(4));
    /// assert_eq!(Rules::KIRAKUKEN.rank(Kind::Marshal), None);
    /// ```
    #[inline]
    pub fn rank(self, kind: Kind) -> Option<usize> {
        let rank = RANKS[self.mode as usize][self.strength as usize][kind.index()];
        (rank != UNRANKED).then_some(rank as usize)
    }

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
        let strength = self.rank(attacker)?;
        if attacker == defender {
            return Some(BothRemoved);
        }
        let beats = |wins: bool| if wins { AttackerWins } else { DefenderWins };
        Some(match (attacker, defender) {
            (_, Kind::Mine) if attacker.clears_mine() => AttackerWins,
            (_, Kind::Mine) => match self.mine {
                MineRule::Stays => DefenderWins,
                MineRule::Explodes => BothRemoved,
            },
            (_, Kind::Flag) => AttackerWins,
            // Only the Military Police takes the Atomic bomb; any other
            // attacker goes up with it, as with a Missile.
            (Kind::MilitaryPolice, Kind::AtomicBomb) => AttackerWins,
            (_, Kind::Missile | Kind::AtomicBomb) => BothRemoved,
            // A Marshal that never moves (Classic 25) falls only to an
            // officer of Major or above.
            (_, Kind::Marshal) if !self.mobility(Kind::Marshal).moves() => {
                beats(self.takes_hq(attacker))
            }
            _ if upsets(attacker, defender) => AttackerWins,
            _ if upsets(defender, attacker) => DefenderWins,
            (Kind::Tank, Kind::Engineer) | (Kind::Engineer, Kind::Tank) => {
                let tank_wins = self.tank_vs_engineer == TankVsEngineer::TankWins;
                beats(tank_wins == (attacker == Kind::Tank))
            }
            // Every defender left is a movable kind, which has a strength.
            _ => beats(self.rank(defender).is_some_and(|rank| strength < rank)),
        })
    }
}
