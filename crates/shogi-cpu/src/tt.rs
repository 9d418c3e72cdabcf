//! The transposition table: what an earlier search found about a position,
//! by hash, so that transpositions and the next iteration start from it.

use shogi_rules::Move;

use crate::eval::Value;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// One stored search result, twelve bytes.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The hash's upper half: the lower half chose the slot.
    check: u32,
    mv: u16,
    value: i16,
    depth: u8,
    bound: Bound,
}

impl Entry {
    /// The best (or refuting) move found, if any.
    pub fn mv(&self) -> Option<Move> {
        Move::from_u16(self.mv)
    }

    pub fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The stored value, mate distances made relative to `ply` again.
    pub fn value(&self, ply: usize) -> Value {
        crate::search::from_table(Value::from(self.value), ply)
    }
}

const EMPTY: Entry = Entry {
    check: 0,
    mv: u16::MAX,
    value: 0,
    depth: 0,
    bound: Bound::Upper,
};

/// A power-of-two number of slots, each replaced when a result is at
/// least as deep or from another position.
pub struct Table {
    slots: Vec<Entry>,
}

impl Table {
    /// A table of about `megabytes` (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let wanted = ((megabytes << 20) / size_of::<Entry>()).max(1);
        let len = 1 << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: vec![EMPTY; len],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    /// The entry for `hash`, if the slot holds it.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let entry = self.slots[self.index(hash)];
        (entry.check == (hash >> 32) as u32 && entry.mv != u16::MAX).then_some(entry)
    }

    /// Stores a result; `value` is relative to the root, `ply` says how far
    /// the node is from it.
    pub fn store(
        &mut self,
        hash: u64,
        depth: i32,
        value: Value,
        bound: Bound,
        mv: Option<Move>,
        ply: usize,
    ) {
        let index = self.index(hash);
        let slot = &mut self.slots[index];
        let check = (hash >> 32) as u32;
        if slot.check == check && depth < i32::from(slot.depth) && bound != Bound::Exact {
            return;
        }
        let mv = match mv {
            Some(mv) => mv.to_u16(),
            // Keep the move an earlier search found here.
            None if slot.check == check => slot.mv,
            None => 0x7FFF,
        };
        *slot = Entry {
            check,
            mv,
            value: crate::search::to_table(value, ply) as i16,
            depth: depth.clamp(0, 255) as u8,
            bound,
        };
    }
}
