//! The site a request is for: the names the server answers to (a page of
//! another name that resolves to this server is a DNS-rebinding attack,
//! refused before it reaches the app), the scheme it is served over, the
//! `Origin` a WebSocket must come from, and `Strict-Transport-Security`
//! once the site is known to be served over HTTPS.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::serve::Peer;

/// A year, the usual HSTS lifetime; subdomains are the operator's business.
const HSTS: &str = "max-age=31536000";

/// What the server knows of its own site.
pub struct Site {
    /// Names besides IP literals and `localhost` that `Host` may carry.
    hosts: Vec<String>,
    /// Origins besides the site's own whose pages may open a WebSocket.
    origins: Vec<String>,
}

impl Site {
    pub fn new(hosts: &[String], origins: &[String]) -> Arc<Site> {
        Arc::new(Site {
            hosts: hosts.iter().map(|h| h.to_ascii_lowercase()).collect(),
            origins: origins
                .iter()
                .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
                .collect(),
        })
    }

    /// Whether `Host` names this server: an address (a rebinding page
    /// sends its own name, never the address it resolved to),
    /// `localhost`, or a name the server was given. A request without
    /// `Host` comes from no browser and passes.
    fn answers_to(&self, headers: &HeaderMap) -> bool {
        let Some(host) = headers.get(header::HOST) else {
            return true;
        };
        let Some(name) = host.to_str().ok().map(hostname) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        name.trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .is_ok()
            || name == "localhost"
            || self.hosts.contains(&name)
    }

    /// Whether a WebSocket's request may open: no `Origin` (not a
    /// browser), the site's own (the scheme it is served over and the
    /// name in `Host`), or one it was told to allow.
    pub fn origin_allowed(&self, headers: &HeaderMap, https: bool) -> bool {
        let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
            return true;
        };
        let origin = origin.to_ascii_lowercase();
        let scheme = if https { "https" } else { "http" };
        let own = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(|host| without_default_port(&format!("{scheme}://{}", host.to_ascii_lowercase())));
        own.is_some_and(|own| own == without_default_port(&origin))
            || self.origins.contains(&origin)
    }
}

/// The name in a `Host` value, without its port.
fn hostname(host: &str) -> &str {
    match host.rfind(':') {
        Some(colon) if !host[colon..].contains(']') => &host[..colon],
        _ => host,
    }
}

/// An origin as a browser writes it: the scheme's default port left out.
fn without_default_port(origin: &str) -> String {
    for default in ["http://", "https://"] {
        let port = if default == "http://" { ":80" } else { ":443" };
        if origin.starts_with(default) && origin.ends_with(port) {
            return origin[..origin.len() - port.len()].to_owned();
        }
    }
    origin.to_owned()
}

/// Every request: a name the server does not answer to gets `421`, and
/// a response to a request over HTTPS carries HSTS.
pub async fn guard(State(site): State<Arc<Site>>, request: Request, next: Next) -> Response {
    if !site.answers_to(request.headers()) {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer to that name",
        )
            .into_response();
    }
    let https = request
        .extensions()
        .get::<Peer>()
        .is_some_and(|peer| peer.https);
    let mut response = next.run(request).await;
    if https {
        response.headers_mut().insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            h.insert(header::ORIGIN, origin.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_server_answers_to_addresses_localhost_and_its_names() {
        let site = Site::new(&["Games.Example".into()], &[]);
        for host in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "[2001:db8::1]",
            "localhost:8080",
            "games.example",
            "GAMES.example:443",
        ] {
            assert!(site.answers_to(&headers(host, None)), "{host}");
        }
        for host in [
            "evil.example:8080",
            "games.example.evil",
            "127.0.0.1.nip.io",
        ] {
            assert!(!site.answers_to(&headers(host, None)), "{host}");
        }
        assert!(site.answers_to(&HeaderMap::new()));
    }

    #[test]
    fn origins_match_with_their_scheme() {
        let site = Site::new(&[], &["https://friends.example/".into()]);
        let allowed =
            |host, origin, https| site.origin_allowed(&headers(host, Some(origin)), https);
        assert!(site.origin_allowed(&HeaderMap::new(), false));
        assert!(allowed(
            "games.example:8080",
            "http://games.example:8080",
            false
        ));
        assert!(!allowed(
            "games.example:8080",
            "https://games.example:8080",
            false
        ));
        assert!(allowed("games.example", "https://games.example", true));
        assert!(allowed("games.example:443", "https://games.example", true));
        assert!(!allowed("games.example", "http://games.example", true));
        assert!(!allowed("games.example", "https://evil.example", true));
        assert!(allowed("games.example", "https://friends.example", true));
        assert!(!allowed("games.example", "null", false));
    }
}
