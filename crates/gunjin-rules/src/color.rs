//! The two sides.

use core::ops::{Index, IndexMut, Not};

use serde::{Deserialize, Serialize};

/// A side. South sits at ranks 1–4 and North at ranks 5–8; "forward" is
/// towards the other camp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    South,
    North,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::South, Color::North];

    /// Dense index for [`ByColor`] and tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::South => Color::North,
            Color::North => Color::South,
        }
    }

    /// The rank step of a forward move: +1 for South, -1 for North.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::South => 1,
            Color::North => -1,
        }
    }

    /// The one-letter code used in records (`s` / `n`).
    pub const fn char(self) -> char {
        match self {
            Color::South => 's',
            Color::North => 'n',
        }
    }

    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            's' | 'S' => Some(Color::South),
            'n' | 'N' => Some(Color::North),
            _ => None,
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

impl core::fmt::Display for Color {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Color::South => "South",
            Color::North => "North",
        })
    }
}

/// One value per side, indexed by [`Color`] instead of a bare array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColor<T> {
    pub south: T,
    pub north: T,
}

impl<T> ByColor<T> {
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            south: f(Color::South),
            north: f(Color::North),
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::South => &self.south,
            Color::North => &self.north,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::South => &mut self.south,
            Color::North => &mut self.north,
        }
    }
}
