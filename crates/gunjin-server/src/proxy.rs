//! A trusted reverse proxy in front of the server (HAProxy with `option
//! forwardfor`, nginx…): its connections carry many clients, each
//! request naming its own in `X-Forwarded-For`, so the per-address caps
//! count that address instead of the proxy's. Only proxies named by
//! `--trust-proxy` are believed: from anyone else the header is the
//! client's own say-so, and ignored.

use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;

/// An address, or a network (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    addr: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn contains(&self, addr: IpAddr) -> bool {
        // Either kind as the top bits of 128, the prefix counted from the top.
        let bits = |a: IpAddr| match a.to_canonical() {
            IpAddr::V4(a) => (u128::from(a.to_bits()) << 96, true),
            IpAddr::V6(a) => (a.to_bits(), false),
        };
        let ((net, v4), (addr, addr_v4)) = (bits(self.addr), bits(addr));
        let mask = u128::MAX
            .checked_shl(128 - u32::from(self.prefix))
            .unwrap_or(0);
        v4 == addr_v4 && net & mask == addr & mask
    }
}

impl FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Network, String> {
        let (addr, prefix) = text.split_once('/').unwrap_or((text, ""));
        let addr: IpAddr = addr.parse().map_err(|e| format!("{text}: {e}"))?;
        let addr = addr.to_canonical();
        let width = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            "" => width,
            p => p.parse().map_err(|e| format!("{text}: {e}"))?,
        };
        if prefix > width {
            return Err(format!("{text}: a prefix of at most {width} bits"));
        }
        Ok(Network { addr, prefix })
    }
}

/// The client a trusted proxy forwards: the last address of the last
/// `X-Forwarded-For` (the one the proxy appended; any before it came from
/// the client and may be made up). `None` without a readable one.
pub fn client(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    let addr = last.to_str().ok()?.rsplit(',').next()?.trim();
    addr.parse::<IpAddr>().ok().map(|a| a.to_canonical())
}

/// Whether a trusted proxy received the request over HTTPS: the last
/// `X-Forwarded-Proto`, the one it set.
pub fn https(headers: &HeaderMap) -> bool {
    let last = headers.get_all("x-forwarded-proto").iter().next_back();
    last.and_then(|proto| proto.to_str().ok())
        .is_some_and(|proto| proto.rsplit(',').next().unwrap_or("").trim() == "https")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn networks_hold_their_addresses_only() {
        let net: Network = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")));
        assert!(!net.contains(ip("10.2.0.1")));
        assert!(!net.contains(ip("::1")));
        let one: Network = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        assert!(one.contains(ip("::ffff:127.0.0.1")));
        let all: Network = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("192.0.2.1")));
        let v6: Network = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        assert!("10.0.0.0/33".parse::<Network>().is_err());
        assert!("proxy".parse::<Network>().is_err());
    }

    #[test]
    fn the_client_is_the_last_address_the_proxy_appended() {
        let mut headers = HeaderMap::new();
        assert_eq!(client(&headers), None);
        headers.append(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.1".parse().unwrap(),
        );
        headers.append("x-forwarded-for", "192.0.2.7".parse().unwrap());
        assert_eq!(client(&headers), Some(ip("192.0.2.7")));
        headers.append("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(client(&headers), None);
    }

    #[test]
    fn https_is_what_the_proxy_said_last() {
        let mut headers = HeaderMap::new();
        assert!(!https(&headers));
        headers.append("x-forwarded-proto", "http".parse().unwrap());
        headers.append("x-forwarded-proto", "https".parse().unwrap());
        assert!(https(&headers));
        headers.append("x-forwarded-proto", "https, http".parse().unwrap());
        assert!(!https(&headers));
    }
}
