//! Asks the CPU's Web Worker (`crates/gunjin-worker`, the only crate that
//! links the CPU) for moves, setups and hints, so the page never freezes
//! and its own wasm stays small. The worker is started once and kept.
//!
//! If the worker cannot be started at all, the game cannot be played: the
//! callers get [`Unavailable`] and say so. If it crashes, overruns its time
//! by far or answers nonsense, it is stopped (and started again for the
//! next request) and the answer comes from chance instead: a random legal
//! move, a random setup, no hints. The game never hangs. A move the worker
//! returns is checked against the view's legal moves.

use gunjin_rules::{Move, Record, Rules, Setup, View};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

use crate::cpu_protocol::{
    Answer, Ask, Game, Hint, Level, PlyReview, READY, Reply, Request, ReviewAnswer, ReviewReply,
};
use crate::worker;

/// The worker could not be started: the app cannot ask the CPU anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable;

/// Where a move was worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Worker,
    /// The worker failed mid-move: a random legal move.
    Fallback,
}

/// A move and how it was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thought {
    pub mv: Option<Move>,
    /// Time spent thinking, as measured in the worker.
    pub think_ms: f64,
    pub source: Source,
}

/// The Gunjin CPU's worker.
const WORKER: worker::Spec = worker::Spec {
    url: "./cpu_worker_loader.js",
    ready: READY,
};

/// How the worker dealt with a request.
enum Outcome {
    Answer(Answer),
    Unavailable,
    /// It crashed, timed out or answered nonsense.
    Failed,
}

/// Sends `ask` to the worker and waits for the text of its reply.
async fn send(ask: Ask) -> worker::Outcome {
    let text = |id| {
        serde_json::to_string(&Request {
            id,
            game: Game::Gunjin,
            ask,
        })
        .ok()
    };
    worker::ask(WORKER, text).await
}

/// Sends `ask` to the worker and waits for its answer.
async fn ask(ask: Ask) -> Outcome {
    match send(ask).await {
        worker::Outcome::Answer(text) => serde_json::from_str::<Reply>(&text)
            .map_or(Outcome::Failed, |reply| Outcome::Answer(reply.answer)),
        worker::Outcome::Unavailable => Outcome::Unavailable,
        worker::Outcome::Failed => Outcome::Failed,
    }
}

/// The CPU's move in `view` at `level`,
/// deterministic for a `seed` given the same think time; `None` only if the
/// CPU has no legal move.
pub async fn think(level: Level, seed: u64, view: &View) -> Result<Thought, Unavailable> {
    let request = Ask::Move {
        level,
        seed,
        view: view.clone(),
        budget_ms: None,
    };
    let legal = |mv: Option<Move>| match mv {
        Some(mv) => view.legal_moves().contains(&mv),
        None => view.legal_moves().is_empty(),
    };
    match ask(request).await {
        Outcome::Answer(Answer::Move { mv, think_us }) if legal(mv) => Ok(Thought {
            mv,
            think_ms: f64::from(think_us) / 1000.0,
            source: Source::Worker,
        }),
        Outcome::Unavailable => Err(Unavailable),
        _ => Ok(Thought {
            mv: random_move(view, seed),
            think_ms: 0.0,
            source: Source::Fallback,
        }),
    }
}

/// The CPU's hidden setup at `level` for a new game under `rules`.
pub async fn setup(level: Level, rules: Rules, seed: u64) -> Result<Setup, Unavailable> {
    let request = Ask::Setup { level, rules, seed };
    match ask(request).await {
        Outcome::Answer(Answer::Setup { setup }) if setup.check(rules).is_ok() => Ok(setup),
        Outcome::Unavailable => Err(Unavailable),
        _ => Ok(Setup::random(rules, &mut SmallRng::seed_from_u64(seed))),
    }
}

/// What each enemy piece in `view` (the player's own) can still be; `None`
/// if the worker could not tell.
pub async fn hints(view: &View) -> Option<Vec<Hint>> {
    match ask(Ask::Hints { view: view.clone() }).await {
        Outcome::Answer(Answer::Hints { hints }) => Some(hints),
        _ => None,
    }
}

/// The review of move `ply` of a finished game (0: the start); `None` if
/// the worker could not tell.
pub async fn review(record: &Record, ply: u16, seed: u64) -> Option<PlyReview> {
    let ask = Ask::Review {
        record: record.clone(),
        ply,
        seed,
    };
    // Read here, not by `ask`: see `ReviewReply`.
    let worker::Outcome::Answer(text) = send(ask).await else {
        return None;
    };
    match serde_json::from_str::<ReviewReply>(&text).ok()?.answer {
        ReviewAnswer::Review { review } => Some(review),
        ReviewAnswer::Error { .. } => None,
    }
}

/// A random legal move, for when the worker fails mid-game.
fn random_move(view: &View, seed: u64) -> Option<Move> {
    let mut rng = SmallRng::seed_from_u64(seed ^ view.ply() as u64);
    view.legal_moves().choose(&mut rng).copied()
}

