//! `gunjin-server`: serves the app and hosts tables. Run with `--help`.

use std::path::PathBuf;
use std::time::Duration;

use gunjin_server::{Config, Server, is_postgres_url};

const HELP: &str = "\
gunjin-server: the Gunjin Shogi table server

Serves the built app and hosts tables (WebSocket at /ws, or /ws?table=ID
for a load balancer to route on), keeping tables and games in SQLite so a
restart resumes them, or in a PostgreSQL database that several nodes share.

Options (each also read from the environment variable shown):
  --addr ADDR         listen address           [GUNJIN_ADDR, default 127.0.0.1:8080]
  --dist DIR          the built app to serve   [GUNJIN_DIST, default dist]
  --db FILE           SQLite file              [GUNJIN_DB, default gunjin.sqlite3]
  --database URL      a shared PostgreSQL database instead (postgres://...)
                      [GUNJIN_DATABASE]
  --node NAME         this node's name in the table leases; required with
                      --database, one per node [GUNJIN_NODE, default local]
  --lease-secs N      how long a node holds a table past each renewal
                      (renewed every third of it) [GUNJIN_LEASE_SECS, default 10]
  --setup-secs N      setup timer              [GUNJIN_SETUP_SECS, default 180]
  --grace-secs N      reconnection grace time  [GUNJIN_GRACE_SECS, default 120]
  --idle-secs N       idle table expiry        [GUNJIN_IDLE_SECS, default 3600]
  --unjoined-secs N   expiry of a table nobody joined
                      [GUNJIN_UNJOINED_SECS, default 600]
  --rate N            messages/s per connection (burst 2N) [GUNJIN_RATE, default 20]
  --header-secs N     time to send a request's headers; an idle HTTP
                      connection closes after it [GUNJIN_HEADER_SECS, default 10]
  --first-message-secs N  time for a WebSocket to take a seat
                      [GUNJIN_FIRST_MESSAGE_SECS, default 10]
  --max-conns N       open connections in total  [GUNJIN_MAX_CONNS, default 1000]
  --max-conns-per-addr N  open connections per client address
                      [GUNJIN_MAX_CONNS_PER_ADDR, default 64]
  --seats-per-addr N  seated WebSockets per client address
                      [GUNJIN_SEATS_PER_ADDR, default 16]
  --record-rate N     game records per second per client address (burst 4N)
                      [GUNJIN_RECORD_RATE, default 5]
  --tables-per-addr-hour N  tables one address may open per hour
                      [GUNJIN_TABLES_PER_ADDR_HOUR, default 20]
  --max-tables N      open tables in total      [GUNJIN_MAX_TABLES, default 10000]
  --outbox N          messages queued for a client before it counts as not
                      reading (and is disconnected) [GUNJIN_OUTBOX, default 256]
  --send-buffer BYTES the kernel's send buffer per connection
                      [GUNJIN_SEND_BUFFER, default: the system's]
  --cpu-threads N     CPU searches at once [GUNJIN_CPU_THREADS, default: cores - 1]
  --cpu-promise-ms N  the CPU answers within this, queue included; new CPU
                      seats wait while it cannot [GUNJIN_CPU_PROMISE_MS, default 2000]
  --cpu-tables-per-addr N  CPU tables in play per client address
                      [GUNJIN_CPU_TABLES_PER_ADDR, default 3]
  --max-cpu-tables N  CPU tables in play in total [GUNJIN_MAX_CPU_TABLES, default 500]
  --backup-secs N     back the store up this often, 0 never
                      [GUNJIN_BACKUP_SECS, default 3600]
  --backups-kept N    backups kept              [GUNJIN_BACKUPS_KEPT, default 3]
  --backup-dir DIR    where backups go  [GUNJIN_BACKUP_DIR, default <db>.backups]
  --allow-origin LIST origins besides the site's own that may open a
                      WebSocket, comma-separated [GUNJIN_ALLOW_ORIGIN]
  --host LIST         names the site is reached by (games.example), besides
                      addresses and localhost, comma-separated [GUNJIN_HOST]
  --https BOOL        the site is served over HTTPS by a proxy in front:
                      pages come from https://, responses carry HSTS
                      [GUNJIN_HTTPS, default false]
  --trust-proxy LIST  reverse proxies (addresses or networks, e.g.
                      10.0.0.0/8, comma-separated) whose X-Forwarded-For
                      names the client the per-address caps count
                      [GUNJIN_TRUST_PROXY, default none]
  --ping-secs N       ping interval             [GUNJIN_PING_SECS, default 15]
  --ping-timeout-secs N  a connection silent this long is closed (its seat
                      counts as left) [GUNJIN_PING_TIMEOUT_SECS, default 45]
  -h, --help          this help
";

fn main() {
    let config = match parse(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}\n\n{HELP}");
            std::process::exit(2);
        }
    };
    if cfg!(panic = "abort") {
        eprintln!(
            "warning: built with panic = \"abort\": a CPU search that panics stops the \
             whole server (build it with --profile server)"
        );
    }
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async {
        let server = match Server::start(config.clone()).await {
            Ok(server) => server,
            Err(e) => {
                eprintln!("cannot start: {e}");
                std::process::exit(1);
            }
        };
        let store = match &config.database {
            Some(_) => format!("shared PostgreSQL store, node {}", config.node),
            None => format!("store {}", config.db.display()),
        };
        eprintln!(
            "gunjin-server on http://{} serving {} ({store})",
            server.addr,
            config.dist.display(),
        );
        shutdown_signal().await;
        eprintln!("draining: handing every table over");
        server.stop().await;
        eprintln!("drained");
    });
}

