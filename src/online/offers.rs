//! The offers at a table as told (`OfferNews`): the one waiting for an
//! answer and how the last one closed, which the offer bar shows; a
//! rematch agreed is a seat at another table for the page to go to.

use gunjin_rules::Color;
use gunjin_table::{Closed, Offer, OfferNews};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// The offer waiting for an answer, and who made it.
    pub waiting: Option<(Offer, Color)>,
    /// How the last offer closed (whose it was), until the next one.
    pub closed: Option<(Offer, Color, Closed)>,
}

/// What the receiver of a `rematch` is to do: take this seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub table: String,
    pub token: String,
}

impl Offers {
    pub fn apply(&mut self, news: OfferNews) -> Option<Rematch> {
        match news {
            OfferNews::Offered { offer, by } => {
                self.waiting = Some((offer, by));
                self.closed = None;
            }
            OfferNews::Closed { offer, by, closed } => {
                self.waiting = None;
                self.closed = Some((offer, by, closed));
            }
            OfferNews::Rematch { table, token, .. } => return Some(Rematch { table, token }),
        }
        None
    }

    /// The offer of `me`'s opponent that waits for `me`'s answer.
    pub fn to_answer(&self, me: Color) -> Option<Offer> {
        self.waiting
            .filter(|&(_, by)| by != me)
            .map(|(offer, _)| offer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offer_waits_until_it_closes_and_a_rematch_is_a_seat() {
        let mut offers = Offers::default();
        let offered = OfferNews::Offered {
            offer: Offer::Draw,
            by: Color::North,
        };
        assert_eq!(offers.apply(offered), None);
        assert_eq!(offers.to_answer(Color::South), Some(Offer::Draw));
        assert_eq!(offers.to_answer(Color::North), None);
        let declined = OfferNews::Closed {
            offer: Offer::Draw,
            by: Color::North,
            closed: Closed::Declined,
        };
        offers.apply(declined);
        assert_eq!(offers.to_answer(Color::South), None);
        assert_eq!(
            offers.closed,
            Some((Offer::Draw, Color::North, Closed::Declined))
        );
        let rematch = OfferNews::Rematch {
            table: "t".into(),
            token: "k".into(),
            side: Color::South,
        };
        let seat = Rematch {
            table: "t".into(),
            token: "k".into(),
        };
        assert_eq!(offers.apply(rematch), Some(seat));
    }
}
