//! One value per camp slot (per enemy [`PieceId`](gunjin_rules::PieceId)):
//! an array of the largest camp's size, so no board needs an allocation,
//! that reads as long as the board's camp.

use core::ops::{Deref, DerefMut};

use gunjin_rules::{MAX_CAMP, Rules};

#[derive(Clone, Copy, Debug)]
pub(crate) struct PerSlot<T> {
    values: [T; MAX_CAMP],
    len: u8,
}

impl<T: Copy> PerSlot<T> {
    /// `value` on every slot of a camp of `len` slots.
    pub(crate) fn new(len: usize, value: T) -> PerSlot<T> {
        assert!(len <= MAX_CAMP, "no camp is larger than MAX_CAMP");
        PerSlot {
            values: [value; MAX_CAMP],
            len: len as u8,
        }
    }

    /// `value` on every slot of the camp `rules` are played on.
    pub(crate) fn of(rules: Rules, value: T) -> PerSlot<T> {
        PerSlot::new(rules.shape().camp_size(), value)
    }

    /// `f` of each slot's number (a camp has at least one slot).
    pub(crate) fn from_fn(len: usize, mut f: impl FnMut(usize) -> T) -> PerSlot<T> {
        let mut slots = PerSlot::new(len, f(0));
        for (slot, value) in slots.iter_mut().enumerate() {
            *value = f(slot);
        }
        slots
    }

    /// `f` of each slot's value.
    pub(crate) fn map<U>(self, f: impl FnMut(T) -> U) -> PerSlot<U> {
        PerSlot {
            values: self.values.map(f),
            len: self.len,
        }
    }
}

impl<T> Deref for PerSlot<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.values[..self.len as usize]
    }
}

impl<T> DerefMut for PerSlot<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.len as usize]
    }
}

/// Equal when the camps are: what lies past them is no slot.
impl<T: PartialEq> PartialEq for PerSlot<T> {
    fn eq(&self, other: &PerSlot<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for PerSlot<T> {}
