//! An online table's Shogi game as the server tells it: `feed.rs` keeps
//! its messages as text, read here with the rules into the play screen's
//! session. A game that does not read is set aside and the seat taken
//! again, which brings the whole game: a bad message never stops the page.

use gunjin_rules::Color as Seat;
use leptos::prelude::*;
use shogi_rules::{Color, Game, KifHeader, Position, Record};

use crate::i18n::*;
use crate::online::Online;
use crate::screens::table::seat_name;
use crate::shogi::feed::ShogiFeed;
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

/// The table's players, by the sides they play (Sente's seat comes with
/// the game).
fn players(online: Online, locale: Locale) -> KifHeader {
    let sente = online.shogi.with_untracked(|f| f.as_ref().map(|f| f.sente));
    online.table.with_untracked(|t| {
        let (Some(t), Some(sente)) = (t.as_ref(), sente) else {
            return KifHeader::default();
        };
        KifHeader {
            sente: Some(seat_name(t, sente, locale)),
            gote: Some(seat_name(t, !sente, locale)),
            started: None,
        }
    })
}

/// The game as told so far (the start, until the server's first word).
pub fn session(online: Online) -> Session {
    let seat = online.table.with_untracked(|t| t.as_ref().map(|t| t.you));
    let told = online.shogi.with_untracked(|f| read(f.as_ref()?, seat?));
    told.unwrap_or_else(|| table_session(Game::new(Position::start()), Color::Sente))
        .with_header(players(online, use_i18n().get_locale_untracked()))
}

/// Every word of the server's, into the session.
pub fn follow(online: Online, session: RwSignal<Session>) {
    let i18n = use_i18n();
    Effect::new(move |_| {
        let Some(seat) = online.side() else {
            return;
        };
        match online.shogi.with(|f| f.as_ref().map(|f| read(f, seat))) {
            Some(Some(next)) => {
                session.set(next.with_header(players(online, i18n.get_locale_untracked())))
            }
            Some(None) => online.resync(),
            None => {}
        }
    });
}
