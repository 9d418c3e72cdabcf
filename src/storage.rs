//! The one place the app reads and writes the browser's storage
//! (localStorage): a few entries, each under its own key with a schema
//! version. Reading never panics and never throws data away: an entry that
//! does not read (damaged, another app's, another version) is moved aside
//! under another key and reported; a browser that refuses storage leaves the
//! app playing, without saving.
//!
//! Not on `gloo-storage` (the design card's choice for the browser's
//! storage): every call of its `LocalStorage` goes through `raw()`, which
//! throws when the browser refuses storage (cookies blocked, some private
//! modes), and that must leave the app playing (`saved.spec.ts`, "with
//! storage refused"). Its reading and writing would also have to be
//! wrapped for the versions and the entries put aside, which are most of
//! this module.

use core::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Something the app keeps in storage.
pub trait Entry: Serialize + DeserializeOwned {
    /// The localStorage key.
    const KEY: &'static str;
    /// Bumped when the stored shape changes; other versions do not read.
    const VERSION: u32;
    /// What the entry is, for the player: "your settings", "your game".
    const WHAT: What;
}

/// Which entry a problem is about, so the message can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    Settings,
    SetupDraft,
    Game,
    Seats,
    ShogiSettings,
    ShogiGame,
    ShogiTsume,
    Lessons,
    Puzzles,
}

/// What went wrong with storage, to tell the player once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// An entry did not read; it was moved to the key `aside` (or left where
    /// it was if there was no room to move it).
    Unreadable { what: What, aside: Option<String> },
    /// The browser refuses storage (a privacy setting, some private modes).
    Unavailable,
    /// Saving failed, most likely because storage is full.
    NotSaved,
}

/// Where in a text reading it stopped. The parser's own message is not
/// kept: printing it links float formatting into the app, for a detail the
/// player has no use for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub line: usize,
    pub column: usize,
}

impl From<serde_json::Error> for At {
    fn from(e: serde_json::Error) -> At {
        At {
            line: e.line(),
            column: e.column(),
        }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why an entry's text is not one the app can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    NotJson(At),
    NoVersion,
    Version { found: u64, expected: u32 },
    Shape(At),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotJson(at) => write!(f, "not JSON (at {at})"),
            ReadError::NoVersion => f.write_str("no schema version"),
            ReadError::Version { found, expected } => {
                write!(f, "schema version {found}, this app reads {expected}")
            }
            ReadError::Shape(at) => write!(f, "unexpected content (at {at})"),
        }
    }
}

/// The stored text of an entry: its fields plus `"version"`.
pub fn to_text<E: Entry>(entry: &E) -> String {
    #[derive(Serialize)]
    struct Stored<'a, E> {
        version: u32,
        #[serde(flatten)]
        entry: &'a E,
    }
    serde_json::to_string(&Stored {
        version: E::VERSION,
        entry,
    })
    .unwrap_or_default()
}

/// Reads an entry from its stored text, checking the schema version first.
pub fn from_text<E: Entry>(text: &str) -> Result<E, ReadError> {
    from_text_as(text, E::VERSION)
}

/// Reads a stored text of schema `version` as `T`: an entry, or a lighter
/// reading of one that checks only its outline (the export file's check).
pub fn from_text_as<T: DeserializeOwned>(text: &str, version: u32) -> Result<T, ReadError> {
    #[derive(Deserialize)]
    struct Versioned {
        version: Option<u64>,
    }
    let versioned: Versioned =
        serde_json::from_str(text).map_err(|e| ReadError::NotJson(e.into()))?;
    match versioned.version {
        None => Err(ReadError::NoVersion),
        Some(found) if found != u64::from(version) => Err(ReadError::Version {
            found,
            expected: version,
        }),
        Some(_) => serde_json::from_str(text).map_err(|e| ReadError::Shape(e.into())),
    }
}

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether the browser lets the app store anything.
pub fn available() -> bool {
    local().is_some()
}

/// The entry as saved: `Ok(None)` when there is none. An entry that does
/// not read is moved aside and reported.
pub fn load<E: Entry>() -> Result<Option<E>, Problem> {
    load_as::<E, E>()
}

