//! The per-connection rate limit.

use std::time::Instant;

use crate::config::Rate;

/// A token bucket: each message takes a token; tokens come back at a steady
/// rate up to the burst size.
#[derive(Debug)]
pub struct TokenBucket {
    rate: Rate,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    pub fn new(rate: Rate) -> TokenBucket {
        TokenBucket {
            rate,
            tokens: rate.burst,
            last: Instant::now(),
        }
    }

    /// Whether one more message is allowed now.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate.per_sec).min(self.rate.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_the_steady_rate() {
        let mut bucket = TokenBucket::new(Rate {
            burst: 3.0,
            per_sec: 2.0,
        });
        let start = bucket.last;
        assert!((0..3).all(|_| bucket.take_at(start)));
        assert!(!bucket.take_at(start));
        assert!(bucket.take_at(start + Duration::from_millis(500)));
        assert!(!bucket.take_at(start + Duration::from_millis(600)));
    }
}
