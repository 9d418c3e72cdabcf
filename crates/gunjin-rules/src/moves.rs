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
pub fn destinations(
    geometry: &Geometry,
    color: Color,
    kind: Kind,
    from: Square,
    own: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    let targets = match kind.mobility() {
        Mobility::Fixed => return Bitboard::EMPTY,
        Mobility::Step => geometry.steps(from),
        Mobility::Flight => geometry.flight(from) | geometry.sideways(from),
        Mobility::Charge => {
            let occupied = own | enemy;
            let mut targets = geometry.steps(from);
            for ray in geometry.rays(from) {
                if let [middle, end, ..] = *ray.squares()
                    && ray.is_forward_for(color)
                    && !occupied.contains(middle)
                {
                    targets.add(end);
                }
            }
            targets
        }
        Mobility::Slide => {
            let mut targets = Bitboard::EMPTY;
            for ray in geometry.rays(from) {
                for &sq in ray.squares() {
                    if own.contains(sq) {
                        break;
                    }
                    targets.add(sq);
                    if enemy.contains(sq) {
                        break;
                    }
                }
            }
            targets
        }
    };
    targets & !own
}
