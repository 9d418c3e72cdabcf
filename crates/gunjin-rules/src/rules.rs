//! Rule options, the two presets, and the short rule code that travels in URLs.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Geometry, Kind, Mobility, Shape};

/// Which strength order battles follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StrengthOrder {
    /// Seed 000: Tank below the Lieutenant Colonel, Cavalry above the Lieutenant.
    House,
    /// Seed 001: Tank just below the Plane, Cavalry just above the Engineer.
    Traditional,
}

/// Who wins when a Tank and an Engineer meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TankVsEngineer {
    /// タンクルール: the Tank wins, as the strength order says.
    TankWins,
    /// 工兵ルール: the Engineer wins.
    EngineerWins,
}

/// What happens to a Mine attacked by anything but a Plane or an Engineer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MineRule {
    /// The attacker is removed and the Mine stays.
    Stays,
    /// The attacker and the Mine are both removed.
    Explodes,
}

/// Whether the front between ranks 4 and 5 restricts movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Front {
    /// Crossable on foot only at the bridges (files b and e).
    River,
    /// No river: every file is open.
    Open,
}

/// Restrictions on where pieces may be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Placement {
    /// Any piece on any node of the own camp.
    Free,
    /// No Mine or Flag on a bridge square, no Flag on the back rank.
    Traditional,
}

/// Which game of the parlour's Gunjin family is played: its board, its
/// pieces and its ways to win (`shared/RULES.md` §8). Rule codes carry a
/// variant's name before the option letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// The 23-piece game on the 6×8 board (§1–§7).
    #[default]
    Standard,
    /// The standard game with a Marshal for one Second Lieutenant (§8.4).
    Marshal23,
    /// 21 pieces on the standard board, two camp nodes left empty (§8.3).
    American21,
    /// The missile march: 25 pieces on the 9×6 board (§8.2).
    Classic25,
}

impl Mode {
    pub const ALL: [Mode; 4] = [
        Mode::Standard,
        Mode::Marshal23,
        Mode::American21,
        Mode::Classic25,
    ];

