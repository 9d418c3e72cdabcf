//! Setting up a camp: validation, random setups and templates.
//!
//! A setup belongs to a board ([`Shape`]): its slots are that board's camp
//! nodes, and where the rules give a camp fewer pieces than it has nodes,
//! the rest stay empty.

use core::fmt;
use core::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::{ByKind, Color, Kind, MAX_CAMP, Mode, Piece, PieceId, Placement, Rules, Shape, Square};

/// A camp being set up, written from its owner's side so it fits either
/// colour: some slots still empty.
///
/// Its JSON form is the camp's slots alone, as stored before boards
/// differed; their number tells the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StoredSlots", try_from = "StoredSlots")]
pub struct PartialSetup {
    shape: Shape,
    /// In [`Shape::camp_slots`] order; empty past the camp's size.
    slots: [Option<Kind>; MAX_CAMP],
}

/// A camp as a player commits it. The rules it is played under accept
/// it or name what to fix ([`Setup::check`]).
///
/// The text form lists the slots front rank first, ranks separated by `/`,
/// one letter per piece (see [`Kind::char`]) and `.` for an empty node;
/// the lengths of the ranks tell the board:
///
/// ```
/// use gunjin_rules::{Rules, Setup, Shape};
/// let setup: Setup = "ATNESV/SPOJNT/EXFCPY/XAGML".parse().unwrap();
/// assert!(setup.check(Rules::TRADITIONAL).is_ok());
/// assert_eq!(setup.to_string(), "ATNESV/SPOJNT/EXFCPY/XAGML");
/// let classic: Setup = "ATNESVXAG/SPOJNTLMC/EXFCP.Y".parse().unwrap();
/// assert_eq!(*classic.shape(), Shape::CLASSIC_25);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup(PartialSetup);

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
    /// The setup is for another board than the rules are played on.
    OtherBoard { setup: Shape, rules: Shape },
    /// The ranks of a setup's text fit no board's camp.
    Ranks { text: String },
    /// A character of a setup's text is neither a piece's letter nor `.`.
    Letter { text: String, letter: char },
    /// No board's camp has this many slots.
    SlotCount { found: usize },
    /// In this mode the headquarters holds this kind from the start, and
    /// nothing else (Classic 25's Marshal).
    Headquarters { kind: Kind },
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
            SetupError::OtherBoard { setup, rules } => write!(
                f,
                "this setup is for a {}×{} board, the game is played on {}×{}",
                setup.files, setup.ranks, rules.files, rules.ranks
            ),
            SetupError::Ranks { text } => write!(
                f,
                "setup \"{text}\": its ranks (separated by /) fit no board's camp"
            ),
            SetupError::Letter { text, letter } => {
                write!(f, "setup \"{text}\": {letter:?} is no piece letter")
            }
            SetupError::SlotCount { found } => write!(f, "no board has a camp of {found} nodes"),
            SetupError::Headquarters { kind } => write!(
                f,
                "in this mode the {kind} stands in the headquarters, and nothing else does"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl Placement {
    /// Whether this option lets `kind` stand on `square` of `shape`, seen
    /// from its owner's side (a node of [`Shape::camp_slots`]). Every setup obeys
    /// it, so it also tells what an unseen enemy piece can be from where it
    /// started.
    ///
    /// ```
    /// use gunjin_rules::{Kind, Placement, Shape};
    /// let (shape, sq) = (&Shape::STANDARD, |s: &str| s.parse().unwrap());
    /// assert!(Placement::Traditional.check(shape, Kind::Mine, sq("b4")).is_err());
    /// assert!(Placement::Traditional.check(shape, Kind::Flag, sq("a1")).is_err());
    /// assert!(Placement::Traditional.check(shape, Kind::Flag, sq("a2")).is_ok());
    /// assert!(Placement::Free.check(shape, Kind::Mine, sq("b4")).is_ok());
    /// ```
    pub fn check(self, shape: &Shape, kind: Kind, square: Square) -> Result<(), SetupError> {
        if self == Placement::Free {
            return Ok(());
        }
        if matches!(kind, Kind::Mine | Kind::Flag) && shape.is_bridge(square) {
            return Err(SetupError::OnBridge { kind, square });
        }
        if kind == Kind::Flag && square.rank() == 0 {
            return Err(SetupError::FlagOnBackRank { square });
        }
        Ok(())
    }
}

/// What a camp holds, taken from the rules: the board, how many of each
/// kind, and where they may stand.
#[derive(Clone, Copy, Debug)]
struct Army {
    shape: Shape,
    counts: ByKind<u8>,
    placement: Placement,
    /// The kind the headquarters holds from the start, if the mode says.
    in_hq: Option<Kind>,
}

impl Army {
    fn of(rules: Rules) -> Army {
        Army {
            shape: *rules.shape(),
            counts: ByKind::new_with(|kind| rules.count(kind)),
            placement: rules.placement,
            in_hq: rules.mode.in_hq(),
        }
    }

    /// Whether `kind` may stand on `square` (seen from its owner's side):
    /// the placement option, and the headquarters kept for its kind.
    fn allows(&self, kind: Kind, square: Square) -> Result<(), SetupError> {
        if let Some(in_hq) = self.in_hq
            && (kind == in_hq) != self.shape.is_hq(square)
        {
            return Err(SetupError::Headquarters { kind: in_hq });
        }
        self.placement.check(&self.shape, kind, square)
    }
}

impl Rules {
    /// Whether a setup under these rules may put `kind` on `square`, seen
    /// from its owner's side: the placement option, and the headquarters
    /// kept for its kind. Where a piece that never moves stands tells
    /// where it was set up, so a position is checked by the same rule.
    pub(crate) fn allows_placement(self, kind: Kind, square: Square) -> Result<(), SetupError> {
        Army::of(self).allows(kind, square)
    }
}

impl Setup {
    /// The board this setup is for.
    pub fn shape(&self) -> &Shape {
        &self.0.shape
    }

    /// The kind on each camp slot, in [`Shape::camp_slots`] order.
    pub fn slots(&self) -> &[Option<Kind>] {
        self.0.slots()
    }

    /// The placed pieces with their slots (their [`PieceId`]s).
    pub fn pieces(&self) -> impl Iterator<Item = (usize, Kind)> + '_ {
        self.slots()
            .iter()
            .enumerate()
            .filter_map(|(slot, kind)| Some((slot, (*kind)?)))
    }

    /// Validates pieces placed by `color` on absolute squares.
    pub fn from_placements(
        color: Color,
        rules: Rules,
        placements: impl IntoIterator<Item = (Square, Kind)>,
    ) -> Result<Setup, SetupError> {
        let shape = rules.shape();
        let mut partial = PartialSetup::new(shape);
        for (square, kind) in placements {
            let slot = shape
                .camp_slot(color, square)
                .ok_or(SetupError::OutsideCamp { square })?;
            if partial.slots[slot].replace(kind).is_some() {
                return Err(SetupError::SameNode { square });
            }
        }
        partial.complete(rules)
    }

    /// Checks the setup against `rules`: their board, every piece of the
    /// camp, and the placement option.
    pub fn check(&self, rules: Rules) -> Result<(), SetupError> {
        self.0.check_for(&Army::of(rules), true)
    }

    /// The pieces on `color`'s camp as absolute squares.
    pub fn placements(&self, color: Color) -> impl Iterator<Item = (Square, Kind)> + '_ {
        self.start(color).map(|(sq, piece)| (sq, piece.kind))
    }

    /// The pieces of `color` as the game starts: on absolute squares, each
    /// identified by its camp slot (an empty node takes no identity, so
    /// the others keep theirs).
    pub fn start(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let shape = self.shape();
        let camp = shape.camp_slots();
        self.pieces().map(move |(slot, kind)| {
            let id = PieceId(slot as u8);
            (
                shape.relative_to(camp[slot], color),
                Piece { color, kind, id },
            )
        })
    }

    /// The nodes of `color`'s camp this setup leaves empty (American 21's
    /// two), as absolute squares: public from the start, since every piece
    /// stands on the board face down.
    pub fn empty_nodes(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        let shape = self.shape();
        let camp = shape.camp_slots();
        self.slots()
            .iter()
            .enumerate()
            .filter(|(_, kind)| kind.is_none())
            .map(move |(slot, _)| shape.relative_to(camp[slot], color))
    }

    /// A random setup allowed by `rules`.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
        PartialSetup::new(rules.shape())
            .fill_random(rules, rng)
            .expect("an empty camp can always be filled")
    }
}

