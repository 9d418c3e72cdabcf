//! What the Shogi CPU's Web Worker answers: a request read from JSON,
//! decided by `shogi-cpu`, written back. This crate is the only part of
//! the app that links the CPU, so the page's own wasm stays small and the
//! page never freezes while the CPU searches.

use std::cell::RefCell;

use shogi_cpu::{Budget, Deadline, Engine};
use shogi_rules::Game;
pub use shogi_worker_protocol as protocol;

mod analysis;

use protocol::{Answer, Ask, Decision, Level, Reply, Request};

thread_local! {
    /// One engine for the worker's life: its transposition table carries
    /// over from move to move of a game.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(8));
}

/// Reads a request, works it out, and writes the reply: the whole worker.
/// `now` is the worker's clock in milliseconds.
pub fn answer(request: &str, now: fn() -> f64) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(Request { id, ask }) => Reply {
            id,
            answer: work(ask, now),
        },
        Err(err) => Reply {
            id: worker_host::request_id(request),
            answer: Answer::Error {
                error: err.to_string(),
            },
        },
    };
    serde_json::to_string(&reply).expect("a reply always serialises")
}

fn work(ask: Ask, now: fn() -> f64) -> Answer {
    let answer = match ask {
        Ask::Move {
            level,
            seed,
            record,
            budget_ms,
        } => record
            .replay()
            .map(|game| decide(&game, level, seed, budget_ms, now))
            .map_err(|err| err.to_string()),
        Ask::Analyse {
            record,
            ply,
            nodes,
            before,
        } => analysis::judge(record, ply, nodes, before.as_ref(), now),
    };
    answer.unwrap_or_else(|error| Answer::Error { error })
}

/// The CPU's decision at the end of `game`.
fn decide(
    game: &Game,
    level: Level,
    seed: u64,
    budget_ms: Option<u32>,
    now: fn() -> f64,
) -> Answer {
    let start = now();
    // The top level thinks for its time (or the app's), whatever the
    // device's speed; the others search their nodes, within the app's
    // time if it gives one.
    let budget = match (budget_ms, level.style().clock_millis) {
        (ms, Some(own)) => Budget::clock(&now, f64::from(ms.unwrap_or(own))),
        (Some(ms), None) => Budget {
            deadline: Some(Deadline {
                now: &now,
                at: start + f64::from(ms),
            }),
            ..Budget::default()
        },
        (None, None) => Budget::default(),
    };
    let thought = ENGINE.with(|engine| {
        engine
            .borrow_mut()
            .think(game, level, seed, &budget, &mut |_| {})
    });
    let decision = match thought.decision {
        shogi_cpu::Decision::Move(mv) => Decision::Move(mv),
        shogi_cpu::Decision::Declare => Decision::Declare,
        shogi_cpu::Decision::Resign => Decision::Resign,
    };
    Answer::Move {
        decision,
        think_us: ((now() - start) * 1000.0).round() as u32,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use shogi_rules::{Game, Handicap, Position};

    use super::*;

    fn clock() -> f64 {
        0.0
    }

    fn ask(id: u32, ask: Ask) -> Answer {
        let text = serde_json::to_string(&Request { id, ask }).unwrap();
        let reply: Reply = serde_json::from_str(&answer(&text, clock)).unwrap();
        assert_eq!(reply.id, id);
        reply.answer
    }

    #[test]
    fn a_move_request_gets_a_legal_move_at_every_level() {
        let mut game = Game::handicap(Handicap::Bishop);
        game.play("5a4b".parse().unwrap()).unwrap();
        for level in [Level::Beginner, Level::Novice, Level::Amateur] {
            let reply = ask(
                3,
                Ask::Move {
                    level,
                    seed: 1,
                    record: game.record(),
                    budget_ms: None,
                },
            );
            let Answer::Move {
                decision: Decision::Move(mv),
                ..
            } = reply
            else {
                panic!("no move: {reply:?}");
            };
            assert!(game.position().is_legal(mv), "{level}: {mv}");
        }
    }

    /// A clock that moves on a millisecond each time it is read.
    fn ticking() -> f64 {
        static TICKS: AtomicU64 = AtomicU64::new(0);
        TICKS.fetch_add(1, Ordering::Relaxed) as f64
    }

    #[test]
    fn the_top_level_thinks_until_its_time_is_spent() {
        let game = Game::new(Position::start());
        let text = serde_json::to_string(&Request {
            id: 2,
            ask: Ask::Move {
                level: Level::Strong,
                seed: 1,
                record: game.record(),
                budget_ms: Some(100),
            },
        })
        .unwrap();
        let before = ticking();
        let reply: Reply = serde_json::from_str(&answer(&text, ticking)).unwrap();
        let Answer::Move {
            decision: Decision::Move(mv),
            think_us,
        } = reply.answer
        else {
            panic!("no move: {reply:?}");
        };
        assert!(game.position().is_legal(mv));
        // 100 ms less the 20 ms margin, not half of it.
        assert!(ticking() - before >= 80.0);
        assert!(think_us >= 80_000, "{think_us}");
    }

    #[test]
    fn a_lost_game_is_resigned() {
        // Fool's mate for Sente's opponent: Gote to move has no move.
        let mated = Position::from_sfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1").unwrap();
        let game = Game::new(mated);
        let reply = ask(
            1,
            Ask::Move {
                level: Level::Beginner,
                seed: 0,
                record: game.record(),
                budget_ms: Some(50),
            },
        );
        assert!(matches!(
            reply,
            Answer::Move {
                decision: Decision::Resign,
                ..
            }
        ));
    }

    #[test]
    fn an_analysis_judges_each_position_and_marks_a_blunder() {
        // Sente, a rook against a gold ahead, puts the rook beside the gold.
        let record: shogi_rules::Record = "sfen 4k4/6g2/9/9/9/9/2P6/7R1/4K4 b - 1 moves 2h2b+"
            .parse()
            .unwrap();
        let analyse = |ply, before| {
            ask(
                ply as u32,
                Ask::Analyse {
                    record: record.clone(),
                    ply,
                    nodes: Some(50_000),
                    before,
                },
            )
        };
        let Answer::Analyse {
            judgement, mark, ..
        } = analyse(0, None)
        else {
            panic!("no judgement");
        };
        assert_eq!(mark, None);
        assert!(judgement.sente_chance > 0.6, "{judgement:?}");
        assert_ne!(judgement.pv.first(), record.moves.first());
        let Answer::Analyse {
            judgement: after,
            mark,
            ..
        } = analyse(1, Some(judgement))
        else {
            panic!("no judgement");
        };
        assert_eq!(mark, Some(protocol::Mark::Blunder));
        assert!(after.sente_chance < 0.4, "{after:?}");
        assert!(matches!(analyse(2, None), Answer::Error { .. }));
    }

    #[test]
    fn a_bad_request_gets_an_error_with_its_id() {
        let request = r#"{"id":5,"ask":{"move":{"level":"grandmaster","seed":0,"record":{},"budget_ms":null}}}"#;
        let reply: Reply = serde_json::from_str(&answer(request, clock)).unwrap();
        assert_eq!(reply.id, 5);
        assert!(matches!(reply.answer, Answer::Error { .. }));
        let bad_move = r#"{"id":6,"ask":{"move":{"level":"club","seed":0,"record":{"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["5e5d"]},"budget_ms":null}}}"#;
        let reply: Reply = serde_json::from_str(&answer(bad_move, clock)).unwrap();
        assert_eq!(reply.id, 6);
        assert!(matches!(reply.answer, Answer::Error { .. }));
    }
}
