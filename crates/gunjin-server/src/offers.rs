//! The offers between a table's two seats: which one waits for an
//! answer, and the limits that keep them from flooding the opponent. One
//! offer at a time; a side offers a draw or asks a takeback at most once
//! every two plies (its opponent must have moved since its last one), and
//! offers a rematch once per game. Offers live in the table's task only:
//! a restart forgets them (the players offer again).

use gunjin_rules::{ByColor, Color};
use gunjin_table::{Closed, ErrorCode, Offer};

use crate::refusal::Refusal;

#[derive(Default)]
pub struct Offers {
    /// The offer waiting for an answer, and who made it.
    pending: Option<(Offer, Color)>,
    /// The ply at which each side last offered a draw or asked a
    /// takeback.
    last: ByColor<Option<usize>>,
    /// Each side offered a rematch after this game.
    rematch: ByColor<bool>,
}

fn refused(code: ErrorCode, message: &str) -> Refusal {
    Refusal::new(code, message)
}

impl Offers {
    /// `by` offers at `ply` (the game's moves so far).
    pub fn offer(&mut self, offer: Offer, by: Color, ply: usize) -> Result<(), Refusal> {
        if self.pending.is_some() {
            return Err(refused(
                ErrorCode::WrongPhase,
                "an offer is waiting for its answer",
            ));
        }
        let repeated = || refused(ErrorCode::OfferRepeated, "wait for your opponent's move");
        match offer {
            Offer::Rematch if self.rematch[by] => return Err(repeated()),
            Offer::Rematch => self.rematch[by] = true,
            Offer::Draw | Offer::Takeback => {
                if self.last[by].is_some_and(|last| ply < last + 2) {
                    return Err(repeated());
                }
                self.last[by] = Some(ply);
            }
        }
        self.pending = Some((offer, by));
        Ok(())
    }

    /// `by` answers the opponent's offer of this kind: the offerer.
    pub fn answer(&mut self, offer: Offer, by: Color) -> Result<Color, Refusal> {
        match self.pending {
            Some((pending, offerer)) if pending == offer && offerer != by => {
                self.pending = None;
                Ok(offerer)
            }
            _ => Err(refused(
                ErrorCode::WrongPhase,
                "your opponent made no such offer",
            )),
        }
    }

    /// `mover` moved: a draw offer is withdrawn (the offerer moved on,
    /// or the opponent played instead of accepting), and so is the
    /// mover's own takeback request. Returns the offer closed and whose.
    pub fn moved(&mut self, mover: Color) -> Option<(Offer, Color, Closed)> {
        let (offer, by) = self.pending?;
        if offer == Offer::Rematch || (offer == Offer::Takeback && by != mover) {
            return None;
        }
        self.pending = None;
        Some((offer, by, Closed::Withdrawn))
    }

    /// The game ended: the offer waiting, if any, is withdrawn.
    pub fn ended(&mut self) -> Option<(Offer, Color, Closed)> {
        let (offer, by) = self.pending.take()?;
        Some((offer, by, Closed::Withdrawn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use Color::{North, South};

    #[test]
    fn a_draw_offer_waits_for_the_opponents_move_before_another() {
        let mut offers = Offers::default();
        offers.offer(Offer::Draw, South, 4).unwrap();
        assert_eq!(
            offers.answer(Offer::Draw, South).unwrap_err().code,
            ErrorCode::WrongPhase
        );
        assert_eq!(offers.answer(Offer::Draw, North), Ok(South));
        let again = offers.offer(Offer::Draw, South, 5).unwrap_err();
        assert_eq!(again.code, ErrorCode::OfferRepeated);
        // North may offer meanwhile; South again once both moved.
        offers.offer(Offer::Draw, North, 5).unwrap();
        assert_eq!(
            offers.moved(North),
            Some((Offer::Draw, North, Closed::Withdrawn))
        );
        offers.offer(Offer::Draw, South, 6).unwrap();
    }

    #[test]
    fn a_takeback_request_outlives_the_opponents_reply_not_the_askers_move() {
        let mut offers = Offers::default();
        offers.offer(Offer::Takeback, South, 3).unwrap();
        assert_eq!(offers.moved(North), None);
        assert_eq!(
            offers.moved(South),
            Some((Offer::Takeback, South, Closed::Withdrawn))
        );
        assert_eq!(
            offers.answer(Offer::Takeback, North).unwrap_err().code,
            ErrorCode::WrongPhase
        );
    }

    #[test]
    fn a_rematch_is_offered_once_per_game() {
        let mut offers = Offers::default();
        offers.offer(Offer::Rematch, North, 40).unwrap();
        let waiting = offers.offer(Offer::Rematch, South, 40).unwrap_err();
        assert_eq!(waiting.code, ErrorCode::WrongPhase);
        assert_eq!(offers.answer(Offer::Rematch, South), Ok(North));
        let again = offers.offer(Offer::Rematch, North, 40).unwrap_err();
        assert_eq!(again.code, ErrorCode::OfferRepeated);
        assert_eq!(offers.ended(), None);
    }
}
