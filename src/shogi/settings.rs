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

/// The faces the pieces show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    /// The kanji of a wooden set.
    Kanji,
    /// A Western letter with dots for the moves, for readers of no kanji.
    International,
}

impl PieceSet {
    pub const ALL: [PieceSet; 2] = [PieceSet::Kanji, PieceSet::International];

    pub const fn id(self) -> &'static str {
        match self {
            PieceSet::Kanji => "kanji",
            PieceSet::International => "international",
        }
    }
}

/// The Shogi choices remembered between visits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShogiSettings {
    pub level: Level,
    pub handicap: Handicap,
    pub first: First,
    pub notation: Notation,
    /// The player's piece set; none chosen yet: the language's (kanji in
    /// Japanese, the international set otherwise). Not written until
    /// chosen, so entries read the same by the builds before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<PieceSet>,
}

impl ShogiSettings {
    /// The piece set drawn for a reader of `locale`.
    pub fn piece_set(&self, locale: crate::i18n::Locale) -> PieceSet {
        self.pieces.unwrap_or(match locale {
            crate::i18n::Locale::ja => PieceSet::Kanji,
            _ => PieceSet::International,
        })
    }
}

impl Default for ShogiSettings {
    fn default() -> ShogiSettings {
        ShogiSettings {
            level: Level::Beginner,
            handicap: Handicap::Even,
            first: First::You,
            notation: Notation::Japanese,
            pieces: None,
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

/// The handicap whose [`handicap_id`] is `id` (a choice read back from
/// the page).
pub fn handicap_by_id(id: &str) -> Option<Handicap> {
    Handicap::ALL.into_iter().find(|&h| handicap_id(h) == id)
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
            pieces: None,
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
    }

    #[test]
    fn a_handicap_is_found_by_its_id() {
        for h in Handicap::ALL {
            assert_eq!(handicap_by_id(&handicap_id(h)), Some(h));
        }
        assert_eq!(handicap_by_id("rook-lance"), Some(Handicap::RookLance));
        assert_eq!(handicap_by_id("queen"), None);
    }

    #[test]
    fn the_piece_set_follows_the_language_until_chosen() {
        use crate::i18n::Locale;
        // An entry of the builds before the choice.
        let old: ShogiSettings = from_text(r#"{"version":1,"level":"club"}"#).unwrap();
        assert_eq!(old.piece_set(Locale::ja), PieceSet::Kanji);
        assert_eq!(old.piece_set(Locale::en), PieceSet::International);
        assert_eq!(old.piece_set(Locale::th), PieceSet::International);
        let chosen = ShogiSettings {
            pieces: Some(PieceSet::Kanji),
            ..old
        };
        assert_eq!(chosen.piece_set(Locale::en), PieceSet::Kanji);
        let text = to_text(&chosen);
        assert!(text.ends_with(r#""pieces":"kanji"}"#), "{text}");
        assert_eq!(from_text::<ShogiSettings>(&text), Ok(chosen));
    }
}
