//! Shogi tables over real WebSockets: the same seats, tokens, CPU seats
//! and clock as Gunjin's, the referee `shogi-rules`. Both seats are told
//! the whole game; each move then comes as USI.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::bot::Bot;
use gunjin_rules::Color;
use gunjin_server::Server;
use gunjin_table::{
    ClientMessage, Clock, CpuLevel, ErrorCode, GunjinAct, Phase, ServerMessage, ShogiAct,
    ShogiLevel, ShogiNews, TableAct, TableNews,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use shogi_rules::{EndReason, Game, Outcome, Record};

/// A seat at a Shogi table and the game as it was told.
struct Seat {
    bot: Bot,
    game: Option<Game>,
    sente: Color,
    outcome: Option<Outcome>,
}

impl Seat {
    fn new(bot: Bot) -> Seat {
        Seat {
            bot,
            game: None,
            sente: Color::South,
            outcome: None,
        }
    }

    /// Reads one message into the game; returns it.
    async fn read(&mut self) -> ServerMessage {
        let msg = self.bot.recv().await.unwrap();
        match &msg {
            ServerMessage::Shogi(ShogiNews::Game { sente, record }) => {
                self.sente = *sente;
                let record: Record = record.parse().unwrap();
                self.game = Some(record.replay().unwrap());
            }
            ServerMessage::Shogi(ShogiNews::Move(usi)) => {
                let game = self.game.as_mut().expect("a move after the game");
                game.play(usi.parse().unwrap()).unwrap();
            }
            ServerMessage::Table(TableNews::State(state)) if state.phase == Phase::ShogiOver => {
                self.outcome = self.game.as_ref().and_then(Game::outcome);
            }
            _ => {}
        }
        msg
    }

    /// Reads until the game has `ply` moves.
    async fn until_ply(&mut self, ply: usize) {
        while self.game.as_ref().is_none_or(|g| g.moves().len() < ply) {
            self.read().await;
        }
    }

    /// Reads until the table says the game is over.
    async fn until_over(&mut self) -> Outcome {
        while self.outcome.is_none() {
            self.read().await;
        }
        self.outcome.unwrap()
    }

    fn my_turn(&self) -> bool {
        self.game.as_ref().is_some_and(|g| {
            let sente_to_move = g.position().turn() == shogi_rules::Color::Sente;
            g.outcome().is_none() && sente_to_move == (self.bot.side == self.sente)
        })
    }

    async fn play(&mut self, usi: &str) {
        self.bot
            .send(&ClientMessage::Shogi(ShogiAct::Move(usi.into())))
            .await
            .unwrap();
    }

    /// A random legal move, if it is this seat's turn.
    async fn play_random(&mut self, rng: &mut SmallRng) {
        if !self.my_turn() {
            return;
        }
        let mut moves = Vec::new();
        self.game
            .as_ref()
            .unwrap()
            .position()
            .legal_moves_into(&mut moves);
        let mv = moves.choose(rng).unwrap().to_string();
        self.bot
            .send(&ClientMessage::Shogi(ShogiAct::Move(mv)))
            .await
            .unwrap();
    }
}

/// A host and a guest at a new Shogi table, both told the game.
async fn pair(addr: SocketAddr, seed: u64, clock: Option<Clock>) -> (Seat, Seat) {
    let host = Bot::open_shogi(addr, seed, clock).await.unwrap();
    let guest = Bot::join(addr, seed + 1, &host.table).await.unwrap();
    let (mut host, mut guest) = (Seat::new(host), Seat::new(guest));
    host.until_ply(0).await;
    guest.until_ply(0).await;
    (host, guest)
}

/// Sente's seat and Gote's.
fn by_turn(a: Seat, b: Seat) -> (Seat, Seat) {
    if a.bot.side == a.sente {
        (a, b)
    } else {
        (b, a)
    }
}

/// Plays the line's moves not played yet in turn, both seats reading
/// each.
async fn play_line(sente: &mut Seat, gote: &mut Seat, line: &[&str]) {
    let played = sente.game.as_ref().map_or(0, |g| g.moves().len());
    for (i, usi) in line.iter().enumerate().skip(played) {
        if i % 2 == 0 {
            sente.play(usi).await;
        } else {
            gote.play(usi).await;
        }
        sente.until_ply(i + 1).await;
        gote.until_ply(i + 1).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_shogi_game_between_two_clients_to_resignation() {
    let (server, _scratch) = common::start("shogi-game").await;
    let (host, guest) = pair(server.addr, 1, None).await;
    assert_eq!(host.sente, guest.sente, "both seats are told who is Sente");
    let (mut sente, mut gote) = by_turn(host, guest);
    // A bishop exchange with a drop each.
    play_line(
        &mut sente,
        &mut gote,
        &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*4d"],
    )
    .await;
    assert_eq!(
        sente.game.as_ref().unwrap().record(),
        gote.game.as_ref().unwrap().record()
    );
    gote.bot
        .send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
    let won = Outcome::win(shogi_rules::Color::Sente, EndReason::Resignation);
    assert_eq!(sente.until_over().await, won);
    assert_eq!(gote.until_over().await, won);
    // The stored record replays the game through the rules.
    let path = format!("/api/tables/{}/record", sente.bot.table);
    let (status, record) = common::http_get(server.addr, &path);
    assert!(status.contains("200"), "{status}");
    assert!(
        record.ends_with("startpos 7g7f 3c3d 8h2b+ 3a2b B*4e B*4d resign:gote"),
        "{record}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_false_impasse_declaration_loses() {
    let (server, _scratch) = common::start("shogi-declare").await;
    let (host, guest) = pair(server.addr, 3, None).await;
    let (mut sente, mut gote) = by_turn(host, guest);
    sente
        .bot
        .send(&ClientMessage::Shogi(ShogiAct::Declare))
        .await
        .unwrap();
    let lost = Outcome::win(shogi_rules::Color::Gote, EndReason::FalseDeclaration);
    assert_eq!(sente.until_over().await, lost);
    assert_eq!(gote.until_over().await, lost);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_moves_and_drops_are_refused_and_the_table_plays_on() {
    let (server, _scratch) = common::start("shogi-illegal").await;
    let (host, guest) = pair(server.addr, 5, None).await;
    let (mut sente, mut gote) = by_turn(host, guest);
    // A drop from an empty hand, a move no piece makes, no USI at all, a
    // move out of turn.
    for (sente_moves, usi, code) in [
        (true, "P*5e", ErrorCode::IllegalMove),
        (true, "b4-b5", ErrorCode::IllegalMove),
        (true, "7g7e", ErrorCode::IllegalMove),
        (false, "3c3d", ErrorCode::NotYourTurn),
    ] {
        let seat = if sente_moves { &mut sente } else { &mut gote };
        seat.play(usi).await;
        assert_eq!(common::next_error(&mut seat.bot).await, code, "{usi}");
    }
    // Gunjin's messages are refused at a Shogi table, the connection kept.
    let gunjin_move = ClientMessage::Gunjin(GunjinAct::Move("b4-b5".into()));
    sente.bot.send(&gunjin_move).await.unwrap();
    assert_eq!(
        common::next_error(&mut sente.bot).await,
        ErrorCode::WrongPhase
    );
    play_line(
        &mut sente,
        &mut gote,
        &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"],
    )
    .await;
    // A drop on an occupied square, then the legal drop.
    gote.play("B*4e").await;
    assert_eq!(
        common::next_error(&mut gote.bot).await,
        ErrorCode::IllegalMove
    );
    gote.play("B*4d").await;
    gote.until_ply(6).await;
    sente.until_ply(6).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_comes_back_with_its_token_and_the_whole_game() {
    let (server, _scratch) = common::start("shogi-resume").await;
    let (host, guest) = pair(server.addr, 7, None).await;
    let (mut sente, mut gote) = by_turn(host, guest);
    play_line(&mut sente, &mut gote, &["7g7f", "3c3d"]).await;
    let (table, token) = (gote.bot.table.clone(), gote.bot.token.clone());
    drop(gote);
    sente.play("2g2f").await;
    sente.until_ply(3).await;
    let bot = Bot::resume(server.addr, 8, &table, &token).await.unwrap();
    let mut gote = Seat::new(bot);
    gote.until_ply(3).await;
    assert_eq!(
        gote.game.as_ref().unwrap().record(),
        sente.game.as_ref().unwrap().record()
    );
    play_line(&mut sente, &mut gote, &["7g7f", "3c3d", "2g2f", "4c4d"]).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_seat_plays_at_each_level() {
    let (server, _scratch) = common::start("shogi-cpu").await;
    for (i, level) in ShogiLevel::ALL.into_iter().enumerate() {
        let bot = Bot::open_shogi(server.addr, 20 + i as u64, None)
            .await
            .unwrap();
        let mut host = Seat::new(bot);
        if i == 0 {
            // A Gunjin level is no Shogi level.
            let gunjin = ClientMessage::Table(TableAct::AddCpu {
                level: gunjin_table::Level::Easy.into(),
            });
            host.bot.send(&gunjin).await.unwrap();
            assert_eq!(common::next_error(&mut host.bot).await, ErrorCode::BadLevel);
        }
        let level = CpuLevel::Shogi(level);
        host.bot
            .send(&ClientMessage::Table(TableAct::AddCpu { level }))
            .await
            .unwrap();
        let mut rng = SmallRng::seed_from_u64(i as u64);
        // The CPU answers whichever side it plays; the host moves at random.
        while host.game.as_ref().is_none_or(|g| g.moves().len() < 4) {
            host.read().await;
            host.play_random(&mut rng).await;
        }
        host.bot
            .send(&ClientMessage::Table(TableAct::Resign))
            .await
            .unwrap();
        assert_eq!(host.until_over().await.reason, EndReason::Resignation);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_side_out_of_byoyomi_loses_on_time() {
    let (server, _scratch) = common::start("shogi-byoyomi").await;
    let clock = Clock::Byoyomi {
        millis: 300,
        byoyomi_millis: 400,
    };
    let (host, guest) = pair(server.addr, 9, Some(clock)).await;
    let (mut sente, mut gote) = by_turn(host, guest);
    play_line(&mut sente, &mut gote, &["7g7f", "3c3d"]).await;
    // Sente thinks: past its main time, within its byoyomi, it may move.
    tokio::time::sleep(Duration::from_millis(450)).await;
    sente.play("2g2f").await;
    gote.until_ply(3).await;
    // Gote does not move: its main time and byoyomi run out.
    let start = Instant::now();
    let lost = Outcome::win(shogi_rules::Color::Sente, EndReason::TimeOut);
    assert_eq!(gote.until_over().await, lost);
    assert_eq!(sente.until_over().await, lost);
    let waited = start.elapsed();
    assert!(
        waited > Duration::from_millis(500) && waited < Duration::from_secs(3),
        "{waited:?}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shogi_table_resumes_after_a_restart() {
    let scratch = common::Scratch::new("shogi-restart");
    let server = Server::start(scratch.config()).await.unwrap();
    let (host, guest) = pair(server.addr, 11, None).await;
    let (mut sente, mut gote) = by_turn(host, guest);
    play_line(&mut sente, &mut gote, &["7g7f", "3c3d", "8h2b+"]).await;
    let seats = [&sente, &gote].map(|s| (s.bot.table.clone(), s.bot.token.clone()));
    drop((sente, gote));
    server.stop().await;
    let server = Server::start(scratch.config()).await.unwrap();
    let [s, g] = seats;
    let mut sente = Seat::new(Bot::resume(server.addr, 12, &s.0, &s.1).await.unwrap());
    let mut gote = Seat::new(Bot::resume(server.addr, 13, &g.0, &g.1).await.unwrap());
    sente.until_ply(3).await;
    gote.until_ply(3).await;
    play_line(&mut sente, &mut gote, &["7g7f", "3c3d", "8h2b+", "3a2b"]).await;
    server.stop().await;
}
