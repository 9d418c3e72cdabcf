//! `gunjin-server`: serves the app and hosts tables. Run with `--help`.

use std::path::PathBuf;
use std::time::Duration;

use gunjin_server::{Config, Server};

const HELP: &str = "\
gunjin-server: the Gunjin Shogi table server

Serves the built app and hosts tables (WebSocket at /ws), keeping tables
and games in SQLite so a restart resumes them.

Options (each also read from the environment variable shown):
  --addr ADDR         listen address           [GUNJIN_ADDR, default 127.0.0.1:8080]
  --dist DIR          the built app to serve   [GUNJIN_DIST, default dist]
  --db FILE           SQLite file              [GUNJIN_DB, default gunjin.sqlite3]
  --setup-secs N      setup timer              [GUNJIN_SETUP_SECS, default 180]
  --grace-secs N      reconnection grace time  [GUNJIN_GRACE_SECS, default 120]
  --idle-secs N       idle table expiry        [GUNJIN_IDLE_SECS, default 3600]
  --rate N            messages/s per connection (burst 2N) [GUNJIN_RATE, default 20]
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
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async {
        let server = match Server::start(config.clone()).await {
            Ok(server) => server,
            Err(e) => {
                eprintln!("cannot start: {e}");
                std::process::exit(1);
            }
        };
        eprintln!(
            "gunjin-server on http://{} serving {} (store {})",
            server.addr,
            config.dist.display(),
            config.db.display()
        );
        let _ = tokio::signal::ctrl_c().await;
        server.stop().await;
    });
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
        match flag {
            "--addr" => config.addr = value.parse().map_err(|e| bad(&e))?,
            "--dist" => config.dist = PathBuf::from(&value),
            "--db" => config.db = PathBuf::from(&value),
            "--setup-secs" => config.setup_time = secs(&value)?,
            "--grace-secs" => config.grace = secs(&value)?,
            "--idle-secs" => config.idle = secs(&value)?,
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
        ("--setup-secs", "GUNJIN_SETUP_SECS"),
        ("--grace-secs", "GUNJIN_GRACE_SECS"),
        ("--idle-secs", "GUNJIN_IDLE_SECS"),
        ("--rate", "GUNJIN_RATE"),
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
    Ok(config)
}
