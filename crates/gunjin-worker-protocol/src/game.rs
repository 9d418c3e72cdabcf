//! Which of the parlour's games a message is for.

use serde::{Deserialize, Serialize};

/// The game a request is for. This worker plays Gunjin Shogi, in whichever
/// mode the request's rules name (their rule code carries the mode); a
/// request for another game is answered with an error, so an app that asks
/// a Shogi question of it hears why. Left out of the JSON for Gunjin Shogi,
/// so every message written before the tag existed reads, and writes,
/// unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    #[default]
    Gunjin,
    /// Regular Shogi (`shared/SHOGI.md`), played by its own CPU.
    Shogi,
}

impl Game {
    pub(crate) const fn is_gunjin(&self) -> bool {
        matches!(self, Game::Gunjin)
    }
}
