//! The export file: everything the app keeps, in one JSON file that a
//! player can keep or carry to another device (mobile browsers may evict a
//! site's storage). An import is checked entry by entry exactly as the app
//! reads storage, and is taken whole or not at all.

use core::fmt;

use std::collections::BTreeMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::model::friend::SavedFriends;
use crate::model::lessons::LessonProgress;
use crate::model::puzzle::SavedPuzzles;
use crate::model::session::{SavedGame, SavedOutline};
use crate::model::settings::Saved;
use crate::model::setup_board::SetupDraft;
use crate::shogi::session::SavedShogi;
use crate::shogi::settings::ShogiSettings;
use crate::shogi::tsume::TsumeProgress;
use crate::storage::{At, Entry, ReadError, from_text, from_text_as};

/// Names the file as ours.
pub const APP: &str = "gunjin-shogi";

/// Checks a stored text as the app would read it.
type Check = fn(&str) -> Result<(), ReadError>;

/// The keys of every entry, and how to check one. The tsume and lesson
/// progress and the puzzles are checked for their version only (as JSON): their pages read
/// the rest, and put aside what does not read, so the first load carries
/// no reader of them.
const ENTRIES: [(&str, Check); 9] = [
    (Saved::KEY, check::<Saved>),
    (SetupDraft::KEY, check::<SetupDraft>),
    (SavedGame::KEY, |text| {
        from_text_as::<SavedOutline>(text, SavedGame::VERSION).map(drop)
    }),
    (ShogiSettings::KEY, check::<ShogiSettings>),
    (SavedShogi::KEY, |text| {
        from_text_as::<StoredShogi>(text, SavedShogi::VERSION).map(drop)
    }),
    (SavedFriends::KEY, |text| {
        from_text_as::<StoredFriends>(text, SavedFriends::VERSION).map(drop)
    }),
    (TsumeProgress::KEY, |text| {
        from_text_as::<IgnoredAny>(text, TsumeProgress::VERSION).map(drop)
    }),
    (LessonProgress::KEY, |text| {
        from_text_as::<IgnoredAny>(text, LessonProgress::VERSION).map(drop)
    }),
    (SavedPuzzles::KEY, |text| {
        from_text_as::<IgnoredAny>(text, SavedPuzzles::VERSION).map(drop)
    }),
];

/// The Shogi game as the export file checks it: its version and its shape,
/// the record left as text. Reading the record (SFEN, USI) is the play
/// page's, which replays it through the rules and puts aside one that does
/// not replay, as it does with storage; so the home page's module does not
/// carry the Shogi parsers.
#[derive(Deserialize)]
struct StoredShogi {
    #[serde(rename = "record")]
    _record: Box<RawValue>,
    #[serde(rename = "you")]
    _you: Box<RawValue>,
}

/// The pass-and-play game as the export file checks it, for the same
/// reason: its version and shape, its setups and record left as text for
/// the friend page, which replays them through the rules.
#[derive(Deserialize)]
struct StoredFriends {
    #[serde(rename = "names")]
    _names: Box<RawValue>,
    #[serde(rename = "rules")]
    _rules: Box<RawValue>,
    #[serde(rename = "record")]
    _record: Box<RawValue>,
}

fn check<E: Entry>(text: &str) -> Result<(), ReadError> {
    from_text::<E>(text).map(|_| ())
}

#[derive(Serialize, Deserialize)]
struct File {
    app: String,
    entries: BTreeMap<String, Box<RawValue>>,
}

/// Why a file cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    NotJson(At),
    NotOurs,
    Empty,
    Entry { key: String, error: ReadError },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::NotJson(at) => write!(f, "the file is not JSON (at {at})"),
            ImportError::NotOurs => f.write_str("the file is not a Gunjin Shogi export"),
            ImportError::Empty => f.write_str("the file holds nothing to import"),
            ImportError::Entry { key, error } => write!(f, "\"{key}\": {error}"),
        }
    }
}

