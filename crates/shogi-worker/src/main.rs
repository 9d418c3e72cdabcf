//! The Shogi CPU's Web Worker. Trunk builds it from the `<link
//! data-bin="shogi_worker" data-type="worker">` in the app's `index.html`
//! into `shogi_worker_loader.js`, which the app's `shogi::cpu` starts.

fn main() {
    worker_host::serve(shogi_worker::protocol::READY, shogi_worker::answer);
}
