//! A CPU seat's level: a Gunjin level or a Shogi level, each written as
//! its own lowercase name. The names differ, so the one string tells the
//! game, and seats stored before Shogi (`"hard"`) read unchanged.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Level;

/// The level of a CPU seat at a table of either game.
///
/// ```
/// use gunjin_table::{CpuLevel, Level, ShogiLevel};
/// let read = |s: &str| serde_json::from_str::<CpuLevel>(s).unwrap();
/// assert_eq!(read(r#""hard""#), CpuLevel::Gunjin(Level::Hard));
/// assert_eq!(read(r#""club""#), CpuLevel::Shogi(ShogiLevel::Club));
/// assert!(serde_json::from_str::<CpuLevel>(r#""godlike""#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&str", try_from = "String")]
pub enum CpuLevel {
    Gunjin(Level),
    Shogi(ShogiLevel),
}

pub use shogi_worker_protocol::Level as ShogiLevel;

impl CpuLevel {
    pub fn name(self) -> &'static str {
        match self {
            CpuLevel::Gunjin(level) => level.id(),
            CpuLevel::Shogi(level) => level.id(),
        }
    }
}

impl From<CpuLevel> for &'static str {
    fn from(level: CpuLevel) -> &'static str {
        level.name()
    }
}

impl fmt::Display for CpuLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no level of either game.
#[derive(Debug)]
pub struct UnknownLevel;

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no CPU level has this name")
    }
}

impl FromStr for CpuLevel {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<CpuLevel, UnknownLevel> {
        let gunjin = name.parse().map(CpuLevel::Gunjin).ok();
        gunjin
            .or_else(|| name.parse().map(CpuLevel::Shogi).ok())
            .ok_or(UnknownLevel)
    }
}

impl TryFrom<String> for CpuLevel {
    type Error = UnknownLevel;

    fn try_from(name: String) -> Result<CpuLevel, UnknownLevel> {
        name.parse()
    }
}

impl From<Level> for CpuLevel {
    fn from(level: Level) -> CpuLevel {
        CpuLevel::Gunjin(level)
    }
}

impl From<ShogiLevel> for CpuLevel {
    fn from(level: ShogiLevel) -> CpuLevel {
        CpuLevel::Shogi(level)
    }
}
