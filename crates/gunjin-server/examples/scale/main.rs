//! The scale check: server nodes on a shared PostgreSQL database behind
//! HAProxy (both started by `scripts/scale`, which runs this), and games
//! that must survive losing a node.
//!
//! 1. Two scripted players play through HAProxy; the node holding their
//!    table is SIGKILLed mid-game; both reconnect with their seat tokens,
//!    land on the other node with the same position, and play to the end;
//!    the stored record is the one the same players make uninterrupted.
//! 2. PostgreSQL is restarted (its sessions cut) while two players play:
//!    the nodes connect again, the game goes on, and its stored record is
//!    the uninterrupted game's.
//! 3. A rolling restart (SIGTERM each node in turn, then start it again)
//!    during concurrent games loses no game and no move.
//! 4. The load test (`examples/loadtest.rs`) against one node alone, then
//!    against all of them through HAProxy, in the same run.
//! 5. A store written by the build before the async store
//!    (`tests/fixtures/postgres-v3.*`, loaded into the database by
//!    `scripts/scale` before the nodes start): every seat in it resumes
//!    through HAProxy where its game stood.
//!
//! Prints each scenario's figures and a `test result:` line.

mod node;

#[path = "../common/flags.rs"]
mod flags;

// The tests' client.
#[allow(dead_code)]
#[path = "../../tests/common/bot.rs"]
mod bot;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bot::{Bot, choose};
use gunjin_rules::{ByColor, Color, Record, Rules};
use gunjin_table::{
    ClientMessage, GunjinNews, Phase, ServerMessage, ShogiNews, TableAct, TableNews,
};
use node::Node;
use tokio::sync::Mutex;

const HELP: &str = "\
scale: games across server nodes that are killed and restarted

  --dir DIR          the check's directory (logs, pid files)   [required]
  --server FILE      the gunjin-server binary                  [required]
  --database URL     the shared PostgreSQL database            [required]
  --pg-restart FILE  a program that restarts the database      [required]
  --lb ADDR          HAProxy's address                         [required]
  --node ADDR        a node's address, as HAProxy knows it (once per node)
  --games N          games during the rolling restart          [default 50]
  --plies N          the host resigns after N moves            [default 100]
  --think-ms N       each player's pause before a move         [default 150]
  --loadtest FILE    the load test's binary                    [required]
  --load-tables N    tables in the load test                   [default 40]
  --load-plies N     moves per load-test game                  [default 60]
  --fixture FILE     the seats of the store loaded before      [required]
                     (`stage table token side ply` a line)
";

/// How long a player has to find its table again: the nodes' grace time.
const GRACE: Duration = Duration::from_secs(60);

struct Args {
    dir: PathBuf,
    server: PathBuf,
    database: String,
    pg_restart: PathBuf,
    lb: SocketAddr,
    nodes: Vec<SocketAddr>,
    games: usize,
    plies: usize,
    think: Duration,
    loadtest: PathBuf,
    load_tables: usize,
    load_plies: usize,
    fixture: PathBuf,
}

