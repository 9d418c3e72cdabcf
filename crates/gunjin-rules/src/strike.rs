//! The Missile's strike of Classic 25 (`shared/RULES.md` §8.2): where a
//! Missile may aim, whether it may carry the Atomic bomb, the blast and
//! what it clears. The referee's [`Position`](crate::Position) and a
//! player's [`View`](crate::View) both ask this module, so the rule is
//! written once.

use crate::{Bitboard, Color, Geometry, Move, Rules, Shape, Square};

/// Whether `rules` let a side fire Missiles: only a mode that has them
/// (Classic 25). Move generation asks this first, so the other modes do
/// no strike work at all.
#[inline]
pub(crate) const fn strikes(rules: Rules) -> bool {
    rules.mode.strikes()
}

/// Every node a `color` Missile may aim at: the enemy camp but its
/// headquarters.
pub fn targets(shape: &Shape, color: Color) -> Bitboard {
    let enemy = !color;
    shape
        .nodes()
        .filter(|&sq| shape.camp(sq) == enemy && sq != shape.hq(enemy))
        .collect()
}

/// The nodes a strike at `target` hits: the target and its orthogonal
/// neighbours on the grid (across the river too), or the 3×3 square
/// around it when the Missile carries the bomb. A headquarters is never
/// hit.
pub fn blast(shape: &Shape, target: Square, bomb: bool) -> Bitboard {
    let (file, rank) = (target.file() as i8, target.rank() as i8);
    let mut blast = Bitboard::EMPTY;
    for df in -1i8..=1 {
        for dr in -1i8..=1 {
            if !bomb && df != 0 && dr != 0 {
                continue;
            }
            let (f, r) = (file + df, rank + dr);
            if f < 0 || r < 0 {
                continue;
            }
            if let Some(sq) = shape.square(f as u8, r as u8)
                && !shape.is_hq(sq)
            {
                blast.add(sq);
            }
        }
    }
    blast
}

/// The node of the Atomic bomb a Missile on `missile` may carry: one of
/// `bombs` (the side's bombs) on a node next to it.
#[inline]
pub fn carried(geometry: &Geometry, missile: Square, bombs: Bitboard) -> Option<Square> {
    (geometry.steps(missile) & bombs).next()
}

/// Every strike of `color`'s Missiles on `missiles`, with its bombs on
/// `bombs`: each Missile at each target, and again carrying a bomb if one
/// stands next to it.
pub fn moves(
    rules: Rules,
    color: Color,
    missiles: Bitboard,
    bombs: Bitboard,
) -> impl Iterator<Item = Move> {
    let targets = targets(rules.shape(), color);
    let geometry = rules.geometry();
    missiles.flat_map(move |missile| {
        let with_bomb = carried(geometry, missile, bombs).is_some();
        targets.flat_map(move |target| {
            let plain = Move::strike(missile, target, false);
            let carrying = Move::strike(missile, target, true);
            core::iter::once(plain).chain(with_bomb.then_some(carrying))
        })
    })
}

/// Whether `color` may strike from `missile` at `target` (carrying the
/// bomb if `bomb`), with its Missiles on `missiles` and bombs on `bombs`.
pub fn is_legal(
    rules: Rules,
    color: Color,
    (missile, target, bomb): (Square, Square, bool),
    missiles: Bitboard,
    bombs: Bitboard,
) -> bool {
    strikes(rules)
        && missiles.contains(missile)
        && targets(rules.shape(), color).contains(target)
        && (!bomb || carried(rules.geometry(), missile, bombs).is_some())
}

/// The nodes a strike at `target` clears, given the blast's enemy
/// Missiles and every occupied node (the firing Missile and its bomb
/// already lifted): the enemy Missiles alone if there are any (they
/// collide with the firing one in the air; each enemy Missile in the
/// blast goes up), otherwise every piece in the blast.
#[inline]
pub fn hit(blast: Bitboard, enemy_missiles: Bitboard, occupied: Bitboard) -> Bitboard {
    let collided = blast & enemy_missiles;
    if collided.is_empty() {
        blast & occupied
    } else {
        collided
    }
}

