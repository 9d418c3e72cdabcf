//! A table's task: one task owns each table and handles its commands in
//! turn, so the referee's state needs no lock and every player sees the
//! same order of events. The seats are [`Seats`]', the life of the game
//! [`Stage`]'s, the rules the [`Referee`]'s; this module sequences them
//! and talks to the players and the store; the offers between the seats
//! are `table/offering.rs`'s.

mod offering;

mod listing;

use std::time::Duration;

use gunjin_rules::{ByColor, Color};
use gunjin_table::{
    Clock, ClockState, CpuLevel, ErrorCode, Invitation, SeatNews, ServerMessage, TableNews,
    TableState,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tracing::{Instrument, error, info, info_span};

mod watching;

use crate::audience::{Audience, AudienceCommand, Switches};
use crate::clock::{GameClock, unix_millis};
use crate::coalesce::{Coalesce, Update};
use crate::host::{Host, Unjoined};
use crate::offers::Offers;
use crate::pool::{CpuPlace, Found};
use crate::referee::{Action, Referee};
use crate::refusal::Refusal;
use crate::seat::{Conn, Seat};
use crate::seats::{SIDES, Seats};
use crate::stage::{SetupStage, Stage};
use crate::storage::StoreError;
use crate::store::{Stored, StoredTable};
use crate::talk::Talk;
use crate::token;

/// What a table is asked to do.
pub enum Command<R: Referee> {
    /// Seating, the same at a table of any game.
    Seat(SeatCommand),
    /// An action from the connection `conn` playing `side`.
    Act {
        side: Color,
        conn: u64,
        action: Action<R>,
    },
    /// The CPU's answer for the position after `ply` moves (`None` if its
    /// search panicked), and how long it waited for a thread.
    CpuMove {
        ply: usize,
        found: Found<Option<R::Move>>,
    },
    /// Spectators and the chat, the same at a table of any game.
    Audience(AudienceCommand),
}

/// Who sits at a table, and the table's own going.
pub enum SeatCommand {
    /// Take the free seat.
    Join {
        name: String,
        conn: Conn,
        reply: oneshot::Sender<Result<Color, Refusal>>,
    },
    /// Take back the seat this token belongs to; `rotate` gives it a new
    /// token.
    Resume {
        token: String,
        rotate: bool,
        conn: Conn,
        reply: oneshot::Sender<Result<Color, Refusal>>,
    },
    /// What the table shows someone not seated at it (a `peek`).
    Peek { reply: oneshot::Sender<Invitation> },
    /// The connection `conn` is gone.
    Detach { side: Color, conn: u64 },
    /// Hand the table over (a drain, or another node asked for it): store
    /// it, release its lease, close every connection and end the task.
    Stop { done: oneshot::Sender<()> },
    /// Close for good to make room (a full server, and nobody joined this
    /// table).
    Evict { done: oneshot::Sender<()> },
}

/// How often a game the store did not take is tried again.
const STORE_RETRY: Duration = Duration::from_secs(1);

/// What the table told nobody yet, waiting for the store.
enum Held {
    /// The game's start.
    Start,
    /// A move, or (`played: false`) an end that is no move.
    Move { played: bool },
}

struct Unsaved {
    held: Held,
    since: Instant,
    retry_at: Instant,
}

/// What both seats are told while the store does not take their game, and
/// any action is answered meanwhile.
fn cannot_save() -> Refusal {
    Refusal::new(
        ErrorCode::CannotSave,
        "the server cannot save games right now: play goes on once it can",
    )
}

/// A CPU search ends this long before its clock would run out.
const CLOCK_MARGIN: Duration = Duration::from_millis(200);

/// A search for the CPU's move, given its milliseconds.
type CpuSearch<R> = Box<dyn FnOnce(f64) -> Option<<R as Referee>::Move> + Send>;

/// The monotonic instant of a Unix-milliseconds time.
fn instant_of(unix: u64) -> Instant {
    Instant::now() + Duration::from_millis(unix.saturating_sub(unix_millis()))
}

/// The running table.
pub struct Table<R: Referee> {
    id: String,
    rules: R::Rules,
    /// Drawn at random when the table opens.
    first: Color,
    /// Seeds the CPU.
    seed: u64,
    /// The last time anyone acted (Unix milliseconds).
    touched: u64,
    /// Since when the host of a table nobody joined is away (Unix
    /// milliseconds): such a table closes `--unjoined-secs` after.
    deserted: Option<u64>,
    seats: Seats,
    /// Each seat's table and presence updates, coalesced.
    updates: ByColor<Coalesce>,
    stage: Stage<R>,
    clock: Option<GameClock>,
    thinking: bool,
    /// How many of the game's record entries are stored; `None` before
    /// its start is.
    saved: Option<usize>,
    /// A change of the game the store did not take, announced to nobody
    /// until it does.
    unsaved: Option<Unsaved>,
    /// The seats that came while the game waited for the store, and have
    /// not seen it.
    viewless: ByColor<bool>,
    /// The seats not told yet that their game may have lost its last moves
    /// (the store's log was damaged), to be told when they come back.
    behind: ByColor<bool>,
    /// The store said another node holds the table now: this task must
    /// end without writing more.
    lost: bool,
    /// The host's place among the CPU tables, held until the game ends.
    cpu_place: Option<CpuPlace>,
    /// The offer waiting for an answer, and the limits on offers.
    offers: Offers,
    /// Who watches, what was said, and the players' switches.
    audience: Audience,
    talk: Talk,
    switches: Switches,
    /// Spectators came while the game waited for the store, and have not
    /// seen it.
    watchers_viewless: bool,
    host: Host,
    inbox: mpsc::Receiver<Command<R>>,
    me: mpsc::WeakSender<Command<R>>,
}

impl<R: Referee> Table<R> {
    /// A new table's stored state, the host on South.
    pub fn open(rules: R::Rules, clock: Option<Clock>, host: Seat) -> StoredTable<R> {
        let seed = token::random_seed();
        StoredTable {
            id: token::random_id(),
            game: R::GAME,
            rules,
            seats: ByColor {
                south: Some(host),
                north: None,
            },
            first: if seed & 1 == 0 {
                Color::South
            } else {
                Color::North
            },
            seed,
            setup_deadline: None,
            drafts: ByColor::default(),
            ready: ByColor::default(),
            touched: unix_millis(),
            clock,
            clock_left: None,
            switches: Switches::default(),
        }
    }

    /// Starts the task of a new or restored table; the sender is its
    /// address.
    pub fn spawn(host: Host, stored: Stored<R>) -> mpsc::Sender<Command<R>> {
        let Stored {
            table: stored,
            game,
            behind,
        } = stored;
        let (tx, inbox) = mpsc::channel(256);
        let stage = match (game, stored.setup_deadline) {
            (Some(game), _) => Stage::of_game(game),
            (None, Some(deadline)) => Stage::Setup(SetupStage {
                deadline,
                drafts: stored.drafts,
                ready: stored.ready,
            }),
            (None, None) => Stage::Waiting,
        };
        let clock = stored.clock.map(|c| GameClock::new(c, stored.clock_left));
        let saved = stage.game().map(R::entry_count);
        let table = Table {
            clock,
            id: stored.id,
            rules: stored.rules,
            first: stored.first,
            seed: stored.seed,
            touched: stored.touched,
            deserted: None,
            seats: Seats::new(stored.seats),
            updates: ByColor::default(),
            stage,
            thinking: false,
            saved,
            unsaved: None,
            viewless: ByColor::default(),
            behind: ByColor::new_with(|_| behind),
            lost: false,
            cpu_place: None,
            offers: Offers::default(),
            audience: Audience::default(),
            talk: Talk::default(),
            switches: stored.switches,
            watchers_viewless: false,
            host,
            inbox,
            me: tx.downgrade(),
        };
        // Each line the task logs names its table.
        let span = info_span!("table", id = %table.id);
        tokio::spawn(table.run().instrument(span));
        tx
    }

    async fn run(mut self) {
        self.load_talk().await;
        // Both seats taken but no game: a rematch's table, starting now.
        if matches!(self.stage, Stage::Waiting) && self.seats.held.north.is_some() {
            self.start_setup().await;
        }
        self.note_unjoined();
        self.drive_cpu();
        loop {
            let deadline = self.next_deadline();
            tokio::select! {
                cmd = self.inbox.recv() => match cmd {
                    Some(Command::Seat(SeatCommand::Stop { done })) => {
                        self.leave().await;
                        let _ = done.send(());
                        return;
                    }
                    Some(Command::Seat(SeatCommand::Evict { done })) => {
                        self.expire("the server needed room, and nobody had joined this table").await;
                        let _ = done.send(());
                        return;
                    }
                    Some(cmd) => self.handle(cmd).await,
                    None => return,
                },
                () = tokio::time::sleep_until(deadline) => {
                    if self.on_deadline().await {
                        return;
                    }
                }
            }
            if self.lost {
                info!("another node holds the table now");
                self.leave().await;
                return;
            }
        }
    }

    /// Stops running the table here, stored and its lease released (a
    /// lost lease stays with its new holder), and closes its connections:
    /// their clients reconnect to wherever it runs next.
    async fn leave(&mut self) {
        self.save_table().await;
        if let Err(e) = self.host.store.release(&self.id).await {
            error!("store: releasing the lease: {e}");
        }
        self.forget();
        self.seats.close_all(None);
        self.audience.close_all(None);
    }

    /// Takes the table out of the hub; a message still queued finds it
    /// gone, and its sender tries again.
    fn forget(&mut self) {
        self.inbox.close();
        self.host.register.remove(&self.id);
    }

    async fn handle(&mut self, cmd: Command<R>) {
        match cmd {
            Command::Seat(SeatCommand::Join { name, conn, reply }) => {
                let result = self.seats.sit(name, None);
                if let Ok(side) = result {
                    self.touched = unix_millis();
                    self.unlist().await;
                    self.start_setup().await;
                    self.attach(side, conn);
                }
                let _ = reply.send(result);
            }
            Command::Seat(SeatCommand::Resume {
                token,
                rotate,
                conn,
                reply,
            }) => {
                let result = self
                    .seats
                    .seat_of(&token)
                    .and_then(|side| self.seats.may_resume(side));
                if let Ok(side) = result {
                    if rotate {
                        self.seats.rotate(side);
                        self.save_table().await;
                    }
                    self.attach(side, conn);
                }
                let _ = reply.send(result);
            }
            Command::Act { side, conn, action } => {
                if !self.seats.plays(side, conn) {
                    return;
                }
                if self.unsaved.is_some() {
                    return self.send(side, &cannot_save().to_message());
                }
                self.touched = unix_millis();
                if let Err(refusal) = self.act(side, action).await {
                    self.send(side, &refusal.to_message());
                }
            }
            Command::Seat(SeatCommand::Peek { reply }) => {
                let _ = reply.send(self.invitation());
            }
            Command::Seat(SeatCommand::Detach { side, conn }) => {
                if self.seats.detach(side, conn) {
                    self.presence_changed();
                }
            }
            Command::CpuMove { ply, found } => {
                self.thinking = false;
                let Stage::Play(game) = &self.stage else {
                    return;
                };
                if R::ply(game) != ply {
                    return self.drive_cpu();
                }
                let (mv, waited) = found.unwrap_or_else(|| {
                    error!("the CPU's search panicked: a random legal move instead");
                    (None, Duration::ZERO)
                });
                if let Some(clock) = &mut self.clock {
                    clock.excuse(waited);
                }
                let side = R::turn(game);
                // A search that failed (logged) plays a random legal move.
                let mv = mv.or_else(|| R::random_move(game, self.seed));
                if let Some(mv) = mv
                    && let Err(e) = self.play(side, mv).await
                {
                    error!("the CPU's move refused: {e:?}");
                }
            }
            Command::Audience(cmd) => self.audience_command(cmd).await,
            Command::Seat(SeatCommand::Stop { .. } | SeatCommand::Evict { .. }) => {
                unreachable!("handled by the loop")
            }
        }
    }

    async fn act(&mut self, side: Color, action: Action<R>) -> Result<(), Refusal> {
        match action {
            Action::AddCpu(level, place) => self.add_cpu(side, level, place).await,
            Action::Draft(draft) => self.draft(side, draft).await,
            Action::Ready(setup) => self.ready(side, setup).await,
            Action::Move(asked) => {
                let mv = R::read(self.stage.playing()?, asked)?;
                self.play(side, mv).await
            }
            Action::Resign => self.forfeit(side).await,
            Action::Offer(act) => self.offer_act(side, act).await,
            Action::List(listed) => self.list(side, listed).await,
        }
    }

    // ---- seats -------------------------------------------------------

    /// Hands the seat to a connection and tells it everything it may know.
    fn attach(&mut self, side: Color, conn: Conn) {
        self.seats.attach(side, conn);
        // The new connection starts with the whole state, welcome first.
        self.updates[side].release().for_each(drop);
        let welcome = ServerMessage::Seat(SeatNews::Welcome {
            table: self.id.clone(),
            token: self.seats.token(side),
            side,
        });
        self.send(side, &welcome);
        self.presence_changed();
        // A game whose last change the store did not take yet is shown to
        // nobody: this seat gets the whole view once it is stored.
        if self.unsaved.is_some() {
            self.viewless[side] = true;
            self.send(side, &cannot_save().to_message());
        } else if let Some(game) = self.stage.game() {
            let view = R::game_message(game, side, false);
            let over = R::over_message(game);
            self.send(side, &view);
            if let Some(over) = over {
                self.send(side, &over);
            }
            if let Some(clock) = self.clock_message() {
                self.send(side, &clock);
            }
        }
        self.greet_seat(side);
        if std::mem::take(&mut self.behind[side]) {
            let lost = Refusal::new(
                ErrorCode::RolledBack,
                "the server crashed and may have lost this game's last moves: \
                 it goes on from the position sent",
            );
            self.send(side, &lost.to_message());
        }
    }

    async fn add_cpu(
        &mut self,
        side: Color,
        level: CpuLevel,
        place: Result<CpuPlace, Refusal>,
    ) -> Result<(), Refusal> {
        if side != Color::South {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host adds the CPU",
            ));
        }
        if self.seats.held.north.is_some() {
            return Err(Refusal::new(ErrorCode::WrongPhase, "both seats are taken"));
        }
        if R::level(level).is_none() {
            return Err(Refusal::new(
                ErrorCode::BadLevel,
                format!("{level} is no level of this table's game"),
            ));
        }
        self.cpu_place = Some(place?);
        self.seats.sit(format!("CPU ({level})"), Some(level))?;
        self.unlist().await;
        self.start_setup().await;
        self.presence_changed();
        Ok(())
    }

    /// Re-arms the forfeit timers and tells both sides who is there.
    fn presence_changed(&mut self) {
        self.note_unjoined();
        self.seats
            .rearm(self.stage.live(), self.host.settings.grace);
        self.broadcast_table();
        for side in SIDES {
            self.update(side, Update::Presence);
        }
    }

    /// Tells the hub whether nobody joined this table yet, and since when
    /// its host is away or was last heard: a full server makes room by
    /// closing the one whose host is away longest.
    fn note_unjoined(&mut self) {
        let waiting = matches!(self.stage, Stage::Waiting);
        let host_here = self.seats.connected(Color::South);
        self.deserted = match (waiting && !host_here, self.deserted) {
            (false, _) => None,
            (true, Some(since)) => Some(since),
            (true, None) => Some(unix_millis()),
        };
        let unjoined = waiting.then(|| Unjoined {
            host_here,
            since: self.deserted.unwrap_or(self.touched),
        });
        self.host.register.note_unjoined(&self.id, unjoined);
    }

    // ---- setup -------------------------------------------------------

    /// Both seats are taken: the setup begins, the CPU ready at once. A
    /// game without a setup starts right away.
    async fn start_setup(&mut self) {
        let deadline = unix_millis() + self.host.settings.setup_time.as_millis() as u64;
        let mut setup = SetupStage::new(deadline, self.rules);
        for side in SIDES {
            if let Some(level) = self.seats.cpu(side).and_then(R::level) {
                setup.ready[side] = Some(R::cpu_setup(level, self.seed, self.rules));
            } else if !R::SETUP {
                setup.ready[side] = Some(R::complete(self.rules, &R::blank(self.rules), self.seed));
            }
        }
        let ready = setup.all_ready();
        self.stage = Stage::Setup(setup);
        if ready {
            self.start_game().await;
        } else {
            self.save_table().await;
        }
    }

    async fn draft(&mut self, side: Color, draft: R::Draft) -> Result<(), Refusal> {
        let rules = self.rules;
        let setup = self.stage.setting_up(side)?;
        R::check_draft(rules, &draft)?;
        setup.drafts[side] = draft;
        self.save_table().await;
        Ok(())
    }

    async fn ready(&mut self, side: Color, ready: R::Setup) -> Result<(), Refusal> {
        let rules = self.rules;
        let setup = self.stage.setting_up(side)?;
        R::check_setup(rules, &ready)?;
        setup.ready[side] = Some(ready);
        setup.drafts[side] = R::draft_of(ready);
        if setup.all_ready() {
            self.start_game().await;
        } else {
            self.save_table().await;
            self.broadcast_table();
        }
        Ok(())
    }

    /// Ends the setup phase: a side not ready gets its draft completed at
    /// random.
    async fn start_game(&mut self) {
        let Stage::Setup(setup) = &self.stage else {
            return;
        };
        let game = setup.start(self.rules, self.first, token::random_seed());
        self.stage = Stage::Play(game);
        if let Some(clock) = &mut self.clock {
            clock.start();
        }
        self.save_table().await;
        self.store_and_announce(Held::Start).await;
    }

    // ---- play --------------------------------------------------------

    async fn play(&mut self, side: Color, mv: R::Move) -> Result<(), Refusal> {
        R::play(self.stage.playing()?, side, mv)?;
        let closed = self.offers.moved(side);
        self.offer_closed(closed);
        self.touched = unix_millis();
        if let Some(clock) = &mut self.clock {
            clock.moved(side);
            self.save_table().await;
        }
        self.after_move(true).await;
        Ok(())
    }

    /// Resigns for `side`; during the setup the drafts are completed first
    /// so the record still shows a whole game.
    async fn forfeit(&mut self, side: Color) -> Result<(), Refusal> {
        if matches!(self.stage, Stage::Setup(_)) {
            self.start_game().await;
        }
        self.end_game(side, R::resign).await
    }

    /// Ends the game by `side`'s act (a resignation, a lost clock, a draw
    /// agreed).
    async fn end_game(
        &mut self,
        side: Color,
        how: fn(&mut R::Game, Color) -> Result<(), Refusal>,
    ) -> Result<(), Refusal> {
        let game = self.stage.playing()?;
        let running = R::turn(game);
        how(game, side)?;
        if let Some(clock) = &mut self.clock {
            clock.stop(running);
        }
        self.after_move(false).await;
        Ok(())
    }

    /// Stores and announces a move or resignation. Only the game is
    /// written: the table's lasting state did not change (`touched` is
    /// renewed on a restart anyway).
    async fn after_move(&mut self, played: bool) {
        self.store_and_announce(Held::Move { played }).await;
    }

    /// Stores the game, then announces what changed in it. What the store
    /// does not take is announced to nobody: both seats are told in one
    /// sentence that the server cannot save games right now, every action
    /// waits, and the store is tried again until it takes it.
    async fn store_and_announce(&mut self, held: Held) {
        match self.save_game().await {
            Ok(()) => self.announce(held),
            Err(e) => {
                error!("store: the game: {e}: held back until it is stored");
                self.unsaved = Some(Unsaved {
                    held,
                    since: Instant::now(),
                    retry_at: Instant::now() + STORE_RETRY,
                });
                for side in SIDES {
                    self.send(side, &cannot_save().to_message());
                }
            }
        }
    }

    /// Tries the store again; once it takes the game, the time it took is
    /// charged to nobody and what was held back is announced.
    async fn store_again(&mut self) {
        let Some(unsaved) = self.unsaved.take() else {
            return;
        };
        if self.save_game().await.is_err() {
            let retry_at = Instant::now() + STORE_RETRY;
            self.unsaved = Some(Unsaved {
                retry_at,
                ..unsaved
            });
            return;
        }
        info!("store: the game stored after {:?}", unsaved.since.elapsed());
        if let Some(clock) = &mut self.clock {
            clock.excuse(unsaved.since.elapsed());
        }
        self.announce(unsaved.held);
    }

    /// Tells both seats what changed in the stored game.
    fn announce(&mut self, held: Held) {
        let played = match held {
            Held::Start => {
                self.broadcast_table();
                self.broadcast_game(false);
                return self.drive_cpu();
            }
            Held::Move { played } => played,
        };
        self.broadcast_game(played);
        let over = self.stage.settle();
        if let Some(clock) = self.clock_message() {
            for side in SIDES {
                self.send(side, &clock);
            }
            self.audience.send(&clock);
        }
        if over {
            self.cpu_place = None;
            let closed = self.offers.ended();
            self.offer_closed(closed);
            if let Some(over) = self.stage.game().and_then(R::over_message) {
                for side in SIDES {
                    self.send(side, &over);
                }
                self.audience.send(&over);
            }
            self.show_players_everything();
            self.presence_changed();
        } else {
            self.drive_cpu();
        }
    }

    /// Starts the CPU searching if it is to move: on the pool, for its
    /// level's time at most, and within the time its clock has left.
    fn drive_cpu(&mut self) {
        let Stage::Play(game) = &self.stage else {
            return;
        };
        let turn = R::turn(game);
        let cpu = self.seats.cpu(turn).and_then(R::level);
        let Some(level) = cpu.filter(|_| !self.thinking) else {
            return;
        };
        self.thinking = true;
        let left = self.clock.as_ref().map(|c| {
            let left = c.deadline(turn).saturating_duration_since(Instant::now());
            left.saturating_sub(CLOCK_MARGIN).as_secs_f64() * 1000.0
        });
        let think = [
            Some(R::think_millis(level)),
            self.host.settings.cpu_millis,
            left,
        ]
        .into_iter()
        .flatten()
        .fold(f64::INFINITY, f64::min);
        let search = self.faulty(R::cpu_search(game, level, self.seed));
        let ply = R::ply(game);
        let me = self.me.clone();
        let searching = self.host.cpu.run(think, search);
        tokio::spawn(async move {
            let found = searching.await;
            if let Some(me) = me.upgrade() {
                let _ = me.send(Command::CpuMove { ply, found }).await;
            }
        });
    }

    /// The CPU's search, or one that panics where the tests inject a
    /// faulty CPU.
    #[cfg(feature = "faults")]
    fn faulty(&self, search: CpuSearch<R>) -> CpuSearch<R> {
        let Stage::Play(game) = &self.stage else {
            return search;
        };
        match self.host.settings.faults.cpu_panics(R::ply(game)) {
            true => Box::new(|_| panic!("a faulty CPU, on purpose")),
            false => search,
        }
    }

    #[cfg(not(feature = "faults"))]
    fn faulty(&self, search: CpuSearch<R>) -> CpuSearch<R> {
        search
    }

    // ---- time --------------------------------------------------------

    /// When the table closes: an hour after anyone last acted, sooner
    /// once the host of a table nobody joined left it.
    fn expiry(&self) -> u64 {
        let settings = &self.host.settings;
        let idle = self.touched + settings.idle.as_millis() as u64;
        self.deserted.map_or(idle, |since| {
            idle.min(since + settings.unjoined.as_millis() as u64)
        })
    }

    fn next_deadline(&mut self) -> Instant {
        let setup = match &self.stage {
            Stage::Setup(setup) => Some(instant_of(setup.deadline)),
            _ => None,
        };
        let updates = SIDES
            .into_iter()
            .filter_map(|s| self.updates[s].due())
            .min();
        [
            Some(instant_of(self.expiry())),
            setup,
            self.seats.next_forfeit(),
            self.clock_deadline(),
            updates,
            self.unsaved.as_ref().map(|u| u.retry_at),
        ]
        .into_iter()
        .flatten()
        .min()
        .expect("the expiry is always there")
    }

    /// Acts on whatever deadline passed; true when the table closed.
    async fn on_deadline(&mut self) -> bool {
        let now = unix_millis();
        if now >= self.expiry() {
            let why = match self.deserted {
                Some(_) => "nobody joined the table in time",
                None => "the table was idle too long",
            };
            self.expire(why).await;
            return true;
        }
        for side in SIDES {
            if self.updates[side]
                .due()
                .is_some_and(|at| at <= Instant::now())
            {
                self.release_updates(side);
            }
        }
        // The game waits for the store: no forfeit, no time-out meanwhile.
        if let Some(unsaved) = &self.unsaved {
            if unsaved.retry_at <= Instant::now() {
                self.store_again().await;
            }
            return false;
        }
        if matches!(&self.stage, Stage::Setup(s) if now >= s.deadline) {
            self.start_game().await;
        }
        while let Some(side) = self.seats.forfeit_due() {
            let _ = self.forfeit(side).await;
        }
        if self.clock_deadline().is_some_and(|at| at <= Instant::now())
            && let Stage::Play(game) = &self.stage
        {
            // Out of time: the side to move loses.
            let _ = self.end_game(R::turn(game), R::time_out).await;
        }
        false
    }

    /// When the side to move runs out of time, in a game on with a clock;
    /// never while the CPU searches (its search ends within its time left,
    /// and its wait for a thread is not charged) or while a move waits for
    /// the store (its opponent's turn has not begun).
    fn clock_deadline(&self) -> Option<Instant> {
        let Stage::Play(game) = &self.stage else {
            return None;
        };
        if self.thinking || self.unsaved.is_some() {
            return None;
        }
        Some(self.clock.as_ref()?.deadline(R::turn(game)))
    }

    /// Where the clock stands, for a table with one.
    fn clock_state(&self) -> Option<ClockState> {
        let running = match &self.stage {
            Stage::Play(game) => Some(R::turn(game)),
            _ => None,
        };
        Some(self.clock.as_ref()?.state(running))
    }

    fn clock_message(&self) -> Option<ServerMessage> {
        self.clock_state()
            .map(|state| ServerMessage::Table(TableNews::Clock(state)))
    }

    /// Closes the table, its record stored first (an unfinished game as
    /// abandoned), so a player told of the expiry (and `why`) finds it.
    async fn expire(&mut self, why: &str) {
        if let Err(e) = self.host.store.delete_table(&self.id, unix_millis()).await {
            error!("store: closing the table: {e}");
        }
        self.forget();
        let why = Refusal::new(ErrorCode::Expired, why);
        self.seats.close_all(Some(&why));
        self.audience.close_all(Some(&why));
    }

    // ---- messages and storage ----------------------------------------

    /// Sends to the seat's connection, after any update held back; one
    /// that stopped reading is ended and its seat counts as left.
    fn send(&mut self, side: Color, msg: &ServerMessage) {
        self.release_updates(side);
        self.deliver(side, msg);
    }

    fn deliver(&mut self, side: Color, msg: &ServerMessage) {
        if !self.seats.send(side, msg) {
            self.presence_changed();
        }
    }

    /// The table as `side` sees it.
    fn table_state(&self, side: Color) -> TableState {
        TableState {
            table: self.id.clone(),
            game: R::GAME,
            rules: R::announced(self.rules),
            you: side,
            seats: self.seats.info(),
            phase: self.stage.phase(side, unix_millis()),
            clock: self.clock_state(),
        }
    }

    /// Tells the seat of a change of this kind, now or (coalesced with
    /// the next ones) shortly.
    fn update(&mut self, side: Color, update: Update) {
        if self.updates[side].admit(update) {
            self.deliver_update(side, update);
        }
    }

    /// The updates held back for the seat, each as the state now is.
    fn release_updates(&mut self, side: Color) {
        let held: Vec<Update> = self.updates[side].release().collect();
        for update in held {
            self.deliver_update(side, update);
        }
    }

    fn deliver_update(&mut self, side: Color, update: Update) {
        let msg = match update {
            Update::Presence => self.seats.presence(!side),
            Update::Table => ServerMessage::Table(TableNews::State(self.table_state(side))),
        };
        self.deliver(side, &msg);
    }

    fn broadcast_table(&mut self) {
        for side in SIDES {
            if self.seats.connected(side) {
                self.update(side, Update::Table);
            }
        }
        let stand = self.stand();
        self.audience.send(&stand);
    }

    /// What the table shows someone not seated: read from the table as
    /// the host sees it, whose own draft it leaves out.
    fn invitation(&self) -> Invitation {
        Invitation::of(&self.table_state(Color::South))
    }

    /// Each side's own view, or what the move just made changed in it.
    fn broadcast_game(&mut self, played: bool) {
        let Some(game) = self.stage.game() else {
            return;
        };
        let viewless = std::mem::take(&mut self.viewless);
        let msgs = ByColor::new_with(|side| R::game_message(game, side, played && !viewless[side]));
        let public = R::public_message(game, played && !self.watchers_viewless);
        self.watchers_viewless = false;
        for side in SIDES {
            self.send(side, &msgs[side]);
        }
        self.audience.send(&public);
    }

    fn stored(&self) -> StoredTable<R> {
        let (setup_deadline, drafts, ready) = match &self.stage {
            Stage::Setup(s) => (Some(s.deadline), s.drafts, s.ready),
            _ => (None, ByColor::default(), ByColor::default()),
        };
        StoredTable {
            id: self.id.clone(),
            game: R::GAME,
            rules: self.rules,
            seats: self.seats.held.clone(),
            first: self.first,
            seed: self.seed,
            setup_deadline,
            drafts,
            ready,
            touched: self.touched,
            clock: self.clock.as_ref().map(|c| c.clock),
            clock_left: self.clock.as_ref().map(|c| c.left),
            switches: self.switches,
        }
    }

    async fn save_table(&mut self) {
        match self.host.store.save_table(&self.stored()).await {
            Ok(held) => self.lost |= !held,
            Err(e) => error!("store: the table: {e}"),
        }
    }

    /// Stores the game's start once, then each entry not stored yet.
    async fn save_game(&mut self) -> Result<(), StoreError> {
        let Some(game) = self.stage.game() else {
            return Ok(());
        };
        // The writes are made from the game first: the futures hold no
        // part of it.
        let store = &self.host.store;
        let start = self
            .saved
            .is_none()
            .then(|| store.start_game::<R>(&self.id, game));
        let from = self.saved.unwrap_or(0);
        let append = store.append::<R>(&self.id, game, from, unix_millis());
        let count = R::entry_count(game);
        if let Some(start) = start {
            start.await?;
        }
        let held = append.await?;
        self.saved = Some(count);
        self.lost |= !held;
        Ok(())
    }
}
