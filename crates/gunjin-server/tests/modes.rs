//! Every mode at a table (`shared/RULES.md` §8): Classic 25 with its
//! strikes and its face-up Marshal, Marshal 23, and American 21 with its
//! empty nodes, between bots over real WebSockets and against the CPU;
//! forged strikes refused; no enemy kind told before the end but the
//! face-up one; setups started and completed in the mode's camp; a
//! Classic 25 table across server restarts.

mod common;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::bot::Bot;
use common::{http_get, next_error};
use gunjin_cpu::{Budget, Cpu};
use gunjin_rules::{
    Bitboard, Color, Game, Kind, Move, Outcome, PartialSetup, Record, Rules, Setup, Square, View,
    strike,
};
use gunjin_server::Server;
use gunjin_table::{
    ClientMessage, ErrorCode, GunjinAct, GunjinNews, Level, Phase, ServerMessage, TableAct,
    TableNews,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;

const CLASSIC_25: &str = "c25-htsrf";
const MARSHAL_23: &str = "m23-htsrf";
const AMERICAN_21: &str = "a21-htsrf";

fn rules_of(code: &str) -> Rules {
    code.parse().unwrap()
}

/// Every node of a bitboard, for messages.
fn nodes(bb: Bitboard) -> Vec<String> {
    bb.map(|sq| sq.to_string()).collect()
}

/// A random Classic 25 setup in which one Missile stands next to the
/// Atomic bomb (it may carry it) and the other does not.
fn armed_setup(rules: Rules, seed: u64) -> Setup {
    let geometry = rules.geometry();
    (seed..)
        .map(|s| Setup::random(rules, &mut SmallRng::seed_from_u64(s)))
        .find(|setup| {
            let of = |kind| -> Vec<Square> {
                setup
                    .placements(Color::South)
                    .filter(|&(_, k)| k == kind)
                    .map(|(sq, _)| sq)
                    .collect()
            };
            let bombs: Bitboard = of(Kind::AtomicBomb).into_iter().collect();
            let beside = of(Kind::Missile)
                .into_iter()
                .filter(|&m| strike::carried(geometry, m, bombs).is_some())
                .count();
            beside == 1
        })
        .unwrap()
}

/// A host and a guest at a new table of `rules`, both seated, keeping
/// every message they receive.
async fn pair(addr: std::net::SocketAddr, seed: u64, rules: Rules) -> (Bot, Bot) {
    let mut host = Bot::open(addr, seed, rules).await.unwrap();
    let mut guest = Bot::join(addr, seed + 1, &host.table).await.unwrap();
    host.keep = true;
    guest.keep = true;
    (host, guest)
}

/// The side to move first, then the other.
fn by_turn<'a>(host: &'a mut Bot, guest: &'a mut Bot) -> (&'a mut Bot, &'a mut Bot) {
    if host.view.as_ref().unwrap().is_my_turn() {
        (host, guest)
    } else {
        (guest, host)
    }
}

/// Every node that holds a piece.
fn occupied(game: &Game) -> Bitboard {
    let board = game.position().board();
    board.occupied(Color::South) | board.occupied(Color::North)
}

/// The revealed record replayed move by move: every strike's
/// announcement names exactly the nodes that lost a piece, and both
/// players' histories are the referee's. Returns the strikes made with
/// the bomb.
fn check_strikes(record: &Record, views: [&View; 2]) -> usize {
    let mut game = record.start.game().unwrap();
    let mut bomb_strikes = 0;
    for &mv in &record.moves {
        let before = occupied(&game);
        game.play(mv).unwrap();
        let after = occupied(&game);
        let played = *game.history().last().unwrap();
        if mv.is_strike() {
            let bomb = mv.carries_bomb();
            let cleared = played.announcement.cleared(mv);
            assert_eq!(
                nodes(cleared),
                nodes(before - after),
                "the announcement of {mv}"
            );
            assert!(cleared.contains(mv.from()), "{mv}: the Missile leaves");
            bomb_strikes += usize::from(bomb);
        }
    }
    for view in views {
        assert_eq!(
            view.history(),
            game.history(),
            "{:?}'s history",
            view.side()
        );
    }
    bomb_strikes
}

