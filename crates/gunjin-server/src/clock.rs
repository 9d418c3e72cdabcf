//! A table's game clock: each side's time left, charged as it thinks. The
//! running side's time counts from the start of its turn; a restart starts
//! the turn again, so the server's downtime is charged to nobody. With
//! byoyomi, a side whose main time is spent has the byoyomi for each move
//! on top of it (what it uses of that is never charged).

use std::time::{SystemTime, UNIX_EPOCH};

use gunjin_rules::{ByColor, Color};
use gunjin_table::{Clock, ClockState};
use tokio::time::{Duration, Instant};

/// Now, in Unix milliseconds: the time the store and the players' deadlines
/// are written in.
pub fn unix_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub struct GameClock {
    pub clock: Clock,
    /// Time left as of the start of the running turn.
    pub left: ByColor<u64>,
    turn_began: Instant,
}

impl GameClock {
    /// A clock as stored (`left` from a game on), its turn starting now.
    pub fn new(clock: Clock, left: Option<ByColor<u64>>) -> GameClock {
        GameClock {
            clock,
            left: left.unwrap_or(ByColor::new_with(|_| clock.millis())),
            turn_began: Instant::now(),
        }
    }

    /// The game starts: full time for both, the first turn begins.
    pub fn start(&mut self) {
        *self = GameClock::new(self.clock, None);
    }

    fn used(&self) -> u64 {
        self.turn_began.elapsed().as_millis() as u64
    }

    /// `side` moved: its time is charged (per game, main time) or renewed
    /// (per move), and the other side's turn begins.
    pub fn moved(&mut self, side: Color) {
        self.left[side] = match self.clock {
            Clock::PerGame { .. } | Clock::Byoyomi { .. } => {
                self.left[side].saturating_sub(self.used())
            }
            Clock::PerMove { millis } => millis,
        };
        self.turn_began = Instant::now();
    }

    /// The running turn waited this long for no fault of its side (the
    /// CPU's search for a thread): it is not charged.
    pub fn excuse(&mut self, waited: Duration) {
        self.turn_began = (self.turn_began + waited).min(Instant::now());
    }

    /// The game ended on `running`'s turn: its time so far is charged.
    pub fn stop(&mut self, running: Color) {
        self.left[running] = self.left[running].saturating_sub(self.used());
    }

    /// When `turn`'s time runs out, byoyomi included.
    pub fn deadline(&self, turn: Color) -> Instant {
        self.turn_began + Duration::from_millis(self.left[turn] + self.clock.byoyomi())
    }

    /// As it stands now, `running` (if any) charged so far.
    pub fn state(&self, running: Option<Color>) -> ClockState {
        let mut left = self.left;
        if let Some(side) = running {
            left[side] = left[side].saturating_sub(self.used());
        }
        ClockState {
            clock: self.clock,
            left,
            running,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wait excused (the CPU's for a thread, the store's) is charged to
    /// nobody; more than the turn has lasted charges nothing.
    #[test]
    fn a_wait_excused_is_not_charged() {
        let millis = 60_000;
        let mut clock = GameClock::new(Clock::PerGame { millis }, None);
        let start = Instant::now();
        std::thread::sleep(Duration::from_millis(80));
        clock.excuse(Duration::from_millis(50));
        clock.moved(Color::South);
        let charged = millis - clock.left.south;
        let elapsed = start.elapsed().as_millis() as u64;
        assert!(
            charged >= 30 && charged <= elapsed - 50 + 1,
            "{charged} of {elapsed}"
        );
        std::thread::sleep(Duration::from_millis(20));
        clock.excuse(Duration::from_secs(10));
        clock.moved(Color::North);
        assert!(millis - clock.left.north <= 1, "{}", clock.left.north);
    }
}
