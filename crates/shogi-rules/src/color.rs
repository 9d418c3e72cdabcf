//! The two sides.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

use serde::{Deserialize, Serialize};

/// A side. Sente (先手, Black, ▲) sits at ranks 七–九 and moves first in an
/// even game; Gote (後手, White, △) sits at ranks 一–三 and is the handicap
/// giver (上手) in a handicap game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Sente,
    Gote,
}

impl Color {
    /// Both sides, Sente first.
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    /// Dense index for [`ByColor`] and tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }

    /// The rank step of a forward move: Sente moves towards rank 一.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::Sente => -1,
            Color::Gote => 1,
        }
    }

    /// The SFEN side-to-move letter (`b` / `w`).
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }

    /// The mark in front of a move in Japanese notation.
    pub const fn mark(self) -> char {
        match self {
            Color::Sente => '▲',
            Color::Gote => '△',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "sente",
            Color::Gote => "gote",
        })
    }
}

/// One value per side, indexed by [`Color`] instead of a bare array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColor<T> {
    pub sente: T,
    pub gote: T,
}

impl<T> ByColor<T> {
    /// One value per side, made by `f`.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            sente: f(Color::Sente),
            gote: f(Color::Gote),
        }
    }

    /// Both values changed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            sente: f(self.sente),
            gote: f(self.gote),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::Sente => &self.sente,
            Color::Gote => &self.gote,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Sente => &mut self.sente,
            Color::Gote => &mut self.gote,
        }
    }
}
