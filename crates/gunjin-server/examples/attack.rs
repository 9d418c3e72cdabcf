//! The table server under the attacks of issue 46, each against a server
//! of its own in this process on loopback (production settings but the
//! store's place), from many client addresses (127.0.0.0/8), with an honest
//! game beside it; prints the figures docs/BENCHMARKS.md records.
//!
//! `cargo run --profile server -p gunjin-server --example attack`

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use gunjin_rules::Rules;
use gunjin_server::{Config, Server};
use gunjin_table::{ClientMessage, Level, SeatNews, Seating, ServerMessage, TableAct};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

// The tests' client and their scratch files; the attacks use part of them.
#[path = "../tests/common/mod.rs"]
mod common;

#[path = "common/flags.rs"]
mod flags;

use common::bot::Bot;

const HELP: &str = "\
attack: the table server under attack, with figures

  --only NAME   one attack: cpu, records, resumes, tables, seats
                [default: all of them, in that order]
";

/// The loopback address 127.0.`a`.`b`: a client of its own to the server.
fn client(a: u8, b: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, a, b))
}

/// A server with the production settings but a scratch store, changed by
/// `tune`; keep the scratch files while it runs.
async fn server(name: &str, tune: impl FnOnce(&mut Config)) -> (Server, common::Scratch) {
    let scratch = common::Scratch::new(name);
    let test = scratch.config();
    let mut config = Config {
        addr: test.addr,
        dist: test.dist,
        db: test.db,
        backup_every: Duration::ZERO,
        ..Config::default()
    };
    tune(&mut config);
    (Server::start(config).await.expect("a server"), scratch)
}

fn millis(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// p50 / p99 / max, in ms.
fn spread(mut times: Vec<Duration>) -> String {
    if times.is_empty() {
        return "none".into();
    }
    times.sort();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    format!(
        "{} / {} / {} ms over {}",
        millis(at(0.5)),
        millis(at(0.99)),
        millis(times[times.len() - 1]),
        times.len()
    )
}

/// A host and a guest at fresh addresses play `plies` moves, each
/// thinking 60 ms (within the rate a connection may send at); their move
/// latencies.
async fn honest_game(addr: SocketAddr, seed: u64, plies: usize) -> Vec<Duration> {
    let from = client(200, seed as u8);
    let mut host = Bot::open_from(addr, from, seed, Rules::KIRAKUKEN)
        .await
        .unwrap();
    let mut guest = Bot::join_from(addr, Some(client(201, seed as u8)), seed + 1, &host.table)
        .await
        .unwrap();
    host.think = Duration::from_millis(60);
    guest.think = Duration::from_millis(60);
    common::play_until(&mut host, &mut guest, plies).await;
    [host.latencies, guest.latencies].concat()
}

/// Thirty Hard CPU tables from ten addresses, hosts answering at once,
/// for 20 s; a human game beside them, and a new CPU game asked for.
async fn cpu() {
    let (server, _scratch) = server("attack-cpu", |_| {}).await;
    let addr = server.addr;
    let (mut attack, mut refused) = (Vec::new(), 0);
    for n in 0..30u8 {
        let mut host = Bot::open_from(addr, client(1, 10 + n / 3), u64::from(n), Rules::KIRAKUKEN)
            .await
            .unwrap();
        host.send(&ClientMessage::Table(TableAct::AddCpu {
            level: Level::Hard.into(),
        }))
        .await
        .unwrap();
        match host.cpu_seated().await.unwrap() {
            None => attack.push(tokio::spawn(async move {
                let _ = tokio::time::timeout(Duration::from_secs(20), host.play_until(1000)).await;
                host.replies
            })),
            Some(_) => refused += 1,
        }
    }
    let taken = attack.len();
    let mut late = Bot::open_from(addr, client(1, 100), 100, Rules::KIRAKUKEN)
        .await
        .unwrap();
    late.send(&ClientMessage::Table(TableAct::AddCpu {
        level: Level::Hard.into(),
    }))
    .await
    .unwrap();
    let new_game = match late.cpu_seated().await.unwrap() {
        None => {
            late.play_until(40).await.unwrap();
            format!("taken, its CPU's replies {}", spread(late.replies.clone()))
        }
        Some(code) => format!("refused: {code}"),
    };
    let human = honest_game(addr, 1, 100).await;
    let mut replies = Vec::new();
    for task in attack {
        replies.extend(task.await.unwrap());
    }
    println!("cpu: 30 Hard tables from 10 addresses: {taken} taken, {refused} refused");
    println!(
        "cpu: the taken games' CPU replies p50 / p99 / max {}",
        spread(replies)
    );
    println!("cpu: a new CPU game meanwhile: {new_game}");
    println!(
        "cpu: a human game's moves p50 / p99 / max {}",
        spread(human)
    );
    server.stop().await;
}

/// The status of a GET of `path` from `from`.
async fn get(addr: SocketAddr, from: IpAddr, path: &str) -> u16 {
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.bind(SocketAddr::new(from, 0)).unwrap();
    let mut tcp = tcp.connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tcp.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response[9..12])
        .parse()
        .unwrap_or(0)
}

