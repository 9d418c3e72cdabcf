//! "What is this piece?": puzzles from the player's own reviewed games.
//! A puzzle is a moment when one side's deduction, from its own view
//! alone, had narrowed an enemy piece to two or three kinds; the player
//! answers, then the record tells the truth. They are found when a review
//! is complete and kept with the game's review link (the record itself),
//! so they play offline and say nothing the record does not.

use std::collections::BTreeSet;

use gunjin_rules::{Color, Kind, PieceId, Record, Square};
use serde::{Deserialize, Serialize};

use crate::model::replay::Replay;
use crate::model::review::{Review, seen};
use crate::model::review_link::{Link, Reviewed};
use crate::storage::{Entry, What};

/// The least chance, in percent, of a kind a puzzle offers: below it
/// the deduction had all but ruled the kind out.
const OFFERED: u8 = 10;

/// How much of the chance the offered kinds must hold together: the
/// deduction had narrowed the piece to them.
const NARROWED: u16 = 85;

/// The most puzzles one game gives, the hardest first.
const PER_GAME: usize = 5;

/// The most games whose puzzles are kept (the oldest go first).
const GAMES: usize = 10;

/// One puzzle: `side`'s enemy piece on `square` after `ply` moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Whose eyes: the side that deduced.
    pub side: Color,
    pub ply: usize,
    pub square: Square,
    /// The kinds offered, likeliest first, with the deduction's chance of
    /// each then in percent.
    pub kinds: Vec<(Kind, u8)>,
}

impl Puzzle {
    /// The puzzles of a finished game, from its complete review, seen
    /// through the eyes of `sides`: for each enemy piece, the first moment
    /// its kinds were narrowed, the truth among them; the most even
    /// first, at most [`PER_GAME`], then in the game's order.
    pub fn find(record: &Record, replay: &Replay, review: &Review, sides: &[Color]) -> Vec<Puzzle> {
        let mut asked = BTreeSet::<(Color, PieceId)>::new();
        let mut found = Vec::new();
        for ply in 1..=replay.moves() {
            for &side in sides {
                let Some(hints) = review.hints(ply, side) else {
                    continue;
                };
                let narrowed: Vec<_> = hints
                    .iter()
                    .filter(|h| !asked.contains(&(side, h.id)))
                    .filter_map(|h| Some((h.id, offered(&h.kinds)?)))
                    .collect();
                if narrowed.is_empty() {
                    continue;
                }
                let Some(view) = seen(record, side, ply) else {
                    continue;
                };
                for (id, kinds) in narrowed {
                    let Some(enemy) = view
                        .enemies()
                        .iter()
                        .find(|e| e.id == id && e.kind.is_none())
                    else {
                        continue;
                    };
                    let puzzle = Puzzle {
                        side,
                        ply,
                        square: enemy.square,
                        kinds,
                    };
                    if puzzle.answer(replay).is_some_and(|k| puzzle.offers(k)) {
                        asked.insert((side, id));
                        found.push(puzzle);
                    }
                }
            }
        }
        found.sort_by_key(|p| (p.kinds[0].1, p.ply));
        found.truncate(PER_GAME);
        found.sort_by_key(|p| p.ply);
        found
    }

    /// What the piece was, from the record; `None` if the record does not
    /// hold an enemy piece there (a puzzle stored from another game).
    pub fn answer(&self, replay: &Replay) -> Option<Kind> {
        if self.ply > replay.moves() {
            return None;
        }
        match replay.frame(self.ply).at(self.square)? {
            (color, kind) if color != self.side => Some(kind),
            _ => None,
        }
    }

    pub fn offers(&self, kind: Kind) -> bool {
        self.kinds.iter().any(|&(k, _)| k == kind)
    }
}

/// The two or three kinds a hint narrows its piece to, if it does.
fn offered(kinds: &[(Kind, u8)]) -> Option<Vec<(Kind, u8)>> {
    let likely: Vec<(Kind, u8)> = kinds
        .iter()
        .copied()
        .filter(|&(_, c)| c >= OFFERED)
        .collect();
    let held: u16 = likely.iter().map(|&(_, c)| u16::from(c)).sum();
    ((2..=3).contains(&likely.len()) && held >= NARROWED).then_some(likely)
}