/// Whether the strike `mv` met an enemy Missile in the air, as a player
/// tells it from what was announced: `occupied` holds every node that had
/// a piece before the strike, `cleared` the nodes the referee named. A strike that meets no Missile clears its
/// whole blast ([`hit`]), so a piece left standing in the blast means the
/// Missiles collided. (A blast of enemy Missiles alone is cleared either
/// way, and reads as an ordinary strike.)
///
/// ```
/// use gunjin_rules::{Bitboard, Move, Shape, Square, strike};
/// let nodes = |names: &[&str]| names.iter().map(|n| n.parse::<Square>().unwrap()).collect::<Bitboard>();
/// let mv: Move = "b2*e4".parse().unwrap();
/// let shape = &Shape::CLASSIC_25;
/// // d4 and e5 were in the blast; only e5 (a Missile) and the firing one went.
/// assert!(strike::collided(shape, mv, nodes(&["d4", "e5"]), nodes(&["b2", "e5"])));
/// assert!(!strike::collided(shape, mv, nodes(&["d4", "e5"]), nodes(&["b2", "d4", "e5"])));
/// ```
pub fn collided(shape: &Shape, mv: Move, occupied: Bitboard, cleared: Bitboard) -> bool {
    let blast = blast(shape, mv.to(), mv.carries_bomb());
    !((blast & occupied) - cleared).is_empty()
}

/// The nodes a strike cleared, packed in 16 bits so that an
/// [`Announcement`](crate::Announcement) stays small: which of the 3×3
/// squares around the target lost a piece (bits 0–8, rank by rank from
/// the target's lower left), and the code of the one node outside them
/// that may have, the carried bomb's (bits 9–14). The Missile's own node
/// is the move's. Square codes and their files and ranks are the same on
/// every board ([`Square`]), so unpacking needs the move and no board.
///
/// ```
/// use gunjin_rules::{Bitboard, Move, Square, strike::Cleared};
/// let strike: Move = "e2*e5+".parse().unwrap();
/// let cleared: Bitboard = ["e2", "e1", "e5", "d4"].map(|s| s.parse::<Square>().unwrap()).into_iter().collect();
/// let packed = Cleared::pack(strike, cleared).unwrap();
/// assert_eq!(packed.unpack(strike), cleared);
/// // Nodes far from the target, other than the Missile's and one more, are no strike's.
/// let far: Bitboard = ["e2", "a1", "a2"].map(|s| s.parse::<Square>().unwrap()).into_iter().collect();
/// assert_eq!(Cleared::pack(strike, far), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cleared(u16);

impl Cleared {
    /// Where the bits of the node outside the 3×3 square start.
    const EXTRA: u32 = 9;
    const WINDOW: u16 = (1 << Self::EXTRA) - 1;

    /// The bit of `sq` in the 3×3 square around `target`, if it is in it.
    const fn window_bit(target: Square, sq: Square) -> Option<u32> {
        let df = sq.file() as i8 - target.file() as i8;
        let dr = sq.rank() as i8 - target.rank() as i8;
        if -1 <= df && df <= 1 && -1 <= dr && dr <= 1 {
            Some(((dr + 1) * 3 + df + 1) as u32)
        } else {
            None
        }
    }

    /// `cleared`, the nodes `mv` cleared, packed; `None` if no strike
    /// could have cleared them: the Missile's node not among them, or
    /// more than one of them (the carried bomb's) neither the Missile's
    /// nor next to the target.
    pub fn pack(mv: Move, cleared: Bitboard) -> Option<Cleared> {
        let target = mv.to();
        let mut window = 0u16;
        let mut outside = Bitboard::EMPTY;
        for sq in cleared.without(mv.from()) {
            match Cleared::window_bit(target, sq) {
                Some(bit) => window |= 1 << bit,
                None => outside.add(sq),
            }
        }
        let extra = match outside.count() {
            0 => mv.from(),
            1 => outside.next()?,
            _ => return None,
        };
        let packed = Cleared(window | (extra.index() as u16) << Cleared::EXTRA);
        (packed.unpack(mv) == cleared).then_some(packed)
    }

