//! A table's clock, chosen when it opens: the server keeps each side's
//! time, tells both after every move, and the side out of time loses.

mod common;

use std::time::{Duration, Instant};

use common::bot::Bot;
use gunjin_rules::{Color, Outcome, Rules, WinReason};
use gunjin_table::{Clock, GunjinNews, ServerMessage, TableNews};

/// A seated pair at a table with `clock` whose game has started.
async fn clocked_pair(addr: std::net::SocketAddr, seed: u64, clock: Clock) -> (Bot, Bot) {
    let host = Bot::open_clocked(addr, seed, Rules::KIRAKUKEN, Some(clock))
        .await
        .unwrap();
    let guest = Bot::join(addr, seed + 1, &host.table).await.unwrap();
    (host, guest)
}

/// The result `bot` is told, and the last clock it saw before it.
async fn result(bot: &mut Bot) -> (Outcome, Option<gunjin_table::ClockState>) {
    let mut clock = None;
    loop {
        match bot.recv().await.unwrap() {
            ServerMessage::Table(TableNews::Clock(state)) => clock = Some(state),
            ServerMessage::Gunjin(GunjinNews::Over { outcome, .. }) => return (outcome, clock),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_side_out_of_time_on_a_per_move_clock_loses() {
    let (server, _scratch) = common::start("clock-move").await;
    let clock = Clock::PerMove { millis: 600 };
    let (mut host, mut guest) = clocked_pair(server.addr, 50, clock).await;
    common::play_until(&mut host, &mut guest, 3).await;
    // Nobody moves again: whoever is to move runs out of time.
    let to_move = host.view.as_ref().unwrap().turn();
    let start = Instant::now();
    let ((outcome, seen), (theirs, _)) = tokio::join!(result(&mut host), result(&mut guest));
    assert!(start.elapsed() < Duration::from_secs(3));
    let lost = Outcome::Win {
        winner: !to_move,
        reason: WinReason::Resignation,
    };
    assert_eq!((outcome, theirs), (lost, lost));
    let seen = seen.expect("the clock is told after moves");
    assert_eq!(seen.clock, clock);
    assert!(seen.left[to_move] <= 600);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_per_game_clock_charges_each_side_its_own_time() {
    let (server, _scratch) = common::start("clock-game").await;
    let clock = Clock::PerGame { millis: 1500 };
    let (mut host, mut guest) = clocked_pair(server.addr, 52, clock).await;
    // South thinks 100 ms a move, North at once.
    let thinker = if host.side == Color::South {
        &mut host
    } else {
        &mut guest
    };
    thinker.think = Duration::from_millis(100);
    common::play_until(&mut host, &mut guest, 8).await;
    let to_move = host.view.as_ref().unwrap().turn();
    let (outcome, seen) = result(&mut host).await;
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: !to_move,
            reason: WinReason::Resignation
        }
    );
    // The loser's time is gone; of the other's, South had used its
    // thinking (4 moves of 100 ms), North hardly any. The clock stopped.
    let seen = seen.unwrap();
    assert_eq!(seen.left[to_move], 0, "{seen:?}");
    match !to_move {
        Color::South => assert!((500..1300).contains(&seen.left.south), "{seen:?}"),
        Color::North => assert!(seen.left.north > 1000, "{seen:?}"),
    }
    assert_eq!(seen.running, None);
}
