//! What browsers are told and asked: the security headers on every
//! response, and the `Origin` a WebSocket must come from.

mod common;

use std::net::SocketAddr;

use gunjin_server::Server;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The response head of a plain HTTP GET, lowercased.
fn head_of(addr: SocketAddr, path: &str) -> String {
    common::http(addr, path).0.to_lowercase()
}

/// Whether a WebSocket handshake from a page of `origin` succeeds.
async fn opens(addr: SocketAddr, origin: &str) -> bool {
    let mut request = format!("ws://{addr}{}", gunjin_table::WS_PATH)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    tokio_tungstenite::connect_async(request).await.is_ok()
}

// The blocking GET needs the server on another thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn responses_carry_the_security_headers() {
    let scratch = common::Scratch::new("headers");
    let config = scratch.config();
    std::fs::write(
        config.dist.join("index.html"),
        r#"<title>Gunjin Shogi</title><script type="module">import init from './a.js';</script>"#,
    )
    .unwrap();
    let server = Server::start(config).await.unwrap();
    for path in ["/", "/tables.json", "/nope"] {
        let head = head_of(server.addr, path);
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
        let csp = head
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("no policy: {head}"));
        for part in [
            "default-src 'self'",
            "'wasm-unsafe-eval'",
            "worker-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            // sha256 of the inline script above.
            "'sha256-",
        ] {
            assert!(csp.contains(&part.to_lowercase()), "{part} in {csp}");
        }
    }
}

#[tokio::test]
async fn websockets_open_only_from_the_sites_own_origin_or_the_allowed() {
    let (server, _scratch) = common::start_with("origin", |c| {
        c.allowed_origins = vec!["https://friends.example".into()];
    })
    .await;
    let own = format!("http://{}", server.addr);
    assert!(opens(server.addr, &own).await);
    assert!(opens(server.addr, "https://friends.example").await);
    assert!(!opens(server.addr, "https://evil.example").await);
    assert!(!opens(server.addr, "null").await);
}
