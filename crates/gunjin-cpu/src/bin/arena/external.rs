//! A program speaking the bot protocol on its stdin and stdout, read by a
//! thread of its own so that a bot that hangs costs a timeout, not the
//! match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use gunjin_cpu::protocol::{Command, Reply};
use gunjin_rules::Shape;

/// How a bot failed the host: each costs it the game it was playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No awaited reply within the time allowed.
    Timeout,
    /// It closed its output or its input (exited, crashed, broken pipe).
    Closed(String),
    /// It answered `error …` where a reply was awaited.
    Error(String),
    /// It wrote a line that is no reply, or one out of turn.
    Garbled(String),
    /// Its move was illegal (a fault only with `--illegal-loses`).
    Illegal(String),
}

impl Fault {
    /// The counter a fault is reported under.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Timeout => "timeout",
            Fault::Closed(_) => "closed",
            Fault::Error(_) => "error",
            Fault::Garbled(_) => "garbled",
            Fault::Illegal(_) => "illegal move",
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => f.write_str("no reply in time"),
            Fault::Closed(e) | Fault::Error(e) | Fault::Garbled(e) | Fault::Illegal(e) => {
                write!(f, "{}: {e}", self.kind())
            }
        }
    }
}

/// A running bot.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// What it said of itself at the handshake: `id name …`, and the rule
    /// codes of `id rules …` (none: it plays any).
    pub name: Option<String>,
    pub rules: Vec<String>,
    /// Whether it asked for `legal` lines (`id wants legal`).
    pub wants_legal: bool,
    /// The board of the game it was last sent (`newgame`): its replies'
    /// nodes are read on it.
    board: Option<Shape>,
}

impl External {
    /// Starts `command` in a shell and shakes hands (`gsp` … `gspok`)
    /// within `timeout`.
    pub fn spawn(command: &str, timeout: Duration) -> Result<External, String> {
        let mut child = Process::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start \"{command}\": {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let (send, lines) = channel();
        thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut bot = External {
            child,
            stdin,
            lines,
            name: None,
            rules: Vec::new(),
            wants_legal: false,
            board: None,
        };
        bot.shake_hands(timeout)
            .map_err(|e| format!("\"{command}\" at the handshake: {e}"))?;
        Ok(bot)
    }

    fn shake_hands(&mut self, timeout: Duration) -> Result<(), Fault> {
        self.send(&Command::Hello)?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.next_reply(deadline)? {
                Reply::HelloOk => return Ok(()),
                Reply::Id { key, value } if key == "name" => self.name = Some(value),
                Reply::Id { key, value } if key == "rules" => {
                    self.rules = value.split_whitespace().map(str::to_owned).collect();
                }
                Reply::Id { key, value } if key == "wants" => {
                    self.wants_legal |= value.split_whitespace().any(|w| w == "legal");
                }
                Reply::Id { .. } | Reply::Info(_) => {}
                other => return Err(Fault::Garbled(format!("\"{other}\" before gspok"))),
            }
        }
    }

    pub fn send(&mut self, command: &Command) -> Result<(), Fault> {
        if let Command::NewGame { rules, .. } = command {
            self.board = Some(*rules.shape());
        }
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Fault::Closed(format!("cannot send \"{command}\": {e}")))
    }

    /// Reads replies until one `wanted` arrives within `timeout`; `info`
    /// and `id` lines are skipped.
    pub fn wait_for(
        &mut self,
        wanted: impl Fn(&Reply) -> bool,
        timeout: Duration,
    ) -> Result<Reply, Fault> {
        let deadline = Instant::now() + timeout;
        loop {
            let reply = self.next_reply(deadline)?;
            if wanted(&reply) {
                return Ok(reply);
            }
            match reply {
                Reply::Error(message) => return Err(Fault::Error(message)),
                Reply::Info(_) | Reply::Id { .. } => {}
                other => return Err(Fault::Garbled(format!("unexpected \"{other}\""))),
            }
        }
    }

    /// The next non-empty line, read as a reply, by `deadline`.
    fn next_reply(&mut self, deadline: Instant) -> Result<Reply, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Closed("the bot closed its output".into()));
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            return Reply::read(&line, self.board.as_ref())
                .map_err(|e| Fault::Garbled(format!("\"{}\": {e}", line.trim())));
        }
    }
}

impl Drop for External {
    /// Asks the bot to quit, and ends it if it has not within a moment
    /// (a bot that hangs must not hang the arena).
    fn drop(&mut self) {
        let _ = self.send(&Command::Quit);
        let patience = Instant::now() + Duration::from_millis(500);
        while Instant::now() < patience {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