fn parse() -> Result<Args, String> {
    let (mut dir, mut server, mut database, mut lb) = (None, None, None, None);
    let mut args = Args {
        dir: PathBuf::new(),
        server: PathBuf::new(),
        database: String::new(),
        pg_restart: PathBuf::new(),
        lb: ([127, 0, 0, 1], 0).into(),
        nodes: Vec::new(),
        games: 50,
        plies: 100,
        think: Duration::from_millis(150),
        loadtest: PathBuf::new(),
        load_tables: 40,
        load_plies: 60,
        fixture: PathBuf::new(),
    };
    let (mut loadtest, mut pg_restart, mut fixture) = (None, None, None);
    for (flag, text) in flags::pairs(HELP)? {
        let (flag, value) = (flag.as_str(), text.as_str());
        match flag {
            "--dir" => dir = Some(PathBuf::from(value)),
            "--server" => server = Some(PathBuf::from(value)),
            "--database" => database = Some(text.clone()),
            "--pg-restart" => pg_restart = Some(PathBuf::from(value)),
            "--lb" => lb = Some(flags::value(flag, value)?),
            "--node" => args.nodes.push(flags::value(flag, value)?),
            "--games" => args.games = flags::value(flag, value)?,
            "--plies" => args.plies = flags::value(flag, value)?,
            "--think-ms" => args.think = Duration::from_millis(flags::value(flag, value)?),
            "--loadtest" => loadtest = Some(PathBuf::from(value)),
            "--load-tables" => args.load_tables = flags::value(flag, value)?,
            "--load-plies" => args.load_plies = flags::value(flag, value)?,
            "--fixture" => fixture = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let missing = |what: &str| format!("{what} is required");
    args.dir = dir.ok_or_else(|| missing("--dir"))?;
    args.server = server.ok_or_else(|| missing("--server"))?;
    args.database = database.ok_or_else(|| missing("--database"))?;
    args.lb = lb.ok_or_else(|| missing("--lb"))?;
    args.loadtest = loadtest.ok_or_else(|| missing("--loadtest"))?;
    args.pg_restart = pg_restart.ok_or_else(|| missing("--pg-restart"))?;
    args.fixture = fixture.ok_or_else(|| missing("--fixture"))?;
    if args.nodes.len() < 2 {
        return Err("at least two --node".into());
    }
    Ok(args)
}

/// The node running table `id`, from its lease.
fn owner(database: &str, id: &str) -> Result<String, String> {
    let sql = format!("SELECT owner FROM tables WHERE id = '{id}'");
    let out = Command::new("psql")
        .args([database, "-tAc", &sql])
        .output()
        .map_err(|e| format!("psql: {e}"))?;
    let owner = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if owner.is_empty() {
        return Err(format!(
            "table {id} has no owner: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(owner)
}

/// The stored record of a finished game, through HAProxy (any node
/// serves it from the shared store).
async fn stored_record(lb: SocketAddr, id: &str) -> Result<Record, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(lb)
        .await
        .map_err(|e| e.to_string())?;
    let request =
        format!("GET /api/tables/{id}/record HTTP/1.1\r\nHost: {lb}\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = String::new();
    tcp.read_to_string(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let (head, body) = response.split_once("\r\n\r\n").ok_or("no HTTP response")?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!(
            "record of {id}: {}",
            head.lines().next().unwrap_or("")
        ));
    }
    body.trim()
        .parse()
        .map_err(|e: gunjin_rules::RecordError| e.to_string())
}

/// The game the same two replayable players make from the same start
/// without interruption: the host (South) resigns at `resign_at` moves.
fn uninterrupted(start: &Record, seeds: ByColor<u64>, resign_at: Option<usize>) -> Record {
    let mut game = start.start.game().expect("a stored start replays");
    while game.outcome().is_none() {
        if resign_at.is_some_and(|n| game.history().len() >= n) {
            game.resign(Color::South).expect("the game is on");
            break;
        }
        let side = game.position().turn();
        let mv = choose(seeds[side], &game.view(side)).expect("a game on has a move");
        game.play(mv).expect("a legal move");
    }
    game.record()
}

/// What a player saw of its game: when it was back after the first drop,
/// and that no announced move went missing.
struct Played {
    back_after: Option<Duration>,
}

/// Plays to the end through drops: after each, the player takes its seat
/// back through HAProxy and must find at least the position it had seen.
/// The host resigns once the game reaches `resign_at` moves.
async fn play_on(
    bot: &mut Bot,
    lb: SocketAddr,
    resign_at: Option<usize>,
    dropped_at: &Mutex<Option<Instant>>,
) -> Result<Played, String> {
    bot.stop_at = resign_at;
    let (mut back_after, mut resigned, mut seen, mut reconnected) = (None, false, 0, false);
    loop {
        let view = bot.view.as_ref();
        if bot.side == Color::South
            && !resigned
            && let (Some(n), Some(view)) = (resign_at, view)
            && view.ply() >= n
            && view.outcome().is_none()
        {
            resigned = bot
                .send(&ClientMessage::Table(TableAct::Resign))
                .await
                .is_ok();
        }
        match bot.step().await {
            Ok(ServerMessage::Gunjin(GunjinNews::Over { .. })) => return Ok(Played { back_after }),
            Ok(ServerMessage::Gunjin(GunjinNews::Game { view, .. })) if reconnected => {
                if view.ply() < seen {
                    return Err(format!("back at move {} after seeing {seen}", view.ply()));
                }
                reconnected = false;
                let dropped = *dropped_at.lock().await;
                back_after = back_after.or(dropped.map(|at| at.elapsed()));
            }
            Ok(_) => {}
            Err(e) if e.starts_with("refused") => return Err(e),
            Err(_) => {
                seen = bot.view.as_ref().map_or(0, |v| v.ply());
                bot.reconnect(lb, GRACE).await?;
                (resigned, reconnected) = (false, true);
            }
        }
    }
}

/// A table through HAProxy: the host opens it on any node and follows it
/// to the node its id routes to, where the guest joins; both replayable
/// with these seeds.
async fn seated(lb: SocketAddr, seed: u64, think: Duration) -> Result<(Bot, Bot), String> {
    let mut host = Bot::open(lb, seed, Rules::KIRAKUKEN).await?;
    bot::follow(&mut host, lb).await?;
    let mut guest = Bot::join(lb, seed + 1, &host.table).await?;
    for bot in [&mut host, &mut guest] {
        bot.replayable = true;
        bot.think = think;
    }
    Ok((host, guest))
}

/// Both play on to the end; the stored record must be the uninterrupted
/// game's. Returns the moves and when each was back after a drop.
async fn finish(
    lb: SocketAddr,
    (host, guest): (&mut Bot, &mut Bot),
    resign_at: Option<usize>,
    dropped_at: &Mutex<Option<Instant>>,
) -> Result<(usize, [Option<Duration>; 2]), String> {
    let (a, b) = tokio::join!(
        play_on(host, lb, resign_at, dropped_at),
        play_on(guest, lb, resign_at, dropped_at)
    );
    let (a, b) = (a?, b?);
    let record = stored_record(lb, &host.table).await?;
    let seeds = ByColor {
        south: host.seed(),
        north: guest.seed(),
    };
    let expected = uninterrupted(&record, seeds, resign_at);
    if record != expected {
        return Err(format!(
            "table {}: stored {record}\nuninterrupted {expected}",
            host.table
        ));
    }
    Ok((record.moves.len(), [a.back_after, b.back_after]))
}

/// Scenario 1: the node holding a game is SIGKILLed at move 20.
async fn kill_mid_game(args: &Args, nodes: &mut [Node]) -> Result<String, String> {
    let (mut host, mut guest) = seated(args.lb, 101, Duration::ZERO).await?;
    let (a, b) = tokio::join!(host.play_until(20), guest.play_until(20));
    a?;
    b?;
    let holder = owner(&args.database, &host.table)?;
    let node = nodes
        .iter_mut()
        .find(|n| n.name == holder)
        .ok_or("no such node")?;
    let dropped_at = Mutex::new(Some(Instant::now()));
    node.kill();
    let (moves, back) = finish(args.lb, (&mut host, &mut guest), None, &dropped_at).await?;
    let takeover = back
        .iter()
        .flatten()
        .max()
        .ok_or("no player saw the drop")?;
    let new_holder = owner(&args.database, &host.table)?;
    node.start().await?;
    Ok(format!(
        "killed {holder} at move 20; both players back on {new_holder} after {:.2} s; \
         {moves} moves, record as uninterrupted",
        takeover.as_secs_f64()
    ))
}

/// Scenario 2: the database restarts a moment after move 10 while the
/// game goes on (a move made meanwhile waits for the database).
async fn restart_database(args: &Args) -> Result<String, String> {
    let (mut host, mut guest) = seated(args.lb, 201, Duration::from_millis(10)).await?;
    let (a, b) = tokio::join!(host.play_until(10), guest.play_until(10));
    a?;
    b?;
    let program = args.pg_restart.clone();
    // Half a second into the game's going on again: mid-play.
    let restarted = tokio::task::spawn_blocking(move || {
        std::thread::sleep(Duration::from_millis(500));
        let started = Instant::now();
        let out = Command::new(&program)
            .output()
            .map_err(|e| format!("{}: {e}", program.display()))?;
        match out.status.success() {
            true => Ok(started.elapsed()),
            false => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
        }
    });
    // Both stopped at move 10: the one to move goes on.
    for bot in [&mut host, &mut guest] {
        bot.stop_at = None;
        bot.move_if_my_turn().await?;
    }
    let dropped_at = Mutex::new(Some(Instant::now()));
    let played = finish(args.lb, (&mut host, &mut guest), None, &dropped_at).await;
    let took = restarted.await.map_err(|e| e.to_string())??;
    let (moves, back) = played?;
    let reconnected = back.iter().flatten().count();
    Ok(format!(
        "restarted in {:.1} s during play; {moves} moves, record as uninterrupted; \
         {reconnected} of 2 players had to reconnect",
        took.as_secs_f64()
    ))
}

/// Scenario 3: `args.games` games while each node is drained and started
/// again in turn.
async fn rolling_restart(args: &Args, nodes: &mut [Node]) -> Result<String, String> {
    let dropped_at = Arc::new(Mutex::new(None));
    let games: Vec<_> = (0..args.games)
        .map(|i| {
            let (lb, plies, think, dropped_at) =
                (args.lb, args.plies, args.think, dropped_at.clone());
            tokio::spawn(async move {
                let (mut host, mut guest) = seated(lb, 1000 + 2 * i as u64, think).await?;
                finish(lb, (&mut host, &mut guest), Some(plies), &dropped_at).await
            })
        })
        .collect();
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(3)).await;
    for node in nodes.iter_mut() {
        node.terminate().await?;
        node.start().await?;
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    let restarted = started.elapsed();
    let (mut moves, mut failed) = (0, Vec::new());
    for game in games {
        match game.await.map_err(|e| e.to_string())? {
            Ok((n, _)) => moves += n,
            Err(e) => failed.push(e),
        }
    }
    if !failed.is_empty() {
        return Err(format!(
            "{} of {} games failed:\n{}",
            failed.len(),
            args.games,
            failed.join("\n")
        ));
    }
    Ok(format!(
        "{} games, {moves} moves, all stored as played; the restarts took {:.1} s of {:.1} s",
        args.games,
        restarted.as_secs_f64(),
        started.elapsed().as_secs_f64()
    ))
}

/// Scenario 4: the load test against the first node alone, then through
/// HAProxy against all.
fn load(args: &Args) -> Result<String, String> {
    let mut report = String::new();
    let one = args.nodes[0].to_string();
    let all = args.lb.to_string();
    for (what, target) in [("one node", one), ("all nodes behind HAProxy", all)] {
        // Nothing else runs meanwhile: the driver may block on it.
        let out = Command::new(&args.loadtest)
            .args([
                "--target",
                &target,
                "--tables",
                &args.load_tables.to_string(),
            ])
            .args(["--plies", &args.load_plies.to_string()])
            .output()
            .map_err(|e| format!("{}: {e}", args.loadtest.display()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || !text.contains("failed 0)") {
            return Err(format!(
                "{what}: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        report += &format!(
            "\n  {what} ({} nodes up):\n    {}",
            args.nodes.len(),
            text.trim().replace('\n', "\n    ")
        );
    }
    Ok(report)
}

/// Prints how a scenario went; true if it passed.
/// Whether `msg` shows a fixture's seat where its game stood: a table
/// waiting, a game over, or a Shogi game at `ply` moves.
fn where_it_stood(stage: &str, ply: usize, msg: &ServerMessage) -> bool {
    match (stage, msg) {
        ("wait", ServerMessage::Table(TableNews::State(state))) => state.phase == Phase::Waiting,
        ("over", ServerMessage::Gunjin(GunjinNews::Over { .. })) => true,
        ("play" | "cpu", ServerMessage::Shogi(ShogiNews::Game { record, .. })) => {
            let moves = record.split_once(" moves ").map_or("", |(_, m)| m);
            moves.split_whitespace().count() == ply
        }
        _ => false,
    }
}

/// Scenario 5: the seats of a store the previous build wrote resume.
async fn previous_build(args: &Args) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.fixture)
        .map_err(|e| format!("{}: {e}", args.fixture.display()))?;
    let mut seats = 0;
    for line in text.lines() {
        let [stage, table, token, side, ply] = line.split(' ').collect::<Vec<_>>()[..] else {
            return Err(format!(
                "a fixture line reads `stage table token side ply`: {line}"
            ));
        };
        let ply: usize = ply.parse().map_err(|_| format!("no ply in {line}"))?;
        let mut bot = Bot::resume(args.lb, 1, table, token)
            .await
            .map_err(|e| format!("{stage} {table}: {e}"))?;
        if format!("{:?}", bot.side) != side {
            return Err(format!("{stage} {table}: seated as {:?}", bot.side));
        }
        while !where_it_stood(
            stage,
            ply,
            &bot.recv()
                .await
                .map_err(|e| format!("{stage} {table}: {e}"))?,
        ) {}
        seats += 1;
    }
    Ok(format!("{seats} seats resumed where their games stood"))
}

fn told(name: &str, result: Result<String, String>) -> bool {
    match &result {
        Ok(report) => println!("ok: {name}: {report}"),
        Err(e) => eprintln!("FAILED: {name}: {e}"),
    }
    result.is_ok()
}

#[tokio::main]
async fn main() {
    let args = parse().unwrap_or_else(|e| {
        eprintln!("{e}\n\n{HELP}");
        std::process::exit(2);
    });
    let mut nodes: Vec<Node> = args
        .nodes
        .iter()
        .enumerate()
        .map(|(i, &addr)| {
            Node::new(
                &format!("n{}", i + 1),
                addr,
                &args.server,
                &args.database,
                &args.dir,
            )
        })
        .collect();
    for node in &mut nodes {
        if let Err(e) = node.start().await {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    let started = Instant::now();
    let results = [
        told(
            "a node killed mid-game",
            kill_mid_game(&args, &mut nodes).await,
        ),
        told(
            "the database restarted mid-game",
            restart_database(&args).await,
        ),
        told(
            "a rolling restart",
            rolling_restart(&args, &mut nodes).await,
        ),
        told("the load test", load(&args)),
        told(
            "a store written by the previous build",
            previous_build(&args).await,
        ),
    ];
    let mut failed = results.iter().filter(|&&ok| !ok).count();
    for node in &mut nodes {
        if let Err(e) = node.terminate().await {
            eprintln!("{e}");
            failed += 1;
        }
    }
    let result = if failed == 0 { "ok" } else { "FAILED" };
    println!(
        "test result: {result}. {} passed; {failed} failed; finished in {:.1}s",
        results.len() - failed.min(results.len()),
        started.elapsed().as_secs_f64()
    );
    std::process::exit(i32::from(failed > 0));
}
