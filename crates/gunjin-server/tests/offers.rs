//! Offers over real WebSockets: a draw offered, declined, withdrawn by a
//! move and accepted (Gunjin and Shogi); a Shogi takeback accepted and
//! declined, none in Gunjin; a rematch with the sides swapped; floods of
//! offers refused; and games drawn or taken back replayed after a restart.

mod common;

use common::bot::Bot;
use gunjin_rules::{Color, DrawReason, Outcome};
use gunjin_server::Server;
use gunjin_table::{
    ClientMessage, Closed, CpuLevel, ErrorCode, GunjinNews, Offer, OfferAct, OfferNews,
    ServerMessage, ShogiAct, ShogiLevel, ShogiNews, TableAct,
};

/// Reads until `pick` finds what it looks for, setting the rest aside.
async fn until<T>(bot: &mut Bot, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
    loop {
        let msg = bot.recv().await.unwrap();
        if let Some(found) = pick(&msg) {
            return found;
        }
    }
}

async fn offer_news(bot: &mut Bot) -> OfferNews {
    until(bot, |m| match m {
        ServerMessage::Offer(news) => Some(news.clone()),
        _ => None,
    })
    .await
}

async fn send(bot: &mut Bot, act: OfferAct) {
    bot.send(&ClientMessage::Offer(act)).await.unwrap();
}

async fn offer(bot: &mut Bot, offer: Offer) {
    send(bot, OfferAct::Offer(offer)).await;
}

async fn answer(bot: &mut Bot, offer: Offer, accept: bool) {
    send(bot, OfferAct::Answer { offer, accept }).await;
}

/// Both seats are told the same news.
async fn both_told(a: &mut Bot, b: &mut Bot, news: OfferNews) {
    assert_eq!(offer_news(a).await, news);
    assert_eq!(offer_news(b).await, news);
}

/// The side to move's bot first.
fn by_turn<'a>(a: &'a mut Bot, b: &'a mut Bot) -> (&'a mut Bot, &'a mut Bot) {
    if a.view.as_ref().unwrap().turn() == a.side {
        (a, b)
    } else {
        (b, a)
    }
}

