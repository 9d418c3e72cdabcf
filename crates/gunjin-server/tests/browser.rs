//! What browsers are told and asked: the security headers on every
//! response (HSTS once the site is served over HTTPS), the names the
//! server answers to (DNS rebinding), and the `Origin`, scheme included, a
//! WebSocket must come from.

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
    opens_as(addr, &addr.to_string(), origin).await
}

/// Whether a WebSocket handshake from a page of `origin`, for the name
/// `host`, succeeds.
async fn opens_as(addr: SocketAddr, host: &str, origin: &str) -> bool {
    let mut request = format!("ws://{addr}{}", gunjin_table::WS_PATH)
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    headers.insert("origin", origin.parse().unwrap());
    headers.insert("host", host.parse().unwrap());
    tokio_tungstenite::connect_async(request).await.is_ok()
}

/// The status code of a GET with these headers.
fn status(addr: SocketAddr, headers: &[(&str, &str)]) -> u16 {
    let (head, _) = common::http_with(addr, "/", headers);
    head.split(' ').nth(1).unwrap().parse().unwrap()
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
        assert!(head.contains("referrer-policy: no-referrer"), "{head}");
        // Served over plain HTTP, and told of no proxy: no HSTS.
        assert!(!head.contains("strict-transport-security"), "{head}");
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
    // The site's own name under another scheme is another origin.
    assert!(!opens(server.addr, &format!("https://{}", server.addr)).await);
}

/// A page of another name resolving to this server (DNS rebinding: the
/// browser sends that name as `Host`, and its own origin matches it) is
/// refused, page and WebSocket alike; the names the server was given are
/// answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_for_names_the_server_does_not_answer_to_are_refused() {
    let (server, _scratch) = common::start_with("rebinding", |c| {
        c.hosts = vec!["games.example".into()];
    })
    .await;
    let port = server.addr.port();
    let rebound = format!("rebind.evil.example:{port}");
    assert_eq!(status(server.addr, &[("host", &rebound)]), 421);
    assert!(!opens_as(server.addr, &rebound, &format!("http://{rebound}")).await);
    let named = format!("games.example:{port}");
    assert_eq!(status(server.addr, &[("host", &named)]), 200);
    assert!(opens_as(server.addr, &named, &format!("http://{named}")).await);
    let local = format!("localhost:{port}");
    assert_eq!(status(server.addr, &[("host", &local)]), 200);
    assert_eq!(status(server.addr, &[]), 200);
}

/// HSTS and the `https://` origin when the site is served over HTTPS:
/// said by `--https`, or by a trusted proxy's `X-Forwarded-Proto`, never
/// by an untrusted client's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_served_over_https_says_so() {
    let hsts = |head: String| {
        head.to_lowercase()
            .contains("strict-transport-security: max-age=")
    };
    let https = [("x-forwarded-proto", "https")];

    let (server, _scratch) = common::start_with("https", |c| c.https = true).await;
    assert!(hsts(common::http(server.addr, "/").0));
    assert!(opens(server.addr, &format!("https://{}", server.addr)).await);
    assert!(!opens(server.addr, &format!("http://{}", server.addr)).await);

    let (server, _scratch) = common::start_with("https-proxy", |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    assert!(hsts(common::http_with(server.addr, "/", &https).0));
    assert!(!hsts(common::http(server.addr, "/").0));

    let (server, _scratch) = common::start("https-untrusted").await;
    assert!(!hsts(common::http_with(server.addr, "/", &https).0));
}
