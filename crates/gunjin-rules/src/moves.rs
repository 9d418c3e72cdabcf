//! Moves, their notation, and where each kind of piece can go.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Color, Geometry, Mobility, ParseSquareError, Shape, Square};

/// What a player does on their turn: a piece going from one node to
/// another (`b4-b5`), or in Classic 25 a Missile's strike
/// (`shared/RULES.md` §8.2), written `e2*e5`, or `e2*e5+` carrying the
/// Atomic bomb next to the Missile.
///
/// ```
/// use gunjin_rules::Move;
/// let mv: Move = "d2-d1".parse().unwrap();
/// assert_eq!(mv.to_string(), "d2-c1");
/// assert_eq!(mv.to().to_string(), "c1");
/// let strike: Move = "g2*g5+".parse().unwrap();
/// assert_eq!(strike.to_string(), "g2*g5+");
/// assert_eq!((strike.from().to_string(), strike.to().to_string()), ("g2".into(), "g5".into()));
/// ```
///
/// A move is two bytes (the acting node, and the aimed node's code with
/// the strike's two flags above it), so move lists and histories stay as
/// small as before strikes existed; [`Move::kind`] unpacks it for a
/// `match`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    /// The code of the aimed node, or'ed with [`STRIKE`] and [`BOMB`].
    to: u8,
}

/// The bit of [`Move::to`] that marks a strike.
const STRIKE: u8 = 0x40;
/// The bit of [`Move::to`] that marks a strike carrying the bomb.
const BOMB: u8 = 0x80;
const _: () = assert!(crate::Square::INDICES <= STRIKE as usize);

/// A [`Move`] unpacked, to match on.
///
/// ```
/// use gunjin_rules::{Move, MoveKind};
/// let strike: Move = "e2*e5+".parse().unwrap();
/// match strike.kind() {
///     MoveKind::Step { .. } => unreachable!(),
///     MoveKind::Strike { missile, target, bomb } => {
///         assert_eq!(Move::strike(missile, target, bomb), strike);
///         assert!(bomb);
///     }
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The piece on `from` steps, flies, slides or charges to `to`; onto an
    /// enemy piece it attacks.
    Step { from: Square, to: Square },
    /// The Missile on `missile` strikes `target`, carrying the own Atomic
    /// bomb that stands next to it if `bomb` (a side has one bomb, so the
    /// flag names it).
    Strike {
        missile: Square,
        target: Square,
        bomb: bool,
    },
}

impl Move {
    /// A step from `from` to `to`.
    #[inline]
    pub const fn step(from: Square, to: Square) -> Move {
        Move {
            from,
            to: to.index() as u8,
        }
    }

    /// The Missile on `missile` strikes `target`, carrying the bomb next
    /// to it if `bomb`.
    #[inline]
    pub const fn strike(missile: Square, target: Square, bomb: bool) -> Move {
        let bomb = if bomb { BOMB } else { 0 };
        Move {
            from: missile,
            to: target.index() as u8 | STRIKE | bomb,
        }
    }

    /// The node of the piece that acts.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The node the move is aimed at: where the piece goes or attacks.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked(self.to & (STRIKE - 1))
    }

    /// Whether this is a Missile's strike.
    #[inline]
    pub const fn is_strike(self) -> bool {
        // Both flags lie above every code and the bomb's comes only with
        // the strike's: a step's byte is its square's code, which lets
        // the compiler drop the mask of `to` after this test.
        self.to >= STRIKE
    }

    /// Whether this is a strike carrying the bomb.
    #[inline]
    pub const fn carries_bomb(self) -> bool {
        self.to & BOMB != 0
    }

    /// The move unpacked: a step or a strike.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        if self.is_strike() {
            MoveKind::Strike {
                missile: self.from(),
                target: self.to(),
                bomb: self.carries_bomb(),
            }
        } else {
            MoveKind::Step {
                from: self.from(),
                to: self.to(),
            }
        }
    }

    /// The order of [`Ord`]: every step before every strike, each by its
    /// nodes (and a strike without the bomb before the one with it).
    #[inline]
    const fn order(self) -> u32 {
        (self.is_strike() as u32) << 16
            | (self.from.index() as u32) << 8
            | (self.to().index() as u32) << 1
            | self.carries_bomb() as u32
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> core::cmp::Ordering {
        self.order().cmp(&other.order())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Step { from, to } => write!(f, "{from}-{to}"),
            MoveKind::Strike {
                missile,
                target,
                bomb,
            } => write!(f, "{missile}*{target}{}", if bomb { "+" } else { "" }),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a move like `b4-b5` or a strike like `e2*e5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Shape(String),
    Square(ParseSquareError),
    Stationary(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Shape(s) => {
                write!(
                    f,
                    "\"{s}\" is not a move: expected two squares like b4-b5 or e2*e5"
                )
            }
            ParseMoveError::Square(e) => write!(f, "{e}"),
            ParseMoveError::Stationary(s) => write!(f, "\"{s}\" does not leave its square"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Reads a move by the names [`Square`] reads: any board's squares, a
/// headquarters by its standard aliases (`d1` for `c1`). A move of a
/// known board reads through its [`Shape::parse_move`], which knows that
/// board's own aliases (Classic 25's `d1`/`f1` for `e1`).
impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move(s, str::parse)
    }
}

impl Shape {
    /// The move `text` names on this board, each square read by
    /// [`Shape::parse_square`]: on Classic 25's board `d2-d1` and `d2-f1`
    /// go into the headquarters `e1`, as `d2-e1` does.
    ///
    /// ```
    /// use gunjin_rules::Shape;
    /// let classic = Shape::CLASSIC_25;
    /// assert_eq!(classic.parse_move("d2-d1").unwrap().to_string(), "d2-e1");
    /// assert_eq!(classic.parse_move("f5-f6").unwrap().to_string(), "f5-e6");
    /// assert_eq!(Shape::STANDARD.parse_move("d2-d1").unwrap().to_string(), "d2-c1");
    /// assert!(Shape::STANDARD.parse_move("g1-g2").is_err(), "no file g here");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        parse_move(text, |name| self.parse_square(name))
    }
}

