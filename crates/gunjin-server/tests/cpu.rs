//! CPU seats share the server's cores fairly: their searches run on a
//! bounded pool, one address seats only so many, and a human game stays
//! fast while CPU tables search.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::bot::Bot;
use common::next_error;
use gunjin_rules::Rules;
use gunjin_table::{ClientMessage, ErrorCode, Level, ServerMessage};

/// A host who seats the CPU at `level`.
async fn cpu_table(addr: SocketAddr, seed: u64, level: Level) -> Bot {
    let mut host = Bot::open(addr, seed, Rules::KIRAKUKEN).await.unwrap();
    host.send(&ClientMessage::AddCpu {
        level: level.into(),
    })
    .await
    .unwrap();
    host
}

/// Whether the host's table shows the CPU seated, or the refusal.
async fn seated(host: &mut Bot) -> Result<(), ErrorCode> {
    loop {
        match host.recv().await.unwrap() {
            ServerMessage::Table(t) if t.seats.north.as_ref().is_some_and(|s| s.cpu.is_some()) => {
                return Ok(());
            }
            ServerMessage::Error { code, .. } => return Err(code),
            _ => {}
        }
    }
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
    first.send(&ClientMessage::Resign).await.unwrap();
    while !matches!(first.recv().await.unwrap(), ServerMessage::Over { .. }) {}
    third
        .send(&ClientMessage::AddCpu {
            level: Level::Easy.into(),
        })
        .await
        .unwrap();
    assert_eq!(seated(&mut third).await, Ok(()));
    // A guest may not seat the CPU, and asking takes no place.
    let (_host, mut guest) = common::pair(server.addr, 4).await;
    guest
        .send(&ClientMessage::AddCpu {
            level: Level::Easy.into(),
        })
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
