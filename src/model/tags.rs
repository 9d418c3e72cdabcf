//! The player's guesses about enemy pieces ("General?", "Mine?"), kept by
//! piece identity so a tag follows its piece and goes when it falls.

use std::collections::BTreeMap;

use gunjin_rules::{Kind, PieceId, View};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tags(BTreeMap<PieceId, Kind>);

impl Tags {
    pub fn get(&self, id: PieceId) -> Option<Kind> {
        self.0.get(&id).copied()
    }

    /// Sets or clears the guess for `id`.
    pub fn set(&mut self, id: PieceId, guess: Option<Kind>) {
        match guess {
            Some(kind) => self.0.insert(id, kind),
            None => self.0.remove(&id),
        };
    }

    /// Drops the tags of enemy pieces no longer on the board.
    pub fn retain_on_board(&mut self, view: &View) {
        self.0
            .retain(|id, _| view.enemies().iter().any(|e| e.id == *id));
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
