//! Asks the CPU for its move without blocking the page: the thinking
//! happens in a Web Worker (`src/bin/cpu_worker.rs`), started once and kept.
//!
//! If the worker cannot be started (no workers, the script missing), the
//! CPU thinks on the main thread instead, with the same level and seed. If
//! the worker crashes or overruns its budget by far, it is stopped (and
//! started again for the next move) and the move comes from the random
//! level on the main thread, which is instant: the game never hangs.
//! A move the worker returns is checked against the view's legal moves.

use gunjin_cpu::Level;
use gunjin_rules::{Move, View};

use crate::cpu_protocol;
#[cfg(target_arch = "wasm32")]
use crate::cpu_protocol::{Reply, Request};

/// Where a move was worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Worker,
    /// The worker could not be used: the same level on the main thread.
    MainThread,
    /// The worker failed mid-move: a random legal move.
    Fallback,
}

/// A move and how it was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thought {
    pub mv: Option<Move>,
    /// Time spent thinking, as measured where the thinking happened.
    pub think_ms: f64,
    pub source: Source,
}

/// The CPU's move in `view` at `level`, deterministic for a `seed` (given
/// the same think time); `None` only if the CPU has no legal move.
pub async fn cpu_move(level: Level, seed: u64, view: &View) -> Option<Move> {
    think(level, seed, view).await.mv
}

/// [`cpu_move`] with a think time of the caller's choosing (milliseconds)
/// instead of the level's own.
pub async fn cpu_move_within(level: Level, seed: u64, view: &View, budget_ms: f64) -> Option<Move> {
    think_within(level, seed, view, budget_ms).await.mv
}

/// [`cpu_move`], also telling how long it took and where it was computed.
pub async fn think(level: Level, seed: u64, view: &View) -> Thought {
    think_within(level, seed, view, cpu_protocol::budget_ms(level)).await
}

async fn think_within(level: Level, seed: u64, view: &View, budget_ms: f64) -> Thought {
    let legal = |mv: Option<Move>| match mv {
        Some(mv) => view.legal_moves().contains(&mv),
        None => view.legal_moves().is_empty(),
    };
    #[cfg(target_arch = "wasm32")]
    {
        let request = Request {
            id: 0,
            level,
            seed,
            view: view.clone(),
            budget_ms,
        };
        match worker::ask(request).await {
            worker::Answer::Reply(Reply {
                mv,
                think_ms,
                error: None,
                ..
            }) if legal(mv) => {
                return Thought {
                    mv,
                    think_ms,
                    source: Source::Worker,
                };
            }
            worker::Answer::Unavailable => {}
            // A crash, a timeout, a bad answer: a quick move on this thread.
            _ => return on_main_thread(Level::Random, seed, view, 0.0, Source::Fallback),
        }
    }
    let thought = on_main_thread(level, seed, view, budget_ms, Source::MainThread);
    debug_assert!(legal(thought.mv));
    thought
}

fn on_main_thread(level: Level, seed: u64, view: &View, budget_ms: f64, source: Source) -> Thought {
    let start = now();
    let mv = cpu_protocol::think(level, seed, view, budget_ms, now);
    Thought {
        mv,
        think_ms: now() - start,
        source,
    }
}

/// The main thread's clock in milliseconds.
#[cfg(target_arch = "wasm32")]
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

#[cfg(not(target_arch = "wasm32"))]
fn now() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(target_arch = "wasm32")]
mod worker {
    //! The one worker, its state and the requests waiting for it.

    use std::cell::RefCell;
    use std::collections::HashMap;

    use js_sys::{Function, Promise};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{MessageEvent, Worker};

    use crate::cpu_protocol::{READY, Reply, Request};

    /// Trunk's loader for the worker binary, next to `index.html` (a
    /// relative URL, so the app works from any path).
    const WORKER_URL: &str = "./cpu_worker_loader.js";

    /// How long past its budget a move may take before the worker is
    /// taken for stuck.
    const GRACE_MS: f64 = 10_000.0;

    pub enum Answer {
        Reply(Reply),
        /// The worker could not be started (and will not be tried again).
        Unavailable,
        /// It crashed, timed out or answered nonsense.
        Failed,
    }