impl Default for PartialSetup {
    /// An empty camp of the standard board.
    fn default() -> PartialSetup {
        PartialSetup::new(&Shape::STANDARD)
    }
}

impl PartialSetup {
    /// An empty camp of `shape`.
    pub fn new(shape: &Shape) -> PartialSetup {
        PartialSetup {
            shape: *shape,
            slots: [None; MAX_CAMP],
        }
    }

    /// Where a setup under `rules` starts: an empty camp of their board,
    /// but for the kind the mode stands in the headquarters from the start
    /// (Classic 25's Marshal). Camp-relative, as every setup.
    ///
    /// ```
    /// use gunjin_rules::{Kind, PartialSetup, Rules};
    /// let classic: Rules = "c25-htsrf".parse().unwrap();
    /// let blank = PartialSetup::blank(classic);
    /// assert_eq!(blank.slots().iter().flatten().collect::<Vec<_>>(), [&Kind::Marshal]);
    /// assert!(PartialSetup::blank(Rules::KIRAKUKEN).slots().iter().all(Option::is_none));
    /// ```
    pub fn blank(rules: Rules) -> PartialSetup {
        let shape = rules.shape();
        let mut blank = PartialSetup::new(shape);
        if let Some(kind) = rules.mode.in_hq() {
            let slot = shape.camp_slot(Color::South, shape.hq(Color::South));
            blank.slots[slot.expect("the headquarters is a camp node")] = Some(kind);
        }
        blank
    }

