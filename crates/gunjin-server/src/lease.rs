//! Keeping the leases of the tables this node runs: renewed every third
//! of the lease, so a node that dies lets its tables go within one lease.
//! A table another node asked for (its players were routed there) is
//! handed over, and so is one whose lease this node lost (it stalled past
//! the lease and another node took the table): both are stopped here and
//! their players reconnect to wherever the table lives.

use std::collections::HashSet;
use std::time::Duration;

use crate::hub::Hub;
use tracing::error;

/// Renews until the task is dropped.
pub async fn keep(hub: Hub, lease: Duration) {
    let every = lease / 3;
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        ticks.tick().await;
        // Before the renewal: a table that starts running after it is not
        // among the leases it found, and is not to leave.
        let running = hub.running();
        let held = match hub.store().renew().await {
            Ok(held) => held,
            Err(e) => {
                error!("lease: {e}");
                continue;
            }
        };
        let kept: HashSet<&str> = held
            .iter()
            .filter(|(_, wanted)| !wanted)
            .map(|(id, _)| id.as_str())
            .collect();
        let leaving: Vec<String> = running
            .into_iter()
            .filter(|id| !kept.contains(id.as_str()))
            .collect();
        if !leaving.is_empty() {
            hub.hand_over_ids(&leaving).await;
        }
    }
}