    /// The name a rule code gives the mode (`None` for the standard game,
    /// whose codes have none, as they always had): its piece count after
    /// its initial, so `c25-htsrf` is Classic 25 under the house rules.
    pub const fn code(self) -> Option<&'static str> {
        match self {
            Mode::Standard => None,
            Mode::Marshal23 => Some("m23"),
            Mode::American21 => Some("a21"),
            Mode::Classic25 => Some("c25"),
        }
    }

    /// The board the mode is played on.
    pub const fn shape(self) -> &'static Shape {
        match self {
            Mode::Classic25 => &Shape::CLASSIC_25,
            Mode::Standard | Mode::Marshal23 | Mode::American21 => &Shape::STANDARD,
        }
    }

    /// How many pieces of `kind` each side has (`shared/RULES.md` §2,
    /// §8.2–§8.4); 0 for a kind the mode does not play with.
    pub const fn count(self, kind: Kind) -> u8 {
        use Kind::*;
        match (self, kind) {
            (Mode::Standard, Plane | Tank | Captain | Lieutenant | SecondLieutenant)
            | (Mode::Standard, Engineer | Mine) => 2,
            (Mode::Standard, General | LieutenantGeneral | MajorGeneral | Colonel)
            | (Mode::Standard, LieutenantColonel | Major | Cavalry | Spy | Flag) => 1,
            (Mode::Marshal23, SecondLieutenant | Marshal) => 1,
            (Mode::Marshal23, _) => Mode::Standard.count(kind),
            (Mode::American21, Engineer | Mine) => 2,
            (
                Mode::American21,
                Marshal | General | LieutenantGeneral | MajorGeneral | Commodore,
            )
            | (Mode::American21, Colonel | LieutenantColonel | Major | Captain | Lieutenant)
            | (Mode::American21, SecondLieutenant | Plane | Cavalry | MilitaryPolice | Spy)
            | (Mode::American21, AtomicBomb | Flag) => 1,
            (Mode::Classic25, Engineer) => 3,
            (Mode::Classic25, Colonel | LieutenantColonel | Major | Tank | Jet | Artillery)
            | (Mode::Classic25, Mine | Missile) => 2,
            (Mode::Classic25, Marshal | General | LieutenantGeneral | MajorGeneral | Spy)
            | (Mode::Classic25, AtomicBomb) => 1,
            _ => 0,
        }
    }

    /// The kinds the mode plays with, in [`Kind::ALL`] order.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.count(k) > 0)
    }

    /// How many pieces each side has.
    pub fn pieces(self) -> usize {
        self.kinds().map(|k| usize::from(self.count(k))).sum()
    }

    /// The kind each headquarters holds from the start, face-up, and that
    /// never leaves it: Classic 25's Marshal (§8.2).
    pub const fn in_hq(self) -> Option<Kind> {
        match self {
            Mode::Classic25 => Some(Kind::Marshal),
            Mode::Standard | Mode::Marshal23 | Mode::American21 => None,
        }
    }

    /// How `kind` moves in this mode: as [`Kind::mobility`] says, but
    /// Classic 25's Marshal never leaves its headquarters (§8.2).
    pub const fn mobility(self, kind: Kind) -> Mobility {
        match (self, kind) {
            (Mode::Classic25, Kind::Marshal) => Mobility::Fixed,
            _ => kind.mobility(),
        }
    }

    /// Whether a piece of `kind` is an officer of Major or above here: it
    /// wins by entering the enemy headquarters, and a game where neither
    /// side has one left is drawn. Classic 25's Marshal, which never
    /// moves, is not one (§8.2).
    #[inline]
    pub const fn takes_hq(self, kind: Kind) -> bool {
        TAKES_HQ[self as usize] >> kind.index() & 1 != 0
    }

    const fn is_standard(&self) -> bool {
        matches!(self, Mode::Standard)
    }

    /// Whether the Marshal stays in its headquarters all game: the mode
    /// plays with one that never moves (Classic 25). One bit looked up:
    /// every ply's move generation asks it.
    #[inline]
    pub const fn marshal_stays(self) -> bool {
        MODE_FLAGS[self as usize] & MARSHAL_STAYS != 0
    }

    /// Whether a side fires Missiles in this mode: it has them (Classic
    /// 25). One bit looked up, as [`Mode::marshal_stays`].
    #[inline]
    pub const fn strikes(self) -> bool {
        MODE_FLAGS[self as usize] & STRIKES != 0
    }
}

/// The bit of [`MODE_FLAGS`] for [`Mode::marshal_stays`].
const MARSHAL_STAYS: u8 = 1;
/// The bit of [`MODE_FLAGS`] for [`Mode::strikes`].
const STRIKES: u8 = 2;

/// What the hot paths ask of a mode, derived from its counts and
/// movement once.
const MODE_FLAGS: [u8; Mode::ALL.len()] = {
    let mut table = [0; Mode::ALL.len()];
    let mut m = 0;
    while m < Mode::ALL.len() {
        let mode = Mode::ALL[m];
        if mode.count(Kind::Marshal) > 0 && !mode.mobility(Kind::Marshal).moves() {
            table[m] |= MARSHAL_STAYS;
        }
        if mode.count(Kind::Missile) > 0 {
            table[m] |= STRIKES;
        }
        m += 1;
    }
    table
};

/// [`Mode::takes_hq`] as one bit per kind and mode: the referee asks it on
/// every capture and every ply's end check.
const TAKES_HQ: [u32; Mode::ALL.len()] = {
    let mut table = [0; Mode::ALL.len()];
    let mut m = 0;
    while m < Mode::ALL.len() {
        let mode = Mode::ALL[m];
        let mut k = 0;
        while k < Kind::ALL.len() {
            let kind = Kind::ALL[k];
            if kind.takes_hq() && mode.count(kind) > 0 && mode.mobility(kind).moves() {
                table[m] |= 1 << k;
            }
            k += 1;
        }
        m += 1;
    }
    table
};

