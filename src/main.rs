//! Entry point of the web app: only mounts it (the components live in the
//! library so the browser tests can mount them too).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(gunjin::App);
    // The page index.html shows while loading goes in the same frame as the
    // app comes, so nothing moves.
    if let Some(shell) = leptos::prelude::document().get_element_by_id("app-shell") {
        shell.remove();
    }
}
