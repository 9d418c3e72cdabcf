//! The CPU's Web Worker: it thinks off the main thread, so the page stays
//! responsive while the CPU searches. Trunk builds it from the `<link
//! data-bin="cpu_worker" data-type="worker">` in the app's `index.html` into
//! `cpu_worker_loader.js`, which the app's `cpu_client` starts.

#[cfg(target_arch = "wasm32")]
fn main() {
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
        let reply = gunjin_worker::answer(&request, now);
        // Posting a string to the page cannot fail.
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Requests sent before this point were dropped: the app waits for this.
    let _ = scope.post_message(&JsValue::from_str(gunjin_worker::protocol::READY));
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

/// Natively there is no worker: the binary exists only for the browser.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("cpu_worker runs only as a Web Worker in the browser");
}
