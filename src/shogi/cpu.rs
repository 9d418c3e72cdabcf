//! Asks the Shogi CPU's Web Worker (`crates/shogi-worker`, the only crate
//! that links `shogi-cpu`) for its decision, through the app's worker
//! client. A decision the rules do not allow, or a worker that fails
//! mid-game, is replaced by a legal move drawn at random, so a game never
//! hangs; only a worker that cannot be started at all stops play.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use shogi_rules::{Game, Record};
use shogi_worker_protocol::{Answer, Ask, Decision, Judgement, Level, Mark, READY, Reply, Request};

use crate::cpu_client::Unavailable;
use crate::worker;

const WORKER: worker::Spec = worker::Spec {
    url: "./shogi_worker_loader.js",
    ready: READY,
};

/// The CPU's decision for the side to move in `game`.
pub async fn decide(level: Level, seed: u64, game: &Game) -> Result<Decision, Unavailable> {
    // Let the browser paint the player's move before the CPU answers.
    gloo_timers::future::TimeoutFuture::new(30).await;
    let ask = Ask::Move {
        level,
        seed,
        record: game.record(),
        budget_ms: None,
    };
    let text = |id| serde_json::to_string(&Request { id, ask }).ok();
    let answer = match worker::ask(WORKER, text).await {
        worker::Outcome::Unavailable => return Err(Unavailable),
        worker::Outcome::Answer(text) => serde_json::from_str::<Reply>(&text).ok(),
        worker::Outcome::Failed => None,
    };
    Ok(match answer.map(|reply| reply.answer) {
        Some(Answer::Move { decision, .. }) if allowed(game, decision) => decision,
        _ => fallback(game, seed),
    })
}

/// The engine's judgement of the position after `ply` moves of `record`,
/// and the mark of the move into it when the judgement `before` it is
/// given; none if the worker cannot say.
pub async fn analyse(
    record: Record,
    ply: usize,
    before: Option<Judgement>,
) -> Option<(Judgement, Option<Mark>)> {
    let ask = Ask::Analyse {
        record,
        ply,
        nodes: None,
        before,
    };
    let text = |id| serde_json::to_string(&Request { id, ask }).ok();
    let worker::Outcome::Answer(text) = worker::ask(WORKER, text).await else {
        return None;
    };
    match serde_json::from_str::<Reply>(&text).ok()?.answer {
        Answer::Analyse {
            judgement, mark, ..
        } => Some((judgement, mark)),
        _ => None,
    }
}

/// Whether the rules allow `decision` now.
fn allowed(game: &Game, decision: Decision) -> bool {
    let position = game.position();
    match decision {
        Decision::Move(mv) => position.is_legal(mv),
        Decision::Declare => position.can_declare(),
        Decision::Resign => true,
    }
}

/// A random legal move (or resignation without one), for a worker that
/// failed.
fn fallback(game: &Game, seed: u64) -> Decision {
    let mut rng = SmallRng::seed_from_u64(seed);
    game.position()
        .legal_moves()
        .choose(&mut rng)
        .map_or(Decision::Resign, |&mv| Decision::Move(mv))
}

#[cfg(test)]
mod tests {
    use shogi_rules::Position;

    use super::*;

    #[test]
    fn only_what_the_rules_allow_is_taken() {
        let game = Game::new(Position::start());
        assert!(allowed(&game, Decision::Move("7g7f".parse().unwrap())));
        assert!(!allowed(&game, Decision::Move("7g7e".parse().unwrap())));
        assert!(!allowed(&game, Decision::Declare));
        let Decision::Move(mv) = fallback(&game, 3) else {
            panic!("no move");
        };
        assert!(game.position().is_legal(mv));
    }
}