/// One address asking for a game's record as fast as it can, beside an
/// honest game; that game's moves with and without it.
async fn records() {
    let (server, _scratch) = server("attack-records", |_| {}).await;
    let addr = server.addr;
    let quiet = honest_game(addr, 2, 150).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let askers: Vec<_> = (0..8)
        .map(|_| {
            let stop = stop.clone();
            tokio::spawn(async move {
                let (mut asked, mut limited) = (0, 0);
                let path = format!("/api/tables/{}/record", "0".repeat(32));
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    asked += 1;
                    limited += usize::from(get(addr, client(2, 1), &path).await == 429);
                }
                (asked, limited)
            })
        })
        .collect();
    let start = Instant::now();
    let flooded = honest_game(addr, 4, 150).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let secs = start.elapsed().as_secs_f64();
    let (mut asked, mut limited) = (0, 0);
    for asker in askers {
        let (a, l) = asker.await.unwrap();
        asked += a;
        limited += l;
    }
    println!(
        "records: one address asked {:.0} a second, {limited} of {asked} refused (429)",
        asked as f64 / secs
    );
    println!("records: an honest game's moves alone {}", spread(quiet));
    println!("records: the same during the flood {}", spread(flooded));
    server.stop().await;
}

/// A seat resuming with its own token as fast as it can for 3 s: what its
/// opponent receives meanwhile.
async fn resumes() {
    let (server, _scratch) = server("attack-resumes", |_| {}).await;
    let addr = server.addr;
    let (mut host, mut guest) = common::pair(addr, 6).await;
    common::play_until(&mut host, &mut guest, 2).await;
    let (table, token) = (guest.table.clone(), guest.token.clone());
    drop(guest);
    let flood = Duration::from_secs(3);
    let flooding = tokio::spawn(async move {
        let (mut taken, mut refused) = (0, 0);
        let end = Instant::now() + flood;
        while Instant::now() < end {
            let mut bot = Bot::connect(addr, 7).await.unwrap();
            let resume = ClientMessage::Seat(Seating::Resume {
                table: table.clone(),
                token: token.clone(),
                rotate: false,
            });
            bot.send(&resume).await.unwrap();
            match bot.recv().await {
                Ok(ServerMessage::Seat(SeatNews::Welcome { .. })) => taken += 1,
                _ => refused += 1,
            }
        }
        (taken, refused)
    });
    let (before, mut messages) = (host.bytes, 0);
    let end = Instant::now() + flood;
    while let Ok(Ok(_)) = tokio::time::timeout_at(end.into(), host.recv()).await {
        messages += 1;
    }
    let (taken, refused) = flooding.await.unwrap();
    println!(
        "resumes: {} a second for 3 s, {taken} taken, {refused} refused; the opponent got \
         {messages} messages, {} bytes",
        (taken + refused) / 3,
        host.bytes - before
    );
    server.stop().await;
}

