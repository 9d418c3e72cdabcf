//! The engine's analysis of a game as the replay keeps it: the judgement
//! of each position (asked of the CPU's worker one at a time, so it can
//! stop between two), the mark of each move, and the win-chance graph
//! drawn from them. Kept while the page lives; nothing is stored.

use shogi_rules::Record;
use shogi_worker_protocol::{Judgement, Mark};

/// What the engine said of a game's positions so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    record: Record,
    /// The judgement of the position after each number of moves.
    judgements: Vec<Option<Judgement>>,
    /// The mark of each move (the first move at 0).
    marks: Vec<Option<Mark>>,
}

impl Analysis {
    /// Nothing judged yet of `record`.
    pub fn new(record: Record) -> Analysis {
        let plies = record.moves.len();
        Analysis {
            record,
            judgements: vec![None; plies + 1],
            marks: vec![None; plies],
        }
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The first position not yet judged, or none when all are.
    pub fn next(&self) -> Option<usize> {
        self.judgements.iter().position(Option::is_none)
    }

    /// Positions judged, of how many.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.judgements.iter().flatten().count();
        (done, self.judgements.len())
    }

    /// What the worker needs to mark the move into `ply`: the judgement
    /// of the position before it.
    pub fn before(&self, ply: usize) -> Option<Judgement> {
        self.at(ply.checked_sub(1)?).cloned()
    }

    /// The worker's answer for the position after `ply` moves, and the
    /// mark of the move into it.
    pub fn judged(&mut self, ply: usize, judgement: Judgement, mark: Option<Mark>) {
        if let Some(slot) = self.judgements.get_mut(ply) {
            *slot = Some(judgement);
        }
        if let Some(slot) = ply.checked_sub(1).and_then(|i| self.marks.get_mut(i)) {
            *slot = mark;
        }
    }

    /// The judgement of the position after `ply` moves, once made.
    pub fn at(&self, ply: usize) -> Option<&Judgement> {
        self.judgements.get(ply)?.as_ref()
    }

    /// Each move's mark, the first move first.
    pub fn marks(&self) -> &[Option<Mark>] {
        &self.marks
    }

    /// The graph of Sente's win chance over the game, `width` by `height`.
    pub fn graph(&self, width: f64, height: f64) -> Graph {
        let plies = self.marks.len().max(1) as f64;
        let point = |ply: usize, j: &Judgement| {
            let x = ply as f64 * width / plies;
            (x, (1.0 - j.sente_chance) * height)
        };
        let line = self
            .judgements
            .iter()
            .enumerate()
            .filter_map(|(ply, j)| j.as_ref().map(|j| point(ply, j)))
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ");
        let marked = self
            .marks
            .iter()
            .enumerate()
            .filter_map(|(i, mark)| {
                let (x, y) = point(i + 1, self.at(i + 1)?);
                Some(Dot {
                    ply: i + 1,
                    x,
                    y,
                    mark: (*mark)?,
                })
            })
            .collect();
        Graph { line, marked }
    }
}

/// The win-chance graph: a polyline's points (Sente's chance up) and the
/// marked moves on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    pub line: String,
    pub marked: Vec<Dot>,
}

/// A marked move on the graph, at the position it led to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dot {
    pub ply: usize,
    pub x: f64,
    pub y: f64,
    pub mark: Mark,
}

/// A mark as chess and shogi sites write it after a move.
pub fn glyph(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "?!",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

/// The mark's name in the DOM and the style sheet.
pub fn mark_id(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}

#[cfg(test)]
mod tests {
    use shogi_rules::Color;
    use shogi_worker_protocol::Eval;

    use super::*;

    fn judgement(sente_chance: f64) -> Judgement {
        Judgement {
            eval: Eval::Cp(0),
            sente_chance,
            pv: Vec::new(),
            depth: 1,
        }
    }

    #[test]
    fn positions_are_judged_in_order_and_moves_marked() {
        let record: Record = "startpos moves 7g7f 3c3d 2h3h".parse().unwrap();
        let mut analysis = Analysis::new(record);
        assert_eq!(analysis.progress(), (0, 4));
        assert_eq!(analysis.next(), Some(0));
        assert_eq!(analysis.before(0), None);
        analysis.judged(0, judgement(0.5), None);
        assert_eq!(analysis.next(), Some(1));
        assert_eq!(analysis.before(1), Some(judgement(0.5)));
        analysis.judged(1, judgement(0.52), None);
        analysis.judged(2, judgement(0.5), None);
        analysis.judged(3, judgement(0.2), Some(Mark::Blunder));
        assert_eq!(analysis.next(), None);
        assert_eq!(analysis.progress(), (4, 4));
        assert_eq!(analysis.marks(), [None, None, Some(Mark::Blunder)]);
        // Past the end: nothing, and nothing breaks.
        analysis.judged(9, judgement(0.0), Some(Mark::Mistake));
        assert_eq!(analysis.at(9), None);
    }

    #[test]
    fn the_graph_puts_sente_up_and_marks_on_their_position() {
        let record: Record = "startpos moves 7g7f 3c3d".parse().unwrap();
        let mut analysis = Analysis::new(record);
        analysis.judged(0, judgement(0.5), None);
        analysis.judged(1, judgement(1.0), None);
        // Not yet judged positions are left out of the line.
        let graph = analysis.graph(100.0, 40.0);
        assert_eq!(graph.line, "0.0,20.0 50.0,0.0");
        analysis.judged(
            2,
            Judgement {
                eval: Eval::Mate {
                    winner: Color::Gote,
                    plies: 1,
                },
                ..judgement(0.0)
            },
            Some(Mark::Blunder),
        );
        let graph = analysis.graph(100.0, 40.0);
        assert_eq!(graph.line, "0.0,20.0 50.0,0.0 100.0,40.0");
        assert_eq!(
            graph.marked,
            [Dot {
                ply: 2,
                x: 100.0,
                y: 40.0,
                mark: Mark::Blunder
            }]
        );
        assert_eq!(glyph(graph.marked[0].mark), "??");
    }
}
