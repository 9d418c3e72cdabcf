//! Every word on screen, in English, Japanese and Thai. `build.rs` turns
//! `locales/<lang>/<namespace>.json` into tables of `&'static str` per
//! language (checked to have the same keys and placeholders): `Strings` for
//! the home page and the shell, and `PageStrings` for the pages behind it.
//! A split release build carries neither: it fetches the home page's words
//! of one language before showing it ([`load_words`]; index.html starts the
//! first fetch beside the app's), and the pages' words with the pages
//! ([`load_pages`]). The chosen language is a signal in context, and three
//! macros read it, each key from the table of its namespace:
//!
//! - `t!(i18n, common.key)`: a text that follows the language, to render;
//! - `t_string!(i18n, common.key)`: the text now (tracked), with
//!   `name = value` arguments filling its `{{ name }}` placeholders;
//! - `td_string!(locale, common.key)`: the same for a given locale.
//!
//! A table lookup and one signal type for every call site keep the wasm
//! small (a text costs its bytes and a field access).

use std::fmt::{Display, Write as _};

use leptos::prelude::*;

include!(concat!(env!("OUT_DIR"), "/strings.rs"));

/// The languages of the app; the variants are named by their codes, in
/// the order of build.rs's `LOCALES`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub enum Locale {
    #[default]
    en,
    ja,
    th,
}

impl Locale {
    /// Every language, in the order the language switch offers them.
    pub const ALL: [Locale; 3] = [Locale::en, Locale::ja, Locale::th];

    /// The language of a code such as the saved setting ("th") or the
    /// browser's ("th-TH", "ja-JP"); English for any other.
    pub fn from_code(code: &str) -> Locale {
        Locale::ALL
            .into_iter()
            .find(|locale| code.starts_with(locale.code()))
            .unwrap_or_default()
    }

    /// The words of the home page and the shell in this language: the app
    /// has fetched them ([`load_words`]) before showing the language.
    pub fn strings(self) -> &'static Strings {
        words::of(self)
    }

    /// The words of the pages behind the home page in this language: the
    /// pages' loader has fetched them ([`load_pages`]) before any renders.
    pub fn pages(self) -> &'static PageStrings {
        pages::of(self)
    }

    /// The language code, for `lang` attributes and the saved settings.
    pub fn code(self) -> &'static str {
        match self {
            Locale::en => "en",
            Locale::ja => "ja",
            Locale::th => "th",
        }
    }

    /// The language's name in itself, as the language switch offers it.
    pub fn name(self) -> &'static str {
        match self {
            Locale::en => "English",
            Locale::ja => "日本語",
            Locale::th => "ไทย",
        }
    }
}

/// The language of the page, shared through the context.
#[derive(Clone, Copy)]
pub struct I18nContext(RwSignal<Locale>);

impl I18nContext {
    /// The language now; reading it in a closure re-runs it on a switch.
    pub fn get_locale(self) -> Locale {
        self.0.get()
    }

    /// The language now, for a value taken once (a name field's default).
    pub fn get_locale_untracked(self) -> Locale {
        self.0.get_untracked()
    }

    pub fn set_locale(self, locale: Locale) {
        self.0.set(locale);
    }

