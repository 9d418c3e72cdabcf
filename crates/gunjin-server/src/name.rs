//! Players' names: what a seat may be called.

use gunjin_table::{ErrorCode, MAX_NAME_CHARS};

use crate::refusal::Refusal;

/// A player's name, trimmed: 1 to [`MAX_NAME_CHARS`] characters, no
/// control characters.
pub fn player_name(raw: &str) -> Result<String, Refusal> {
    let name = raw.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(Refusal::new(
            ErrorCode::BadName,
            format!("a name has 1 to {MAX_NAME_CHARS} characters and no control characters"),
        ));
    }
    Ok(name.to_owned())
}
