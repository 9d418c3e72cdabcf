//! The binary's flags, each also read from an environment variable (a flag
//! given wins): what `gunjin-server --help` prints. The defaults are
//! [`Config::default`]'s, shown in the help, so they are written once.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgAction, Parser};
use gunjin_server::{Config, Network, Rate, is_postgres_url};

/// gunjin-server: the Gunjin Shogi table server
///
/// Serves the built app and hosts tables (WebSocket at /ws, or /ws?table=ID
/// for a load balancer to route on), keeping tables and games in SQLite so a
/// restart resumes them, or in a PostgreSQL database that several nodes
/// share. The log goes to stderr; RUST_LOG filters it (default: info).
#[derive(Parser, Debug)]
#[command(name = "gunjin-server")]
pub struct Flags {
    /// Listen address
    #[arg(long, env = "GUNJIN_ADDR", default_value_t = defaults().addr)]
    addr: SocketAddr,
    /// The built app to serve
    #[arg(long, env = "GUNJIN_DIST", default_value_os_t = defaults().dist)]
    dist: PathBuf,
    /// SQLite file
    #[arg(long, env = "GUNJIN_DB", default_value_os_t = defaults().db)]
    db: PathBuf,
    /// A shared PostgreSQL database instead (postgres://...)
    #[arg(long, env = "GUNJIN_DATABASE", value_parser = postgres_url)]
    database: Option<String>,
    /// This node's name in the table leases; required with --database, one
    /// per node [default: local]
    #[arg(long, env = "GUNJIN_NODE")]
    node: Option<String>,
    /// How long a node holds a table past each renewal (renewed every third
    /// of it)
    #[arg(long, env = "GUNJIN_LEASE_SECS", default_value_t = defaults().lease.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    lease_secs: u64,
    /// Setup timer
    #[arg(long, env = "GUNJIN_SETUP_SECS", default_value_t = defaults().setup_time.as_secs())]
    setup_secs: u64,
    /// Reconnection grace time
    #[arg(long, env = "GUNJIN_GRACE_SECS", default_value_t = defaults().grace.as_secs())]
    grace_secs: u64,
    /// Idle table expiry
    #[arg(long, env = "GUNJIN_IDLE_SECS", default_value_t = defaults().idle.as_secs())]
    idle_secs: u64,
    /// Expiry of a table nobody joined
    #[arg(long, env = "GUNJIN_UNJOINED_SECS", default_value_t = defaults().unjoined.as_secs())]
    unjoined_secs: u64,
    /// Messages/s per connection (burst 2N)
    #[arg(long, env = "GUNJIN_RATE", default_value_t = defaults().rate.per_sec)]
    rate: f64,
    /// Time to send a request's headers; an idle HTTP connection closes
    /// after it
    #[arg(long, env = "GUNJIN_HEADER_SECS", default_value_t = defaults().header_timeout.as_secs())]
    header_secs: u64,
    /// Time for a WebSocket to take a seat
    #[arg(long, env = "GUNJIN_FIRST_MESSAGE_SECS",
          default_value_t = defaults().first_message.as_secs())]
    first_message_secs: u64,
    /// Open connections in total
    #[arg(long, env = "GUNJIN_MAX_CONNS", default_value_t = defaults().max_conns)]
    max_conns: usize,
    /// Open connections per client address
    #[arg(long, env = "GUNJIN_MAX_CONNS_PER_ADDR",
          default_value_t = defaults().max_conns_per_addr)]
    max_conns_per_addr: usize,
    /// Seated WebSockets per client address
    #[arg(long, env = "GUNJIN_SEATS_PER_ADDR", default_value_t = defaults().seats_per_addr)]
    seats_per_addr: usize,
    /// Watching WebSockets (spectators) per client address
    #[arg(long, env = "GUNJIN_WATCHERS_PER_ADDR",
          default_value_t = defaults().watchers_per_addr)]
    watchers_per_addr: usize,
    /// Chat lines per second per connection (burst 10N); per client
    /// address twice that
    #[arg(long, env = "GUNJIN_CHAT_RATE", default_value_t = defaults().chat_rate.per_sec)]
    chat_rate: f64,
    /// Game records per second per client address (burst 4N)
    #[arg(long, env = "GUNJIN_RECORD_RATE", default_value_t = defaults().record_rate.per_sec)]
    record_rate: f64,
    /// Tables one address may open per hour
    #[arg(long, env = "GUNJIN_TABLES_PER_ADDR_HOUR",
          default_value_t = defaults().tables_per_addr_hour)]
    tables_per_addr_hour: u32,
    /// Open tables in total
    #[arg(long, env = "GUNJIN_MAX_TABLES", default_value_t = defaults().max_tables)]
    max_tables: usize,
    /// Messages queued for a client before it counts as not reading (and is
    /// disconnected)
    #[arg(long, env = "GUNJIN_OUTBOX", default_value_t = defaults().outbox)]
    outbox: usize,
    /// The kernel's send buffer per connection, in bytes [default: the
    /// system's]
    #[arg(long, env = "GUNJIN_SEND_BUFFER", value_name = "BYTES")]
    send_buffer: Option<u32>,
    /// CPU searches at once [default: cores - 1]
    #[arg(long, env = "GUNJIN_CPU_THREADS")]
    cpu_threads: Option<usize>,
    /// The CPU answers within this, queue included; new CPU seats wait
    /// while it cannot
    #[arg(long, env = "GUNJIN_CPU_PROMISE_MS",
          default_value_t = defaults().cpu_promise.as_millis() as u64)]
    cpu_promise_ms: u64,
    /// CPU tables in play per client address
    #[arg(long, env = "GUNJIN_CPU_TABLES_PER_ADDR",
          default_value_t = defaults().cpu_tables_per_addr)]
    cpu_tables_per_addr: usize,
    /// CPU tables in play in total
    #[arg(long, env = "GUNJIN_MAX_CPU_TABLES", default_value_t = defaults().max_cpu_tables)]
    max_cpu_tables: usize,
    /// Back the store up this often, 0 never
    #[arg(long, env = "GUNJIN_BACKUP_SECS", default_value_t = defaults().backup_every.as_secs())]
    backup_secs: u64,
    /// Backups kept
    #[arg(long, env = "GUNJIN_BACKUPS_KEPT", default_value_t = defaults().backups_kept)]
    backups_kept: usize,
    /// Where backups go [default: <db>.backups]
    #[arg(long, env = "GUNJIN_BACKUP_DIR")]
    backup_dir: Option<PathBuf>,
    /// Origins besides the site's own that may open a WebSocket,
    /// comma-separated
    #[arg(long, env = "GUNJIN_ALLOW_ORIGIN", value_name = "LIST", value_delimiter = ',',
          value_parser = trimmed)]
    allow_origin: Vec<String>,
    /// Names the site is reached by (games.example), besides addresses and
    /// localhost, comma-separated
    #[arg(long, env = "GUNJIN_HOST", value_name = "LIST", value_delimiter = ',',
          value_parser = trimmed)]
    host: Vec<String>,
    /// The site is served over HTTPS by a proxy in front: pages come from
    /// https://, responses carry HSTS
    #[arg(long, env = "GUNJIN_HTTPS", value_name = "BOOL", action = ArgAction::Set,
          default_value_t = defaults().https)]
    https: bool,
    /// Reverse proxies (addresses or networks, e.g. 10.0.0.0/8,
    /// comma-separated) whose X-Forwarded-For names the client the
    /// per-address caps count [default: none]
    #[arg(long, env = "GUNJIN_TRUST_PROXY", value_name = "LIST", value_delimiter = ',',
          value_parser = network)]
    trust_proxy: Vec<Network>,
    /// Ping interval
    #[arg(long, env = "GUNJIN_PING_SECS", default_value_t = defaults().ping_interval.as_secs())]
    ping_secs: u64,
    /// A connection silent this long is closed (its seat counts as left)
    #[arg(long, env = "GUNJIN_PING_TIMEOUT_SECS",
          default_value_t = defaults().ping_timeout.as_secs())]
    ping_timeout_secs: u64,
    /// Connections following the lobby per client address
    #[arg(long, env = "GUNJIN_LOBBY_PER_ADDR", default_value_t = defaults().lobby_per_addr)]
    lobby_per_addr: usize,
    /// Seeks waiting per client address at once
    #[arg(long, env = "GUNJIN_SEEKS_PER_ADDR", default_value_t = defaults().seeks_per_addr)]
    seeks_per_addr: usize,
    /// Seeks made per minute per client address (after a burst of 10)
    #[arg(long, env = "GUNJIN_SEEKS_PER_MINUTE",
          default_value_t = defaults().seek_rate.per_sec * 60.0)]
    seeks_per_minute: f64,
    /// How often a node writes its counts and reads the lobby, in ms
    #[arg(long, env = "GUNJIN_LOBBY_MILLIS",
          default_value_t = defaults().lobby_every.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(10..))]
    lobby_millis: u64,
}

