//! The one place the app reads and writes the browser's storage
//! (localStorage through gloo-storage): the home page's choices and the
//! setup of the previous game, under one key with a schema version.

use gloo_storage::{LocalStorage, Storage};
use gunjin_rules::Setup;
use serde::{Deserialize, Serialize};

use crate::model::settings::Settings;

/// The localStorage key.
pub const KEY: &str = "gunjin";
/// Bumped when the stored shape changes; older data is then ignored.
pub const VERSION: u32 = 1;

/// Everything the app remembers between visits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Saved {
    pub version: u32,
    pub settings: Settings,
    /// The setup of the previous game ("Last setup").
    pub last_setup: Option<Setup>,
}

/// What was saved, or the defaults.
pub fn load() -> Saved {
    LocalStorage::get::<Saved>(KEY)
        .ok()
        .filter(|s| s.version == VERSION)
        .unwrap_or_default()
}

/// Saves everything (private browsing may refuse; the app then simply
/// forgets).
pub fn save(saved: &Saved) {
    let saved = Saved {
        version: VERSION,
        ..saved.clone()
    };
    let _ = LocalStorage::set(KEY, &saved);
}
