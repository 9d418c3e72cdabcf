//! Positions for the unit tests.

use gunjin_rules::{ByColor, Color, Position, Rules, Setup};

/// The position of two setups (front rank first, each from its own side)
/// under the Kirakuken rules, with `first` to move.
pub(crate) fn position(south: &str, north: &str, first: Color) -> Position {
    let setup = |text: &str| -> Setup { text.parse().expect("a setup") };
    Position::new(
        Rules::KIRAKUKEN,
        &ByColor {
            south: setup(south),
            north: setup(north),
        },
        first,
    )
}
