//! The tables this node runs, by id; a table it does not run is claimed
//! from the store when its players arrive (`route.rs`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use gunjin_rules::Color;
use gunjin_table::{Clock, ErrorCode};
use tokio::sync::{mpsc, oneshot};

use crate::admission::{Admission, Full, Ticket};
use crate::audience::AudienceCommand;
use crate::clock::unix_millis;
use crate::config::{Config, Rate};
use crate::host::{Host, Register, TableSettings, Unjoined};
use crate::limit::PerAddress;
use crate::pool::{CpuPlace, Pool};
use crate::referee::{Action, Gunjin, Referee};
use crate::refusal::Refusal;
use crate::room::Room;
use crate::route::Away;
use crate::seat::Seat;
use crate::shogi::Shogi;
use crate::site::Site;
use crate::storage::StoreError;
use crate::store::{AnyStored, Claim, Store, Stored};
use crate::table::{Command, SeatCommand, Table};
use crate::token;
use tracing::error;

/// The address of a table's task, of either game.
#[derive(Clone)]
pub enum TableTx {
    Gunjin(mpsc::Sender<Command<Gunjin>>),
    Shogi(mpsc::Sender<Command<Shogi>>),
}

/// A referee whose tables the hub runs: how its table's address is kept.
pub trait Hosted: Referee + Sized {
    fn address(tx: mpsc::Sender<Command<Self>>) -> TableTx;
}

impl Hosted for Gunjin {
    fn address(tx: mpsc::Sender<Command<Gunjin>>) -> TableTx {
        TableTx::Gunjin(tx)
    }
}

impl Hosted for Shogi {
    fn address(tx: mpsc::Sender<Command<Shogi>>) -> TableTx {
        TableTx::Shogi(tx)
    }
}

impl TableTx {
    /// Sends seating to the table; false once its task is gone.
    pub async fn seat(&self, cmd: SeatCommand) -> bool {
        match self {
            TableTx::Gunjin(tx) => tx.send(Command::Seat(cmd)).await.is_ok(),
            TableTx::Shogi(tx) => tx.send(Command::Seat(cmd)).await.is_ok(),
        }
    }

    /// Sends `side`'s action to the table, `action` reading it for the
    /// table's game; `Ok(false)` once its task is gone.
    pub async fn act(
        &self,
        side: Color,
        conn: u64,
        action: impl ActionOf,
    ) -> Result<bool, Refusal> {
        Ok(match self {
            TableTx::Gunjin(tx) => send_act(tx, side, conn, action.of::<Gunjin>()?).await,
            TableTx::Shogi(tx) => send_act(tx, side, conn, action.of::<Shogi>()?).await,
        })
    }

    /// Sends an audience or chat command to the table; false once its
    /// task is gone.
    pub async fn audience(&self, cmd: AudienceCommand) -> bool {
        match self {
            TableTx::Gunjin(tx) => tx.send(Command::Audience(cmd)).await.is_ok(),
            TableTx::Shogi(tx) => tx.send(Command::Audience(cmd)).await.is_ok(),
        }
    }

    fn is_closed(&self) -> bool {
        match self {
            TableTx::Gunjin(tx) => tx.is_closed(),
            TableTx::Shogi(tx) => tx.is_closed(),
        }
    }
}

/// A client's message as the action of a table of any game.
pub trait ActionOf {
    fn of<R: Referee>(self) -> Result<Action<R>, Refusal>;
}

async fn send_act<R: Referee>(
    tx: &mpsc::Sender<Command<R>>,
    side: Color,
    conn: u64,
    action: Action<R>,
) -> bool {
    tx.send(Command::Act { side, conn, action }).await.is_ok()
}

/// A table just opened: its address, its id and the host's seat token.
pub struct Opened {
    pub tx: TableTx,
    pub id: String,
    pub token: String,
}

