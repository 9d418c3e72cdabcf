//! The Content-Security-Policy that fits the app.

use std::path::Path;

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
}