    /// The board this setup is for.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The kind on each camp slot, in [`Shape::camp_slots`] order.
    pub fn slots(&self) -> &[Option<Kind>] {
        &self.slots[..self.shape.camp_size()]
    }

    /// The camp slots, to place and take pieces.
    pub fn slots_mut(&mut self) -> &mut [Option<Kind>] {
        let size = self.shape.camp_size();
        &mut self.slots[..size]
    }

    /// How many of each kind are placed.
    pub fn counts(&self) -> ByKind<u8> {
        let mut counts = ByKind::default();
        for kind in self.slots().iter().flatten() {
            counts[*kind] += 1;
        }
        counts
    }

    /// Checks what is placed so far against `rules`: their board, no kind
    /// more often than a camp holds it, each piece where the placement
    /// option allows it.
    pub fn check(&self, rules: Rules) -> Result<(), SetupError> {
        self.check_for(&Army::of(rules), false)
    }

    /// The setup, if `rules` accept it as it is ([`Setup::check`]).
    pub fn complete(&self, rules: Rules) -> Result<Setup, SetupError> {
        let setup = Setup(*self);
        setup.check(rules)?;
        Ok(setup)
    }

    /// Puts the pieces not yet placed on the empty slots at random, where
    /// the placement option allows them: what happens when the setup timer
    /// runs out. Slots left over (a camp of fewer pieces than nodes) stay
    /// empty.
    pub fn fill_random<R: Rng + ?Sized>(
        &self,
        rules: Rules,
        rng: &mut R,
    ) -> Result<Setup, SetupError> {
        self.fill_for(&Army::of(rules), rng)
    }

