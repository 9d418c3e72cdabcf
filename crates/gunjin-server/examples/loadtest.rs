//! Load test: a server in this process on loopback, and hundreds of tables
//! of scripted games played at once over real WebSockets.
//!
//! `cargo run --release -p gunjin-server --example loadtest -- --tables 300`
//!
//! Prints games per second, the latency from sending a move to seeing it
//! played (p50, p99) and the process's peak RSS (server and clients both).
//! With `--target ADDR` it plays against servers already running there
//! instead (a node, or HAProxy in front of several: `scripts/scale`); the
//! clock starts once every table is seated. With `--waiting N` it opens N
//! tables nobody joins there instead, and tells what they cost the
//! server's memory.

use std::time::{Duration, Instant};

use gunjin_rules::Rules;
// The tests' client; the load test uses part of it.
#[allow(dead_code)]
#[path = "../tests/common/bot.rs"]
mod bot;

#[path = "common/flags.rs"]
mod flags;

use bot::Bot;
use gunjin_server::{Config, Rate, Server};
use gunjin_table::{ClientMessage, TableAct};

const HELP: &str = "\
loadtest: concurrent scripted games against an in-process server

  --tables N     tables playing at once            [default 300]
  --think-ms N   each bot's pause before a move    [default 0]
  --plies N      the host resigns after N moves     [default: play to the end]
  --rate N       server rate limit, messages/s per connection (burst 2N)
                 [default: unlimited, so the figures measure the server]
  --target ADDR  play against the server(s) there, not one in this process
  --waiting N    instead of games: N tables nobody joins, their hosts
                 connected, and the server's resident memory before and
                 after (with --target and --server-pid)
  --server-pid P the server's process, for --waiting
";

struct Args {
    tables: usize,
    think: Duration,
    plies: Option<usize>,
    rate: Option<f64>,
    target: Option<std::net::SocketAddr>,
    waiting: usize,
    server_pid: Option<u32>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        tables: 300,
        think: Duration::ZERO,
        plies: None,
        rate: None,
        target: None,
        waiting: 0,
        server_pid: None,
    };
    for (flag, text) in flags::pairs(HELP)? {
        match flag.as_str() {
            "--tables" => args.tables = flags::value(&flag, &text)?,
            "--think-ms" => args.think = Duration::from_millis(flags::value(&flag, &text)?),
            "--plies" => args.plies = Some(flags::value(&flag, &text)?),
            "--rate" => args.rate = Some(flags::value(&flag, &text)?),
            "--target" => args.target = Some(flags::value(&flag, &text)?),
            "--waiting" => args.waiting = flags::value(&flag, &text)?,
            "--server-pid" => args.server_pid = Some(flags::value(&flag, &text)?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(args)
}

/// A process's resident set in KiB, from /proc (Linux).
fn rss_kib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
            line["VmRSS:".len()..]
                .trim()
                .trim_end_matches(" kB")
                .parse()
                .ok()
        })
        .unwrap_or(f64::NAN)
}

/// Opens `count` tables nobody joins at `addr`, their hosts staying, and
/// prints what they cost the server `pid` in resident memory.
async fn waiting(addr: std::net::SocketAddr, pid: u32, count: usize) {
    let before = rss_kib(pid);
    let mut hosts = Vec::with_capacity(count);
    for batch in (0..count).collect::<Vec<_>>().chunks(100) {
        let opened = batch
            .iter()
            .map(|&i| tokio::spawn(Bot::open(addr, i as u64, Rules::KIRAKUKEN)));
        for host in opened {
            hosts.push(host.await.expect("a task").expect("a table opens"));
        }
    }
    // Let the server's allocator settle on what the tables hold.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = rss_kib(pid);
    println!(
        "waiting tables {count}: server RSS {:.1} MiB before, {:.1} MiB after: {:.1} kB a table",
        before / 1024.0,
        after / 1024.0,
        (after - before) * 1.024 / count as f64
    );
    drop(hosts);
}

/// The process's peak resident set, from /proc (Linux).
fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The process's CPU time (user and system), from /proc (Linux; ticks of
/// 10 ms).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let fields: Vec<&str> = s.rsplit_once(')')?.1.split_whitespace().collect();
            let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
            Some((ticks(11)? + ticks(12)?) / 100.0)
        })
        .unwrap_or(0.0)
}

/// What one table played: moves, each move's latency, bytes received by
/// both players.
struct Played {
    moves: usize,
    latencies: Vec<Duration>,
    bytes: usize,
}

/// A host and a guest seated at a new table.
async fn seat(addr: std::net::SocketAddr, seed: u64) -> Result<(Bot, Bot), String> {
    let mut host = Bot::open(addr, seed, Rules::KIRAKUKEN).await?;
    bot::follow(&mut host, addr).await?;
    let guest = Bot::join(addr, seed + 1, &host.table).await?;
    Ok((host, guest))
}

