//! CPU seats share the server's cores fairly: their searches run on a
//! bounded pool that keeps its promise (a Hard move within 2 s) to every
//! CPU game it takes and refuses the rest, one address seats only so
//! many, a human game stays fast while CPU tables search, and a search
//! that panics costs one move.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use common::bot::Bot;
use common::next_error;
use gunjin_rules::Rules;
use gunjin_table::{ClientMessage, ErrorCode, GunjinNews, Level, ServerMessage, TableAct};

/// A host who seats the CPU at `level`.
async fn cpu_table(addr: SocketAddr, seed: u64, level: Level) -> Bot {
    let mut host = Bot::open(addr, seed, Rules::KIRAKUKEN).await.unwrap();
    add_cpu(&mut host, level).await;
    host
}

/// The loopback address 127.0.0.`n`: another client to the server.
fn client(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
}

async fn add_cpu(host: &mut Bot, level: Level) {
    host.send(&ClientMessage::Table(TableAct::AddCpu {
        level: level.into(),
    }))
    .await
    .unwrap();
}

/// Whether the host's table shows the CPU seated, or the refusal.
async fn seated(host: &mut Bot) -> Result<(), ErrorCode> {
    host.cpu_seated().await.unwrap().map_or(Ok(()), Err)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_tables_are_capped_per_address() {
    let (server, _scratch) = common::start_with("cpu-cap", |c| c.cpu_tables_per_addr = 2).await;
    let mut first = cpu_table(server.addr, 1, Level::Easy).await;
    let mut second = cpu_table(server.addr, 2, Level::Easy).await;
    assert_eq!(seated(&mut first).await, Ok(()));
    assert_eq!(seated(&mut second).await, Ok(()));
    let mut third = cpu_table(server.addr, 3, Level::Easy).await;
    assert_eq!(seated(&mut third).await, Err(ErrorCode::TooManyCpuTables));
    // The third host keeps its table; once a CPU game ends it may seat one.
    first
        .send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    while !matches!(
        first.recv().await.unwrap(),
        ServerMessage::Gunjin(GunjinNews::Over { .. })
    ) {}
    third
        .send(&ClientMessage::Table(TableAct::AddCpu {
            level: Level::Easy.into(),
        }))
        .await
        .unwrap();
    assert_eq!(seated(&mut third).await, Ok(()));
    // A guest may not seat the CPU, and asking takes no place.
    let (_host, mut guest) = common::pair(server.addr, 4).await;
    guest
        .send(&ClientMessage::Table(TableAct::AddCpu {
            level: Level::Easy.into(),
        }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut guest).await, ErrorCode::NotHost);
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_game_stays_fast_while_cpu_tables_search() {
    let (server, _scratch) = common::start_with("cpu-load", |c| {
        c.cpu_threads = 1;
        c.cpu_millis = Some(100.0);
        c.cpu_tables_per_addr = 8;
    })
    .await;
    // Hosts who answer the CPU at once, so a search is always queued.
    let mut busy = Vec::new();
    for seed in 0..6 {
        let mut host = cpu_table(server.addr, 10 + seed, Level::Hard).await;
        busy.push(tokio::spawn(async move {
            let _ = host.play_until(60).await;
        }));
    }
    let (mut host, mut guest) = common::pair(server.addr, 20).await;
    common::play_until(&mut host, &mut guest, 60).await;
    let mut latencies: Vec<Duration> = [host.latencies, guest.latencies].concat();
    latencies.sort();
    let (p50, p95, max) = (
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.95),
        latencies[latencies.len() - 1],
    );
    eprintln!(
        "human moves while 6 CPU tables search: p50 {p50:?}, p95 {p95:?}, max {max:?} over {}",
        latencies.len()
    );
    assert!(p50 < Duration::from_millis(50), "p50 {p50:?}");
    assert!(p95 < Duration::from_millis(250), "p95 {p95:?}");
    busy.iter().for_each(|t| t.abort());
}

fn p99(mut times: Vec<Duration>) -> Duration {
    assert!(!times.is_empty(), "no times");
    times.sort();
    percentile(&times, 0.99)
}

/// Thirty Hard CPU tables asked for from ten addresses (three each, the
/// per-address cap), their hosts answering at once: the pool takes the
/// games it can answer in time and refuses the rest with `cpu_busy`; the
/// games it took get every CPU move within 2 s, a human game beside them
/// stays fast, and once the attack ends a new CPU game is taken and
/// answered in time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_hard_tables_from_ten_addresses_keep_the_promise() {
    const ATTACK: Duration = Duration::from_secs(15);
    const PROMISE: Duration = Duration::from_secs(2);
    let (server, _scratch) = common::start_with("cpu-promise", |c| {
        c.cpu_threads = 1;
        c.cpu_millis = None;
        c.cpu_promise = PROMISE;
        c.cpu_tables_per_addr = 3;
    })
    .await;
    let addr = server.addr;
    let mut playing = Vec::new();
    let mut refused = Vec::new();
    for n in 0..30u8 {
        let from = client(10 + n / 3);
        let mut host = Bot::open_from(addr, from, 100 + u64::from(n), Rules::KIRAKUKEN)
            .await
            .unwrap();
        add_cpu(&mut host, Level::Hard).await;
        match seated(&mut host).await {
            Ok(()) => playing.push(tokio::spawn(async move {
                let _ = tokio::time::timeout(ATTACK, host.play_until(1000)).await;
                host
            })),
            Err(code) => refused.push(code),
        }
    }
    let taken = playing.len();
    assert!((1..=5).contains(&taken), "{taken} taken");
    assert!(
        refused.iter().all(|&c| c == ErrorCode::CpuBusy),
        "{refused:?}"
    );
    // A new CPU game meanwhile: a clear refusal.
    let mut late = Bot::open_from(addr, client(100), 7, Rules::KIRAKUKEN)
        .await
        .unwrap();
    add_cpu(&mut late, Level::Hard).await;
    assert_eq!(seated(&mut late).await, Err(ErrorCode::CpuBusy));
    drop(late);
    // A human game beside them.
    let mut host = Bot::open_from(addr, client(101), 8, Rules::KIRAKUKEN)
        .await
        .unwrap();
    let mut guest = Bot::join_from(addr, Some(client(102)), 9, &host.table)
        .await
        .unwrap();
    common::play_until(&mut host, &mut guest, 60).await;
    let human = p99([host.latencies, guest.latencies].concat());
    // The CPU games it took were answered within the promise.
    let mut replies = Vec::new();
    for game in playing {
        let mut host = game.await.unwrap();
        replies.append(&mut host.replies);
        host.send(&ClientMessage::Table(TableAct::Resign))
            .await
            .unwrap();
    }
    let (moves, attacked) = (replies.len(), p99(replies));
    // Once the attack is over (and the pool has not cut a share for a
    // while), a new CPU game is taken and answered in time.
    let since = Instant::now();
    let mut late = Bot::open_from(addr, client(100), 10, Rules::KIRAKUKEN)
        .await
        .unwrap();
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        add_cpu(&mut late, Level::Hard).await;
        match seated(&mut late).await {
            Ok(()) => break,
            Err(code) => assert_eq!(code, ErrorCode::CpuBusy),
        }
        assert!(since.elapsed() < Duration::from_secs(30), "still busy");
    }
    late.play_until(30).await.unwrap();
    let new_game = p99(late.replies.clone());
    eprintln!(
        "{taken} of 30 Hard tables taken, {} refused; their CPU's reply p99 {attacked:?} \
         over {moves} moves; a new CPU game's after the attack {new_game:?} over {}; \
         a human game's move p99 {human:?}",
        refused.len(),
        late.replies.len(),
    );
    assert!(moves >= 10, "{moves} CPU moves");
    assert!(
        attacked <= PROMISE,
        "CPU reply p99 {attacked:?} under attack"
    );
    assert!(new_game <= PROMISE, "CPU reply p99 {new_game:?} after it");
    assert!(
        human <= Duration::from_millis(50),
        "human move p99 {human:?}"
    );
}

/// A CPU whose search panics (on purpose, in this test build only: at
/// every third ply) costs only those moves: its seat plays a random legal
/// move instead each time, the game goes on to its end, and the pool's
/// thread goes on serving the next searches, of this table and another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_search_that_panics_costs_that_move_only() {
    let (server, _scratch) = common::start_with("cpu-panics", |c| {
        c.faults.cpu_panics_every = Some(3);
    })
    .await;
    let mut host = cpu_table(server.addr, 1, Level::Easy).await;
    host.play_out().await.unwrap();
    let record = host.view.as_ref().unwrap().history().len();
    assert!(record > 6, "{record} moves");
    let mut other = cpu_table(server.addr, 2, Level::Normal).await;
    other.play_until(12).await.unwrap();
}
