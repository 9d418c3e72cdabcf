//! Every word on screen, in English and Japanese. `build.rs` turns
//! `locales/<lang>/<namespace>.json` into one static table of `&'static
//! str` per language (checked to have the same keys and placeholders); the
//! chosen language is a signal in context, and three macros read it:
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

/// The languages of the app; the variants are named by their codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub enum Locale {
    #[default]
    en,
    ja,
}

impl Locale {
    /// The words of this language.
    pub fn strings(self) -> &'static Strings {
        match self {
            Locale::en => &EN,
            Locale::ja => &JA,
        }
    }

    /// The language code, for `lang` attributes and the saved settings.
    pub fn code(self) -> &'static str {
        match self {
            Locale::en => "en",
            Locale::ja => "ja",
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
    pub fn text(self, pick: fn(&'static Strings) -> &'static str) -> Signal<&'static str> {
        Signal::derive(move || pick(self.get_locale().strings()))
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
    ($locale:expr, $($key:ident).+) => {
        $locale.strings().$($key).+
    };
    ($locale:expr, $($key:ident).+, $($arg:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::i18n::fill(
            $locale.strings().$($key).+,
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
    ($i18n:expr, $($key:ident).+) => {
        $i18n.text(|strings| strings.$($key).+)
    };
}

pub(crate) use {arg, t, t_string, td_string};

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
    fn every_placeholder_of_a_key_is_filled_in_both_languages() {
        for locale in [Locale::en, Locale::ja] {
            let text = td_string!(locale, common.replay_position, ply = 4, total = 80);
            assert!(text.contains('4') && text.contains("80"), "{text}");
            assert!(!text.contains("{{"), "{text}");
        }
    }

    #[test]
    fn locales_differ() {
        assert_ne!(
            td_string!(Locale::en, common.nav_home),
            td_string!(Locale::ja, common.nav_home)
        );
    }
}
