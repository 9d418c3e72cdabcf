//! The built app as the server sends it, over real sockets: the copies
//! the build compressed (brotli, gzip) to a browser that takes them, the
//! file itself to one that does not, and the caching each file's name
//! allows.

mod common;

use std::io::{Read, Write};
use std::net::SocketAddr;

use gunjin_server::Server;

/// A GET with `accept` as its `Accept-Encoding` (none if empty): the head,
/// lowercased, and the body's bytes.
fn get(addr: SocketAddr, path: &str, accept: &str) -> (String, Vec<u8>) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    let accept = match accept {
        "" => String::new(),
        a => format!("Accept-Encoding: {a}\r\n"),
    };
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let end = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..end]).to_lowercase();
    (head, response[end + 4..].to_vec())
}

/// The value of `name` in a lowercased head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
}

// The blocking GETs need the server on another thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_is_sent_precompressed_and_cached_by_its_names() {
    let scratch = common::Scratch::new("static");
    let config = scratch.config();
    let dist = config.dist.clone();
    let wasm = "gunjin-0123456789abcdef_bg.wasm";
    let files: [(&str, &[u8]); 6] = [
        (wasm, b"the wasm itself"),
        ("gunjin-0123456789abcdef_bg.wasm.br", b"brotli bytes"),
        ("gunjin-0123456789abcdef_bg.wasm.gz", b"gzip bytes"),
        ("index.html.gz", b"gzipped page"),
        ("sw.js", b"self.addEventListener"),
        ("cpu_worker_bg.wasm", b"a worker, its name fixed"),
    ];
    for (name, bytes) in files {
        std::fs::write(dist.join(name), bytes).unwrap();
    }
    let server = Server::start(config).await.unwrap();
    let addr = server.addr;

    // The best the browser takes, as the file's own type.
    let wasm_path = format!("/{wasm}");
    let (head, body) = get(addr, &wasm_path, "gzip, deflate, br, zstd");
    assert_eq!(body, b"brotli bytes", "{head}");
    assert_eq!(header(&head, "content-encoding"), Some("br"));
    assert_eq!(header(&head, "content-type"), Some("application/wasm"));
    assert_eq!(header(&head, "vary"), Some("accept-encoding"));
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let (head, body) = get(addr, &wasm_path, "gzip");
    assert_eq!(
        (body.as_slice(), header(&head, "content-encoding")),
        (&b"gzip bytes"[..], Some("gzip"))
    );
    let (head, body) = get(addr, &wasm_path, "");
    assert_eq!(body, b"the wasm itself");
    assert_eq!(header(&head, "content-encoding"), None);

    // The page and the service worker are asked again each time, as is a
    // file whose name does not change with its contents.
    for path in ["/", "/index.html", "/sw.js", "/cpu_worker_bg.wasm"] {
        let (head, _) = get(addr, path, "gzip");
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{path}");
    }
    let (head, body) = get(addr, "/", "gzip");
    assert_eq!(body, b"gzipped page");
    assert_eq!(header(&head, "content-type"), Some("text/html"));
    // Without a copy, the file as it is.
    let (head, body) = get(addr, "/sw.js", "br, gzip");
    assert_eq!(body, b"self.addEventListener");
    assert_eq!(header(&head, "content-encoding"), None);
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
}