/// The tables running here by id, and those nobody joined yet (the first
/// to go when the server is full), as their tasks tell of themselves.
#[derive(Default)]
struct Running {
    tables: Mutex<HashMap<String, TableTx>>,
    unjoined: Mutex<HashMap<String, Unjoined>>,
    /// Held while a table is claimed from the store, so that two
    /// connections never start it twice.
    claiming: tokio::sync::Mutex<()>,
}

impl Running {
    fn tables(&self) -> MutexGuard<'_, HashMap<String, TableTx>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn unjoined(&self) -> MutexGuard<'_, HashMap<String, Unjoined>> {
        self.unjoined.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Register for Running {
    fn note_unjoined(&self, id: &str, unjoined: Option<Unjoined>) {
        let mut tables = self.unjoined();
        match unjoined {
            Some(unjoined) => tables.insert(id.to_owned(), unjoined),
            None => tables.remove(id),
        };
    }

    fn remove(&self, id: &str) {
        let mut tables = self.tables();
        if tables.get(id).is_some_and(TableTx::is_closed) {
            tables.remove(id);
            self.unjoined().remove(id);
        }
    }
}

/// Shared by every connection: the settings, the store and the address of
/// each table's task.
#[derive(Clone)]
pub struct Hub(Arc<Inner>);

struct Inner {
    config: Config,
    /// What each table is handed: the store, the CPU, the register.
    host: Host,
    running: Arc<Running>,
    /// Seated connections per client address.
    seated: Admission,
    site: Arc<Site>,
    /// Tables opened per client address.
    opened: Mutex<PerAddress>,
    /// Records read per client address.
    records: Mutex<PerAddress>,
    /// CPU tables in play, per address and in total.
    cpu_tables: Admission,
    /// Watching connections per client address.
    watching: Admission,
    /// Chat lines per client address.
    chatted: Mutex<PerAddress>,
    /// The lobby and its seeks, as this node keeps them.
    room: Arc<Room>,
}

impl Hub {
    pub fn new(config: Config, store: Arc<Store>) -> Hub {
        let per_hour = f64::from(config.tables_per_addr_hour);
        let opened = PerAddress::new(Rate {
            burst: per_hour,
            per_sec: per_hour / 3600.0,
        });
        let cpu_tables = Admission::new(config.max_cpu_tables, config.cpu_tables_per_addr);
        let running = Arc::new(Running::default());
        let room = Arc::new(Room::new(&config, store.clone()));
        let host = Host {
            settings: Arc::new(TableSettings::of(&config)),
            store,
            cpu: Arc::new(Pool::new(config.cpu_threads, config.cpu_promise)),
            register: running.clone(),
        };
        Hub(Arc::new(Inner {
            site: Site::new(&config.hosts, &config.allowed_origins),
            records: Mutex::new(PerAddress::new(config.record_rate)),
            seated: Admission::new(usize::MAX, config.seats_per_addr),
            watching: Admission::new(usize::MAX, config.watchers_per_addr),
            chatted: Mutex::new(PerAddress::new(config.chat_per_addr)),
            config,
            host,
            running,
            opened: Mutex::new(opened),
            cpu_tables,
            room,
        }))
    }

    pub fn room(&self) -> &Arc<Room> {
        &self.0.room
    }

    /// The tables running here whose both seats are taken.
    pub fn playing(&self) -> u64 {
        let running = self.tables().len();
        running.saturating_sub(self.unjoined().len()) as u64
    }

    pub fn config(&self) -> &Config {
        &self.0.config
    }

    pub fn cpu(&self) -> &Pool {
        &self.0.host.cpu
    }

    pub fn site(&self) -> &Arc<Site> {
        &self.0.site
    }

    /// Whether a client at `addr` may read one more record now.
    pub fn may_read_record(&self, addr: IpAddr) -> bool {
        let mut records = self.0.records.lock().unwrap_or_else(|e| e.into_inner());
        records.take(addr)
    }

    /// A place for a CPU table seated by a host at `addr`, whose level
    /// thinks `think` ms a move, held while its game is on: none past the
    /// address's cap, or while the CPU's pool cannot keep its promise to
    /// one more game.
    pub fn cpu_table(&self, addr: IpAddr, think: f64) -> Result<CpuPlace, Refusal> {
        let busy = || {
            Refusal::new(
                ErrorCode::CpuBusy,
                "CPU opponents are busy: try again in a minute",
            )
        };
        let ticket = self.0.cpu_tables.admit(addr).map_err(|full| match full {
            Full::Total => busy(),
            Full::Address => Refusal::new(
                ErrorCode::TooManyCpuTables,
                "this address has as many CPU games on as it may",
            ),
        })?;
        let think = self.config().cpu_millis.map_or(think, |cap| cap.min(think));
        let place = self.cpu().reserve(think).ok_or_else(busy)?;
        Ok(CpuPlace::new(ticket, place))
    }

    /// A place among the seated connections of a client at `addr`, held
    /// while the connection holds its seat.
    pub fn seat_place(&self, addr: IpAddr) -> Result<Ticket, Refusal> {
        self.0.seated.admit(addr).map_err(|_| {
            Refusal::new(
                ErrorCode::TooManySeats,
                "this address holds as many seats as it may: leave a table first",
            )
        })
    }

    /// A place among the watching connections of a client at `addr`,
    /// held while the connection watches.
    pub fn watch_place(&self, addr: IpAddr) -> Result<Ticket, Refusal> {
        self.0.watching.admit(addr).map_err(|_| {
            Refusal::new(
                ErrorCode::TooManyWatchers,
                "this address watches as many tables as it may",
            )
        })
    }

    /// Whether a client at `addr` may say one more chat line now.
    pub fn may_chat(&self, addr: IpAddr) -> bool {
        let mut chatted = self.0.chatted.lock().unwrap_or_else(|e| e.into_inner());
        chatted.take(addr)
    }

    pub fn store(&self) -> &Store {
        &self.0.host.store
    }

    fn unjoined(&self) -> MutexGuard<'_, HashMap<String, Unjoined>> {
        self.0.running.unjoined()
    }

    fn tables(&self) -> MutexGuard<'_, HashMap<String, TableTx>> {
        self.0.running.tables()
    }

