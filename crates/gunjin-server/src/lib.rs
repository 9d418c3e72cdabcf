//! The Gunjin Shogi table server: one process serves the built app, hosts
//! tables where friends (or a friend and the CPU) play over WebSockets,
//! referees every game with `gunjin-rules`, and keeps tables and games in
//! SQLite (or a PostgreSQL database shared by several nodes) so a restart,
//! or another node, resumes them.
//!
//! The protocol is [`gunjin_table`]'s; `docs/SERVER.md` describes the
//! lifecycle of a table, its timers and limits, and `docs/SCALING.md` how
//! the service grows past one machine.

mod admission;
mod audience;
mod backup;
mod clock;
mod coalesce;
mod config;
mod cpu;
#[cfg(feature = "faults")]
mod faults;
mod headers;
mod host;
mod hub;
mod lease;
mod limit;
mod name;
mod offers;
mod pool;
mod proxy;
mod referee;
mod refusal;
mod room;
mod route;
mod seat;
mod seats;
mod serve;
mod session;
mod shogi;
mod site;
mod spectator;
mod stage;
mod static_files;
mod storage;
mod store;
mod table;
mod talk;
mod token;
mod wal;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router, middleware};
use gunjin_table::{MAX_MESSAGE_BYTES, TABLES_PATH, WS_PATH};
use tokio::task::JoinHandle;
use tower_http::set_header::SetResponseHeaderLayer;

use admission::Admission;
pub use config::{Config, Rate};
#[cfg(feature = "faults")]
pub use faults::Faults;
use hub::Hub;
pub use proxy::Network;
use serve::Peer;
pub use storage::is_postgres_url;
use store::Store;
use tracing::{info, warn};

/// Copies a file (for [`backup::set_aside`]).
fn copy(from: &std::path::Path, to: &std::path::Path) -> io::Result<()> {
    std::fs::copy(from, to).map(drop)
}

/// A running server: its address, and the handle to stop it.
pub struct Server {
    pub addr: SocketAddr,
    /// What was done to a damaged, empty or missing store before it
    /// opened, or what a damaged write-ahead log lost (also logged).
    pub recovered: Option<String>,
    hub: Hub,
    serve: JoinHandle<()>,
    backups: Option<JoinHandle<()>>,
    leases: JoinHandle<()>,
    room: JoinHandle<()>,
}