/// Ctrl-C, or SIGTERM from a process manager.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// The configuration from the command line, over the environment, over the
/// defaults.
fn parse(mut args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config::default();
    let env = |name: &str| std::env::var(name).ok();
    let set = |config: &mut Config, flag: &str, value: String| -> Result<(), String> {
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        let secs = |v: &str| {
            v.parse::<u64>()
                .map(Duration::from_secs)
                .map_err(|e| bad(&e))
        };
        let count = |v: &str| v.parse::<usize>().map_err(|e| bad(&e));
        match flag {
            "--addr" => config.addr = value.parse().map_err(|e| bad(&e))?,
            "--dist" => config.dist = PathBuf::from(&value),
            "--db" => config.db = PathBuf::from(&value),
            "--database" if is_postgres_url(&value) => config.database = Some(value),
            "--database" => return Err(format!("{flag}: a postgres:// URL, not {value}")),
            "--node" => config.node = value,
            "--lease-secs" => config.lease = secs(&value)?,
            "--setup-secs" => config.setup_time = secs(&value)?,
            "--grace-secs" => config.grace = secs(&value)?,
            "--idle-secs" => config.idle = secs(&value)?,
            "--unjoined-secs" => config.unjoined = secs(&value)?,
            "--header-secs" => config.header_timeout = secs(&value)?,
            "--first-message-secs" => config.first_message = secs(&value)?,
            "--max-conns" => config.max_conns = count(&value)?,
            "--max-conns-per-addr" => config.max_conns_per_addr = count(&value)?,
            "--seats-per-addr" => config.seats_per_addr = count(&value)?,
            "--record-rate" => {
                let rate: f64 = value.parse().map_err(|e| bad(&e))?;
                config.record_rate.per_sec = rate;
                config.record_rate.burst = 4.0 * rate;
            }
            "--tables-per-addr-hour" => {
                config.tables_per_addr_hour = value.parse().map_err(|e| bad(&e))?
            }
            "--max-tables" => config.max_tables = count(&value)?,
            "--outbox" => config.outbox = count(&value)?,
            "--send-buffer" => config.send_buffer = Some(value.parse().map_err(|e| bad(&e))?),
            "--cpu-threads" => config.cpu_threads = count(&value)?,
            "--cpu-promise-ms" => {
                config.cpu_promise = Duration::from_millis(value.parse().map_err(|e| bad(&e))?)
            }
            "--cpu-tables-per-addr" => config.cpu_tables_per_addr = count(&value)?,
            "--max-cpu-tables" => config.max_cpu_tables = count(&value)?,
            "--backup-secs" => config.backup_every = secs(&value)?,
            "--backups-kept" => config.backups_kept = count(&value)?,
            "--backup-dir" => config.backup_dir = Some(PathBuf::from(&value)),
            "--allow-origin" => {
                config.allowed_origins = value.split(',').map(|o| o.trim().to_owned()).collect()
            }
            "--host" => config.hosts = value.split(',').map(|h| h.trim().to_owned()).collect(),
            "--https" => config.https = value.parse().map_err(|e| bad(&e))?,
            "--trust-proxy" => {
                config.trusted_proxies = value
                    .split(',')
                    .map(|n| n.trim().parse())
                    .collect::<Result<_, _>>()?
            }
            "--ping-secs" => config.ping_interval = secs(&value)?,
            "--ping-timeout-secs" => config.ping_timeout = secs(&value)?,
            "--rate" => {
                let rate: f64 = value.parse().map_err(|e| bad(&e))?;
                config.rate.per_sec = rate;
                config.rate.burst = 2.0 * rate;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
        Ok(())
    };
    for (flag, var) in [
        ("--addr", "GUNJIN_ADDR"),
        ("--dist", "GUNJIN_DIST"),
        ("--db", "GUNJIN_DB"),
        ("--database", "GUNJIN_DATABASE"),
        ("--node", "GUNJIN_NODE"),
        ("--lease-secs", "GUNJIN_LEASE_SECS"),
        ("--setup-secs", "GUNJIN_SETUP_SECS"),
        ("--grace-secs", "GUNJIN_GRACE_SECS"),
        ("--idle-secs", "GUNJIN_IDLE_SECS"),
        ("--unjoined-secs", "GUNJIN_UNJOINED_SECS"),
        ("--rate", "GUNJIN_RATE"),
        ("--header-secs", "GUNJIN_HEADER_SECS"),
        ("--first-message-secs", "GUNJIN_FIRST_MESSAGE_SECS"),
        ("--max-conns", "GUNJIN_MAX_CONNS"),
        ("--max-conns-per-addr", "GUNJIN_MAX_CONNS_PER_ADDR"),
        ("--seats-per-addr", "GUNJIN_SEATS_PER_ADDR"),
        ("--record-rate", "GUNJIN_RECORD_RATE"),
        ("--tables-per-addr-hour", "GUNJIN_TABLES_PER_ADDR_HOUR"),
        ("--max-tables", "GUNJIN_MAX_TABLES"),
        ("--outbox", "GUNJIN_OUTBOX"),
        ("--send-buffer", "GUNJIN_SEND_BUFFER"),
        ("--cpu-threads", "GUNJIN_CPU_THREADS"),
        ("--cpu-promise-ms", "GUNJIN_CPU_PROMISE_MS"),
        ("--cpu-tables-per-addr", "GUNJIN_CPU_TABLES_PER_ADDR"),
        ("--max-cpu-tables", "GUNJIN_MAX_CPU_TABLES"),
        ("--backup-secs", "GUNJIN_BACKUP_SECS"),
        ("--backups-kept", "GUNJIN_BACKUPS_KEPT"),
        ("--backup-dir", "GUNJIN_BACKUP_DIR"),
        ("--allow-origin", "GUNJIN_ALLOW_ORIGIN"),
        ("--host", "GUNJIN_HOST"),
        ("--https", "GUNJIN_HTTPS"),
        ("--trust-proxy", "GUNJIN_TRUST_PROXY"),
        ("--ping-secs", "GUNJIN_PING_SECS"),
        ("--ping-timeout-secs", "GUNJIN_PING_TIMEOUT_SECS"),
    ] {
        if let Some(value) = env(var) {
            set(&mut config, flag, value)?;
        }
    }
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            print!("{HELP}");
            std::process::exit(0);
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        set(&mut config, &flag, value)?;
    }
    // Two nodes of one name would both think they hold every lease.
    let named = std::env::var("GUNJIN_NODE").is_ok() || config.node != Config::default().node;
    if config.database.is_some() && !named {
        return Err("--database needs --node NAME, a name of this node's own".into());
    }
    if config.lease.is_zero() {
        return Err("--lease-secs must be at least 1".into());
    }
    Ok(config)
}