    /// Restarts every stored table of a store of this node's own, those
    /// named in `lost` as games that may have lost moves (a damaged log
    /// dropped writes of theirs); returns their ids. A shared store's
    /// tables are claimed as their players come.
    pub async fn resume_all(&self, lost: &[String]) -> Result<Vec<String>, StoreError> {
        if self.store().shared() {
            return Ok(Vec::new());
        }
        let stored = self.store().claim_all().await?;
        let mut ids = Vec::new();
        let mut tables = self.tables();
        for mut stored in stored {
            let id = stored.id().to_owned();
            if lost.contains(&id) {
                stored.fell_behind();
            }
            self.run_any(&mut tables, stored);
            ids.push(id);
        }
        Ok(ids)
    }

    /// Starts a stored table's task. A restart counts as activity: the
    /// idle time starts again.
    fn run<R: Hosted>(
        &self,
        tables: &mut HashMap<String, TableTx>,
        mut stored: Stored<R>,
    ) -> TableTx {
        stored.table.touched = unix_millis();
        let id = stored.table.id.clone();
        let tx = R::address(Table::spawn(self.0.host.clone(), stored));
        tables.insert(id, tx.clone());
        tx
    }

    fn run_any(&self, tables: &mut HashMap<String, TableTx>, stored: AnyStored) -> TableTx {
        match stored {
            AnyStored::Gunjin(stored) => self.run(tables, *stored),
            AnyStored::Shogi(stored) => self.run(tables, *stored),
        }
    }