    /// The checks of [`PartialSetup::check`], or of [`Setup::check`] if
    /// `complete`.
    fn check_for(&self, army: &Army, complete: bool) -> Result<(), SetupError> {
        if self.shape != army.shape {
            return Err(SetupError::OtherBoard {
                setup: self.shape,
                rules: army.shape,
            });
        }
        let counts = self.counts();
        let wrong = |kind: Kind| match complete {
            true => counts[kind] != army.counts[kind],
            false => counts[kind] > army.counts[kind],
        };
        if let Some(kind) = Kind::ALL.into_iter().find(|&k| wrong(k)) {
            return Err(SetupError::WrongCount {
                kind,
                expected: army.counts[kind],
                found: counts[kind],
            });
        }
        let camp = self.shape.camp_slots();
        self.slots()
            .iter()
            .zip(camp.iter())
            .filter_map(|(kind, &square)| Some(((*kind)?, square)))
            .try_for_each(|(kind, square)| army.allows(kind, square))
    }

    fn fill_for<R: Rng + ?Sized>(&self, army: &Army, rng: &mut R) -> Result<Setup, SetupError> {
        self.check_for(army, false)?;
        let camp = self.shape.camp_slots();
        let mut filled = *self;
        let mut empty: Vec<usize> = (0..camp.len())
            .filter(|&s| filled.slots[s].is_none())
            .collect();
        empty.shuffle(rng);
        let allowed = |kind, slot: usize| army.allows(kind, camp[slot]);
        // The most restricted kinds first, so they always find a slot.
        let first = army.in_hq.into_iter().chain([Kind::Flag, Kind::Mine]);
        let mut counts = filled.counts();
        for kind in first.chain(Kind::ALL) {
            while counts[kind] < army.counts[kind] {
                let at = empty
                    .iter()
                    .position(|&slot| allowed(kind, slot).is_ok())
                    .ok_or(SetupError::NoRoom { kind })?;
                filled.slots[empty.swap_remove(at)] = Some(kind);
                counts[kind] += 1;
            }
        }
        let setup = Setup(filled);
        setup.0.check_for(army, true)?;
        Ok(setup)
    }
}

/// The setup as it stands, unchecked: whoever plays it checks it against
/// the rules ([`Game::new`](crate::Game::new) does).
impl From<PartialSetup> for Setup {
    fn from(setup: PartialSetup) -> Setup {
        Setup(setup)
    }
}

impl From<Setup> for PartialSetup {
    fn from(setup: Setup) -> PartialSetup {
        setup.0
    }
}

/// [`PartialSetup`]'s JSON form.
#[derive(Serialize, Deserialize)]
struct StoredSlots {
    slots: Vec<Option<Kind>>,
}

impl From<PartialSetup> for StoredSlots {
    fn from(setup: PartialSetup) -> StoredSlots {
        StoredSlots {
            slots: setup.slots().to_vec(),
        }
    }
}

impl TryFrom<StoredSlots> for PartialSetup {
    type Error = SetupError;
    fn try_from(stored: StoredSlots) -> Result<PartialSetup, SetupError> {
        let found = stored.slots.len();
        let shape = Shape::ALL
            .into_iter()
            .find(|shape| shape.camp_size() == found)
            .ok_or(SetupError::SlotCount { found })?;
        let mut setup = PartialSetup::new(&shape);
        setup.slots_mut().copy_from_slice(&stored.slots);
        Ok(setup)
    }
}

impl fmt::Display for PartialSetup {
    /// Slots front rank first, ranks separated by `/`, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut slots = self.slots().iter();
        for (i, len) in self.shape.camp_ranks().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for kind in slots.by_ref().take(len) {
                write!(f, "{}", kind.map_or('.', Kind::char))?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for PartialSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PartialSetup({self})")
    }
}

