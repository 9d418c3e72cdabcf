//! What a player chooses for Shogi on the home page, remembered in an
//! entry of its own (the name and the language stay in the shared one).

use serde::{Deserialize, Serialize};
use shogi_rules::Handicap;

use crate::storage::{Entry, What};

/// The Shogi CPU's levels: the worker protocol's, so what is stored and
/// what is asked are one type.
pub use shogi_worker_protocol::Level;

/// Who makes the first move. In a handicap game the side that moves first
/// is the one giving the handicap (上手), so this also says who gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    #[default]
    You,
    Cpu,
}

impl First {
    pub const ALL: [First; 2] = [First::You, First::Cpu];

    pub const fn id(self) -> &'static str {
        match self {
            First::You => "you",
            First::Cpu => "cpu",
        }
    }
}

/// Who plays the other side: the CPU, or a friend on the same device
/// (pass-and-play: both sides are played here, by turns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    #[default]
    Cpu,
    Friend,
}

impl Opponent {
    pub const ALL: [Opponent; 2] = [Opponent::Cpu, Opponent::Friend];

    pub const fn id(self) -> &'static str {
        match self {
            Opponent::Cpu => "cpu",
            Opponent::Friend => "friend",
        }
    }

    /// Not written when it is the CPU, so the texts stored before there
    /// was a choice are the texts stored now.
    pub fn is_cpu(&self) -> bool {
        *self == Opponent::Cpu
    }
}

/// How the move list writes moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// ▲７六歩
    #[default]
    Japanese,
    /// 7g7f
    Usi,
}

/// The Shogi choices remembered between visits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShogiSettings {
    pub level: Level,
    pub handicap: Handicap,
    pub first: First,
    pub notation: Notation,
    #[serde(skip_serializing_if = "Opponent::is_cpu")]
    pub opponent: Opponent,
    /// In a game with a friend, the board stays as it is instead of
    /// turning for the side to move (face to face across a table).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub still_board: bool,
}

impl Default for ShogiSettings {
    fn default() -> ShogiSettings {
        ShogiSettings {
            level: Level::Beginner,
            handicap: Handicap::Even,
            first: First::You,
            notation: Notation::Japanese,
            opponent: Opponent::Cpu,
            still_board: false,
        }
    }
}

impl Entry for ShogiSettings {
    const KEY: &'static str = "shogi";
    const VERSION: u32 = 1;
    const WHAT: What = What::ShogiSettings;
}

/// The stable identifier of a handicap: its serde name (written as the
/// stored settings are, so no other serializer is linked in).
pub fn handicap_id(handicap: Handicap) -> String {
    serde_json::to_string(&handicap)
        .unwrap_or_default()
        .trim_matches('"')
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{from_text, to_text};

    #[test]
    fn settings_round_trip_with_their_version() {
        let settings = ShogiSettings {
            level: Level::Club,
            handicap: Handicap::TwoPieces,
            first: First::Cpu,
            notation: Notation::Usi,
            ..ShogiSettings::default()
        };
        let text = to_text(&settings);
        assert_eq!(
            text,
            r#"{"version":1,"level":"club","handicap":"two-pieces","first":"cpu","notation":"usi"}"#
        );
        assert_eq!(from_text::<ShogiSettings>(&text), Ok(settings));
        let partial: ShogiSettings = from_text(r#"{"version":1,"level":"novice"}"#).unwrap();
        assert_eq!(partial.level, Level::Novice);
        assert_eq!(partial.handicap, Handicap::Even);
        assert_eq!(handicap_id(Handicap::RookLance), "rook-lance");
        let friend = ShogiSettings {
            opponent: Opponent::Friend,
            still_board: true,
            ..ShogiSettings::default()
        };
        let text = to_text(&friend);
        assert!(text.ends_with(r#""opponent":"friend","still_board":true}"#));
        assert_eq!(from_text::<ShogiSettings>(&text), Ok(friend));
    }
}
