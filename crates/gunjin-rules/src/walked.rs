//! The movement rules walked square by square along the rays: the
//! definition the table-driven [`destinations`](crate::destinations) must
//! match (the unit tests check it) and the yardstick it is timed against
//! (`benches/rules.rs` includes this file). Test and bench code only.

use crate::{Bitboard, Color, Geometry, Mobility, Shape, Square};

/// Where a piece of `color` that moves as `mobility` says may move from
/// `from` on the board `shape` (whose tables `geometry` are), with `own`
/// and `enemy` occupied.
pub(crate) fn walked(
    shape: &Shape,
    geometry: &Geometry,
    color: Color,
    mobility: Mobility,
    from: Square,
    own: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    let occupied = own | enemy;
    let targets = match mobility {
        Mobility::Fixed => return Bitboard::EMPTY,
        Mobility::Step => geometry.steps(from),
        Mobility::Anywhere => shape.nodes().without(shape.hq(!color)),
        Mobility::Flight => geometry.flight(from) | geometry.sideways(from),
        Mobility::Charge => {
            let mut targets = geometry.steps(from);
            for ray in geometry.rays(from) {
                if let [middle, end, ..] = *ray.squares()
                    && ray.is_forward_for(color)
                    && !occupied.contains(middle)
                {
                    targets.add(end);
                }
            }
            targets
        }
        Mobility::Slide => {
            let mut targets = Bitboard::EMPTY;
            for ray in geometry.rays(from) {
                for &sq in ray.squares() {
                    if own.contains(sq) {
                        break;
                    }
                    targets.add(sq);
                    if enemy.contains(sq) {
                        break;
                    }
                }
            }
            targets
        }
    };
    targets - own
}
