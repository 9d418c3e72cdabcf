//! A seat at a table of the table server (`crates/gunjin-server`). The
//! server referees; the page sends the player's actions and shows what it
//! is told. In parts: `socket`, the WebSocket and its reconnection;
//! `told`, what the server told, applied message by message (plain state,
//! tested natively, each game's part beside the game:
//! `model/table_game.rs`, `shogi/feed.rs`); `seats`, the seat tokens kept
//! in storage so that a reload or a dropped connection takes the same seat
//! back (`resume`).

mod chat;
mod lobby;
mod offers;
mod seats;
mod socket;
mod told;

use gunjin_rules::{Color, Move, Outcome, PartialSetup, Record, Setup, View};
use gunjin_table::{
    ChatAct, ClientMessage, Clock, ClockState, CpuLevel, GameOpen, GameTag, GunjinAct, Invitation,
    LobbyAct, Offer, OfferAct, Open, Phase, Said, Seating, ServerMessage, ShogiAct, TableAct,
    TableState, WatchAct,
};
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::model::tags::Tags;
use crate::route::{Route, navigate};
use crate::shogi::feed::ShogiFeed;
use crate::storage;

pub use chat::Chat;
pub use lobby::LobbyLink;
pub use offers::Offers;
use offers::Rematch;
pub use seats::{Seats, valid_table_id};
pub use told::{Failure, Unheard};
use told::{Next, Told};

/// The link a friend opens to sit at `table`: this page with the table's
/// route.
pub fn invite_link(table: &str) -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}{}", Route::Table(table.to_owned()).hash())
}

