//! Words the screens need outside of `t!` calls: the names of the kinds
//! (the rules crate names them by English identifiers only), looked up in
//! the translation files by locale.

use gunjin_rules::Kind;

use crate::i18n::{Locale, td_string};
use crate::model::settings::Difficulty;

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
    }
}

/// The name of a CPU level ("Normal", 普通).
pub fn level_name(locale: Locale, level: Difficulty) -> &'static str {
    match level {
        Difficulty::Easy => td_string!(locale, common.level_easy),
        Difficulty::Normal => td_string!(locale, common.level_normal),
        Difficulty::Hard => td_string!(locale, common.level_hard),
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
    }
}

/// The Japanese name printed on real pieces, in every language.
pub fn kanji(kind: Kind) -> &'static str {
    kind_name(Locale::ja, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_distinct_names() {
        for locale in [Locale::en, Locale::ja] {
            for (i, a) in Kind::ALL.iter().enumerate() {
                for b in &Kind::ALL[i + 1..] {
                    assert_ne!(kind_name(locale, *a), kind_name(locale, *b));
                    assert_ne!(kind_short(locale, *a), kind_short(locale, *b));
                }
            }
        }
        assert_eq!(kanji(Kind::LieutenantGeneral), "中将");
        assert_eq!(
            kind_name(Locale::en, Kind::LieutenantGeneral),
            "Lieutenant General"
        );
    }

    #[test]
    fn short_labels_fit_a_phone_square() {
        for kind in Kind::ALL {
            assert!(
                kind_short(Locale::en, kind).chars().count() <= 7,
                "{kind:?}"
            );
        }
    }
}
