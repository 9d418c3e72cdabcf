//! Rate limits: messages per connection, tables opened per client
//! address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::config::Rate;

/// A bucket per client address. A full bucket is the same as none, so
/// those are forgotten when the map grows.
#[derive(Debug)]
pub struct PerAddress {
    rate: Rate,
    buckets: HashMap<IpAddr, TokenBucket>,
}

/// Addresses remembered before the full buckets are dropped.
const ADDRESSES_KEPT: usize = 4096;

impl PerAddress {
    pub fn new(rate: Rate) -> PerAddress {
        PerAddress {
            rate,
            buckets: HashMap::new(),
        }
    }

    pub fn take(&mut self, addr: IpAddr) -> bool {
        if self.buckets.len() >= ADDRESSES_KEPT {
            let now = Instant::now();
            self.buckets.retain(|_, b| !b.full_at(now));
        }
        let rate = self.rate;
        self.buckets
            .entry(addr)
            .or_insert_with(|| TokenBucket::new(rate))
            .take()
    }
}

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

    /// How long until one more message is allowed.
    pub fn wait(&mut self) -> Duration {
        self.refill(Instant::now());
        Duration::from_secs_f64((1.0 - self.tokens).max(0.0) / self.rate.per_sec)
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate.per_sec).min(self.rate.burst);
    }

    fn full_at(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.rate.burst
    }

    fn take_at(&mut self, now: Instant) -> bool {
        self.refill(now);
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
