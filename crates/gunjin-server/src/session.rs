//! One WebSocket connection: reads and validates the client's messages,
//! binds the connection to a seat and forwards the rest to its table.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use gunjin_rules::Color;
use gunjin_table::{
    ClientMessage, ErrorCode, GameOpen, LobbyAct, MAX_MESSAGE_BYTES, Open, SeatNews, Seating,
    ServerMessage, TableAct, Unreadable, WatchAct,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::admission::Ticket;
use crate::hub::{ActionOf, Hub, TableTx};
use crate::limit::TokenBucket;
use crate::name;
use crate::referee::Action;
use crate::referee::{Gunjin, Referee};
use crate::refusal::Refusal;
use crate::room;
use crate::route::{self, Away};
use crate::seat::{Conn, Outgoing};
use crate::serve::Peer;
use crate::shogi::Shogi;
use crate::spectator::{self, Watching};
use crate::table::SeatCommand;

fn next_conn_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The seat a connection plays, once bound, and its place among its
/// address's seated connections.
struct Bound {
    table: TableTx,
    side: Color,
    _place: Ticket,
}

/// How long the writer may take to send what is queued once the
/// connection ends; after that it is cut off.
const FLUSH: Duration = Duration::from_secs(1);

pub async fn run(socket: WebSocket, hub: Hub, peer: Peer) {
    let (sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Outgoing>(hub.config().outbox);
    let mut writer = tokio::spawn(write(sink, rx, hub.config().ping_interval));
    let conn = Conn {
        id: next_conn_id(),
        tx,
        kill: Default::default(),
    };
    let config = hub.config();
    let mut bucket = TokenBucket::new(config.rate);
    let mut bound: Option<Bound> = None;
    let mut chat = TokenBucket::new(config.chat_rate);
    let mut watching: Option<Watching> = None;
    // Following the lobby or seeking keeps an unseated connection.
    let mut in_room = false;
    let _online = hub.room().arrive();
    let seat_by = Instant::now() + config.first_message;
    let mut heard = Instant::now();
    loop {
        // Unseated, the first-message deadline; always, the ping timeout.
        let silent = heard + config.ping_timeout;
        let unbound = bound.is_none() && watching.is_none() && !in_room;
        let deadline = if unbound { silent.min(seat_by) } else { silent };
        let frame = tokio::select! {
            frame = stream.next() => frame,
            () = conn.kill.notified() => break,
            () = tokio::time::sleep_until(deadline) => {
                let why = if unbound { "no seat taken in time" } else { "no answer to pings" };
                refuse(&conn, Refusal::new(ErrorCode::TimedOut, why));
                break;
            }
        };
        let Some(Ok(frame)) = frame else { break };
        heard = Instant::now();
        let text = match frame {
            Message::Text(text) => text,
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                refuse(
                    &conn,
                    Refusal::new(ErrorCode::BadMessage, "messages are JSON text"),
                );
                break;
            }
        };
        if !bucket.take() {
            refuse(
                &conn,
                Refusal::new(
                    ErrorCode::RateLimited,
                    "too many messages: this one was dropped",
                ),
            );
            continue;
        }
        let place = Place {
            bound: &mut bound,
            watching: &mut watching,
            chat: &mut chat,
            in_room: &mut in_room,
        };
        match handle(&hub, &conn, &peer, place, text.as_str()).await {
            Ok(()) => {}
            Err(Away::Refused(refusal)) => {
                let closes = refusal.code.closes();
                refuse(&conn, refusal);
                if closes {
                    break;
                }
            }
            // The client connects again shortly (`route.rs`).
            Err(Away::Elsewhere) => {
                conn.send(&route::retry());
                break;
            }
        }
    }
    hub.room().leave(conn.id).await;
    if let Some(Bound { table, side, .. }) = bound {
        table
            .seat(SeatCommand::Detach {
                side,
                conn: conn.id,
            })
            .await;
    }
    if let Some(watching) = watching {
        watching.leave(conn.id).await;
    }
    conn.close();
    drop(conn);
    if tokio::time::timeout(FLUSH, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// Sends what the table queues, and a ping every `ping`, until told to
/// close.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Outgoing>,
    ping: Duration,
) {
    let mut pings = tokio::time::interval_at(Instant::now() + ping, ping);
    loop {
        let sent = tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => sink.send(Message::Text(text.into())).await,
                Some(Outgoing::Close) | None => break,
            },
            _ = pings.tick() => sink.send(Message::Ping(Default::default())).await,
        };
        if sent.is_err() {
            return;
        }
    }
    let _ = sink.send(Message::Close(None)).await;
}

fn refuse(conn: &Conn, refusal: Refusal) {
    conn.send(&refusal.to_message());
}

/// Where a connection stands: its seat, or the table it watches, and its
/// chat's limit; and whether it follows the lobby or seeks.
struct Place<'a> {
    bound: &'a mut Option<Bound>,
    watching: &'a mut Option<Watching>,
    chat: &'a mut TokenBucket,
    in_room: &'a mut bool,
}