/// One move by `mover`, both seats following it, and told first of the
/// offer it closes if any.
async fn one_move(mover: &mut Bot, other: &mut Bot, closes: Option<OfferNews>) {
    let ply = mover.view.as_ref().unwrap().ply() + 1;
    mover.stop_at = None;
    mover.move_if_my_turn().await.unwrap();
    if let Some(news) = closes {
        both_told(mover, other, news).await;
    }
    let (a, b) = tokio::join!(mover.play_until(ply), other.play_until(ply));
    a.unwrap();
    b.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gunjin_draw_offer_declined_withdrawn_then_accepted_and_a_rematch_swaps_sides() {
    let (server, _scratch) = common::start("offers-gunjin").await;
    let (mut host, mut guest) = common::pair(server.addr, 21).await;
    common::play_until(&mut host, &mut guest, 2).await;
    let (x, y) = by_turn(&mut host, &mut guest);
    let (xs, ys) = (x.side, y.side);
    // Offered, declined; not again before the opponent moved.
    offer(x, Offer::Draw).await;
    let offered = |by| OfferNews::Offered {
        offer: Offer::Draw,
        by,
    };
    let closed = |by, closed| OfferNews::Closed {
        offer: Offer::Draw,
        by,
        closed,
    };
    both_told(x, y, offered(xs)).await;
    answer(y, Offer::Draw, false).await;
    both_told(x, y, closed(xs, Closed::Declined)).await;
    offer(x, Offer::Draw).await;
    assert_eq!(common::next_error(x).await, ErrorCode::OfferRepeated);
    // The opponent offers; a move instead of an answer withdraws it.
    offer(y, Offer::Draw).await;
    both_told(x, y, offered(ys)).await;
    one_move(x, y, Some(closed(ys, Closed::Withdrawn))).await;
    one_move(y, x, None).await;
    // The offerer's own move withdraws its offer.
    offer(x, Offer::Draw).await;
    both_told(x, y, offered(xs)).await;
    one_move(x, y, Some(closed(xs, Closed::Withdrawn))).await;
    // Accepted: the game ends drawn by agreement, in the record too.
    offer(y, Offer::Draw).await;
    both_told(x, y, offered(ys)).await;
    answer(x, Offer::Draw, true).await;
    both_told(x, y, closed(ys, Closed::Accepted)).await;
    let over = |m: &ServerMessage| match m {
        ServerMessage::Gunjin(GunjinNews::Over { outcome, record }) => {
            Some((*outcome, record.clone()))
        }
        _ => None,
    };
    let (outcome, record) = until(x, over).await;
    let drawn = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    assert_eq!(outcome, drawn);
    assert_eq!(until(y, over).await.0, drawn);
    let path = format!("/api/tables/{}/record", x.table);
    let (status, stored) = common::http_get(server.addr, &path);
    assert!(status.contains("200"), "{status}");
    assert!(stored.ends_with(" draw"), "{stored}");
    assert_eq!(stored.parse::<gunjin_rules::Record>().unwrap(), record);

    // A rematch: a new table, the same players, the other side first.
    offer(y, Offer::Rematch).await;
    let rematch = |by, closed| OfferNews::Closed {
        offer: Offer::Rematch,
        by,
        closed,
    };
    both_told(
        x,
        y,
        OfferNews::Offered {
            offer: Offer::Rematch,
            by: ys,
        },
    )
    .await;
    answer(x, Offer::Rematch, true).await;
    both_told(x, y, rematch(ys, Closed::Accepted)).await;
    let seat = |m: &ServerMessage| match m {
        ServerMessage::Offer(OfferNews::Rematch { table, token, side }) => {
            Some((table.clone(), token.clone(), *side))
        }
        _ => None,
    };
    let (tx, kx, sx) = until(x, seat).await;
    let (ty, ky, sy) = until(y, seat).await;
    assert_eq!(tx, ty);
    assert_ne!(tx, x.table);
    assert_eq!((sx, sy), (xs, ys), "each keeps its seat");
    let mut x = Bot::resume(server.addr, 31, &tx, &kx).await.unwrap();
    let mut y = Bot::resume(server.addr, 32, &ty, &ky).await.unwrap();
    common::play_until(&mut x, &mut y, 0).await;
    let first = x.view.as_ref().unwrap().first();
    assert_eq!(first, !record.first(), "the other side moves first");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gunjin_has_no_takeback_and_a_flood_of_offers_is_refused() {
    let (server, _scratch) = common::start("offers-flood").await;
    let (mut host, mut guest) = common::pair(server.addr, 23).await;
    common::play_until(&mut host, &mut guest, 2).await;
    offer(&mut host, Offer::Takeback).await;
    assert_eq!(common::next_error(&mut host).await, ErrorCode::NoTakeback);
    // Forty draw offers at once: the opponent hears of one; each other
    // is refused, and the connection stays.
    for _ in 0..40 {
        offer(&mut host, Offer::Draw).await;
    }
    let mut refused = 0;
    while refused < 39 {
        let code = common::next_error(&mut host).await;
        assert!(
            matches!(
                code,
                ErrorCode::WrongPhase | ErrorCode::OfferRepeated | ErrorCode::RateLimited
            ),
            "{code:?}"
        );
        refused += 1;
    }
    let side = host.side;
    assert_eq!(
        offer_news(&mut guest).await,
        OfferNews::Offered {
            offer: Offer::Draw,
            by: side
        }
    );
    // An answer to no offer, and a rematch before the end, are refused.
    answer(&mut host, Offer::Draw, true).await;
    assert_eq!(common::next_error(&mut host).await, ErrorCode::WrongPhase);
    offer(&mut guest, Offer::Rematch).await;
    assert_eq!(common::next_error(&mut guest).await, ErrorCode::WrongPhase);
    // The game goes on: the guest declines, and both play.
    answer(&mut guest, Offer::Draw, false).await;
    for bot in [&mut host, &mut guest] {
        bot.stop_at = Some(4);
        bot.move_if_my_turn().await.unwrap();
    }
    common::play_until(&mut host, &mut guest, 4).await;
    server.stop().await;
}

/// A seat at a Shogi table, with the game's record as last told.
struct ShogiSeat {
    bot: Bot,
    record: String,
    sente: Color,
}

impl ShogiSeat {
    /// Reads until told the whole game (its start, a takeback, a restart).
    async fn game(&mut self) -> String {
        let (sente, record) = until(&mut self.bot, |m| match m {
            ServerMessage::Shogi(ShogiNews::Game { sente, record }) => {
                Some((*sente, record.clone()))
            }
            _ => None,
        })
        .await;
        (self.sente, self.record) = (sente, record);
        self.record.clone()
    }

    async fn moved(&mut self) -> String {
        until(&mut self.bot, |m| match m {
            ServerMessage::Shogi(ShogiNews::Move(usi)) => Some(usi.clone()),
            _ => None,
        })
        .await
    }

    async fn play(&mut self, usi: &str) {
        let act = ClientMessage::Shogi(ShogiAct::Move(usi.into()));
        self.bot.send(&act).await.unwrap();
    }
}

/// Sente's seat and Gote's at a new Shogi table, both told the game.
async fn shogi_pair(server: &Server, seed: u64) -> (ShogiSeat, ShogiSeat) {
    let host = Bot::open_shogi(server.addr, seed, None).await.unwrap();
    let guest = Bot::join(server.addr, seed + 1, &host.table).await.unwrap();
    let seat = |bot| ShogiSeat {
        bot,
        record: String::new(),
        sente: Color::South,
    };
    let (mut host, mut guest) = (seat(host), seat(guest));
    host.game().await;
    guest.game().await;
    match host.bot.side == host.sente {
        true => (host, guest),
        false => (guest, host),
    }
}

/// Plays `usi` by `mover`, both seats following.
async fn shogi_move(mover: &mut ShogiSeat, other: &mut ShogiSeat, usi: &str) {
    mover.play(usi).await;
    assert_eq!(mover.moved().await, usi);
    assert_eq!(other.moved().await, usi);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shogi_takeback_accepted_declined_and_replayed_after_a_restart() {
    let scratch = common::Scratch::new("offers-takeback");
    let server = Server::start(scratch.config()).await.unwrap();
    let (mut sente, mut gote) = shogi_pair(&server, 41).await;
    let (ss, gs) = (sente.bot.side, gote.bot.side);
    // Gote has no move to take back yet.
    shogi_move(&mut sente, &mut gote, "7g7f").await;
    offer(&mut gote.bot, Offer::Takeback).await;
    assert_eq!(
        common::next_error(&mut gote.bot).await,
        ErrorCode::WrongPhase
    );
    shogi_move(&mut gote, &mut sente, "3c3d").await;
    // Sente asks after Gote's reply: both moves go back.
    offer(&mut sente.bot, Offer::Takeback).await;
    let asked = OfferNews::Offered {
        offer: Offer::Takeback,
        by: ss,
    };
    both_told(&mut sente.bot, &mut gote.bot, asked).await;
    answer(&mut gote.bot, Offer::Takeback, true).await;
    assert_eq!(sente.game().await, "startpos");
    assert_eq!(gote.game().await, "startpos");
    shogi_move(&mut sente, &mut gote, "2g2f").await;
    // Gote plays and asks at once: declined, and not again before
    // Sente moved.
    shogi_move(&mut gote, &mut sente, "8c8d").await;
    offer(&mut gote.bot, Offer::Takeback).await;
    let asked = OfferNews::Offered {
        offer: Offer::Takeback,
        by: gs,
    };
    both_told(&mut gote.bot, &mut sente.bot, asked.clone()).await;
    answer(&mut sente.bot, Offer::Takeback, false).await;
    let declined = OfferNews::Closed {
        offer: Offer::Takeback,
        by: gs,
        closed: Closed::Declined,
    };
    assert_eq!(
        until(&mut gote.bot, |m| match m {
            ServerMessage::Offer(news @ OfferNews::Closed { .. }) => Some(news.clone()),
            _ => None,
        })
        .await,
        declined
    );
    offer(&mut gote.bot, Offer::Takeback).await;
    assert_eq!(
        common::next_error(&mut gote.bot).await,
        ErrorCode::OfferRepeated
    );
    // A takeback of Gote's last move alone, on Sente's turn after it.
    shogi_move(&mut sente, &mut gote, "2f2e").await;
    shogi_move(&mut gote, &mut sente, "8d8e").await;
    offer(&mut gote.bot, Offer::Takeback).await;
    both_told(&mut gote.bot, &mut sente.bot, asked).await;
    answer(&mut sente.bot, Offer::Takeback, true).await;
    let taken = "startpos moves 2g2f 8c8d 2f2e";
    assert_eq!(gote.game().await, taken);
    assert_eq!(sente.game().await, taken);

    // The stored game is the game taken back: it replays after a restart.
    let (table, tokens) = (
        sente.bot.table.clone(),
        [sente.bot.token.clone(), gote.bot.token.clone()],
    );
    server.stop().await;
    let server = Server::start(scratch.config()).await.unwrap();
    let mut again = ShogiSeat {
        bot: Bot::resume(server.addr, 43, &table, &tokens[0])
            .await
            .unwrap(),
        record: String::new(),
        sente: Color::South,
    };
    assert_eq!(again.game().await, taken);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shogi_draw_agreed_is_stored_and_replayed_after_a_restart() {
    let scratch = common::Scratch::new("offers-shogi-draw");
    let server = Server::start(scratch.config()).await.unwrap();
    let (mut sente, mut gote) = shogi_pair(&server, 45).await;
    shogi_move(&mut sente, &mut gote, "7g7f").await;
    offer(&mut sente.bot, Offer::Draw).await;
    let offered = OfferNews::Offered {
        offer: Offer::Draw,
        by: sente.bot.side,
    };
    both_told(&mut sente.bot, &mut gote.bot, offered).await;
    answer(&mut gote.bot, Offer::Draw, true).await;
    let drawn = "startpos moves 7g7f end draw";
    assert_eq!(sente.game().await, drawn);
    assert_eq!(gote.game().await, drawn);
    let (table, token) = (sente.bot.table.clone(), sente.bot.token.clone());
    server.stop().await;
    let server = Server::start(scratch.config()).await.unwrap();
    let mut again = ShogiSeat {
        bot: Bot::resume(server.addr, 47, &table, &token).await.unwrap(),
        record: String::new(),
        sente: Color::South,
    };
    assert_eq!(again.game().await, drawn);
    // A rematch: Sente is the other seat now.
    let mut gote = ShogiSeat {
        bot: Bot::resume(server.addr, 48, &table, &gote.bot.token)
            .await
            .unwrap(),
        ..gote
    };
    gote.game().await;
    offer(&mut again.bot, Offer::Rematch).await;
    let offered = OfferNews::Offered {
        offer: Offer::Rematch,
        by: again.bot.side,
    };
    both_told(&mut again.bot, &mut gote.bot, offered).await;
    answer(&mut gote.bot, Offer::Rematch, true).await;
    let seat = |m: &ServerMessage| match m {
        ServerMessage::Offer(OfferNews::Rematch { table, token, .. }) => {
            Some((table.clone(), token.clone()))
        }
        _ => None,
    };
    let (new_table, token) = until(&mut again.bot, seat).await;
    let mut next = ShogiSeat {
        bot: Bot::resume(server.addr, 49, &new_table, &token)
            .await
            .unwrap(),
        record: String::new(),
        sente: Color::South,
    };
    assert_eq!(next.game().await, "startpos");
    assert_ne!(next.sente, again.sente, "Sente swapped");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_seat_declines_every_offer() {
    let (server, _scratch) = common::start("offers-cpu").await;
    let host = Bot::open_shogi(server.addr, 51, None).await.unwrap();
    let mut host = ShogiSeat {
        bot: host,
        record: String::new(),
        sente: Color::South,
    };
    let level = CpuLevel::Shogi(ShogiLevel::Beginner);
    let add = ClientMessage::Table(TableAct::AddCpu { level });
    host.bot.send(&add).await.unwrap();
    host.game().await;
    offer(&mut host.bot, Offer::Draw).await;
    let by = host.bot.side;
    assert_eq!(
        offer_news(&mut host.bot).await,
        OfferNews::Offered {
            offer: Offer::Draw,
            by
        }
    );
    assert_eq!(
        offer_news(&mut host.bot).await,
        OfferNews::Closed {
            offer: Offer::Draw,
            by,
            closed: Closed::Declined
        }
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gunjin_draw_agreed_is_replayed_after_a_restart() {
    let scratch = common::Scratch::new("offers-gunjin-restart");
    let server = Server::start(scratch.config()).await.unwrap();
    let (mut host, mut guest) = common::pair(server.addr, 61).await;
    common::play_until(&mut host, &mut guest, 3).await;
    offer(&mut host, Offer::Draw).await;
    let by = host.side;
    let offered = OfferNews::Offered {
        offer: Offer::Draw,
        by,
    };
    both_told(&mut host, &mut guest, offered).await;
    answer(&mut guest, Offer::Draw, true).await;
    let over = |m: &ServerMessage| match m {
        ServerMessage::Gunjin(GunjinNews::Over { outcome, record }) => {
            Some((*outcome, record.clone()))
        }
        _ => None,
    };
    let (_, record) = until(&mut host, over).await;
    server.stop().await;
    let server = Server::start(scratch.config()).await.unwrap();
    let mut host = Bot::resume(server.addr, 63, &host.table, &host.token)
        .await
        .unwrap();
    let (outcome, replayed) = until(&mut host, over).await;
    let drawn = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    assert_eq!((outcome, replayed), (drawn, record));
    server.stop().await;
}
