//! Generates the string tables of `src/i18n.rs` from
//! `locales/<lang>/<namespace>.json`: one struct per (nested) namespace,
//! with a `&'static str` field per key, and one static table per language.
//! A missing key, an extra key or a placeholder (`{{ name }}`) that differs
//! between the languages stops the build, so every word exists in both.

use std::collections::BTreeSet;
use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The languages, the first one being the default, and their table names.
const LOCALES: [(&str, &str); 2] = [("en", "EN"), ("ja", "JA")];
/// One namespace per area of the app: `common` for the screens, `guide`
/// for the guides, `shogi` for the other game.
const NAMESPACES: [&str; 3] = ["common", "guide", "shogi"];

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=locales");
    // scripts/split.mjs needs the linker's relocations to move functions
    // into another module.
    if std::env::var_os("CARGO_FEATURE_SPLIT").is_some()
        && std::env::var("CARGO_CFG_TARGET_FAMILY").is_ok_and(|f| f == "wasm")
    {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
    let mut tables = Vec::new();
    for (lang, _) in LOCALES {
        let mut root = Map::new();
        for ns in NAMESPACES {
            let path = Path::new("locales").join(lang).join(format!("{ns}.json"));
            println!("cargo::rerun-if-changed={}", path.display());
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let value: Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            root.insert(ns.to_owned(), value);
        }
        tables.push(Value::Object(root));
    }
    let (base, _) = LOCALES[0];
    for ((lang, _), table) in LOCALES.iter().zip(&tables).skip(1) {
        same_shape(&tables[0], table, &mut Vec::new(), base, lang)?;
    }

    let mut out = String::new();
    declare("Strings", &tables[0], &mut out)?;
    for ((_, name), table) in LOCALES.iter().zip(&tables) {
        write!(out, "static {name}: Strings = ")?;
        literal("Strings", table, &mut out)?;
        out.push_str(";\n");
    }
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    std::fs::write(dest.join("strings.rs"), out)?;
    Ok(())
}

/// Checks that `other` has exactly the keys, nesting and placeholders of
/// `base`.
fn same_shape(
    base: &Value,
    other: &Value,
    path: &mut Vec<String>,
    base_lang: &str,
    lang: &str,
) -> Result<(), String> {
    let at = || path.join(".");
    match (base, other) {
        (Value::Object(a), Value::Object(b)) => {
            if let Some(key) = a.keys().find(|k| !b.contains_key(*k)) {
                return Err(format!("locales/{lang}: `{}.{key}` is missing", at()));
            }
            if let Some(key) = b.keys().find(|k| !a.contains_key(*k)) {
                return Err(format!(
                    "locales/{lang}: `{}.{key}` is not in locales/{base_lang}",
                    at()
                ));
            }
            for (key, value) in a {
                path.push(key.clone());
                same_shape(value, &b[key], path, base_lang, lang)?;
                path.pop();
            }
            Ok(())
        }
        (Value::String(a), Value::String(b)) if placeholders(a) == placeholders(b) => Ok(()),
        (Value::String(_), Value::String(_)) => Err(format!(
            "locales/{lang}: `{}` has other placeholders than in locales/{base_lang}",
            at()
        )),
        _ => Err(format!(
            "locales/{lang}: `{}` is not a string or an object in both languages",
            at()
        )),
    }
}

/// The names between `{{` and `}}` in a text.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split("{{")
        .skip(1)
        .filter_map(|part| part.split_once("}}"))
        .map(|(name, _)| name.trim())
        .collect()
}

/// The Rust name of the struct of a nested namespace: `guide.rules` →
/// `StringsGuideRules`.
fn struct_name(parent: &str, key: &str) -> String {
    let mut name = parent.to_owned();
    for part in key.split('_') {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            name.extend(first.to_uppercase());
            name.extend(chars);
        }
    }
    name
}

/// Declares the struct `name` for the object `value`, then those of its
/// nested objects.
fn declare(name: &str, value: &Value, out: &mut String) -> Result<(), Box<dyn Error>> {
    let Value::Object(map) = value else {
        return Err(format!("{name} is not an object").into());
    };
    writeln!(out, "#[allow(non_snake_case)]\npub struct {name} {{")?;
    for (key, field) in map {
        match field {
            Value::Object(_) => writeln!(out, "    pub {key}: {},", struct_name(name, key))?,
            _ => writeln!(out, "    pub {key}: &'static str,")?,
        }
    }
    out.push_str("}\n");
    for (key, field) in map {
        if field.is_object() {
            declare(&struct_name(name, key), field, out)?;
        }
    }
    Ok(())
}

/// Writes `value` as a literal of the struct `name`.
fn literal(name: &str, value: &Value, out: &mut String) -> Result<(), Box<dyn Error>> {
    match value {
        Value::Object(map) => {
            write!(out, "{name} {{ ")?;
            for (key, field) in map {
                write!(out, "{key}: ")?;
                literal(&struct_name(name, key), field, out)?;
                out.push_str(", ");
            }
            out.push('}');
        }
        Value::String(text) => write!(out, "{text:?}")?,
        other => return Err(format!("{name}: {other} is not a string").into()),
    }
    Ok(())
}
