//! Faults the server's own tests inject (the `faults` feature, on only in
//! builds of its tests: the server binary has none of it): a CPU whose
//! search panics, a store that cannot write.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Clone, Debug, Default)]
pub struct Faults {
    /// The CPU's search panics at every ply that is a multiple of this.
    pub cpu_panics_every: Option<usize>,
    /// While set, every write to the store fails, as on a full disk.
    pub store_full: Arc<AtomicBool>,
}

impl Faults {
    pub fn cpu_panics(&self, ply: usize) -> bool {
        self.cpu_panics_every
            .is_some_and(|every| ply.is_multiple_of(every))
    }

    pub fn store_full(&self) -> bool {
        self.store_full.load(Ordering::Relaxed)
    }
}
