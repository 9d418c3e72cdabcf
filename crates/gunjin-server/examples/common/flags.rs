//! The examples' command lines: `--flag value` pairs, and `-h`/`--help`.

use std::fmt::Display;
use std::str::FromStr;

/// The command line's pairs; `-h` or `--help` prints `help` and exits.
pub fn pairs(help: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            print!("{help}");
            std::process::exit(0);
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        pairs.push((flag, value));
    }
    Ok(pairs)
}

/// A flag's value read as a `T`, or why not.
pub fn value<T: FromStr>(flag: &str, value: &str) -> Result<T, String>
where
    T::Err: Display,
{
    value.parse().map_err(|e| format!("{flag} {value}: {e}"))
}
