//! The pieces a side holds in hand (持ち駒).

use crate::Role;

/// How many pieces of each droppable role a side holds.
///
/// ```
/// use shogi_rules::{Hand, Role};
/// let mut hand = Hand::EMPTY;
/// hand.add(Role::Pawn);
/// hand.add(Role::Pawn);
/// assert_eq!(hand.count(Role::Pawn), 2);
/// assert!(!hand.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand([u8; 7]);

impl Hand {
    /// A hand holding nothing.
    pub const EMPTY: Hand = Hand([0; 7]);

    /// How many of `role` are held; 0 for roles that cannot be held.
    #[inline]
    pub const fn count(self, role: Role) -> u8 {
        if role.is_hand() {
            self.0[role.index()]
        } else {
            0
        }
    }

    /// Sets the count of a hand role (`role` must be one of [`Role::HAND`]).
    #[inline]
    pub fn set(&mut self, role: Role, count: u8) {
        self.0[role.index()] = count;
    }

    /// Adds one of a hand role (`role` must be one of [`Role::HAND`]).
    #[inline]
    pub fn add(&mut self, role: Role) {
        self.0[role.index()] += 1;
    }

    /// Takes one of a held hand role away.
    #[inline]
    pub fn remove(&mut self, role: Role) {
        self.0[role.index()] -= 1;
    }

    /// Whether the hand holds nothing.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == [0; 7]
    }

    /// The roles held, with their counts, pawn to rook.
    pub fn iter(self) -> impl Iterator<Item = (Role, u8)> {
        Role::HAND
            .into_iter()
            .map(move |role| (role, self.count(role)))
            .filter(|&(_, n)| n > 0)
    }
}
