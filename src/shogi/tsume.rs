//! Tsume (詰将棋) puzzles: the shipped list (`assets/tsume.txt`, made and
//! checked by `shogi-tsume` in `crates/shogi-cpu`, fetched with the page),
//! one attempt at a puzzle, and the player's progress (what was solved,
//! the daily streak), stored in an entry of its own.
//!
//! The attempt only compares the player's move with the shipped line: the
//! line was proved unique (`docs/SHOGI_LEVELS.md`, "Tsume"), so any other
//! move fails to mate in time. The defence against a wrong move is the
//! CPU's, asked of its worker by the page.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use shogi_rules::{Color, Move, Position, Record};

use crate::storage::{Entry, What};

/// A puzzle: the position and its one mating line (attacker first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub start: Position,
    pub line: Vec<Move>,
    /// Stable across new lists: a hash of the record's text.
    pub id: String,
}

impl Puzzle {
    /// The side that mates.
    pub fn attacker(&self) -> Color {
        self.start.turn()
    }

    /// Mate in how many moves (plies, as problems count them).
    pub fn length(&self) -> usize {
        self.line.len()
    }
}

/// The puzzles of the shipped text, in its order (rising difficulty); a
/// line that does not replay is skipped.
pub fn puzzles(text: &str) -> Vec<Puzzle> {
    text.lines()
        .filter_map(|line| {
            let record: Record = line.parse().ok()?;
            let game = record.replay().ok()?;
            Some(Puzzle {
                start: game.start().clone(),
                line: record.moves,
                id: format!("{:08x}", fnv1a(line.trim())),
            })
        })
        .collect()
}

/// FNV-1a, 32 bits: a short stable name for a puzzle.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// The day's puzzle among `count`: each day (days since 1970, UTC) a
/// different one, the same for everyone.
pub fn daily(day: u32, count: usize) -> usize {
    // A stride coprime with any list length below it walks the whole list.
    (day as usize).wrapping_mul(7919) % count.max(1)
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The attacker (the player) to move.
    Solving,
    /// The player's move is not the mate; the defence answers it (once
    /// the page has it), then the player retries.
    Wrong {
        tried: Move,
        answer: Option<Move>,
    },
    Solved,
}

impl Stage {
    /// The stage's name for the page's markup (`data-stage`).
    pub fn id(self) -> &'static str {
        match self {
            Stage::Solving => "solving",
            Stage::Wrong { answer: None, .. } => "defending",
            Stage::Wrong { .. } => "wrong",
            Stage::Solved => "solved",
        }
    }
}

/// One attempt at a puzzle: how far along the line the player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub puzzle: Puzzle,
    /// Plies of the line played.
    pub ply: usize,
    pub stage: Stage,
}

impl Attempt {
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            puzzle,
            ply: 0,
            stage: Stage::Solving,
        }
    }

    /// The position on the board, a wrong try and its answer included.
    pub fn position(&self) -> Position {
        let mut position = self.puzzle.start.clone();
        for &mv in &self.puzzle.line[..self.ply] {
            position.play_unchecked(mv);
        }
        if let Stage::Wrong { tried, answer } = self.stage {
            for mv in [Some(tried), answer].into_iter().flatten() {
                position.play_unchecked(mv);
            }
        }
        position
    }

    /// The last move on the board.
    pub fn last_move(&self) -> Option<Move> {
        match self.stage {
            Stage::Wrong { tried, answer } => Some(answer.unwrap_or(tried)),
            _ => self.ply.checked_sub(1).map(|i| self.puzzle.line[i]),
        }
    }

    /// The player's move (legal, the attacker's turn): the line goes on
    /// with the defender's longest resistance, or ends in mate; any other
    /// move is wrong.
    pub fn play(&mut self, mv: Move) {
        if self.stage != Stage::Solving {
            return;
        }
        if self.puzzle.line.get(self.ply) != Some(&mv) {
            self.stage = Stage::Wrong {
                tried: mv,
                answer: None,
            };
            return;
        }
        self.ply = (self.ply + 2).min(self.puzzle.length());
        if self.ply == self.puzzle.length() {
            self.stage = Stage::Solved;
        }
    }

    /// The defence's answer to the wrong try `to` (asked while it stood:
    /// an answer that comes after a retry is dropped).
    pub fn answer(&mut self, to: Move, mv: Move) {
        let waiting = self.stage
            == Stage::Wrong {
                tried: to,
                answer: None,
            };
        if waiting && self.position().is_legal(mv) {
            self.stage = Stage::Wrong {
                tried: to,
                answer: Some(mv),
            };
        }
    }

    /// Back to before the wrong try.
    pub fn retry(&mut self) {
        if matches!(self.stage, Stage::Wrong { .. }) {
            self.stage = Stage::Solving;
        }
    }

    /// The wrong try and the position after it, for the defence to answer.
    pub fn to_answer(&self) -> Option<(Move, Position)> {
        match self.stage {
            Stage::Wrong {
                tried,
                answer: None,
            } => Some((tried, self.position())),
            _ => None,
        }
    }
}

