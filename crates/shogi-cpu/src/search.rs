//! The search: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta with a transposition table, null-move
//! pruning, reverse futility, futility and late-move pruning of quiet
//! moves, pruning by static exchange, late-move reductions and check
//! extensions, ending in a quiescence search over the captures that do not
//! lose material.
//!
//! Positions are cloned and played (no unmake): a [`Position`] is a few
//! hundred bytes without heap data. The game's history and the line being
//! searched are kept as hashes, so that a repetition scores as the draw it
//! is, or as a loss for the side that gave check throughout it.

use core::sync::atomic::{AtomicBool, Ordering};

use shogi_rules::{Move, Position, Role};

use crate::eval::{Value, capture_gain, evaluate};
use crate::ordering::{Heuristics, MAX_PLY, captured, mover, pick};
use crate::see::see;
use crate::tt::{Bound, Table};

/// A mate now; a mate in `n` plies scores `MATE - n`.
pub const MATE: Value = 30_000;
/// Values beyond this are mates.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// What the side that gave check on every move of a repetition loses by
/// (perpetual check, 連続王手の千日手): a loss, though not a mate.
const PERPETUAL: Value = 20_000;
const INFINITY: Value = MATE + 1;
/// How far back a repetition is looked for.
const REPETITION_WINDOW: usize = 32;
/// What a draw by repetition costs the side the search is for: without
/// it two engines that see nothing better shuffle a rook to and fro and
/// draw every game.
const CONTEMPT: Value = 60;
/// What a null move's entry in the path is marked with (its hash is the
/// position's, xored with this).
const NULL_MARK: u64 = 0x6E75_6C6C_6D6F_7665;
/// The first aspiration window's half-width around the last iteration's
/// value.
const ASPIRATION: Value = 35;

/// Late-move reductions by depth and move number, in plies:
/// `ln(depth) × ln(moves) / 2`, the usual shape.
static REDUCTIONS: [[u8; 64]; 64] = {
    let mut table = [[0; 64]; 64];
    let mut depth = 1;
    while depth < 64 {
        let mut moves = 1;
        while moves < 64 {
            // ln by a short series is not const: 2-base logs scaled by
            // ln(2)² / 2 = 0.24 give the same table.
            let r = (LOG2_X16[depth] as u32 * LOG2_X16[moves] as u32 * 24) / (256 * 100);
            table[depth][moves] = r as u8;
            moves += 1;
        }
        depth += 1;
    }
    table
};

/// 16 × log2(n) rounded, for n below 64.
static LOG2_X16: [u16; 64] = {
    let mut table = [0; 64];
    let mut n = 1;
    while n < 64 {
        // 16 × log2(n) = 16 × (position of the top bit + the fraction
        // the rest adds, interpolated linearly).
        let top = 63 - (n as u64).leading_zeros() as usize;
        let fraction = ((n - (1 << top)) * 16) >> top;
        table[n] = (top * 16 + fraction) as u16;
        n += 1;
    }
    table
};

/// How many quiet moves a node this far from the horizon tries before the
/// rest are left out (late-move pruning).
const fn quiet_move_limit(depth: i32, improving: bool) -> usize {
    let limit = 3 + depth * depth;
    (if improving { limit } else { limit / 2 }) as usize
}

/// A mate score stored relative to the node, not the root.
pub(crate) fn to_table(value: Value, ply: usize) -> Value {
    match value {
        v if v >= MATE_BOUND => v + ply as Value,
        v if v <= -MATE_BOUND => v - ply as Value,
        v => v,
    }
}

/// The inverse of [`to_table`].
pub(crate) fn from_table(value: Value, ply: usize) -> Value {
    match value {
        v if v >= MATE_BOUND => v - ply as Value,
        v if v <= -MATE_BOUND => v + ply as Value,
        v => v,
    }
}

/// A caller's clock in milliseconds, and when to stop by it.
#[derive(Clone, Copy)]
pub struct Deadline<'a> {
    pub now: &'a dyn Fn() -> f64,
    pub at: f64,
}

