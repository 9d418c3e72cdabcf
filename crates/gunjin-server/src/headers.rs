//! What the browser is told and asked: the Content-Security-Policy that
//! fits the app, and the `Origin` a WebSocket must come from.

use std::path::Path;

use axum::http::{HeaderMap, header};
use base64::Engine;
use sha2::{Digest, Sha256};

/// The policy for the app in `dist`: its own scripts and WebAssembly (and
/// the CPU's worker), its socket, no framing. The inline scripts and
/// event handlers of `index.html` (Trunk's loader, the page's start-up
/// check) are allowed by their hashes, read at start.
pub fn content_security_policy(dist: &Path) -> String {
    let html = std::fs::read_to_string(dist.join("index.html")).unwrap_or_default();
    let hashes: String = inline_code(&html)
        .map(|code| {
            let digest = Sha256::digest(code.as_bytes());
            let hash = base64::engine::general_purpose::STANDARD.encode(digest);
            format!(" 'sha256-{hash}'")
        })
        .collect();
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-hashes'{hashes}; \
         worker-src 'self'; connect-src 'self'; img-src 'self' data: blob:; \
         style-src 'self' 'unsafe-inline'; manifest-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The bodies of `<script>` elements without `src`, and the values of
/// `on…="…"` attributes.
fn inline_code(html: &str) -> impl Iterator<Item = &str> {
    let scripts = html.split("<script").skip(1).filter_map(|rest| {
        let (tag, body) = rest.split_once('>')?;
        let (code, _) = body.split_once("</script>")?;
        (!tag.contains("src=")).then_some(code)
    });
    let handlers = html.split(" on").skip(1).filter_map(|rest| {
        let (name, value) = rest.split_once("=\"")?;
        let (code, _) = value.split_once('"')?;
        name.bytes().all(|b| b.is_ascii_lowercase()).then_some(code)
    });
    scripts.chain(handlers)
}

/// Whether a WebSocket's request may open: no `Origin` (not a browser),
/// the site's own (the same host as `Host`), or one of `allowed`.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, host)| host);
    origin_host.is_some_and(|o| host.is_some_and(|h| o.eq_ignore_ascii_case(h)))
        || allowed.iter().any(|a| a.trim_end_matches('/') == origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_and_handlers_are_found() {
        let html = r#"<link href="a.css" media="print" onload="this.media='all'" />
            <script type="module">import init from './app.js';</script>
            <script src="sw-register.js"></script>
            <script>addEventListener("error", failed);</script>"#;
        let found: Vec<&str> = inline_code(html).collect();
        assert_eq!(
            found,
            [
                "import init from './app.js';",
                r#"addEventListener("error", failed);"#,
                "this.media='all'"
            ]
        );
    }

    #[test]
    fn origins() {
        let headers = |origin: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, "games.example:8080".parse().unwrap());
            h.insert(header::ORIGIN, origin.parse().unwrap());
            h
        };
        assert!(origin_allowed(&HeaderMap::new(), &[]));
        assert!(origin_allowed(&headers("https://games.example:8080"), &[]));
        assert!(!origin_allowed(&headers("https://evil.example"), &[]));
        let allowed = ["https://friends.example".to_owned()];
        assert!(origin_allowed(
            &headers("https://friends.example"),
            &allowed
        ));
    }
}