/// One table: a host and a guest play a whole game (or `plies` moves, then
/// the host resigns), once every table is seated (`start`).
async fn table(
    addr: std::net::SocketAddr,
    seed: u64,
    args: &Args,
    start: &Start,
) -> Result<Played, String> {
    let seated = seat(addr, seed).await;
    start.barrier.wait().await;
    start.at.get_or_init(Instant::now);
    let (mut host, mut guest) = seated?;
    host.think = args.think;
    guest.think = args.think;
    if let Some(plies) = args.plies {
        let (a, b) = tokio::join!(host.play_until(plies), guest.play_until(plies));
        a?;
        b?;
        host.send(&ClientMessage::Table(TableAct::Resign)).await?;
    }
    let (a, b) = tokio::join!(host.play_out(), guest.play_out());
    a?;
    b?;
    Ok(Played {
        moves: host.view.as_ref().map_or(0, |v| v.ply()),
        latencies: [host.latencies, guest.latencies].concat(),
        bytes: host.bytes + guest.bytes,
    })
}

/// When play starts: once every table is seated (or failed to be).
struct Start {
    barrier: tokio::sync::Barrier,
    at: std::sync::OnceLock<Instant>,
}

#[tokio::main]
async fn main() {
    let args = parse().unwrap_or_else(|e| {
        eprintln!("{e}\n\n{HELP}");
        std::process::exit(2);
    });
    let db = std::env::temp_dir().join(format!("gunjin-loadtest-{}.sqlite3", std::process::id()));
    let config = Config {
        addr: ([127, 0, 0, 1], 0).into(),
        db: db.clone(),
        rate: args.rate.map_or(
            Rate {
                burst: 1e9,
                per_sec: 1e9,
            },
            |r| Rate {
                burst: 2.0 * r,
                per_sec: r,
            },
        ),
        // One address plays every table: no caps but the rate's.
        max_conns: usize::MAX,
        max_conns_per_addr: usize::MAX,
        seats_per_addr: usize::MAX,
        tables_per_addr_hour: u32::MAX,
        max_tables: usize::MAX,
        backup_every: Duration::ZERO,
        ..Config::default()
    };
    let server = match args.target {
        Some(_) => None,
        None => Some(Server::start(config).await.expect("the server starts")),
    };
    let addr = args
        .target
        .or(server.as_ref().map(|s| s.addr))
        .expect("an address");
    if args.waiting > 0 {
        let pid = args.server_pid.filter(|_| args.target.is_some());
        let pid = pid.expect("--waiting needs --target and --server-pid");
        return waiting(addr, pid, args.waiting).await;
    }
    let cpu_start = cpu_seconds();
    let args = std::sync::Arc::new(args);
    let start = std::sync::Arc::new(Start {
        barrier: tokio::sync::Barrier::new(args.tables),
        at: std::sync::OnceLock::new(),
    });
    let games: Vec<_> = (0..args.tables)
        .map(|i| {
            let (args, start) = (args.clone(), start.clone());
            tokio::spawn(async move { table(addr, 2 * i as u64, &args, &start).await })
        })
        .collect();
    let (mut moves, mut latencies, mut bytes, mut failed) = (0, Vec::new(), 0, 0);
    for game in games {
        match game.await.expect("a table task") {
            Ok(played) => {
                moves += played.moves;
                latencies.extend(played.latencies);
                bytes += played.bytes;
            }
            Err(e) => {
                failed += 1;
                eprintln!("table failed: {e}");
            }
        }
    }
    let elapsed = start.at.get().map_or(0.0, |at| at.elapsed().as_secs_f64());
    let cpu = cpu_seconds() - cpu_start;
    latencies.sort();
    let done = args.tables - failed;
    println!(
        "tables {} (finished {done}, failed {failed}) in {elapsed:.1} s",
        args.tables
    );
    println!(
        "games/s {:.1}   moves/s {:.0}   moves/game {:.0}",
        done as f64 / elapsed,
        moves as f64 / elapsed,
        moves as f64 / done.max(1) as f64
    );
    println!(
        "move latency p50 {:.2} ms   p99 {:.2} ms   ({} moves)",
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
        latencies.len()
    );
    println!(
        "bytes per move {:.0} (both players)   CPU {cpu:.1} s   moves per CPU second {:.0} ({})",
        bytes as f64 / moves.max(1) as f64,
        moves as f64 / cpu.max(0.01),
        if args.target.is_some() {
            "clients only"
        } else {
            "server and clients"
        }
    );
    let counted = if server.is_some() {
        "server and all clients"
    } else {
        "the clients only"
    };
    println!("peak RSS {} ({counted})", peak_rss());
    if let Some(server) = server {
        server.stop().await;
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
