//! The engine's judgement of a game for a player looking back at it: each
//! position's evaluation from Sente's side (or a mate found), the best
//! move and the line the engine expects, the chance of winning that
//! evaluation means, and the mark a played move earns by the chance its
//! mover gave away.
//!
//! The search plays here at full strength (no level's weaknesses): the
//! tsume search first, for mates longer than the main search sees in its
//! budget, then the main search.

use serde::{Deserialize, Serialize};
use shogi_rules::{Color, Game, Move};

use crate::search::Limits;
use crate::think::history;
use crate::{Budget, Engine, Score};

/// The longest mate the tsume search looks for before the main search:
/// 9 plies (九手詰) in a few thousand nodes when the line is all checks.
pub const MATE_PLIES: u32 = 9;
/// The tsume search's nodes, at most (and at most a quarter of the
/// budget): a tsume search node with full hands is slow.
const MATE_NODES: u64 = 20_000;
/// The nodes a position gets when the budget names none: about half a
/// second natively.
const DEFAULT_NODES: u64 = 200_000;

/// What a position is worth, from Sente's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// Centipawns for Sente (a pawn is about 90, a rook 990).
    Cp(i32),
    /// `winner` mates in `plies` (手数, both sides' moves counted, as a
    /// tsume's 詰み N手); 0: the side to move is mated now.
    Mate { winner: Color, plies: u32 },
}

impl Eval {
    /// A search's score for the side to move, turned to Sente's side.
    fn of(score: Score, to_move: Color) -> Eval {
        let sign = if to_move == Color::Sente { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Eval::Cp(sign * cp),
            Score::Mate(plies) if plies > 0 => Eval::Mate {
                winner: to_move,
                plies: plies as u32,
            },
            Score::Mate(plies) => Eval::Mate {
                winner: to_move.other(),
                plies: plies.unsigned_abs(),
            },
        }
    }

    /// The chance that `side` wins, from 0 to 1: a logistic of the
    /// centipawns, of the shape lichess and lishogi draw their graphs
    /// with (`1 / (1 + e^(−k·cp))`), with `k` = 0.0007 × 2 chosen for
    /// this engine's Bonanza-like scale: a rook ahead (about 1,000) is
    /// about 80%, a pawn 53%. A mate found is certain: 1 or 0.
    ///
    /// ```
    /// use shogi_cpu::analysis::Eval;
    /// use shogi_rules::Color;
    /// assert_eq!(Eval::Cp(0).win_chance(Color::Sente), 0.5);
    /// let rook_up = Eval::Cp(1_000).win_chance(Color::Sente);
    /// assert!((0.75..0.85).contains(&rook_up));
    /// assert!((Eval::Cp(1_000).win_chance(Color::Gote) - (1.0 - rook_up)).abs() < 1e-12);
    /// let mate = Eval::Mate { winner: Color::Gote, plies: 3 };
    /// assert_eq!(mate.win_chance(Color::Gote), 1.0);
    /// ```
    pub fn win_chance(self, side: Color) -> f64 {
        let sente = match self {
            Eval::Cp(cp) => 1.0 / (1.0 + (-WIN_SCALE * f64::from(cp)).exp()),
            Eval::Mate { winner, .. } => f64::from(u8::from(winner == Color::Sente)),
        };
        match side {
            Color::Sente => sente,
            Color::Gote => 1.0 - sente,
        }
    }
}

/// The logistic's slope per centipawn (see [`Eval::win_chance`]).
const WIN_SCALE: f64 = 0.0014;

/// The engine's judgement of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub eval: Eval,
    /// The line the engine expects, its best move first; empty when the
    /// side to move has no move.
    pub pv: Vec<Move>,
    /// The deepest completed iteration (for a mate by the tsume search,
    /// its plies).
    pub depth: i32,
    pub nodes: u64,
}

impl Judgement {
    /// The engine's best move.
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

impl Engine {
    /// Judges the position at the end of `game` (whose moves are its
    /// history, for repetitions) within `budget`'s nodes, depth, clock or
    /// stop.
    pub fn analyse(&mut self, game: &Game, budget: &Budget) -> Judgement {
        let position = game.position();
        let to_move = position.turn();
        let nodes = budget.nodes.unwrap_or(DEFAULT_NODES);
        let (mate, mate_nodes) =
            crate::mate::find_mate_counted(position, MATE_PLIES, MATE_NODES.min(nodes / 4));
        if let Some(line) = mate {
            return Judgement {
                eval: Eval::Mate {
                    winner: to_move,
                    plies: line.len() as u32,
                },
                depth: line.len() as i32,
                nodes: mate_nodes,
                pv: line,
            };
        }
        let limits = Limits {
            nodes: nodes.saturating_sub(mate_nodes).max(1),
            depth: budget.depth.unwrap_or(Limits::nodes(0).depth),
            deadline: budget.deadline,
            soft_deadline: budget.soft_deadline,
            stop: budget.stop,
            ..Limits::nodes(0)
        };
        let found = self
            .searcher
            .run(position, &history(game), &limits, &mut |_| {});
        match found {
            Some(found) => Judgement {
                eval: Eval::of(Score::of(found.value), to_move),
                depth: found.depth,
                nodes: found.nodes + mate_nodes,
                pv: found.pv,
            },
            None => Judgement {
                eval: Eval::Mate {
                    winner: to_move.other(),
                    plies: 0,
                },
                pv: Vec::new(),
                depth: 0,
                nodes: mate_nodes,
            },
        }
    }
}

/// How bad a played move was, by the chance of winning its mover gave
/// away: the thresholds of lichess's and lishogi's analysis (0.1, 0.2 and
/// 0.3 on their −1…1 scale of winning chances, so 5, 10 and 15 points of
/// the 0…1 chance here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// ?!
    Inaccuracy,
    /// ?
    Mistake,
    /// ??
    Blunder,
}

