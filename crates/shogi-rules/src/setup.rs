//! Anything that can be written down as a position, legal or not.

use crate::{Board, ByColor, Color, Hand};

/// The SFEN of the even game's starting position.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A position as written (board, hands, side to move, move number), not
/// yet checked against the rules: [`Position::new`](crate::Position::new)
/// turns it into a playable position or says why it cannot.
///
/// Its text form is SFEN (see the `sfen` module), and so is its serde form.
///
/// ```
/// use shogi_rules::{Color, Setup};
/// let setup = Setup::start();
/// assert_eq!(setup.turn, Color::Sente);
/// assert_eq!(setup.to_string(), shogi_rules::START_SFEN);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub hands: ByColor<Hand>,
    pub turn: Color,
    /// The SFEN move number: 1 before the first move of a game.
    pub move_number: u32,
}

impl Setup {
    /// The even game's starting position.
    pub fn start() -> Setup {
        START_SFEN.parse().expect("the start SFEN reads")
    }
}
