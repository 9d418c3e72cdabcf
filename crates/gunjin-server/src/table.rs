//! A table: two seats, the hidden setup and the game. One task owns each
//! table and handles its commands in turn, so the referee's state needs no
//! lock and every player sees the same order of events.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use gunjin_cpu::Level;
use gunjin_rules::{ByColor, Color, Game, Move, PartialSetup, Rules, Setup};
use gunjin_table::{ClientMessage, ErrorCode, Phase, SeatInfo, ServerMessage, TableState};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::hub::Hub;
use crate::refusal::Refusal;
use crate::seat::{Conn, Seat};
use crate::{cpu, token};

/// A table's lasting state, as stored; the game is stored as its record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableData {
    pub id: String,
    pub rules: Rules,
    /// The host is South.
    pub seats: ByColor<Option<Seat>>,
    /// Drawn at random when the table opens.
    pub first: Color,
    /// Seeds the CPU and the random completion of setups.
    pub seed: u64,
    /// When the setup phase ends (Unix milliseconds); set during it only.
    pub setup_deadline: Option<u64>,
    pub drafts: ByColor<PartialSetup>,
    pub ready: ByColor<Option<Setup>>,
    /// The last time anyone acted (Unix milliseconds).
    pub touched: u64,
}

impl TableData {
    /// A new table with the host on South.
    pub fn new(rules: Rules, host: Seat) -> TableData {
        let seed = token::random_seed();
        TableData {
            id: token::random_id(),
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
        }
    }
}

/// What a table is asked to do.
pub enum Command {
    /// Take the free seat.
    Join {
        name: String,
        conn: Conn,
        reply: oneshot::Sender<Result<Color, Refusal>>,
    },
    /// Take back the seat this token belongs to.
    Resume {
        token: String,
        conn: Conn,
        reply: oneshot::Sender<Result<Color, Refusal>>,
    },
    /// A seat-bound message from the connection `conn`.
    Act {
        side: Color,
        conn: u64,
        msg: ClientMessage,
    },
    /// The connection `conn` is gone.
    Detach { side: Color, conn: u64 },
    /// The CPU's answer for the position after `ply` moves.
    CpuMove { ply: usize, mv: Option<Move> },
    /// Close every connection and end the task (server shutdown).
    Stop { done: oneshot::Sender<()> },
}

pub fn unix_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The monotonic instant of a Unix-milliseconds time.
fn instant_of(unix: u64) -> Instant {
    Instant::now() + Duration::from_millis(unix.saturating_sub(unix_millis()))
}

const SIDES: [Color; 2] = [Color::South, Color::North];

/// The running table.
pub struct Table {
    data: TableData,
    game: Option<Game>,
    conns: ByColor<Option<Conn>>,
    /// When an absent player forfeits; armed only while the game (or the
    /// setup) is on and the opponent is present.
    forfeit_at: ByColor<Option<Instant>>,
    thinking: bool,
    hub: Hub,
    inbox: mpsc::Receiver<Command>,
    me: mpsc::WeakSender<Command>,
}

impl Table {
    /// Starts the task of a new or restored table; the sender is its
    /// address.
    pub fn spawn(hub: Hub, data: TableData, game: Option<Game>) -> mpsc::Sender<Command> {
        let (tx, inbox) = mpsc::channel(256);
        let table = Table {
            data,
            game,
            conns: ByColor::default(),
            forfeit_at: ByColor::default(),
            thinking: false,
            hub,
            inbox,
            me: tx.downgrade(),
        };
        tokio::spawn(table.run());
        tx
    }

