//! The tsume (詰将棋) search: a mate by checks on every attacking move,
//! proved by iterative deepening over an AND/OR tree (the attacker needs
//! one check that works, the defender is mated only if every evasion
//! fails), with a table of positions already shown to hold out.
//!
//! Much narrower than the main search: the attacker only checks, and the
//! defender has a handful of evasions, so mates of several moves that the
//! alpha-beta search would reach only at depth are found in a few
//! thousand nodes.

use std::collections::HashMap;

use shogi_rules::{Move, Position};

/// Searches for a mate of at most `max_plies` plies (1, 3, 5, …) within
/// `max_nodes` nodes. The mating line, the defender's longest resistance
/// included, if there is one; `None` if there is none or the budget ran
/// out first.
///
/// ```
/// use shogi_cpu::find_mate;
/// use shogi_rules::Position;
/// let position = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// let line = find_mate(&position, 3, 10_000).unwrap();
/// assert_eq!(line, ["G*5b".parse().unwrap()]);
/// ```
pub fn find_mate(position: &Position, max_plies: u32, max_nodes: u64) -> Option<Vec<Move>> {
    find_mate_counted(position, max_plies, max_nodes).0
}

/// The nodes a mate search of at most `max_plies` plies visited, and its
/// result: for the searcher's node count.
pub(crate) fn find_mate_counted(
    position: &Position,
    max_plies: u32,
    max_nodes: u64,
) -> (Option<Vec<Move>>, u64) {
    let mut solver = Solver {
        nodes: 0,
        max_nodes,
        holds_out: HashMap::new(),
    };
    let found = solver.shortest(position, max_plies).map(|(plies, _)| {
        // Spelling the line out re-proves each branch: the same budget again.
        solver.max_nodes = solver.nodes.saturating_add(max_nodes);
        solver.line(position, plies)
    });
    (found, solver.nodes)
}

/// The mate search answering the tsume composer's questions one at a time
/// over a shared table, and saying when its budget ran out instead of
/// answering "no mate" (which a verifier must not take for an answer).
pub(crate) struct Prover(Solver);

/// The prover's budget ran out before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfNodes;

impl Prover {
    pub(crate) fn new(max_nodes: u64) -> Prover {
        Prover(Solver {
            nodes: 0,
            max_nodes,
            holds_out: HashMap::new(),
        })
    }

    /// The nodes visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.0.nodes
    }

    fn answer<T>(&self, answer: T) -> Result<T, OutOfNodes> {
        if self.0.nodes > self.0.max_nodes {
            Err(OutOfNodes)
        } else {
            Ok(answer)
        }
    }

    /// The length of the shortest mate of at most `max_plies`, the
    /// attacker to move.
    pub(crate) fn shortest(
        &mut self,
        position: &Position,
        max_plies: u32,
    ) -> Result<Option<u32>, OutOfNodes> {
        let found = self.0.shortest(position, max_plies).map(|(plies, _)| plies);
        self.answer(found)
    }

    /// Whether every evasion of the defender (to move, in check) is mated
    /// within `plies` (even; 0: it is mate now).
    pub(crate) fn mated_within(
        &mut self,
        position: &Position,
        plies: u32,
    ) -> Result<bool, OutOfNodes> {
        let mated = self.0.defend(position, plies);
        self.answer(mated)
    }
}

struct Solver {
    nodes: u64,
    max_nodes: u64,
    /// Attacking positions with no mate in this many plies or fewer.
    holds_out: HashMap<u64, u32>,
}

impl Solver {
    /// The shortest mate of at most `max_plies`: its length and first move.
    fn shortest(&mut self, position: &Position, max_plies: u32) -> Option<(u32, Move)> {
        (1..=max_plies).step_by(2).find_map(|plies| {
            let mv = self.attack(position, plies)?;
            Some((plies, mv))
        })
    }

    fn out_of_nodes(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.max_nodes
    }

    /// A check that mates within `plies` (odd), the attacker to move.
    fn attack(&mut self, position: &Position, plies: u32) -> Option<Move> {
        if self.out_of_nodes()
            || self
                .holds_out
                .get(&position.hash())
                .is_some_and(|&p| p >= plies)
        {
            return None;
        }
        let checks: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| position.gives_check(mv))
            .collect();
        for mv in checks {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if self.defend(&child, plies - 1) {
                return Some(mv);
            }
        }
        if self.nodes <= self.max_nodes {
            self.holds_out.insert(position.hash(), plies);
        }
        None
    }

    /// Whether every evasion of the defender (to move, in check) is mated
    /// within `plies` (even).
    fn defend(&mut self, position: &Position, plies: u32) -> bool {
        if plies == 0 {
            return !position.has_legal_move();
        }
        if self.out_of_nodes() {
            return false;
        }
        position.legal_moves().into_iter().all(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            self.attack(&child, plies - 1).is_some()
        })
    }

    /// The mating line of `plies` from `position`: the attacker's quickest
    /// mate, the defender's longest evasion, and so on.
    fn line(&mut self, position: &Position, plies: u32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut position = position.clone();
        let mut left = plies;
        while let Some((used, mv)) = self.shortest(&position, left) {
            line.push(mv);
            position.play_unchecked(mv);
            let evasions = position.legal_moves();
            let longest = evasions
                .iter()
                .filter_map(|&ev| {
                    let mut child = position.clone();
                    child.play_unchecked(ev);
                    self.shortest(&child, used - 2).map(|(n, _)| (n, ev))
                })
                .max_by_key(|&(n, _)| n);
            let Some((n, ev)) = longest else { break };
            line.push(ev);
            position.play_unchecked(ev);
            left = n;
        }
        line
    }
}