    /// Opens a table of `R`'s game for a client at `addr` with `host` on
    /// South and the clock if any (at most a day). Refused past the cap on tables per
    /// address, and past the cap on open tables when no table nobody
    /// joined can make room.
    pub async fn open<R: Hosted>(
        &self,
        addr: IpAddr,
        host: String,
        rules: R::Rules,
        clock: Option<Clock>,
    ) -> Result<Opened, Refusal> {
        let allowed = self
            .0
            .opened
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take(addr);
        if !allowed {
            return Err(Refusal::new(
                ErrorCode::TooManyTables,
                format!(
                    "at most {} tables an hour from one address",
                    self.config().tables_per_addr_hour
                ),
            ));
        }
        self.make_room().await?;
        let token = token::random_id();
        let data = Table::<R>::open(
            rules,
            clock.map(Clock::capped),
            Seat {
                name: host,
                token: token.clone(),
                cpu: None,
            },
        );
        if let Err(e) = self.store().save_table(&data).await {
            error!(table = %data.id, "store: {e}");
        }
        let id = data.id.clone();
        let tx = self.run(
            &mut self.tables(),
            Stored {
                table: data,
                game: None,
                behind: false,
            },
        );
        Ok(Opened { tx, id, token })
    }

    /// Past `--max-tables`, closes the table nobody joined whose host is
    /// away longest (else the one whose host waits longest) to make room
    /// for one more; a table being played never goes. Without such a
    /// table the server is full.
    async fn make_room(&self) -> Result<(), Refusal> {
        if self.tables().len() < self.config().max_tables {
            return Ok(());
        }
        let victim = {
            let mut unjoined = self.unjoined();
            let oldest = unjoined
                .iter()
                .min_by_key(|(_, waits)| **waits)
                .map(|(id, _)| id.clone());
            oldest.inspect(|id| {
                unjoined.remove(id);
            })
        };
        let Some(victim) = victim else {
            return Err(Refusal::new(
                ErrorCode::ServerFull,
                "the server has as many tables open as it takes: try again later",
            ));
        };
        let tx = self.tables().get(&victim).cloned();
        if let Some(tx) = tx {
            let (done, evicted) = oneshot::channel();
            if tx.seat(SeatCommand::Evict { done }).await {
                let _ = evicted.await;
            }
        }
        Ok(())
    }

    /// The table `id`: running here, or claimed from the store now (one
    /// claim at a time, so two connections never start it twice).
    /// [`Away::Elsewhere`] while another node holds it.
    pub async fn table(&self, id: &str) -> Result<TableTx, Away> {
        let running = || self.tables().get(id).cloned();
        if let Some(tx) = running() {
            return Ok(tx);
        }
        let _claiming = self.0.running.claiming.lock().await;
        if let Some(tx) = running() {
            return Ok(tx);
        }
        let missing = || {
            Away::Refused(Refusal::new(
                ErrorCode::NoSuchTable,
                "no open table has this id",
            ))
        };
        match self.store().claim(id).await {
            Ok(Claim::Taken(stored)) => Ok(self.run_any(&mut self.tables(), stored)),
            Ok(Claim::Held) => Err(Away::Elsewhere),
            Ok(Claim::Missing) => Err(missing()),
            Err(e) => {
                error!(table = %id, "store: claiming the table: {e}");
                Err(Away::Elsewhere)
            }
        }
    }

    /// Asks the tables to hand themselves over (stored, lease released,
    /// players disconnected to reconnect wherever the table lands next),
    /// each `done` once it did.
    async fn hand_over(tables: Vec<TableTx>) {
        for tx in tables {
            let (done, stopped) = oneshot::channel();
            if tx.seat(SeatCommand::Stop { done }).await {
                let _ = stopped.await;
            }
        }
    }

    /// Hands over the tables with these ids that run here.
    pub async fn hand_over_ids(&self, ids: &[String]) {
        let tables = {
            let tables = self.tables();
            ids.iter()
                .filter_map(|id| tables.get(id).cloned())
                .collect()
        };
        Hub::hand_over(tables).await;
    }

    /// The ids of the tables running here.
    pub fn running(&self) -> Vec<String> {
        self.tables().keys().cloned().collect()
    }

    /// Hands every table over (the drain) and waits for them.
    pub async fn stop(&self) {
        let tables: Vec<_> = self.tables().drain().map(|(_, tx)| tx).collect();
        Hub::hand_over(tables).await;
    }
}
