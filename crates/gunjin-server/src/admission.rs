//! Caps on something held open, in total and per client address: open
//! connections (past them a new connection is answered `503` and closed,
//! so one client's idle sockets cannot take every file descriptor from the
//! others; a trusted proxy's connections count in the total, the requests
//! they carry by the address each forwards) and CPU tables (so one client
//! cannot queue up every search).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};

/// A client's address as every per-address cap counts it: an IPv4
/// address (also when mapped into IPv6) by itself, an IPv6 one by its
/// /64, the network one subscriber is given, so that the addresses of one
/// network do not count as many clients.
pub fn counted(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !(u128::MAX >> 64))),
        v4 => v4,
    }
}

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
    /// The address counted, if any, and whether the total is.
    addr: Option<IpAddr>,
    total: bool,
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
        self.take(Some(addr), true)
    }

    /// A trusted proxy's connection: in the total only, its requests each
    /// counted by the client they forward ([`Admission::forwarded`]).
    pub fn proxied(&self) -> Result<Ticket, Full> {
        self.take(None, true)
    }

    /// A request forwarded for `addr` over a connection counted already.
    pub fn forwarded(&self, addr: IpAddr) -> Result<Ticket, Full> {
        self.take(Some(addr), false)
    }

    fn take(&self, addr: Option<IpAddr>, total: bool) -> Result<Ticket, Full> {
        let mut open = self.open();
        if total && open.total >= self.0.max_total {
            return Err(Full::Total);
        }
        if let Some(addr) = addr {
            let here = open.by_addr.entry(addr).or_default();
            if *here >= self.0.max_per_addr {
                return Err(Full::Address);
            }
            *here += 1;
        }
        open.total += usize::from(total);
        Ok(Ticket {
            admission: self.clone(),
            addr,
            total,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.admission.open();
        open.total -= usize::from(self.total);
        if let Some(addr) = self.addr
            && let Some(here) = open.by_addr.get_mut(&addr)
        {
            *here -= 1;
            if *here == 0 {
                open.by_addr.remove(&addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_counts_by_its_64_and_ipv4_by_itself() {
        let ip = |text: &str| counted(text.parse().unwrap());
        assert_eq!(ip("2001:db8:1:2:aaaa::1"), ip("2001:db8:1:2:ffff::9"));
        assert_ne!(ip("2001:db8:1:2::1"), ip("2001:db8:1:3::1"));
        assert_eq!(
            ip("2001:db8:1:2::1"),
            "2001:db8:1:2::".parse::<IpAddr>().unwrap()
        );
        assert_eq!(ip("::ffff:192.0.2.7"), ip("192.0.2.7"));
        assert_ne!(ip("192.0.2.7"), ip("192.0.2.8"));
    }

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

    #[test]
    fn a_proxys_connection_counts_in_total_and_its_clients_by_address() {
        let admission = Admission::new(2, 1);
        let a = IpAddr::from([10, 0, 0, 1]);
        let proxy = admission.proxied().unwrap();
        let forwarded = admission.forwarded(a).unwrap();
        assert_eq!(admission.forwarded(a).err(), Some(Full::Address));
        assert_eq!(admission.admit(a).err(), Some(Full::Address));
        let _other = admission.proxied().unwrap();
        assert_eq!(admission.proxied().err(), Some(Full::Total));
        drop((forwarded, proxy));
        assert!(admission.admit(a).is_ok());
    }
}