    async fn run(mut self) {
        self.drive_cpu();
        loop {
            let deadline = self.next_deadline();
            tokio::select! {
                cmd = self.inbox.recv() => match cmd {
                    Some(Command::Stop { done }) => {
                        self.close_all(None);
                        let _ = done.send(());
                        return;
                    }
                    Some(cmd) => self.handle(cmd),
                    None => return,
                },
                () = tokio::time::sleep_until(deadline) => {
                    if self.on_deadline() {
                        return;
                    }
                }
            }
        }
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join { name, conn, reply } => {
                let result = self.join(name);
                if let Ok(side) = result {
                    self.attach(side, conn);
                }
                let _ = reply.send(result);
            }
            Command::Resume { token, conn, reply } => {
                let result = self.seat_of(&token);
                if let Ok(side) = result {
                    self.attach(side, conn);
                }
                let _ = reply.send(result);
            }
            Command::Act { side, conn, msg } => {
                if self.conns[side].as_ref().is_none_or(|c| c.id != conn) {
                    return;
                }
                self.data.touched = unix_millis();
                if let Err(refusal) = self.act(side, msg) {
                    self.send(side, &refusal.to_message());
                }
            }
            Command::Detach { side, conn } => {
                if self.conns[side].as_ref().is_some_and(|c| c.id == conn) {
                    self.conns[side] = None;
                    self.presence_changed();
                }
            }
            Command::CpuMove { ply, mv } => {
                self.thinking = false;
                let Some(game) = &self.game else { return };
                let side = game.position().turn();
                match mv {
                    Some(mv) if game.history().len() == ply => {
                        if let Err(e) = self.play(side, mv) {
                            eprintln!("table {}: the CPU's move refused: {e:?}", self.data.id);
                        }
                    }
                    _ => self.drive_cpu(),
                }
            }
            Command::Stop { .. } => unreachable!("handled by the loop"),
        }
    }

    fn act(&mut self, side: Color, msg: ClientMessage) -> Result<(), Refusal> {
        match msg {
            ClientMessage::AddCpu { level } => self.add_cpu(side, &level),
            ClientMessage::Draft { setup } => self.draft(side, setup),
            ClientMessage::Ready { setup } => self.ready(side, setup),
            ClientMessage::Move(mv) => self.play(side, mv),
            ClientMessage::Resign => self.forfeit(side),
            ClientMessage::Open { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Resume { .. } => Err(Refusal::new(
                ErrorCode::NoSeat,
                "this connection already holds a seat",
            )),
        }
    }

    // ---- seats -------------------------------------------------------

    fn join(&mut self, name: String) -> Result<Color, Refusal> {
        if self.data.seats.north.is_some() {
            return Err(Refusal::new(ErrorCode::TableFull, "both seats are taken"));
        }
        self.data.seats.north = Some(Seat {
            name,
            token: token::random_id(),
            cpu: None,
        });
        self.data.touched = unix_millis();
        self.start_setup();
        Ok(Color::North)
    }

    fn seat_of(&self, presented: &str) -> Result<Color, Refusal> {
        SIDES
            .into_iter()
            .find(|&side| {
                self.data.seats[side]
                    .as_ref()
                    .is_some_and(|s| s.cpu.is_none() && token::same(presented, &s.token))
            })
            .ok_or_else(|| {
                Refusal::new(ErrorCode::BadToken, "no seat at this table has this token")
            })
    }

    /// Hands the seat to a connection (replacing an older one) and tells it
    /// everything it may know.
    fn attach(&mut self, side: Color, conn: Conn) {
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
        let seat = self.data.seats[side]
            .as_ref()
            .expect("an attached seat is taken");
        let welcome = ServerMessage::Welcome {
            table: self.data.id.clone(),
            token: seat.token.clone(),
            side,
        };
        self.send(side, &welcome);
        self.presence_changed();
        if let Some(game) = &self.game {
            let view = ServerMessage::Game {
                view: game.view(side),
                played: None,
            };
            let over = game.outcome().map(|outcome| ServerMessage::Over {
                outcome,
                record: game.record(),
            });
            self.send(side, &view);
            if let Some(over) = over {
                self.send(side, &over);
            }
        }
    }

    fn add_cpu(&mut self, side: Color, level: &str) -> Result<(), Refusal> {
        if side != Color::South {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host adds the CPU",
            ));
        }
        if self.data.seats.north.is_some() {
            return Err(Refusal::new(ErrorCode::WrongPhase, "both seats are taken"));
        }
        let level = level
            .parse::<Level>()
            .ok()
            .filter(|l| Level::PLAYABLE.contains(l))
            .ok_or_else(|| {
                Refusal::new(ErrorCode::BadLevel, "the CPU plays easy, normal or hard")
            })?;
        self.data.seats.north = Some(Seat {
            name: format!("CPU ({level})"),
            token: token::random_id(),
            cpu: Some(level),
        });
        self.start_setup();
        self.presence_changed();
        Ok(())
    }

    fn cpu_level(&self, side: Color) -> Option<Level> {
        self.data.seats[side].as_ref().and_then(|s| s.cpu)
    }

    /// Whether someone plays the seat right now.
    fn present(&self, side: Color) -> bool {
        self.conns[side].is_some() || self.cpu_level(side).is_some()
    }

    /// Whether the setup or the game is on: the phases where absence counts.
    fn live(&self) -> bool {
        match &self.game {
            Some(game) => game.outcome().is_none(),
            None => self.data.setup_deadline.is_some(),
        }
    }

    /// Re-arms the forfeit timers and tells both sides who is there.
    fn presence_changed(&mut self) {
        let grace = self.hub.config().grace;
        for side in SIDES {
            let armed = self.live()
                && self.data.seats[side].is_some()
                && !self.present(side)
                && self.present(!side);
            self.forfeit_at[side] = match (armed, self.forfeit_at[side]) {
                (false, _) => None,
                (true, Some(at)) => Some(at),
                (true, None) => Some(Instant::now() + grace),
            };
        }
        self.broadcast_table();
        for side in SIDES {
            let presence = ServerMessage::Presence {
                side: !side,
                connected: self.present(!side),
                forfeit_in_millis: self.forfeit_at[!side]
                    .map(|at| at.saturating_duration_since(Instant::now()).as_millis() as u64),
            };
            self.send(side, &presence);
        }
    }

    // ---- setup -------------------------------------------------------

    fn start_setup(&mut self) {
        let rules = self.data.rules;
        self.data.setup_deadline =
            Some(unix_millis() + self.hub.config().setup_time.as_millis() as u64);
        for side in SIDES {
            if let Some(level) = self.cpu_level(side) {
                self.data.ready[side] = Some(cpu::setup(level, self.data.seed, rules));
            }
        }
        self.save_table();
    }

    fn in_setup(&self, side: Color) -> Result<(), Refusal> {
        if self.game.is_some() || self.data.setup_deadline.is_none() {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "the setup phase is not on",
            ));
        }
        if self.data.ready[side].is_some() {
            return Err(Refusal::new(
                ErrorCode::WrongPhase,
                "your setup is already in",
            ));
        }
        Ok(())
    }

    fn draft(&mut self, side: Color, draft: PartialSetup) -> Result<(), Refusal> {
        self.in_setup(side)?;
        draft
            .fill_random(self.data.rules, &mut self.rng())
            .map_err(|e| Refusal::new(ErrorCode::BadSetup, e.to_string()))?;
        self.data.drafts[side] = draft;
        self.save_table();
        Ok(())
    }

    fn ready(&mut self, side: Color, setup: Setup) -> Result<(), Refusal> {
        self.in_setup(side)?;
        setup
            .check(self.data.rules)
            .map_err(|e| Refusal::new(ErrorCode::BadSetup, e.to_string()))?;
        self.data.ready[side] = Some(setup);
        self.data.drafts[side] = setup.into();
        if self.data.ready.south.is_some() && self.data.ready.north.is_some() {
            self.start_game();
        } else {
            self.save_table();
            self.broadcast_table();
        }
        Ok(())
    }

    fn rng(&self) -> SmallRng {
        SmallRng::seed_from_u64(token::random_seed())
    }

    /// Ends the setup phase: a side not ready gets its draft completed at
    /// random.
    fn start_game(&mut self) {
        let rules = self.data.rules;
        let mut rng = self.rng();
        let setups = ByColor::new_with(|side| {
            self.data.ready[side].unwrap_or_else(|| {
                self.data.drafts[side]
                    .fill_random(rules, &mut rng)
                    .unwrap_or_else(|_| Setup::random(rules, &mut rng))
            })
        });
        let game = Game::new(rules, setups, self.data.first).expect("checked setups start a game");
        self.data.setup_deadline = None;
        self.data.drafts = ByColor::default();
        self.data.ready = ByColor::default();
        self.game = Some(game);
        self.save_table();
        self.save_game();
        self.broadcast_table();
        self.broadcast_game(false);
        self.drive_cpu();
    }

    // ---- play --------------------------------------------------------

    fn play(&mut self, side: Color, mv: Move) -> Result<(), Refusal> {
        let Some(game) = self.game.as_mut().filter(|g| g.outcome().is_none()) else {
            return Err(Refusal::new(ErrorCode::WrongPhase, "no game is on"));
        };
        if game.position().turn() != side {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        game.play(mv)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.to_string()))?;
        self.data.touched = unix_millis();
        self.after_move(true);
        Ok(())
    }

    /// Resigns for `side`; during the setup the drafts are completed first
    /// so the record still shows a whole game.
    fn forfeit(&mut self, side: Color) -> Result<(), Refusal> {
        if self.game.is_none() && self.data.setup_deadline.is_some() {
            self.start_game();
        }
        let game = self
            .game
            .as_mut()
            .ok_or_else(|| Refusal::new(ErrorCode::WrongPhase, "no game is on"))?;
        game.resign(side)
            .map_err(|e| Refusal::new(ErrorCode::WrongPhase, e.to_string()))?;
        self.after_move(false);
        Ok(())
    }

    /// Stores and announces a move or resignation. Only the game is
    /// written: the table's lasting state did not change (`touched` is
    /// renewed on a restart anyway).
    fn after_move(&mut self, played: bool) {
        self.save_game();
        self.broadcast_game(played);
        let Some(game) = &self.game else { return };
        if let Some(outcome) = game.outcome() {
            let over = ServerMessage::Over {
                outcome,
                record: game.record(),
            };
            for side in SIDES {
                self.send(side, &over);
            }
            self.presence_changed();
        } else {
            self.drive_cpu();
        }
    }

    /// Starts the CPU thinking if it is to move.
    fn drive_cpu(&mut self) {
        let Some(game) = self.game.as_ref().filter(|g| g.outcome().is_none()) else {
            return;
        };
        let side = game.position().turn();
        let Some(level) = self.cpu_level(side).filter(|_| !self.thinking) else {
            return;
        };
        self.thinking = true;
        let view = game.view(side);
        let ply = game.history().len();
        let seed = self.data.seed;
        let cap = self.hub.config().cpu_millis;
        let me = self.me.clone();
        tokio::spawn(async move {
            let mv = cpu::think(level, seed, view, cap).await;
            if let Some(me) = me.upgrade() {
                let _ = me.send(Command::CpuMove { ply, mv }).await;
            }
        });
    }

    // ---- time --------------------------------------------------------

    fn expiry(&self) -> u64 {
        self.data.touched + self.hub.config().idle.as_millis() as u64
    }

    fn next_deadline(&self) -> Instant {
        let setup = self.data.setup_deadline.map(instant_of);
        [
            Some(instant_of(self.expiry())),
            setup,
            self.forfeit_at.south,
            self.forfeit_at.north,
        ]
        .into_iter()
        .flatten()
        .min()
        .expect("the expiry is always there")
    }

    /// Acts on whatever deadline passed; true when the table closed.
    fn on_deadline(&mut self) -> bool {
        let now = unix_millis();
        if now >= self.expiry() {
            self.expire();
            return true;
        }
        if self.game.is_none() && self.data.setup_deadline.is_some_and(|d| now >= d) {
            self.start_game();
        }
        for side in SIDES {
            if self.forfeit_at[side].is_some_and(|at| at <= Instant::now()) {
                self.forfeit_at[side] = None;
                let _ = self.forfeit(side);
            }
        }
        false
    }

    fn expire(&mut self) {
        self.close_all(Some(Refusal::new(
            ErrorCode::Expired,
            "the table was idle too long",
        )));
        if let Err(e) = self.hub.store().delete_table(&self.data.id) {
            eprintln!("store: table {}: {e}", self.data.id);
        }
        self.hub.remove(&self.data.id);
    }

    // ---- messages and storage ----------------------------------------

    fn close_all(&mut self, why: Option<Refusal>) {
        for conn in self
            .conns
            .south
            .take()
            .into_iter()
            .chain(self.conns.north.take())
        {
            if let Some(why) = &why {
                conn.send(&why.to_message());
            }
            conn.close();
        }
    }

    /// Sends to the seat's connection, if any; a connection whose client
    /// stopped reading loses the seat.
    fn send(&mut self, side: Color, msg: &ServerMessage) {
        if let Some(conn) = &self.conns[side]
            && !conn.send(msg)
        {
            conn.close();
            self.conns[side] = None;
        }
    }

    fn table_state(&self, you: Color) -> TableState {
        let phase = match &self.game {
            Some(game) => match game.outcome() {
                Some(outcome) => Phase::Over { outcome },
                None => Phase::Play,
            },
            None => match self.data.setup_deadline {
                Some(deadline) => Phase::Setup {
                    millis_left: deadline.saturating_sub(unix_millis()),
                    ready: self.data.ready.map(|r| r.is_some()),
                    draft: self.data.drafts[you],
                },
                None => Phase::Waiting,
            },
        };
        TableState {
            table: self.data.id.clone(),
            rules: self.data.rules,
            you,
            seats: ByColor::new_with(|side| {
                self.data.seats[side].as_ref().map(|seat| SeatInfo {
                    name: seat.name.clone(),
                    cpu: seat.cpu.map(|l| l.name().to_owned()),
                    connected: self.present(side),
                })
            }),
            phase,
        }
    }

    fn broadcast_table(&mut self) {
        for side in SIDES {
            if self.conns[side].is_some() {
                let state = ServerMessage::Table(self.table_state(side));
                self.send(side, &state);
            }
        }
    }

    /// Each side's own view; `played` adds the move just made.
    fn broadcast_game(&mut self, played: bool) {
        let Some(game) = &self.game else { return };
        let last = game.history().last().copied().filter(|_| played);
        let msgs = ByColor::new_with(|side| ServerMessage::Game {
            view: game.view(side),
            played: last,
        });
        for side in SIDES {
            self.send(side, &msgs[side]);
        }
    }

    fn save_table(&self) {
        if let Err(e) = self.hub.store().save_table(&self.data) {
            eprintln!("store: table {}: {e}", self.data.id);
        }
    }

    fn save_game(&self) {
        if let Some(game) = &self.game
            && let Err(e) = self
                .hub
                .store()
                .save_game(&self.data.id, game, unix_millis())
        {
            eprintln!("store: game {}: {e}", self.data.id);
        }
    }
}
