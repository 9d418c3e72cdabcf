//! A seat at a table of the table server (`crates/gunjin-server`), over one
//! WebSocket to `./ws` next to the page. The server referees; this only
//! sends the player's actions and keeps what it is told in signals. The seat
//! tokens stay in storage so that a reload or a dropped connection takes the
//! same seat back (`resume`).

use gunjin_rules::{Color, Move, Outcome, PartialSetup, Record, Setup, View};
use gunjin_table::{
    ClientMessage, Clock, ClockState, CpuLevel, ErrorCode, GameOpen, GameTag, GunjinAct,
    GunjinNews, Invitation, Open, Phase, SeatNews, Seating, ServerMessage, ShogiAct, ShogiNews,
    TableAct, TableNews, TableState,
};
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::wasm_bindgen::closure::Closure;
use serde::{Deserialize, Serialize};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

use crate::model::log;
use crate::model::tags::Tags;
use crate::route::{Route, navigate};
use crate::storage::{self, Entry, What};

/// How many seats storage remembers; the oldest is forgotten first.
const SEATS_KEPT: usize = 8;

/// Wait before taking the seat back after a dropped connection.
const RECONNECT_MILLIS: u32 = 1500;

/// How many times in a row the app follows the server's `retry` (the
/// table is moving between servers, about a second each) before it says
/// the table cannot be reached: long enough for a lost server's lease to
/// run out (10 s by default) and the table to start on another.
const RETRIES: u32 = 30;

/// The longest wait a `retry` may ask for.
const MAX_RETRY_MILLIS: u64 = 10_000;

/// Seat tokens by table, newest last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    pub seats: Vec<(String, String)>,
}

impl Entry for Seats {
    const KEY: &'static str = "gunjin-seats";
    const VERSION: u32 = 1;
    const WHAT: What = What::Seats;
}

impl Seats {
    pub fn token(&self, table: &str) -> Option<&str> {
        self.seats
            .iter()
            .find(|(t, _)| t == table)
            .map(|(_, token)| token.as_str())
    }

    pub fn remember(&mut self, table: &str, token: &str) {
        self.seats.retain(|(t, _)| t != table);
        self.seats.push((table.to_owned(), token.to_owned()));
        let extra = self.seats.len().saturating_sub(SEATS_KEPT);
        self.seats.drain(..extra);
    }
}

/// Whether `id` looks like a table id: 32 hex digits (128 bits).
pub fn valid_table_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The link a friend opens to sit at `table`: this page with the table's
/// route.
pub fn invite_link(table: &str) -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}{}", Route::Table(table.to_owned()).hash())
}

/// The WebSocket address next to the page (`…/ws`), so the app works from
/// a subpath too; for a `join` or `resume`, with the table's id in the
/// query (`…/ws?table=<id>`) for a load balancer to route on.
fn socket_url(first: &Seating) -> String {
    let location = window().location();
    let scheme = match location.protocol().as_deref() {
        Ok("https:") => "wss:",
        _ => "ws:",
    };
    let host = location.host().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    let route = first.table().map_or(String::new(), |table| {
        format!(
            "?table={}",
            String::from(js_sys::encode_uri_component(table))
        )
    });
    format!(
        "{scheme}//{host}{dir}{}{route}",
        gunjin_table::WS_PATH.trim_start_matches('/')
    )
}

/// Whether `tables.json` next to the page says `"tables": true`: the
/// build's own file says false, the table server answers true. No answer
/// (offline, a host without the file) means no.
async fn tables_offered() -> bool {
    let url = gunjin_table::TABLES_PATH.trim_start_matches('/');
    let Ok(response) = JsFuture::from(window().fetch_with_str(url)).await else {
        return false;
    };
    let response: web_sys::Response = response.unchecked_into();
    let Some(json) = response.ok().then(|| response.json().ok()).flatten() else {
        return false;
    };
    JsFuture::from(json)
        .await
        .ok()
        .and_then(|value| js_sys::Reflect::get(&value, &"tables".into()).ok())
        .and_then(|tables| tables.as_bool())
        .unwrap_or(false)
}