impl Mark {
    /// The mark of `played` from the position judged `before` by the
    /// `mover`, leading to a position judged `after`; none for the
    /// engine's own best move or a small loss.
    ///
    /// ```
    /// use shogi_cpu::analysis::{Eval, Judgement, Mark};
    /// use shogi_rules::Color;
    /// let before = Judgement { eval: Eval::Cp(0), pv: vec!["7g7f".parse().unwrap()], depth: 8, nodes: 1 };
    /// let hangs_a_rook = Eval::Cp(-1_000);
    /// let played = "2h2c".parse().unwrap();
    /// assert_eq!(Mark::of(&before, played, hangs_a_rook, Color::Sente), Some(Mark::Blunder));
    /// assert_eq!(Mark::of(&before, "7g7f".parse().unwrap(), hangs_a_rook, Color::Sente), None);
    /// ```
    pub fn of(before: &Judgement, played: Move, after: Eval, mover: Color) -> Option<Mark> {
        if before.best() == Some(played) {
            return None;
        }
        let lost = before.eval.win_chance(mover) - after.win_chance(mover);
        [
            (0.15, Mark::Blunder),
            (0.10, Mark::Mistake),
            (0.05, Mark::Inaccuracy),
        ]
        .into_iter()
        .find_map(|(threshold, mark)| (lost >= threshold).then_some(mark))
    }
}

#[cfg(test)]
mod tests {
    use shogi_rules::{Position, Record};

    use super::*;

    /// The judgement of the position after `moves` from `sfen`.
    fn judge(sfen: &str, moves: &[&str]) -> Judgement {
        let mut game = Game::new(Position::from_sfen(sfen).unwrap());
        for mv in moves {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let budget = Budget {
            nodes: Some(150_000),
            ..Budget::default()
        };
        Engine::new(4).analyse(&game, &budget)
    }

    /// The mark of the last of `moves`, both positions judged afresh.
    fn mark_of_last(sfen: &str, moves: &[&str]) -> Option<Mark> {
        let (last, earlier) = moves.split_last().unwrap();
        let before = judge(sfen, earlier);
        let after = judge(sfen, moves);
        let mover = Record {
            start: sfen.parse().unwrap(),
            moves: earlier.iter().map(|m| m.parse().unwrap()).collect(),
            ending: None,
        }
        .replay()
        .unwrap()
        .position()
        .turn();
        Mark::of(&before, last.parse().unwrap(), after.eval, mover)
    }

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    /// A shipped tsume (`assets/tsume.txt`): Gote mates in 5 plies.
    const TSUME_5: &str =
        "3gk2n1/lr3sg2/p1n5p/1p1B2p2/9/3PP1P2/+p5N1P/+b3SGG2/+rP3KS1L w 2Psn2l6p 1";
    const TSUME_5_LINE: [&str; 5] = ["9i8i", "P*7i", "8i7i", "5h6i", "7i6i"];

    #[test]
    fn a_mate_found_is_announced_for_the_side_that_mates() {
        for done in [0, 2, 4] {
            let judged = judge(TSUME_5, &TSUME_5_LINE[..done]);
            assert_eq!(
                judged.eval,
                Eval::Mate {
                    winner: Color::Gote,
                    plies: 5 - done as u32
                },
                "after {done} plies"
            );
            assert_eq!(judged.best(), Some(TSUME_5_LINE[done].parse().unwrap()));
            assert_eq!(judged.eval.win_chance(Color::Sente), 0.0);
        }
        // And once it is played out, Sente is mated: no move, no chance.
        let mated = judge(TSUME_5, &TSUME_5_LINE);
        assert_eq!(
            mated.eval,
            Eval::Mate {
                winner: Color::Gote,
                plies: 0
            }
        );
        assert_eq!(mated.best(), None);
    }

    #[test]
    fn hanging_the_rook_is_a_blunder() {
        // Sente is a rook against a gold ahead; the rook to 2b lands beside
        // Gote's gold, which takes it.
        let sfen = "4k4/6g2/9/9/9/9/2P6/7R1/4K4 b - 1";
        assert_eq!(mark_of_last(sfen, &["2h2b+"]), Some(Mark::Blunder));
        assert!(judge(sfen, &[]).eval.win_chance(Color::Sente) > 0.6);
    }

    #[test]
    fn walking_into_mate_is_a_blunder() {
        // Gote threatens G*5h, mate (the pawn at 5g guards it); Sente, a
        // rook and a bishop ahead, pushes a pawn instead.
        let sfen = "4k4/9/9/9/9/9/P3p4/9/4K4 b RBg 1";
        let after = judge(sfen, &["9g9f"]);
        assert_eq!(
            after.eval,
            Eval::Mate {
                winner: Color::Gote,
                plies: 1
            }
        );
        assert_eq!(mark_of_last(sfen, &["9g9f"]), Some(Mark::Blunder));
    }

    #[test]
    fn the_best_move_is_not_marked() {
        let before = judge(START, &[]);
        let best = before.best().unwrap();
        let after = judge(START, &[&best.to_string()]);
        assert_eq!(Mark::of(&before, best, after.eval, Color::Sente), None);
        assert!(matches!(before.eval, Eval::Cp(cp) if cp.abs() < 300));
    }
}
