//! Everything a player reads about a piece. The rules crate names kinds by
//! English identifiers only; the words shown on screen live here so another
//! language is one more table, not a change to the rules.

use gunjin_rules::Kind;

/// The names of one kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindNames {
    /// The full English rank, as in the rules ("Lieutenant General").
    pub english: &'static str,
    /// A label short enough for a phone-sized square ("Lt Gen").
    pub short: &'static str,
    /// The Japanese name printed on the piece (中将).
    pub japanese: &'static str,
}

/// The names of `kind`.
pub const fn names(kind: Kind) -> KindNames {
    let (english, short, japanese) = match kind {
        Kind::General => ("General", "Gen", "大将"),
        Kind::LieutenantGeneral => ("Lieutenant General", "Lt Gen", "中将"),
        Kind::MajorGeneral => ("Major General", "Maj Gen", "少将"),
        Kind::Plane => ("Plane", "Plane", "飛行機"),
        Kind::Colonel => ("Colonel", "Col", "大佐"),
        Kind::LieutenantColonel => ("Lieutenant Colonel", "Lt Col", "中佐"),
        Kind::Tank => ("Tank", "Tank", "タンク"),
        Kind::Major => ("Major", "Maj", "少佐"),
        Kind::Captain => ("Captain", "Capt", "大尉"),
        Kind::Cavalry => ("Cavalry", "Cav", "騎兵"),
        Kind::Lieutenant => ("Lieutenant", "Lt", "中尉"),
        Kind::SecondLieutenant => ("Second Lieutenant", "2nd Lt", "少尉"),
        Kind::Engineer => ("Engineer", "Eng", "工兵"),
        Kind::Spy => ("Spy", "Spy", "スパイ"),
        Kind::Mine => ("Mine", "Mine", "地雷"),
        Kind::Flag => ("Flag", "Flag", "軍旗"),
    };
    KindNames {
        english,
        short,
        japanese,
    }
}

/// The Japanese name of the game and of the headquarters, shown beside the
/// English ones.
pub const GAME_JA: &str = "軍人将棋";
pub const HQ_JA: &str = "司令部";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_distinct_names() {
        let all: Vec<KindNames> = Kind::ALL.iter().map(|&k| names(k)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.english, b.english);
                assert_ne!(a.short, b.short);
                assert_ne!(a.japanese, b.japanese);
            }
        }
    }

    #[test]
    fn short_labels_fit_a_phone_square() {
        for kind in Kind::ALL {
            assert!(names(kind).short.chars().count() <= 7, "{kind:?}");
        }
    }
}