/// The export file's text from the stored text of each entry (by key).
/// Entries that do not read are left out.
pub fn export(stored: impl Fn(&str) -> Option<String>) -> String {
    let entries = ENTRIES
        .iter()
        .filter_map(|(key, check)| {
            let text = stored(key)?;
            check(&text).ok()?;
            Some(((*key).to_owned(), RawValue::from_string(text).ok()?))
        })
        .collect();
    let file = File {
        app: APP.to_owned(),
        entries,
    };
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// The entries of an import file (key and stored text), each checked.
/// Keys the app does not know are refused, so nothing foreign is stored.
pub fn import(text: &str) -> Result<Vec<(String, String)>, ImportError> {
    let file: File = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            ImportError::NotOurs
        } else {
            ImportError::NotJson(e.into())
        }
    })?;
    if file.app != APP {
        return Err(ImportError::NotOurs);
    }
    if file.entries.is_empty() {
        return Err(ImportError::Empty);
    }
    file.entries
        .into_iter()
        .map(|(key, value)| {
            let (_, check) = ENTRIES
                .iter()
                .find(|(k, _)| *k == key)
                .ok_or(ImportError::NotOurs)?;
            let text = value.get().to_owned();
            check(&text).map_err(|error| ImportError::Entry {
                key: key.clone(),
                error,
            })?;
            Ok((key, text))
        })
        .collect()
}

/// The entries that hold a game (against the CPU, Shogi, with a friend).
const GAMES: [&str; 3] = [SavedGame::KEY, SavedShogi::KEY, SavedFriends::KEY];

