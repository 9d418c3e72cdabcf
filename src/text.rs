//! Words the screens need outside of `t!` calls: the names of the kinds
//! (the rules crate names them by English identifiers only), looked up in
//! the translation files by locale.

use gunjin_rules::{Kind, Mode, ParseRulesError, Preset};
use gunjin_table::{Clock, CpuLevel, Level, ShogiLevel};

use crate::i18n::{KIND_ENGLISH, KIND_KANJI, Locale, td_string};
use crate::model::backup::ImportError;
use crate::storage::ReadError;

/// The full name of `kind` ("Lieutenant General", 中将).
pub fn kind_name(locale: Locale, kind: Kind) -> &'static str {
    match kind {
        Kind::General => td_string!(locale, common.kind_General),
        Kind::LieutenantGeneral => td_string!(locale, common.kind_LieutenantGeneral),
        Kind::MajorGeneral => td_string!(locale, common.kind_MajorGeneral),
        Kind::Plane => td_string!(locale, common.kind_Plane),
        Kind::Colonel => td_string!(locale, common.kind_Colonel),
        Kind::LieutenantColonel => td_string!(locale, common.kind_LieutenantColonel),
        Kind::Tank => td_string!(locale, common.kind_Tank),
        Kind::Major => td_string!(locale, common.kind_Major),
        Kind::Captain => td_string!(locale, common.kind_Captain),
        Kind::Cavalry => td_string!(locale, common.kind_Cavalry),
        Kind::Lieutenant => td_string!(locale, common.kind_Lieutenant),
        Kind::SecondLieutenant => td_string!(locale, common.kind_SecondLieutenant),
        Kind::Engineer => td_string!(locale, common.kind_Engineer),
        Kind::Spy => td_string!(locale, common.kind_Spy),
        Kind::Mine => td_string!(locale, common.kind_Mine),
        Kind::Flag => td_string!(locale, common.kind_Flag),
        Kind::Marshal => td_string!(locale, common.kind_Marshal),
        Kind::Jet => td_string!(locale, common.kind_Jet),
        Kind::Artillery => td_string!(locale, common.kind_Artillery),
        Kind::Missile => td_string!(locale, common.kind_Missile),
        Kind::AtomicBomb => td_string!(locale, common.kind_AtomicBomb),
        Kind::Commodore => td_string!(locale, common.kind_Commodore),
        Kind::MilitaryPolice => td_string!(locale, common.kind_MilitaryPolice),
    }
}

/// The name of a mode ("Classic 25", クラシック25).
pub fn mode_name(locale: Locale, mode: Mode) -> &'static str {
    match mode {
        Mode::Standard => td_string!(locale, common.mode_standard),
        Mode::Marshal23 => td_string!(locale, common.mode_marshal23),
        Mode::American21 => td_string!(locale, common.mode_american21),
        Mode::Classic25 => td_string!(locale, common.mode_classic25),
    }
}

/// The CPU as a player is named, with its level's name ("CPU (Easy)").
pub fn cpu_name(locale: Locale, level: &str) -> String {
    format!("{} ({level})", td_string!(locale, common.cpu))
}

/// The name of a rules preset ("Kirakuken house rules").
pub fn preset_name(locale: Locale, preset: Preset) -> &'static str {
    match preset {
        Preset::Kirakuken => td_string!(locale, common.preset_kirakuken),
        Preset::Traditional => td_string!(locale, common.preset_traditional),
    }
}

/// What a mode changes, in one line (the home page's choice).
pub fn mode_text(locale: Locale, mode: Mode) -> &'static str {
    match mode {
        Mode::Standard => td_string!(locale, common.mode_standard_text),
        Mode::Marshal23 => td_string!(locale, common.mode_marshal23_text),
        Mode::American21 => td_string!(locale, common.mode_american21_text),
        Mode::Classic25 => td_string!(locale, common.mode_classic25_text),
    }
}

/// The name of a CPU level of either game ("Normal", 普通, "Club player").
pub fn level_name(locale: Locale, level: CpuLevel) -> &'static str {
    let shogi = &locale.strings().shogi_home;
    match level {
        CpuLevel::Gunjin(Level::Easy) => td_string!(locale, common.level_easy),
        CpuLevel::Gunjin(Level::Normal) => td_string!(locale, common.level_normal),
        CpuLevel::Gunjin(Level::Hard) => td_string!(locale, common.level_hard),
        CpuLevel::Shogi(ShogiLevel::Beginner) => shogi.level_beginner,
        CpuLevel::Shogi(ShogiLevel::Novice) => shogi.level_novice,
        CpuLevel::Shogi(ShogiLevel::Amateur) => shogi.level_amateur,
        CpuLevel::Shogi(ShogiLevel::Club) => shogi.level_club,
        CpuLevel::Shogi(ShogiLevel::Strong) => shogi.level_strong,
    }
}