/// What the player has done with the puzzles, remembered between visits
/// and carried in the export file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TsumeProgress {
    /// The ids of the puzzles solved.
    pub solved: BTreeSet<String>,
    /// Days in a row with the daily puzzle solved, up to `last_daily`.
    pub streak: u32,
    /// The last day (since 1970, UTC) whose daily puzzle was solved.
    pub last_daily: Option<u32>,
}

impl Entry for TsumeProgress {
    const KEY: &'static str = "shogi.tsume";
    const VERSION: u32 = 1;
    const WHAT: What = What::ShogiTsume;
}

impl TsumeProgress {
    /// `puzzle` solved on `day`, `daily` if it was that day's puzzle.
    pub fn solve(&mut self, puzzle: &Puzzle, day: u32, daily: bool) {
        self.solved.insert(puzzle.id.clone());
        if daily && self.last_daily != Some(day) {
            let kept = self.last_daily.is_some_and(|last| last + 1 == day);
            self.streak = if kept { self.streak + 1 } else { 1 };
            self.last_daily = Some(day);
        }
    }

    /// The streak as it stands on `day`: broken once a day was missed.
    pub fn streak_on(&self, day: u32) -> u32 {
        match self.last_daily {
            Some(last) if last + 1 >= day => self.streak,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{from_text, to_text};

    const TWO: &str = "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b\n\
        sfen 3gkn+R2/1llsnp3/p2gp4/1p7/3PPPPP1/9/PPG6/4GS2P/+l2SKNS2 b 2BNL6Pr 1 \
        moves N*4c 4b4c B*4b\n\
        sfen not a puzzle\n";

    fn mv(usi: &str) -> Move {
        usi.parse().unwrap()
    }

    #[test]
    fn the_list_reads_and_skips_what_does_not_replay() {
        let list = puzzles(TWO);
        assert_eq!(list.len(), 2);
        assert_eq!(list[1].length(), 3);
        assert_eq!(list[0].attacker(), Color::Sente);
        assert_ne!(list[0].id, list[1].id);
        assert_eq!(list[0].id, puzzles(TWO)[0].id);
    }

    #[test]
    fn the_right_line_is_answered_by_the_defence_until_mate() {
        let mut attempt = Attempt::new(puzzles(TWO).remove(1));
        attempt.play(mv("N*4c"));
        assert_eq!(attempt.stage, Stage::Solving);
        assert_eq!(attempt.last_move(), Some(mv("4b4c")));
        attempt.play(mv("B*4b"));
        assert_eq!(attempt.stage, Stage::Solved);
        assert!(!attempt.position().has_legal_move());
    }

    #[test]
    fn a_wrong_try_is_answered_and_taken_back() {
        let mut attempt = Attempt::new(puzzles(TWO).remove(1));
        let legal = attempt.puzzle.start.legal_moves();
        let wrong = legal.into_iter().find(|&m| m != mv("N*4c")).unwrap();
        attempt.play(wrong);
        let (tried, position) = attempt.to_answer().unwrap();
        assert_eq!(tried, wrong);
        assert_eq!(position.turn(), Color::Gote);
        let reply = position.legal_moves()[0];
        attempt.answer(mv("N*4c"), reply); // not the try that stands
        assert!(attempt.to_answer().is_some());
        attempt.answer(wrong, reply);
        assert_eq!(attempt.to_answer(), None);
        assert_eq!(attempt.last_move(), Some(reply));
        attempt.play(mv("N*4c")); // not while the wrong try stands
        assert_eq!(attempt.ply, 0);
        attempt.retry();
        assert_eq!(attempt.position(), attempt.puzzle.start);
        attempt.play(mv("N*4c"));
        assert_eq!(attempt.ply, 2);
    }

    #[test]
    fn the_daily_streak_counts_days_in_a_row() {
        let list = puzzles(TWO);
        let mut progress = TsumeProgress::default();
        progress.solve(&list[0], 100, true);
        progress.solve(&list[0], 100, true);
        progress.solve(&list[1], 101, true);
        assert_eq!(progress.streak_on(101), 2);
        assert_eq!(progress.streak_on(102), 2);
        assert_eq!(progress.streak_on(103), 0);
        progress.solve(&list[1], 105, false);
        assert_eq!(progress.streak_on(105), 0);
        progress.solve(&list[0], 105, true);
        assert_eq!(progress.streak_on(105), 1);
        assert_eq!(progress.solved.len(), 2);
    }

    #[test]
    fn every_day_has_its_puzzle() {
        let days: BTreeSet<usize> = (0..330).map(|day| daily(day, 330)).collect();
        assert_eq!(days.len(), 330);
        assert_eq!(daily(5, 0), 0);
    }

    #[test]
    fn progress_is_stored_with_its_version() {
        let mut progress = TsumeProgress::default();
        progress.solve(&puzzles(TWO)[0], 20_000, true);
        let text = to_text(&progress);
        assert_eq!(
            text,
            format!(
                r#"{{"version":1,"solved":["{}"],"streak":1,"last_daily":20000}}"#,
                puzzles(TWO)[0].id
            )
        );
        assert_eq!(from_text::<TsumeProgress>(&text), Ok(progress));
    }
}
