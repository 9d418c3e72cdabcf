//! What a table needs of the node that runs it, and no more: the settings
//! it runs by, the store, the CPU's threads, and a word to the node's
//! register of tables when it waits for a player or closes. The hub hands
//! each table this part of itself, so a table never reaches into the hub.

use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::pool::Pool;
use crate::store::Store;

/// The part of the node every table shares.
#[derive(Clone)]
pub struct Host {
    pub settings: Arc<TableSettings>,
    pub store: Arc<Store>,
    pub cpu: Arc<Pool>,
    pub register: Arc<dyn Register>,
}

/// The server's settings that a table runs by.
pub struct TableSettings {
    /// How long both players have to set up.
    pub setup_time: Duration,
    /// How long an absent player has to come back.
    pub grace: Duration,
    /// A table nobody acted on for this long closes...
    pub idle: Duration,
    /// ...and one nobody joined this long after its host left it.
    pub unjoined: Duration,
    /// A cap on the CPU's think time per move.
    pub cpu_millis: Option<f64>,
    #[cfg(feature = "faults")]
    pub faults: crate::faults::Faults,
}

impl TableSettings {
    pub fn of(config: &Config) -> TableSettings {
        TableSettings {
            setup_time: config.setup_time,
            grace: config.grace,
            idle: config.idle,
            unjoined: config.unjoined,
            cpu_millis: config.cpu_millis,
            #[cfg(feature = "faults")]
            faults: config.faults.clone(),
        }
    }
}

/// The node's register of the tables it runs, as a table tells it of
/// itself.
pub trait Register: Send + Sync {
    /// Whether nobody joined the table `id` yet (and how it waits): a
    /// full server makes room by closing the one whose host is away
    /// longest.
    fn note_unjoined(&self, id: &str, unjoined: Option<Unjoined>);
    /// The table `id` closed its inbox: it runs here no more (a task
    /// started for it since keeps its place).
    fn remove(&self, id: &str);
}

/// A table nobody joined yet: whether its host is there, and since when
/// (Unix milliseconds) it is away, or was last heard from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Unjoined {
    pub host_here: bool,
    pub since: u64,
}
