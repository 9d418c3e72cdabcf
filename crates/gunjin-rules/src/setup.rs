//! Setting up a camp: validation, random setups and templates.

use core::fmt;
use core::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::{ByKind, Color, Kind, Mode, Placement, Rules, Shape, Square};

/// Number of nodes (and pieces) in a camp.
pub const CAMP_SIZE: usize = Shape::STANDARD.node_count() / 2;

/// South's camp in slot order: the front rank first (`a4`…`f4`), the back
/// rank last (`a1`, `b1`, the headquarters, `e1`, `f1`). North's camp is the
/// same list rotated, so a setup fits either side.
pub const CAMP: [Square; CAMP_SIZE] = Shape::STANDARD.camp_slots();

/// The camp slot of a node of `color`'s camp.
pub fn camp_slot(color: Color, sq: Square) -> Option<usize> {
    let relative = sq.relative_to(color);
    CAMP.iter().position(|&s| s == relative)
}

/// A complete camp of the 23 standard pieces, written from its owner's side
/// so it fits either colour. Only the placement option can still reject it
/// (see [`Setup::check`]).
///
/// The text form lists the slots front rank first, ranks separated by `/`,
/// one letter per piece (see [`Kind::char`]):
///
/// ```
/// use gunjin_rules::{Rules, Setup};
/// let setup: Setup = "ATNESV/SPOJNT/EXFCPY/XAGML".parse().unwrap();
/// assert!(setup.check(Rules::TRADITIONAL).is_ok());
/// assert_eq!(setup.to_string(), "ATNESV/SPOJNT/EXFCPY/XAGML");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    slots: [Kind; CAMP_SIZE],
}

/// A camp being set up: some slots still empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PartialSetup {
    pub slots: [Option<Kind>; CAMP_SIZE],
}

/// Why a setup is not acceptable. Each names what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A piece was placed outside its own camp.
    OutsideCamp { square: Square },
    /// Two pieces on one node.
    SameNode { square: Square },
    /// Too many or too few of a kind.
    WrongCount { kind: Kind, expected: u8, found: u8 },
    /// "Traditional placement": a Mine or the Flag on a bridge square.
    OnBridge { kind: Kind, square: Square },
    /// "Traditional placement": the Flag on the back rank.
    FlagOnBackRank { square: Square },
    /// No free node left where the placement option allows this kind.
    NoRoom { kind: Kind },
    /// The text form could not be read.
    Text { text: String, reason: &'static str },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OutsideCamp { square } => write!(f, "{square} is not in your camp"),
            SetupError::SameNode { square } => write!(f, "two pieces are placed on {square}"),
            SetupError::WrongCount {
                kind,
                expected,
                found,
            } => {
                write!(f, "a camp has {expected} × {kind}, this setup has {found}")
            }
            SetupError::OnBridge { kind, square } => {
                write!(
                    f,
                    "traditional placement: no {kind} on the bridge square {square}"
                )
            }
            SetupError::FlagOnBackRank { square } => {
                write!(
                    f,
                    "traditional placement: the Flag may not stand on the back rank ({square})"
                )
            }
            SetupError::NoRoom { kind } => {
                write!(f, "no free node is left where a {kind} may be placed")
            }
            SetupError::Text { text, reason } => write!(f, "setup \"{text}\": {reason}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Placement {
    /// Whether this option lets `kind` stand on the camp slot `slot` (see
    /// [`CAMP`]). Every setup obeys it, so it also tells what an unseen
    /// enemy piece can be from where it started.
    ///
    /// ```
    /// use gunjin_rules::{CAMP, Kind, Placement};
    /// let slot = |s: &str| CAMP.iter().position(|&sq| sq == s.parse().unwrap()).unwrap();
    /// assert!(Placement::Traditional.check(Kind::Mine, slot("b4")).is_err());
    /// assert!(Placement::Traditional.check(Kind::Flag, slot("a1")).is_err());
    /// assert!(Placement::Traditional.check(Kind::Flag, slot("a2")).is_ok());
    /// assert!(Placement::Free.check(Kind::Mine, slot("b4")).is_ok());
    /// ```
    pub fn check(self, kind: Kind, slot: usize) -> Result<(), SetupError> {
        let square = CAMP[slot];
        if self == Placement::Free {
            return Ok(());
        }
        if matches!(kind, Kind::Mine | Kind::Flag) && Shape::STANDARD.is_bridge(square) {
            return Err(SetupError::OnBridge { kind, square });
        }
        if kind == Kind::Flag && square.rank() == 0 {
            return Err(SetupError::FlagOnBackRank { square });
        }
        Ok(())
    }
}

impl Setup {
    /// The kind on each camp slot, in [`CAMP`] order.
    pub fn slots(&self) -> &[Kind; CAMP_SIZE] {
        &self.slots
    }

    /// Validates pieces placed by `color` on absolute squares.
    pub fn from_placements(
        color: Color,
        rules: Rules,
        placements: impl IntoIterator<Item = (Square, Kind)>,
    ) -> Result<Setup, SetupError> {
        let mut partial = PartialSetup::default();
        for (square, kind) in placements {
            let slot = camp_slot(color, square).ok_or(SetupError::OutsideCamp { square })?;
            if partial.slots[slot].replace(kind).is_some() {
                return Err(SetupError::SameNode { square });
            }
        }
        let setup = partial.complete()?;
        setup.check(rules)?;
        Ok(setup)
    }

    /// Checks the placement option.
    pub fn check(&self, rules: Rules) -> Result<(), SetupError> {
        self.slots
            .iter()
            .enumerate()
            .try_for_each(|(slot, &kind)| rules.placement.check(kind, slot))
    }

    /// The pieces on `color`'s camp as absolute squares.
    pub fn placements(&self, color: Color) -> impl Iterator<Item = (Square, Kind)> + '_ {
        CAMP.iter()
            .zip(self.slots)
            .map(move |(&sq, kind)| (sq.relative_to(color), kind))
    }

    /// A random setup allowed by `rules`.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
        PartialSetup::default()
            .fill_random(rules, rng)
            .expect("an empty camp can always be filled")
    }
}