fn defaults() -> Config {
    Config::default()
}

fn postgres_url(url: &str) -> Result<String, String> {
    match is_postgres_url(url) {
        true => Ok(url.to_owned()),
        false => Err(format!("a postgres:// URL, not {url}")),
    }
}

fn trimmed(item: &str) -> Result<String, String> {
    Ok(item.trim().to_owned())
}

fn network(item: &str) -> Result<Network, String> {
    item.trim().parse()
}

impl Flags {
    /// The server's configuration; `Err` for a shared database without a
    /// node name (two nodes of one name would both think they hold every
    /// lease).
    pub fn config(self) -> Result<Config, String> {
        if self.database.is_some() && self.node.is_none() {
            return Err("--database needs --node NAME, a name of this node's own".into());
        }
        let defaults = defaults();
        Ok(Config {
            addr: self.addr,
            dist: self.dist,
            db: self.db,
            database: self.database,
            node: self.node.unwrap_or(defaults.node),
            lease: Duration::from_secs(self.lease_secs),
            setup_time: Duration::from_secs(self.setup_secs),
            grace: Duration::from_secs(self.grace_secs),
            idle: Duration::from_secs(self.idle_secs),
            unjoined: Duration::from_secs(self.unjoined_secs),
            rate: Rate {
                burst: 2.0 * self.rate,
                per_sec: self.rate,
            },
            cpu_threads: self.cpu_threads.unwrap_or(defaults.cpu_threads),
            cpu_promise: Duration::from_millis(self.cpu_promise_ms),
            cpu_tables_per_addr: self.cpu_tables_per_addr,
            max_cpu_tables: self.max_cpu_tables,
            header_timeout: Duration::from_secs(self.header_secs),
            first_message: Duration::from_secs(self.first_message_secs),
            max_conns: self.max_conns,
            max_conns_per_addr: self.max_conns_per_addr,
            seats_per_addr: self.seats_per_addr,
            watchers_per_addr: self.watchers_per_addr,
            chat_rate: Rate {
                burst: 10.0 * self.chat_rate,
                per_sec: self.chat_rate,
            },
            chat_per_addr: Rate {
                burst: 20.0 * self.chat_rate,
                per_sec: 2.0 * self.chat_rate,
            },
            record_rate: Rate {
                burst: 4.0 * self.record_rate,
                per_sec: self.record_rate,
            },
            tables_per_addr_hour: self.tables_per_addr_hour,
            max_tables: self.max_tables,
            outbox: self.outbox,
            send_buffer: self.send_buffer,
            backup_every: Duration::from_secs(self.backup_secs),
            backups_kept: self.backups_kept,
            backup_dir: self.backup_dir,
            allowed_origins: self.allow_origin,
            hosts: self.host,
            https: self.https,
            trusted_proxies: self.trust_proxy,
            ping_interval: Duration::from_secs(self.ping_secs),
            ping_timeout: Duration::from_secs(self.ping_timeout_secs),
            lobby_per_addr: self.lobby_per_addr,
            seeks_per_addr: self.seeks_per_addr,
            seek_rate: Rate {
                burst: defaults.seek_rate.burst,
                per_sec: self.seeks_per_minute / 60.0,
            },
            lobby_every: Duration::from_millis(self.lobby_millis),
            ..defaults
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<Config, String> {
        let args = ["gunjin-server"].iter().chain(args);
        Flags::try_parse_from(args)
            .map_err(|e| e.to_string())?
            .config()
    }

    #[test]
    fn no_flags_give_the_documented_defaults() {
        let (config, defaults) = (config(&[]).unwrap(), Config::default());
        assert_eq!(config.addr, defaults.addr);
        assert_eq!(config.db, defaults.db);
        assert_eq!(config.node, "local");
        assert_eq!(config.setup_time, Duration::from_secs(180));
        assert_eq!(config.rate.burst, 40.0);
        assert_eq!(config.record_rate.burst, 20.0);
        assert_eq!(config.cpu_promise, Duration::from_secs(2));
        assert!(!config.https && config.trusted_proxies.is_empty());
    }

    #[test]
    fn flags_set_the_config() {
        let config = config(&[
            "--addr",
            "0.0.0.0:9000",
            "--setup-secs",
            "5",
            "--rate",
            "100",
            "--record-rate=3",
            "--cpu-promise-ms",
            "750",
            "--send-buffer",
            "4096",
            "--https",
            "true",
            "--host",
            "games.example, friends.example",
            "--trust-proxy",
            "127.0.0.1,10.0.0.0/8",
        ])
        .unwrap();
        assert_eq!(config.addr.port(), 9000);
        assert_eq!(config.setup_time, Duration::from_secs(5));
        assert_eq!((config.rate.per_sec, config.rate.burst), (100.0, 200.0));
        assert_eq!(config.record_rate.burst, 12.0);
        assert_eq!(config.cpu_promise, Duration::from_millis(750));
        assert_eq!(config.send_buffer, Some(4096));
        assert!(config.https);
        assert_eq!(config.hosts, ["games.example", "friends.example"]);
        assert_eq!(config.trusted_proxies.len(), 2);
    }

    #[test]
    fn a_shared_database_needs_a_url_and_a_node_name() {
        let url = "postgres://gunjin@127.0.0.1/gunjin";
        assert!(config(&["--database", "gunjin.sqlite3", "--node", "n1"]).is_err());
        assert!(config(&["--database", url]).unwrap_err().contains("--node"));
        let config = config(&["--database", url, "--node", "n1"]).unwrap();
        assert_eq!(
            (config.database.as_deref(), config.node.as_str()),
            (Some(url), "n1")
        );
    }

    #[test]
    fn bad_values_are_refused() {
        for args in [
            &["--lease-secs", "0"][..],
            &["--setup-secs", "soon"],
            &["--https", "yes"],
            &["--trust-proxy", "10.0.0.0/99"],
            &["--no-such-flag", "1"],
            &["--max-tables"],
        ] {
            assert!(config(args).is_err(), "{args:?}");
        }
    }
}
