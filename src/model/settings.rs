//! What a player chooses on the home page and the app remembers: name, CPU
//! level, mode and rules preset, the clock of the tables they open, and
//! language.

use gunjin_rules::{Mode, Preset, Rules, Setup};
use gunjin_table::Clock;
use serde::{Deserialize, Serialize};

use crate::storage::{Entry, What};

/// The CPU levels a player can pick: the worker protocol's, so what is
/// stored and what is asked are one type.
pub use gunjin_worker_protocol::Level;

/// The stable identifier of a preset.
pub const fn preset_id(preset: Preset) -> &'static str {
    match preset {
        Preset::Kirakuken => "kirakuken",
        Preset::Traditional => "traditional",
    }
}

pub fn preset_from_id(id: &str) -> Option<Preset> {
    Preset::ALL.into_iter().find(|&p| preset_id(p) == id)
}

/// The choices remembered between visits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub name: String,
    pub difficulty: Level,
    pub preset: Preset,
    /// The game of the Gunjin family played (left out while it is the
    /// standard one, so that settings stored before modes write back
    /// unchanged).
    #[serde(skip_serializing_if = "is_standard")]
    pub mode: Mode,
    /// A language code ("en", "ja" or "th"; `i18n::Locale::from_code`);
    /// `None` follows the browser's language.
    pub locale: Option<String>,
    /// Whether the play screen shows hints about the enemy's pieces.
    pub hints: bool,
    /// The clock of the tables this player opens (left out while it is the
    /// default, so that settings stored before it write back unchanged).
    #[serde(skip_serializing_if = "TableClock::is_none")]
    pub clock: TableClock,
    /// Whether moves, battles and the end of a game make a sound (both
    /// games; left out while on, so that settings stored before it write
    /// back unchanged).
    #[serde(skip_serializing_if = "is_on")]
    pub sound: bool,
    /// Whether a phone vibrates on the opponent's move (left out while on).
    #[serde(skip_serializing_if = "is_on")]
    pub vibration: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            name: String::new(),
            difficulty: Level::Easy,
            preset: Preset::Kirakuken,
            mode: Mode::Standard,
            locale: None,
            hints: false,
            clock: TableClock::None,
            sound: true,
            vibration: true,
        }
    }
}

impl Settings {
    /// The preset's options played in the chosen mode.
    pub fn rules(&self) -> Rules {
        Rules {
            mode: self.mode,
            ..self.preset.rules()
        }
    }

    /// The name to show: the one typed, trimmed, if any.
    pub fn display_name(&self) -> Option<&str> {
        Some(self.name.trim()).filter(|n| !n.is_empty())
    }
}

fn is_on(switch: &bool) -> bool {
    *switch
}

fn is_standard(mode: &Mode) -> bool {
    *mode == Mode::Standard
}

/// The clocks offered when opening a table: none, or one that fits a game
/// of 15 to 30 minutes. The server keeps the time; who runs out loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableClock {
    #[default]
    None,
    Move30s,
    Move1m,
    Game10m,
    Game20m,
}

impl TableClock {
    pub const ALL: [TableClock; 5] = [
        TableClock::None,
        TableClock::Move30s,
        TableClock::Move1m,
        TableClock::Game10m,
        TableClock::Game20m,
    ];

    /// The clock the table is opened with.
    pub const fn clock(self) -> Option<Clock> {
        const SECOND: u64 = 1000;
        match self {
            TableClock::None => None,
            TableClock::Move30s => Some(Clock::PerMove {
                millis: 30 * SECOND,
            }),
            TableClock::Move1m => Some(Clock::PerMove {
                millis: 60 * SECOND,
            }),
            TableClock::Game10m => Some(Clock::PerGame {
                millis: 600 * SECOND,
            }),
            TableClock::Game20m => Some(Clock::PerGame {
                millis: 1200 * SECOND,
            }),
        }
    }

    /// The stable identifier, for the home page's `<select>`.
    pub const fn id(self) -> &'static str {
        match self {
            TableClock::None => "none",
            TableClock::Move30s => "move-30s",
            TableClock::Move1m => "move-1m",
            TableClock::Game10m => "game-10m",
            TableClock::Game20m => "game-20m",
        }
    }

    fn is_none(&self) -> bool {
        *self == TableClock::None
    }

    pub fn from_id(id: &str) -> Option<TableClock> {
        TableClock::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// Everything the app remembers between games: the home page's choices
/// and the setup of the previous game ("Last setup"), one per mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Saved {
    pub settings: Settings,
    /// The standard game's (the only one before modes, under this name).
    last_setup: Option<Setup>,
    /// The variant modes', each once (left out while there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    mode_setups: Vec<(Mode, Setup)>,
}

