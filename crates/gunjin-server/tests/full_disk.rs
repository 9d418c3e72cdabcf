//! A move the store cannot take (a full disk, here injected in the test
//! build) is announced to nobody: both seats are told the server cannot
//! save games right now, every action waits, nothing the store lacks was
//! ever told to anyone, and once the store takes it the move is announced
//! and the game goes on.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::bot::Bot;
use common::next_error;
use gunjin_table::{ClientMessage, ErrorCode, GunjinNews, SeatNews, ServerMessage, TableAct};

/// The moves the store holds for a table.
fn stored_moves(db: &std::path::Path, table: &str) -> i64 {
    let db = rusqlite::Connection::open(db).unwrap();
    db.query_row(
        "SELECT COUNT(*) FROM moves WHERE table_id = ?1",
        [table],
        |row| row.get(0),
    )
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_cannot_be_stored_is_not_announced_until_it_is() {
    let full = Arc::new(AtomicBool::new(false));
    let (server, scratch) = common::start_with("full-disk", |c| {
        c.faults.store_full = full.clone();
    })
    .await;
    let db = scratch.config().db;
    let (mut host, mut guest) = common::pair(server.addr, 60).await;
    common::play_until(&mut host, &mut guest, 6).await;
    let (mut mover, mut waiter) = match host.view.as_ref().unwrap().is_my_turn() {
        true => (host, guest),
        false => (guest, host),
    };
    full.store(true, Ordering::Relaxed);
    mover.stop_at = None;
    mover.move_if_my_turn().await.unwrap();
    // Both seats are told, in one sentence each; the move is not played
    // for anyone, and an action meanwhile waits too.
    assert_eq!(next_error(&mut mover).await, ErrorCode::CannotSave);
    assert_eq!(next_error(&mut waiter).await, ErrorCode::CannotSave);
    waiter
        .send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    assert_eq!(next_error(&mut waiter).await, ErrorCode::CannotSave);
    let quiet = tokio::time::timeout(Duration::from_millis(2500), async {
        loop {
            match waiter.recv().await.unwrap() {
                ServerMessage::Gunjin(GunjinNews::Step(_))
                | ServerMessage::Gunjin(GunjinNews::Game { .. }) => return,
                _ => continue,
            }
        }
    })
    .await;
    assert!(
        quiet.is_err(),
        "nothing announced while it cannot be stored"
    );
    // What the store holds is what both were told.
    assert_eq!(stored_moves(&db, &mover.table), 6);
    assert_eq!(waiter.view.as_ref().unwrap().ply(), 6);
    // A seat coming back meanwhile is told the same, and shown nothing of
    // the move (its whole view comes once stored).
    let (table, token) = (waiter.table.clone(), waiter.token.clone());
    waiter = Bot::resume(server.addr, 61, &table, &token).await.unwrap();
    loop {
        match waiter.recv().await.unwrap() {
            ServerMessage::Seat(SeatNews::Error { code, .. }) => {
                break assert_eq!(code, ErrorCode::CannotSave);
            }
            ServerMessage::Gunjin(GunjinNews::Game { .. })
            | ServerMessage::Gunjin(GunjinNews::Step(_)) => panic!("the move shown"),
            _ => {}
        }
    }
    // The disk has room again: the move is announced (to the seat that
    // came back, with its whole view), and the game goes on to its end,
    // every move stored.
    full.store(false, Ordering::Relaxed);
    waiter.stop_at = None;
    let outcome = common::play_out(&mut mover, &mut waiter).await;
    let plies = waiter.view.as_ref().unwrap().history().len();
    assert!(plies > 6, "{outcome:?} after {plies} moves");
    let entries = stored_moves(&db, &mover.table);
    assert!(entries as usize >= plies, "{entries} stored of {plies}");
}
