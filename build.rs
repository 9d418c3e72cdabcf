//! Generates the `i18n` module from `locales/` (leptos_i18n): one namespace
//! per area of the app, `common` for the screens and `guide` for the guides.

use std::error::Error;
use std::path::PathBuf;

use leptos_i18n_build::{Config, ParseOptions, TranslationsInfos};

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?).join("i18n");
    let cfg = Config::new("en")?
        .add_locale("ja")?
        .add_namespaces(["common", "guide"])?
        // `t_string!` with interpolations (announcements, counts).
        .parse_options(ParseOptions::new().interpolate_display(true));
    let translations = TranslationsInfos::parse(cfg)?;
    translations.emit_diagnostics();
    translations.rerun_if_locales_changed();
    translations.generate_i18n_module(out)?;
    Ok(())
}
