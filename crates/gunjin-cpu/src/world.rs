//! Sampled worlds: complete games consistent with one player's view.
//!
//! A world gives every enemy piece a kind (an [`Assignment`] within the
//! deduced candidates and the camp's counts), then replays the public
//! history through the referee's [`Game`] and keeps the world only if every
//! announcement comes out exactly as it was made. The search then plays on
//! the full game of each world.

use gunjin_rules::{ByColor, Color, Game, PartialSetup, Setup};
use rand::Rng;

use crate::KindSet;
use crate::assignment::{Assignment, Chain, camp_counts};
use crate::belief::Knowledge;
use crate::slots::PerSlot;

/// The game as it would stand had the enemy set up `assignment`, if that
/// replays the view's history with the same announcements.
pub(crate) fn replay(known: Knowledge<'_>, assignment: &Assignment) -> Option<Game> {
    let mut enemy = PartialSetup::new(known.rules.shape());
    for (slot, &kind) in enemy.slots_mut().iter_mut().zip(assignment.iter()) {
        *slot = kind;
    }
    // Unchecked here: starting the game checks it.
    let enemy = Setup::from(enemy);
    let own = *known.own_setup;
    let setups = match known.side {
        Color::South => ByColor {
            south: own,
            north: enemy,
        },
        Color::North => ByColor {
            south: enemy,
            north: own,
        },
    };
    let mut game = Game::new(known.rules, setups, known.first).ok()?;
    for pm in known.history {
        if game.play(pm.mv).ok()? != pm.announcement {
            return None;
        }
    }
    Some(game)
}

/// Draws worlds consistent with a view, one at a time.
pub(crate) struct Worlds<'a> {
    known: Knowledge<'a>,
    chain: Option<Chain>,
}

/// Assignments tried per world before giving up on a draw.
const TRIES: usize = 64;

impl<'a> Worlds<'a> {
    /// Worlds within `candidates`, weighted by the log-weights `movable`
    /// (see [`Chain`]).
    pub(crate) fn new<R: Rng>(
        known: Knowledge<'a>,
        candidates: &PerSlot<KindSet>,
        movable: PerSlot<f32>,
        rng: &mut R,
    ) -> Worlds<'a> {
        Worlds {
            known,
            chain: Chain::new(&camp_counts(known.rules), candidates, movable, rng),
        }
    }

    /// The next world, or `None` if no consistent one turned up.
    pub(crate) fn next<R: Rng>(&mut self, rng: &mut R) -> Option<Game> {
        let chain = self.chain.as_mut()?;
        (0..TRIES).find_map(|_| replay(self.known, &chain.sample(rng)))
    }
}