/// When a search stops and what it looks at.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    pub nodes: u64,
    pub depth: i32,
    pub deadline: Option<Deadline<'a>>,
    /// The clock time after which no new iteration begins (`None`: halfway
    /// to the deadline). A clock whose time is lost if not used (byoyomi)
    /// sets it to the deadline itself: an iteration cut short still often
    /// finds a better move.
    pub soft_deadline: Option<f64>,
    /// Set from another thread (USI `stop`).
    pub stop: Option<&'a AtomicBool>,
    /// Whether leaves settle captures first; without it the search misses
    /// what hangs (a beginner's weakness).
    pub quiescence: bool,
    /// Whether every root move gets an exact value (for a level that picks
    /// among good moves), not just the best one.
    pub exact_root: bool,
}

impl Limits<'_> {
    /// A fixed node budget and nothing else.
    pub fn nodes(nodes: u64) -> Limits<'static> {
        Limits {
            nodes,
            depth: MAX_PLY as i32 - 1,
            deadline: None,
            soft_deadline: None,
            stop: None,
            quiescence: true,
            exact_root: false,
        }
    }
}

/// What one iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: i32,
    pub value: Value,
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// Every root move with its value at this depth (exact ones only with
    /// [`Limits::exact_root`]), best first.
    pub root: Vec<(Move, Value)>,
}

/// A position of the game or the searched line: its hash and whether the
/// side to move was in check there.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub hash: u64,
    pub check: bool,
}

impl Step {
    pub fn of(position: &Position) -> Step {
        Step {
            hash: position.hash(),
            check: position.is_check(),
        }
    }
}

/// The search's state, kept across moves of a game (the table and the
/// history heuristic carry over).
pub struct Searcher {
    table: Table,
    heuristics: Heuristics,
    path: Vec<Step>,
    buffers: Vec<Vec<(Move, Value)>>,
    /// The static evaluation at each ply of the line (for "improving").
    evals: [Value; MAX_PLY],
    /// The generator's scratch list.
    generated: Vec<Move>,
    nodes: u64,
    root_depth: i32,
    can_stop: bool,
    stopped: bool,
    /// The caller's clock when the search began.
    started: f64,
    /// Where the root stands in `path`.
    root_index: usize,
}