/// A move's text, each square read by `square`.
fn parse_move(
    s: &str,
    square: impl Fn(&str) -> Result<Square, ParseSquareError>,
) -> Result<Move, ParseMoveError> {
    let (strike, (from, to)) = match (s.split_once('-'), s.split_once('*')) {
        (Some(step), None) => (false, step),
        (None, Some(strike)) => (true, strike),
        _ => return Err(ParseMoveError::Shape(s.to_owned())),
    };
    let (to, bomb) = match to.strip_suffix('+') {
        Some(to) if strike => (to, true),
        _ => (to, false),
    };
    let from = square(from).map_err(ParseMoveError::Square)?;
    let to = square(to).map_err(ParseMoveError::Square)?;
    if from == to {
        return Err(ParseMoveError::Stationary(s.to_owned()));
    }
    Ok(if strike {
        Move::strike(from, to, bomb)
    } else {
        Move::step(from, to)
    })
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a piece of `color` that moves as `mobility` says (its kind's
/// [`Rules::mobility`](crate::Rules::mobility)) can move from `from`,
/// given the nodes held by its own side and by the enemy. Destinations
/// held by the enemy are attacks. This is the one place movement rules
/// live: the full position and a player's view both ask it.
///
/// ```
/// use gunjin_rules::{destinations, Bitboard, Color, Front, Geometry, Mobility, Square};
/// let from: Square = "b3".parse().unwrap();
/// let tank = destinations(Geometry::of(Front::River), Color::South, Mobility::Charge, from, Bitboard::from_square(from), Bitboard::EMPTY);
/// assert!(tank.contains("b5".parse().unwrap())); // a charge over the bridge
/// ```
#[inline]
pub fn destinations(
    geometry: &Geometry,
    color: Color,
    mobility: Mobility,
    from: Square,
    own: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    // A table lookup rather than a jump: steps, a Plane's flight, or
    // nothing; then the charge's second step for a Tank or Cavalry, the
    // slide for an Engineer and the Jet's flight.
    let occupied = own | enemy;
    let mut targets = geometry.reach(mobility as usize, from);
    if mobility == Mobility::Charge {
        targets |= geometry.charges(color, from, occupied);
    }
    if mobility == Mobility::Slide {
        targets = geometry.slide(from, occupied);
    }
    if mobility == Mobility::Anywhere {
        targets = geometry.anywhere(color);
    }
    targets - own
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::walked::walked;
    use crate::{Front, Mode, Rules};

    #[test]
    fn tables_match_walking_the_rays() {
        let mut rng = SmallRng::seed_from_u64(5);
        for (mode, front) in [Mode::Standard, Mode::Classic25]
            .into_iter()
            .flat_map(|mode| [(mode, Front::River), (mode, Front::Open)])
        {
            let rules = Rules {
                mode,
                front,
                ..Rules::KIRAKUKEN
            };
            let geometry = rules.geometry();
            let shape = rules.shape();
            for _ in 0..400 {
                // Sparse to crowded boards.
                let density = rng.random_range(0.0..1.0);
                let (mut own, mut enemy) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for sq in shape.nodes() {
                    if rng.random_bool(density) {
                        if rng.random() {
                            own.add(sq);
                        } else {
                            enemy.add(sq);
                        }
                    }
                }
                for from in shape.nodes() {
                    let own = own.with(from);
                    let enemy = enemy.without(from);
                    for color in Color::ALL {
                        for mobility in Mobility::ALL {
                            assert_eq!(
                                destinations(geometry, color, mobility, from, own, enemy),
                                walked(shape, geometry, color, mobility, from, own, enemy),
                                "{color} {mobility:?} on {from}, {mode:?} {front:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