impl PartialSetup {
    /// How many of each kind are placed.
    pub fn counts(&self) -> ByKind<u8> {
        let mut counts = ByKind::default();
        for kind in self.slots.iter().flatten() {
            counts[*kind] += 1;
        }
        counts
    }

    /// The setup, if every slot holds the right pieces.
    pub fn complete(&self) -> Result<Setup, SetupError> {
        let counts = self.counts();
        if let Some(kind) = Kind::ALL
            .into_iter()
            .find(|&k| counts[k] != Mode::Standard.count(k))
        {
            return Err(SetupError::WrongCount {
                kind,
                expected: Mode::Standard.count(kind),
                found: counts[kind],
            });
        }
        Ok(Setup {
            slots: self.slots.map(|k| k.expect("all 23 are counted")),
        })
    }

    /// Puts the pieces not yet placed on the empty slots at random, where
    /// the placement option allows them: what happens when the setup timer
    /// runs out.
    pub fn fill_random<R: Rng + ?Sized>(
        &self,
        rules: Rules,
        rng: &mut R,
    ) -> Result<Setup, SetupError> {
        let counts = self.counts();
        if let Some(kind) = Kind::ALL.into_iter().find(|&k| counts[k] > rules.count(k)) {
            return Err(SetupError::WrongCount {
                kind,
                expected: rules.count(kind),
                found: counts[kind],
            });
        }
        for (slot, kind) in self.slots.iter().enumerate() {
            if let Some(kind) = kind {
                rules.placement.check(*kind, slot)?;
            }
        }
        let mut slots = self.slots;
        let mut empty: Vec<usize> = (0..CAMP_SIZE).filter(|&s| slots[s].is_none()).collect();
        empty.shuffle(rng);
        // The most restricted kinds first, so they always find a slot.
        for kind in [Kind::Flag, Kind::Mine].into_iter().chain(Kind::ALL) {
            while slots.iter().filter(|&&s| s == Some(kind)).count() < rules.count(kind) as usize {
                let at = empty
                    .iter()
                    .position(|&slot| rules.placement.check(kind, slot).is_ok())
                    .ok_or(SetupError::NoRoom { kind })?;
                slots[empty.swap_remove(at)] = Some(kind);
            }
        }
        PartialSetup { slots }.complete()
    }
}

impl From<Setup> for PartialSetup {
    fn from(setup: Setup) -> PartialSetup {
        PartialSetup {
            slots: setup.slots.map(Some),
        }
    }
}

/// Writes slots front rank first, ranks separated by `/`, `.` for empty.
fn write_slots(
    f: &mut fmt::Formatter<'_>,
    mut slots: impl Iterator<Item = Option<Kind>>,
) -> fmt::Result {
    for (i, len) in Shape::STANDARD.camp_ranks().enumerate() {
        if i > 0 {
            f.write_str("/")?;
        }
        for kind in slots.by_ref().take(len) {
            write!(f, "{}", kind.map_or('.', Kind::char))?;
        }
    }
    Ok(())
}

fn parse_slots(text: &str) -> Result<[Option<Kind>; CAMP_SIZE], SetupError> {
    let err = |reason| SetupError::Text {
        text: text.to_owned(),
        reason,
    };
    let ranks = text.split('/').map(|rank| rank.chars().count());
    if !ranks.eq(Shape::STANDARD.camp_ranks()) {
        return Err(err(
            "expected four ranks of 6, 6, 6 and 5 letters separated by /",
        ));
    }
    let mut slots = [None; CAMP_SIZE];
    for (slot, c) in text.chars().filter(|&c| c != '/').enumerate() {
        slots[slot] = match c {
            '.' => None,
            c => Some(Kind::from_char(c).ok_or(err("unknown piece letter"))?),
        };
    }
    Ok(slots)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_slots(f, self.slots.iter().map(|&k| Some(k)))
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({self})")
    }
}