/// Whether importing `entries` would replace a stored game by another:
/// the import then asks first, as every new game over a stored one does.
pub fn replaces_a_game(
    entries: &[(String, String)],
    stored: impl Fn(&str) -> Option<String>,
) -> bool {
    entries.iter().any(|(key, text)| {
        GAMES.contains(&key.as_str()) && stored(key).is_some_and(|old| old != *text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::settings::Level;
    use crate::storage::to_text;

    fn saved() -> Saved {
        let mut saved = Saved::default();
        saved.settings.name = "Aki".into();
        saved.settings.difficulty = Level::Hard;
        saved
    }

    #[test]
    fn an_export_imports_back() {
        let text = to_text(&saved());
        let file = export(|key| (key == Saved::KEY).then(|| text.clone()));
        let entries = import(&file).unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].0, Saved::KEY);
        assert_eq!(from_text::<Saved>(&entries[0].1), Ok(saved()));
    }

    /// Both games' entries travel in one file.
    #[test]
    fn the_shogi_entries_are_exported_too() {
        use crate::shogi::session::Session;
        let mut session = Session::new(
            &ShogiSettings::default(),
            5,
            crate::shogi::session::Opponent::Cpu,
        );
        session.play("7g7f".parse().unwrap()).unwrap();
        let stored = [
            (Saved::KEY, to_text(&saved())),
            (ShogiSettings::KEY, to_text(&ShogiSettings::default())),
            (SavedShogi::KEY, to_text(&session.saved())),
        ];
        let file = export(|key| {
            stored
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, t)| t.clone())
        });
        let entries = import(&file).unwrap();
        assert_eq!(entries.len(), 3);
        let game = entries.iter().find(|(k, _)| k == SavedShogi::KEY).unwrap();
        let back = Session::resume(&from_text::<SavedShogi>(&game.1).unwrap()).unwrap();
        assert_eq!(back.game().moves(), session.game().moves());
    }

    /// A game with a friend on this device travels too, and comes back
    /// at the same point.
    #[test]
    fn the_friend_game_is_exported_too() {
        use crate::model::friend::Friends;
        use gunjin_rules::{ByColor, Color, Rules, Setup};
        let names = ByColor {
            south: "Aki".to_owned(),
            north: "Ben".to_owned(),
        };
        let mut friends = Friends::new(names, Rules::default(), Color::South);
        let setup: Setup = "ATNESV/SPOJNT/EXFCPY/XAGML".parse().unwrap();
        friends.take();
        friends.set_up(setup).unwrap();
        let text = to_text(&friends.saved());
        let file = export(|key| (key == SavedFriends::KEY).then(|| text.clone()));
        let entries = import(&file).unwrap();
        assert_eq!(entries, vec![(SavedFriends::KEY.to_owned(), text)]);
        let back = Friends::resume(&from_text::<SavedFriends>(&entries[0].1).unwrap()).unwrap();
        assert_eq!(back.saved(), friends.saved());
        // A stored game of another shape is refused by name.
        let bad = r#"{"app": "gunjin-shogi", "entries": {"gunjin-friend": {"version": 1, "names": ["A", "B"]}}}"#;
        assert!(
            matches!(import(bad), Err(ImportError::Entry { key, .. }) if key == SavedFriends::KEY)
        );
    }

    #[test]
    fn unreadable_entries_are_not_exported() {
        let file = export(|_| Some("{ not json".into()));
        assert_eq!(import(&file), Err(ImportError::Empty));
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert!(matches!(import("%PDF-1.4"), Err(ImportError::NotJson(_))));
        assert_eq!(import(r#"{"hello": 1}"#), Err(ImportError::NotOurs));
        assert_eq!(
            import(r#"{"app": "chess", "entries": {}}"#),
            Err(ImportError::NotOurs)
        );
        let foreign = r#"{"app": "gunjin-shogi", "entries": {"other": {}}}"#;
        assert_eq!(import(foreign), Err(ImportError::NotOurs));
        let old = r#"{"app": "gunjin-shogi", "entries": {"gunjin": {"version": 0}}}"#;
        assert!(matches!(
            import(old),
            Err(ImportError::Entry {
                error: ReadError::Version { found: 0, .. },
                ..
            })
        ));
    }

    /// An export of the build before the tsume puzzles (Shogi's settings
    /// and game, no progress entry) still imports whole, and the progress
    /// entry travels in the file beside them.
    #[test]
    fn an_export_before_the_tsume_still_reads_and_the_progress_travels() {
        let file = include_str!("../../tests/fixtures/export-v2-shogi.json");
        let entries = import(file).unwrap();
        assert_eq!(entries.len(), 3);
        let settings = entries
            .iter()
            .find(|(k, _)| k == ShogiSettings::KEY)
            .unwrap();
        assert_eq!(
            to_text(&from_text::<ShogiSettings>(&settings.1).unwrap()),
            settings.1
        );
        let progress = TsumeProgress {
            solved: ["0badc0de".to_owned()].into(),
            streak: 3,
            last_daily: Some(20_000),
        };
        let mut stored: BTreeMap<&str, String> = entries
            .iter()
            .map(|(k, t)| (ENTRIES.iter().find(|(e, _)| e == k).unwrap().0, t.clone()))
            .collect();
        stored.insert(TsumeProgress::KEY, to_text(&progress));
        let again = import(&export(|key| stored.get(key).cloned())).unwrap();
        assert_eq!(again.len(), 4);
        let (_, text) = again.iter().find(|(k, _)| k == TsumeProgress::KEY).unwrap();
        assert_eq!(from_text::<TsumeProgress>(text), Ok(progress));
    }

    /// An export written by the build before the redesign: every entry
    /// still reads, the game still replays, and each writes back the same
    /// text, so nothing stored or exported today is lost.
    #[test]
    fn an_export_of_the_first_build_still_reads() {
        let file = include_str!("../../tests/fixtures/export-v1.json");
        let entries = import(file).unwrap();
        assert_eq!(entries.len(), 3);
        for (key, text) in &entries {
            let again = match key.as_str() {
                Saved::KEY => to_text(&from_text::<Saved>(text).unwrap()),
                SetupDraft::KEY => to_text(&from_text::<SetupDraft>(text).unwrap()),
                _ => {
                    let game = from_text::<SavedGame>(text).unwrap();
                    game.record.replay().unwrap();
                    to_text(&game)
                }
            };
            assert_eq!(&again, text, "{key}");
        }
    }

    /// A file asks before it replaces a stored game, and not when it holds
    /// the same game or none.
    #[test]
    fn an_import_over_a_stored_game_asks() {
        let entries = vec![
            (Saved::KEY.to_owned(), "settings".to_owned()),
            (SavedShogi::KEY.to_owned(), "game 2".to_owned()),
        ];
        let stored =
            |game: &'static str| move |key: &str| (key == SavedShogi::KEY).then(|| game.to_owned());
        assert!(replaces_a_game(&entries, stored("game 1")));
        assert!(!replaces_a_game(&entries, stored("game 2")));
        assert!(!replaces_a_game(&entries, |_| None));
        assert!(!replaces_a_game(&entries[..1], stored("game 1")));
    }

    /// An export of the build before the lessons, with an entry of every
    /// kind it kept: it imports whole, and exports back the same file.
    #[test]
    fn an_export_of_the_build_before_the_lessons_still_reads() {
        let file = include_str!("../../tests/fixtures/export-v2.json");
        let entries = import(file).unwrap();
        assert_eq!(entries.len(), 6);
        let again = export(|key| {
            entries
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, t)| t.clone())
        });
        assert_eq!(again, file.trim_end());
    }

    /// The lessons' progress travels in the file too.
    #[test]
    fn the_lesson_progress_is_exported_too() {
        let course = &lessons::COURSES[0];
        let mut progress = LessonProgress::default();
        progress.complete(course, &course.steps[0]);
        let text = to_text(&progress);
        let file = export(|key| (key == LessonProgress::KEY).then(|| text.clone()));
        let entries = import(&file).unwrap();
        assert_eq!(entries, vec![(LessonProgress::KEY.to_owned(), text)]);
        assert_eq!(from_text::<LessonProgress>(&entries[0].1), Ok(progress));
    }
}
