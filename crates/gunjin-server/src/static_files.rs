//! The built app as the server sends it: every file as the browser takes
//! it best, brotli or gzip, from the copies the build made beside it once
//! (`scripts/compress.mjs`: `name.br`, `name.gz`), and cached as its name
//! allows. A file named after its contents (`gunjin-<16 hex digits>.js`,
//! `…_bg.wasm`) never changes and is kept for a year; any other
//! (`index.html`, `sw.js`, the manifest, the workers) is asked again each
//! time, so a new build is found at once (unchanged, it costs a `304`).

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::services::ServeDir;

/// Kept for a year and never asked again: a new build names its files anew.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Kept, but asked again (a `304` when unchanged) before each use.
const REVALIDATE: &str = "no-cache";

/// The files of `dist`, precompressed where the build left a copy, with
/// their caching headers.
pub fn router(dist: &Path) -> Router {
    let files = ServeDir::new(dist).precompressed_br().precompressed_gzip();
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache))
}

/// How long a browser may keep the file at `path`.
fn cache_control(path: &str) -> &'static str {
    match named_by_contents(path) {
        true => IMMUTABLE,
        false => REVALIDATE,
    }
}

/// Whether the file name carries a hash of its contents: 16 hex digits
/// after the last `-`, before the extension (and wasm-bindgen's `_bg`).
fn named_by_contents(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Adds the caching headers, and `Vary` (one address, several encodings).
async fn cache(request: Request, next: Next) -> Response {
    let policy = cache_control(request.uri().path());
    let mut response = next.run(request).await;
    if response.status().is_success() || response.status().is_redirection() {
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_named_after_their_contents_are_kept_for_good() {
        for hashed in [
            "/gunjin-e2179ca49811422d.js",
            "/gunjin-e2179ca49811422d_bg.wasm",
            "/games/gunjin/main-ca0a4977acb27b3a.css",
            "/split_pages-4bcede2916a66d98.wasm",
            "/strings-6b8266aa52002dfd.txt",
        ] {
            assert_eq!(cache_control(hashed), IMMUTABLE, "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/sw.js",
            "/sw-register.js",
            "/manifest.webmanifest",
            "/cpu_worker_bg.wasm",
            "/icons/icon-192.png",
            "/tables-of-contents.json",
            "/gunjin-e2179ca49811422.js",
        ] {
            assert_eq!(cache_control(plain), REVALIDATE, "{plain}");
        }
    }
}
