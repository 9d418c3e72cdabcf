//! Generates the string tables of `src/i18n.rs` from
//! `locales/<lang>/<namespace>.json`: one struct per (nested) namespace,
//! with a `&'static str` field per key, and one static table per language.
//! A missing key, an extra key or a placeholder (`{{ name }}`) that differs
//! between the languages stops the build, so every word exists in every
//! language.
//!
//! A split release build carries no words in its wasm (all data stays in
//! the first module, which every visit downloads): the home page's words
//! (`Strings`) are a file per language, fetched for the reader's language
//! only (`i18n::load_words`, and index.html before the app), and the words
//! of the pages behind it (`PageStrings`) one file, fetched with the pages
//! (`i18n::load_pages`). The build puts each file in a custom section of
//! the wasm (`gunjin_file_<what>`: its name, a newline, its text), which
//! scripts/split.mjs takes out into the built folder.

use std::collections::BTreeSet;
use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The languages, the first one being the default, and their table names,
/// in the order of `i18n::Locale`.
const LOCALES: [(&str, &str); 3] = [("en", "EN"), ("ja", "JA"), ("th", "TH")];
/// The namespaces of the home page and the shell: `common` for Gunjin's
/// screens, `shogi_home` for Shogi's section of the home page.
const HOME: [&str; 2] = ["common", "shogi_home"];
/// The namespaces of the pages behind it: `guide` for the guides, `shogi`
/// for Shogi's game, `friend` for Gunjin's pass-and-play, `lessons` for
/// the lessons (their pages' words under `ui`), `review` for the review
/// of a game, `chat` for a table's chat, `offers` for the offers at a
/// table (draw, takeback, rematch), `lobby` for the lobby and a table's
/// listing.
const PAGES: [&str; 8] = [
    "guide", "shogi", "friend", "lessons", "review", "chat", "offers", "lobby",
];
/// The namespace whose texts are looked up by a key the data names
/// (`PageStrings::lesson_text("gunjin_basics.plane.text")`), not by a
/// field: the lessons'. Its texts are one slice, read by a loop, so the
/// first module's reader of the pages' words does not grow with them.
const LOOKED_UP: &str = "lessons";
/// What separates the texts in the file of the pages' words (in field
/// order, every language in turn): no text contains it.
const SEPARATOR: char = '\u{1}';

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=locales");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some()
        && std::env::var("CARGO_CFG_TARGET_FAMILY").is_ok_and(|f| f == "wasm");
    // scripts/split.mjs needs the linker's relocations to move functions
    // into another module.
    if split {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
    let home = read_tables(&HOME)?;
    let pages = read_tables(&PAGES)?;
    let mut out = String::new();
    declare("Strings", &home[0], &mut out)?;
    home_files(&home, split, &mut out)?;
    if !split {
        statics("", "Strings", &home, &mut out)?;
    }
    kind_names("KIND_ENGLISH", &home[0], &mut out)?;
    kind_names("KIND_KANJI", &home[1], &mut out)?;
    declare("PageStrings", &pages[0], &mut out)?;
    let used = if split { "" } else { "#[cfg(test)]\n" };
    writeln!(out, "{used}const SEPARATOR: char = {SEPARATOR:?};")?;
    page_file(&pages, split, &mut out)?;
    if !split {
        statics("PAGES_", "PageStrings", &pages, &mut out)?;
    }
    lookup(&pages[0][LOOKED_UP], &mut out)?;
    table_macro(&mut out)?;
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    std::fs::write(dest.join("strings.rs"), out)?;
    Ok(())
}

/// `table!(locale, namespace)`: the table that holds a namespace, for the
/// text macros of `src/i18n.rs`.
fn table_macro(out: &mut String) -> Result<(), Box<dyn Error>> {
    out.push_str("macro_rules! table {\n");
    for ns in PAGES {
        writeln!(out, "    ($locale:expr, {ns}) => {{ $locale.pages() }};")?;
    }
    out.push_str("    ($locale:expr, $namespace:ident) => { $locale.strings() };\n}\n");
    Ok(())
}

/// Each language's table of `namespaces`, checked to have the shape of the
/// first language's.
fn read_tables(namespaces: &[&str]) -> Result<Vec<Value>, Box<dyn Error>> {
    let mut tables = Vec::new();
    for (lang, _) in LOCALES {
        let mut root = Map::new();
        for ns in namespaces {
            let path = Path::new("locales").join(lang).join(format!("{ns}.json"));
            println!("cargo::rerun-if-changed={}", path.display());
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let value: Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            root.insert((*ns).to_owned(), value);
        }
        tables.push(Value::Object(root));
    }
    let (base, _) = LOCALES[0];
    for ((lang, _), table) in LOCALES.iter().zip(&tables).skip(1) {
        same_shape(&tables[0], table, &mut Vec::new(), base, lang)?;
    }
    Ok(tables)
}