/// A label short enough for a phone-sized square ("Lt Gen").
pub fn kind_short(locale: Locale, kind: Kind) -> &'static str {
    match kind {
        Kind::General => td_string!(locale, common.short_General),
        Kind::LieutenantGeneral => td_string!(locale, common.short_LieutenantGeneral),
        Kind::MajorGeneral => td_string!(locale, common.short_MajorGeneral),
        Kind::Plane => td_string!(locale, common.short_Plane),
        Kind::Colonel => td_string!(locale, common.short_Colonel),
        Kind::LieutenantColonel => td_string!(locale, common.short_LieutenantColonel),
        Kind::Tank => td_string!(locale, common.short_Tank),
        Kind::Major => td_string!(locale, common.short_Major),
        Kind::Captain => td_string!(locale, common.short_Captain),
        Kind::Cavalry => td_string!(locale, common.short_Cavalry),
        Kind::Lieutenant => td_string!(locale, common.short_Lieutenant),
        Kind::SecondLieutenant => td_string!(locale, common.short_SecondLieutenant),
        Kind::Engineer => td_string!(locale, common.short_Engineer),
        Kind::Spy => td_string!(locale, common.short_Spy),
        Kind::Mine => td_string!(locale, common.short_Mine),
        Kind::Flag => td_string!(locale, common.short_Flag),
        Kind::Marshal => td_string!(locale, common.short_Marshal),
        Kind::Jet => td_string!(locale, common.short_Jet),
        Kind::Artillery => td_string!(locale, common.short_Artillery),
        Kind::Missile => td_string!(locale, common.short_Missile),
        Kind::AtomicBomb => td_string!(locale, common.short_AtomicBomb),
        Kind::Commodore => td_string!(locale, common.short_Commodore),
        Kind::MilitaryPolice => td_string!(locale, common.short_MilitaryPolice),
    }
}

/// A table's clock in words ("30 s per move", 各10分（1局）), or that it
/// has none.
pub fn clock_name(locale: Locale, clock: Option<Clock>) -> String {
    let Some(clock) = clock else {
        return td_string!(locale, common.clock_none).to_owned();
    };
    let time = duration(locale, clock.millis());
    match clock {
        Clock::PerMove { .. } => td_string!(locale, common.clock_per_move, time),
        Clock::PerGame { .. } => td_string!(locale, common.clock_per_game, time),
        Clock::Byoyomi { byoyomi_millis, .. } => {
            let byoyomi = duration(locale, byoyomi_millis);
            td_string!(locale, common.clock_byoyomi, time, byoyomi)
        }
    }
}

/// A clock's time in minutes, or seconds if not whole minutes.
fn duration(locale: Locale, millis: u64) -> String {
    let seconds = millis.div_ceil(1000);
    if seconds.is_multiple_of(60) {
        td_string!(locale, common.clock_minutes, n = seconds / 60)
    } else {
        td_string!(locale, common.clock_seconds, n = seconds)
    }
}

/// The Japanese name printed on real pieces, in every language (whose
/// words alone the app has then fetched).
pub fn kanji(kind: Kind) -> &'static str {
    name_in(&KIND_KANJI, kind)
}

/// The English name, which a Japanese reader gets beside the kanji.
pub fn english(kind: Kind) -> &'static str {
    name_in(&KIND_ENGLISH, kind)
}

fn name_in(names: &'static [(&str, &str)], kind: Kind) -> &'static str {
    let key = format!("{kind:?}");
    names
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, name)| name)
}

/// Why a rule code does not read, in the player's language.
pub fn rules_code_error(locale: Locale, error: &ParseRulesError) -> String {
    match error {
        ParseRulesError::Mode { code, mode } => {
            td_string!(locale, common.code_mode, code = code, mode = mode)
        }
        ParseRulesError::Length { code } => td_string!(locale, common.code_length, code = code),
        ParseRulesError::Letter {
            code,
            position,
            expected,
            ..
        } => {
            // The letters' order is the code's, fixed since its first version.
            let option = match position {
                0 => td_string!(locale, common.code_option_strength),
                1 => td_string!(locale, common.code_option_tank),
                2 => td_string!(locale, common.code_option_mine),
                3 => td_string!(locale, common.code_option_front),
                _ => td_string!(locale, common.code_option_placement),
            };
            td_string!(
                locale,
                common.code_letter,
                code = code,
                position = position + 1,
                option = option,
                a = expected[0],
                b = expected[1]
            )
        }
    }
}

