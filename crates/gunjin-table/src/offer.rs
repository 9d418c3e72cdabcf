//! Offers between the two seats, a part of the messages of its own: a
//! draw, a takeback (Shogi's 待った; Gunjin has none, where undoing a
//! battle would tell what it hid) and, once the game is over, a rematch.
//! One seat offers, the other accepts or declines; the server tells both
//! seats of each offer and of how it closed.

use gunjin_rules::Color;
use serde::{Deserialize, Serialize};

use crate::parts::Part;

/// What a seat may offer the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// The game ends drawn, by agreement.
    Draw,
    /// The asker's last move is taken back, with the reply to it if one
    /// was made (Shogi only).
    Takeback,
    /// After the end, a new table with the same players, rules and
    /// clock, the sides swapped.
    Rematch,
}

/// What a seated player offers, or answers to the other's offer.
///
/// ```
/// use gunjin_table::{ClientMessage, Offer, OfferAct};
/// let read = |s| ClientMessage::from_json(s).unwrap();
/// assert_eq!(read(r#"{"offer":"draw"}"#), ClientMessage::Offer(OfferAct::Offer(Offer::Draw)));
/// let accept = OfferAct::Answer { offer: Offer::Takeback, accept: true };
/// assert_eq!(read(r#"{"answer":{"offer":"takeback","accept":true}}"#), ClientMessage::Offer(accept));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum OfferAct {
    Offer(Offer),
    /// Accepts or declines the other seat's offer of this kind (naming
    /// it, so an answer never lands on another offer made meanwhile).
    Answer {
        offer: Offer,
        accept: bool,
    },
}

impl Part for OfferAct {}

/// How an offer closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Closed {
    Accepted,
    Declined,
    /// The offerer moved (a draw offer or a takeback request), or the
    /// other seat moved instead of answering a draw offer, or the game
    /// ended.
    Withdrawn,
}

/// What both seats are told of offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferNews {
    /// `by` made this offer, which waits for the other seat's answer.
    Offered { offer: Offer, by: Color },
    /// `by`'s offer closed. An accepted draw or takeback is followed by
    /// the game as it now is; an accepted rematch by a `rematch`.
    #[serde(rename = "offer_closed")]
    Closed {
        offer: Offer,
        by: Color,
        closed: Closed,
    },
    /// The rematch's table and the receiver's seat at it: resume it
    /// there with this token (keep it as the seat's token).
    Rematch {
        table: String,
        token: String,
        side: Color,
    },
}

impl Part for OfferNews {}
