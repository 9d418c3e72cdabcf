//! The review of a finished game from inside the fog: whose eyes it looks
//! through, the worker's answers move by move as they come, and what they
//! add up to (the moves that gave a side away, the CPU's marks). What a
//! side saw at a ply is its own [`View`] then, from the rules crate: it
//! holds no enemy kind but a face-up one, whatever the record reveals.

use gunjin_rules::{Color, Move, Record, View};

use crate::cpu_protocol::{Hint, Mark, PlyReview};

/// Whose eyes the review looks through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eyes {
    /// As this side saw the game: its pieces, the enemy's backs and what
    /// it could deduce of them.
    Side(Color),
    /// Everything shown, as on the end screen.
    All,
}

/// `side`'s view after the first `ply` moves of `record`, without the
/// end's reveal; `None` if the record does not replay.
pub fn seen(record: &Record, side: Color, ply: usize) -> Option<View> {
    let partial = Record {
        start: record.start,
        moves: record.moves.get(..ply)?.to_vec(),
        resigned: None,
        agreed: false,
    };
    Some(partial.replay().ok()?.view(side).without_reveal())
}

/// What the worker has answered of a game's review so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    /// By ply, from the start (0) to the last move.
    answers: Vec<Option<PlyReview>>,
}

impl Review {
    /// A review of a game of `moves` moves, nothing answered yet.
    pub fn new(moves: usize) -> Review {
        Review {
            answers: vec![None; moves + 1],
        }
    }

    pub fn set(&mut self, ply: usize, answer: PlyReview) {
        if let Some(slot) = self.answers.get_mut(ply) {
            *slot = Some(answer);
        }
    }

    /// Positions answered, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.answers.iter().filter(|a| a.is_some()).count();
        (done, self.answers.len())
    }

    /// `side`'s hints about the enemy's pieces after `ply` moves.
    pub fn hints(&self, ply: usize, side: Color) -> Option<&[Hint]> {
        Some(&self.answers.get(ply)?.as_ref()?.hints[side])
    }

    /// The CPU's mark on move `ply` (from 1).
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        self.answers.get(ply)?.as_ref()?.verdict?.mark
    }

    /// The `n` moves (by ply) that told `side`'s opponent the most of
    /// `side`'s pieces, the most first, with their hundredths of a bit.
    pub fn gave_away(&self, side: Color, n: usize) -> Vec<(usize, i32)> {
        let mut told: Vec<(usize, i32)> = (self.answers.iter().enumerate())
            .filter_map(|(ply, a)| {
                let a = a.as_ref()?;
                a.telling[side].then_some((ply, a.told[side]))
            })
            .collect();
        told.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        told.truncate(n);
        told
    }

    /// The move the CPU would have played instead of move `ply`.
    pub fn best(&self, ply: usize) -> Option<Move> {
        Some(self.answers.get(ply)?.as_ref()?.verdict?.best)
    }

    /// Every marked move, by ply.
    pub fn marks(&self) -> Vec<(usize, Mark)> {
        (1..self.answers.len())
            .filter_map(|ply| Some((ply, self.mark(ply)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Game, Rules, random_game};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::cpu_protocol::Verdict;

    #[test]
    fn a_side_never_sees_an_enemy_kind_before_the_end_or_after_it() {
        let mut rng = SmallRng::seed_from_u64(3);
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            let game: Game = random_game(rules, &mut rng);
            let record = game.record();
            for ply in 0..=record.moves.len() {
                for side in Color::ALL {
                    let view = seen(&record, side, ply).unwrap();
                    assert_eq!(view.ply(), ply);
                    assert!(view.reveal().is_none());
                    assert!(view.enemies().iter().all(|e| e.kind.is_none()));
                }
            }
        }
    }

    fn answer(told: ByColor<i32>, mark: Option<Mark>) -> PlyReview {
        PlyReview {
            hints: ByColor::default(),
            told,
            telling: ByColor::new_with(|side| told[side] >= 100),
            verdict: Some(Verdict {
                best: "b4-b5".parse().unwrap(),
                drop: 0,
                mark,
            }),
        }
    }

    #[test]
    fn the_moves_that_told_most_come_first_and_only_those_that_told() {
        let mut review = Review::new(4);
        assert_eq!(review.progress(), (0, 5));
        let told = |south, north| ByColor { south, north };
        review.set(1, answer(told(120, 0), None));
        review.set(2, answer(told(40, 350), Some(Mark::Mistake)));
        review.set(3, answer(told(410, -3), Some(Mark::Blunder)));
        assert_eq!(review.progress(), (3, 5));
        assert_eq!(review.gave_away(Color::South, 5), vec![(3, 410), (1, 120)]);
        assert_eq!(review.gave_away(Color::South, 1), vec![(3, 410)]);
        assert_eq!(review.gave_away(Color::North, 5), vec![(2, 350)]);
        assert_eq!(review.marks(), vec![(2, Mark::Mistake), (3, Mark::Blunder)]);
        assert_eq!(review.mark(4), None);
    }
}
