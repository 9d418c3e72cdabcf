//! The stored formats of earlier builds still read: `fixtures/tables-v1.*`
//! was written by the build before the table's typed stage (a table
//! waiting, one in its setup with a draft, one in play, one against the
//! CPU, one over), and every seat in it resumes.

mod common;

use std::path::Path;

use common::bot::Bot;
use gunjin_rules::{Color, DrawReason, Outcome, Rules, Template};
use gunjin_server::Server;
use gunjin_table::{Phase, ServerMessage};

/// One seat of the fixture: `stage table token side ply`.
struct Line {
    stage: String,
    table: String,
    token: String,
    side: Color,
    ply: usize,
}

fn fixture_lines() -> Vec<Line> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::read_to_string(dir.join("tables-v1.txt"))
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_by_the_previous_build_resume() {
    let scratch = common::Scratch::new("stored-v1");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tables-v1.sqlite3");
    std::fs::copy(fixture, &scratch.config().db).unwrap();
    let server = Server::start(scratch.config()).await.unwrap();
    for line in fixture_lines() {
        let mut bot = Bot::resume(server.addr, 1, &line.table, &line.token)
            .await
            .unwrap_or_else(|e| panic!("{} {}: {e}", line.stage, line.table));
        assert_eq!(bot.side, line.side);
        match line.stage.as_str() {
            "waiting" => {
                until(&mut bot, |m| {
                    matches!(m, ServerMessage::Table(t) if t.phase == Phase::Waiting
                        && t.rules == Rules::TRADITIONAL
                        && t.seats.south.as_ref().is_some_and(|s| s.name == "host"))
                })
                .await
            }
            // The stored setup timer ran out long ago: the game starts at
            // once, from South's draft of three pieces.
            "setup" => {
                let template = Template::ALL[1].setup();
                until(&mut bot, |m| match m {
                    ServerMessage::Game { view, .. } => {
                        line.side == Color::North
                            || (0..3).all(|s| {
                                view.own_setup().unwrap().slots()[s] == template.slots()[s]
                            })
                    }
                    _ => false,
                })
                .await
            }
            "play" | "cpu" => {
                until(&mut bot, |m| {
                    matches!(m, ServerMessage::Game { view, .. } if view.ply() >= line.ply
                        && view.history().len() < line.ply + 4)
                })
                .await
            }
            "over" => {
                until(&mut bot, |m| {
                    matches!(m, ServerMessage::Over { outcome, record }
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
