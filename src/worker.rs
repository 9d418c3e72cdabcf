//! The page's side of the app's CPU Web Workers (Gunjin Shogi's
//! `crates/gunjin-worker`, Shogi's `crates/shogi-worker`): each is started
//! once, on its first request, and kept; requests are JSON strings with an
//! id, and so are the replies. What the messages say is each protocol's
//! business (`cpu_client`, `shogi::cpu`); this module only carries them,
//! and notices when a worker fails.
//!
//! If a worker cannot be started at all, its requests answer
//! [`Outcome::Unavailable`]. If it crashes, overruns its time by far or
//! answers something that is not a reply, it is stopped (and started again
//! for the next request) and its waiting requests answer
//! [`Outcome::Failed`]. A request never hangs.

/// A worker: Trunk's loader for its binary, next to `index.html` (a
/// relative URL, so the app works from any path), and what it says once it
/// takes requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub url: &'static str,
    pub ready: &'static str,
}

/// How a worker dealt with a request.
// Natively there is no worker: every request is `Unavailable`.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The reply's text.
    Answer(String),
    Unavailable,
    /// It crashed, timed out or answered nonsense.
    Failed,
}

/// Sends the request that `text` writes for an id to the worker `spec`
/// and waits for its reply. Natively (in the unit tests) there is no
/// worker.
pub async fn ask(spec: Spec, text: impl FnOnce(u32) -> Option<String>) -> Outcome {
    #[cfg(target_arch = "wasm32")]
    {
        client::ask(spec, text).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        drop((spec, text));
        Outcome::Unavailable
    }
}

#[cfg(target_arch = "wasm32")]
mod client {
    //! The workers, their states and the requests waiting for them.

    use std::cell::RefCell;
    use std::collections::HashMap;

    use js_sys::{Function, Promise};
    use serde::Deserialize;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{MessageEvent, Worker};

    use super::{Outcome, Spec};

    /// How long a request may take before the worker is taken for stuck:
    /// far more than the longest think time (about a second) and the hints.
    const TIMEOUT_MS: i32 = 10_000;

    enum State {
        Idle,
        /// Started; requests wait until it says it is ready.
        Starting(Worker, Vec<String>),
        Ready(Worker),
        Unavailable,
    }

    /// What every reply has: the id of its request.
    #[derive(Deserialize)]
    struct Id {
        id: u32,
    }

    #[derive(Default)]
    struct Clients {
        workers: HashMap<Spec, State>,
        /// The worker and the `resolve` of each request's promise, by id.
        pending: HashMap<u32, (Spec, Function)>,
        next_id: u32,
    }

    thread_local! {
        static CLIENTS: RefCell<Clients> = RefCell::new(Clients::default());
    }

    /// Settles request `id` with `value`: the reply's text, `null` for
    /// unavailable, `undefined` for failed.
    fn settle(id: u32, value: &JsValue) {
        let resolve = CLIENTS.with(|c| c.borrow_mut().pending.remove(&id));
        if let Some((_, resolve)) = resolve {
            let _ = resolve.call1(&JsValue::NULL, value);
        }
    }

    /// Stops the worker after a failure and settles its waiting requests;
    /// the next request starts a new one, unless it never started at all.
    fn fail(spec: Spec, value: &JsValue) {
        let state = CLIENTS.with(|c| c.borrow_mut().workers.remove(&spec));
        let next = match state {
            Some(State::Starting(worker, _)) => {
                worker.terminate();
                State::Unavailable
            }
            Some(State::Ready(worker)) => {
                worker.terminate();
                State::Idle
            }
            other => other.unwrap_or(State::Idle),
        };
        let unavailable = matches!(next, State::Unavailable);
        let ids: Vec<u32> = CLIENTS.with(|c| {
            let mut c = c.borrow_mut();
            c.workers.insert(spec, next);
            c.pending
                .iter()
                .filter(|(_, (s, _))| *s == spec)
                .map(|(id, _)| *id)
                .collect()
        });
        let null = JsValue::NULL;
        for id in ids {
            settle(id, if unavailable { &null } else { value });
        }
    }

    /// The worker is ready: it gets the requests that waited for it.
    fn ready(spec: Spec) {
        let queue = CLIENTS.with(|c| {
            let mut c = c.borrow_mut();
            match c.workers.remove(&spec) {
                Some(State::Starting(worker, queue)) => {
                    c.workers.insert(spec, State::Ready(worker.clone()));
                    Some((worker, queue))
                }
                other => {
                    c.workers.insert(spec, other.unwrap_or(State::Idle));
                    None
                }
            }
        });
        if let Some((worker, queue)) = queue {
            for request in queue {
                let _ = worker.post_message(&JsValue::from_str(&request));
            }
        }
    }

    fn spawn(spec: Spec) -> Option<Worker> {
        let worker = Worker::new(spec.url).ok()?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(text) = event.data().as_string() else {
                return;
            };
            if text == spec.ready {
                ready(spec);
                return;
            }
            match serde_json::from_str::<Id>(&text) {
                Ok(reply) => settle(reply.id, &JsValue::from_str(&text)),
                Err(_) => fail(spec, &JsValue::UNDEFINED),
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            fail(spec, &JsValue::UNDEFINED);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // The worker lives as long as the page (or until it fails).
        on_message.forget();
        on_error.forget();
        Some(worker)
    }

    /// Sends (or queues) a request; false if there is no worker to be had.
    fn send(spec: Spec, text: String) -> bool {
        CLIENTS.with(|c| {
            let mut c = c.borrow_mut();
            let state = c.workers.entry(spec).or_insert(State::Idle);
            if matches!(state, State::Idle) {
                *state = match spawn(spec) {
                    Some(worker) => State::Starting(worker, Vec::new()),
                    None => State::Unavailable,
                };
            }
            match state {
                State::Starting(_, queue) => {
                    queue.push(text);
                    true
                }
                State::Ready(worker) => worker.post_message(&JsValue::from_str(&text)).is_ok(),
                State::Idle | State::Unavailable => false,
            }
        })
    }

    /// Sends a request (starting the worker if need be) and waits for its
    /// reply.
    pub async fn ask(spec: Spec, text: impl FnOnce(u32) -> Option<String>) -> Outcome {
        let id = CLIENTS.with(|c| {
            let mut c = c.borrow_mut();
            c.next_id = c.next_id.wrapping_add(1).max(1);
            c.next_id
        });
        let Some(text) = text(id) else {
            return Outcome::Failed;
        };
        let promise = Promise::new(&mut |resolve, _reject| {
            CLIENTS.with(|c| c.borrow_mut().pending.insert(id, (spec, resolve)));
        });
        if !send(spec, text) {
            settle(id, &JsValue::NULL);
        }
        let timeout = Closure::once(move || {
            if CLIENTS.with(|c| c.borrow().pending.contains_key(&id)) {
                fail(spec, &JsValue::UNDEFINED);
            }
        });
        let window = web_sys::window();
        let timer = window.as_ref().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(
                timeout.as_ref().unchecked_ref(),
                TIMEOUT_MS,
            )
            .ok()
        });
        let value = JsFuture::from(promise).await.unwrap_or(JsValue::UNDEFINED);
        if let (Some(w), Some(timer)) = (window, timer) {
            w.clear_timeout_with_handle(timer);
        }
        drop(timeout);
        if value.is_null() {
            return Outcome::Unavailable;
        }
        value.as_string().map_or(Outcome::Failed, Outcome::Answer)
    }
}
