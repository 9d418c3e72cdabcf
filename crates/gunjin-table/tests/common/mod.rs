//! What the message tests share: a fixture (`tests/fixtures/`) whose
//! every line is a message as a build wrote it.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Each line of the fixture `name` read as `M`, and written back byte
/// for byte: a later build reads what this one wrote, and writes it the
/// same.
pub fn read_back<M: Serialize + DeserializeOwned>(name: &str) -> Vec<M> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let message: M = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(serde_json::to_string(&message).unwrap(), line);
            message
        })
        .collect()
}
