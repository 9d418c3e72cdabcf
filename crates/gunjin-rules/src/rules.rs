//! Rule options, the two presets, and the short rule code that travels in URLs.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Geometry, Kind, Shape};

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
/// pieces and its ways to win (`shared/RULES.md` §8). Only the standard
/// 23-piece game is played today; the modes of §8 become cases here, and
/// their rule codes carry the mode's name before the option letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// The 23-piece game on the 6×8 board (§1–§7).
    #[default]
    Standard,
}

impl Mode {
    pub const ALL: [Mode; 1] = [Mode::Standard];

    /// The name a rule code gives the mode (`None` for the standard game,
    /// whose codes have none, as they always had).
    pub const fn code(self) -> Option<&'static str> {
        match self {
            Mode::Standard => None,
        }
    }

    /// The board the mode is played on.
    pub const fn shape(self) -> &'static Shape {
        match self {
            Mode::Standard => &Shape::STANDARD,
        }
    }

    const fn is_standard(&self) -> bool {
        matches!(self, Mode::Standard)
    }
}

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

    /// How many pieces of `kind` a camp holds.
    pub fn count(self, kind: Kind) -> u8 {
        kind.count()
    }

    /// The adjacency tables of this board and front.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        match self.mode {
            Mode::Standard => Geometry::of(self.front),
        }
    }

    /// The preset these options are exactly, if any.
    pub fn preset(self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == self)
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
                "rule code \"{code}\": \"{mode}\" is not a mode this app plays yet"
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
        let err = "c25-htsrf".parse::<Rules>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "rule code \"c25-htsrf\": \"c25\" is not a mode this app plays yet"
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