/// A reviewed game's puzzles and the player's answers so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleGame {
    /// The game's review link data (`model::review_link`): the record
    /// the puzzles are answered from.
    pub link: String,
    pub puzzles: Vec<Puzzle>,
    /// The kind chosen for each puzzle, once answered.
    pub answers: Vec<Option<Kind>>,
}

impl PuzzleGame {
    /// The game the puzzles come from; `None` if its link no longer reads.
    pub fn game(&self) -> Option<(Record, Replay)> {
        let reviewed = Reviewed::from_link(&Link::read(&self.link).ok()?).ok()?;
        let replay = Replay::new(&reviewed.record)?;
        Some((reviewed.record, replay))
    }

    /// How many puzzles were answered right, from the record.
    fn right(&self) -> usize {
        let Some((_, replay)) = self.game() else {
            return 0;
        };
        (self.puzzles.iter().zip(&self.answers))
            .filter(|(p, a)| a.is_some() && **a == p.answer(&replay))
            .count()
    }
}

/// How the player has done at the puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub right: usize,
    pub answered: usize,
    pub total: usize,
}

/// Where a puzzle is: its game's place in [`SavedPuzzles::games`], and its
/// own in that game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub game: usize,
    pub puzzle: usize,
}

/// Every kept game's puzzles, stored under `gunjin-puzzles` and in the
/// export file; the newest game last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPuzzles {
    pub games: Vec<PuzzleGame>,
}

impl Entry for SavedPuzzles {
    const KEY: &'static str = "gunjin-puzzles";
    const VERSION: u32 = 1;
    const WHAT: What = What::Puzzles;
}

impl SavedPuzzles {
    /// Keeps a game's puzzles unless it has none or is kept already (a
    /// review opened again keeps its answers); whether that is news.
    pub fn keep(&mut self, link: String, puzzles: Vec<Puzzle>) -> bool {
        if puzzles.is_empty() || self.games.iter().any(|g| g.link == link) {
            return false;
        }
        let answers = vec![None; puzzles.len()];
        self.games.push(PuzzleGame {
            link,
            puzzles,
            answers,
        });
        let over = self.games.len().saturating_sub(GAMES);
        self.games.drain(..over);
        true
    }