/// Why there is no seat to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The page has no table server next to it (a static deployment).
    NoServer,
    /// The server refused the seat, or took it away.
    Refused(ErrorCode),
    /// The server kept saying the table is moving between servers.
    Unreachable,
}

/// Why the player's last action did not happen, while the table goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unheard {
    /// The server refused it (out of turn, illegal, too fast…).
    Refused(ErrorCode),
    /// The connection was down: it was never sent.
    NotSent,
}

/// One open connection and its handlers, dropped together.
struct Socket {
    ws: WebSocket,
    /// The message it opened with.
    first: Seating,
    /// The connection to open once this one closes, and after how many
    /// milliseconds, when the server said where the table is: after an
    /// `open`, by the table's id; after a `retry`, the same again.
    next: Option<(Seating, u32)>,
    _on_open: Closure<dyn FnMut(Event)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

/// A Shogi table's game as told, still text: the Shogi module reads it
/// with the rules (`shogi/table.rs`), so the first load carries no Shogi
/// parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShogiFeed {
    /// The seat playing Sente.
    pub sente: Color,
    /// The whole record last told (`startpos moves …`).
    pub record: String,
    /// The USI moves told since.
    pub moves: Vec<String>,
}

/// The player's seat at one table, provided as a context.
#[derive(Clone, Copy)]
pub struct Online {
    socket: StoredValue<Option<Socket>, LocalStorage>,
    /// The next connection, once its wait is over.
    timer: StoredValue<Option<TimeoutHandle>>,
    /// `retry` answers since the last welcome.
    retries: StoredValue<u32>,
    /// Whether the server said the table is moving between servers: the
    /// page connects again shortly.
    pub moving: RwSignal<bool>,
    /// Whether a table server answers next to the page: `None` until asked.
    pub available: RwSignal<Option<bool>>,
    /// The table and the seat's token, once the server gave the seat.
    pub seat: RwSignal<Option<(String, String)>>,
    /// What the invite link's table is, asked before sitting down
    /// ([`Online::peek`]); `Some(None)` when the server could not say (a
    /// build from before the question).
    pub invitation: RwSignal<Option<Option<Invitation>>>,
    pub table: RwSignal<Option<TableState>>,
    pub view: RwSignal<Option<View>>,
    pub over: RwSignal<Option<(Outcome, Record)>>,
    /// At a Shogi table, its game.
    pub shogi: RwSignal<Option<ShogiFeed>>,
    pub failure: RwSignal<Option<Failure>>,
    /// Whether this page's connection is up.
    pub connected: RwSignal<bool>,
    /// When the absent side forfeits (`Date.now()` milliseconds).
    pub forfeit_at: RwSignal<Option<(Color, f64)>>,
    pub tags: RwSignal<Tags>,
    /// The player's last action that did not happen, until the next view.
    pub unheard: RwSignal<Option<Unheard>>,
    /// The table's clock as last told, and when (`Date.now()`), for a
    /// table with one.
    pub clock: RwSignal<Option<(ClockState, f64)>>,
    /// A message from the server did not read (or its view did not hold
    /// together) and was set aside, until the next good view.
    pub garbled: RwSignal<bool>,
}

impl Online {
    pub fn new() -> Online {
        Online {
            socket: StoredValue::new_local(None),
            timer: StoredValue::new(None),
            retries: StoredValue::new(0),
            moving: RwSignal::new(false),
            available: RwSignal::new(None),
            seat: RwSignal::new(None),
            invitation: RwSignal::new(None),
            table: RwSignal::new(None),
            view: RwSignal::new(None),
            over: RwSignal::new(None),
            shogi: RwSignal::new(None),
            failure: RwSignal::new(None),
            connected: RwSignal::new(false),
            forfeit_at: RwSignal::new(None),
            tags: RwSignal::new(Tags::default()),
            unheard: RwSignal::new(None),
            garbled: RwSignal::new(false),
            clock: RwSignal::new(None),
        }
    }

