//! The seat tokens kept in storage, so that a reload or a dropped
//! connection takes the same seat back (`resume`).

use serde::{Deserialize, Serialize};

use crate::storage::{Entry, What};

/// How many seats storage remembers; the oldest is forgotten first.
const SEATS_KEPT: usize = 8;

/// Seat tokens by table, newest last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    pub seats: Vec<(String, String)>,
}

impl Entry for Seats {
    const KEY: &'static str = "gunjin-seats";
    const VERSION: u32 = 1;
    const WHAT: What = What::Seats;
}

impl Seats {
    pub fn token(&self, table: &str) -> Option<&str> {
        self.seats
            .iter()
            .find(|(t, _)| t == table)
            .map(|(_, token)| token.as_str())
    }

    pub fn remember(&mut self, table: &str, token: &str) {
        self.seats.retain(|(t, _)| t != table);
        self.seats.push((table.to_owned(), token.to_owned()));
        let extra = self.seats.len().saturating_sub(SEATS_KEPT);
        self.seats.drain(..extra);
    }
}

/// Whether `id` looks like a table id: 32 hex digits (128 bits).
pub fn valid_table_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_keep_the_newest() {
        let mut seats = Seats::default();
        for i in 0..10 {
            seats.remember(&format!("t{i}"), &format!("k{i}"));
        }
        seats.remember("t5", "again");
        assert_eq!(seats.seats.len(), SEATS_KEPT);
        assert_eq!(seats.token("t5"), Some("again"));
        assert_eq!(seats.token("t0"), None);
        assert_eq!(seats.seats.last().map(|(t, _)| t.as_str()), Some("t5"));
    }

    #[test]
    fn table_ids_are_32_hex_digits() {
        assert!(valid_table_id("0123456789abcdef0123456789ABCDEF"));
        assert!(!valid_table_id("0123"));
        assert!(!valid_table_id("0123456789abcdef0123456789abcdeg"));
    }
}
