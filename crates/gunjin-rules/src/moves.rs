//! Moves, their notation, and where each kind of piece can go.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Color, Geometry, Kind, Mobility, ParseSquareError, Square};

/// A move from one node to another; what moves is whatever stands on `from`.
///
/// ```
/// use gunjin_rules::Move;
/// let mv: Move = "d2-d1".parse().unwrap();
/// assert_eq!(mv.to_string(), "d2-c1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a move like `b4-b5`.
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
                write!(f, "\"{s}\" is not a move: expected two squares like b4-b5")
            }
            ParseMoveError::Square(e) => write!(f, "{e}"),
            ParseMoveError::Stationary(s) => write!(f, "\"{s}\" does not leave its square"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (from, to) = s
            .split_once('-')
            .ok_or_else(|| ParseMoveError::Shape(s.to_owned()))?;
        let mv = Move {
            from: from.parse().map_err(ParseMoveError::Square)?,
            to: to.parse().map_err(ParseMoveError::Square)?,
        };
        if mv.from == mv.to {
            return Err(ParseMoveError::Stationary(s.to_owned()));
        }
        Ok(mv)
    }
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

/// Where a `kind` of `color` standing on `from` can move, given the nodes
/// held by its own side and by the enemy. Destinations held by the enemy are
/// attacks. This is the one place movement rules live: the full position and
/// a player's view both ask it.
///
/// ```
/// use gunjin_rules::{destinations, Bitboard, Color, Front, Geometry, Kind, Square};
/// let from: Square = "b3".parse().unwrap();
/// let tank = destinations(Geometry::of(Front::River), Color::South, Kind::Tank, from, Bitboard::from_square(from), Bitboard::EMPTY);
/// assert!(tank.contains("b5".parse().unwrap())); // a charge over the bridge
/// ```
#[inline]
pub fn destinations(
    geometry: &Geometry,
    color: Color,
    kind: Kind,
    from: Square,
    own: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    // A table lookup rather than a jump on the kind: steps, a Plane's
    // flight, or nothing; then the charge's second step for a Tank or
    // Cavalry and the slide for an Engineer.
    let mobility = crate::board::mobility(kind);
    let occupied = own | enemy;
    let mut targets = geometry.reach(mobility as usize, from);
    if mobility == Mobility::Charge {
        targets |= geometry.charges(color, from, occupied);
    }
    if mobility == Mobility::Slide {
        targets = geometry.slide(from, occupied);
    }
    targets & !own
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::walked::walked;
    use crate::{Front, Kind};

    #[test]
    fn tables_match_walking_the_rays() {
        let mut rng = SmallRng::seed_from_u64(5);
        for front in [Front::River, Front::Open] {
            let geometry = Geometry::of(front);
            for _ in 0..400 {
                // Sparse to crowded boards.
                let density = rng.random_range(0.0..1.0);
                let (mut own, mut enemy) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for sq in Square::ALL {
                    if rng.random_bool(density) {
                        if rng.random() {
                            own.add(sq);
                        } else {
                            enemy.add(sq);
                        }
                    }
                }
                for from in Square::ALL {
                    let own = own.with(from);
                    let enemy = enemy.without(from);
                    for color in Color::ALL {
                        for kind in Kind::ALL {
                            assert_eq!(
                                destinations(geometry, color, kind, from, own, enemy),
                                walked(geometry, color, kind, from, own, enemy),
                                "{color} {kind} on {from}, {front:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