    /// Asks once whether this site offers tables (`tables_offered`), after
    /// the next frame: the page's first paint does not wait for the answer.
    pub fn probe(&self) {
        if self.available.get_untracked().is_some() {
            return;
        }
        let available = self.available;
        request_animation_frame(move || {
            set_timeout(
                move || {
                    leptos::task::spawn_local(async move {
                        if available.get_untracked().is_none() {
                            available.set(Some(tables_offered().await));
                        }
                    });
                },
                std::time::Duration::ZERO,
            );
        });
    }

    /// Opens a table of `game` as its host, then goes to its page.
    pub fn open(&self, name: String, game: GameOpen, clock: Option<Clock>) {
        self.reset();
        let first = Seating::Open(Open { name, game, clock });
        let this = *self;
        leptos::task::spawn_local(async move {
            if crate::load_connect(this, first).await.is_err() {
                this.failure.set(Some(Failure::NoServer));
            }
        });
    }

    /// Asks what `table` is before sitting down: the answer (or why there
    /// is none) comes in `invitation` or `failure`.
    pub fn peek(&self, table: String) {
        self.reset();
        self.connect(Seating::Peek { table });
    }

    /// Sits at `table` as the guest.
    pub fn join(&self, table: String, name: String) {
        self.reset();
        self.connect(Seating::Join { table, name });
    }

    /// Shows `table`: the seat this page holds, else the one storage
    /// remembers, taken back with its token, which the server then
    /// replaces (a token copied from this device stops working). Returns
    /// whether there is one. Reconnections within the page keep the token:
    /// a welcome lost with a dropped connection would lose the seat.
    pub fn enter(&self, table: &str) -> bool {
        let here = self
            .seat
            .with_untracked(|s| s.as_ref().is_some_and(|(t, _)| t == table));
        if here {
            return true;
        }
        let token = storage::load::<Seats>()
            .ok()
            .flatten()
            .and_then(|s| s.token(table).map(str::to_owned));
        self.reset();
        match token {
            Some(token) => {
                self.seat.set(Some((table.to_owned(), token.clone())));
                self.connect(Seating::Resume {
                    table: table.to_owned(),
                    token,
                    rotate: true,
                });
                true
            }
            None => false,
        }
    }

    /// Closes the connection, and forgets the next one: nothing follows.
    fn hang_up(&self) {
        self.socket.update_value(|s| {
            if let Some(s) = s.take() {
                s.ws.set_onclose(None);
                let _ = s.ws.close();
            }
        });
        if let Some(timer) = self.timer.get_value() {
            timer.clear();
        }
        self.connected.set(false);
    }

    /// Leaves whatever table the page showed.
    fn reset(&self) {
        self.hang_up();
        self.retries.set_value(0);
        self.moving.set(false);
        self.seat.set(None);
        self.invitation.set(None);
        self.table.set(None);
        self.view.set(None);
        self.over.set(None);
        self.shogi.set(None);
        self.failure.set(None);
        self.forfeit_at.set(None);
        self.tags.set(Tags::default());
        self.unheard.set(None);
        self.garbled.set(false);
        self.clock.set(None);
    }

    /// Opens the connection once the site is known to offer tables: a
    /// static site gets no socket (whose refusal the browser would log),
    /// only the sentence that no server is configured.
    pub(crate) fn connect(&self, first: Seating) {
        let this = *self;
        match self.available.get_untracked() {
            Some(true) => self.open_socket(first),
            Some(false) => self.failure.set(Some(Failure::NoServer)),
            None => leptos::task::spawn_local(async move {
                let offered = tables_offered().await;
                this.available.set(Some(offered));
                this.connect(first);
            }),
        }
    }

