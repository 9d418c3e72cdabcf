//! A table's two seats: who holds each (stored), the connection playing
//! it, and the forfeit timer of a seat left empty during a game.

use gunjin_rules::{ByColor, Color};
use gunjin_table::{CpuLevel, ErrorCode, SeatInfo, ServerMessage, TableNews};
use tokio::time::{Duration, Instant};

use crate::config::Rate;
use crate::limit::TokenBucket;
use crate::refusal::Refusal;
use crate::seat::{Conn, Seat};
use crate::token;

pub const SIDES: [Color; 2] = [Color::South, Color::North];

/// Resumes of one seat at once, then per second: a page reloaded or a
/// connection dropped now and then, never a loop.
const RESUMES: Rate = Rate {
    burst: 10.0,
    per_sec: 0.5,
};

pub struct Seats {
    pub held: ByColor<Option<Seat>>,
    conns: ByColor<Option<Conn>>,
    resumes: ByColor<TokenBucket>,
    /// When an absent player forfeits; armed only while absence counts and
    /// the opponent is present.
    forfeit_at: ByColor<Option<Instant>>,
}

impl Seats {
    pub fn new(held: ByColor<Option<Seat>>) -> Seats {
        Seats {
            held,
            conns: ByColor::default(),
            resumes: ByColor::new_with(|_| TokenBucket::new(RESUMES)),
            forfeit_at: ByColor::default(),
        }
    }

    /// The side whose (human) seat this token opens.
    pub fn seat_of(&self, presented: &str) -> Result<Color, Refusal> {
        SIDES
            .into_iter()
            .find(|&side| {
                self.held[side]
                    .as_ref()
                    .is_some_and(|s| s.cpu.is_none() && token::same(presented, &s.token))
            })
            .ok_or_else(|| {
                Refusal::new(ErrorCode::BadToken, "no seat at this table has this token")
            })
    }

    /// `side`, if its seat may be resumed once more now (one holding the
    /// token, reconnecting in a loop, would flood the other seat).
    pub fn may_resume(&mut self, side: Color) -> Result<Color, Refusal> {
        match self.resumes[side].take() {
            true => Ok(side),
            false => Err(Refusal::new(
                ErrorCode::RateLimited,
                "this seat reconnected too often: wait a few seconds",
            )),
        }
    }

    /// Seats a newcomer on North, the guest's seat.
    pub fn sit(&mut self, name: String, cpu: Option<CpuLevel>) -> Result<Color, Refusal> {
        if self.held.north.is_some() {
            return Err(Refusal::new(ErrorCode::TableFull, "both seats are taken"));
        }
        self.held.north = Some(Seat {
            name,
            token: token::random_id(),
            cpu,
        });
        Ok(Color::North)
    }

    pub fn token(&self, side: Color) -> String {
        self.held[side]
            .as_ref()
            .map(|s| s.token.clone())
            .expect("a taken seat")
    }

    /// A new token for the seat: the old one no longer opens it.
    pub fn rotate(&mut self, side: Color) {
        if let Some(seat) = self.held[side].as_mut() {
            seat.token = token::random_id();
        }
    }

    /// Hands the seat to a connection; an older one is told and closed.
    pub fn attach(&mut self, side: Color, conn: Conn) {
        if let Some(old) = self.conns[side].replace(conn) {
            old.send(
                &Refusal::new(
                    ErrorCode::Replaced,
                    "the seat was taken by a newer connection",
                )
                .to_message(),
            );
            old.close();
        }
    }

    /// Frees the seat if `conn` still plays it; true if it did.
    pub fn detach(&mut self, side: Color, conn: u64) -> bool {
        let current = self.conns[side].as_ref().is_some_and(|c| c.id == conn);
        if current {
            self.conns[side] = None;
        }
        current
    }

    /// Whether `conn` is the connection playing `side`.
    pub fn plays(&self, side: Color, conn: u64) -> bool {
        self.conns[side].as_ref().is_some_and(|c| c.id == conn)
    }

    pub fn cpu(&self, side: Color) -> Option<CpuLevel> {
        self.held[side].as_ref().and_then(|s| s.cpu)
    }

    /// Whether someone plays the seat right now.
    pub fn present(&self, side: Color) -> bool {
        self.conns[side].is_some() || self.cpu(side).is_some()
    }

    pub fn connected(&self, side: Color) -> bool {
        self.conns[side].is_some()
    }

    /// Sends to the seat's connection, if any. A client whose queue is full
    /// has stopped reading: its connection is ended and the seat counts as
    /// left, exactly as on a disconnection. False when that happened.
    pub fn send(&mut self, side: Color, msg: &ServerMessage) -> bool {
        match &self.conns[side] {
            Some(conn) if !conn.send(msg) => {
                conn.kill.notify_one();
                self.conns[side] = None;
                false
            }
            _ => true,
        }
    }

    /// Re-arms the forfeit timers: a seat left empty while `live`, with the
    /// opponent present, forfeits after `grace`.
    pub fn rearm(&mut self, live: bool, grace: Duration) {
        for side in SIDES {
            let armed =
                live && self.held[side].is_some() && !self.present(side) && self.present(!side);
            self.forfeit_at[side] = match (armed, self.forfeit_at[side]) {
                (false, _) => None,
                (true, Some(at)) => Some(at),
                (true, None) => Some(Instant::now() + grace),
            };
        }
    }

    pub fn next_forfeit(&self) -> Option<Instant> {
        SIDES.into_iter().filter_map(|s| self.forfeit_at[s]).min()
    }

    /// The side whose forfeit time has come, its timer disarmed.
    pub fn forfeit_due(&mut self) -> Option<Color> {
        let now = Instant::now();
        let side = SIDES
            .into_iter()
            .find(|&s| self.forfeit_at[s].is_some_and(|at| at <= now))?;
        self.forfeit_at[side] = None;
        Some(side)
    }

    /// What `side`'s opponent is told of `side`'s presence.
    pub fn presence(&self, side: Color) -> ServerMessage {
        ServerMessage::Table(TableNews::Presence {
            side,
            connected: self.present(side),
            forfeit_in_millis: self.forfeit_at[side]
                .map(|at| at.saturating_duration_since(Instant::now()).as_millis() as u64),
        })
    }

    /// The public part of both seats.
    pub fn info(&self) -> ByColor<Option<SeatInfo>> {
        ByColor::new_with(|side| {
            self.held[side].as_ref().map(|seat| SeatInfo {
                name: seat.name.clone(),
                cpu: seat.cpu,
                connected: self.present(side),
            })
        })
    }

    /// Ends both connections, telling them why first.
    pub fn close_all(&mut self, why: Option<&Refusal>) {
        for side in SIDES {
            if let Some(conn) = self.conns[side].take() {
                if let Some(why) = why {
                    conn.send(&why.to_message());
                }
                conn.close();
            }
        }
    }
}
