//! Unguessable identifiers: table ids and seat tokens.

use std::fmt::Write;

/// 128 bits from the operating system's CSPRNG, as 32 hex digits: too many
/// to guess, safe in a URL.
pub fn random_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().fold(String::with_capacity(32), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A seed from the CSPRNG, for random setups and who moves first.
pub fn random_seed() -> u64 {
    getrandom::u64().expect("the operating system's random source")
}

/// Compares a presented token with the seat's in constant time, so timing
/// tells nothing about how much of a guess was right.
pub fn same(presented: &str, seat: &str) -> bool {
    presented.len() == seat.len()
        && presented
            .bytes()
            .zip(seat.bytes())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_long_and_distinct() {
        let (a, b) = (super::random_id(), super::random_id());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(super::same(&a, &a.clone()));
        assert!(!super::same(&a, &b));
        assert!(!super::same(&a, &a[1..]));
    }
}