    fn open_socket(&self, first: Seating) {
        let Ok(ws) = WebSocket::new(&socket_url(&first)) else {
            self.failure.set(Some(Failure::NoServer));
            return;
        };
        let this = *self;
        let on_open = Closure::<dyn FnMut(Event)>::new({
            let ws = ws.clone();
            let text =
                serde_json::to_string(&ClientMessage::Seat(first.clone())).unwrap_or_default();
            move |_| {
                this.connected.set(true);
                this.available.set(Some(true));
                let _ = ws.send_with_str(&text);
            }
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let text = ev.data().as_string().unwrap_or_default();
            match serde_json::from_str::<ServerMessage>(&text) {
                Ok(message) => this.receive(message),
                Err(_) => this.garbled.set(true),
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |_| this.closed());
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        self.socket.set_value(Some(Socket {
            ws,
            first,
            next: None,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        }));
    }

    /// The connection went: to where the server said, if it did; else
    /// without a seat the server is not there (or refused); with one,
    /// take it back unless the table is over or gone.
    fn closed(&self) {
        let was_up = self.connected.get_untracked();
        self.connected.set(false);
        if self.failure.get_untracked().is_some() || self.over.with_untracked(Option::is_some) {
            return;
        }
        let next = self
            .socket
            .try_update_value(|s| s.as_mut().and_then(|s| s.next.take()))
            .flatten();
        if let Some((first, millis)) = next {
            return self.later(millis, first);
        }
        // A question that got no answer: the guest is asked for a name all
        // the same, and the seat's own connection will tell.
        if was_up && self.peeking() {
            return self.invitation.set(Some(None));
        }
        let Some((table, token)) = self.seat.get_untracked() else {
            if !was_up {
                self.failure.set(Some(Failure::NoServer));
            }
            return;
        };
        self.later(
            RECONNECT_MILLIS,
            Seating::Resume {
                table,
                token,
                rotate: false,
            },
        );
    }

    /// Connects with `first` after `millis`, unless the page leaves the
    /// table meanwhile (`reset` clears the timer).
    fn later(&self, millis: u32, first: Seating) {
        let this = *self;
        let timer = set_timeout_with_handle(
            move || this.open_socket(first),
            std::time::Duration::from_millis(millis.into()),
        );
        if let Some(old) = self.timer.get_value() {
            old.clear();
        }
        self.timer.set_value(timer.ok());
    }

    /// Closes this connection and opens `first` after `millis`.
    fn move_on(&self, first: Seating, millis: u32) {
        self.socket.update_value(|s| {
            if let Some(s) = s {
                s.next = Some((first, millis));
            }
        });
        self.drop_socket();
    }

    /// Whether the connection asks what a table is (a `peek`).
    fn peeking(&self) -> bool {
        self.socket.with_value(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.first, Seating::Peek { .. }))
        })
    }

    /// Whether the connection opened with an `open`.
    fn opened_here(&self) -> bool {
        self.socket.with_value(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.first, Seating::Open(_)))
        })
    }

    /// The server says the table is elsewhere or moving: the same first
    /// message again after the wait it asks for, [`RETRIES`] times in a
    /// row at most.
    fn retry(&self, after_millis: u64) {
        let tries = self.retries.get_value() + 1;
        self.retries.set_value(tries);
        if tries > RETRIES {
            self.moving.set(false);
            return self.failure.set(Some(Failure::Unreachable));
        }
        self.moving.set(true);
        let first = self
            .socket
            .with_value(|s| s.as_ref().map(|s| s.first.clone()));
        if let Some(first) = first {
            self.move_on(first, after_millis.min(MAX_RETRY_MILLIS) as u32);
        }
    }

    fn receive(&self, message: ServerMessage) {
        match message {
            ServerMessage::Seat(SeatNews::Welcome { table, token, .. }) => {
                let mut seats = storage::load::<Seats>().ok().flatten().unwrap_or_default();
                seats.remember(&table, &token);
                let _ = storage::save(&seats);
                let fresh = self.seat.with_untracked(Option::is_none);
                self.seat.set(Some((table.clone(), token.clone())));
                self.retries.set_value(0);
                self.moving.set(false);
                if fresh {
                    navigate(Route::Table(table.clone()));
                }
                // `open` lands on any server behind a load balancer: the
                // table's own connection names it, so the balancer takes
                // it to the server the id routes to, where the table moves
                // (`docs/SCALING.md`) and the guest will come.
                if self.opened_here() {
                    let resume = Seating::Resume {
                        table,
                        token,
                        rotate: false,
                    };
                    self.move_on(resume, 0);
                }
            }
            ServerMessage::Seat(SeatNews::Retry { after_millis }) => self.retry(after_millis),
            ServerMessage::Table(TableNews::State(state)) => {
                let present = state.seats[!state.you].as_ref().is_none_or(|s| s.connected);
                if present {
                    self.forfeit_at.set(None);
                }
                if let Some(clock) = state.clock {
                    self.clock.set(Some((clock, js_sys::Date::now())));
                }
                self.table.set(Some(state));
            }
            // A view that does not hold together is set aside: the page
            // keeps the last good one.
            ServerMessage::Gunjin(GunjinNews::Game { view, .. }) if !log::consistent(&view) => {
                self.garbled.set(true)
            }
            ServerMessage::Gunjin(GunjinNews::Game { view, .. }) => self.show(view),
            // A move: the rules apply it to the view held. One that does
            // not fit is set aside and the seat taken again, which brings
            // the whole view.
            ServerMessage::Gunjin(GunjinNews::Step(step)) => {
                let next = self.view.with_untracked(|v| {
                    let mut next = v.clone()?;
                    next.apply(&step).ok().map(|()| next)
                });
                match next {
                    Some(view) => self.show(view),
                    None => self.resync(),
                }
            }
            ServerMessage::Table(TableNews::Clock(state)) => {
                self.clock.set(Some((state, js_sys::Date::now())))
            }
            ServerMessage::Table(TableNews::Presence {
                side,
                connected,
                forfeit_in_millis,
            }) => {
                let at = forfeit_in_millis
                    .filter(|_| !connected)
                    .map(|ms| (side, js_sys::Date::now() + ms as f64));
                self.forfeit_at.set(at);
            }
            ServerMessage::Shogi(ShogiNews::Game { sente, record }) => {
                let moves = Vec::new();
                self.shogi.set(Some(ShogiFeed {
                    sente,
                    record,
                    moves,
                }));
                self.unheard.set(None);
                self.garbled.set(false);
            }
            ServerMessage::Shogi(ShogiNews::Move(usi))
                if self.shogi.with_untracked(Option::is_some) =>
            {
                self.shogi.update(|f| {
                    if let Some(f) = f {
                        f.moves.push(usi);
                    }
                });
                self.unheard.set(None);
            }
            ServerMessage::Shogi(ShogiNews::Move(_)) => self.resync(),
            ServerMessage::Gunjin(GunjinNews::Over { outcome, record }) => {
                self.forfeit_at.set(None);
                self.over.set(Some((outcome, record)));
            }
            // The server heard nothing for a while (a sleeping tab): the
            // close that follows takes the seat back like any drop.
            ServerMessage::Seat(SeatNews::Error {
                code: ErrorCode::TimedOut,
                ..
            }) => {}
            ServerMessage::Seat(SeatNews::Invitation(invitation)) => {
                self.invitation.set(Some(Some(invitation)));
                self.hang_up();
            }
            // A server from before `peek` does not read it.
            ServerMessage::Seat(SeatNews::Error {
                code: ErrorCode::BadMessage,
                ..
            }) if self.peeking() => {
                self.invitation.set(Some(None));
                self.hang_up();
            }
            ServerMessage::Seat(SeatNews::Error { code, .. }) if code.closes() => {
                self.failure.set(Some(Failure::Refused(code)));
            }
            // A refused move or draft leaves the table as it was: the
            // player is told, and tries again.
            ServerMessage::Seat(SeatNews::Error { code, .. }) => {
                self.unheard.set(Some(Unheard::Refused(code)))
            }
        }
    }

    fn show(&self, view: View) {
        self.tags.update(|t| t.retain_on_board(&view));
        self.view.set(Some(view));
        self.unheard.set(None);
        self.garbled.set(false);
    }

    /// A message that does not fit what the page holds is set aside, and
    /// the seat taken again, which brings the whole game.
    pub fn resync(&self) {
        self.garbled.set(true);
        self.drop_socket();
    }

    /// Closes the connection as if it dropped: the seat is taken back with
    /// its token.
    fn drop_socket(&self) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                let _ = s.ws.close();
            }
        });
    }

    /// Sends `message` if the connection is up; else the player is told it
    /// was not sent.
    fn send(&self, message: &ClientMessage) {
        let text = serde_json::to_string(message).unwrap_or_default();
        let sent = self.socket.with_value(|s| {
            s.as_ref().is_some_and(|s| {
                s.ws.ready_state() == WebSocket::OPEN && s.ws.send_with_str(&text).is_ok()
            })
        });
        self.unheard.set((!sent).then_some(Unheard::NotSent));
    }

    pub fn add_cpu(&self, level: CpuLevel) {
        self.send(&TableAct::AddCpu { level }.into());
    }

    /// Whether the table is a Shogi table (untracked: a table keeps its
    /// game).
    pub fn is_shogi(&self) -> bool {
        self.table
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.game == GameTag::Shogi))
    }

    pub fn draft(&self, setup: PartialSetup) {
        self.send(&GunjinAct::Draft { setup }.into());
    }

    pub fn ready(&self, setup: Setup) {
        self.send(&GunjinAct::Ready { setup }.into());
    }

    pub fn play(&self, mv: Move) {
        self.send(&GunjinAct::Move(mv.into()).into());
    }

    pub fn resign(&self) {
        self.send(&TableAct::Resign.into());
    }

    /// A Shogi move or drop, as USI.
    pub fn play_usi(&self, usi: String) {
        self.send(&ShogiAct::Move(usi).into());
    }

    /// Shogi: declares an impasse.
    pub fn declare(&self) {
        self.send(&ShogiAct::Declare.into());
    }

    /// This seat's side, once the table is known.
    pub fn side(&self) -> Option<Color> {
        self.table.with(|t| t.as_ref().map(|t| t.you))
    }

    /// Whether the setup phase waits for this seat's setup.
    pub fn setting_up(&self) -> bool {
        self.table.with(|t| {
            t.as_ref()
                .is_some_and(|t| matches!(&t.phase, Phase::Setup { ready, .. } if !ready[t.you]))
        })
    }
}

impl Default for Online {
    fn default() -> Online {
        Online::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_keep_the_newest() {
        let mut seats = Seats::default();
        for i in 0..10 {
            seats.remember(&format!("t{i}"), &format!("k{i}"));
        }
        seats.remember("t5", "again");
        assert_eq!(seats.seats.len(), SEATS_KEPT);
        assert_eq!(seats.token("t5"), Some("again"));
        assert_eq!(seats.token("t0"), None);
        assert_eq!(seats.seats.last().map(|(t, _)| t.as_str()), Some("t5"));
    }

    #[test]
    fn table_ids_are_32_hex_digits() {
        assert!(valid_table_id("0123456789abcdef0123456789ABCDEF"));
        assert!(!valid_table_id("0123"));
        assert!(!valid_table_id("0123456789abcdef0123456789abcdeg"));
    }
}