impl Server {
    /// Recovers the store if it must, opens it, resumes its tables, starts
    /// the backups and the leases, and starts listening. A shared
    /// (PostgreSQL) store is neither recovered nor backed up here: that is
    /// the database's own business.
    pub async fn start(config: Config) -> io::Result<Server> {
        let backup_dir = config
            .backup_dir
            .clone()
            .unwrap_or_else(|| backup::dir_of(&config.db));
        let recovered = match config.database {
            Some(_) => None,
            None => backup::recover(&config.db, &backup_dir),
        };
        if let Some(report) = &recovered {
            warn!("{report}");
        }
        // A store set right above has no log of its own to check.
        let damaged_log = match (&config.database, &recovered) {
            (None, None) => {
                wal::check(&config.db).map(|damage| (backup::set_aside(&config.db, copy), damage))
            }
            _ => None,
        };
        let store = Store::open(
            config.database.as_deref(),
            &config.db,
            config.node.clone(),
            config.lease,
        )
        .await
        .map_err(io::Error::other)?;
        #[cfg(feature = "faults")]
        let store = store.failing_when(config.faults.store_full.clone());
        let store = Arc::new(store);
        let listener = serve::listen(&config)?;
        let addr = listener.local_addr()?;
        let csp = HeaderValue::from_str(&headers::content_security_policy(&config.dist))
            .map_err(io::Error::other)?;
        let dist = config.dist.clone();
        let backups = (!config.backup_every.is_zero() && !store.shared()).then(|| {
            tokio::spawn(backup::schedule(
                store.clone(),
                backup_dir,
                config.backup_every,
                config.backups_kept,
            ))
        });
        let hub = Hub::new(config, store);
        let lost = damaged_log
            .as_ref()
            .map_or(Vec::new(), |(_, damage)| wal::ids_named(&damage.pages));
        let resumed = hub.resume_all(&lost).await.map_err(io::Error::other)?;
        if !resumed.is_empty() {
            info!("resumed {} tables", resumed.len());
        }
        let log_report = damaged_log.map(|(aside, damage)| {
            let report = damage.report(&hub.config().db, &aside, &resumed);
            warn!("{report}");
            report
        });
        let recovered = recovered.or(log_report);
        let leases = tokio::spawn(lease::keep(hub.clone(), hub.config().lease));
        let room = tokio::spawn(room::keep(hub.clone()));
        let app = Router::new()
            .route(WS_PATH, get(websocket))
            .route(TABLES_PATH, get(offered))
            .route("/api/tables/{id}/record", get(record))
            .fallback_service(static_files::router(&dist))
            .layer(SetResponseHeaderLayer::overriding(
                header::CONTENT_SECURITY_POLICY,
                csp,
            ))
            .layer(SetResponseHeaderLayer::overriding(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ))
            // No page tells what it loads or links to where the player
            // came from (a table's link, the page's options).
            .layer(SetResponseHeaderLayer::overriding(
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            ))
            .layer(middleware::from_fn_with_state(
                hub.site().clone(),
                site::guard,
            ))
            .with_state(hub.clone());
        let config = hub.config();
        let admission = Admission::new(config.max_conns, config.max_conns_per_addr);
        let serve = tokio::spawn(serve::serve(
            listener,
            app,
            admission,
            config.trusted_proxies.clone().into(),
            config.header_timeout,
            config.https,
        ));
        Ok(Server {
            addr,
            recovered,
            hub,
            serve,
            backups,
            leases,
            room,
        })
    }

    /// Drains the node: stops listening, then hands every table over
    /// (stored, its lease released, its connections closed). The players
    /// reconnect with their seat tokens, and the load balancer sends them
    /// to another node, which claims the table; a new server on the same
    /// SQLite file takes all of them.
    pub async fn stop(self) {
        self.serve.abort();
        self.leases.abort();
        self.room.abort();
        if let Some(backups) = self.backups {
            backups.abort();
        }
        self.hub.stop().await;
    }
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    State(hub): State<Hub>,
    Extension(peer): Extension<Peer>,
    request: HeaderMap,
) -> Response {
    if !hub.site().origin_allowed(&request, peer.https) {
        return (
            StatusCode::FORBIDDEN,
            "this page's origin may not open tables here",
        )
            .into_response();
    }
    // Frames up to 4× the limit reach the session, which answers
    // `too_large`; larger ones are cut off by the WebSocket layer itself.
    // The read buffer grows to a large frame when one comes: a waiting
    // table's socket need not hold the library's default 128 KiB.
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| session::run(socket, hub, peer))
}

/// A WebSocket's read buffer to start with: a client's messages are a few
/// hundred bytes (a move, a setup), the largest a few KiB.
const READ_BUFFER_BYTES: usize = 4096;

/// Tells the app that this site offers tables (over the build's own
/// `tables.json`, which says it does not).
async fn offered() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"tables":true}"#,
    )
}

/// The record of a finished game, in the rules crate's text form; its
/// result (JSON, `"abandoned"` for a table that expired mid-game) in the
/// `x-gunjin-result` header. Each is a read of the store, off the async
/// threads and at most `--record-rate` a second per client address.
async fn record(
    Path(id): Path<String>,
    State(hub): State<Hub>,
    Extension(peer): Extension<Peer>,
) -> Response {
    if !hub.may_read_record(peer.ip) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, "1")],
            "too many records asked for from this address: wait a moment",
        )
            .into_response();
    }
    match hub.store().finished(&id).await {
        Ok(Some((record, outcome))) => {
            let result = HeaderValue::from_str(&outcome).unwrap_or(HeaderValue::from_static("?"));
            (
                [(HeaderName::from_static("x-gunjin-result"), result)],
                record,
            )
                .into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}