/// One static `<prefix><LANG>` of the struct `name` per language.
fn statics(
    prefix: &str,
    name: &str,
    tables: &[Value],
    out: &mut String,
) -> Result<(), Box<dyn Error>> {
    for ((_, lang), table) in LOCALES.iter().zip(tables) {
        write!(out, "static {prefix}{lang}: {name} = ")?;
        literal(name, table, out)?;
        out.push_str(";\n");
    }
    Ok(())
}

/// The home page's words, a file per language (its texts in field order),
/// and `Strings::read`, which builds a table from them. A split build puts
/// each file in its section and names them (`HOME_STRINGS_FILES`, in the
/// order of `LOCALES`); other builds keep the texts for the test of `read`.
fn home_files(tables: &[Value], split: bool, out: &mut String) -> Result<(), Box<dyn Error>> {
    let used = if split { "" } else { "#[cfg(test)]\n" };
    let mut names = Vec::new();
    let mut texts = Vec::new();
    for ((lang, _), table) in LOCALES.iter().zip(tables) {
        let text = joined(table);
        let name = format!("words-{lang}-{:016x}.txt", fnv1a(text.as_bytes()));
        if split {
            section(&format!("words_{lang}"), &name, &text, out)?;
        }
        names.push(name);
        texts.push(text);
    }
    if split {
        writeln!(
            out,
            "const HOME_STRINGS_FILES: [&str; {}] = {names:?};",
            names.len()
        )?;
    } else {
        writeln!(
            out,
            "#[cfg(test)]\nconst HOME_STRINGS_TEXTS: [&str; {}] = {texts:?};",
            texts.len()
        )?;
    }
    reader("Strings", &tables[0], used, out)
}

/// The pages' words as one text (every language's texts in field order)
/// and `PageStrings::read`, which builds one language's table from its
/// texts in that order. A split build puts the text in its section and
/// names its file; other builds keep it for the test of `read`.
fn page_file(tables: &[Value], split: bool, out: &mut String) -> Result<(), Box<dyn Error>> {
    let text = tables
        .iter()
        .map(joined)
        .collect::<Vec<_>>()
        .join(&SEPARATOR.to_string());
    let used = if split { "" } else { "#[cfg(test)]\n" };
    if split {
        let name = format!("strings-{:016x}.txt", fnv1a(text.as_bytes()));
        writeln!(out, "const PAGE_STRINGS_FILE: &str = {name:?};")?;
        section("pages", &name, &text, out)?;
    } else {
        writeln!(
            out,
            "#[cfg(test)]\nconst PAGE_STRINGS_TEXT: &str = {text:?};"
        )?;
    }
    reader("PageStrings", &tables[0], used, out)
}

/// The texts of one language's table in field order, separated.
fn joined(table: &Value) -> String {
    leaves_of(table).join(&SEPARATOR.to_string())
}

fn leaves_of(table: &Value) -> Vec<&str> {
    let mut texts = Vec::new();
    leaves(table, &mut texts);
    texts
}

/// A file for scripts/split.mjs: the custom section `gunjin_file_<what>`
/// holding its name, a newline and its text.
fn section(what: &str, name: &str, text: &str, out: &mut String) -> Result<(), Box<dyn Error>> {
    let contents = format!("{name}\n{text}");
    writeln!(
        out,
        "#[unsafe(link_section = \"gunjin_file_{what}\")]\n#[used]\nstatic FILE_{}: [u8; {}] = *{};",
        what.to_uppercase(),
        contents.len(),
        byte_literal(&contents)
    )?;
    Ok(())
}

/// `impl <name> { TEXTS, fn read(texts) }`: how many texts the table `name`
/// has, and the table taking them in the order of [`leaves`] (an array's
/// elements by constant index: a few bytes of code a field).
fn reader(name: &str, table: &Value, used: &str, out: &mut String) -> Result<(), Box<dyn Error>> {
    out.push_str(used);
    writeln!(out, "impl {name} {{")?;
    let texts = leaves_of(table).len();
    writeln!(out, "    /// How many texts a table has.")?;
    writeln!(out, "    const TEXTS: usize = {texts};")?;
    writeln!(
        out,
        "    fn read(texts: &[&'static str]) -> Option<Self> {{\n        let t: &[&'static str; {texts}] = texts.try_into().ok()?;"
    )?;
    out.push_str("        Some(");
    constructor(name, table, &mut 0, out)?;
    out.push_str(")\n    }\n}\n");
    Ok(())
}

