//! Which game a table plays: the key every table, message and stored
//! table carries, so a second game (Shogi, `shared/SHOGI.md`) shares the
//! server's seats, tokens, timers and storage beside Gunjin.

use serde::{Deserialize, Serialize};

/// The game of a table. Messages and tables from before the tag read as
/// [`GameTag::Gunjin`], the only game they could be.
///
/// ```
/// use gunjin_table::GameTag;
/// assert_eq!(serde_json::to_string(&GameTag::Shogi).unwrap(), r#""shogi""#);
/// assert_eq!(GameTag::default(), GameTag::Gunjin);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameTag {
    #[default]
    Gunjin,
    Shogi,
}

impl GameTag {
    /// Whether this is the default, left out of a client's `open` so a
    /// server of an earlier build (which refuses unknown fields) still
    /// reads it.
    pub fn is_gunjin(&self) -> bool {
        *self == GameTag::Gunjin
    }
}