/// The entry as saved, read as `T`: the entry itself, or a lighter
/// reading of it (a saved game's outline).
pub fn load_as<E: Entry, T: DeserializeOwned>() -> Result<Option<T>, Problem> {
    let store = local().ok_or(Problem::Unavailable)?;
    let Some(text) = store.get_item(E::KEY).ok().flatten() else {
        return Ok(None);
    };
    match from_text_as::<T>(&text, E::VERSION) {
        Ok(entry) => Ok(Some(entry)),
        Err(_) => Err(Problem::Unreadable {
            what: E::WHAT,
            aside: put_aside(&store, E::KEY, &text),
        }),
    }
}

/// Moves an entry aside that read but does not make sense (a game record
/// that does not replay), reporting it like one that does not read.
pub fn reject<E: Entry>() -> Problem {
    let aside = local().and_then(|store| {
        let text = store.get_item(E::KEY).ok().flatten()?;
        put_aside(&store, E::KEY, &text)
    });
    Problem::Unreadable {
        what: E::WHAT,
        aside,
    }
}

/// Moves unreadable `text` from `key` to a key of its own, returning that
/// key. The original goes first so that even a value filling the storage
/// fits again; if the copy still fails, the original is put back.
fn put_aside(store: &web_sys::Storage, key: &str, text: &str) -> Option<String> {
    let aside = format!("{key}.unreadable.{}", js_sys::Date::now() as u64);
    let _ = store.remove_item(key);
    if store.set_item(&aside, text).is_ok() {
        Some(aside)
    } else {
        let _ = store.set_item(key, text);
        None
    }
}

/// Saves an entry (with its schema version).
pub fn save<E: Entry>(entry: &E) -> Result<(), Problem> {
    let store = local().ok_or(Problem::Unavailable)?;
    store
        .set_item(E::KEY, &to_text(entry))
        .map_err(|_| Problem::NotSaved)
}

/// Forgets an entry (a finished setup draft).
pub fn remove<E: Entry>() {
    if let Some(store) = local() {
        let _ = store.remove_item(E::KEY);
    }
}

/// The stored text under `key`, as it is.
pub fn raw(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Writes checked entries (stored texts by key), all or nothing as far as
/// the browser allows: on a failure, what was written is rolled back.
pub fn import_entries(entries: &[(String, String)]) -> Result<(), Problem> {
    let store = local().ok_or(Problem::Unavailable)?;
    let before: Vec<(String, Option<String>)> = entries
        .iter()
        .map(|(k, _)| (k.clone(), store.get_item(k).ok().flatten()))
        .collect();
    for (key, value) in entries {
        if store.set_item(key, value).is_err() {
            for (key, old) in &before {
                let _ = match old {
                    Some(text) => store.set_item(key, text),
                    None => store.remove_item(key),
                };
            }
            return Err(Problem::NotSaved);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Thing {
        n: u32,
    }

    impl Entry for Thing {
        const KEY: &'static str = "thing";
        const VERSION: u32 = 3;
        const WHAT: What = What::Settings;
    }

    #[test]
    fn entries_carry_their_version() {
        let text = to_text(&Thing { n: 7 });
        assert_eq!(text, r#"{"version":3,"n":7}"#);
        assert_eq!(from_text::<Thing>(&text), Ok(Thing { n: 7 }));
    }

    #[test]
    fn other_versions_and_garbage_do_not_read() {
        assert_eq!(
            from_text::<Thing>(r#"{"n":7,"version":2}"#),
            Err(ReadError::Version {
                found: 2,
                expected: 3
            })
        );
        assert_eq!(from_text::<Thing>(r#"{"n":7}"#), Err(ReadError::NoVersion));
        assert!(matches!(
            from_text::<Thing>("{{{"),
            Err(ReadError::NotJson(_))
        ));
        assert!(matches!(
            from_text::<Thing>(r#"{"n":"seven","version":3}"#),
            Err(ReadError::Shape(_))
        ));
        assert!(matches!(
            from_text::<Thing>(&"x".repeat(100_000)),
            Err(ReadError::NotJson(_))
        ));
    }
}
