//! The server nodes of the scale check: real `gunjin-server` processes on
//! a shared PostgreSQL database, started, killed and restarted by the
//! check, each logging to a file in the check's directory.

use std::fs::File;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a node may take to start listening, or to drain.
const START: Duration = Duration::from_secs(20);

/// How long HAProxy may take to see a node that listens (its health
/// checks run every 250 ms).
const SEEN: Duration = Duration::from_millis(600);

pub struct Node {
    pub name: String,
    pub addr: SocketAddr,
    server: PathBuf,
    database: String,
    dir: PathBuf,
    child: Option<Child>,
}

impl Node {
    pub fn new(name: &str, addr: SocketAddr, server: &Path, database: &str, dir: &Path) -> Node {
        Node {
            name: name.to_owned(),
            addr,
            server: server.to_owned(),
            database: database.to_owned(),
            dir: dir.to_owned(),
            child: None,
        }
    }

    /// Starts the process (its pid in `<dir>/<name>.pid`, for the script's
    /// clean-up) and waits until it listens.
    pub async fn start(&mut self) -> Result<(), String> {
        let log = File::options()
            .create(true)
            .append(true)
            .open(self.dir.join(format!("{}.log", self.name)))
            .map_err(|e| e.to_string())?;
        let dist = self.dir.join("dist");
        std::fs::create_dir_all(&dist).map_err(|e| e.to_string())?;
        std::fs::write(dist.join("index.html"), "<title>Gunjin Shogi</title>")
            .map_err(|e| e.to_string())?;
        let child = Command::new(&self.server)
            .args(["--addr", &self.addr.to_string(), "--node", &self.name])
            .args(["--database", &self.database, "--dist"])
            .arg(&dist)
            // Short leases, so a lost node's tables move within seconds;
            // HAProxy names each player's address, but all are loopback's.
            .args([
                "--lease-secs",
                "3",
                "--grace-secs",
                "60",
                "--rate",
                "100000",
                "--trust-proxy",
                "127.0.0.1",
            ])
            .args(["--max-conns", "100000", "--max-conns-per-addr", "100000"])
            .args(["--seats-per-addr", "100000", "--record-rate", "100000"])
            .args([
                "--tables-per-addr-hour",
                "1000000",
                "--max-tables",
                "100000",
            ])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("{}: {e}", self.server.display()))?;
        std::fs::write(self.pid_file(), child.id().to_string()).map_err(|e| e.to_string())?;
        self.child = Some(child);
        self.wait_listening().await?;
        tokio::time::sleep(SEEN).await;
        Ok(())
    }

    fn pid_file(&self) -> PathBuf {
        self.dir.join(format!("{}.pid", self.name))
    }

    async fn wait_listening(&mut self) -> Result<(), String> {
        let give_up = Instant::now() + START;
        while tokio::net::TcpStream::connect(self.addr).await.is_err() {
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                return Err(format!("node {} exited: {status}", self.name));
            }
            if Instant::now() > give_up {
                return Err(format!("node {} does not listen", self.name));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(())
    }

    /// SIGKILL: the node is lost with everything it had not stored.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_file(self.pid_file());
        }
    }

    /// SIGTERM, and waits for the drain to end the process.
    pub async fn terminate(&mut self) -> Result<(), String> {
        let Some(mut child) = self.child.take() else {
            return Ok(());
        };
        let pid = child.id().to_string();
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .map_err(|e| e.to_string())?;
        let give_up = Instant::now() + START;
        loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                let _ = std::fs::remove_file(self.pid_file());
                return match status.success() {
                    true => Ok(()),
                    false => Err(format!("node {} drained with {status}", self.name)),
                };
            }
            if Instant::now() > give_up {
                let _ = child.kill();
                return Err(format!("node {} did not drain in time", self.name));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}