/// A complete rule set: every difference between presets is an independent
/// option, so a table can mix them.
///
/// ```
/// use gunjin_rules::Rules;
/// let rules = Rules::TRADITIONAL;
/// assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Left out of the JSON for the standard game, so what was stored
    /// before modes existed reads and writes unchanged.
    #[serde(default, skip_serializing_if = "Mode::is_standard")]
    pub mode: Mode,
    pub strength: StrengthOrder,
    pub tank_vs_engineer: TankVsEngineer,
    pub mine: MineRule,
    pub front: Front,
    pub placement: Placement,
}

/// A named set of options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// The parlour's rules page (seed 000): the default.
    Kirakuken,
    /// The traditional game (seed 001).
    Traditional,
}

impl Preset {
    pub const ALL: [Preset; 2] = [Preset::Kirakuken, Preset::Traditional];

    pub const fn rules(self) -> Rules {
        match self {
            Preset::Kirakuken => Rules::KIRAKUKEN,
            Preset::Traditional => Rules::TRADITIONAL,
        }
    }
}

impl Rules {
    /// "Kirakuken house rules", the default.
    pub const KIRAKUKEN: Rules = Rules {
        mode: Mode::Standard,
        strength: StrengthOrder::House,
        tank_vs_engineer: TankVsEngineer::TankWins,
        mine: MineRule::Stays,
        front: Front::River,
        placement: Placement::Free,
    };

    /// The traditional game.
    pub const TRADITIONAL: Rules = Rules {
        mode: Mode::Standard,
        strength: StrengthOrder::Traditional,
        tank_vs_engineer: TankVsEngineer::EngineerWins,
        mine: MineRule::Explodes,
        front: Front::River,
        placement: Placement::Traditional,
    };

    /// The board these rules are played on.
    #[inline]
    pub const fn shape(self) -> &'static Shape {
        self.mode.shape()
    }

    /// The adjacency tables of this board and front.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        match self.mode {
            Mode::Classic25 => Geometry::of_classic_25(self.front),
            Mode::Standard | Mode::Marshal23 | Mode::American21 => Geometry::of(self.front),
        }
    }

    /// How many pieces of `kind` each side has: [`Mode::count`].
    #[inline]
    pub const fn count(self, kind: Kind) -> u8 {
        self.mode.count(kind)
    }

    /// How `kind` moves: [`Mode::mobility`].
    #[inline]
    pub const fn mobility(self, kind: Kind) -> Mobility {
        self.mode.mobility(kind)
    }

    /// Whether `kind` is an officer of Major or above: [`Mode::takes_hq`].
    #[inline]
    pub const fn takes_hq(self, kind: Kind) -> bool {
        self.mode.takes_hq(kind)
    }

    /// The preset whose options these are, in whichever mode, if any.
    ///
    /// ```
    /// use gunjin_rules::{Preset, Rules};
    /// let classic: Rules = "c25-texrt".parse().unwrap();
    /// assert_eq!(classic.preset(), Some(Preset::Traditional));
    /// assert_eq!("htsof".parse::<Rules>().unwrap().preset(), None);
    /// ```
    pub fn preset(self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            Rules {
                mode: self.mode,
                ..p.rules()
            } == self
        })
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::KIRAKUKEN
    }
}

/// One letter per option, in code order: (name, letter for each value).
const CODE: [(&str, [char; 2]); 5] = [
    ("strength order", ['h', 't']),
    ("tank vs engineer", ['t', 'e']),
    ("mine", ['s', 'x']),
    ("front", ['r', 'o']),
    ("placement", ['f', 't']),
];

impl Rules {
    fn code_bits(self) -> [bool; 5] {
        [
            self.strength == StrengthOrder::Traditional,
            self.tank_vs_engineer == TankVsEngineer::EngineerWins,
            self.mine == MineRule::Explodes,
            self.front == Front::Open,
            self.placement == Placement::Traditional,
        ]
    }