impl FromStr for PartialSetup {
    type Err = SetupError;
    /// The board is the one whose camp's ranks have the text's lengths.
    fn from_str(text: &str) -> Result<PartialSetup, SetupError> {
        let ranks = || text.split('/').map(|rank| rank.chars().count());
        let shape = Shape::ALL
            .into_iter()
            .find(|shape| shape.camp_ranks().eq(ranks()))
            .ok_or_else(|| SetupError::Ranks {
                text: text.to_owned(),
            })?;
        let mut setup = PartialSetup::new(&shape);
        let letters = text.chars().filter(|&c| c != '/');
        for (slot, letter) in setup.slots_mut().iter_mut().zip(letters) {
            *slot = match letter {
                '.' => None,
                letter => Some(Kind::from_char(letter).ok_or_else(|| SetupError::Letter {
                    text: text.to_owned(),
                    letter,
                })?),
            };
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
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
        text.parse().map(Setup)
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

/// A named formation, legal under every placement option of its mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// A stable identifier; the app translates it.
    pub id: &'static str,
    text: &'static str,
}

const fn template(id: &'static str, text: &'static str) -> Template {
    Template { id, text }
}

/// Classic 25's formations: the Marshal in the headquarters, the two
/// Missiles beside the Atomic bomb so either can carry it.
const CLASSIC_25: [Template; 3] = [
    template("balanced", "TECZOJRET/GZCIUIJLM/XOYKREX"),
    template("missile-battery", "EJTOZCTRE/ZIUIGLMJC/RXOKYXE"),
    template("fortress", "RTEJCOEZT/XGIUIMLCX/OJYKZER"),
];

/// American 21's, each leaving two nodes empty.
const AMERICAN_21: [Template; 3] = [
    template("balanced", "AVNEQS/P.CJO./EFKUDM/XLYGX"),
    template("left-hook", "PKVNSA/LDEQ../GJFOUC/XMYEX"),
    template("fortress", "SQNAVE/.PJ.OC/KGEFLD/XUYMX"),
];

/// Marshal 23's: the standard ones with the Marshal for a Second
/// Lieutenant.
const MARSHAL_23: [Template; 3] = [
    template("balanced", "ATNESV/KPOJNT/EXFCPY/XAGML"),
    template("left-hook", "VTASNE/LGPNKX/MTFYEP/OACJX"),
    template("fortress", "KNTVTN/EAPOPA/YJFXCE/SXGLM"),
];

impl Template {
    /// The standard game's formations.
    pub const ALL: [Template; 5] = [
        template("balanced", "ATNESV/SPOJNT/EXFCPY/XAGML"),
        template("left-hook", "VTASNE/LGPNSX/MTFYEP/OACJX"),
        template("right-hook", "ENSATV/XSNPGL/PEYFTM/XJCAO"),
        template("fortress", "SNTVTN/EAPOPA/YJFXCE/SXGLM"),
        template("blitz", "TGAJLT/VCEOME/NPFYPN/XSAXS"),
    ];

    /// The formations of `mode`.
    pub const fn of(mode: Mode) -> &'static [Template] {
        match mode {
            Mode::Standard => &Template::ALL,
            Mode::Marshal23 => &MARSHAL_23,
            Mode::American21 => &AMERICAN_21,
            Mode::Classic25 => &CLASSIC_25,
        }
    }

    pub fn setup(self) -> Setup {
        self.text.parse().expect("templates are setups")
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::Preset;

    /// An army of `shape` with the standard counts changed by `extra`.
    fn army(shape: Shape, extra: &[(Kind, i8)]) -> Army {
        let mut counts = ByKind::new_with(|kind| crate::Mode::Standard.count(kind));
        for &(kind, n) in extra {
            counts[kind] = counts[kind].saturating_add_signed(n);
        }
        Army {
            shape,
            counts,
            placement: Placement::Traditional,
            in_hq: None,
        }
    }

    #[test]
    fn camp_slots_cover_each_camp_once() {
        for shape in Shape::ALL {
            for color in Color::ALL {
                let mut seen: Vec<Square> = shape
                    .camp_slots()
                    .iter()
                    .map(|&s| shape.relative_to(s, color))
                    .collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), shape.camp_size());
                assert!(seen.iter().all(|&s| shape.camp(s) == color));
                for (slot, &sq) in shape.camp_slots().iter().enumerate() {
                    let node = shape.relative_to(sq, color);
                    assert_eq!(shape.camp_slot(color, node), Some(slot));
                }
            }
        }
        let camp = Shape::STANDARD.camp_slots();
        assert_eq!(camp.len(), 23);
        assert_eq!(camp[0].to_string(), "a4");
        assert_eq!(camp[20], Square::SOUTH_HQ);
    }