async fn handle(
    hub: &Hub,
    conn: &Conn,
    peer: &Peer,
    place: Place<'_>,
    text: &str,
) -> Result<(), Away> {
    let Place {
        bound,
        watching,
        chat,
        in_room,
    } = place;
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refusal::new(
            ErrorCode::TooLarge,
            format!("a message has at most {MAX_MESSAGE_BYTES} bytes"),
        )
        .into());
    }
    let msg = ClientMessage::from_json(text).map_err(unreadable)?;
    if spectator::is_line(&msg)? && !(chat.take() && hub.may_chat(peer.ip)) {
        return Err(Refusal::new(
            ErrorCode::RateLimited,
            "too many chat lines: this one was dropped",
        )
        .into());
    }
    if let Some(watching) = watching {
        return watching.act(conn.id, msg).await;
    }
    if let Some(Bound { table, side, .. }) = bound {
        let msg = match spectator::seat_command(*side, conn.id, msg) {
            Ok(cmd) => {
                return match table.audience(cmd).await {
                    true => Ok(()),
                    false => Err(Away::Elsewhere),
                };
            }
            Err(msg) => msg,
        };
        let asked = Asked { hub, peer, msg };
        let sent = table.act(*side, conn.id, asked).await?;
        return if sent { Ok(()) } else { Err(Away::Elsewhere) };
    }
    if let ClientMessage::Watch(WatchAct::Watch { table, name }) = &msg {
        *watching = Some(spectator::watch(hub, conn, peer, table, name).await?);
        return Ok(());
    }
    if let ClientMessage::Lobby(act) = msg {
        room_act(hub, conn, peer, act).await?;
        *in_room = true;
        return Ok(());
    }
    let ClientMessage::Seat(seating) = msg else {
        return Err(Refusal::new(ErrorCode::NoSeat, "open, join or resume a table first").into());
    };
    if let Seating::Peek { table } = &seating {
        return peek(hub, conn, table).await;
    }
    let place = hub.seat_place(peer.ip)?;
    let (table, command) = match seating {
        Seating::Open(Open { name, game, clock }) => {
            let name = name::player_name(&name)?;
            let opened = match game {
                GameOpen::Gunjin { rules } => {
                    hub.open::<Gunjin>(peer.ip, name, rules, clock).await?
                }
                GameOpen::Shogi => hub.open::<Shogi>(peer.ip, name, (), clock).await?,
            };
            (opened.tx, Taking::Resume(opened.token, false))
        }
        Seating::Join { table, name } => (
            hub.table(&table).await?,
            Taking::Join(name::player_name(&name)?),
        ),
        Seating::Resume {
            table,
            token,
            rotate,
        } => (hub.table(&table).await?, Taking::Resume(token, rotate)),
        Seating::Peek { .. } => unreachable!("a peek takes no seat"),
    };
    let (reply, answer) = oneshot::channel();
    let conn = conn.clone();
    let command = match command {
        Taking::Join(name) => SeatCommand::Join { name, conn, reply },
        Taking::Resume(token, rotate) => SeatCommand::Resume {
            token,
            rotate,
            conn,
            reply,
        },
    };
    if !table.seat(command).await {
        return Err(Away::Elsewhere);
    }
    let side = answer.await.map_err(|_| Away::Elsewhere)??;
    *bound = Some(Bound {
        table,
        side,
        _place: place,
    });
    Ok(())
}

/// What an unseated connection asks of the room (`room/`).
async fn room_act(hub: &Hub, conn: &Conn, peer: &Peer, act: LobbyAct) -> Result<(), Refusal> {
    match act {
        LobbyAct::FollowLobby => hub.room().follow(conn, peer.ip),
        LobbyAct::Seek(open) => room::seek(hub, conn, peer.ip, open).await,
        LobbyAct::CancelSeek => {
            hub.room().cancel(conn.id).await;
            Ok(())
        }
        LobbyAct::List { .. } => Err(Refusal::new(
            ErrorCode::NotHost,
            "only a table's host lists it: open a table first",
        )),
    }
}

/// Tells what the table `id` is, binding the connection to nothing: the
/// invite link's page shows it (or that there is no such table) before
/// asking for a name.
async fn peek(hub: &Hub, conn: &Conn, id: &str) -> Result<(), Away> {
    let table = hub.table(id).await?;
    let (reply, answer) = oneshot::channel();
    if !table.seat(SeatCommand::Peek { reply }).await {
        return Err(Away::Elsewhere);
    }
    let invitation = answer.await.map_err(|_| Away::Elsewhere)?;
    conn.send(&ServerMessage::Seat(SeatNews::Invitation(invitation)));
    Ok(())
}

/// Why a message does not read: a bad setup or level names what to
/// correct and keeps the connection; anything else is a protocol
/// violation (the code is the message's part's, `ClientMessage::from_json`).
fn unreadable(unreadable: Unreadable) -> Refusal {
    Refusal::new(unreadable.code, unreadable.reason.to_string())
}

/// A seated connection's message, for its table to read.
struct Asked<'a> {
    hub: &'a Hub,
    peer: &'a Peer,
    msg: ClientMessage,
}

/// What the message asks of a table of `R`'s game: seating and
/// resigning are every game's, the rest the referee's to read.
impl ActionOf for Asked<'_> {
    fn of<R: Referee>(self) -> Result<Action<R>, Refusal> {
        match self.msg {
            ClientMessage::Table(TableAct::AddCpu { level }) => {
                // A level of another game is the table's to refuse.
                let think = R::level(level).map_or(0.0, R::think_millis);
                let place = self.hub.cpu_table(self.peer.ip, think);
                Ok(Action::AddCpu(level, place))
            }
            ClientMessage::Table(TableAct::Resign) => Ok(Action::Resign),
            ClientMessage::Offer(act) => Ok(Action::Offer(act)),
            ClientMessage::Lobby(LobbyAct::List { listed }) => Ok(Action::List(listed)),
            ClientMessage::Lobby(_) => Err(Refusal::new(
                ErrorCode::NoSeat,
                "a seated connection neither follows the lobby nor seeks",
            )),
            ClientMessage::Seat(
                Seating::Open(_) | Seating::Join { .. } | Seating::Resume { .. },
            ) => Err(Refusal::new(
                ErrorCode::NoSeat,
                "this connection already holds a seat",
            )),
            msg => R::act(msg),
        }
    }
}

/// How a connection takes a seat.
enum Taking {
    Join(String),
    /// The token, and whether to rotate it.
    Resume(String, bool),
}
