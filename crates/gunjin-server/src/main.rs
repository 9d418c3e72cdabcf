//! `gunjin-server`: serves the app and hosts tables. Run with `--help`.

mod flags;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use gunjin_server::Server;
use tracing::{error, info, warn};
use tracing_subscriber::EnvFilter;

fn main() {
    let config = match flags::Flags::parse().config() {
        Ok(config) => config,
        Err(e) => flags::Flags::command()
            .error(ErrorKind::MissingRequiredArgument, e)
            .exit(),
    };
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();
    if cfg!(panic = "abort") {
        warn!(
            "built with panic = \"abort\": a CPU search that panics stops the whole server \
             (build it with --profile server)"
        );
    }
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async {
        let server = match Server::start(config.clone()).await {
            Ok(server) => server,
            Err(e) => {
                error!("cannot start: {e}");
                std::process::exit(1);
            }
        };
        let store = match &config.database {
            Some(_) => format!("shared PostgreSQL store, node {}", config.node),
            None => format!("store {}", config.db.display()),
        };
        info!(
            "gunjin-server on http://{} serving {} ({store})",
            server.addr,
            config.dist.display(),
        );
        shutdown_signal().await;
        info!("draining: handing every table over");
        server.stop().await;
        info!("drained");
    });
}

/// Ctrl-C, or SIGTERM from a process manager.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}
