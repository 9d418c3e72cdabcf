//! The CPU's Web Worker: it thinks off the main thread, so the page stays
//! responsive while the CPU searches. Trunk builds it from the `<link
//! data-bin="cpu_worker" data-type="worker">` in the app's `index.html` into
//! `cpu_worker_loader.js`, which the app's `cpu_client` starts.

fn main() {
    worker_host::serve(gunjin_worker::protocol::READY, gunjin_worker::answer);
}
