//! A scripted player over a real WebSocket: the tests' and the load test's
//! client. It sets up at random and plays random legal moves chosen from
//! its own view, as any client must.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use gunjin_rules::{Color, Move, Outcome, PublicMove, Rules, Setup, View};
use gunjin_table::{
    ClientMessage, Clock, ErrorCode, GameOpen, GunjinAct, GunjinNews, Open, Phase, SeatNews,
    Seating, ServerMessage, TableNews, WS_PATH,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{
    MaybeTlsStream, WebSocketStream, client_async_with_config, connect_async_with_config,
};

/// How long the bot waits for one message before giving up.
const PATIENCE: Duration = Duration::from_secs(20);

/// How long the bot waits before sending a rate-limited move again, or
/// before reconnecting after a failed attempt.
const RETRY: Duration = Duration::from_millis(100);

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A connected player.
pub struct Bot {
    socket: Socket,
    rng: SmallRng,
    pub table: String,
    pub token: String,
    pub side: Color,
    /// The latest view of the game.
    pub view: Option<View>,
    /// Whether to keep every message received in `received`.
    pub keep: bool,
    /// Every message received, as sent, when `keep` is on (for the tests'
    /// inspections).
    pub received: Vec<String>,
    /// The time from sending each move to seeing it played.
    pub latencies: Vec<Duration>,
    /// The time from seeing each own move played to the opponent's next.
    pub replies: Vec<Duration>,
    /// Bytes of every message received.
    pub bytes: usize,
    /// The bot makes no move once the game reaches this many moves.
    pub stop_at: Option<usize>,
    /// How long the bot "thinks" before each move.
    pub think: Duration,
    /// Whether each move is drawn from the seed and the position alone
    /// ([`choose`]), not from a stream of draws: a move sent again after a
    /// reconnection is the same move, so a game can be replayed offline.
    pub replayable: bool,
    /// The setup to play instead of a random one.
    pub setup: Option<Setup>,
    /// The loopback address the bot connects from (another client to the
    /// server's per-address caps), if not the system's choice.
    from: Option<IpAddr>,
    seed: u64,
    sent_move: Option<(Move, Instant)>,
    /// When the bot's last move was seen played, until the reply.
    awaiting: Option<Instant>,
    setup_sent: bool,
}

/// A failure of the conversation, for tests to report.
pub type BotError = String;

impl Bot {
    /// A connection that holds no seat yet.
    pub async fn connect(addr: SocketAddr, seed: u64) -> Result<Bot, BotError> {
        Bot::connect_to(addr, seed, None).await
    }

    /// A connection for `table` (named in the URL, for a load balancer to
    /// route on), or any table.
    pub async fn connect_to(
        addr: SocketAddr,
        seed: u64,
        table: Option<&str>,
    ) -> Result<Bot, BotError> {
        Bot::connect_from(addr, None, seed, table).await
    }

    /// A connection from the local address `from` (any of 127.0.0.0/8 on
    /// loopback), for `table` when given.
    pub async fn connect_from(
        addr: SocketAddr,
        from: Option<IpAddr>,
        seed: u64,
        table: Option<&str>,
    ) -> Result<Bot, BotError> {
        let socket = socket(addr, from, table).await?;
        Ok(Bot {
            socket,
            rng: SmallRng::seed_from_u64(seed),
            table: String::new(),
            token: String::new(),
            side: Color::South,
            view: None,
            keep: false,
            received: Vec::new(),
            latencies: Vec::new(),
            replies: Vec::new(),
            bytes: 0,
            stop_at: None,
            think: Duration::ZERO,
            replayable: false,
            setup: None,
            from,
            seed,
            sent_move: None,
            awaiting: None,
            setup_sent: false,
        })
    }

    /// Opens a table as its host.
    pub async fn open(addr: SocketAddr, seed: u64, rules: Rules) -> Result<Bot, BotError> {
        Bot::open_clocked(addr, seed, rules, None).await
    }

    /// Opens a table with a clock as its host.
    pub async fn open_clocked(
        addr: SocketAddr,
        seed: u64,
        rules: Rules,
        clock: Option<Clock>,
    ) -> Result<Bot, BotError> {
        Bot::open_game(addr, seed, GameOpen::Gunjin { rules }, clock).await
    }

    /// Opens a Shogi table (the bot only seats and talks: `tests/shogi.rs`
    /// plays it).
    pub async fn open_shogi(
        addr: SocketAddr,
        seed: u64,
        clock: Option<Clock>,
    ) -> Result<Bot, BotError> {
        Bot::open_game(addr, seed, GameOpen::Shogi, clock).await
    }

    /// Opens a table as its host, connecting from `from`.
    pub async fn open_from(
        addr: SocketAddr,
        from: IpAddr,
        seed: u64,
        rules: Rules,
    ) -> Result<Bot, BotError> {
        let mut bot = Bot::connect_from(addr, Some(from), seed, None).await?;
        bot.open_here(GameOpen::Gunjin { rules }, None).await?;
        Ok(bot)
    }

    async fn open_game(
        addr: SocketAddr,
        seed: u64,
        game: GameOpen,
        clock: Option<Clock>,
    ) -> Result<Bot, BotError> {
        let mut bot = Bot::connect(addr, seed).await?;
        bot.open_here(game, clock).await?;
        Ok(bot)
    }

    /// Sends `open` on this connection and takes the welcome.
    async fn open_here(&mut self, game: GameOpen, clock: Option<Clock>) -> Result<(), BotError> {
        self.send(&ClientMessage::Seat(Seating::Open(Open {
            name: "host".into(),
            game,
            clock,
        })))
        .await?;
        if !self.welcome().await? {
            return Err("an open is never retried".into());
        }
        Ok(())
    }

    /// Joins a table by id.
    pub async fn join(addr: SocketAddr, seed: u64, table: &str) -> Result<Bot, BotError> {
        Bot::join_from(addr, None, seed, table).await
    }

    /// Joins a table by id, connecting from `from` if given.
    pub async fn join_from(
        addr: SocketAddr,
        from: Option<IpAddr>,
        seed: u64,
        table: &str,
    ) -> Result<Bot, BotError> {
        let mut bot = Bot::connect_from(addr, from, seed, Some(table)).await?;
        let join = ClientMessage::Seat(Seating::Join {
            table: table.into(),
            name: "guest".into(),
        });
        bot.sit(addr, table, &join).await?;
        Ok(bot)
    }

    /// Takes a seat back with its token.
    pub async fn resume(
        addr: SocketAddr,
        seed: u64,
        table: &str,
        token: &str,
    ) -> Result<Bot, BotError> {
        let mut bot = Bot::connect_to(addr, seed, Some(table)).await?;
        bot.table = table.into();
        bot.token = token.into();
        bot.try_resume(addr).await?;
        Ok(bot)
    }

    /// Takes the seat back on a new connection, trying again until
    /// `patience` runs out: the way a client follows its table to another
    /// server after a drop. The server then sends the whole view.
    pub async fn reconnect(
        &mut self,
        addr: SocketAddr,
        patience: Duration,
    ) -> Result<(), BotError> {
        let give_up = Instant::now() + patience;
        loop {
            let connected = socket(addr, self.from, Some(&self.table)).await;
            let resumed = match connected {
                Ok(socket) => {
                    self.socket = socket;
                    self.try_resume(addr).await
                }
                Err(e) => Err(e),
            };
            match resumed {
                Ok(()) => return Ok(()),
                Err(e) if Instant::now() >= give_up => return Err(format!("reconnecting: {e}")),
                Err(_) => tokio::time::sleep(RETRY).await,
            }
        }
    }

    /// The seed the bot was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Resumes on the connection it has (a new one for each `retry`).
    async fn try_resume(&mut self, addr: SocketAddr) -> Result<(), BotError> {
        self.sent_move = None;
        self.setup_sent = false;
        let resume = ClientMessage::Seat(Seating::Resume {
            table: self.table.clone(),
            token: self.token.clone(),
            rotate: false,
        });
        let table = self.table.clone();
        self.sit(addr, &table, &resume).await
    }

    /// Sends `first` and takes the welcome; a `retry` (the table is
    /// moving between servers) is followed on a new connection after the
    /// time it says, for as long as a message would be waited for.
    async fn sit(
        &mut self,
        addr: SocketAddr,
        table: &str,
        first: &ClientMessage,
    ) -> Result<(), BotError> {
        let give_up = Instant::now() + PATIENCE;
        loop {
            self.send(first).await?;
            if self.welcome().await? {
                return Ok(());
            }
            if Instant::now() >= give_up {
                return Err("retried for too long".into());
            }
            self.socket = socket(addr, self.from, Some(table)).await?;
        }
    }

    /// Takes the welcome (true), or waits as a `retry` says (false).
    async fn welcome(&mut self) -> Result<bool, BotError> {
        match self.recv().await? {
            ServerMessage::Seat(SeatNews::Welcome { table, token, side }) => {
                self.table = table;
                self.token = token;
                self.side = side;
                Ok(true)
            }
            ServerMessage::Seat(SeatNews::Retry { after_millis }) => {
                tokio::time::sleep(Duration::from_millis(after_millis)).await;
                Ok(false)
            }
            other => Err(format!("expected a welcome, got {other:?}")),
        }
    }

    pub async fn send(&mut self, msg: &ClientMessage) -> Result<(), BotError> {
        let text = serde_json::to_string(msg).expect("client messages serialize");
        self.send_raw(text).await
    }

    pub async fn send_raw(&mut self, text: String) -> Result<(), BotError> {
        self.socket
            .send(Message::text(text))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message; an error when the connection closes or nothing
    /// comes in time.
    pub async fn recv(&mut self) -> Result<ServerMessage, BotError> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .map_err(|_| "no message in time".to_owned())?;
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.bytes += text.len();
                    let msg = serde_json::from_str(text.as_str())
                        .map_err(|e| format!("unreadable message {text}: {e}"))?;
                    if self.keep {
                        self.received.push(text.as_str().to_owned());
                    }
                    return Ok(msg);
                }
                Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.to_string()),
            }
        }
    }

    /// Whether the server closed the connection (reading through anything
    /// still queued).
    pub async fn closed(&mut self) -> bool {
        loop {
            match self.recv().await {
                Ok(_) => continue,
                Err(e) => return e == "closed" || !e.contains("in time"),
            }
        }
    }

    /// Receives one message and answers it as a player would: a random
    /// setup when the setup phase starts, a random legal move on its turn.
    pub async fn step(&mut self) -> Result<ServerMessage, BotError> {
        let msg = self.recv().await?;
        self.answer(&msg).await?;
        Ok(msg)
    }

    /// Answers a message received as a player would (see [`Bot::step`]).
    pub async fn answer(&mut self, msg: &ServerMessage) -> Result<(), BotError> {
        match msg {
            ServerMessage::Table(TableNews::State(state)) => {
                if let Phase::Setup { ready, .. } = state.phase
                    && !ready[self.side]
                    && !self.setup_sent
                {
                    self.setup_sent = true;
                    let setup = if let Some(setup) = self.setup {
                        setup
                    } else if self.replayable {
                        Setup::random(state.rules, &mut SmallRng::seed_from_u64(self.seed))
                    } else {
                        Setup::random(state.rules, &mut self.rng)
                    };
                    self.send(&ClientMessage::Gunjin(GunjinAct::Ready { setup }))
                        .await?;
                }
            }
            ServerMessage::Gunjin(GunjinNews::Game { view, played }) => {
                self.played(played.as_ref());
                self.view = Some(view.clone());
                self.move_if_my_turn().await?;
            }
            ServerMessage::Gunjin(GunjinNews::Step(step)) => {
                self.played(Some(step));
                let view = self.view.as_mut().ok_or("a step before any view")?;
                view.apply(step).map_err(|e| e.to_string())?;
                self.move_if_my_turn().await?;
            }
            ServerMessage::Seat(SeatNews::Error {
                code: ErrorCode::RateLimited,
                ..
            }) => {
                // The move was dropped: wait for the bucket, then send it again.
                if let Some((mv, _)) = self.sent_move {
                    tokio::time::sleep(RETRY).await;
                    self.send(&ClientMessage::Gunjin(GunjinAct::Move(mv.into())))
                        .await?;
                }
            }
            ServerMessage::Seat(SeatNews::Error { code, message }) => {
                return Err(format!("refused: {code} {message}"));
            }
            _ => {}
        }
        Ok(())
    }

    /// Notes the latency of the bot's own move when it comes back played,
    /// and the time the opponent took to reply to it.
    fn played(&mut self, played: Option<&PublicMove>) {
        let Some(played) = played else { return };
        if played.side != self.side {
            if let Some(since) = self.awaiting.take() {
                self.replies.push(since.elapsed());
            }
            return;
        }
        self.awaiting = Some(Instant::now());
        if let Some((mv, at)) = self.sent_move
            && played.mv == mv
        {
            self.latencies.push(at.elapsed());
            self.sent_move = None;
        }
    }

    /// Plays a random legal move if the latest view says it is this
    /// player's turn.
    pub async fn move_if_my_turn(&mut self) -> Result<(), BotError> {
        let Some(view) = &self.view else {
            return Ok(());
        };
        if self.stop_at.is_some_and(|n| view.ply() >= n) {
            return Ok(());
        }
        let mv = if self.replayable {
            choose(self.seed, view)
        } else {
            view.legal_moves().choose(&mut self.rng).copied()
        };
        if let Some(mv) = mv {
            if !self.think.is_zero() {
                tokio::time::sleep(self.think).await;
            }
            self.sent_move = Some((mv, Instant::now()));
            self.send(&ClientMessage::Gunjin(GunjinAct::Move(mv.into())))
                .await?;
        }
        Ok(())
    }

    /// Waits for the table to show the CPU seated opposite (the bot then
    /// sets up as a player would): `None`; or the refusal's code.
    pub async fn cpu_seated(&mut self) -> Result<Option<ErrorCode>, BotError> {
        loop {
            let msg = self.recv().await?;
            match &msg {
                ServerMessage::Table(TableNews::State(t))
                    if t.seats.north.as_ref().is_some_and(|s| s.cpu.is_some()) =>
                {
                    self.answer(&msg).await?;
                    return Ok(None);
                }
                ServerMessage::Seat(SeatNews::Error { code, .. }) => return Ok(Some(*code)),
                _ => {}
            }
        }
    }

    /// Plays until the game has `ply` moves (or is over), then stops moving.
    pub async fn play_until(&mut self, ply: usize) -> Result<(), BotError> {
        self.stop_at = Some(ply);
        while self
            .view
            .as_ref()
            .is_none_or(|v| v.ply() < ply && v.outcome().is_none())
        {
            self.step().await?;
        }
        Ok(())
    }

    /// Plays until the game is over; returns the result.
    pub async fn play_out(&mut self) -> Result<Outcome, BotError> {
        loop {
            if let ServerMessage::Gunjin(GunjinNews::Over { outcome, .. }) = self.step().await? {
                return Ok(outcome);
            }
        }
    }
}