    /// A text that follows the language (what `t!` makes). Taking a plain
    /// function keeps one signal type for all texts.
    pub fn text(self, pick: fn(Locale) -> &'static str) -> Signal<&'static str> {
        Signal::derive(move || pick(self.get_locale()))
    }
}

/// Provides the language (English until set) to `children`, and keeps the
/// page's `<html lang>` in step so screen readers and fonts follow it.
#[component]
pub fn I18nContextProvider(children: Children) -> impl IntoView {
    let locale = RwSignal::new(Locale::default());
    provide_context(I18nContext(locale));
    Effect::new(move || {
        if let Some(html) = document().document_element() {
            // Only fails on a detached document, where nothing shows anyway.
            let _ = html.set_attribute("lang", locale.get().code());
        }
    });
    children()
}

/// The language of the page; panics outside `I18nContextProvider`, which
/// wraps the whole app.
pub fn use_i18n() -> I18nContext {
    expect_context()
}

/// `template` with each `{{ name }}` replaced by the value of that name in
/// `args`; a placeholder without an argument stays as it is.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once("{{") {
        out.push_str(before);
        let Some((name, tail)) = after.split_once("}}") else {
            out.push_str("{{");
            rest = after;
            break;
        };
        match args.iter().find(|(arg, _)| *arg == name.trim()) {
            Some((_, value)) => {
                let _ = write!(out, "{value}");
            }
            None => {
                let _ = write!(out, "{{{{{name}}}}}");
            }
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// The text of a key in a given locale: a `&'static str`, or with
/// arguments (`name = value`, or `name` for a variable of that name) a
/// `String` with the placeholders filled.
macro_rules! td_string {
    ($locale:expr, $ns:ident $(. $key:ident)+) => {
        $crate::i18n::table!($locale, $ns).$ns $(. $key)+
    };
    ($locale:expr, $ns:ident $(. $key:ident)+, $($arg:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::i18n::fill(
            $crate::i18n::table!($locale, $ns).$ns $(. $key)+,
            &[$((
                stringify!($arg),
                &$crate::i18n::arg!($arg $(= $value)?) as &dyn ::core::fmt::Display,
            )),+],
        )
    };
}

/// The value of one `td_string!` argument.
macro_rules! arg {
    ($name:ident = $value:expr) => {
        $value
    };
    ($name:ident) => {
        $name
    };
}

/// `td_string!` in the page's language, tracked.
macro_rules! t_string {
    ($i18n:expr, $($rest:tt)+) => {
        $crate::i18n::td_string!($i18n.get_locale(), $($rest)+)
    };
}

/// A text that follows the page's language, to render as a child or an
/// attribute.
macro_rules! t {
    ($i18n:expr, $ns:ident $(. $key:ident)+) => {
        $i18n.text(|locale| $crate::i18n::table!(locale, $ns).$ns $(. $key)+)
    };
}

pub(crate) use {arg, t, t_string, table, td_string};

/// Why the pages' words could not be had: the page says it is unavailable,
/// as when its module cannot be fetched.
#[derive(Debug)]
pub struct PagesUnavailable;

/// Fetches the pages' words once (a split release build; elsewhere they
/// are static). The fetch starts at the call, so the page's module and its
/// words come down side by side.
pub fn load_pages() -> impl Future<Output = Result<(), PagesUnavailable>> + Send {
    pages::load()
}

/// Why a language's words could not be had (offline before they were
/// ever fetched): the app stays in the language it shows.
#[derive(Debug)]
pub struct WordsUnavailable;

/// Fetches the home page's words in `locale` once (a split release build;
/// elsewhere they are static): the app shows a language only once they are
/// here. The first language's fetch is the one index.html started.
pub fn load_words(locale: Locale) -> impl Future<Output = Result<(), WordsUnavailable>> {
    words::load(locale)
}

/// `tables` tables of `T` (in the order of [`Locale::ALL`]) from the texts
/// of a words file in field order, if it has as many as this build's.
#[cfg(any(test, all(feature = "split", target_family = "wasm")))]
fn read_file<T>(
    text: &'static str,
    tables: usize,
    texts: usize,
    read: fn(&[&'static str]) -> Option<T>,
) -> Option<Vec<T>> {
    let all: Vec<&'static str> = text.split(SEPARATOR).collect();
    if all.len() != tables * texts {
        return None;
    }
    all.chunks(texts).map(read).collect()
}

/// Every language's pages' table from their file (build.rs).
#[cfg(any(test, all(feature = "split", target_family = "wasm")))]
fn parse_pages(text: &'static str) -> Option<[PageStrings; Locale::ALL.len()]> {
    read_file(
        text,
        Locale::ALL.len(),
        PageStrings::TEXTS,
        PageStrings::read,
    )?
    .try_into()
    .ok()
}

/// One language's home table from its file (build.rs).
#[cfg(any(test, all(feature = "split", target_family = "wasm")))]
fn parse_words(text: &'static str) -> Option<Strings> {
    read_file(text, 1, Strings::TEXTS, Strings::read)?.pop()
}

#[cfg(all(feature = "split", target_family = "wasm"))]
mod pages {
    use std::sync::OnceLock;

    use send_wrapper::SendWrapper;
    use wasm_bindgen_futures::JsFuture;

    use super::*;

    static LOADED: OnceLock<[PageStrings; Locale::ALL.len()]> = OnceLock::new();

    pub fn of(locale: Locale) -> &'static PageStrings {
        let tables = LOADED
            .get()
            .expect("the pages' loader fetches their words first");
        &tables[locale as usize]
    }

    /// `Send`, as a page's future must be: the browser's one thread is
    /// the only one there is.
    pub fn load() -> impl Future<Output = Result<(), PagesUnavailable>> + Send {
        let fetch = LOADED
            .get()
            .is_none()
            .then(|| JsFuture::from(window().fetch_with_str(PAGE_STRINGS_FILE)));
        SendWrapper::new(async move {
            let Some(fetch) = fetch else { return Ok(()) };
            let text = fetched::text(fetch).await.ok_or(PagesUnavailable)?;
            let tables = parse_pages(String::leak(text)).ok_or(PagesUnavailable)?;
            // Two pages opened at once fetch twice; the first to finish stays.
            let _ = LOADED.set(tables);
            Ok(())
        })
    }
}

#[cfg(all(feature = "split", target_family = "wasm"))]
mod words {
    use std::sync::OnceLock;

    use wasm_bindgen::JsValue;
    use wasm_bindgen_futures::JsFuture;

    use super::*;

    static LOADED: [OnceLock<Strings>; Locale::ALL.len()] =
        [const { OnceLock::new() }; Locale::ALL.len()];

    pub fn of(locale: Locale) -> &'static Strings {
        LOADED[locale as usize]
            .get()
            .expect("the app fetches a language's words before showing it")
    }

    pub async fn load(locale: Locale) -> Result<(), WordsUnavailable> {
        let slot = &LOADED[locale as usize];
        if slot.get().is_some() {
            return Ok(());
        }
        let text = match prefetched(locale) {
            Some(text) => JsFuture::from(text).await.ok().and_then(|t| t.as_string()),
            None => None,
        };
        let text = match text {
            Some(text) => text,
            None => {
                let file = HOME_STRINGS_FILES[locale as usize];
                fetched::text(JsFuture::from(window().fetch_with_str(file)))
                    .await
                    .ok_or(WordsUnavailable)?
            }
        };
        let table = parse_words(String::leak(text)).ok_or(WordsUnavailable)?;
        // A switch clicked twice fetches twice; the first to finish stays.
        let _ = slot.set(table);
        Ok(())
    }

    /// The text index.html's fetch promises (`gunjinWords`: the language
    /// it guessed, and the file's text or null), if it is of `locale`.
    fn prefetched(locale: Locale) -> Option<js_sys::Promise> {
        let words = js_sys::Reflect::get(&window(), &JsValue::from_str("gunjinWords")).ok()?;
        let lang = js_sys::Reflect::get(&words, &JsValue::from_str("lang")).ok()?;
        (lang.as_string()? == locale.code())
            .then(|| js_sys::Reflect::get(&words, &JsValue::from_str("text")).ok())
            .flatten()
            .map(|text| js_sys::Promise::resolve(&text))
    }
}

/// A fetched file's text, if it came.
#[cfg(all(feature = "split", target_family = "wasm"))]
mod fetched {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    pub async fn text(fetch: JsFuture) -> Option<String> {
        let response: web_sys::Response = fetch.await.ok()?.unchecked_into();
        let text = response.ok().then(|| response.text().ok()).flatten()?;
        JsFuture::from(text).await.ok()?.as_string()
    }
}

#[cfg(not(all(feature = "split", target_family = "wasm")))]
mod pages {
    use super::*;

    pub fn of(locale: Locale) -> &'static PageStrings {
        match locale {
            Locale::en => &PAGES_EN,
            Locale::ja => &PAGES_JA,
            Locale::th => &PAGES_TH,
        }
    }

    pub async fn load() -> Result<(), PagesUnavailable> {
        Ok(())
    }
}

#[cfg(not(all(feature = "split", target_family = "wasm")))]
mod words {
    use super::*;

    pub fn of(locale: Locale) -> &'static Strings {
        match locale {
            Locale::en => &EN,
            Locale::ja => &JA,
            Locale::th => &TH,
        }
    }

    pub async fn load(_: Locale) -> Result<(), WordsUnavailable> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_each_placeholder() {
        let text = fill(
            "{{ ply }} / {{total}} ({{ ply }})",
            &[("ply", &3), ("total", &"300")],
        );
        assert_eq!(text, "3 / 300 (3)");
    }

    #[test]
    fn fill_keeps_unclosed_braces() {
        assert_eq!(fill("a {{ b", &[]), "a {{ b");
        assert_eq!(fill("no placeholders", &[("x", &1)]), "no placeholders");
    }

    #[test]
    fn every_placeholder_of_a_key_is_filled_in_every_language() {
        for locale in Locale::ALL {
            let text = td_string!(locale, common.replay_position, ply = 4, total = 80);
            assert!(text.contains('4') && text.contains("80"), "{text}");
            assert!(!text.contains("{{"), "{text}");
        }
    }

    #[test]
    fn the_pages_words_read_back_as_the_tables() {
        let tables = parse_pages(PAGE_STRINGS_TEXT).expect("as many texts as fields");
        for (table, locale) in tables.iter().zip(Locale::ALL) {
            assert_eq!(table, locale.pages(), "{locale:?}");
        }
        let short = &PAGE_STRINGS_TEXT[..PAGE_STRINGS_TEXT.rfind(SEPARATOR).unwrap()];
        assert!(
            parse_pages(short).is_none(),
            "a file of another build is refused"
        );
    }

    #[test]
    fn each_languages_words_read_back_as_its_table() {
        for (text, locale) in HOME_STRINGS_TEXTS.into_iter().zip(Locale::ALL) {
            assert_eq!(
                parse_words(text).as_ref(),
                Some(locale.strings()),
                "{locale:?}"
            );
            let longer: &'static str = format!("{text}{SEPARATOR}extra").leak();
            assert!(
                parse_words(longer).is_none(),
                "a file of another build is refused"
            );
        }
        assert!(
            !HOME_STRINGS_TEXTS[0].contains(td_string!(Locale::ja, common.nav_home)),
            "a language's file holds no other language's words"
        );
    }

    #[test]
    fn locales_differ() {
        let homes = Locale::ALL.map(|locale| td_string!(locale, common.nav_home));
        for (i, home) in homes.iter().enumerate() {
            assert!(!homes[i + 1..].contains(home), "{home}");
        }
    }

    #[test]
    fn a_code_picks_its_language() {
        for locale in Locale::ALL {
            assert_eq!(Locale::from_code(locale.code()), locale);
        }
        assert_eq!(Locale::from_code("th-TH"), Locale::th);
        assert_eq!(Locale::from_code("ja-JP"), Locale::ja);
        assert_eq!(Locale::from_code("en-GB"), Locale::en);
        assert_eq!(Locale::from_code("de-DE"), Locale::en);
        assert_eq!(Locale::from_code(""), Locale::en);
    }
}