impl Searcher {
    /// A searcher with a table of about `megabytes`.
    pub fn new(megabytes: usize) -> Searcher {
        Searcher {
            table: Table::new(megabytes),
            heuristics: Heuristics::default(),
            path: Vec::with_capacity(1024),
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            evals: [0; MAX_PLY],
            generated: Vec::with_capacity(600),
            nodes: 0,
            root_depth: 0,
            can_stop: false,
            stopped: false,
            started: 0.0,
            root_index: 0,
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics = Heuristics::default();
    }

    /// Searches `root` (whose game went through `history`, the root last)
    /// deeper and deeper until a limit; `report` hears of each completed
    /// iteration. `None` if the side to move has no legal move.
    pub fn run(
        &mut self,
        root: &Position,
        history: &[Step],
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        let mut root_moves: Vec<(Move, Value)> = Vec::new();
        let mut moves = Vec::new();
        root.legal_moves_into(&mut moves);
        let table_move = self.table.probe(root.hash()).and_then(|e| e.mv());
        root_moves.extend(
            moves
                .iter()
                .map(|&mv| (mv, self.heuristics.score(root, mv, table_move, 0))),
        );
        root_moves.sort_by_key(|&(_, key)| -key);
        if root_moves.is_empty() {
            return None;
        }
        self.heuristics.age();
        self.path.clear();
        self.path.extend_from_slice(history);
        self.root_index = self.path.len() - 1;
        self.nodes = 0;
        self.stopped = false;
        self.started = limits.deadline.map_or(0.0, |d| (d.now)());
        let mut best: Option<Report> = None;
        for depth in 1..=limits.depth.max(1) {
            self.root_depth = depth;
            self.can_stop = depth > 1;
            let value = self.aspiration(root, &mut root_moves, depth, limits, best.as_ref());
            if self.stopped {
                // An iteration cut short still tells a move that beat the
                // last iteration's best on a completed search.
                if let Some(last) = best.as_mut()
                    && root_moves[0].0 != last.pv[0]
                {
                    last.pv = self.principal_variation(root, root_moves[0].0);
                    last.value = root_moves[0].1;
                }
                break;
            }
            let done = Report {
                depth,
                value,
                nodes: self.nodes,
                pv: self.principal_variation(root, root_moves[0].0),
                root: root_moves.clone(),
            };
            report(&done);
            let mate_seen = value.abs() >= MATE_BOUND && depth > 2 * (MATE - value.abs()) + 2;
            best = Some(done);
            if mate_seen || root_moves.len() == 1 || self.past_soft_deadline(limits) {
                break;
            }
        }
        best.map(|mut report| {
            report.nodes = self.nodes;
            report
        })
    }

    /// Past the time after which no iteration begins.
    fn past_soft_deadline(&self, limits: &Limits) -> bool {
        limits.deadline.is_some_and(|d| {
            let soft = limits.soft_deadline.unwrap_or((self.started + d.at) / 2.0);
            (d.now)() >= soft
        })
    }

    /// One iteration in a window around the last one's value, widened
    /// until the value falls inside it.
    fn aspiration(
        &mut self,
        root: &Position,
        moves: &mut [(Move, Value)],
        depth: i32,
        limits: &Limits,
        last: Option<&Report>,
    ) -> Value {
        let centre = last
            .map(|r| r.value)
            .filter(|v| depth >= 4 && !limits.exact_root && v.abs() < MATE_BOUND);
        let Some(centre) = centre else {
            return self.root(root, moves, depth, limits, -INFINITY, INFINITY);
        };
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (centre - delta, centre + delta);
        loop {
            let value = self.root(root, moves, depth, limits, alpha, beta);
            if self.stopped {
                return value;
            }
            delta *= 3;
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITY);
            } else if value >= beta {
                beta = (value + delta).min(INFINITY);
            } else {
                return value;
            }
            if delta > 1_000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// One iteration over the root moves in the window `alpha..beta`. A
    /// move that beats the best so far moves to the front at once (so a
    /// search stopped midway leaves its best first); the rest are ranked
    /// by value once the iteration is done, those that failed low after
    /// the best.
    fn root(
        &mut self,
        root: &Position,
        moves: &mut [(Move, Value)],
        depth: i32,
        limits: &Limits,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let mut best = -INFINITY;
        for i in 0..moves.len() {
            let mv = moves[i].0;
            let mut child = root.clone();
            child.play_unchecked(mv);
            let new_depth = depth - 1 + Value::from(child.is_check());
            self.path.push(Step::of(&child));
            let exact = i == 0 || limits.exact_root;
            let mut value = -INFINITY;
            if !exact {
                value = -self.search(&child, new_depth, -alpha - 1, -alpha, 1, limits);
            }
            if exact || (value > alpha && !self.stopped) {
                let (low, high) = match limits.exact_root {
                    true => (-INFINITY, INFINITY),
                    false => (alpha, beta),
                };
                value = -self.search(&child, new_depth, -high, -low, 1, limits);
            }
            self.path.pop();
            if self.stopped {
                return best;
            }
            moves[i].1 = if i == 0 || limits.exact_root || value > alpha {
                value
            } else {
                -INFINITY
            };
            if value > best {
                best = value;
                moves[..=i].rotate_right(1);
            }
            alpha = alpha.max(value);
            if value >= beta {
                break;
            }
        }
        moves.sort_by_key(|&(_, value)| -value);
        let (best_move, value) = moves[0];
        if value > -INFINITY {
            let bound = if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .store(root.hash(), depth, value, bound, Some(best_move), 0);
        }
        best
    }

    /// The alpha-beta search of a node `depth` plies from the horizon,
    /// `ply` from the root.
    fn search(
        &mut self,
        position: &Position,
        mut depth: i32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        limits: &Limits,
    ) -> Value {
        if depth <= 0 {
            return self.quiesce(position, alpha, beta, ply, limits);
        }
        self.nodes += 1;
        if self.out_of_budget(limits) {
            return 0;
        }
        if let Some(value) = self.repetition() {
            return value;
        }
        // No line from here can end in a quicker mate than one already found.
        alpha = alpha.max(-MATE + ply as Value);
        beta = beta.min(MATE - ply as Value - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position);
        }
        let pv_node = beta - alpha > 1;
        let hash = position.hash();
        let entry = self.table.probe(hash);
        if let Some(entry) = entry.filter(|e| !pv_node && e.depth() >= depth) {
            let value = entry.value(ply);
            let fits = match entry.bound() {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if fits {
                return value;
            }
        }
        let in_check = position.is_check();
        let eval = if in_check {
            -INFINITY
        } else {
            evaluate(position)
        };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        if !pv_node && !in_check {
            // Reverse futility: far above beta near the horizon.
            let margin = 110 * (depth - i32::from(improving));
            if depth <= 6 && eval - margin >= beta && eval < MATE_BOUND {
                return eval;
            }
            if depth >= 3
                && eval >= beta
                && !self.after_null_move(ply)
                && let Some(value) = self.null_move(position, depth, beta, ply, limits)
            {
                return value;
            }
        }
        let table_move = entry
            .and_then(|e| e.mv())
            .filter(|&mv| position.is_legal(mv));
        // Without a move to try first, a deep node is searched a ply less.
        if table_move.is_none() && depth >= 6 {
            depth -= 1;
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        moves.clear();
        // The table's move is tried before the others are generated: it
        // often cuts the node off alone.
        match table_move {
            Some(mv) => moves.push((mv, 0)),
            None => self.order(position, &mut moves, false, None, ply),
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -MATE + ply as Value;
        }
        let original_alpha = alpha;
        let mut best = (-INFINITY, None);
        let mut quiets: [Move; 64] = [moves[0].0; 64];
        let (mut quiet_count, mut quiets_seen) = (0, 0);
        for tried in 0.. {
            if tried == 1
                && let Some(first) = table_move
            {
                self.order(position, &mut moves, false, None, ply);
                if let Some(again) = moves[1..].iter().position(|&(mv, _)| mv == first) {
                    moves.swap_remove(again + 1);
                }
            }
            let Some(mv) = pick(&mut moves, tried) else {
                break;
            };
            let quiet = captured(position, mv).is_none() && !mv.is_promotion();
            quiets_seen += usize::from(quiet);
            let prunable = best.0 > -MATE_BOUND && !in_check;
            if prunable && quiet && depth <= 8 {
                // The moves come in order, the quiet ones last: once one
                // is left out for its number or the node's hopeless
                // value, so are all that follow.
                if quiets_seen > quiet_move_limit(depth, improving)
                    || (depth <= 6 && eval + 120 + 90 * depth <= alpha)
                {
                    break;
                }
                if see(position, mv) < -25 * depth * depth && !position.gives_check(mv) {
                    continue;
                }
            } else if prunable
                && depth <= 6
                && see(position, mv) < -150 * depth
                && !position.gives_check(mv)
            {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(mv);
            let gives_check = child.is_check();
            let extension = i32::from(
                gives_check && ply < 2 * self.root_depth as usize && see(position, mv) >= 0,
            );
            let new_depth = depth - 1 + extension;
            let reduction = if depth >= 3 && tried > usize::from(pv_node) && quiet {
                let mut r = i32::from(REDUCTIONS[depth.min(63) as usize][tried.min(63)]);
                r += i32::from(!pv_node) + i32::from(!improving);
                r -= i32::from(self.heuristics.is_killer(ply, mv)) + i32::from(gives_check);
                r -= self.heuristics.history(position.turn(), mv) / 6_000;
                r.clamp(0, new_depth - 1)
            } else {
                0
            };
            self.path.push(Step::of(&child));
            let value = if tried == 0 {
                -self.search(&child, new_depth, -beta, -alpha, ply + 1, limits)
            } else {
                self.zero_window(&child, new_depth, reduction, alpha, beta, ply + 1, limits)
            };
            self.path.pop();
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if value > best.0 {
                best = (value, Some(mv));
                alpha = alpha.max(value);
                if value >= beta {
                    if quiet {
                        self.heuristics.reward(
                            position.turn(),
                            mv,
                            &quiets[..quiet_count],
                            ply,
                            depth,
                        );
                    }
                    break;
                }
            }
            if quiet && quiet_count < quiets.len() {
                quiets[quiet_count] = mv;
                quiet_count += 1;
            }
        }
        self.buffers[ply] = moves;
        if best.1.is_none() {
            // Every move was pruned: the node is worth about its evaluation.
            return alpha;
        }
        let bound = if best.0 >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(hash, depth, best.0, bound, best.1, ply);
        best.0
    }

    /// Whether the move into the node at `ply` was a null move (two in a
    /// row prove nothing).
    fn after_null_move(&self, ply: usize) -> bool {
        let now = self.path.len() - 1;
        ply >= 1 && now >= 1 && self.path[now].hash == self.path[now - 1].hash ^ NULL_MARK
    }

    /// A later move: a reduced null-window search, then a full-depth one
    /// and a full-window one while it keeps beating alpha.
    #[allow(clippy::too_many_arguments)]
    fn zero_window(
        &mut self,
        child: &Position,
        depth: i32,
        reduction: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
        limits: &Limits,
    ) -> Value {
        let mut value = -self.search(child, depth - reduction, -alpha - 1, -alpha, ply, limits);
        if value > alpha && reduction > 0 {
            value = -self.search(child, depth, -alpha - 1, -alpha, ply, limits);
        }
        if value > alpha && value < beta {
            value = -self.search(child, depth, -beta, -alpha, ply, limits);
        }
        value
    }

    /// Passes the move: if the position still holds beta with a reduced
    /// search, a real move would too (drops make zugzwang all but unknown
    /// in Shogi).
    fn null_move(
        &mut self,
        position: &Position,
        depth: i32,
        beta: Value,
        ply: usize,
        limits: &Limits,
    ) -> Option<Value> {
        let mut child = position.clone();
        child.play_null();
        // The path marks the pass so that the child does not pass again;
        // the mark never equals a real position's hash in practice.
        self.path.push(Step {
            hash: position.hash() ^ NULL_MARK,
            check: false,
        });
        let reduction = 3 + depth / 4;
        let value = -self.search(
            &child,
            depth - 1 - reduction,
            -beta,
            -beta + 1,
            ply + 1,
            limits,
        );
        self.path.pop();
        (value >= beta && !self.stopped).then_some(if value >= MATE_BOUND { beta } else { value })
    }

    /// Settles the captures (and, in check, every evasion) before the
    /// position is judged: the side to move may also stand pat.
    fn quiesce(
        &mut self,
        position: &Position,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        limits: &Limits,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_budget(limits) {
            return 0;
        }
        let in_check = position.is_check();
        if ply >= MAX_PLY - 1 || (!in_check && !limits.quiescence) {
            return evaluate(position);
        }
        let stand_pat = if in_check {
            -MATE + ply as Value
        } else {
            evaluate(position)
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        moves.clear();
        self.order(position, &mut moves, !in_check, None, ply);
        let mut best = stand_pat;
        for next in 0.. {
            let Some(mv) = pick(&mut moves, next) else {
                break;
            };
            if !in_check && !worth_capturing(position, mv, stand_pat, alpha) {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(mv);
            let value = -self.quiesce(&child, -beta, -alpha, ply + 1, limits);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if value >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Appends the legal moves to `moves` (only captures if `captures`),
    /// each with its order key.
    fn order(
        &mut self,
        position: &Position,
        moves: &mut Vec<(Move, Value)>,
        captures: bool,
        table_move: Option<Move>,
        ply: usize,
    ) {
        let mut generated = core::mem::take(&mut self.generated);
        generated.clear();
        if captures {
            position.legal_captures_into(&mut generated);
        } else {
            position.legal_moves_into(&mut generated);
        }
        moves.extend(
            generated
                .iter()
                .map(|&mv| (mv, self.heuristics.score(position, mv, table_move, ply))),
        );
        self.generated = generated;
    }

    /// The value of the current position if it repeats one of the game or
    /// the line with the same side to move: a draw (less the contempt for
    /// the side the search is for), or a loss for the side that gave check
    /// on every move since.
    fn repetition(&self) -> Option<Value> {
        let path = &self.path;
        let now = path.len() - 1;
        let hash = path[now].hash;
        if now < 4 {
            return None;
        }
        let earliest = now.saturating_sub(REPETITION_WINDOW);
        let first = (earliest..=now - 4)
            .rev()
            .step_by(2)
            .find(|&k| path[k].hash == hash)?;
        // Positions after the opponent's moves are now, now - 2, …; after
        // ours now - 1, now - 3, ….
        let checked = |last: usize| (first + 1..=last).rev().step_by(2).all(|k| path[k].check);
        Some(match (checked(now), checked(now - 1)) {
            (true, false) => PERPETUAL,
            (false, true) => -PERPETUAL,
            _ if (now - self.root_index).is_multiple_of(2) => -CONTEMPT,
            _ => CONTEMPT,
        })
    }

    /// Whether a limit is reached; once it is, every node returns at once.
    #[inline]
    fn out_of_budget(&mut self, limits: &Limits) -> bool {
        if self.stopped || !self.can_stop {
            return self.stopped;
        }
        let polled = self.nodes.is_multiple_of(1024)
            && (limits.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || limits.deadline.is_some_and(|d| (d.now)() >= d.at));
        self.stopped = polled || self.nodes >= limits.nodes;
        self.stopped
    }

    /// The best line: `first`, then the table's moves while they are legal
    /// and do not repeat.
    fn principal_variation(&self, root: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut position = root.clone();
        position.play_unchecked(first);
        let mut seen = vec![root.hash(), position.hash()];
        while pv.len() < 32 {
            let Some(mv) = self.table.probe(position.hash()).and_then(|e| e.mv()) else {
                break;
            };
            if !position.is_legal(mv) {
                break;
            }
            position.play_unchecked(mv);
            if seen.contains(&position.hash()) {
                break;
            }
            seen.push(position.hash());
            pv.push(mv);
        }
        pv
    }
}

/// Whether a capture in the quiescence search can matter: not the
/// non-promotion of a piece that could promote, not one that leaves the
/// score below alpha even winning the piece, and not one that loses
/// material in the exchange.
fn worth_capturing(position: &Position, mv: Move, stand_pat: Value, alpha: Value) -> bool {
    let Move::Normal { from, to, promote } = mv else {
        return false;
    };
    let Some(victim) = position.board().piece_at(to).map(|p| p.role) else {
        return false;
    };
    let mover = mover(position, mv);
    if !promote
        && matches!(mover, Role::Pawn | Role::Bishop | Role::Rook)
        && (from.in_enemy_camp(position.turn()) || to.in_enemy_camp(position.turn()))
    {
        return false;
    }
    stand_pat + capture_gain(victim) + 200 >= alpha
        && (capture_gain(victim) >= capture_gain(mover) || see(position, mv) >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(hashes: &[u64], checks: &[bool]) -> Vec<Step> {
        hashes
            .iter()
            .zip(checks)
            .map(|(&hash, &check)| Step { hash, check })
            .collect()
    }

    #[test]
    fn a_repetition_is_a_draw_or_lost_by_the_side_checking_throughout() {
        let mut searcher = Searcher::new(1);
        let hashes = [1, 2, 3, 4, 1];
        searcher.path = path(&hashes, &[false; 5]);
        assert_eq!(
            searcher.repetition(),
            Some(-CONTEMPT),
            "the root side to move"
        );
        searcher.root_index = 1;
        assert_eq!(
            searcher.repetition(),
            Some(CONTEMPT),
            "the opponent to move"
        );
        // The opponent's moves (into positions 2 and 4) all gave check.
        searcher.path = path(&hashes, &[false, false, true, false, true]);
        assert_eq!(searcher.repetition(), Some(PERPETUAL));
        // Ours (into 1 and 3) did.
        searcher.path = path(&hashes, &[false, true, false, true, false]);
        assert_eq!(searcher.repetition(), Some(-PERPETUAL));
        searcher.path = path(&[1, 2, 3, 4, 5], &[false; 5]);
        assert_eq!(searcher.repetition(), None);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mate_in_3_from_root = MATE - 3;
        let at_node = to_table(mate_in_3_from_root, 2);
        assert_eq!(at_node, MATE - 1);
        assert_eq!(from_table(at_node, 2), mate_in_3_from_root);
        assert_eq!(from_table(to_table(-120, 9), 9), -120);
    }

    #[test]
    fn on_a_clock_whose_time_is_lost_unused_it_searches_to_the_deadline() {
        // A clock that moves on a millisecond each time it is read (once
        // per 1,024 nodes and per iteration).
        let ticks = core::cell::Cell::new(0.0);
        let now = || {
            ticks.set(ticks.get() + 1.0);
            ticks.get()
        };
        let position = Position::start();
        let limits = Limits {
            nodes: u64::MAX,
            deadline: Some(Deadline {
                now: &now,
                at: 120.0,
            }),
            soft_deadline: Some(120.0),
            ..Limits::nodes(0)
        };
        let found = Searcher::new(1)
            .run(&position, &[Step::of(&position)], &limits, &mut |_| {})
            .unwrap();
        assert!(ticks.get() >= 120.0, "stopped at {}", ticks.get());
        assert!(position.is_legal(found.pv[0]));
    }

    #[test]
    fn it_finds_the_mate_in_one_and_avoids_being_mated() {
        let mut searcher = Searcher::new(1);
        let position = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let found = searcher
            .run(
                &position,
                &[Step::of(&position)],
                &Limits::nodes(50_000),
                &mut |_| {},
            )
            .unwrap();
        assert_eq!(found.value, MATE - 1);
        assert_eq!(found.pv[0], "G*5b".parse().unwrap());
    }
}
