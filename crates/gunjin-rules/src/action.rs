//! What a player's piece does when it is aimed at a node: the move it
//! makes there, or why it cannot go. A screen that lets a piece be put
//! down anywhere asks [`View::action`] and only shows the answer, so the
//! reach of a strike and the Marshal's guard (`shared/RULES.md` §8.2) are
//! decided here, with the rules, and nowhere else.

use core::fmt;

use crate::{Bitboard, Move, Seen, Square, View, strike};

/// What the own piece on a node does aimed at another, when the rules
/// let it ([`View::action`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A step, slide, charge or flight; onto an enemy piece, an attack.
    Step(Move),
    /// A Missile's strike, and the same strike carrying the Atomic bomb
    /// when one stands next to the Missile: the player chooses.
    Strike {
        plain: Move,
        with_bomb: Option<Move>,
    },
}

/// Why the own piece on a node cannot act on another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// It is the other side's move.
    NotYourTurn,
    /// No piece of this player stands on the node.
    NoPiece,
    /// The piece neither goes there nor, a Missile, may strike there.
    OutOfReach,
    /// The piece would go into the enemy headquarters, but a piece next
    /// to it guards the Marshal there (Classic 25).
    Guarded,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::GameOver => "the game is over",
            Refusal::NotYourTurn => "it is not your move",
            Refusal::NoPiece => "none of your pieces stands there",
            Refusal::OutOfReach => "the piece cannot go there",
            Refusal::Guarded => "a piece next to the headquarters guards the Marshal",
        })
    }
}

impl std::error::Error for Refusal {}

impl View {
    /// What the own piece on `from` does aimed at `to` on this player's
    /// move: the step or the strike the rules allow, or why there is none.
    /// Every legal move is the answer for its two nodes (a strike's with
    /// the bomb as its `with_bomb`), and nothing else is.
    ///
    /// ```
    /// use gunjin_rules::{Action, Color, Game, Refusal};
    /// // North's Spy on d5 guards its Marshal; South's General stands on e5.
    /// let game = Game::from_position("c25-htsrf e2k3/3yG4/9/9/9/2EK3 s".parse().unwrap()).unwrap();
    /// let view = game.view(Color::South);
    /// let sq = |name: &str| view.rules().shape().parse_square(name).unwrap();
    /// assert_eq!(view.action(sq("e5"), sq("e4")), Ok(Action::Step("e5-e4".parse().unwrap())));
    /// assert_eq!(view.action(sq("e5"), sq("e6")), Err(Refusal::Guarded));
    /// assert_eq!(view.action(sq("e5"), sq("e3")), Err(Refusal::OutOfReach));
    /// ```
    pub fn action(&self, from: Square, to: Square) -> Result<Action, Refusal> {
        if self.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        if self.turn() != self.side() {
            return Err(Refusal::NotYourTurn);
        }
        if !matches!(self.seen(from), Seen::Own(_)) {
            return Err(Refusal::NoPiece);
        }
        let enemy = self.enemy_bitboard();
        if self.reach(from, enemy).contains(to) {
            return match self.rules().closed(self.side(), enemy).contains(to) {
                true => Err(Refusal::Guarded),
                false => Ok(Action::Step(Move::step(from, to))),
            };
        }
        let plain = Move::strike(from, to, false);
        if !self.allows(plain) {
            return Err(Refusal::OutOfReach);
        }
        let carrying = Move::strike(from, to, true);
        Ok(Action::Strike {
            plain,
            with_bomb: self.allows(carrying).then_some(carrying),
        })
    }

    /// The nodes the own Missile on `missile` may strike, whoever's move it
    /// is (none for any other piece, and in a mode without strikes).
    pub fn strike_targets(&self, missile: Square) -> Bitboard {
        let shape = self.rules().shape();
        strike::targets(shape, self.side())
            .filter(|&target| self.allows(Move::strike(missile, target, false)))
            .collect()
    }
}