    fn from_code_bits(bits: [bool; 5]) -> Rules {
        fn pick<T>(bit: bool, off: T, on: T) -> T {
            if bit { on } else { off }
        }
        Rules {
            mode: Mode::Standard,
            strength: pick(bits[0], StrengthOrder::House, StrengthOrder::Traditional),
            tank_vs_engineer: pick(
                bits[1],
                TankVsEngineer::TankWins,
                TankVsEngineer::EngineerWins,
            ),
            mine: pick(bits[2], MineRule::Stays, MineRule::Explodes),
            front: pick(bits[3], Front::River, Front::Open),
            placement: pick(bits[4], Placement::Free, Placement::Traditional),
        }
    }
}

/// The rule code: five lowercase letters, one per option
/// (`htsrf` is the Kirakuken preset, `texrt` the traditional one). The
/// form `<mode>-<letters>` (a mode's name, a hyphen, then the letters) is
/// kept for the modes; the standard game's code never has the prefix.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(mode) = self.mode.code() {
            write!(f, "{mode}-")?;
        }
        for (bit, (_, letters)) in self.code_bits().into_iter().zip(CODE) {
            write!(f, "{}", letters[bit as usize])?;
        }
        Ok(())
    }
}

/// A rule code that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRulesError {
    /// A `<mode>-` prefix naming no mode this build plays.
    Mode {
        code: String,
        mode: String,
    },
    Length {
        code: String,
    },
    Letter {
        code: String,
        position: usize,
        option: &'static str,
        expected: [char; 2],
    },
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRulesError::Mode { code, mode } => write!(
                f,
                "rule code \"{code}\": \"{mode}\" is not a mode (m23, a21 or c25)"
            ),
            ParseRulesError::Length { code } => write!(
                f,
                "rule code \"{code}\" should be 5 letters, like htsrf (Kirakuken) or texrt (Traditional)"
            ),
            ParseRulesError::Letter {
                code,
                position,
                option,
                expected,
            } => write!(
                f,
                "rule code \"{code}\": letter {} sets the {option} and must be {} or {}",
                position + 1,
                expected[0],
                expected[1]
            ),
        }
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(code: &str) -> Result<Rules, ParseRulesError> {
        let (mode, options) = match code.split_once('-') {
            None => (Mode::Standard, code),
            Some((name, options)) => {
                let mode = Mode::ALL
                    .into_iter()
                    .find(|m| m.code() == Some(name))
                    .ok_or_else(|| ParseRulesError::Mode {
                        code: code.to_owned(),
                        mode: name.to_owned(),
                    })?;
                (mode, options)
            }
        };
        let letters: Vec<char> = options.chars().collect();
        if letters.len() != CODE.len() {
            return Err(ParseRulesError::Length {
                code: code.to_owned(),
            });
        }
        let mut bits = [false; 5];
        for (position, (&c, (option, expected))) in letters.iter().zip(CODE).enumerate() {
            bits[position] = match expected.iter().position(|&e| e == c) {
                Some(value) => value == 1,
                None => {
                    return Err(ParseRulesError::Letter {
                        code: code.to_owned(),
                        position,
                        option,
                        expected,
                    });
                }
            };
        }
        Ok(Rules {
            mode,
            ..Rules::from_code_bits(bits)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_round_trips() {
        for n in 0..32u8 {
            let bits = core::array::from_fn(|i| n >> i & 1 == 1);
            let rules = Rules::from_code_bits(bits);
            let code = rules.to_string();
            assert_eq!(code.len(), 5);
            assert!(code.chars().all(|c| c.is_ascii_lowercase()));
            assert_eq!(code.parse(), Ok(rules));
        }
        assert_eq!(Rules::KIRAKUKEN.to_string(), "htsrf");
        assert_eq!(Rules::TRADITIONAL.to_string(), "texrt");
    }

    #[test]
    fn malformed_codes_say_what_is_wrong() {
        let err = "htsr".parse::<Rules>().unwrap_err();
        assert!(err.to_string().contains("5 letters"));
        let err = "htqrf".parse::<Rules>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "rule code \"htqrf\": letter 3 sets the mine and must be s or x"
        );
        assert!("ht€rf".parse::<Rules>().is_err());
        let err = "c26-htsrf".parse::<Rules>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "rule code \"c26-htsrf\": \"c26\" is not a mode (m23, a21 or c25)"
        );
        assert_eq!(
            "-htsrf".parse::<Rules>(),
            Err(ParseRulesError::Mode {
                code: "-htsrf".into(),
                mode: String::new()
            })
        );
        assert!(matches!(
            "c25-htsr".parse::<Rules>(),
            Err(ParseRulesError::Length { .. })
        ));
        assert!(matches!(
            "a21-hqsrf".parse::<Rules>(),
            Err(ParseRulesError::Letter { position: 1, .. })
        ));
    }

    #[test]
    fn a_variant_code_is_its_mode_then_the_option_letters() {
        for mode in Mode::ALL {
            for n in 0..32u8 {
                let bits = core::array::from_fn(|i| n >> i & 1 == 1);
                let rules = Rules {
                    mode,
                    ..Rules::from_code_bits(bits)
                };
                let code = rules.to_string();
                assert_eq!(code.parse(), Ok(rules), "{code}");
                let json = serde_json::to_string(&rules).unwrap();
                assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
            }
        }
        let classic = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        assert_eq!(classic.to_string(), "c25-htsrf");
        assert_eq!("c25-htsrf".parse(), Ok(classic));
        assert_eq!(classic.shape(), &Shape::CLASSIC_25);
        let american = Rules {
            mode: Mode::American21,
            ..Rules::TRADITIONAL
        };
        assert_eq!(american.to_string(), "a21-texrt");
        assert_eq!(american.shape(), &Shape::STANDARD);
        assert_eq!("m23-htsrf".parse::<Rules>().unwrap().mode, Mode::Marshal23);
    }

    #[test]
    fn each_mode_has_its_piece_set() {
        let sizes = Mode::ALL.map(Mode::pieces);
        assert_eq!(sizes, [23, 23, 21, 25]);
        let camp = |mode: Mode| mode.shape().node_count() / 2;
        assert_eq!(Mode::ALL.map(camp), [23, 23, 23, 25]);
        assert_eq!(Mode::Marshal23.count(Kind::SecondLieutenant), 1);
        assert_eq!(Mode::Standard.count(Kind::Marshal), 0);
        assert_eq!(Mode::Classic25.count(Kind::Engineer), 3);
        assert_eq!(Mode::Classic25.count(Kind::Flag), 0);
        assert_eq!(Mode::American21.count(Kind::AtomicBomb), 1);
    }

    #[test]
    fn the_officers_of_major_or_above_per_mode() {
        let officers =
            |mode: Mode| -> Vec<Kind> { mode.kinds().filter(|&k| mode.takes_hq(k)).collect() };
        use Kind::*;
        let standard = [
            General,
            LieutenantGeneral,
            MajorGeneral,
            Colonel,
            LieutenantColonel,
            Major,
        ];
        assert_eq!(officers(Mode::Standard), standard);
        assert_eq!(officers(Mode::Classic25), standard);
        assert_eq!(
            officers(Mode::Marshal23),
            [&standard[..], &[Marshal]].concat()
        );
        assert_eq!(
            officers(Mode::American21),
            [&standard[..], &[Marshal, Commodore]].concat()
        );
    }

    #[test]
    fn old_codes_still_mean_the_standard_game() {
        for (code, preset) in [("htsrf", Rules::KIRAKUKEN), ("texrt", Rules::TRADITIONAL)] {
            assert_eq!(code.parse(), Ok(preset));
        }
        let rules: Rules = "texrt".parse().unwrap();
        assert_eq!(rules.mode, Mode::Standard);
        let stored = r#"{"strength":"House","tank_vs_engineer":"TankWins","mine":"Stays","front":"River","placement":"Free"}"#;
        assert_eq!(
            serde_json::from_str::<Rules>(stored).unwrap(),
            Rules::KIRAKUKEN
        );
    }

    #[test]
    fn the_standard_game_keeps_its_code_and_json() {
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            assert_eq!(rules.mode, Mode::Standard);
            assert_eq!(rules.to_string().len(), 5);
            let json = serde_json::to_string(&rules).unwrap();
            assert!(!json.contains("mode"), "{json}");
            assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        }
    }
}
