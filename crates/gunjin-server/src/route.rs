//! Routing a table to the node that runs it. A load balancer hashes on
//! the table id in the WebSocket URL (`/ws?table=<id>`), so a table's
//! players reach the same node; a node that gets a table it does not run
//! claims it from the store (its lease free, expired or released), or,
//! while another node holds it, asks that node to hand it over and tells
//! the client to come back shortly: over HTTP (`503` with `Retry-After`)
//! when the URL names the table, else by closing the connection without
//! an error, which clients take as a drop and answer with a `resume`.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::hub::Hub;
use crate::refusal::Refusal;

/// Why a connection gets no table here.
pub enum Away {
    Refused(Refusal),
    /// Another node runs the table, or it is moving: come back shortly.
    Elsewhere,
}

impl From<Refusal> for Away {
    fn from(refusal: Refusal) -> Away {
        Away::Refused(refusal)
    }
}

/// The WebSocket URL's query: the table the connection is for, if it says.
#[derive(Deserialize)]
pub struct Route {
    pub table: Option<String>,
}

/// `Some(503)` when the table the URL names runs on another node; it is
/// claimed here when it can be. A missing table is the session's to
/// refuse, as without the parameter.
pub fn check(hub: &Hub, route: &Route) -> Option<Response> {
    let id = route.table.as_deref()?;
    match hub.table(id) {
        Err(Away::Elsewhere) => Some(
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "1")],
                "this table is moving between servers: try again in a moment",
            )
                .into_response(),
        ),
        Ok(_) | Err(Away::Refused(_)) => None,
    }
}
