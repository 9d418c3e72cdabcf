//! An online table's Shogi game as the server tells it: `online.rs` keeps
//! its messages as text, read here with the rules into the play screen's
//! session. A game that does not read is set aside and the seat taken
//! again, which brings the whole game: a bad message never stops the page.

use gunjin_rules::Color as Seat;
use leptos::prelude::*;
use shogi_rules::{Color, Game, Position, Record};

use crate::online::{Online, ShogiFeed};
use crate::shogi::session::{Opponent, Session};

/// The game told, played by `seat`; `None` if it does not read.
fn read(feed: &ShogiFeed, seat: Seat) -> Option<Session> {
    let record: Record = feed.record.parse().ok()?;
    let mut game = record.replay().ok()?;
    for usi in &feed.moves {
        game.play(usi.parse().ok()?).ok()?;
    }
    let you = if seat == feed.sente {
        Color::Sente
    } else {
        Color::Gote
    };
    Some(table_session(game, you))
}

fn table_session(game: Game, you: Color) -> Session {
    Session::from_game(game, you, Default::default(), 0, Opponent::Table)
}

/// The game as told so far (the start, until the server's first word).
pub fn session(online: Online) -> Session {
    let seat = online.table.with_untracked(|t| t.as_ref().map(|t| t.you));
    online
        .shogi
        .with_untracked(|f| read(f.as_ref()?, seat?))
        .unwrap_or_else(|| table_session(Game::new(Position::start()), Color::Sente))
}

/// Every word of the server's, into the session.
pub fn follow(online: Online, session: RwSignal<Session>) {
    Effect::new(move |_| {
        let Some(seat) = online.side() else {
            return;
        };
        match online.shogi.with(|f| f.as_ref().map(|f| read(f, seat))) {
            Some(Some(next)) => session.set(next),
            Some(None) => online.resync(),
            None => {}
        }
    });
}
