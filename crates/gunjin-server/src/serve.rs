//! Accepting connections: each admitted (`admission.rs`; a trusted
//! proxy's requests each by the client it forwards, `proxy.rs`) and served
//! as HTTP/1.1 with a header timeout, so a socket that sends nothing or
//! only half a request is closed instead of held for ever.

use std::io;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tower_service::Service;

use crate::admission::{Admission, Full, Ticket, counted};
use crate::config::Config;
use crate::proxy::{self, Network};
use tracing::warn;

/// Who a request came from: the client's address as the caps count it
/// ([`counted`]; for a trusted proxy's connection, the one the request
/// forwards), whether it reached the site
/// over HTTPS, and its places, held (never read) by the WebSocket it may
/// become.
#[derive(Clone)]
pub struct Peer {
    pub ip: IpAddr,
    pub https: bool,
    _connection: Arc<Ticket>,
    _request: Option<Arc<Ticket>>,
}

/// The listening socket. Accepted sockets inherit its send buffer size.
pub fn listen(config: &Config) -> io::Result<TcpListener> {
    let socket = if config.addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    if let Some(bytes) = config.send_buffer {
        socket.set_send_buffer_size(bytes)?;
    }
    socket.bind(config.addr)?;
    socket.listen(1024)
}

pub async fn serve(
    listener: TcpListener,
    app: Router,
    admission: Admission,
    trusted: Arc<[Network]>,
    header: Duration,
    https: bool,
) {
    loop {
        match listener.accept().await {
            Ok((tcp, addr)) => {
                let proxy = trusted.iter().any(|n| n.contains(addr.ip()));
                tokio::spawn(connection(
                    tcp,
                    counted(addr.ip()),
                    proxy,
                    app.clone(),
                    admission.clone(),
                    header,
                    https,
                ));
            }
            // Out of file descriptors, most likely: wait for some to close
            // rather than spin.
            Err(e) => {
                warn!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

async fn connection(
    mut tcp: TcpStream,
    addr: IpAddr,
    proxy: bool,
    app: Router,
    admission: Admission,
    header: Duration,
    https: bool,
) {
    let admitted = match proxy {
        true => admission.proxied(),
        false => admission.admit(addr),
    };
    let ticket = match admitted {
        Ok(ticket) => Arc::new(ticket),
        Err(full) => return refuse(&mut tcp, why(full)).await,
    };
    // Small messages both ways: Nagle's algorithm would hold each one
    // back for the peer's delayed acknowledgement.
    let _ = tcp.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let forwarding = proxy.then_some(&admission);
        let peer = peer(&ticket, addr, forwarding, https, request.headers());
        let mut app = app.clone();
        async move {
            match peer {
                Ok(peer) => {
                    request.extensions_mut().insert(peer);
                    app.call(request).await
                }
                Err(full) => Ok((StatusCode::SERVICE_UNAVAILABLE, why(full)).into_response()),
            }
        }
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header)
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades()
        .await;
}

/// A request's peer: the connection's client, or, over a trusted proxy's
/// connection (`forwarding`), the client the request forwards (the proxy
/// itself if it names none) with a place of its own. Over HTTPS when the
/// site is (`https`), or when a trusted proxy says so.
fn peer(
    connection: &Arc<Ticket>,
    addr: IpAddr,
    forwarding: Option<&Admission>,
    https: bool,
    headers: &HeaderMap,
) -> Result<Peer, Full> {
    let (ip, request) = match forwarding {
        None => (addr, None),
        Some(admission) => {
            let ip = proxy::client(headers).map_or(addr, counted);
            (ip, Some(Arc::new(admission.forwarded(ip)?)))
        }
    };
    Ok(Peer {
        ip,
        https: https || forwarding.is_some() && proxy::https(headers),
        _connection: connection.clone(),
        _request: request,
    })
}

fn why(full: Full) -> &'static str {
    match full {
        Full::Total => "the server has too many connections open: try again later",
        Full::Address => "too many connections from this address: close some first",
    }
}

/// Answers a connection past the caps with a `503` saying why.
async fn refuse(tcp: &mut TcpStream, why: &str) {
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{why}",
        why.len()
    );
    let write = async {
        tcp.write_all(response.as_bytes()).await?;
        tcp.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}