/// `KIND_KANJI` (from `ja`): each Gunjin kind's Japanese name
/// (`common.kind_<Kind>`), the kanji printed on the pieces in every
/// language; `KIND_ENGLISH` (from `en`), the piece guide's gloss for a
/// Japanese reader. So no language needs another's words.
fn kind_names(name: &str, table: &Value, out: &mut String) -> Result<(), Box<dyn Error>> {
    let kinds: Vec<(&str, &str)> = table["common"]
        .as_object()
        .ok_or("locales/*/common.json is not an object")?
        .iter()
        .filter_map(|(key, text)| Some((key.strip_prefix("kind_")?, text.as_str()?)))
        .collect();
    writeln!(
        out,
        "pub const {name}: [(&str, &str); {}] = {kinds:?};",
        kinds.len()
    )?;
    Ok(())
}

/// `PageStrings::lesson_text`: the text of a key of the `lessons`
/// namespace, by its dotted path. The keys are matched by their FNV-1a
/// hash, not as texts: a build keeps all data in the first module (see
/// above), and the code that holds the hashes loads with the pages that
/// call it.
fn lookup(value: &Value, out: &mut String) -> Result<(), Box<dyn Error>> {
    let mut paths = Vec::new();
    dotted(value, "", &mut paths);
    let mut hashes = BTreeSet::new();
    out.push_str("impl PageStrings {\n    /// The `lessons` text of a dotted key.\n");
    out.push_str("    pub fn lesson_text(&self, key: &str) -> Option<&'static str> {\n");
    out.push_str("        let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));\n");
    out.push_str("        let index = match hash {\n");
    for (index, path) in paths.iter().enumerate() {
        let hash = fnv1a(path.as_bytes());
        if !hashes.insert(hash) {
            return Err(format!("{LOOKED_UP}: two keys hash alike ({path})").into());
        }
        writeln!(out, "            {hash:#018x} => {index},")?;
    }
    writeln!(
        out,
        "            _ => return None,\n        }};\n        self.{LOOKED_UP}.get(index).copied()\n    }}\n}}"
    )?;
    Ok(())
}

/// The dotted path of every string of `value`, under `prefix`.
fn dotted(value: &Value, prefix: &str, paths: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, field) in map {
                let path = match prefix {
                    "" => key.clone(),
                    _ => format!("{prefix}.{key}"),
                };
                dotted(field, &path, paths);
            }
        }
        _ => paths.push(prefix.to_owned()),
    }
}

/// The strings of `value` in field order.
fn leaves<'a>(value: &'a Value, texts: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => map.values().for_each(|v| leaves(v, texts)),
        Value::String(text) => texts.push(text),
        _ => {}
    }
}

/// A struct literal of `name` taking each text from `t`, in the order of
/// [`leaves`] from `next` on.
fn constructor(
    name: &str,
    value: &Value,
    next: &mut usize,
    out: &mut String,
) -> Result<(), Box<dyn Error>> {
    let Value::Object(map) = value else {
        write!(out, "t[{next}]")?;
        *next += 1;
        return Ok(());
    };
    write!(out, "{name} {{ ")?;
    for (key, field) in map {
        write!(out, "{key}: ")?;
        if name == "PageStrings" && key == LOOKED_UP {
            let mut texts = Vec::new();
            leaves(field, &mut texts);
            let end = *next + texts.len();
            write!(out, "t[{next}..{end}].to_vec().leak()")?;
            *next = end;
        } else {
            constructor(&struct_name(name, key), field, next, out)?;
        }
        out.push_str(", ");
    }
    out.push('}');
    Ok(())
}

/// A byte string literal of `text`.
fn byte_literal(text: &str) -> String {
    let mut literal = String::from("b\"");
    for byte in text.bytes() {
        literal.extend(std::ascii::escape_default(byte).map(char::from));
    }
    literal.push('"');
    literal
}

/// FNV-1a, to name the file after its contents (a new text, a new name,
/// so no cache serves an old one).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
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
            "locales/{lang}: `{}` is not a string or an object as in locales/{base_lang}",
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
    writeln!(
        out,
        "#[allow(non_snake_case)]\n#[derive(Debug, PartialEq)]\npub struct {name} {{"
    )?;
    let looked_up = |key: &str| name == "PageStrings" && key == LOOKED_UP;
    for (key, field) in map {
        match field {
            _ if looked_up(key) => writeln!(out, "    pub {key}: &'static [&'static str],")?,
            Value::Object(_) => writeln!(out, "    pub {key}: {},", struct_name(name, key))?,
            _ => writeln!(out, "    pub {key}: &'static str,")?,
        }
    }
    out.push_str("}\n");
    for (key, field) in map {
        if field.is_object() && !looked_up(key) {
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
                if name == "PageStrings" && key == LOOKED_UP {
                    let mut texts = Vec::new();
                    leaves(field, &mut texts);
                    write!(out, "&{texts:?}")?;
                } else {
                    literal(&struct_name(name, key), field, out)?;
                }
                out.push_str(", ");
            }
            out.push('}');
        }
        Value::String(text) => write!(out, "{text:?}")?,
        other => return Err(format!("{name}: {other} is not a string").into()),
    }
    Ok(())
}
