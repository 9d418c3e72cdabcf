//! The referee's announcements as the player reads them, worked out from
//! the player's own view: the own setup and the public history say which of
//! the player's pieces fell; an enemy piece is only ever named by its node.

use std::collections::HashMap;

use gunjin_rules::{
    Announcement, Bitboard, ByKind, Color, Kind, Move, PublicMove, Shape, Square, View, strike,
};

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
    /// A Missile's strike (Classic 25) cleared these nodes, and of them
    /// the player's pieces of these kinds (the Missile and bomb spent
    /// included); `collided` when it plainly met an enemy Missile in the
    /// air, which is why it cleared less than its blast.
    Struck {
        cleared: Bitboard,
        yours: ByKind<u8>,
        collided: bool,
    },
}

/// Every announcement so far, oldest first; only as far as the view holds
/// together (see [`consistent`]).
pub fn entries(view: &View) -> Vec<LogEntry> {
    read(view).0
}

/// Whether every move of the view's history moves or meets one of the
/// player's own pieces where its setup and the history put them. A view
/// from the server that does not is refused (`src/model/table_game.rs`) rather than
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
    // The board both sides see, move by move: what stood in a strike's
    // blast.
    let mut public = view.public_start();
    let shape = view.rules().shape();
    let mut log = Vec::with_capacity(view.ply());
    for (i, m) in view.history().iter().enumerate() {
        let occupied = public
            .as_ref()
            .map(|p| p.occupied(Color::South) | p.occupied(Color::North));
        let Some(event) = event(&mut mine, me, m, (shape, occupied)) else {
            return (log, false);
        };
        if let Some(board) = public.as_mut()
            && board.play(*m).is_none()
        {
            public = None;
        }
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
/// date; `None` if the move does not fit them. `board` is the board's
/// shape and the nodes held before the move (when the public board is
/// known).
fn event(
    mine: &mut HashMap<Square, Kind>,
    me: Color,
    m: &PublicMove,
    (shape, occupied): (&Shape, Option<Bitboard>),
) -> Option<Event> {
    let (from, to) = (m.mv.from(), m.mv.to());
    Some(match (m.announcement, m.side == me) {
        (Announcement::Struck(..), mover) => {
            if mover && !mine.contains_key(&from) {
                return None;
            }
            let cleared = m.announcement.cleared(m.mv);
            let blast = strike::blast(shape, to, m.mv.carries_bomb());
            // A piece that stood through the blast, or (struck) an own
            // Missile in it: the Missiles met in the air.
            let collided = occupied.is_some_and(|o| strike::collided(shape, m.mv, o, cleared))
                || (!mover
                    && blast
                        .into_iter()
                        .any(|sq| mine.get(&sq) == Some(&Kind::Missile)));
            let mut yours = ByKind::default();
            for kind in cleared.filter_map(|sq| mine.remove(&sq)) {
                yours[kind] += 1;
            }
            Event::Struck {
                cleared,
                yours,
                collided,
            }
        }
        (announcement, true) => {
            let kind = mine.remove(&from)?;
            if !announcement.attacker_removed() {
                mine.insert(to, kind);
            }
            match announcement {
                Announcement::Moved => Event::Moved,
                Announcement::DefenderRemoved => Event::EnemyFell(to),
                Announcement::AttackerRemoved => Event::YourPieceFell(kind),
                // Both removed (a strike is read above).
                _ => Event::BothFell(kind, to),
            }
        }
        (Announcement::Moved, false) => Event::Moved,
        (Announcement::AttackerRemoved, false) => Event::EnemyFell(from),
        (Announcement::DefenderRemoved, false) => Event::YourPieceFell(mine.remove(&to)?),
        (Announcement::BothRemoved, false) => Event::BothFell(mine.remove(&to)?, from),
    })
}

/// The own kinds a log entry says were lost, each with its count.
pub fn lost_kinds(yours: &ByKind<u8>) -> impl Iterator<Item = (Kind, u8)> + '_ {
    yours.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k, *n))
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
        play_out(&mut game, |moves, n| {
            moves[(n >> 33) as usize % moves.len()]
        });
        let view = game.view(Color::South);
        let log = entries(&view);
        assert_eq!(log.len(), view.ply());
        assert_eq!(lost(&log), view.own_losses().0.iter().sum::<u8>());
        assert!(consistent(&view));
    }

    /// A collision is logged only when it happened (an enemy Missile was
    /// in the blast), and always when it shows: a piece of either side
    /// stood through the blast, or (for the side struck) an own Missile
    /// was in it.
    #[test]
    fn a_collision_is_logged_exactly_when_it_shows() {
        use gunjin_rules::Mode;
        let rules = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let shape = rules.shape();
        let mut seen = ByColor::new_with(|_| [0, 0]);
        for seed in 0..40u64 {
            let templates = Template::of(Mode::Classic25);
            let setups = ByColor {
                south: templates[seed as usize % templates.len()].setup(),
                north: templates[(seed as usize + 1) % templates.len()].setup(),
            };
            let mut game = Game::new(rules, setups, Color::South).unwrap();
            // What each strike truly met, by ply: (collided, showed to the
            // striker, showed to the side struck).
            let mut truth = HashMap::new();
            let mut n = seed;
            while game.outcome().is_none() && game.history().len() < 120 {
                let moves = game.position().legal_moves();
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let strike = moves
                    .iter()
                    .find(|m| m.is_strike())
                    .filter(|_| n >> 61 == 0);
                let mv = strike
                    .copied()
                    .unwrap_or(moves[(n >> 33) as usize % moves.len()]);
                if mv.is_strike() {
                    let board = game.position().board();
                    let mover = game.position().turn();
                    let blast = strike::blast(shape, mv.to(), mv.carries_bomb());
                    let kinds: Vec<(Color, Kind)> = blast
                        .filter_map(|sq| board.piece_at(sq).map(|p| (p.color, p.kind)))
                        .collect();
                    let missile = |c: Color, k: Kind| c != mover && k == Kind::Missile;
                    let collided = kinds.iter().any(|&(c, k)| missile(c, k));
                    let stood = collided && kinds.iter().any(|&(c, k)| !missile(c, k));
                    truth.insert(game.history().len(), (collided, stood, mover));
                }
                game.play(mv).unwrap();
            }
            for side in Color::ALL {
                for (e, ply) in entries(&game.view(side)).iter().zip(0..) {
                    let Event::Struck { collided, .. } = e.event else {
                        continue;
                    };
                    let (truly, stood, mover) = truth[&ply];
                    assert!(!collided || truly, "seed {seed}, ply {ply}: no collision");
                    assert!(collided || !stood, "seed {seed}, ply {ply}: one showed");
                    if truly && side != mover {
                        assert!(collided, "seed {seed}, ply {ply}: the own Missile was hit");
                    }
                    seen[side][usize::from(collided)] += 1;
                }
            }
        }
        // Both kinds of strike came up, for both sides.
        for side in Color::ALL {
            assert!(seen[side].iter().all(|&n| n > 0), "{seen:?}");
        }
    }

    /// Plays up to 200 plies, each the move `pick` chooses from the legal
    /// ones and a pseudo-random number.
    fn play_out(game: &mut Game, pick: impl Fn(&[Move], u64) -> Move) {
        let mut n = 0u64;
        while game.outcome().is_none() && game.history().len() < 200 {
            let moves = game.position().legal_moves();
            n = n
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.play(pick(&moves, n)).unwrap();
        }
    }

    /// How many of the player's pieces the log says fell.
    fn lost(log: &[LogEntry]) -> u8 {
        log.iter()
            .map(|e| match e.event {
                Event::YourPieceFell(_) | Event::BothFell(..) => 1,
                Event::Struck { yours, .. } => lost_kinds(&yours).map(|(_, n)| n).sum(),
                Event::Moved | Event::EnemyFell(_) => 0,
            })
            .sum()
    }

    /// In Classic 25 the strikes of both sides are read, each naming every
    /// node it cleared and the player's losses by kind.
    #[test]
    fn strikes_are_logged_with_every_node_and_the_own_kinds() {
        use gunjin_rules::Mode;
        let rules = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let templates = Template::of(Mode::Classic25);
        let setups = ByColor {
            south: templates[0].setup(),
            north: templates[1].setup(),
        };
        let mut game = Game::new(rules, setups, Color::South).unwrap();
        // Strike, when one is offered, one time in four, to have several.
        play_out(&mut game, |moves, n| {
            let strike = moves.iter().find(|m| m.is_strike());
            strike
                .filter(|_| n >> 62 == 0)
                .copied()
                .unwrap_or(moves[(n >> 33) as usize % moves.len()])
        });
        let mut strikes = 0;
        for side in Color::ALL {
            let view = game.view(side);
            let log = entries(&view);
            assert!(consistent(&view));
            assert_eq!(log.len(), view.ply());
            assert_eq!(lost(&log), view.own_losses().0.iter().sum::<u8>());
            for (e, m) in log.iter().zip(view.history()) {
                if let Event::Struck { cleared, .. } = e.event {
                    assert_eq!(cleared, m.announcement.cleared(m.mv));
                    assert!(cleared.contains(m.mv.from()), "the Missile is spent");
                    strikes += 1;
                }
            }
        }
        assert!(strikes >= 4, "{strikes} strikes logged");
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
