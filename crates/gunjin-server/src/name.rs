//! Players' names: what a seat may be called. A name is shown to the
//! opponent as it is, so it may not reorder the text around it, be
//! invisible, or pass for the CPU.

use gunjin_table::{ErrorCode, MAX_NAME_CHARS};

use crate::refusal::Refusal;

/// A player's name, trimmed: 1 to [`MAX_NAME_CHARS`] characters, no
/// control or bidirectional formatting characters, something visible, and
/// not beginning with "CPU" (a CPU seat's name).
pub fn player_name(raw: &str) -> Result<String, Refusal> {
    let name = raw.trim();
    let chars = name.chars().count();
    let bad = |why: &str| Err(Refusal::new(ErrorCode::BadName, why));
    if chars == 0 || chars > MAX_NAME_CHARS {
        return bad(&format!("a name has 1 to {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(|c| c.is_control() || bidi(c)) {
        return bad("a name has no control or text-direction characters");
    }
    if name.chars().all(|c| invisible(c) || c.is_whitespace()) {
        return bad("a name has something visible");
    }
    if folded(name).starts_with("cpu") {
        return bad("a name may not begin with CPU: that is the CPU's seat");
    }
    Ok(name.to_owned())
}

/// Characters that change the direction of the text after them.
fn bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that take no room: zero-width spaces and joiners, fillers.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// The name lowercased, full-width letters as ASCII, invisible characters
/// and spaces dropped: "ＣＰＵ" and "C\u{200B}PU" read as "cpu".
fn folded(name: &str) -> String {
    name.chars()
        .filter(|&c| !invisible(c) && !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_read_plainly_pass_and_the_rest_do_not() {
        for ok in ["Aki", "  秋子 ", "Anna-Lena", "Cup", "Mr CPU"] {
            assert!(player_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "   ",
            "\u{200B}\u{200D}",
            "\u{3164}",
            "Aki\u{202E}kiA",
            "\u{2066}x",
            "a\u{0007}",
            "CPU (Hard)",
            "cpu",
            "ＣＰＵ（むずかしい）",
            "C\u{200B}PU",
            &"x".repeat(MAX_NAME_CHARS + 1),
        ] {
            assert_eq!(
                player_name(bad).map_err(|r| r.code),
                Err(ErrorCode::BadName),
                "{bad:?}"
            );
        }
    }
}
