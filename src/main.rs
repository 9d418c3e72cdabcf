//! Entry point of the web app: only mounts it (the components live in the
//! library so the browser tests can mount them too).

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    // Before the app mounts, Leptos has no executor yet: the browser's.
    wasm_bindgen_futures::spawn_local(async {
        gunjin::load_first_words().await;
        // The app starts after the next frame, so the first page of
        // index.html is always painted first, even when the app is ready
        // at once (from the cache, on a fast network): what shows first
        // never waits for it.
        request_animation_frame(|| request_animation_frame(start));
    });
}

fn start() {
    leptos::mount::mount_to_body(gunjin::App);
    // The first page goes in the same frame as the app comes, so nothing
    // moves.
    if let Some(shell) = document().get_element_by_id("app-shell") {
        shell.remove();
    }
}