impl Saved {
    /// The setup last played in `mode`.
    pub fn last_setup(&self, mode: Mode) -> Option<Setup> {
        match mode {
            Mode::Standard => self.last_setup,
            _ => self
                .mode_setups
                .iter()
                .find(|(m, _)| *m == mode)
                .map(|(_, setup)| *setup),
        }
    }

    /// Remembers `setup` as the last one played in `mode`.
    pub fn keep_setup(&mut self, mode: Mode, setup: Setup) {
        match mode {
            Mode::Standard => self.last_setup = Some(setup),
            _ => {
                self.mode_setups.retain(|(m, _)| *m != mode);
                self.mode_setups.push((mode, setup));
            }
        }
    }
}

impl Entry for Saved {
    const KEY: &'static str = "gunjin";
    const VERSION: u32 = 1;
    const WHAT: What = What::Settings;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for d in Level::ALL {
            assert_eq!(d.id().parse(), Ok(d));
        }
        for p in Preset::ALL {
            assert_eq!(preset_from_id(preset_id(p)), Some(p));
        }
        for c in TableClock::ALL {
            assert_eq!(TableClock::from_id(c.id()), Some(c));
        }
    }

    #[test]
    fn settings_read_with_missing_fields() {
        let s: Settings = serde_json::from_str(r#"{"name":"Aki"}"#).unwrap();
        assert_eq!(s.name, "Aki");
        assert_eq!(s.difficulty, Level::Easy);
        assert_eq!(s.display_name(), Some("Aki"));
        assert_eq!(Settings::default().display_name(), None);
    }

    #[test]
    fn saved_reads_the_first_schema() {
        let text = r#"{"version":1,"settings":{"name":"Aki","difficulty":"hard","preset":"Traditional","locale":"ja"},"last_setup":null}"#;
        let saved: Saved = crate::storage::from_text(text).unwrap();
        assert_eq!(saved.settings.difficulty, Level::Hard);
        assert_eq!(saved.settings.preset, Preset::Traditional);
        assert_eq!(saved.settings.clock, TableClock::None);
        let back = crate::storage::to_text(&saved);
        assert_eq!(crate::storage::from_text::<Saved>(&back), Ok(saved));
    }

    /// What the build before modes wrote (a standard last setup) reads,
    /// and writes back unchanged while no variant is played.
    #[test]
    fn saved_before_modes_reads_and_writes_back_unchanged() {
        let text = r#"{"version":1,"settings":{"name":"Aki","difficulty":"normal","preset":"Kirakuken","locale":null,"hints":true,"clock":"move30s"},"last_setup":"ATNESV/SPOJNT/EXFCPY/XAGML"}"#;
        let mut saved: Saved = crate::storage::from_text(text).unwrap();
        assert_eq!(saved.settings.mode, Mode::Standard);
        assert_eq!(saved.settings.rules(), Rules::KIRAKUKEN);
        let standard = saved.last_setup(Mode::Standard).unwrap();
        assert_eq!(standard.to_string(), "ATNESV/SPOJNT/EXFCPY/XAGML");
        assert_eq!(crate::storage::to_text(&saved), text);
        // A variant's setup is kept beside it, once per mode.
        for template in gunjin_rules::Template::of(Mode::Classic25) {
            saved.keep_setup(Mode::Classic25, template.setup());
        }
        saved.settings.mode = Mode::Classic25;
        let last = gunjin_rules::Template::of(Mode::Classic25)[2].setup();
        let back: Saved = crate::storage::from_text(&crate::storage::to_text(&saved)).unwrap();
        assert_eq!(back.last_setup(Mode::Classic25), Some(last));
        assert_eq!(back.last_setup(Mode::Standard), Some(standard));
        assert_eq!(back.last_setup(Mode::American21), None);
        assert_eq!(back.settings.rules().mode, Mode::Classic25);
        assert_eq!(back.mode_setups.len(), 1);
    }

    /// What the build before sound wrote reads with sound and vibration
    /// on and writes back unchanged; a switch turned off is remembered.
    #[test]
    fn saved_before_sound_reads_with_both_switches_on() {
        let text = r#"{"version":1,"settings":{"name":"Aki","difficulty":"normal","preset":"Kirakuken","locale":"th","hints":false},"last_setup":null}"#;
        let mut saved: Saved = crate::storage::from_text(text).unwrap();
        assert!(saved.settings.sound && saved.settings.vibration);
        assert_eq!(crate::storage::to_text(&saved), text);
        saved.settings.sound = false;
        let muted = crate::storage::to_text(&saved);
        assert!(muted.contains(r#""sound":false"#), "{muted}");
        let back: Saved = crate::storage::from_text(&muted).unwrap();
        assert!(!back.settings.sound && back.settings.vibration);
    }
}