/// Takes the host of a table just opened to the node its id routes to
/// (through a load balancer, `open` lands on any node), so the guest finds
/// it there; on a single server the host resumes where it is.
pub async fn follow(host: &mut Bot, addr: SocketAddr) -> Result<(), BotError> {
    host.reconnect(addr, PATIENCE).await
}

/// The move a replayable bot of this seed plays in this view: a random
/// legal one, drawn from the seed and the ply.
pub fn choose(seed: u64, view: &View) -> Option<Move> {
    let ply = view.ply() as u64;
    let mut rng = SmallRng::seed_from_u64(seed ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    view.legal_moves().choose(&mut rng).copied()
}

/// A WebSocket to the server from the local address `from` if given, for
/// `table` when given (in the URL, for a load balancer to route on).
async fn socket(
    addr: SocketAddr,
    from: Option<IpAddr>,
    table: Option<&str>,
) -> Result<Socket, BotError> {
    let url = match table {
        Some(table) => format!("ws://{addr}{WS_PATH}?table={table}"),
        None => format!("ws://{addr}{WS_PATH}"),
    };
    // Small buffers, as a browser's: thousands of bots in one process.
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let Some(from) = from else {
        let (socket, _) = connect_async_with_config(&url, Some(config), true)
            .await
            .map_err(|e| e.to_string())?;
        return Ok(socket);
    };
    let tcp = match from {
        IpAddr::V4(_) => TcpSocket::new_v4(),
        IpAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(|e| e.to_string())?;
    tcp.bind(SocketAddr::new(from, 0))
        .map_err(|e| e.to_string())?;
    let tcp = tcp.connect(addr).await.map_err(|e| e.to_string())?;
    let _ = tcp.set_nodelay(true);
    let (socket, _) = client_async_with_config(&url, MaybeTlsStream::Plain(tcp), Some(config))
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}
