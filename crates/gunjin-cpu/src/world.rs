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
use crate::belief::{Knowledge, kept_home};
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
    candidates: PerSlot<KindSet>,
    /// The stillness weights the chain walks by, until it backs off (see
    /// [`Worlds::next`]).
    movable: Option<PerSlot<f32>>,
    chain: Option<Chain>,
    /// Failed rounds of [`TRIES`] left before [`Worlds::next`] gives up.
    rounds_left: usize,
}

/// Assignments tried per round of [`Worlds::next`].
const TRIES: usize = 64;

/// Failed rounds of [`TRIES`] a search may spend before [`Worlds::next`]
/// gives up (and the search with it, on the worlds left): a budget for
/// all its worlds, so a chain stuck among assignments that do not fit
/// costs a few milliseconds, not seconds. Late in a game the history ties
/// pieces together in ways the candidates do not say (a Flag fights as
/// the piece behind it), and most assignments may fail the replay: giving
/// up after one round, in 31 of 357 positions of Hard's games against
/// Turtle (Traditional rules, the games it did not win) Hard searched
/// fewer than its 32 worlds, in 24 none at all (it played Greedy's move
/// instead).
const ROUNDS: usize = 16;

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
            candidates: *candidates,
            chain: Chain::new(&camp_counts(known.rules), candidates, movable, rng),
            movable: Some(movable),
            rounds_left: ROUNDS,
        }
    }

    /// The next world, or `None` if no consistent one turned up. After a
    /// round without one the chain backs off to weights that allow each
    /// piece to have been kept home on purpose ([`kept_home`]): when the
    /// worlds stillness favours do not fit the history, a piece that never
    /// moved was no Mine or Flag after all (against Turtle, which never
    /// moves its headquarters' guards, a Flag on a node whose battles
    /// said otherwise). Then every one of the 357 positions above had its
    /// 32 worlds.
    pub(crate) fn next<R: Rng>(&mut self, rng: &mut R) -> Option<Game> {
        loop {
            let chain = self.chain.as_mut()?;
            if let Some(game) = (0..TRIES).find_map(|_| replay(self.known, &chain.sample(rng))) {
                return Some(game);
            }
            if let Some(movable) = self.movable.take() {
                let counts = camp_counts(self.known.rules);
                self.chain = Chain::new(&counts, &self.candidates, movable.map(kept_home), rng);
            }
            self.rounds_left = self.rounds_left.checked_sub(1)?;
        }
    }
}