    /// The nodes cleared by `mv`, the strike this was packed with.
    pub const fn unpack(self, mv: Move) -> Bitboard {
        let target = mv.to();
        let (file, rank) = (target.file(), target.rank());
        let extra = Square::from_index_unchecked((self.0 >> Cleared::EXTRA) as u8 & 63);
        let mut set = Bitboard::from_square(mv.from()).with(extra);
        let mut window = self.0 & Cleared::WINDOW;
        while window != 0 {
            let bit = window.trailing_zeros() as u8;
            window &= window - 1;
            let f = (file + bit % 3).wrapping_sub(1);
            let r = (rank + bit / 3).wrapping_sub(1);
            if let Some(sq) = Square::at(f, r) {
                set = set.with(sq);
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mode;

    fn sq(name: &str) -> Square {
        Shape::CLASSIC_25.parse_square(name).unwrap()
    }

    fn names(set: Bitboard) -> Vec<String> {
        let mut names: Vec<String> = set.map(|s| s.to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_missile_aims_at_the_enemy_camp_but_its_headquarters() {
        let shape = &Shape::CLASSIC_25;
        for color in Color::ALL {
            let targets = targets(shape, color);
            assert_eq!(targets.count(), 24);
            assert!(!targets.contains(shape.hq(!color)));
            assert!(targets.into_iter().all(|t| shape.camp(t) == !color));
        }
    }

    #[test]
    fn the_blast_is_a_cross_or_with_the_bomb_a_square_never_a_headquarters() {
        let shape = &Shape::CLASSIC_25;
        let blast = |target, bomb| names(blast(shape, sq(target), bomb));
        assert_eq!(blast("e4", false), ["d4", "e3", "e4", "e5", "f4"]);
        assert_eq!(blast("a6", false), ["a5", "a6", "b6"]);
        // Next to North's headquarters: its squares d6, e6, f6 are never hit.
        assert_eq!(blast("e5", false), ["d5", "e4", "e5", "f5"]);
        assert_eq!(
            blast("e5", true),
            ["d4", "d5", "e4", "e5", "f4", "f5"],
            "the 3x3 square without the headquarters"
        );
        assert_eq!(blast("c6", true), ["b5", "b6", "c5", "c6", "d5"]);
        assert_eq!(
            blast("h4", true),
            ["g3", "g4", "g5", "h3", "h4", "h5", "i3", "i4", "i5"]
        );
        // Across the river off the bridges too.
        assert_eq!(blast("a4", false), ["a3", "a4", "a5", "b4"]);
    }

    #[test]
    fn a_piece_left_standing_in_the_blast_tells_of_a_collision() {
        let shape = &Shape::CLASSIC_25;
        let nodes = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<Bitboard>();
        let plain: Move = "b2*e4".parse().unwrap();
        // Nothing in the blast, or all of it cleared: no sign of one.
        assert!(!collided(shape, plain, nodes(&["a1"]), nodes(&["b2"])));
        assert!(!collided(
            shape,
            plain,
            nodes(&["d4", "e3"]),
            nodes(&["b2", "d4", "e3"])
        ));
        // e3 stood through it: only a Missile was hit.
        assert!(collided(
            shape,
            plain,
            nodes(&["d4", "e3"]),
            nodes(&["b2", "d4"])
        ));
        // The bomb's corners count only when it is carried.
        let bombed: Move = "b2*e4+".parse().unwrap();
        assert!(!collided(shape, plain, nodes(&["d3"]), nodes(&["b2"])));
        assert!(collided(
            shape,
            bombed,
            nodes(&["d3"]),
            nodes(&["b2", "b1"])
        ));
    }

    #[test]
    fn only_classic_25_strikes() {
        for mode in Mode::ALL {
            let rules = Rules {
                mode,
                ..Rules::KIRAKUKEN
            };
            assert_eq!(strikes(rules), mode == Mode::Classic25, "{mode:?}");
        }
    }
}