/// Kind names anywhere in a message but under the player's own pieces and
/// own draft, and but the face-up kind of an enemy piece standing on the
/// node it is shown on (`face_up`: its JSON kind and square). `shown`
/// counts those.
fn enemy_kinds(
    value: &Value,
    kinds: &[Value],
    face_up: Option<(&Value, &Value)>,
    found: &mut Vec<String>,
    shown: &mut usize,
) {
    match value {
        Value::Array(items) => items
            .iter()
            .for_each(|v| enemy_kinds(v, kinds, face_up, found, shown)),
        Value::Object(fields) => {
            for (key, item) in fields {
                if kinds.contains(&Value::String(key.clone())) {
                    found.push(key.clone());
                }
                match (key.as_str(), item) {
                    ("own" | "draft", _) => {}
                    ("enemies", Value::Array(enemies)) => {
                        for enemy in enemies {
                            let mut enemy = enemy.clone();
                            if let Some((kind, square)) = face_up
                                && enemy.get("kind") == Some(kind)
                                && enemy.get("square") == Some(square)
                            {
                                enemy.as_object_mut().unwrap().remove("kind");
                                *shown += 1;
                            }
                            enemy_kinds(&enemy, kinds, face_up, found, shown);
                        }
                    }
                    _ => enemy_kinds(item, kinds, face_up, found, shown),
                }
            }
        }
        other if kinds.contains(other) => found.push(other.to_string()),
        _ => {}
    }
}

#[test]
fn the_scan_finds_an_enemy_kind_but_the_face_up_one() {
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| serde_json::to_value(k).unwrap())
        .collect();
    let (marshal, hq) = (Value::from("Marshal"), Value::from("e6"));
    let scan = |text: &str| {
        let (mut found, mut shown) = (Vec::new(), 0);
        let msg: Value = serde_json::from_str(text).unwrap();
        enemy_kinds(&msg, &kinds, Some((&marshal, &hq)), &mut found, &mut shown);
        (found, shown)
    };
    let view = r#"{"game":{"view":{"own":[{"square":"e1","kind":"Marshal"}],
        "enemies":[{"square":"e6","kind":"Marshal"},{"square":"a4"}]}}}"#;
    assert_eq!(scan(view), (vec![], 1));
    let leaks = [
        r#"{"game":{"view":{"enemies":[{"square":"a4","kind":"Marshal"}]}}}"#,
        r#"{"game":{"view":{"enemies":[{"square":"e6","kind":"General"}]}}}"#,
        r#"{"step":{"move":"e2*e5+","announcement":{"Spy":1}}}"#,
    ];
    for text in leaks {
        assert_eq!(scan(text).0.len(), 1, "{text}");
    }
}

/// Scans every message `bot` received before the end: none names an
/// enemy kind but the mode's face-up kind, on the enemy headquarters.
/// Returns how many times that one was shown.
fn check_hidden(bot: &Bot, rules: Rules, record: &Record) -> usize {
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| serde_json::to_value(k).unwrap())
        .collect();
    let face_up = rules.mode.in_hq().map(|kind| {
        (
            serde_json::to_value(kind).unwrap(),
            serde_json::to_value(rules.shape().hq(!bot.side)).unwrap(),
        )
    });
    let enemy_setup = record.setups().unwrap()[!bot.side].to_string();
    let before_end = common::before_end(bot);
    let mut shown = 0;
    for text in before_end {
        let msg: Value = serde_json::from_str(text).unwrap();
        let mut found = Vec::new();
        let face_up = face_up.as_ref().map(|(k, s)| (k, s));
        enemy_kinds(&msg, &kinds, face_up, &mut found, &mut shown);
        assert!(found.is_empty(), "{found:?} in {text}");
        assert!(!text.contains(&enemy_setup), "the enemy setup in {text}");
        assert!(msg["game"]["view"]["reveal"].is_null(), "{text}");
    }
    shown
}

