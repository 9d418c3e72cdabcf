//! Caps on something held open, in total and per client address: open
//! connections (past them a new connection is answered `503` and closed,
//! so one client's idle sockets cannot take every file descriptor from the
//! others) and CPU tables (so one client cannot queue up every search).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Admission(Arc<Inner>);

struct Inner {
    max_total: usize,
    max_per_addr: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_addr: HashMap<IpAddr, usize>,
}

/// Which cap was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    Total,
    Address,
}

/// One admitted holder; dropping it frees its place. (A connection's is
/// shared by the HTTP connection and the WebSocket it may become.)
pub struct Ticket {
    admission: Admission,
    addr: IpAddr,
}

impl Admission {
    pub fn new(max_total: usize, max_per_addr: usize) -> Admission {
        Admission(Arc::new(Inner {
            max_total,
            max_per_addr,
            open: Mutex::default(),
        }))
    }

    fn open(&self) -> std::sync::MutexGuard<'_, Open> {
        self.0.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for `addr`, or which cap is reached.
    pub fn admit(&self, addr: IpAddr) -> Result<Ticket, Full> {
        let mut open = self.open();
        if open.total >= self.0.max_total {
            return Err(Full::Total);
        }
        let here = open.by_addr.entry(addr).or_default();
        if *here >= self.0.max_per_addr {
            return Err(Full::Address);
        }
        *here += 1;
        open.total += 1;
        Ok(Ticket {
            admission: self.clone(),
            addr,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.admission.open();
        open.total -= 1;
        if let Some(here) = open.by_addr.get_mut(&self.addr) {
            *here -= 1;
            if *here == 0 {
                open.by_addr.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_in_total_and_per_address() {
        let admission = Admission::new(3, 2);
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let a1 = admission.admit(a).unwrap();
        let _a2 = admission.admit(a).unwrap();
        assert_eq!(admission.admit(a).err(), Some(Full::Address));
        let _b1 = admission.admit(b).unwrap();
        assert_eq!(admission.admit(b).err(), Some(Full::Total));
        drop(a1);
        assert!(admission.admit(a).is_ok());
    }
}