/// The player's seat at one table, provided as a context: the connection's
/// own state, and what the server told ([`Told`]), each part in a signal
/// of its own that changes only when that part does.
#[derive(Clone, Copy)]
pub struct Online {
    socket: StoredValue<Option<socket::Socket>, LocalStorage>,
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
    /// Whether this page's connection is up.
    pub connected: RwSignal<bool>,
    told: StoredValue<Told>,
    pub invitation: RwSignal<Option<Option<Invitation>>>,
    pub table: RwSignal<Option<TableState>>,
    pub view: RwSignal<Option<View>>,
    pub over: RwSignal<Option<(Outcome, Record)>>,
    pub shogi: RwSignal<Option<ShogiFeed>>,
    pub failure: RwSignal<Option<Failure>>,
    pub forfeit_at: RwSignal<Option<(Color, f64)>>,
    pub unheard: RwSignal<Option<Unheard>>,
    pub clock: RwSignal<Option<(ClockState, f64)>>,
    pub garbled: RwSignal<bool>,
    pub offers: RwSignal<Offers>,
    /// Whether the host listed the waiting table in the lobby.
    pub listed: RwSignal<bool>,
    /// The player's guesses at the enemy's pieces (Gunjin).
    pub tags: RwSignal<Tags>,
    pub chat: RwSignal<Chat>,
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
            connected: RwSignal::new(false),
            told: StoredValue::new(Told::default()),
            invitation: RwSignal::new(None),
            table: RwSignal::new(None),
            view: RwSignal::new(None),
            over: RwSignal::new(None),
            shogi: RwSignal::new(None),
            failure: RwSignal::new(None),
            forfeit_at: RwSignal::new(None),
            unheard: RwSignal::new(None),
            clock: RwSignal::new(None),
            garbled: RwSignal::new(false),
            offers: RwSignal::new(Offers::default()),
            listed: RwSignal::new(false),
            tags: RwSignal::new(Tags::default()),
            chat: RwSignal::new(Chat::default()),
        }
    }

    /// Opens a table of `game` as its host, then goes to its page.
    pub fn open(&self, name: String, game: GameOpen, clock: Option<Clock>) {
        self.reset();
        let first = Seating::Open(Open { name, game, clock });
        let this = *self;
        leptos::task::spawn_local(async move {
            if load_connect(this, first).await.is_err() {
                this.fail(Failure::NoServer);
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
        let Some(token) = token else {
            return false;
        };
        self.seat.set(Some((table.to_owned(), token.clone())));
        self.connect(Seating::Resume {
            table: table.to_owned(),
            token,
            rotate: true,
        });
        true
    }

    /// Leaves whatever table the page showed.
    fn reset(&self) {
        self.hang_up();
        self.retries.set_value(0);
        self.moving.set(false);
        self.seat.set(None);
        self.told.set_value(Told::default());
        self.invitation.set(None);
        self.table.set(None);
        self.view.set(None);
        self.over.set(None);
        self.shogi.set(None);
        self.failure.set(None);
        self.forfeit_at.set(None);
        self.unheard.set(None);
        self.clock.set(None);
        self.garbled.set(false);
        self.offers.set(Offers::default());
        self.listed.set(false);
        self.tags.set(Tags::default());
        self.chat.set(Chat::default());
    }

    /// The seat cannot be had. (Reached from the home page, as `reset`
    /// is: neither compares what is told, whose code loads with the
    /// table's page.)
    fn fail(&self, failure: Failure) {
        self.told.update_value(|t| t.failure = Some(failure));
        self.failure.set(Some(failure));
    }

    /// Changes what is told, and each part's signal where the part
    /// changed (a signal per part: a clock's tick does not redraw the
    /// board).
    fn tell<R>(&self, change: impl FnOnce(&mut Told) -> R) -> R {
        fn show<T: Clone + PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: &T) {
            if signal.with_untracked(|shown| shown != value) {
                signal.set(value.clone());
            }
        }
        let result = self
            .told
            .try_update_value(change)
            .expect("a seat's state lives as long as the app");
        self.told.with_value(|t| {
            show(self.invitation, &t.invitation);
            show(self.table, &t.table);
            show(self.view, &t.gunjin.view);
            show(self.over, &t.gunjin.over);
            show(self.shogi, &t.shogi);
            show(self.failure, &t.failure);
            show(self.forfeit_at, &t.forfeit_at);
            show(self.unheard, &t.unheard);
            show(self.clock, &t.clock);
            show(self.garbled, &t.garbled);
            show(self.chat, &t.chat);
            show(self.offers, &t.offers);
            show(self.listed, &t.listed);
        });
        result
    }

    /// Applies what the server says, and does what it asks of the
    /// connection.
    fn receive(&self, message: ServerMessage) {
        let now = js_sys::Date::now();
        let peeking = self.peeking();
        let next = self.tell(|t| t.apply(message, now, peeking));
        // The guesses follow the pieces still on the board.
        if let Some(view) = self.view.get_untracked() {
            let mut tags = self.tags.get_untracked();
            tags.retain_on_board(&view);
            if tags != self.tags.get_untracked() {
                self.tags.set(tags);
            }
        }
        match next {
            Next::Stay => {}
            Next::Seated { table, token } => self.welcome(table, token),
            Next::Retry(after_millis) => self.retry(after_millis),
            Next::Resync => self.drop_socket(),
            Next::HangUp => self.hang_up(),
            Next::Rematch(rematch) => self.rematch(rematch),
        }
    }

    /// A rematch is agreed: its seat's token is kept like a welcome's, and
    /// the page goes to its table, which takes the seat with it.
    fn rematch(&self, Rematch { table, token }: Rematch) {
        let mut seats = storage::load::<Seats>().ok().flatten().unwrap_or_default();
        seats.remember(&table, &token);
        let _ = storage::save(&seats);
        navigate(Route::Table(table));
    }

    /// The seat is this page's: its token kept, its page shown.
    fn welcome(&self, table: String, token: String) {
        let mut seats = storage::load::<Seats>().ok().flatten().unwrap_or_default();
        seats.remember(&table, &token);
        let _ = storage::save(&seats);
        let fresh = self.seat.with_untracked(Option::is_none);
        self.seat.set(Some((table.clone(), token.clone())));
        if fresh {
            navigate(Route::Table(table.clone()));
        }
        self.seated(table, token);
    }

    /// A message that does not fit what the page holds is set aside, and
    /// the seat taken again, which brings the whole game.
    pub fn resync(&self) {
        self.tell(Told::misfit);
        self.drop_socket();
    }

    /// Sends `message` if the connection is up; else the player is told it
    /// was not sent.
    fn send(&self, message: ClientMessage) {
        let sent = self.send_text(&message);
        self.tell(|t| t.unheard = (!sent).then_some(Unheard::NotSent));
    }

    /// The host lists the waiting table in the lobby, or unlists it.
    pub fn list(&self, listed: bool) {
        self.send(ClientMessage::Lobby(LobbyAct::List { listed }));
    }

    pub fn add_cpu(&self, level: CpuLevel) {
        self.send(TableAct::AddCpu { level }.into());
    }

    /// Whether the table is a Shogi table (untracked: a table keeps its
    /// game).
    pub fn is_shogi(&self) -> bool {
        self.table
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.game == GameTag::Shogi))
    }

    pub fn draft(&self, setup: PartialSetup) {
        self.send(GunjinAct::Draft { setup }.into());
    }

    pub fn ready(&self, setup: Setup) {
        self.send(GunjinAct::Ready { setup }.into());
    }

    pub fn play(&self, mv: Move) {
        self.send(GunjinAct::Move(mv.into()).into());
    }

    pub fn resign(&self) {
        self.send(TableAct::Resign.into());
    }

    /// A line to the players' room.
    pub fn say(&self, said: Said) {
        self.send(ChatAct::Say(said).into());
    }

    /// The host allows free text, or only the phrases.
    pub fn allow_free_text(&self, allowed: bool) {
        self.send(ChatAct::FreeText { allowed }.into());
    }

    /// Either player allows spectators, or sends them away.
    pub fn allow_spectators(&self, allowed: bool) {
        self.send(WatchAct::Spectators { allowed }.into());
    }

    /// A Shogi move or drop, as USI.
    pub fn play_usi(&self, usi: String) {
        self.send(ShogiAct::Move(usi).into());
    }

    /// Makes an offer to the opponent (a draw, a takeback, a rematch).
    pub fn offer(&self, offer: Offer) {
        self.send(OfferAct::Offer(offer).into());
    }

    /// Accepts or declines the opponent's offer.
    pub fn answer(&self, offer: Offer, accept: bool) {
        self.send(OfferAct::Answer { offer, accept }.into());
    }

    /// Shogi: declares an impasse.
    pub fn declare(&self) {
        self.send(ShogiAct::Declare.into());
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

/// Connects to the table server from the pages' module: the home page
/// opens a table, but the socket and every message's code load with the
/// table page it leads to, not with the first visit.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(pages, fallible, wasm_split_path = leptos::wasm_split)]
fn load_connect(online: Online, first: Seating) -> Result<(), SplitLoaderError> {
    online.connect(first);
    Ok(())
}

#[cfg(not(feature = "split"))]
async fn load_connect(online: Online, first: Seating) -> Result<(), SplitLoaderError> {
    online.connect(first);
    Ok(())
}
