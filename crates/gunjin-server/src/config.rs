//! The server's settings: where it listens and stores, and its timers.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything the server can be told. The defaults are the documented
/// production values; tests shorten the timers.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The built app (Trunk's `dist/`), served at `/`.
    pub dist: PathBuf,
    /// The SQLite file holding tables and games...
    pub db: PathBuf,
    /// ...or the PostgreSQL database (`postgres://…`) that every node
    /// shares instead.
    pub database: Option<String>,
    /// This node's name in the leases of a shared store: each node
    /// sharing one needs its own. A restarted node of the same name takes
    /// its leases back at once.
    pub node: String,
    /// How long a node holds a table past each renewal of its lease (it
    /// renews every third of it): how soon another node may take over the
    /// tables of one that died.
    pub lease: Duration,
    /// How long both players have to set up before the server completes
    /// their drafts at random.
    pub setup_time: Duration,
    /// How long a disconnected player (whose opponent is present) has to
    /// come back before forfeiting.
    pub grace: Duration,
    /// A table nobody acted on for this long is closed; a finished game's
    /// record stays in the store.
    pub idle: Duration,
    /// A table nobody joined closes sooner: this long after it opened or
    /// its host last acted. (A full server also drops the oldest of them
    /// to make room for a new one.)
    pub unjoined: Duration,
    pub rate: Rate,
    /// A cap on the CPU's think time per move, below its level's own.
    pub cpu_millis: Option<f64>,
    /// CPU searches at once (the rest wait their turn).
    pub cpu_threads: usize,
    /// The CPU answers within this long, queue included: each search's
    /// share shrinks to keep it, and new CPU seats are refused while
    /// shares are cut.
    pub cpu_promise: Duration,
    /// Tables with a CPU seat, per client address (seated by its host)
    /// and in total, while their game is on.
    pub cpu_tables_per_addr: usize,
    pub max_cpu_tables: usize,
    /// How long a connection may take to send a request's headers (and
    /// an idle HTTP connection stays open).
    pub header_timeout: Duration,
    /// How long a WebSocket may stay without a seat (`open`, `join`,
    /// `resume`).
    pub first_message: Duration,
    /// Open connections (HTTP and WebSocket), in total and per client
    /// address.
    pub max_conns: usize,
    pub max_conns_per_addr: usize,
    /// Seated WebSockets per client address: far below `max_conns`, so
    /// that a few addresses holding seats cannot fill the server.
    pub seats_per_addr: usize,
    /// Watching connections (spectators) per client address.
    pub watchers_per_addr: usize,
    /// Chat lines per connection, and per client address (all its
    /// connections together): past either, a line is refused.
    pub chat_rate: Rate,
    pub chat_per_addr: Rate,
    /// Requests for game records per client address (a database read
    /// each): `429` past it.
    pub record_rate: Rate,
    /// Connections following the lobby per client address.
    pub lobby_per_addr: usize,
    /// Seeks waiting per client address at once, and seeks made per
    /// address (a flood of seeks is refused).
    pub seeks_per_addr: usize,
    pub seek_rate: Rate,
    /// How often the node writes its counts and reads the lobby (and
    /// pushes it to its followers when it changed).
    pub lobby_every: Duration,
    /// Tables one client address may open per hour.
    pub tables_per_addr_hour: u32,
    /// Open tables in total.
    pub max_tables: usize,
    /// Messages queued for a client before it counts as not reading: its
    /// connection is then closed as a disconnection.
    pub outbox: usize,
    /// The kernel's send buffer per connection, in bytes (`None`: the
    /// system's, which grows to megabytes): smaller finds a slow reader
    /// sooner and costs less memory per connection.
    pub send_buffer: Option<u32>,
    /// How often the store is backed up (zero: never), how many backups
    /// are kept, and where (`None`: `<db>.backups/`).
    pub backup_every: Duration,
    pub backups_kept: usize,
    pub backup_dir: Option<PathBuf>,
    /// Origins besides the site's own whose pages may open a WebSocket
    /// (e.g. `https://friends.example`).
    pub allowed_origins: Vec<String>,
    /// Names the site is reached by (`games.example`), besides addresses
    /// and `localhost`: a request for any other name is refused (`421`),
    /// as a page of another name resolving here is DNS rebinding.
    pub hosts: Vec<String>,
    /// The site is served over HTTPS (by a proxy in front): the pages'
    /// origin is `https://`, and responses carry HSTS. A trusted proxy's
    /// `X-Forwarded-Proto: https` says the same of its requests.
    pub https: bool,
    /// Reverse proxies whose `X-Forwarded-For` is believed: a request
    /// over their connections is counted by the client it names, not by
    /// the proxy's address. None by default: a client's own header would
    /// let it dodge the caps.
    pub trusted_proxies: Vec<crate::proxy::Network>,
    /// The server pings every connection this often...
    pub ping_interval: Duration,
    /// ...and one it has heard nothing from (no pong, no message) for this
    /// long is closed: its seat counts as left.
    pub ping_timeout: Duration,
    /// What the tests make fail on purpose.
    #[cfg(feature = "faults")]
    pub faults: crate::faults::Faults,
}

/// The per-connection token bucket: `burst` messages at once, refilled at
/// `per_sec`. A message over the limit is refused and dropped.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub burst: f64,
    pub per_sec: f64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            dist: PathBuf::from("dist"),
            db: PathBuf::from("gunjin.sqlite3"),
            database: None,
            node: "local".into(),
            lease: Duration::from_secs(10),
            setup_time: Duration::from_secs(180),
            grace: Duration::from_secs(120),
            idle: Duration::from_secs(3600),
            unjoined: Duration::from_secs(600),
            rate: Rate {
                burst: 40.0,
                per_sec: 20.0,
            },
            cpu_millis: None,
            cpu_threads: crate::pool::Pool::default_threads(),
            cpu_promise: Duration::from_secs(2),
            cpu_tables_per_addr: 3,
            max_cpu_tables: 500,
            header_timeout: Duration::from_secs(10),
            first_message: Duration::from_secs(10),
            max_conns: 1000,
            max_conns_per_addr: 64,
            seats_per_addr: 16,
            watchers_per_addr: 8,
            chat_rate: Rate {
                burst: 5.0,
                per_sec: 0.5,
            },
            chat_per_addr: Rate {
                burst: 10.0,
                per_sec: 1.0,
            },
            record_rate: Rate {
                burst: 20.0,
                per_sec: 5.0,
            },
            lobby_per_addr: 8,
            seeks_per_addr: 4,
            seek_rate: Rate {
                burst: 10.0,
                per_sec: 0.2,
            },
            lobby_every: Duration::from_secs(1),
            tables_per_addr_hour: 20,
            max_tables: 10_000,
            outbox: 256,
            send_buffer: None,
            allowed_origins: Vec::new(),
            hosts: Vec::new(),
            https: false,
            trusted_proxies: Vec::new(),
            backup_every: Duration::from_secs(3600),
            backups_kept: 3,
            backup_dir: None,
            ping_interval: Duration::from_secs(15),
            ping_timeout: Duration::from_secs(45),
            #[cfg(feature = "faults")]
            faults: Default::default(),
        }
    }
}