/// Five hundred addresses open 20 tables each (the cap per address and
/// hour) and leave: the server is full, then a new player opens a table
/// and plays a whole game.
async fn tables() {
    let (server, _scratch) = server("attack-tables", |_| {}).await;
    let addr = server.addr;
    let start = Instant::now();
    let (mut opened, mut failed) = (0, std::collections::BTreeMap::new());
    for a in 0..500u16 {
        let from = client(10 + (a / 250) as u8, (a % 250) as u8 + 1);
        // Ten at a time: an address holds 16 seats at most.
        for wave in [0..10, 10..20] {
            let opens: Vec<_> = wave
                .map(|t| {
                    let seed = u64::from(a) * 20 + t;
                    tokio::spawn(Bot::open_from(addr, from, seed, Rules::KIRAKUKEN))
                })
                .collect();
            for open in opens {
                match open.await.unwrap() {
                    Ok(_) => opened += 1,
                    Err(e) => *failed.entry(e).or_insert(0) += 1,
                }
            }
        }
    }
    let filled = start.elapsed();
    if !failed.is_empty() {
        println!("tables: opens refused: {failed:?}");
    }
    let start = Instant::now();
    let mut host = Bot::open_from(addr, client(3, 1), 1, Rules::KIRAKUKEN)
        .await
        .unwrap();
    let took = start.elapsed();
    let mut guest = Bot::join_from(addr, Some(client(3, 2)), 2, &host.table)
        .await
        .unwrap();
    let outcome = common::play_out(&mut host, &mut guest).await;
    println!(
        "tables: 500 addresses opened {opened} tables in {:.1} s; a new player's table opened \
         in {} ms and its game played out ({} moves, {outcome:?})",
        filled.as_secs_f64(),
        millis(took),
        host.view.as_ref().map_or(0, |v| v.ply())
    );
    server.stop().await;
}

/// Thirty addresses hold every seat they may (tables they open and join
/// themselves, their sockets answering pings): a new player still gets in
/// and plays a whole game.
async fn seats() {
    let (server, _scratch) = server("attack-seats", |_| {}).await;
    let addr = server.addr;
    let (mut held, mut refused) = (Vec::new(), 0);
    for a in 0..30u8 {
        let from = client(4, a + 1);
        for t in 0..40u64 {
            let seed = u64::from(a) * 100 + t;
            let Ok(host) = Bot::open_from(addr, from, seed, Rules::KIRAKUKEN).await else {
                refused += 1;
                break;
            };
            let guest = Bot::join_from(addr, Some(from), seed + 50, &host.table).await;
            for bot in std::iter::once(Ok(host)).chain(std::iter::once(guest)) {
                match bot {
                    Ok(mut bot) => {
                        held.push(tokio::spawn(
                            async move { while bot.recv().await.is_ok() {} },
                        ))
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    let start = Instant::now();
    let mut host = Bot::open_from(addr, client(5, 1), 1, Rules::KIRAKUKEN)
        .await
        .unwrap();
    let mut guest = Bot::join_from(addr, Some(client(5, 2)), 2, &host.table)
        .await
        .unwrap();
    common::play_out(&mut host, &mut guest).await;
    println!(
        "seats: 30 addresses hold {} seated sockets ({refused} refused); a new player's game \
         played out in {:.1} s",
        held.len(),
        start.elapsed().as_secs_f64()
    );
    held.iter().for_each(|h| h.abort());
    server.stop().await;
}

#[tokio::main]
async fn main() {
    let only = flags::pairs(HELP)
        .and_then(|pairs| match pairs.as_slice() {
            [] => Ok(None),
            [(flag, name)] if flag == "--only" => flags::value::<String>(flag, name).map(Some),
            _ => Err(format!("unknown options {pairs:?}")),
        })
        .unwrap_or_else(|e| {
            eprintln!("{e}\n\n{HELP}");
            std::process::exit(2);
        });
    let is = |name: &str| only.as_deref().is_none_or(|only| only == name);
    if is("cpu") {
        cpu().await;
    }
    if is("records") {
        records().await;
    }
    if is("resumes") {
        resumes().await;
    }
    if is("tables") {
        tables().await;
    }
    if is("seats") {
        seats().await;
    }
}