    #[test]
    fn templates_are_legal_under_every_placement() {
        for mode in Mode::ALL {
            let templates = Template::of(mode);
            assert!(templates.len() >= 3, "{mode:?}");
            for (i, t) in templates.iter().enumerate() {
                let setup = t.setup();
                assert_eq!(setup.to_string(), t.text);
                for preset in Preset::ALL {
                    let rules = Rules {
                        mode,
                        ..preset.rules()
                    };
                    setup
                        .check(rules)
                        .unwrap_or_else(|e| panic!("{mode:?} {}: {e}", t.id));
                }
                assert!(templates[..i].iter().all(|other| other.id != t.id));
            }
        }
    }

    /// Classic 25's Marshal stands in the headquarters, and only it.
    #[test]
    fn the_classic_marshal_keeps_the_headquarters() {
        let rules = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let moved: Setup = "TECZOJRET/GZCIUIJLM/XOYRKEX".parse().unwrap();
        let kept = Err(SetupError::Headquarters {
            kind: Kind::Marshal,
        });
        assert_eq!(moved.check(rules), kept);
        let partial: PartialSetup = "........./........./...G...".parse().unwrap();
        assert_eq!(partial.check(rules), kept);
        let marshal: PartialSetup = "........./........./...K...".parse().unwrap();
        assert_eq!(marshal.check(rules), Ok(()));
        let mut rng = SmallRng::seed_from_u64(2);
        let shape = rules.shape();
        let filled = PartialSetup::new(shape)
            .fill_random(rules, &mut rng)
            .unwrap();
        let hq = shape.camp_slot(Color::South, shape.hq(Color::South));
        assert_eq!(filled.slots()[hq.unwrap()], Some(Kind::Marshal));
    }

    #[test]
    fn random_setups_respect_placement_in_every_mode() {
        let mut rng = SmallRng::seed_from_u64(7);
        for mode in Mode::ALL {
            let rules = Rules {
                mode,
                ..Rules::TRADITIONAL
            };
            for _ in 0..200 {
                let setup = Setup::random(rules, &mut rng);
                setup.check(rules).unwrap();
                let empty = setup.slots().iter().filter(|s| s.is_none()).count();
                assert_eq!(empty, rules.shape().camp_size() - mode.pieces(), "{mode:?}");
            }
        }
    }

