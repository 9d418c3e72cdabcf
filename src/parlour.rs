//! The parlour and its games as the header, the home page's cards and the
//! browser's tab name them. The parlour (喜楽軒 Kirakuken, whose house
//! rules are Gunjin's default preset) hosts two games; a page of one game
//! carries that game's name, the parlour's own pages the parlour's. The
//! names are written in both scripts whatever the language, like a sign.

use gunjin_table::GameTag;
use leptos::prelude::*;

use crate::i18n::Locale;
use crate::route::Route;

/// The parlour's name: Japanese, then romanised.
pub const PARLOUR: (&str, &str) = ("喜楽軒", "Kirakuken");

/// A game's name: Japanese, then romanised.
pub const fn game_name(game: GameTag) -> (&'static str, &'static str) {
    match game {
        GameTag::Gunjin => ("軍人将棋", "Gunjin Shogi"),
        GameTag::Shogi => ("将棋", "Shogi"),
    }
}

/// A game's name in running text, in the page's language.
pub const fn game_word(locale: Locale, game: GameTag) -> &'static str {
    let (ja, en) = game_name(game);
    match (locale, game) {
        (Locale::ja, _) => ja,
        (Locale::en, _) => en,
        (Locale::th, GameTag::Gunjin) => "กุนจินโชงิ",
        (Locale::th, GameTag::Shogi) => "โชงิ",
    }
}

/// The tab's title: the game's name before the parlour's on a game's
/// pages, the parlour and both games on its own.
pub fn page_title(game: Option<GameTag>) -> String {
    let (ja, en) = PARLOUR;
    match game {
        Some(game) => {
            let (game_ja, game_en) = game_name(game);
            format!("{game_ja} {game_en} · {ja} {en}")
        }
        None => {
            let names = [GameTag::Gunjin, GameTag::Shogi].map(|g| game_name(g).0);
            format!("{ja} {en} · {}", names.join(" · "))
        }
    }
}

/// A name in both scripts, the Japanese marked as such for screen readers
/// and fonts.
#[component]
pub fn Name(name: (&'static str, &'static str)) -> impl IntoView {
    view! {
        <span lang="ja">{name.0}</span>
        " "
        {name.1}
    }
}

/// The header's names: on the parlour's pages its name is the page's
/// heading; on a game's pages the game's name is, under the parlour's
/// (the way home). The tab's title follows.
#[component]
pub fn Masthead(game: Signal<Option<GameTag>>) -> impl IntoView {
    Effect::new(move |_| document().set_title(&page_title(game.get())));
    let parlour = move || {
        view! {
            <a href=Route::Home.hash() class="home-link">
                <Name name=PARLOUR />
            </a>
        }
    };
    view! {
        <div class="masthead">
            {move || match game.get() {
                None => view! { <h1>{parlour()}</h1> }.into_any(),
                Some(game) => view! {
                    <p class="parlour">{parlour()}</p>
                    <h1 class="game-name">
                        <Name name=game_name(game) />
                    </h1>
                }
                .into_any(),
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_name_the_game_then_the_parlour() {
        assert_eq!(
            page_title(Some(GameTag::Shogi)),
            "将棋 Shogi · 喜楽軒 Kirakuken"
        );
        assert_eq!(
            page_title(Some(GameTag::Gunjin)),
            "軍人将棋 Gunjin Shogi · 喜楽軒 Kirakuken"
        );
        assert_eq!(page_title(None), "喜楽軒 Kirakuken · 軍人将棋 · 将棋");
    }
}