impl FromStr for Setup {
    type Err = SetupError;
    fn from_str(text: &str) -> Result<Setup, SetupError> {
        PartialSetup {
            slots: parse_slots(text)?,
        }
        .complete()
    }
}

impl fmt::Display for PartialSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_slots(f, self.slots.iter().copied())
    }
}

impl FromStr for PartialSetup {
    type Err = SetupError;
    fn from_str(text: &str) -> Result<PartialSetup, SetupError> {
        let setup = PartialSetup {
            slots: parse_slots(text)?,
        };
        let counts = setup.counts();
        match Kind::ALL
            .into_iter()
            .find(|&k| counts[k] > Mode::Standard.count(k))
        {
            Some(kind) => Err(SetupError::WrongCount {
                kind,
                expected: Mode::Standard.count(kind),
                found: counts[kind],
            }),
            None => Ok(setup),
        }
    }
}

impl Serialize for Setup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A named formation, legal under every placement option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// A stable identifier; the app translates it.
    pub id: &'static str,
    text: &'static str,
}

impl Template {
    pub const ALL: [Template; 5] = [
        Template {
            id: "balanced",
            text: "ATNESV/SPOJNT/EXFCPY/XAGML",
        },
        Template {
            id: "left-hook",
            text: "VTASNE/LGPNSX/MTFYEP/OACJX",
        },
        Template {
            id: "right-hook",
            text: "ENSATV/XSNPGL/PEYFTM/XJCAO",
        },
        Template {
            id: "fortress",
            text: "SNTVTN/EAPOPA/YJFXCE/SXGLM",
        },
        Template {
            id: "blitz",
            text: "TGAJLT/VCEOME/NPFYPN/XSAXS",
        },
    ];

    pub fn setup(self) -> Setup {
        self.text.parse().expect("templates are complete setups")
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    #[test]
    fn camp_slots_cover_each_camp_once() {
        for color in Color::ALL {
            let mut seen: Vec<Square> = CAMP.iter().map(|s| s.relative_to(color)).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), CAMP_SIZE);
            assert!(seen.iter().all(|s| s.camp() == color));
        }
        assert_eq!(CAMP[0].to_string(), "a4");
        assert_eq!(CAMP[20], Square::SOUTH_HQ);
    }

    #[test]
    fn templates_are_legal_under_every_placement() {
        for t in Template::ALL {
            let setup = t.setup();
            assert_eq!(setup.to_string(), t.text);
            setup.check(Rules::TRADITIONAL).unwrap();
        }
    }

    #[test]
    fn random_setups_respect_placement() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..500 {
            Setup::random(Rules::TRADITIONAL, &mut rng)
                .check(Rules::TRADITIONAL)
                .unwrap();
        }
    }

    #[test]
    fn validation_names_each_failure() {
        let rules = Rules::TRADITIONAL;
        let good: Vec<(Square, Kind)> = Template::ALL[0].setup().placements(Color::North).collect();
        assert!(Setup::from_placements(Color::North, rules, good.clone()).is_ok());
        assert!(matches!(
            Setup::from_placements(Color::South, rules, good.clone()),
            Err(SetupError::OutsideCamp { .. })
        ));
        let mut dup = good.clone();
        dup[1].0 = dup[0].0;
        assert!(matches!(
            Setup::from_placements(Color::North, rules, dup),
            Err(SetupError::SameNode { .. })
        ));
        let mut short = good.clone();
        short.pop();
        assert!(matches!(
            Setup::from_placements(Color::North, rules, short),
            Err(SetupError::WrongCount { .. })
        ));
        let flag_back = "ATNESV/SPOJNT/EXACPY/XFGML".parse::<Setup>().unwrap();
        assert_eq!(
            flag_back.check(rules),
            Err(SetupError::FlagOnBackRank {
                square: "b1".parse().unwrap()
            })
        );
        assert!(flag_back.check(Rules::KIRAKUKEN).is_ok());
        let mine_bridge = "AXNESV/SPOJNT/ETFCPY/XAGML".parse::<Setup>().unwrap();
        assert!(matches!(
            mine_bridge.check(rules),
            Err(SetupError::OnBridge {
                kind: Kind::Mine,
                ..
            })
        ));
        assert!("ATNESV/SPOJNT/EXFCPY".parse::<Setup>().is_err());
        assert!("ATNESV/SPOJNT/EXFCPY/XAGMZ".parse::<Setup>().is_err());
    }

    #[test]
    fn partial_setups_fill_around_placed_pieces() {
        let mut rng = SmallRng::seed_from_u64(3);
        let partial: PartialSetup = "G...../....../....../.....".parse().unwrap();
        for _ in 0..50 {
            let setup = partial.fill_random(Rules::TRADITIONAL, &mut rng).unwrap();
            assert_eq!(setup.slots()[0], Kind::General);
        }
        let crowded: PartialSetup = "GG..../....../....../....."
            .parse::<PartialSetup>()
            .unwrap_or_default();
        assert_eq!(crowded, PartialSetup::default());
    }
}
