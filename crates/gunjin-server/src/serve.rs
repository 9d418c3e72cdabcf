//! Accepting connections: each admitted (`admission.rs`) and served as
//! HTTP/1.1 with a header timeout, so a socket that sends nothing or only
//! half a request is closed instead of held for ever.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tower_service::Service;

use crate::admission::{Admission, Full, Ticket};
use crate::config::Config;

/// Who a request came from: the client's address, and its connection's
/// place, held (never read) by the WebSocket it may become.
#[derive(Clone)]
pub struct Peer {
    pub addr: SocketAddr,
    pub _ticket: Arc<Ticket>,
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

pub async fn serve(listener: TcpListener, app: Router, admission: Admission, header: Duration) {
    loop {
        match listener.accept().await {
            Ok((tcp, addr)) => {
                tokio::spawn(connection(
                    tcp,
                    addr,
                    app.clone(),
                    admission.clone(),
                    header,
                ));
            }
            // Out of file descriptors, most likely: wait for some to close
            // rather than spin.
            Err(e) => {
                eprintln!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

async fn connection(
    mut tcp: TcpStream,
    addr: SocketAddr,
    app: Router,
    admission: Admission,
    header: Duration,
) {
    let ticket = match admission.admit(addr.ip()) {
        Ok(ticket) => Arc::new(ticket),
        Err(Full::Total) => {
            return refuse(
                &mut tcp,
                "the server has too many connections open: try again later",
            )
            .await;
        }
        Err(Full::Address) => {
            return refuse(
                &mut tcp,
                "too many connections from this address: close some first",
            )
            .await;
        }
    };
    // Small messages both ways: Nagle's algorithm would hold each one
    // back for the peer's delayed acknowledgement.
    let _ = tcp.set_nodelay(true);
    let peer = Peer {
        addr,
        _ticket: ticket,
    };
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(peer.clone());
        app.clone().call(request)
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header)
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades()
        .await;
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