    /// Every puzzle's place, the newest game's first.
    fn order(&self) -> impl Iterator<Item = At> + '_ {
        let games = self.games.iter().enumerate().rev();
        games.flat_map(|(game, g)| (0..g.puzzles.len()).map(move |puzzle| At { game, puzzle }))
    }

    fn unanswered(&self, at: At) -> bool {
        self.games[at.game].answers[at.puzzle].is_none()
    }

    /// The first puzzle not answered.
    pub fn next(&self) -> Option<At> {
        self.order().find(|&at| self.unanswered(at))
    }

    /// The first puzzle not answered after `at` (past one whose game
    /// does not read, say).
    pub fn next_after(&self, at: At) -> Option<At> {
        let mut after = self.order().skip_while(|&a| a != at).skip(1);
        after.find(|&a| self.unanswered(a))
    }

    pub fn get(&self, at: At) -> Option<(&PuzzleGame, &Puzzle)> {
        let game = self.games.get(at.game)?;
        Some((game, game.puzzles.get(at.puzzle)?))
    }

    /// Notes `kind` as the answer to the puzzle `at`.
    pub fn answer(&mut self, at: At, kind: Kind) {
        if let Some(slot) = self
            .games
            .get_mut(at.game)
            .and_then(|g| g.answers.get_mut(at.puzzle))
        {
            *slot = Some(kind);
        }
    }

    pub fn score(&self) -> Score {
        let answers = self.games.iter().flat_map(|g| &g.answers);
        Score {
            right: self.games.iter().map(PuzzleGame::right).sum(),
            answered: answers.clone().flatten().count(),
            total: answers.count(),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use gunjin_rules::ByColor;

    use super::*;
    use crate::cpu_protocol::{Hint, PlyReview};

    /// The first game of the rules crate's stored records, cut after 40
    /// moves and resigned by South: a finished game with battles in it.
    fn game() -> Record {
        let line = include_str!("../../crates/gunjin-rules/tests/fixtures/records.txt")
            .lines()
            .next()
            .unwrap();
        let mut record: Record = line.parse().unwrap();
        record.moves.truncate(40);
        record.resigned = Some(Color::South);
        record
    }

    /// The review the worker gives the game, every move of it.
    fn reviewed(record: &Record) -> Review {
        let mut review = Review::new(record.moves.len());
        for ply in 0..=record.moves.len() {
            review.set(ply, gunjin_worker::review(record, ply, 1).unwrap());
        }
        review
    }

    #[test]
    fn a_reviewed_game_gives_puzzles_that_hide_the_answer_and_offer_it() {
        let record = game();
        let replay = Replay::new(&record).unwrap();
        let review = reviewed(&record);
        let puzzles = Puzzle::find(&record, &replay, &review, &Color::ALL);
        assert!(!puzzles.is_empty());
        assert!(puzzles.len() <= PER_GAME);
        assert!(puzzles.windows(2).all(|w| w[0].ply <= w[1].ply));
        for p in &puzzles {
            // The side did not see the kind then: its view shows a back.
            let view = seen(&record, p.side, p.ply).unwrap();
            let enemy = view
                .enemies()
                .iter()
                .find(|e| e.square == p.square)
                .unwrap();
            assert_eq!(enemy.kind, None);
            assert!((2..=3).contains(&p.kinds.len()));
            assert!(p.offers(p.answer(&replay).unwrap()));
        }
        // Through South's eyes alone, only South's.
        let south = Puzzle::find(&record, &replay, &review, &[Color::South]);
        assert!(south.iter().all(|p| p.side == Color::South));

        // Kept with the game's link, they are scored from its record.
        let reviewed = Reviewed {
            record,
            players: ByColor::default(),
        };
        let mut saved = SavedPuzzles::default();
        assert!(saved.keep(reviewed.link().data(), puzzles.clone()));
        let (game, _) = saved.games[0].game().unwrap();
        assert_eq!(game, reviewed.record);
        let truth = puzzles[0].answer(&replay).unwrap();
        saved.answer(At { game: 0, puzzle: 0 }, truth);
        if let Some(p) = puzzles.get(1) {
            let truth = p.answer(&replay).unwrap();
            let wrong = p
                .kinds
                .iter()
                .map(|&(k, _)| k)
                .find(|&k| k != truth)
                .unwrap();
            saved.answer(At { game: 0, puzzle: 1 }, wrong);
        }
        let score = saved.score();
        assert_eq!((score.right, score.answered), (1, puzzles.len().min(2)));
    }

    fn hint(id: u8, kinds: &[(Kind, u8)]) -> Hint {
        Hint {
            id: PieceId(id),
            kinds: kinds.to_vec(),
        }
    }

    #[test]
    fn only_a_piece_narrowed_to_two_or_three_likely_kinds_is_offered() {
        use Kind::*;
        assert_eq!(
            offered(&[(Tank, 60), (Cavalry, 40)]),
            Some(vec![(Tank, 60), (Cavalry, 40)])
        );
        // A sure piece is no puzzle, nor one of four likely kinds.
        assert_eq!(offered(&[(Tank, 100)]), None);
        assert_eq!(
            offered(&[(Tank, 25), (Cavalry, 25), (Spy, 25), (Mine, 25)]),
            None
        );
        // Kinds all but ruled out are not offered; too many of them, and
        // the piece was not narrowed.
        assert_eq!(
            offered(&[(Tank, 50), (Cavalry, 42), (Spy, 8)]),
            Some(vec![(Tank, 50), (Cavalry, 42)])
        );
        assert_eq!(
            offered(&[
                (Tank, 45),
                (Cavalry, 35),
                (Spy, 5),
                (Mine, 5),
                (Flag, 5),
                (Major, 5)
            ]),
            None
        );
    }

    #[test]
    fn a_piece_is_asked_about_once_at_the_first_moment_it_was_narrowed() {
        let record = game();
        let replay = Replay::new(&record).unwrap();
        // A North piece that stays put over moves 1 and 2, which South's
        // hints narrow at both.
        let (square, truth) = (replay.frame(1).pieces.iter())
            .filter(|&&(_, color, _)| color == Color::North)
            .map(|&(sq, _, kind)| (sq, kind))
            .find(|&(sq, kind)| replay.frame(2).at(sq) == Some((Color::North, kind)))
            .unwrap();
        let id = seen(&record, Color::South, 1)
            .unwrap()
            .enemies()
            .iter()
            .find(|e| e.square == square)
            .unwrap()
            .id;
        let other = if truth == Kind::Mine {
            Kind::Flag
        } else {
            Kind::Mine
        };
        let mut review = Review::new(record.moves.len());
        for ply in 1..=2 {
            let hints = ByColor {
                south: vec![hint(id.0, &[(truth, 55), (other, 45)])],
                north: vec![],
            };
            review.set(
                ply,
                PlyReview {
                    hints,
                    told: ByColor::default(),
                    telling: ByColor::default(),
                    verdict: None,
                },
            );
        }
        let puzzles = Puzzle::find(&record, &replay, &review, &Color::ALL);
        assert_eq!(
            puzzles,
            [Puzzle {
                side: Color::South,
                ply: 1,
                square,
                kinds: vec![(truth, 55), (other, 45)],
            }]
        );
    }

    #[test]
    fn games_are_kept_once_the_newest_ten_and_answered_in_turn() {
        let puzzle = |ply| Puzzle {
            side: Color::South,
            ply,
            square: "b4".parse().unwrap(),
            kinds: vec![(Kind::Tank, 60), (Kind::Cavalry, 40)],
        };
        let mut saved = SavedPuzzles::default();
        assert!(!saved.keep("G0".into(), vec![]));
        assert!(saved.keep("G1".into(), vec![puzzle(3), puzzle(5)]));
        assert!(!saved.keep("G1".into(), vec![puzzle(3)]));
        assert_eq!(saved.next(), Some(At { game: 0, puzzle: 0 }));
        saved.answer(At { game: 0, puzzle: 0 }, Kind::Tank);
        assert_eq!(saved.next(), Some(At { game: 0, puzzle: 1 }));
        let score = saved.score();
        assert_eq!((score.answered, score.total), (1, 2));
        // A newer game's puzzles come first.
        assert!(saved.keep("G2".into(), vec![puzzle(7)]));
        assert_eq!(saved.next(), Some(At { game: 1, puzzle: 0 }));
        assert_eq!(
            saved.next_after(At { game: 1, puzzle: 0 }),
            Some(At { game: 0, puzzle: 1 })
        );
        assert_eq!(saved.next_after(At { game: 0, puzzle: 1 }), None);
        for n in 3..=12 {
            saved.keep(format!("G{n}"), vec![puzzle(1)]);
        }
        assert_eq!(saved.games.len(), GAMES);
        assert_eq!(saved.games[0].link, "G3");
    }

    #[test]
    fn the_stored_puzzles_of_the_first_build_read() {
        let text = include_str!("../../tests/fixtures/puzzles-v1.json");
        let saved: SavedPuzzles = crate::storage::from_text(text.trim()).unwrap();
        let game = &saved.games[0];
        assert_eq!(game.link, "GK8ksj");
        assert_eq!(game.answers, [Some(Kind::General)]);
        assert_eq!(
            game.puzzles[0],
            Puzzle {
                side: Color::North,
                ply: 14,
                square: "d3".parse().unwrap(),
                kinds: vec![
                    (Kind::MajorGeneral, 37),
                    (Kind::General, 32),
                    (Kind::LieutenantGeneral, 31)
                ],
            }
        );
        assert_eq!(saved.next(), None);
    }
}
