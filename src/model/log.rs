//! The referee's announcements as the player reads them, worked out from
//! the player's own view: the own setup and the public history say which of
//! the player's pieces fell; an enemy piece is only ever named by its node.

use std::collections::HashMap;

use gunjin_rules::{Announcement, Color, Kind, Move, MoveKind, PublicMove, Square, View};

/// One line of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// 1-based move number.
    pub ply: usize,
    pub side: Color,
    pub mv: Move,
    pub event: Event,
}

/// What the referee announced after a move, in the player's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Moved,
    /// One of the player's pieces fell.
    YourPieceFell(Kind),
    /// The enemy piece on this node fell.
    EnemyFell(Square),
    /// Both fell: the player's piece and the enemy piece on this node.
    BothFell(Kind, Square),
}

/// Every announcement so far, oldest first; only as far as the view holds
/// together (see [`consistent`]).
pub fn entries(view: &View) -> Vec<LogEntry> {
    read(view).0
}

/// Whether every move of the view's history moves or meets one of the
/// player's own pieces where its setup and the history put them. A view
/// from the server that does not is refused (`src/online.rs`) rather than
/// shown.
pub fn consistent(view: &View) -> bool {
    read(view).1
}

/// The log as far as the history holds together, and whether that is all
/// of it.
fn read(view: &View) -> (Vec<LogEntry>, bool) {
    let me = view.side();
    let mut mine: HashMap<Square, Kind> = view
        .own_setup()
        .into_iter()
        .flat_map(|setup| setup.placements(me))
        .collect();
    let mut log = Vec::with_capacity(view.ply());
    for (i, m) in view.history().iter().enumerate() {
        let Some(event) = event(&mut mine, me, m) else {
            return (log, false);
        };
        log.push(LogEntry {
            ply: i + 1,
            side: m.side,
            mv: m.mv,
            event,
        });
    }
    (log, true)
}

/// What one move announced, keeping `mine` (the own pieces by node) up to
/// date; `None` if the move does not fit them.
fn event(mine: &mut HashMap<Square, Kind>, me: Color, m: &PublicMove) -> Option<Event> {
    // The log reads steps only; the app offers no mode with strikes yet.
    let MoveKind::Step { from, to } = m.mv.kind() else {
        return None;
    };
    Some(if m.side == me {
        let kind = mine.remove(&from)?;
        match m.announcement {
            Announcement::Moved => {
                mine.insert(to, kind);
                Event::Moved
            }
            Announcement::AttackerRemoved => Event::YourPieceFell(kind),
            Announcement::DefenderRemoved => {
                mine.insert(to, kind);
                Event::EnemyFell(to)
            }
            Announcement::BothRemoved => Event::BothFell(kind, to),
            Announcement::Struck(_) => return None,
        }
    } else {
        match m.announcement {
            Announcement::Moved => Event::Moved,
            Announcement::AttackerRemoved => Event::EnemyFell(from),
            Announcement::DefenderRemoved => Event::YourPieceFell(mine.remove(&to)?),
            Announcement::BothRemoved => Event::BothFell(mine.remove(&to)?, from),
            Announcement::Struck(_) => return None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{ByColor, Game, Rules, Template};

    #[test]
    fn the_log_matches_the_losses() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[4].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        let mut n = 0u64;
        while game.outcome().is_none() && game.history().len() < 200 {
            let moves = game.position().legal_moves();
            n = n
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.play(moves[(n >> 33) as usize % moves.len()]).unwrap();
        }
        let view = game.view(Color::South);
        let log = entries(&view);
        assert_eq!(log.len(), view.ply());
        let mut lost = 0u8;
        for e in &log {
            match e.event {
                Event::YourPieceFell(_) | Event::BothFell(..) => lost += 1,
                _ => {}
            }
        }
        assert_eq!(lost, view.own_losses().0.iter().sum::<u8>());
        assert!(consistent(&view));
    }

    #[test]
    fn a_view_that_does_not_hold_together_is_read_as_far_as_it_does() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[4].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        let first = game.position().legal_moves()[0];
        game.play(first).unwrap();
        // The same view with a move of South's from an empty node added.
        let mut json = serde_json::to_value(game.view(Color::South)).unwrap();
        let mut bad = json["history"][0].clone();
        bad["move"] = serde_json::json!("a5-a6");
        json["history"].as_array_mut().unwrap().push(bad);
        let view: View = serde_json::from_value(json).unwrap();
        assert!(!consistent(&view));
        assert_eq!(entries(&view).len(), 1);
    }
}
