//! Presence and table updates to one seat, coalesced: a few go at once,
//! past that only the latest of each kind goes, a few times a second.
//! Another seat reconnecting in a loop (a `resume` a few milliseconds
//! apart) would otherwise push two updates per reconnection at this seat,
//! enough to freeze a phone's tab; what it misses in between is nothing,
//! since each update is the whole state.

use tokio::time::Instant;

use crate::config::Rate;
use crate::limit::TokenBucket;

/// Updates at once, then per second.
const RATE: Rate = Rate {
    burst: 6.0,
    per_sec: 4.0,
};

/// What an update tells: the table (seats, phase) or the other seat's
/// presence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    Table,
    Presence,
}

/// One seat's updates.
pub struct Coalesce {
    bucket: TokenBucket,
    /// The kinds held back, to go with their latest state when due.
    held: [bool; 2],
}

impl Default for Coalesce {
    fn default() -> Coalesce {
        Coalesce {
            bucket: TokenBucket::new(RATE),
            held: [false; 2],
        }
    }
}

impl Coalesce {
    /// Whether an update of this kind may go now; if not it is held, and
    /// goes (as the state then is) from [`Coalesce::release`].
    pub fn admit(&mut self, update: Update) -> bool {
        if !self.held[update as usize] && self.bucket.take() {
            return true;
        }
        self.held[update as usize] = true;
        false
    }

    /// When the held updates may go, if any are held.
    pub fn due(&mut self) -> Option<Instant> {
        if !self.held.contains(&true) {
            return None;
        }
        Some(Instant::now() + self.bucket.wait())
    }

    /// The kinds held, let go (the release counting as one update):
    /// before any other message to the seat (so a move never overtakes
    /// the update before it), or once due.
    pub fn release(&mut self) -> impl Iterator<Item = Update> + use<> {
        let held = std::mem::take(&mut self.held);
        if held.contains(&true) {
            self.bucket.take();
        }
        [Update::Table, Update::Presence]
            .into_iter()
            .filter(move |&u| held[u as usize])
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_goes_then_one_of_each_kind_is_held() {
        let mut seat = Coalesce::default();
        let sent = (0..20)
            .filter(|i| {
                let kind = if i % 2 == 0 {
                    Update::Table
                } else {
                    Update::Presence
                };
                seat.admit(kind)
            })
            .count();
        assert_eq!(sent, RATE.burst as usize);
        let due = seat.due().expect("updates held");
        assert!(due <= Instant::now() + Duration::from_secs_f64(1.0 / RATE.per_sec));
        let held: Vec<Update> = seat.release().collect();
        assert_eq!(held, [Update::Table, Update::Presence]);
        assert_eq!(seat.due(), None);
        assert_eq!(seat.release().count(), 0);
    }
}
