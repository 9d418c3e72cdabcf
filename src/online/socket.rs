//! The connection to the table server: one WebSocket to `./ws` next to the
//! page at a time, opened once the site is known to offer tables, and the
//! next one after a drop (the seat taken back with its token), after an
//! `open` (the table's own connection) or after the server's `retry`.

use gunjin_table::{ClientMessage, Seating, ServerMessage};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

use super::Online;
use super::told::{Failure, Told};

/// Wait before taking the seat back after a dropped connection.
const RECONNECT_MILLIS: u32 = 1500;

/// How many times in a row the app follows the server's `retry` (the
/// table is moving between servers, about a second each) before it says
/// the table cannot be reached: long enough for a lost server's lease to
/// run out (10 s by default) and the table to start on another.
const RETRIES: u32 = 30;

/// The longest wait a `retry` may ask for.
const MAX_RETRY_MILLIS: u64 = 10_000;

/// One open connection and its handlers, dropped together.
pub(super) struct Socket {
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

/// The WebSocket address next to the page (`…/ws`), so the app works from
/// a subpath too; for a `join` or `resume`, with the table's id in the
/// query (`…/ws?table=<id>`) for a load balancer to route on.
fn socket_url(first: &Seating) -> String {
    ws_url(first.table())
}

/// The WebSocket address next to the page, with `table` in the query.
pub(super) fn ws_url(table: Option<&str>) -> String {
    let location = window().location();
    let scheme = match location.protocol().as_deref() {
        Ok("https:") => "wss:",
        _ => "ws:",
    };
    let host = location.host().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    let route = table.map_or(String::new(), |table| {
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

impl Online {
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

    /// Opens the connection once the site is known to offer tables: a
    /// static site gets no socket (whose refusal the browser would log),
    /// only the sentence that no server is configured.
    pub(super) fn connect(&self, first: Seating) {
        let this = *self;
        match self.available.get_untracked() {
            Some(true) => self.open_socket(first),
            Some(false) => self.fail(Failure::NoServer),
            None => leptos::task::spawn_local(async move {
                let offered = tables_offered().await;
                this.available.set(Some(offered));
                this.connect(first);
            }),
        }
    }

    fn open_socket(&self, first: Seating) {
        let Ok(ws) = WebSocket::new(&socket_url(&first)) else {
            return self.fail(Failure::NoServer);
        };
        let this = *self;
        let on_open = Closure::<dyn FnMut(Event)>::new({
            let ws = ws.clone();
            let message = ClientMessage::Seat(first.clone());
            let text = serde_json::to_string(&message).unwrap_or_default();
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
                Err(_) => this.tell(|t| t.garbled = true),
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
        if self.told.with_value(Told::finished) {
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
            return self.tell(|t| t.invitation = Some(None));
        }
        let Some((table, token)) = self.seat.get_untracked() else {
            if !was_up {
                self.fail(Failure::NoServer);
            }
            return;
        };
        let resume = Seating::Resume {
            table,
            token,
            rotate: false,
        };
        self.later(RECONNECT_MILLIS, resume);
    }

    /// Connects with `first` after `millis`, unless the page leaves the
    /// table meanwhile (`hang_up` clears the timer).
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
    pub(super) fn peeking(&self) -> bool {
        self.socket.with_value(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.first, Seating::Peek { .. }))
        })
    }

    /// The seat is this connection's. `open` lands on any server behind a
    /// load balancer: the table's own connection names it, so the
    /// balancer takes it to the server the id routes to, where the table
    /// moves (`docs/SCALING.md`) and the guest will come.
    pub(super) fn seated(&self, table: String, token: String) {
        self.retries.set_value(0);
        self.moving.set(false);
        let opened_here = self.socket.with_value(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.first, Seating::Open(_)))
        });
        if opened_here {
            let resume = Seating::Resume {
                table,
                token,
                rotate: false,
            };
            self.move_on(resume, 0);
        }
    }

    /// The server says the table is elsewhere or moving: the same first
    /// message again after the wait it asks for, [`RETRIES`] times in a
    /// row at most.
    pub(super) fn retry(&self, after_millis: u64) {
        let tries = self.retries.get_value() + 1;
        self.retries.set_value(tries);
        if tries > RETRIES {
            self.moving.set(false);
            return self.fail(Failure::Unreachable);
        }
        self.moving.set(true);
        let first = self
            .socket
            .with_value(|s| s.as_ref().map(|s| s.first.clone()));
        if let Some(first) = first {
            self.move_on(first, after_millis.min(MAX_RETRY_MILLIS) as u32);
        }
    }

    /// Closes the connection, and forgets the next one: nothing follows.
    pub(super) fn hang_up(&self) {
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

    /// Closes the connection as if it dropped: the seat is taken back with
    /// its token.
    pub(super) fn drop_socket(&self) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                let _ = s.ws.close();
            }
        });
    }

    /// Sends `message` if the connection is up; whether it was.
    pub(super) fn send_text(&self, message: &ClientMessage) -> bool {
        let text = serde_json::to_string(message).unwrap_or_default();
        self.socket.with_value(|s| {
            s.as_ref().is_some_and(|s| {
                s.ws.ready_state() == WebSocket::OPEN && s.ws.send_with_str(&text).is_ok()
            })
        })
    }
}