    enum State {
        Idle,
        /// Started; requests wait until it says it is ready.
        Starting(Worker, Vec<String>),
        Ready(Worker),
        Unavailable,
    }

    struct Client {
        state: State,
        /// The `resolve` of each request's promise, by id.
        pending: HashMap<u32, Function>,
        next_id: u32,
    }

    thread_local! {
        static CLIENT: RefCell<Client> = RefCell::new(Client {
            state: State::Idle,
            pending: HashMap::new(),
            next_id: 1,
        });
    }

    /// Settles request `id` with `value`: the reply's text, `null` for
    /// unavailable, `undefined` for failed.
    fn settle(id: u32, value: &JsValue) {
        let resolve = CLIENT.with(|c| c.borrow_mut().pending.remove(&id));
        if let Some(resolve) = resolve {
            let _ = resolve.call1(&JsValue::NULL, value);
        }
    }

    /// Settles every waiting request.
    fn settle_all(value: &JsValue) {
        let ids: Vec<u32> = CLIENT.with(|c| c.borrow().pending.keys().copied().collect());
        for id in ids {
            settle(id, value);
        }
    }

    /// Stops the worker after a failure; the next request starts a new one,
    /// unless it never started at all.
    fn fail(value: &JsValue) {
        let state = CLIENT.with(|c| std::mem::replace(&mut c.borrow_mut().state, State::Idle));
        let next = match state {
            State::Starting(worker, _) => {
                worker.terminate();
                State::Unavailable
            }
            State::Ready(worker) => {
                worker.terminate();
                State::Idle
            }
            other => other,
        };
        let unavailable = matches!(next, State::Unavailable);
        CLIENT.with(|c| c.borrow_mut().state = next);
        let null = JsValue::NULL;
        settle_all(if unavailable { &null } else { value });
    }

    fn spawn() -> Option<Worker> {
        let worker = Worker::new(WORKER_URL).ok()?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
            let Some(text) = event.data().as_string() else {
                return;
            };
            if text == READY {
                let queue = CLIENT.with(|c| {
                    let mut c = c.borrow_mut();
                    match std::mem::replace(&mut c.state, State::Idle) {
                        State::Starting(worker, queue) => {
                            c.state = State::Ready(worker.clone());
                            Some((worker, queue))
                        }
                        other => {
                            c.state = other;
                            None
                        }
                    }
                });
                if let Some((worker, queue)) = queue {
                    for request in queue {
                        let _ = worker.post_message(&JsValue::from_str(&request));
                    }
                }
                return;
            }
            match serde_json::from_str::<Reply>(&text) {
                Ok(reply) => settle(reply.id, &JsValue::from_str(&text)),
                Err(_) => fail(&JsValue::UNDEFINED),
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
            event.prevent_default();
            fail(&JsValue::UNDEFINED);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // The worker lives as long as the page (or until it fails).
        on_message.forget();
        on_error.forget();
        Some(worker)
    }

    /// Sends (or queues) a request; false if there is no worker to be had.
    fn send(text: String) -> bool {
        CLIENT.with(|c| {
            let mut c = c.borrow_mut();
            if matches!(c.state, State::Idle) {
                c.state = match spawn() {
                    Some(worker) => State::Starting(worker, Vec::new()),
                    None => State::Unavailable,
                };
            }
            match &mut c.state {
                State::Starting(_, queue) => {
                    queue.push(text);
                    true
                }
                State::Ready(worker) => worker.post_message(&JsValue::from_str(&text)).is_ok(),
                State::Idle | State::Unavailable => false,
            }
        })
    }

    /// Asks the worker for a move and waits for its answer.
    pub async fn ask(mut request: Request) -> Answer {
        let id = CLIENT.with(|c| {
            let mut c = c.borrow_mut();
            let id = c.next_id;
            c.next_id = c.next_id.wrapping_add(1).max(1);
            id
        });
        request.id = id;
        let Ok(text) = serde_json::to_string(&request) else {
            return Answer::Failed;
        };
        let promise = Promise::new(&mut |resolve, _reject| {
            CLIENT.with(|c| c.borrow_mut().pending.insert(id, resolve));
        });
        if !send(text) {
            settle(id, &JsValue::NULL);
        }
        let timeout = Closure::once(move || {
            if CLIENT.with(|c| c.borrow().pending.contains_key(&id)) {
                fail(&JsValue::UNDEFINED);
            }
        });
        let window = web_sys::window();
        let timer = window.as_ref().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(
                timeout.as_ref().unchecked_ref(),
                (request.budget_ms + super::worker::GRACE_MS) as i32,
            )
            .ok()
        });
        let value = JsFuture::from(promise).await.unwrap_or(JsValue::UNDEFINED);
        if let (Some(w), Some(timer)) = (window, timer) {
            w.clear_timeout_with_handle(timer);
        }
        drop(timeout);
        if value.is_null() {
            return Answer::Unavailable;
        }
        value
            .as_string()
            .and_then(|text| serde_json::from_str(&text).ok())
            .map_or(Answer::Failed, Answer::Reply)
    }
}

