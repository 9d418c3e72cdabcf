//! The message loop of a CPU Web Worker, shared by the app's two workers
//! (`gunjin-worker` and `shogi-worker`), so that each worker's binary is
//! only its answer: a request comes in as a JSON string, the answer goes
//! back as one, and the worker says `ready` once it can take requests.

/// The id of a request that did not read, if at least that can be read,
/// so that the app stops waiting for it (`u32::MAX` otherwise).
pub fn request_id(request: &str) -> u32 {
    serde_json::from_str::<serde_json::Value>(request)
        .ok()
        .and_then(|v| v.get("id")?.as_u64())
        .and_then(|id| u32::try_from(id).ok())
        .unwrap_or(u32::MAX)
}

/// Installs `answer` as the worker's message handler and tells the page it
/// is ready. `answer` gets each request's text and the worker's clock in
/// milliseconds, and returns the reply's text.
#[cfg(target_arch = "wasm32")]
pub fn serve(ready: &'static str, answer: fn(&str, fn() -> f64) -> String) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(request) = event.data().as_string() else {
            return;
        };
        let reply = answer(&request, now);
        // Posting a string to the page cannot fail.
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Requests sent before this point were dropped: the app waits for this.
    let _ = scope.post_message(&JsValue::from_str(ready));
}

/// Natively there is no worker: the binaries exist only for the browser.
#[cfg(not(target_arch = "wasm32"))]
pub fn serve(_ready: &'static str, _answer: fn(&str, fn() -> f64) -> String) {
    eprintln!("this binary runs only as a Web Worker in the browser");
}

/// The worker's clock in milliseconds: `performance.now()`, or the date if
/// the worker has no `performance`.
#[cfg(target_arch = "wasm32")]
fn now() -> f64 {
    use wasm_bindgen::JsCast;
    thread_local! {
        static PERFORMANCE: Option<web_sys::Performance> = js_sys::global()
            .unchecked_into::<web_sys::WorkerGlobalScope>()
            .performance();
    }
    PERFORMANCE.with(|p| p.as_ref().map_or_else(js_sys::Date::now, |p| p.now()))
}