/// Browser hooks for the end-to-end tests and the think-time measurement:
/// `window.wasmBindings.gunjinCpuProbe(level, seed, plies, mode)` plays
/// `plies` random moves of a random game drawn from `seed` (of the mode
/// named by its rule-code prefix, `c25`, or the standard game), asks the
/// CPU for the
/// side to move's move, and resolves to JSON: the move, whether it is legal,
/// where it was computed, the think time in the worker and the wall time
/// on the page.
#[cfg(target_arch = "wasm32")]
mod probe {
    use gunjin_rules::{Color, Mode, Rules, random_game};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use wasm_bindgen::prelude::*;

    /// A position after up to `plies` random moves, as the side to move sees it.
    fn position(seed: u32, plies: u32, mode: Mode) -> gunjin_rules::View {
        let mut rng = SmallRng::seed_from_u64(u64::from(seed));
        let preset = if seed.is_multiple_of(2) {
            Rules::KIRAKUKEN
        } else {
            Rules::TRADITIONAL
        };
        let rules = Rules { mode, ..preset };
        let mut game = random_game(rules, &mut rng);
        for _ in 0..plies {
            let turn = game.view(Color::South).turn();
            let moves = game.view(turn).legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let mut next = game.clone();
            next.play(mv).expect("a legal move is accepted");
            if next.outcome().is_some() {
                break;
            }
            game = next;
        }
        let turn = game.view(Color::South).turn();
        game.view(turn)
    }

    /// A probe's report, or why there is none.
    type Report = Result<JsValue, JsValue>;
    /// A probe on its way: made in the pages' module, awaited by the hook.
    type Probing = core::pin::Pin<Box<dyn Future<Output = Report>>>;

    #[wasm_bindgen(js_name = gunjinCpuProbe)]
    pub async fn hook(level: String, seed: u32, plies: u32, mode: Option<String>) -> Report {
        load(level, seed, plies, mode)
            .await
            .map_err(|_| JsValue::from_str("the pages' module did not load"))?
            .await
    }

    /// [`probe`], with the CPU client it drives in the pages' module, not
    /// in the first load (a hook is a root of the module that exports it).
    #[cfg(feature = "split")]
    #[leptos::wasm_split::wasm_split(pages, fallible, wasm_split_path = leptos::wasm_split)]
    fn load(
        level: String,
        seed: u32,
        plies: u32,
        mode: Option<String>,
    ) -> Result<Probing, leptos::wasm_split::SplitLoaderError> {
        Ok(Box::pin(probe(level, seed, plies, mode)))
    }

    #[cfg(not(feature = "split"))]
    async fn load(
        level: String,
        seed: u32,
        plies: u32,
        mode: Option<String>,
    ) -> Result<Probing, leptos::wasm_split::SplitLoaderError> {
        Ok(Box::pin(probe(level, seed, plies, mode)))
    }

    async fn probe(level: String, seed: u32, plies: u32, mode: Option<String>) -> Report {
        let level = level
            .parse::<crate::cpu_protocol::Level>()
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let mode = match mode {
            None => Mode::Standard,
            Some(code) => Mode::ALL
                .into_iter()
                .find(|m| m.code() == Some(code.as_str()))
                .ok_or_else(|| JsValue::from_str("no such mode"))?,
        };
        let view = position(seed, plies, mode);
        let start = now();
        let thought = super::think(level, u64::from(seed), &view)
            .await
            .map_err(|_| JsValue::from_str("no worker"))?;
        let wall_ms = now() - start;
        let legal = thought
            .mv
            .is_some_and(|mv| view.legal_moves().contains(&mv));
        // Built by the browser: formatting the times here would link
        // Rust's float printing into the app for a test hook.
        let report = js_sys::Object::new();
        let fields: [(&str, JsValue); 6] = [
            (
                "move",
                thought.mv.map_or(JsValue::NULL, |mv| mv.to_string().into()),
            ),
            ("legal", legal.into()),
            ("source", format!("{:?}", thought.source).into()),
            ("think_ms", thought.think_ms.into()),
            ("wall_ms", wall_ms.into()),
            ("legal_moves", view.legal_moves().len().into()),
        ];
        for (key, value) in fields {
            js_sys::Reflect::set(&report, &key.into(), &value)?;
        }
        Ok(js_sys::JSON::stringify(&report)?.into())
    }

    /// The page's clock in milliseconds.
    fn now() -> f64 {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or_else(js_sys::Date::now, |p| p.now())
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{Color, random_game};

    use super::*;

    #[test]
    fn the_fallback_move_is_legal_and_repeatable() {
        let mut rng = SmallRng::seed_from_u64(3);
        let game = random_game(Rules::KIRAKUKEN, &mut rng);
        let view = game.view(game.view(Color::South).turn());
        let mv = random_move(&view, 9);
        assert!(view.legal_moves().contains(&mv.unwrap()));
        assert_eq!(random_move(&view, 9), mv);
    }
}
