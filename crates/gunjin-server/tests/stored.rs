//! The stored formats of earlier builds still read: `fixtures/tables-v1.*`
//! was written by the build before the table's typed stage (a table
//! waiting, one in its setup with a draft, one in play, one against the
//! CPU, one over), `fixtures/tables-v2.*` by the build before each table's
//! count of entries (a table in play, one against the CPU, one over), and
//! every seat in them resumes.

mod common;

use std::path::Path;

use common::bot::Bot;
use gunjin_rules::{Color, DrawReason, Outcome, Rules, Template};
use gunjin_server::Server;
use gunjin_table::{GunjinNews, Phase, ServerMessage, TableNews};

/// One seat of the fixture: `stage table token side ply`.
struct Line {
    stage: String,
    table: String,
    token: String,
    side: Color,
    ply: usize,
}

fn fixture_lines(name: &str) -> Vec<Line> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::read_to_string(dir.join(format!("{name}.txt")))
        .unwrap()
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split(' ').collect();
            Line {
                stage: f[0].to_owned(),
                table: f[1].to_owned(),
                token: f[2].to_owned(),
                side: if f[3] == "south" {
                    Color::South
                } else {
                    Color::North
                },
                ply: f[4].parse().unwrap(),
            }
        })
        .collect()
}

/// Messages until `done` says what it waited for is there.
async fn until(bot: &mut Bot, mut done: impl FnMut(&ServerMessage) -> bool) {
    while !done(&bot.recv().await.unwrap()) {}
}

/// The seat of a fixture's line, taken back.
async fn resume(addr: std::net::SocketAddr, line: &Line) -> Bot {
    let bot = Bot::resume(addr, 1, &line.table, &line.token)
        .await
        .unwrap_or_else(|e| panic!("{} {}: {e}", line.stage, line.table));
    assert_eq!(bot.side, line.side);
    bot
}

/// Messages until the game's view comes, at `ply` (or a few more, where
/// the CPU moved on since).
async fn view_at(bot: &mut Bot, ply: usize) {
    until(bot, |m| {
        matches!(m, ServerMessage::Gunjin(GunjinNews::Game { view, .. }) if view.ply() >= ply
            && view.history().len() < ply + 4)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_by_the_previous_build_resume() {
    let scratch = common::Scratch::new("stored-v1");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tables-v1.sqlite3");
    std::fs::copy(fixture, &scratch.config().db).unwrap();
    let server = Server::start(scratch.config()).await.unwrap();
    for line in fixture_lines("tables-v1") {
        let mut bot = resume(server.addr, &line).await;
        match line.stage.as_str() {
            "waiting" => until(&mut bot, |m| {
                matches!(m, ServerMessage::Table(TableNews::State(t)) if t.phase == Phase::Waiting
                        && t.rules == Rules::TRADITIONAL
                        && t.seats.south.as_ref().is_some_and(|s| s.name == "host"))
            })
            .await,
            // The stored setup timer ran out long ago: the game starts at
            // once, from South's draft of three pieces.
            "setup" => {
                let template = Template::ALL[1].setup();
                until(&mut bot, |m| match m {
                    ServerMessage::Gunjin(GunjinNews::Game { view, .. }) => {
                        line.side == Color::North
                            || (0..3).all(|s| {
                                view.own_setup().unwrap().slots()[s] == template.slots()[s]
                            })
                    }
                    _ => false,
                })
                .await
            }
            "play" | "cpu" => view_at(&mut bot, line.ply).await,
            "over" => {
                until(&mut bot, |m| {
                    matches!(m, ServerMessage::Gunjin(GunjinNews::Over { outcome, record })
                        if *outcome == Outcome::Draw { reason: DrawReason::MoveLimit }
                            && record.moves.len() == line.ply)
                })
                .await
            }
            other => panic!("unknown stage {other}"),
        }
    }
    server.stop().await;
}

/// The store of the build before the count of entries: it takes the step
/// that adds the count, its tables resume where they were (a game in play,
/// one against the CPU, one over after a resignation), and a move played
/// now is counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_before_the_count_of_entries_resume() {
    let scratch = common::Scratch::new("stored-v2");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tables-v2.sqlite3");
    std::fs::copy(fixture, &scratch.config().db).unwrap();
    let server = Server::start(scratch.config()).await.unwrap();
    let mut players = Vec::new();
    for line in fixture_lines("tables-v2") {
        let mut bot = resume(server.addr, &line).await;
        match line.stage.as_str() {
            "play" => {
                bot.play_until(line.ply).await.unwrap();
                assert_eq!(bot.view.as_ref().unwrap().ply(), line.ply);
                players.push(bot);
            }
            "cpu" => {
                view_at(&mut bot, line.ply).await
            }
            "over" => {
                until(&mut bot, |m| {
                    matches!(m, ServerMessage::Gunjin(GunjinNews::Over { record, .. }) if record.moves.len() == line.ply)
                })
                .await
            }
            other => panic!("unknown stage {other}"),
        }
    }
    // The game in play goes on, and its next move is counted.
    let [mut a, mut b] = <[Bot; 2]>::try_from(players).ok().unwrap();
    let (table, ply) = (a.table.clone(), a.view.as_ref().unwrap().ply());
    for bot in [&mut a, &mut b] {
        bot.stop_at = None;
        bot.move_if_my_turn().await.unwrap();
    }
    common::play_until(&mut a, &mut b, ply + 1).await;
    server.stop().await;
    let db = rusqlite::Connection::open(scratch.config().db).unwrap();
    let counted: i64 = db
        .query_row("SELECT plies FROM tables WHERE id = ?1", [&table], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(counted as usize > ply, "{counted} counted after {ply}");
}