/// Plays a whole game between bots, then checks the record against both
/// players' histories and what they were told; returns the result and
/// the record.
async fn play_and_check(host: &mut Bot, guest: &mut Bot, rules: Rules) -> (Outcome, Record, usize) {
    let outcome = common::play_out(host, guest).await;
    let record = host.view.as_ref().unwrap().reveal().unwrap().clone();
    assert_eq!(record.rules(), rules);
    assert_eq!(record.replay().unwrap().outcome(), Some(outcome));
    assert_eq!(guest.view.as_ref().unwrap().reveal(), Some(&record));
    let views = [host.view.as_ref().unwrap(), guest.view.as_ref().unwrap()];
    let bomb_strikes = check_strikes(&record, views);
    for bot in [&*host, &*guest] {
        let shown = check_hidden(bot, rules, &record);
        if rules.mode.in_hq().is_some() {
            assert!(shown > 0, "the face-up Marshal is shown");
        } else {
            assert_eq!(shown, 0);
        }
    }
    (outcome, record, bomb_strikes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_25_game_with_a_bomb_strike_plays_to_the_end() {
    let started = Instant::now();
    let (server, _scratch) = common::start("c25-game").await;
    let rules = rules_of(CLASSIC_25);
    let shape = rules.shape();
    let (mut host, mut guest) = pair(server.addr, 40, rules).await;
    host.setup = Some(armed_setup(rules, 40));
    guest.setup = Some(armed_setup(rules, 400));
    common::play_until(&mut host, &mut guest, 0).await;
    // Both see the whole board of the mode, and each the other's Marshal,
    // face-up in its headquarters, and no other enemy kind.
    for bot in [&host, &guest] {
        let view = bot.view.as_ref().unwrap();
        assert_eq!(view.rules(), rules);
        assert_eq!((view.own().len(), view.enemies().len()), (25, 25));
        let shown: Vec<_> = view.enemies().iter().filter(|e| e.kind.is_some()).collect();
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert_eq!(shown[0].kind, Some(Kind::Marshal));
        assert_eq!(shown[0].square, shape.hq(!bot.side));
        let own_marshal = view.own().iter().find(|p| p.kind == Kind::Marshal).unwrap();
        assert_eq!(own_marshal.square, shape.hq(bot.side));
    }
    let (mover, waiter) = by_turn(&mut host, &mut guest);
    let view = mover.view.clone().unwrap();
    let enemies: Bitboard = view.enemies().iter().map(|e| e.square).collect();
    // The strike with the bomb that hits the most enemy pieces.
    let mv = view
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.carries_bomb())
        .max_by_key(|mv| (strike::blast(shape, mv.to(), true) & enemies).count())
        .expect("the Missile beside the bomb may carry it");
    assert!(mv.to_string().ends_with('+'), "{mv}");
    let bomb = view
        .own()
        .iter()
        .find(|p| p.kind == Kind::AtomicBomb)
        .unwrap()
        .square;
    mover
        .send(&ClientMessage::Gunjin(GunjinAct::Move(mv.into())))
        .await
        .unwrap();
    let (a, b) = tokio::join!(mover.play_until(1), waiter.play_until(1));
    a.unwrap();
    b.unwrap();
    // Both are told the strike and every node it cleared: the Missile's,
    // the bomb's, and the blast's (a full camp: every node of it held a
    // piece), unless it met an enemy Missile.
    let told = [mover, waiter].map(|bot| {
        let step = bot.received.iter().rev().find_map(|t| {
            match serde_json::from_str::<ServerMessage>(t).unwrap() {
                ServerMessage::Gunjin(GunjinNews::Step(step)) => Some(step),
                _ => None,
            }
        });
        step.expect("the strike came as a step")
    });
    assert_eq!(told[0], told[1]);
    assert_eq!(told[0].mv, mv);
    let cleared = told[0].announcement.cleared(mv);
    assert!(
        cleared.contains(mv.from()) && cleared.contains(bomb),
        "{cleared:?}"
    );
    let blast = strike::blast(shape, mv.to(), true);
    let whole = blast.with(mv.from()).with(bomb);
    // Met by an enemy Missile, only the Missiles and the bomb go.
    let collided = cleared.without(mv.from()).without(bomb).count() <= 2;
    assert!(
        (cleared - whole).is_empty() && (cleared == whole || collided),
        "the strike {mv} cleared {:?}, its blast {:?}",
        nodes(cleared),
        nodes(blast)
    );
    for bot in [&host, &guest] {
        let view = bot.view.as_ref().unwrap();
        for sq in cleared {
            assert!(view.own().iter().all(|p| p.square != sq), "{sq}");
            assert!(view.enemies().iter().all(|p| p.square != sq), "{sq}");
        }
    }
    host.stop_at = None;
    guest.stop_at = None;
    let (mover, _) = by_turn(&mut host, &mut guest);
    mover.move_if_my_turn().await.unwrap();
    let (outcome, record, bomb_strikes) = play_and_check(&mut host, &mut guest, rules).await;
    assert!(bomb_strikes >= 1);
    // The stored record, served, is the one revealed.
    let (status, body) = http_get(server.addr, &format!("/api/tables/{}/record", host.table));
    assert!(status.contains("200"), "{status}");
    assert_eq!(body.parse::<Record>().unwrap(), record);
    eprintln!(
        "Classic 25: {outcome:?} after {} moves, {} strikes, in {:?}",
        record.moves.len(),
        record.moves.iter().filter(|m| m.is_strike()).count(),
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_strikes_are_refused_and_the_game_goes_on() {
    let (server, _scratch) = common::start("c25-forged").await;
    let rules = rules_of(CLASSIC_25);
    let shape = rules.shape();
    let (mut host, mut guest) = pair(server.addr, 50, rules).await;
    host.setup = Some(armed_setup(rules, 50));
    guest.setup = Some(armed_setup(rules, 500));
    common::play_until(&mut host, &mut guest, 0).await;
    let (mover, waiter) = by_turn(&mut host, &mut guest);
    let view = mover.view.clone().unwrap();
    let side = view.side();
    let own_at = |kind| -> Vec<Square> {
        view.own()
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.square)
            .collect()
    };
    let bombs: Bitboard = own_at(Kind::AtomicBomb).into_iter().collect();
    let (beside, apart): (Vec<Square>, Vec<Square>) = own_at(Kind::Missile)
        .into_iter()
        .partition(|&m| strike::carried(rules.geometry(), m, bombs).is_some());
    let (beside, apart) = (beside[0], apart[0]);
    let target = strike::targets(shape, side).next().unwrap();
    let own_camp = shape
        .nodes()
        .find(|&sq| shape.camp(sq) == side && !shape.is_hq(sq))
        .unwrap();
    let general = own_at(Kind::General)[0];
    let strike = |missile, target, bomb| Move::strike(missile, target, bomb);
    // Each is legal but for the one thing forged.
    assert!(view.allows(strike(apart, target, false)));
    assert!(view.allows(strike(beside, target, true)));
    let forged = [
        // The bomb is not next to this Missile.
        strike(apart, target, true),
        // Targets outside the enemy camp: one's own camp, the enemy
        // headquarters (whose Marshal no blast reaches), one's own.
        strike(beside, own_camp, false),
        strike(beside, shape.hq(!side), false),
        strike(beside, shape.hq(!side), true),
        strike(beside, shape.hq(side), false),
        // Not a Missile: a General, the bomb itself, an enemy piece, the
        // enemy Marshal.
        strike(general, target, false),
        strike(bombs.into_iter().next().unwrap(), target, false),
        strike(target, own_camp, false),
        strike(shape.hq(!side), own_camp, false),
    ];
    for mv in forged {
        assert!(!view.allows(mv), "{mv}");
        mover
            .send(&ClientMessage::Gunjin(GunjinAct::Move(mv.into())))
            .await
            .unwrap();
        assert_eq!(next_error(mover).await, ErrorCode::IllegalMove, "{mv}");
    }
    // The connection stays, and the game goes on with a true strike.
    mover
        .send(&ClientMessage::Gunjin(GunjinAct::Move(
            strike(apart, target, false).into(),
        )))
        .await
        .unwrap();
    let (a, b) = tokio::join!(mover.play_until(1), waiter.play_until(1));
    a.unwrap();
    b.unwrap();
    let played = mover.view.as_ref().unwrap().history()[0];
    assert_eq!(played.mv, strike(apart, target, false));
    assert_eq!(waiter.view.as_ref().unwrap().history()[0], played);
    // Out of turn, a legal-looking strike is refused as such.
    let theirs = view.legal_moves()[0];
    mover
        .send(&ClientMessage::Gunjin(GunjinAct::Move(theirs.into())))
        .await
        .unwrap();
    assert_eq!(next_error(mover).await, ErrorCode::NotYourTurn);
    host.stop_at = None;
    guest.stop_at = None;
    let (next, _) = by_turn(&mut host, &mut guest);
    next.move_if_my_turn().await.unwrap();
    common::play_until(&mut host, &mut guest, 6).await;
    assert_eq!(host.view.as_ref().unwrap().ply(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strikes_are_refused_in_modes_without_missiles() {
    let (server, _scratch) = common::start("no-missiles").await;
    for (seed, rules) in [
        (60, Rules::KIRAKUKEN),
        (62, rules_of(MARSHAL_23)),
        (64, rules_of(AMERICAN_21)),
    ] {
        let (mut host, mut guest) = pair(server.addr, seed, rules).await;
        common::play_until(&mut host, &mut guest, 0).await;
        let (mover, waiter) = by_turn(&mut host, &mut guest);
        let view = mover.view.clone().unwrap();
        let enemy = view.enemies()[0].square;
        let mut forged: Vec<Move> = view
            .own()
            .iter()
            .take(4)
            .flat_map(|p| [false, true].map(|bomb| Move::strike(p.square, enemy, bomb)))
            .collect();
        // American 21's Atomic bomb is no Missile either.
        forged.extend(
            view.own()
                .iter()
                .filter(|p| p.kind == Kind::AtomicBomb)
                .map(|p| Move::strike(p.square, enemy, true)),
        );
        assert!(view.legal_moves().iter().all(|mv| !mv.is_strike()));
        for mv in forged {
            assert!(!view.allows(mv), "{mv}");
            mover
                .send(&ClientMessage::Gunjin(GunjinAct::Move(mv.into())))
                .await
                .unwrap();
            assert_eq!(
                next_error(mover).await,
                ErrorCode::IllegalMove,
                "{rules} {mv}"
            );
        }
        mover.stop_at = None;
        waiter.stop_at = None;
        mover.move_if_my_turn().await.unwrap();
        common::play_until(&mut host, &mut guest, 4).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn marshal_23_and_american_21_play_to_the_end() {
    let (server, _scratch) = common::start("m23-a21").await;
    for (seed, code) in [(70, MARSHAL_23), (72, AMERICAN_21)] {
        let started = Instant::now();
        let rules = rules_of(code);
        let (mut host, mut guest) = pair(server.addr, seed, rules).await;
        common::play_until(&mut host, &mut guest, 0).await;
        let pieces = rules.mode.pieces();
        for bot in [&host, &guest] {
            let view = bot.view.as_ref().unwrap();
            assert_eq!(view.rules(), rules);
            assert_eq!((view.own().len(), view.enemies().len()), (pieces, pieces));
            let own_empty = view
                .own_setup()
                .unwrap()
                .slots()
                .iter()
                .filter(|s| s.is_none())
                .count();
            // American 21 leaves two nodes of each camp empty, and both
            // players know where.
            let empty = if code == AMERICAN_21 { 2 } else { 0 };
            assert_eq!(
                (own_empty, view.enemy_empty().len()),
                (empty, empty),
                "{code}"
            );
            assert!(view.enemies().iter().all(|e| e.kind.is_none()));
        }
        host.stop_at = None;
        guest.stop_at = None;
        let (mover, _) = by_turn(&mut host, &mut guest);
        mover.move_if_my_turn().await.unwrap();
        let (outcome, record, _) = play_and_check(&mut host, &mut guest, rules).await;
        eprintln!(
            "{code}: {outcome:?} after {} moves in {:?}",
            record.moves.len(),
            started.elapsed()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_setup_starts_in_the_modes_camp_and_the_timer_completes_it() {
    let (server, _scratch) = common::start_with("mode-setup", |c| {
        c.setup_time = Duration::from_millis(2000);
    })
    .await;
    // The three tables at once: each waits for its timer.
    tokio::join!(
        setup_in_mode(server.addr, 80, CLASSIC_25),
        setup_in_mode(server.addr, 82, AMERICAN_21),
        setup_in_mode(server.addr, 84, MARSHAL_23),
    );
}

/// A table of the mode of `code` through its setup: the blank draft, a
/// draft of three pieces, refused drafts and setups, and the timer.
async fn setup_in_mode(addr: std::net::SocketAddr, seed: u64, code: &str) {
    let rules = rules_of(code);
    let shape = rules.shape();
    let mut host = Bot::open(addr, seed, rules).await.unwrap();
    let mut guest = Bot::join(addr, seed + 1, &host.table).await.unwrap();
    let draft = loop {
        if let ServerMessage::Table(TableNews::State(t)) = host.recv().await.unwrap()
            && let Phase::Setup { draft, .. } = t.phase
        {
            break draft;
        }
    };
    // The mode's camp, Classic 25's Marshal already in the
    // headquarters; nothing else.
    assert_eq!(draft.shape(), shape, "{code}");
    assert!(draft.check(rules).is_ok());
    let hq = shape
        .camp_slot(Color::South, shape.hq(Color::South))
        .unwrap();
    let placed: Vec<(usize, Kind)> = draft
        .slots()
        .iter()
        .enumerate()
        .filter_map(|(s, k)| Some((s, (*k)?)))
        .collect();
    match rules.mode.in_hq() {
        Some(kind) => assert_eq!(placed, [(hq, kind)]),
        None => assert!(placed.is_empty()),
    }
    // Three pieces more placed, the rest left to the timer.
    let whole = Setup::random(rules, &mut SmallRng::seed_from_u64(seed));
    let mut mine = draft;
    let slots: Vec<usize> = whole
        .slots()
        .iter()
        .enumerate()
        .filter(|&(s, k)| k.is_some() && s != hq)
        .map(|(s, _)| s)
        .take(3)
        .collect();
    for &s in &slots {
        mine.slots_mut()[s] = whole.slots()[s];
    }
    host.send(&ClientMessage::Gunjin(GunjinAct::Draft { setup: mine }))
        .await
        .unwrap();
    // A draft of another board is refused.
    let other = PartialSetup::new(if code == CLASSIC_25 {
        Rules::KIRAKUKEN.shape()
    } else {
        rules_of(CLASSIC_25).shape()
    });
    guest
        .send(&ClientMessage::Gunjin(GunjinAct::Draft { setup: other }))
        .await
        .unwrap();
    assert_eq!(next_error(&mut guest).await, ErrorCode::BadSetup);
    // So is a setup of another board, and in Classic 25 one whose
    // Marshal is not in the headquarters.
    let mut refused = vec![Setup::random(
        if code == CLASSIC_25 {
            Rules::KIRAKUKEN
        } else {
            rules_of(CLASSIC_25)
        },
        &mut SmallRng::seed_from_u64(seed),
    )];
    if code == CLASSIC_25 {
        let mut moved = PartialSetup::from(whole);
        moved.slots_mut().swap(0, hq);
        refused.push(moved.into());
    }
    for setup in refused {
        guest
            .send(&ClientMessage::Gunjin(GunjinAct::Ready { setup }))
            .await
            .unwrap();
        assert_eq!(next_error(&mut guest).await, ErrorCode::BadSetup, "{setup}");
    }
    let (host_view, guest_view) = tokio::join!(first_view(&mut host), first_view(&mut guest));
    for view in [&host_view, &guest_view] {
        let setup = view.own_setup().unwrap();
        assert!(setup.check(rules).is_ok(), "{code}: {setup}");
        let empty = setup.slots().iter().filter(|s| s.is_none()).count();
        assert_eq!(empty, shape.camp_size() - rules.mode.pieces(), "{code}");
        if let Some(kind) = rules.mode.in_hq() {
            assert_eq!(setup.slots()[hq], Some(kind));
        }
    }
    for s in slots {
        assert_eq!(host_view.own_setup().unwrap().slots()[s], whole.slots()[s]);
    }
    host.send(&ClientMessage::Table(TableAct::Resign))
        .await
        .unwrap();
}

/// The first view of the game the bot is sent.
async fn first_view(bot: &mut Bot) -> View {
    loop {
        if let ServerMessage::Gunjin(GunjinNews::Game { view, .. }) = bot.recv().await.unwrap() {
            return view;
        }
    }
}

/// A host who seats the CPU at `level` at a table of `rules` and plays it
/// to the end; the record must replay to the same result.
async fn against_the_cpu(addr: std::net::SocketAddr, seed: u64, rules: Rules, level: Level) {
    let started = Instant::now();
    let mut host = Bot::open(addr, seed, rules).await.unwrap();
    host.keep = true;
    host.send(&ClientMessage::Table(TableAct::AddCpu {
        level: level.into(),
    }))
    .await
    .unwrap();
    let outcome = host.play_out().await.unwrap();
    let view = host.view.as_ref().unwrap();
    let record = view.reveal().unwrap().clone();
    assert_eq!(record.rules(), rules);
    assert_eq!(record.replay().unwrap().outcome(), Some(outcome));
    check_strikes(&record, [view, view]);
    let shown = check_hidden(&host, rules, &record);
    assert_eq!(shown > 0, rules.mode.in_hq().is_some());
    eprintln!(
        "{rules} against {level:?}: {outcome:?} after {} moves in {:?}",
        record.moves.len(),
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_seats_play_marshal_23_and_american_21_to_the_end() {
    let (server, _scratch) = common::start("cpu-modes").await;
    for (seed, code) in [(90, MARSHAL_23), (92, AMERICAN_21)] {
        for (_, level) in LEVELS {
            against_the_cpu(server.addr, seed, rules_of(code), level).await;
        }
    }
}

fn clock_millis() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The CPU crate itself on Classic 25, without the server's fallback
/// (a random setup or move when the CPU fails): its setups are accepted
/// and it answers every position of a game against itself with a legal
/// move.
fn the_cpu_plays_classic_25_itself(level: gunjin_cpu::Level) {
    let rules = rules_of(CLASSIC_25);
    let setups = gunjin_rules::ByColor::new_with(|side| {
        let setup = Cpu::new(level, side as u64).setup(rules);
        setup.check(rules).unwrap();
        setup
    });
    let mut game = Game::new(rules, setups, Color::South).unwrap();
    while game.outcome().is_none() {
        let view = game.view(game.position().turn());
        let mv = Cpu::new(level, 7)
            .choose_move(&view, Budget::new(5.0, clock_millis))
            .expect("a move");
        assert!(view.allows(mv), "{mv}");
        game.play(mv).unwrap();
    }
}

/// The CPU's levels, as the CPU crate names them and as the protocol does.
const LEVELS: [(gunjin_cpu::Level, Level); 3] = [
    (gunjin_cpu::Level::Easy, Level::Easy),
    (gunjin_cpu::Level::Normal, Level::Normal),
    (gunjin_cpu::Level::Hard, Level::Hard),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_seats_play_classic_25_to_the_end() {
    for (level, _) in LEVELS {
        tokio::task::spawn_blocking(move || the_cpu_plays_classic_25_itself(level))
            .await
            .unwrap();
    }
    let (server, _scratch) = common::start("cpu-c25").await;
    for (_, level) in LEVELS {
        against_the_cpu(server.addr, 94, rules_of(CLASSIC_25), level).await;
    }
}

/// Whatever the CPU crate does in a mode, a CPU seat never stalls or ends
/// its table: where it fails (today, in Classic 25) the server plays a
/// random setup or a random legal move for it, and the game still ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_seat_at_a_classic_25_table_always_plays_on() {
    let (server, _scratch) = common::start("cpu-c25-seat").await;
    for (seed, (_, level)) in (96..).zip(LEVELS) {
        against_the_cpu(server.addr, seed, rules_of(CLASSIC_25), level).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_25_table_survives_server_restarts() {
    let scratch = common::Scratch::new("c25-restart");
    let rules = rules_of(CLASSIC_25);
    let server = Server::start(scratch.config()).await.unwrap();
    let mut host = Bot::open(server.addr, 100, rules).await.unwrap();
    let guest = Bot::join(server.addr, 101, &host.table).await.unwrap();
    // A draft in the setup: three pieces beside the Marshal.
    let blank = loop {
        if let ServerMessage::Table(TableNews::State(t)) = host.recv().await.unwrap()
            && let Phase::Setup { draft, .. } = t.phase
        {
            break draft;
        }
    };
    let whole = Setup::random(rules, &mut SmallRng::seed_from_u64(100));
    let mut draft = blank;
    for s in [0, 4, 8] {
        draft.slots_mut()[s] = whole.slots()[s];
    }
    host.send(&ClientMessage::Gunjin(GunjinAct::Draft { setup: draft }))
        .await
        .unwrap();
    // A move out of phase: once it is refused, the draft is stored.
    host.send(&ClientMessage::Gunjin(GunjinAct::Move("a3-a4".into())))
        .await
        .unwrap();
    let _ = next_error(&mut host).await;
    server.stop().await;

    // Restarted in the setup: the draft is the one sent, on the mode's board.
    let server = Server::start(scratch.config()).await.unwrap();
    let (table, tokens) = (
        host.table.clone(),
        [host.token.clone(), guest.token.clone()],
    );
    let mut host = Bot::resume(server.addr, 102, &table, &tokens[0])
        .await
        .unwrap();
    let stored = loop {
        if let ServerMessage::Table(TableNews::State(t)) = host.recv().await.unwrap()
            && let Phase::Setup { draft, .. } = t.phase
        {
            break draft;
        }
    };
    assert_eq!(stored, draft);
    // The host readies the draft completed; the guest a random setup.
    let setup = draft
        .fill_random(rules, &mut SmallRng::seed_from_u64(102))
        .unwrap();
    host.setup = Some(setup);
    let mut guest = Bot::resume(server.addr, 103, &table, &tokens[1])
        .await
        .unwrap();
    common::play_until(&mut host, &mut guest, 10).await;
    assert_eq!(host.view.as_ref().unwrap().own_setup(), Some(&setup));
    let before = host.view.as_ref().unwrap().history().to_vec();
    server.stop().await;
    assert!(host.closed().await && guest.closed().await);

    // Restarted mid-game: the game goes on to its end under its rules.
    let server = Server::start(scratch.config()).await.unwrap();
    let mut host = Bot::resume(server.addr, 104, &table, &tokens[0])
        .await
        .unwrap();
    let mut guest = Bot::resume(server.addr, 105, &table, &tokens[1])
        .await
        .unwrap();
    common::play_out(&mut host, &mut guest).await;
    let view = host.view.as_ref().unwrap();
    assert_eq!(view.rules(), rules);
    let after = view.history();
    assert_eq!(&after[..before.len()], &before[..]);
    let record = view.reveal().unwrap();
    assert_eq!(record.rules(), rules);
    check_strikes(record, [view, guest.view.as_ref().unwrap()]);
}
