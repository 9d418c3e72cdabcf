//! The CPU levels a player can ask for.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// A CPU level the app offers (the CPU crate's playable levels), asked
/// of the worker and seated at an online table (`gunjin_table` re-exports
/// it). It travels, and is stored, as its lowercase name.
///
/// ```
/// use gunjin_worker_protocol::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Easy.to_string(), "easy");
/// assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), r#""hard""#);
/// assert!(serde_json::from_str::<Level>(r#""godlike""#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    #[default]
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The stable identifier used in storage, URLs, the DOM and the
    /// worker protocol (where it names the CPU crate's level).
    pub const fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Level {
    type Err = ();
    fn from_str(s: &str) -> Result<Level, ()> {
        Level::ALL.into_iter().find(|d| d.id() == s).ok_or(())
    }
}