    #[test]
    fn texts_of_both_boards_read_and_print_back() {
        for (text, shape) in [
            ("ATNESV/SPOJNT/EXFCPY/XAGML", Shape::STANDARD),
            ("G...../....../....../.....", Shape::STANDARD),
            ("ATNESVXAG/SPOJNTLMC/EXFCP.Y", Shape::CLASSIC_25),
            ("........./........./.......", Shape::CLASSIC_25),
        ] {
            let setup: PartialSetup = text.parse().unwrap();
            assert_eq!(*setup.shape(), shape);
            assert_eq!(setup.slots().len(), shape.camp_size());
            assert_eq!(setup.to_string(), text);
            assert_eq!(text.parse::<Setup>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn a_classic_25_camp_holds_25_pieces() {
        let army = army(Shape::CLASSIC_25, &[(Kind::Engineer, 1), (Kind::Spy, 1)]);
        let mut rng = SmallRng::seed_from_u64(25);
        for _ in 0..100 {
            let setup = PartialSetup::new(&Shape::CLASSIC_25)
                .fill_for(&army, &mut rng)
                .unwrap();
            assert_eq!(setup.pieces().count(), 25);
            assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
            let back_rank = &setup.slots()[18..];
            assert!(back_rank.iter().all(|&k| k != Some(Kind::Flag)));
        }
        assert_eq!(
            Template::ALL[0].setup().0.check_for(&army, true),
            Err(SetupError::OtherBoard {
                setup: Shape::STANDARD,
                rules: Shape::CLASSIC_25,
            })
        );
    }

    #[test]
    fn a_camp_of_fewer_pieces_leaves_nodes_empty() {
        let army = army(Shape::STANDARD, &[(Kind::Mine, -1), (Kind::Cavalry, -1)]);
        let mut rng = SmallRng::seed_from_u64(21);
        let setup = PartialSetup::default().fill_for(&army, &mut rng).unwrap();
        assert_eq!(setup.pieces().count(), 21);
        assert_eq!(setup.slots().iter().filter(|k| k.is_none()).count(), 2);
        let text = setup.to_string();
        assert_eq!(text.matches('.').count(), 2);
        let read: Setup = text.parse().unwrap();
        assert_eq!(read.0.check_for(&army, true), Ok(()));
        assert!(matches!(
            read.check(Rules::TRADITIONAL),
            Err(SetupError::WrongCount { .. })
        ));
        // Each piece keeps its slot as its identity, past the empty nodes.
        let setups = crate::ByColor::new_with(|_| read);
        let position = crate::Position::new(Rules::TRADITIONAL, &setups, Color::South);
        let camp = Shape::STANDARD.camp_slots();
        for (slot, kind) in read.pieces() {
            let piece = position.board().piece_at(camp[slot]).unwrap();
            assert_eq!((piece.kind, piece.id), (kind, PieceId(slot as u8)));
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
        assert_eq!(
            "ATNESV/SPOJNT/EXFCPY".parse::<Setup>(),
            Err(SetupError::Ranks {
                text: "ATNESV/SPOJNT/EXFCPY".into()
            })
        );
        assert_eq!(
            "ATNESV/SPOJNT/EXFCPY/XAGMW".parse::<Setup>(),
            Err(SetupError::Letter {
                text: "ATNESV/SPOJNT/EXFCPY/XAGMW".into(),
                letter: 'W'
            })
        );
        let crowded: PartialSetup = "GG..../....../....../.....".parse().unwrap();
        assert!(matches!(
            crowded.check(rules),
            Err(SetupError::WrongCount {
                kind: Kind::General,
                ..
            })
        ));
    }

    #[test]
    fn partial_setups_fill_around_placed_pieces() {
        let mut rng = SmallRng::seed_from_u64(3);
        let partial: PartialSetup = "G...../....../....../.....".parse().unwrap();
        for _ in 0..50 {
            let setup = partial.fill_random(Rules::TRADITIONAL, &mut rng).unwrap();
            assert_eq!(setup.slots()[0], Some(Kind::General));
        }
    }

    #[test]
    fn partial_setups_store_their_slots_alone() {
        let partial: PartialSetup = "G...../....../....../....L".parse().unwrap();
        let json = serde_json::to_string(&partial).unwrap();
        assert!(json.starts_with(r#"{"slots":["General",null,"#));
        assert_eq!(
            serde_json::from_str::<PartialSetup>(&json).unwrap(),
            partial
        );
        let classic = PartialSetup::new(&Shape::CLASSIC_25);
        let json = serde_json::to_string(&classic).unwrap();
        assert_eq!(
            serde_json::from_str::<PartialSetup>(&json).unwrap(),
            classic
        );
        assert!(serde_json::from_str::<PartialSetup>(r#"{"slots":[null]}"#).is_err());
    }
}