/// Browser hooks for the end-to-end tests and the think-time measurement:
/// `window.wasmBindings.gunjinCpuProbe(level, seed, plies)` plays `plies`
/// random moves of a random game drawn from `seed`, asks the CPU for the
/// side to move's move, and resolves to JSON: the move, whether it is legal,
/// where it was computed, the think time in the worker and the wall time
/// on the page.
#[cfg(target_arch = "wasm32")]
mod probe {
    use gunjin_cpu::Level;
    use gunjin_rules::{Color, Rules, random_game};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use wasm_bindgen::prelude::*;

    /// A position after up to `plies` random moves, as the side to move sees it.
    fn position(seed: u32, plies: u32) -> gunjin_rules::View {
        let mut rng = SmallRng::seed_from_u64(u64::from(seed));
        let rules = if seed.is_multiple_of(2) {
            Rules::KIRAKUKEN
        } else {
            Rules::TRADITIONAL
        };
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

    #[wasm_bindgen(js_name = gunjinCpuProbe)]
    pub async fn probe(level: String, seed: u32, plies: u32) -> Result<JsValue, JsValue> {
        let level: Level = level
            .parse()
            .map_err(|_| JsValue::from_str(&format!("no level {level}")))?;
        let view = position(seed, plies);
        let start = super::now();
        let thought = super::think(level, u64::from(seed), &view).await;
        let wall_ms = super::now() - start;
        let legal = thought
            .mv
            .is_some_and(|mv| view.legal_moves().contains(&mv));
        let json = format!(
            r#"{{"move":{},"legal":{},"source":"{:?}","think_ms":{},"wall_ms":{},"legal_moves":{}}}"#,
            thought
                .mv
                .map_or("null".to_owned(), |mv| format!("\"{mv}\"")),
            legal,
            thought.source,
            thought.think_ms,
            wall_ms,
            view.legal_moves().len()
        );
        Ok(JsValue::from_str(&json))
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{Color, Rules, random_game};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::cpu_protocol::{Reply, Request};

    #[test]
    fn the_main_thread_path_gives_a_legal_move() {
        let mut rng = SmallRng::seed_from_u64(3);
        let game = random_game(Rules::KIRAKUKEN, &mut rng);
        let view = game.view(game.view(Color::South).turn());
        for level in [Level::Random, Level::Easy] {
            let thought = on_main_thread(level, 9, &view, 20.0, Source::MainThread);
            assert!(view.legal_moves().contains(&thought.mv.unwrap()));
        }
    }

    #[test]
    fn the_worker_answers_a_request_by_its_id() {
        let mut rng = SmallRng::seed_from_u64(4);
        let game = random_game(Rules::TRADITIONAL, &mut rng);
        let view = game.view(game.view(Color::South).turn());
        let request = Request {
            id: 42,
            level: Level::Greedy,
            seed: 1,
            view: view.clone(),
            budget_ms: 10.0,
        };
        let text = serde_json::to_string(&request).unwrap();
        let reply: Reply = serde_json::from_str(&cpu_protocol::answer(&text, now)).unwrap();
        assert_eq!(reply.id, 42);
        assert!(reply.error.is_none());
        assert!(view.legal_moves().contains(&reply.mv.unwrap()));
        let reply: Reply =
            serde_json::from_str(&cpu_protocol::answer(r#"{"id":7,"level":"x"}"#, now)).unwrap();
        assert_eq!(reply.id, 7);
        assert!(reply.error.is_some());
    }
}
