//! The CPU levels a host can seat, as the protocol names them.

use core::fmt;

use serde::{Deserialize, Serialize};

/// A CPU seat's level, written as the lowercase strings the protocol has
/// always used (`"easy"`, `"normal"`, `"hard"`), so stored tables and
/// messages of earlier builds still read.
///
/// ```
/// use gunjin_table::Level;
/// assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), r#""hard""#);
/// assert!(serde_json::from_str::<Level>(r#""godlike""#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