/// Why an export file cannot be imported, in the player's language.
pub fn import_error(locale: Locale, error: &ImportError) -> String {
    match error {
        ImportError::NotJson(at) => td_string!(
            locale,
            common.import_not_json,
            line = at.line,
            column = at.column
        ),
        ImportError::NotOurs => td_string!(locale, common.import_not_ours).to_string(),
        ImportError::Empty => td_string!(locale, common.import_empty).to_string(),
        ImportError::Entry { key, error } => td_string!(
            locale,
            common.import_entry,
            key = key,
            error = read_error(locale, error)
        ),
    }
}

/// Why a stored entry does not read, in the player's language.
fn read_error(locale: Locale, error: &ReadError) -> String {
    match error {
        ReadError::NotJson(at) => td_string!(
            locale,
            common.read_not_json,
            line = at.line,
            column = at.column
        ),
        ReadError::NoVersion => td_string!(locale, common.read_no_version).to_string(),
        ReadError::Version { found, expected } => td_string!(
            locale,
            common.read_version,
            found = found,
            expected = expected
        ),
        ReadError::Shape(at) => td_string!(
            locale,
            common.read_shape,
            line = at.line,
            column = at.column
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_distinct_names() {
        for locale in Locale::ALL {
            for (i, a) in Kind::ALL.iter().enumerate() {
                for b in &Kind::ALL[i + 1..] {
                    assert_ne!(kind_name(locale, *a), kind_name(locale, *b));
                    assert_ne!(kind_short(locale, *a), kind_short(locale, *b));
                }
            }
        }
        assert_eq!(kanji(Kind::LieutenantGeneral), "中将");
        for kind in Kind::ALL {
            assert_eq!(kanji(kind), kind_name(Locale::ja, kind), "{kind:?}");
            assert_eq!(english(kind), kind_name(Locale::en, kind), "{kind:?}");
        }
        assert_eq!(
            kind_name(Locale::en, Kind::LieutenantGeneral),
            "Lieutenant General"
        );
        assert_eq!(kind_name(Locale::th, Kind::LieutenantGeneral), "พลโท");
    }

    #[test]
    fn error_reasons_are_in_the_player_s_language() {
        let letter = "htqrf".parse::<gunjin_rules::Rules>().unwrap_err();
        let length = "zz".parse::<gunjin_rules::Rules>().unwrap_err();
        assert_eq!(
            rules_code_error(Locale::en, &letter),
            "rule code \"htqrf\": letter 3 sets the mine and must be s or x"
        );
        assert_eq!(
            rules_code_error(Locale::ja, &letter),
            "ルールコード「htqrf」の3文字目は地雷を決める文字で、s か x でなければなりません"
        );
        assert!(rules_code_error(Locale::ja, &length).starts_with("ルールコード「zz」は5文字"));
        let entry = ImportError::Entry {
            key: "gunjin".to_owned(),
            error: ReadError::Version {
                found: 9,
                expected: 2,
            },
        };
        assert_eq!(
            import_error(Locale::ja, &entry),
            "「gunjin」：スキーマのバージョンが9です（このアプリが読めるのは2）"
        );
        for error in [ImportError::NotOurs, ImportError::Empty] {
            for locale in [Locale::ja, Locale::th] {
                let text = import_error(locale, &error);
                assert!(!text.chars().any(|c| c.is_ascii_alphabetic()), "{text}");
            }
        }
    }

    #[test]
    fn clocks_read_in_every_language() {
        let per_move = Some(Clock::PerMove { millis: 30_000 });
        let per_game = Some(Clock::PerGame { millis: 600_000 });
        assert_eq!(clock_name(Locale::en, per_move), "30 s per move");
        assert_eq!(clock_name(Locale::ja, per_move), "1手30秒");
        assert_eq!(clock_name(Locale::en, per_game), "10 min each for the game");
        assert_eq!(clock_name(Locale::ja, per_game), "各10分（1局）");
        assert_eq!(
            clock_name(Locale::en, Some(Clock::PerMove { millis: 60_000 })),
            "1 min per move"
        );
        assert_eq!(clock_name(Locale::en, None), "No clock");
        assert_eq!(clock_name(Locale::th, per_move), "ตาละ 30 วินาที");
        assert_eq!(clock_name(Locale::th, per_game), "คนละ 10 นาที ทั้งเกม");
    }

    /// How many letters wide a text is: Thai vowel and tone marks sit
    /// above or below a consonant and take no width of their own.
    fn width(text: &str) -> usize {
        let mark =
            |c: &char| matches!(c, '\u{e31}' | '\u{e34}'..='\u{e3a}' | '\u{e47}'..='\u{e4e}');
        text.chars().filter(|c| !mark(c)).count()
    }

    #[test]
    fn short_labels_fit_a_phone_square() {
        assert_eq!(width("กับระเบิด"), 7);
        for kind in Kind::ALL {
            assert!(width(kind_short(Locale::en, kind)) <= 7, "{kind:?}");
            assert!(width(kind_short(Locale::th, kind)) <= 7, "{kind:?}");
        }
    }
}
