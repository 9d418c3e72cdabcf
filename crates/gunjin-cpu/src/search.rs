//! Search over sampled worlds (expectimax over belief samples).
//!
//! Each world is a complete game consistent with the CPU's view (see
//! `world.rs`; for Hard, drawn as often as the enemy's stillness makes it
//! likely). In every world each of the CPU's legal moves is played on
//! the full position and searched with alpha-beta to the level's depth,
//! then through the attacks in reach (quiescence), and scored by the
//! evaluation (`eval.rs`). A move's worth is its average over the worlds:
//! the decision is judged only by what the CPU knows. Moves that come out
//! nearly equal are chosen between at random, so the CPU is hard to read.
//!
//! Inside a world the search knows every kind, which would let it plan
//! with knowledge it does not have. Two rules keep it honest. The CPU's
//! own later attacks count only when what it would know by then makes them
//! sure wins (unless its headquarters is under threat and any parry will
//! do). What it would know is its root deduction, narrowed by the battles
//! and moves earlier in the line: so a cheap piece sent first to find out
//! what stands there is worth what the officer behind it then wins. The
//! enemy is assumed to see everything (a cautious assumption), or, for
//! Hard, only in some of the worlds: in the others it too attacks only what
//! its own deduction, from the world's history, makes sure.

use gunjin_rules::{
    Announcement, BattleResult, Game, Kind, MOVE_LIMIT, MineRule, Move, Piece, Position,
    PublicMove, Rules, Shape, Square, View,
};
use rand::Rng;

use crate::belief::{Knowledge, attackers, deduce, deduce_from, defenders};
use crate::eval::{Evaluator, WIN, Way, Weights};
use crate::level::Level;
use crate::slots::PerSlot;
use crate::world::Worlds;
use crate::{Budget, KindSet, baseline};

/// How a level searches and chooses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Plies searched in full: 1 the CPU's move, 2 and the enemy's
    /// reply, 3 and the CPU's next move.
    pub depth: u8,
    /// Plies of attacks searched after that, until the position is quiet.
    pub quiescence: u8,
    /// Worlds searched at least (unless the view has none) and at most.
    pub min_worlds: usize,
    pub max_worlds: usize,
    pub weights: Weights,
    /// Moves whose average is within this of the best are equally good.
    pub window: f32,
    /// Above zero: choose by a softmax of the averages at this temperature.
    pub temperature: f32,
    /// How its officers count their way to the enemy headquarters.
    pub way: Way,
    /// Whether its search learns from the battles of the line it searches
    /// (see [`Searcher::learn`]), or plans only with what it knows at the
    /// root.
    pub learns: bool,
    /// In one world of this many the enemy, in the lines searched, sees
    /// every piece (and attacks whatever it beats); in the others it
    /// attacks only what its own deduction makes sure (see
    /// [`Searcher::theirs`]). 1: it always sees everything.
    pub enemy_sight: usize,
    /// The CPU's kinds the enemy's [`Style::fearless`] kinds attack
    /// whatever they know, in the worlds where the enemy otherwise
    /// attacks only what it is sure of (whenever the attack wins or trades
    /// in that world, so an officer next to an unknown piece is at risk
    /// as often as the CPU's deduction makes that piece one of them).
    pub exposed: KindSet,
    /// The enemy's kinds that attack the [`Style::exposed`] kinds so.
    pub fearless: KindSet,
    /// Whether its worlds make a piece that stood still while it could
    /// move likelier a Mine or the Flag (see
    /// [`crate::belief::Deduction::stillness`]), or weigh every world that
    /// fits the rules alike.
    pub reads_stillness: bool,
    /// Its last this many officers (of Major or above) attack only where
    /// it is sure how the battle ends while the enemy may still have an
    /// officer (see [`Searcher::risks_an_officer`]); 0: any of them may
    /// gamble.
    pub keeps: u8,
    /// Whether its officers leave a piece that may fight as a Mine alone:
    /// to a Plane or an Engineer while it has one, which take a Mine and,
    /// falling to anything else, show there is none; for good (but near
    /// the move limit) once none is left and a Mine takes no officer
    /// with it.
    pub probes_mines: bool,
}

impl Style {
    pub(crate) const fn of(level: Level) -> Style {
        match level {
            Level::Easy => Style::EASY,
            Level::Normal => Style::NORMAL,
            Level::Hard => Style::HARD,
        }
    }

    const EASY: Style = Style {
        depth: 1,
        quiescence: 2,
        min_worlds: 4,
        max_worlds: 8,
        // No pull home: with one, Easy's strongest officer stood
        // idle in its own open headquarters and games ran to the
        // move limit. It still parries a threat one move away.
        weights: Weights {
            defence: 0.0,
            ..Weights::FULL
        },
        window: 0.0,
        temperature: 0.15,
        // Seeing one move ahead, Easy found no way round a Mine or
        // a Flag, and its officers stood behind one (often its own)
        // until the move limit.
        way: Way::RoundFixed,
        learns: false,
        enemy_sight: 1,
        exposed: KindSet::EMPTY,
        fearless: KindSet::EMPTY,
        reads_stillness: false,
        keeps: 0,
        probes_mines: false,
    };

    const NORMAL: Style = Style {
        depth: 2,
        quiescence: 2,
        min_worlds: 6,
        // Gentler than 24 worlds, so Hard stands further above it;
        // Normal still beats Easy by a wide margin.
        max_worlds: 8,
        weights: Weights::FULL,
        window: 0.3,
        temperature: 0.0,
        way: Way::Straight,
        learns: false,
        enemy_sight: 1,
        exposed: KindSet::EMPTY,
        fearless: KindSet::EMPTY,
        reads_stillness: false,
        keeps: 0,
        probes_mines: false,
    };

    /// Hard's settings, each against a way it once failed (the games
    /// behind each are in `docs/notes/gunjin-hard-style.md`).
    const HARD: Style = Style {
        depth: 3,
        quiescence: 4,
        min_worlds: 12,
        max_worlds: 400,
        weights: Weights {
            // The last officers dearer, its own dearer still: without
            // one it cannot take the headquarters.
            officers: 10.0,
            own_officers: 6.0,
            bridges: 0.1,
            // Towards the last enemy pieces.
            chase: 1.5,
            // Towards the guards of the enemy headquarters (a Marshal's
            // at once, elsewhere more as the move limit nears), the Spy
            // towards the General: against a defence that holds its
            // headquarters Hard drew half its games.
            siege: 1.5,
            spy: 4.0,
            ..Weights::FULL
        },
        window: 0.05,
        temperature: 0.0,
        // A Mine on the way is a detour that a Plane or an Engineer clears.
        way: Way::ClearingMines(4),
        // A cheap piece tries an unknown one before an officer does.
        learns: true,
        // The enemy sees a few plies: never (walks into its strength) and
        // always (freezes before every unknown guard) both lost games.
        enemy_sight: 4,
        // A defence at home attacks what comes next to its General.
        exposed: KindSet::OFFICERS,
        fearless: KindSet::single(Kind::General),
        // A piece that never moved is likelier a Mine or the Flag.
        reads_stillness: true,
        // Two officers are kept back from unknown pieces.
        keeps: 2,
        // Unmoved pieces are probed for Mines by what can afford it.
        probes_mines: true,
    };
}

/// When to stop sampling worlds.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Limit {
    /// Exactly this many worlds (deterministic whatever the clock says).
    Worlds(usize),
    /// Until the budget's clock passes its time.
    Time(Budget),
}

/// Whether the move just played took the enemy headquarters.
#[inline]
fn took_hq(shape: &Shape, mv: Move, mover: Piece, announcement: Announcement) -> bool {
    let public = PublicMove {
        side: mover.color,
        mv,
        announcement,
    };
    public.takes_hq(shape, mover.kind)
}

/// The kinds that beat every kind of `set` but the Flag, which fights as
/// the piece behind it (see [`Knows::sure_win`]).
fn beats_all(rules: Rules, set: KindSet) -> KindSet {
    KindSet::MOVABLE
        .iter()
        .filter(|&ours| {
            set.without(Kind::Flag)
                .iter()
                .all(|k| rules.battle(ours, k) == Some(BattleResult::AttackerWins))
        })
        .collect()
}

/// What a move taught the search about one enemy piece, to be forgotten
/// when the search takes the move back: its id, and what it could be and
/// what beat it for sure before.
type Lesson = Option<(usize, KindSet, KindSet)>;

/// What one side knows of the other's pieces, by piece id: the kinds each
/// can be, and the kinds that beat every one of them but the Flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Knows {
    known: PerSlot<KindSet>,
    sure: PerSlot<KindSet>,
}

impl Knows {
    fn new(rules: Rules, known: PerSlot<KindSet>) -> Knows {
        Knows {
            known,
            sure: known.map(|c| beats_all(rules, c)),
        }
    }

    /// Keeps only the kinds of `fits` for the piece `id`; what it knew
    /// before, if that changed anything.
    fn narrow(&mut self, rules: Rules, id: usize, fits: KindSet) -> Lesson {
        let (before, sure) = (self.known[id], self.sure[id]);
        let after = before & fits;
        if after == before {
            return None;
        }
        self.known[id] = after;
        self.sure[id] = beats_all(rules, after);
        Some((id, before, sure))
    }

    /// Whether the `attacker`'s battle with `target` ends one way against
    /// every kind the side that knows this thinks it can be (a possible
    /// Flag, which fights as another piece, aside).
    fn one_result(&self, rules: Rules, attacker: Kind, target: Piece) -> bool {
        let known = self.known[target.id.0 as usize];
        let mut results = known.iter().map(|k| rules.battle(attacker, k));
        let first = results.next();
        !known.contains(Kind::Flag) && results.all(|r| Some(r) == first)
    }

    /// Whether the side that knows this can be sure that its `attacker`
    /// beats the `target` on `to`.
    fn sure_win(
        &self,
        rules: Rules,
        pos: &Position,
        attacker: Kind,
        target: Piece,
        to: Square,
    ) -> bool {
        let id = target.id.0 as usize;
        if !self.sure[id].contains(attacker) {
            return false;
        }
        if !self.known[id].contains(Kind::Flag) {
            return true;
        }
        // A Flag fights as the piece behind it, or as itself alone.
        match pos.board().backer(rules.shape(), to) {
            Some(backing) => self.sure[backing.id.0 as usize].contains(attacker),
            None => {
                let alone = Kind::Flag.fights_as(None);
                rules.battle(attacker, alone) == Some(BattleResult::AttackerWins)
            }
        }
    }
}

/// Moves below the best of a world by more than this are only bounded,
/// not scored exactly: they lose in that world anyway.
const MARGIN: f32 = 25.0;

/// An alpha-beta search of one world's full position.
///
/// The CPU's decision at the root is judged over all worlds. Deeper in the
/// tree the enemy plays as if it saw everything (a cautious assumption),
/// but the CPU does not: its own later attacks are considered only when
/// what it would know by then makes them sure wins, so the search never
/// counts on luck it could not see coming.
struct Searcher {
    eval: Evaluator,
    depth: u8,
    quiescence: u8,
    learns: bool,
    /// See [`Style::exposed`] and [`Style::fearless`].
    exposed: KindSet,
    fearless: KindSet,
    /// See [`Style::keeps`].
    keeps: u8,
    /// See [`Style::probes_mines`].
    probes_mines: bool,
    /// Whether the move limit is far enough off for keeping officers to
    /// matter (see [`Searcher::risks_an_officer`]): its last ones, and any
    /// from what may be a Mine.
    keeping_last: bool,
    keeping: bool,
    /// What the CPU would know of the enemy's pieces at this node of the
    /// line searched.
    ours: Knows,
    /// What the enemy knows of the CPU's pieces in the world searched, if
    /// it attacks only on what it knows; `None`: it sees everything.
    theirs: Option<Knows>,
    /// One move list per ply, reused.
    lists: Vec<Vec<(Move, f32)>>,
    nodes: u64,
    /// The world in progress is abandoned past this many nodes (a fixed
    /// count keeps the search deterministic) …
    node_cap: u64,
    /// … or past this time on the clock, once one world is complete.
    deadline: Option<(fn() -> f64, f64)>,
    aborted: bool,
}

/// In this many plies before the move limit the CPU's officers may
/// attack anything: a draw by the clock is all that keeping them saves.
const LAST_GAMBLES: usize = 30;

/// In this many its last officers may attack a piece that is no Mine
/// without being sure of the battle. A third of the game: from 30 plies,
/// against a defence that holds its headquarters (Defender), its last
/// two officers stood before unknown guards for 200 plies, and 15 moves
/// were too few to break in; sent into a possible Mine so early, they
/// fell to the one in the headquarters.
const LAST_OFFICERS: usize = 100;

/// Nodes one world may take before it is abandoned.
const WORLD_NODES: u64 = 400_000;

impl Searcher {
    /// A search for the level's `style`, from what the CPU knows of each
    /// enemy piece at the root.
    fn new(eval: Evaluator, style: &Style, known: PerSlot<KindSet>) -> Searcher {
        Searcher {
            ours: Knows::new(eval.rules, known),
            theirs: None,
            eval,
            depth: style.depth.max(1),
            quiescence: style.quiescence,
            learns: style.learns,
            exposed: style.exposed,
            fearless: style.fearless,
            keeps: style.keeps,
            probes_mines: style.probes_mines,
            keeping_last: true,
            keeping: true,
            lists: Vec::new(),
            nodes: 0,
            node_cap: 0,
            deadline: None,
            aborted: false,
        }
    }

    /// The evaluation from the side to move's point of view.
    #[inline]
    fn stm_eval(&self, pos: &Position) -> f32 {
        let v = self.eval.evaluate(pos);
        if pos.turn() == self.eval.me { v } else { -v }
    }

    /// The outcome of `mover` attacking `to` in this world.
    #[inline]
    fn battle(&self, pos: &Position, attacker: Kind, to: Square) -> Option<BattleResult> {
        let fights_as = pos.board().fights_as(self.eval.rules.shape(), to)?;
        self.eval.rules.battle(attacker, fights_as)
    }

    /// Narrows what the CPU would know of the enemy piece a move shows
    /// something of: an enemy piece that moves is no Mine or Flag, and a
    /// battle leaves only the kinds that give its announcement.
    fn learn(
        &mut self,
        pos: &Position,
        mv: Move,
        mover: Piece,
        announcement: Announcement,
    ) -> Lesson {
        let board = pos.board();
        let rules = self.eval.rules;
        let (id, fits) = if mover.color == self.eval.me {
            if announcement != Announcement::AttackerRemoved {
                return None;
            }
            let target = board.piece_at(mv.to()).expect("a defender");
            let backing = board
                .backer(rules.shape(), mv.to())
                .map(|p| self.ours.known[p.id.0 as usize]);
            let fits = defenders(rules, mover.kind, announcement, backing);
            (target.id, fits)
        } else {
            let fits = match board.fights_as(rules.shape(), mv.to()) {
                Some(ours) => attackers(rules, ours, announcement),
                None => KindSet::MOVABLE,
            };
            (mover.id, fits)
        };
        self.ours.narrow(rules, id.0 as usize, fits)
    }

    /// Forgets what a move taught, as the search takes it back.
    #[inline]
    fn forget(&mut self, lesson: Lesson) {
        if let Some((id, known, sure)) = lesson {
            self.ours.known[id] = known;
            self.ours.sure[id] = sure;
        }
    }

    /// Fills the list for `ply` with the moves worth searching, best
    /// guesses first. `captures_only`: only attacks (and headquarters
    /// entries), as in the quiescence search.
    fn generate(&mut self, pos: &Position, ply: usize, captures_only: bool, all: bool) {
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(64));
        }
        let mut list = core::mem::take(&mut self.lists[ply]);
        list.clear();
        let side = pos.turn();
        let ours = side == self.eval.me;
        let board = pos.board();
        let enemies = board.occupied(!side);
        let enemy_hq = self.eval.rules.shape().hq(!side);
        let values = &self.eval.values;
        for (from, piece) in board.pieces(side) {
            if !self.eval.rules.mobility(piece.kind).moves() {
                continue;
            }
            for to in pos.destinations(from) {
                let mv = Move::step(from, to);
                let key = if enemies.contains(to) {
                    let target = board.piece_at(to).expect("an enemy");
                    let rules = self.eval.rules;
                    if ours {
                        if !all && !self.ours.sure_win(rules, pos, piece.kind, target, to) {
                            continue;
                        }
                    } else if let Some(theirs) = self.theirs.as_ref().filter(|_| !all) {
                        let sure = theirs.sure_win(rules, pos, piece.kind, target, to);
                        let blind = self.exposed.contains(target.kind)
                            && self.fearless.contains(piece.kind)
                            && self.battle(pos, piece.kind, to) != Some(BattleResult::DefenderWins);
                        if !sure && !blind {
                            continue;
                        }
                    } else if captures_only {
                        // The enemy sees everything: it attacks only to gain.
                        if self.battle(pos, piece.kind, to) == Some(BattleResult::DefenderWins) {
                            continue;
                        }
                    }
                    100.0 + values[target.kind] - values[piece.kind] * 0.1
                } else if to == enemy_hq && self.eval.rules.takes_hq(piece.kind) {
                    1000.0
                } else if captures_only {
                    continue;
                } else {
                    0.0
                };
                list.push((mv, key));
            }
        }
        list.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
        self.lists[ply] = list;
    }

    /// Plays `mv` on a copy; true if it took the enemy headquarters. What
    /// it teaches holds until the search calls [`Searcher::forget`].
    #[inline]
    fn play(&mut self, pos: &Position, mv: Move) -> (Position, bool, Lesson) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            if self.nodes >= self.node_cap {
                self.aborted = true;
            }
            if let Some((now, deadline)) = self.deadline
                && now() > deadline
            {
                self.aborted = true;
            }
        }
        let mover = pos.board().piece_at(mv.from()).expect("a legal move");
        let mut child = pos.clone();
        let announcement = child.play_unchecked(mv);
        let won = took_hq(pos.rules().shape(), mv, mover, announcement);
        let lesson = if won || !self.learns {
            None
        } else {
            self.learn(pos, mv, mover, announcement)
        };
        (child, won, lesson)
    }

    /// The worth of `mv` in the world `pos` for the CPU, within a window
    /// below which it need not be exact.
    fn root(&mut self, pos: &Position, mv: Move, alpha: f32) -> f32 {
        let (child, won, lesson) = self.play(pos, mv);
        if won {
            return WIN;
        }
        let v = -self.negamax(&child, self.depth - 1, 1, -WIN * 2.0, -alpha);
        self.forget(lesson);
        v
    }

    /// Whether `mv` risks an officer (of Major or above) the CPU means to
    /// keep: one of its last ones (see [`Style::keeps`]) sent into an enemy
    /// piece where it cannot be sure how the battle ends while some enemy
    /// piece may still be an officer, for without one the CPU can no
    /// longer take the headquarters and the enemy still can (a sure
    /// result the search weighs as it is: a trade that leaves the enemy
    /// no piece to move wins, and so does any battle the officer cannot
    /// lose with the last piece that may move, see
    /// [`Searcher::ends_the_hunt`]); or, with
    /// [`Style::probes_mines`], any officer sent into a piece that may
    /// fight as a Mine while the CPU has a Plane or an Engineer to find
    /// out, or the Mine would stay. Any parry goes while a piece that may
    /// be an officer stands next to the CPU's headquarters, its last
    /// officers into what is no Mine in the last [`LAST_OFFICERS`] plies,
    /// and anything in the last [`LAST_GAMBLES`].
    fn risks_an_officer(&self, pos: &Position, mv: Move) -> bool {
        let board = pos.board();
        let me = self.eval.me;
        let (Some(mover), Some(target)) = (board.piece_at(mv.from()), board.piece_at(mv.to()))
        else {
            return false;
        };
        if !self.keeping || !self.eval.rules.takes_hq(mover.kind) || target.color == me {
            return false;
        }
        let known = |p: Piece| self.ours.known[p.id.0 as usize];
        let officers = KindSet::officers(self.eval.rules);
        let may_be_officer = |p: Piece| !(known(p) & officers).is_empty();
        let rules = self.eval.rules;
        let hq_guards = rules.geometry().steps(rules.shape().hq(me));
        let threatened = (hq_guards & board.occupied(!me))
            .any(|sq| board.piece_at(sq).is_some_and(may_be_officer));
        let rules = self.eval.rules;
        let sure = self.ours.sure_win(rules, pos, mover.kind, target, mv.to())
            || self.ours.one_result(rules, mover.kind, target)
            || self.ends_the_hunt(pos, mover.kind, target);
        let last = self.keeping_last
            && pos.officers(me) <= self.keeps
            && !sure
            && board.pieces(!me).any(|(_, p)| may_be_officer(p));
        // With no piece left to take it, a Mine that stays shuts the way
        // for good: an officer sent into one is lost for nothing (one
        // that explodes is a trade that opens the way).
        let mined = self.probes_mines
            && (board.pieces(me).any(|(_, p)| p.kind.clears_mine())
                || rules.mine == MineRule::Stays)
            && (known(target).contains(Kind::Mine)
                || known(target).contains(Kind::Flag)
                    && board
                        .backer(rules.shape(), mv.to())
                        .is_some_and(|b| known(b).contains(Kind::Mine)));
        !threatened && (last || mined)
    }

    /// Whether the `attacker` cannot lose against `target`, the one enemy
    /// piece that may still move: winning or falling with it, it leaves
    /// the enemy no legal move, which wins the game.
    fn ends_the_hunt(&self, pos: &Position, attacker: Kind, target: Piece) -> bool {
        let known = |p: Piece| self.ours.known[p.id.0 as usize];
        let rules = self.eval.rules;
        let alone = pos
            .board()
            .pieces(target.color)
            .all(|(_, p)| p.id == target.id || (known(p) & KindSet::MOVABLE).is_empty());
        alone
            && !known(target).contains(Kind::Flag)
            && known(target)
                .iter()
                .all(|k| rules.battle(attacker, k) != Some(BattleResult::DefenderWins))
    }

    /// Negamax with alpha-beta: the worth for the side to move.
    fn negamax(&mut self, pos: &Position, depth: u8, ply: usize, mut alpha: f32, beta: f32) -> f32 {
        if self.aborted {
            return 0.0;
        }
        if depth == 0 {
            return self.quiesce(pos, ply, alpha, beta, self.quiescence);
        }
        if !pos.has_legal_move(pos.turn()) {
            return -WIN;
        }
        // With its headquarters threatened the CPU considers every
        // parry, uncertain attacks on the threat included.
        let emergency = self.eval.threatens_hq(pos, !pos.turn());
        self.generate(pos, ply, false, emergency);
        let list = core::mem::take(&mut self.lists[ply]);
        let mut best = if list.is_empty() {
            self.stm_eval(pos)
        } else {
            -WIN * 2.0
        };
        for &(mv, _) in &list {
            let (child, won, lesson) = self.play(pos, mv);
            let v = if won {
                WIN
            } else {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            };
            self.forget(lesson);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }

    /// Attacks only, until the position is quiet. If the side to move has
    /// its headquarters threatened it may not stand pat: it must find a
    /// move that parries the threat.
    fn quiesce(&mut self, pos: &Position, ply: usize, mut alpha: f32, beta: f32, left: u8) -> f32 {
        if self.aborted {
            return 0.0;
        }
        let stand = self.stm_eval(pos);
        if stand >= WIN * 0.5 {
            return stand;
        }
        if self.eval.threatens_hq(pos, !pos.turn()) {
            // Every move, one ply, judged by the evaluation (which sees an
            // headquarters still open to the enemy).
            self.generate(pos, ply, false, true);
            let list = core::mem::take(&mut self.lists[ply]);
            let mut best = -WIN * 0.9;
            for &(mv, _) in &list {
                let (child, won, lesson) = self.play(pos, mv);
                self.forget(lesson);
                let v = if won { WIN } else { -self.stm_eval(&child) };
                best = best.max(v);
                if best >= beta {
                    break;
                }
            }
            self.lists[ply] = list;
            return best;
        }
        if left == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        self.generate(pos, ply, true, false);
        let list = core::mem::take(&mut self.lists[ply]);
        let mut best = stand;
        for &(mv, _) in &list {
            let (child, won, lesson) = self.play(pos, mv);
            let v = if won {
                WIN
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha, left - 1)
            };
            self.forget(lesson);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// What the search found: each legal move with its average worth over
/// the worlds searched, and the move chosen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// Every legal move and its average worth (a General is about 10; a
    /// won game 1000), best first.
    pub moves: Vec<(Move, f32)>,
    /// How many sampled worlds were searched.
    pub worlds: usize,
    /// Positions visited by the search, over all worlds.
    pub nodes: u64,
    pub chosen: Option<Move>,
}

/// The level's move for the view (which must be on its turn), with the
/// scores behind it: worlds drawn one by one, each searched for every
/// root move, until the limit says enough.
pub(crate) fn analyse<R: Rng>(view: &View, style: &Style, limit: Limit, rng: &mut R) -> Analysis {
    let moves = view.legal_moves();
    if moves.len() <= 1 {
        return Analysis {
            moves: moves.iter().map(|&m| (m, 0.0)).collect(),
            worlds: 0,
            nodes: 0,
            chosen: moves.first().copied(),
        };
    }
    let start = match limit {
        Limit::Time(budget) => (budget.now)(),
        Limit::Worlds(_) => 0.0,
    };
    let Some(known) = Knowledge::of(view) else {
        return Analysis::default();
    };
    let deduction = deduce(view);
    let stillness = if style.reads_stillness {
        deduction.stillness
    } else {
        PerSlot::of(view.rules(), 0.0)
    };
    let mut worlds = Worlds::new(known, &deduction.candidates, stillness, rng);
    let mut searcher = Searcher::for_view(view, style, deduction.candidates);
    let mut root = Root::new(moves);
    let mut attempts = 0;
    while !enough(limit, style, root.searched, attempts, start) {
        let Some(game) = worlds.next(rng) else {
            break;
        };
        attempts += 1;
        searcher.start_world(limit, root.searched, start);
        searcher.theirs =
            (!attempts.is_multiple_of(style.enemy_sight)).then(|| enemy_knows(view, &game));
        root.score_world(&mut searcher, &game);
        if searcher.aborted {
            searcher.aborted = false;
            match limit {
                Limit::Time(_) if searcher.deadline.is_some() => break,
                _ => continue,
            }
        }
        root.count_world();
    }
    root.conclude(view, style, searcher.nodes, rng)
}

/// Whether the search has drawn enough worlds: `attempts` of them with a
/// fixed number, or (by the clock) the level's most, or its least once
/// the time is up.
fn enough(limit: Limit, style: &Style, searched: usize, attempts: usize, start: f64) -> bool {
    match limit {
        Limit::Worlds(n) => attempts >= n,
        Limit::Time(budget) => {
            searched >= style.max_worlds
                || (searched >= style.min_worlds && (budget.now)() - start >= budget.millis)
        }
    }
}

/// What the enemy knows of the CPU's pieces in a sampled world: its own
/// deduction from that world's history, as the CPU deduces from its view.
fn enemy_knows(view: &View, game: &Game) -> Knows {
    let enemy = !view.side();
    let setups = game.setups().expect("a sampled world starts from setups");
    let our_empty: Vec<Square> = setups[view.side()].empty_nodes(view.side()).collect();
    let theirs = deduce_from(Knowledge {
        side: enemy,
        rules: view.rules(),
        first: view.first(),
        own_setup: &setups[enemy],
        enemy_empty: &our_empty,
        history: game.history(),
        outcome: None,
    });
    Knows::new(view.rules(), theirs.candidates)
}

impl Searcher {
    /// The search for the level's `style` on the view: the CPU's
    /// evaluation, pressing harder as the move limit nears, from the
    /// root deduction `known`.
    fn for_view(view: &View, style: &Style, known: PerSlot<KindSet>) -> Searcher {
        let mut eval = Evaluator::new(view.side(), view.rules(), style.weights);
        eval.urgency = 1.0 + view.ply() as f32 / MOVE_LIMIT as f32 * 2.0;
        eval.way = style.way;
        let mut searcher = Searcher::new(eval, style, known);
        searcher.keeping_last = view.ply() + LAST_OFFICERS < MOVE_LIMIT;
        searcher.keeping = view.ply() + LAST_GAMBLES < MOVE_LIMIT;
        searcher
    }

    /// Sets the limits of the next world: a fixed count of nodes, and by
    /// the clock (once one world is complete) the budget overrun by half
    /// at most.
    fn start_world(&mut self, limit: Limit, searched: usize, start: f64) {
        self.node_cap = self.nodes + WORLD_NODES;
        self.deadline = match limit {
            Limit::Time(budget) if searched > 0 => Some((budget.now, start + budget.millis * 1.5)),
            _ => None,
        };
    }
}

/// The CPU's moves at the root, and what the worlds searched so far say
/// of each.
struct Root {
    moves: Vec<Move>,
    /// Indices of the moves in the order of their totals so far: the best
    /// first, so the window prunes the rest.
    order: Vec<usize>,
    totals: Vec<f64>,
    /// What each move leads to (see [`After`]), from the first world.
    after: Vec<After>,
    /// Moves that risk an officer the CPU keeps
    /// ([`Searcher::risks_an_officer`]) count as lost in every world,
    /// unless every move does.
    barred: Vec<bool>,
    /// Each move's worth in the world searched last.
    scores: Vec<f32>,
    /// Worlds searched to the end.
    searched: usize,
}

impl Root {
    fn new(moves: Vec<Move>) -> Root {
        Root {
            order: (0..moves.len()).collect(),
            totals: vec![0.0; moves.len()],
            after: Vec::new(),
            barred: Vec::new(),
            scores: vec![0.0; moves.len()],
            searched: 0,
            moves,
        }
    }

    /// Searches every move in the world `game`, best first.
    fn score_world(&mut self, searcher: &mut Searcher, game: &Game) {
        let pos = game.position();
        if self.after.is_empty() {
            self.after = self.moves.iter().map(|&mv| after_move(game, mv)).collect();
            self.barred = self
                .moves
                .iter()
                .map(|&mv| searcher.risks_an_officer(pos, mv) || wasted_strike(pos, mv))
                .collect();
            if self.barred.iter().all(|&b| b) {
                self.barred.fill(false);
            }
        }
        let mut best = -WIN * 2.0;
        for &i in &self.order {
            let v = if self.after[i].draws {
                0.0
            } else if self.barred[i] {
                -WIN
            } else if self.after[i].drawable {
                searcher.root(pos, self.moves[i], best - MARGIN).min(0.0)
            } else {
                searcher.root(pos, self.moves[i], best - MARGIN)
            };
            best = best.max(v);
            self.scores[i] = v;
        }
    }

    /// Counts the world just searched (it was not abandoned).
    fn count_world(&mut self) {
        for (total, score) in self.totals.iter_mut().zip(&self.scores) {
            *total += *score as f64;
        }
        self.searched += 1;
        let totals = &self.totals;
        self.order.sort_by(|&a, &b| totals[b].total_cmp(&totals[a]));
    }

    /// Each move's average over the worlds, less what going back into a
    /// position seen before costs, and the level's choice among them.
    fn conclude<R: Rng>(self, view: &View, style: &Style, nodes: u64, rng: &mut R) -> Analysis {
        if self.searched == 0 {
            // No world fits the view (it cannot be a real game's): play on
            // without deduction rather than not at all.
            return Analysis {
                moves: Vec::new(),
                worlds: 0,
                nodes,
                chosen: baseline::greedy_move(view, rng),
            };
        }
        let searched = self.searched as f64;
        let averages: Vec<f32> = self
            .totals
            .iter()
            .zip(&self.after)
            .map(|(t, a)| (*t / searched) as f32 - REPEAT_COST * a.repeats.saturating_sub(1) as f32)
            .collect();
        let chosen = self.moves[pick(&averages, style, rng)];
        let mut scored: Vec<(Move, f32)> = self.moves.into_iter().zip(averages).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        Analysis {
            moves: scored,
            worlds: self.searched,
            nodes,
            chosen: Some(chosen),
        }
    }
}

/// Whether `mv` is a strike whose blast holds no enemy piece (which side
/// a node's piece is on is public): it only spends the Missile.
fn wasted_strike(pos: &Position, mv: Move) -> bool {
    mv.is_strike() && {
        let blast = gunjin_rules::strike::blast(pos.rules().shape(), mv.to(), mv.carries_bomb());
        (blast & pos.board().occupied(!pos.turn())).is_empty()
    }
}

/// What a root move leads to, counted in the first world searched (the
/// history, and so the repetitions, are the same in every world).
#[derive(Default)]
struct After {
    /// The game ends drawn at once (repetition, the move limit): worth a
    /// draw in every world.
    draws: bool,
    /// The enemy can then draw by repetition: worth a draw at most, as an
    /// enemy behind takes it (against shufflers Hard drew games it led,
    /// one at ply 27 with every officer on the board).
    drawable: bool,
    /// How often the position after it has occurred: going round in
    /// circles draws a game the CPU could still win.
    repeats: usize,
}

/// What `mv` leads to in `game`.
fn after_move(game: &Game, mv: Move) -> After {
    let mut after = game.clone();
    if after.play(mv).is_err() {
        return After::default();
    }
    After {
        draws: after.outcome().is_some_and(|o| o.winner().is_none()),
        drawable: after.repetition_in_reach(),
        repeats: after.repetitions(),
    }
}

/// What a move back into a position already seen costs.
const REPEAT_COST: f32 = 1.5;

/// The index of the chosen move, by the level's way of choosing.
fn pick<R: Rng>(averages: &[f32], style: &Style, rng: &mut R) -> usize {
    let best = averages.iter().copied().fold(f32::MIN, f32::max);
    if style.temperature > 0.0 {
        let weights: Vec<f64> = averages
            .iter()
            .map(|&a| (((a - best) / style.temperature) as f64).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = rng.random_range(0.0..total);
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        return averages.len() - 1;
    }
    let near: Vec<usize> = (0..averages.len())
        .filter(|&i| averages[i] >= best - style.window)
        .collect();
    near[rng.random_range(0..near.len())]
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::Color;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Any kind of the standard game.
    fn any() -> KindSet {
        KindSet::of(Rules::KIRAKUKEN)
    }

    /// Any kind of the standard game that moves.
    fn movable() -> KindSet {
        KindSet::MOVABLE & any()
    }

    /// South's Engineer on b4 and North's Tank on b5, over the bridge.
    fn facing(first: Color) -> Position {
        crate::testing::position(
            "VEASTN/OPNCLT/EYFAJS/PGXMX",
            "EVASTN/OPNCLT/EYFAJS/PGXMX",
            first,
        )
    }

    #[test]
    fn a_probe_teaches_the_search_what_stands_there_until_taken_back() {
        let rules = Rules::KIRAKUKEN;
        let pos = facing(Color::South);
        let sq = |name: &str| -> Square { name.parse().expect("a node") };
        let at = |name: &str| pos.board().piece_at(sq(name)).expect("a piece");
        let (tank, behind) = (at("b5"), at("b6"));
        assert_eq!((at("b4").kind, tank.kind), (Kind::Engineer, Kind::Tank));

        // The CPU knows that neither piece is the General, and that the one
        // behind (which a Flag would fight as) is nothing a General fears:
        // only whether the Tank is a Mine or a Spy is open.
        let mut known = PerSlot::of(rules, any());
        known[tank.id.0 as usize] = any().without(Kind::General);
        known[behind.id.0 as usize] = any()
            .without(Kind::General)
            .without(Kind::Mine)
            .without(Kind::Spy);
        let style = Style::of(Level::Hard);
        let eval = Evaluator::new(Color::South, rules, style.weights);
        let mut searcher = Searcher::new(eval, &style, known);
        let general_sure =
            |s: &Searcher| s.ours.sure_win(rules, &pos, Kind::General, tank, sq("b5"));
        assert!(!general_sure(&searcher), "it may be a Mine or a Spy");

        // The Engineer attacks and falls: what beats an Engineer is no Mine
        // and no Spy.
        let (_, won, lesson) = searcher.play(&pos, "b4-b5".parse().expect("a move"));
        assert!(!won && lesson.is_some());
        let learnt = searcher.ours.known[tank.id.0 as usize];
        assert!(learnt.contains(Kind::Tank) && !learnt.contains(Kind::Mine));
        assert!(!learnt.contains(Kind::Spy));
        assert!(general_sure(&searcher));

        // Taken back, the move teaches nothing.
        searcher.forget(lesson);
        assert_eq!(searcher.ours.known, known);
        assert!(!general_sure(&searcher));
    }

    /// Hard's search on `text` for South, knowing of each North piece
    /// what `known` says (by the node it stands on; anything elsewhere).
    fn hard_knowing(text: &str, known: &[(&str, KindSet)]) -> (Searcher, Position) {
        let pos: Position = text.parse().expect("a position");
        let mut knows = PerSlot::of(pos.rules(), any());
        for &(node, kinds) in known {
            let piece = pos.board().piece_at(node.parse().expect("a node"));
            knows[piece.expect("a piece").id.0 as usize] = kinds;
        }
        let style = Style::of(Level::Hard);
        let eval = Evaluator::new(Color::South, pos.rules(), style.weights);
        (Searcher::new(eval, &style, knows), pos)
    }

    #[test]
    fn hard_does_not_gamble_its_last_officer_while_the_enemy_has_one() {
        // South's last officer, a Colonel on b4, faces a North piece on
        // b5 that has moved (no Mine, no Flag); North's General is on f8.
        let text = "htsrf 4g/6/6/1n4/1C4/6/6/E3N s";
        let attack: Move = "b4-b5".parse().expect("a move");
        let moved = movable();
        let (hard, pos) = hard_knowing(text, &[("b5", moved)]);
        assert!(hard.risks_an_officer(&pos, attack), "it may be stronger");
        // A piece it surely beats it takes.
        let lieutenant = KindSet::single(Kind::Lieutenant);
        let (hard, pos) = hard_knowing(text, &[("b5", lieutenant)]);
        assert!(!hard.risks_an_officer(&pos, attack));
        // A sure trade the search weighs as it is.
        let colonel = KindSet::single(Kind::Colonel);
        let (hard, pos) = hard_knowing(text, &[("b5", colonel)]);
        assert!(!hard.risks_an_officer(&pos, attack));
        // With no enemy officer left to win with, it may try.
        let no_officer = moved.iter().filter(|k| !k.takes_hq()).collect();
        let no_officers = [("b5", no_officer), ("f8", lieutenant)];
        let (hard, pos) = hard_knowing(text, &no_officers);
        assert!(!hard.risks_an_officer(&pos, attack));
        // With more officers than it keeps, it may try too.
        let (hard, pos) = hard_knowing("htsrf 4g/6/6/1n4/1C4/GLM3/6/E3N s", &[("b5", moved)]);
        assert!(!hard.risks_an_officer(&pos, attack));
        // So it does in the last hundred plies, against a piece that has
        // moved, but not against one that may be a Mine.
        let (mut hard, pos) = hard_knowing(text, &[("b5", moved)]);
        hard.keeping_last = false;
        assert!(!hard.risks_an_officer(&pos, attack));
        let (mut hard, pos) = hard_knowing(text, &[]);
        hard.keeping_last = false;
        assert!(hard.risks_an_officer(&pos, attack), "b5 may be a Mine");
    }

    #[test]
    fn hard_sends_a_plane_or_an_engineer_where_a_mine_may_be() {
        // Four officers, and an Engineer on a5, next to North's b5.
        let text = "htsrf 4g/6/1n4/En4/1C4/GLM3/6/5 s";
        let officer: Move = "b4-b5".parse().expect("a move");
        let engineer: Move = "a5-b5".parse().expect("a move");
        let (hard, pos) = hard_knowing(text, &[]);
        assert!(hard.risks_an_officer(&pos, officer), "b5 may be a Mine");
        assert!(!hard.risks_an_officer(&pos, engineer));
        let (hard, pos) = hard_knowing(text, &[("b5", movable())]);
        assert!(!hard.risks_an_officer(&pos, officer), "b5 has moved");
        // A Flag fights as the piece behind it, which may be a Mine.
        let flag = KindSet::single(Kind::Flag);
        let (hard, pos) = hard_knowing(text, &[("b5", flag)]);
        assert!(hard.risks_an_officer(&pos, officer));
        let (hard, pos) = hard_knowing(text, &[("b5", flag), ("b6", movable())]);
        assert!(!hard.risks_an_officer(&pos, officer));
        // With no Plane or Engineer to find out, a Mine that stays would
        // take the officer for nothing; one that explodes is a trade.
        let (hard, pos) = hard_knowing("htsrf 4g/6/1n4/1n4/1C4/GLM3/6/5 s", &[]);
        assert!(hard.risks_an_officer(&pos, officer));
        let (hard, pos) = hard_knowing("texrt 4g/6/1n4/1n4/1C4/GLM3/6/5 s", &[]);
        assert!(!hard.risks_an_officer(&pos, officer));
        // So it does near the move limit, where a draw is all it keeps.
        let (mut hard, pos) = hard_knowing(text, &[]);
        hard.keeping = false;
        assert!(!hard.risks_an_officer(&pos, officer));
    }

    #[test]
    fn hard_takes_the_last_piece_that_moves_with_an_officer_that_cannot_lose() {
        // North keeps a Mine in its headquarters, a Flag before it and, on
        // b6, a piece that has moved and is no General: South's Lieutenant
        // General on b5 beats it or falls with it, and either way North
        // has no legal move left.
        let text = "htsrf 2x2/2f3/1c4/1L4/6/6/6/4C s";
        let fixed = KindSet::single(Kind::Mine) | KindSet::single(Kind::Flag);
        let no_general = movable().without(Kind::General);
        let known = [("c8", fixed), ("c7", fixed), ("b6", no_general)];
        let attack: Move = "b5-b6".parse().expect("a move");
        let (mut hard, pos) = hard_knowing(text, &known);
        assert!(!hard.risks_an_officer(&pos, attack));
        assert_eq!(hard.root(&pos, attack, -WIN * 2.0), WIN);
        // With the General still possible it may lose: it keeps the officer.
        let (hard, pos) = hard_knowing(text, &[("c8", fixed), ("c7", fixed)]);
        assert!(hard.risks_an_officer(&pos, attack));
        // So it does while another piece may still move.
        let (hard, pos) = hard_knowing(text, &[("c8", fixed), ("b6", no_general)]);
        assert!(hard.risks_an_officer(&pos, attack), "c7 may move");
    }

    #[test]
    fn a_risked_officer_counts_as_lost_in_every_world() {
        // At the start every North piece may be a Mine: South's Colonel on
        // b4 does not attack b5, its Tank on e4 may attack e5.
        let setups = gunjin_rules::ByColor {
            south: "VCASTN/OPNELT/EYFAJS/PGXMX".parse().expect("a setup"),
            north: "EVASTN/OPNCLT/EYFAJS/PGXMX".parse().expect("a setup"),
        };
        let game = Game::new(Rules::KIRAKUKEN, setups, Color::South).expect("a game");
        let mut rng = SmallRng::seed_from_u64(3);
        let style = Style::of(Level::Hard);
        let analysis = analyse(&game.view(Color::South), &style, Limit::Worlds(2), &mut rng);
        let worth = |m: &str| {
            let mv: Move = m.parse().expect("a move");
            analysis
                .moves
                .iter()
                .find(|(m, _)| *m == mv)
                .expect("legal")
                .1
        };
        assert_eq!(worth("b4-b5"), -WIN, "the Colonel into an unknown piece");
        assert!(worth("e4-e5") > -WIN, "the Tank may go");
    }

    #[test]
    fn a_move_that_lets_the_enemy_repeat_a_fourth_time_is_worth_a_draw_at_most() {
        let setups = gunjin_rules::ByColor {
            south: "VCASTN/OPNELT/EYFAJS/PGXMX".parse().expect("a setup"),
            north: "EVASTN/OPNCLT/EYFAJS/PGXMX".parse().expect("a setup"),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).expect("a game");
        let quiet = |game: &Game| {
            let board = game.position().board();
            (game.position().legal_moves().into_iter())
                .find(|mv| !mv.is_strike() && board.piece_at(mv.to()).is_none())
        };
        let back = |mv: Move| Move::step(mv.to(), mv.from());
        // The first battles open the board until both sides can step.
        let (ours, theirs) = loop {
            let mut next = game.clone();
            if let Some(ours) = quiet(&next).filter(|_| next.position().turn() == Color::South) {
                next.play(ours).expect("legal");
                if let Some(theirs) = quiet(&next) {
                    game = next;
                    game.play(theirs).expect("legal");
                    break (ours, theirs);
                }
            }
            let first = game.position().legal_moves()[0];
            game.play(first).expect("legal");
        };
        // Both step back and forth: the position before the first step
        // comes back twice.
        for mv in [back(ours), back(theirs), ours, theirs].repeat(2) {
            game.play(mv).expect("legal");
        }
        assert!(
            after_move(&game, back(ours)).drawable,
            "their step back repeats a fourth time"
        );
        let other = (game.position().legal_moves().into_iter())
            .find(|&mv| mv != back(ours) && game.position().board().piece_at(mv.to()).is_none())
            .expect("another quiet move");
        assert!(!after_move(&game, other).drawable);
        let mut rng = SmallRng::seed_from_u64(3);
        let style = Style::of(Level::Hard);
        let analysis = analyse(&game.view(Color::South), &style, Limit::Worlds(2), &mut rng);
        let worth = analysis
            .moves
            .iter()
            .find(|(m, _)| *m == back(ours))
            .expect("legal")
            .1;
        assert!(worth <= 0.0, "{worth}");
    }

    #[test]
    fn only_the_enemy_general_attacks_an_unknown_officer_beside_it_in_either_camp() {
        // South's Colonel between North's General and its Major General,
        // in North's camp (on b5) or in South's (on b4): knowing nothing
        // of it, only the General attacks, in either camp.
        for (text, general, major_general) in [
            ("htsrf 5/6/1g4/mC4/6/6/6/4N n", "b6-b5", "a5-b5"),
            ("htsrf 5/6/6/1g4/mC4/6/6/4N n", "b5-b4", "a4-b4"),
        ] {
            let (mut hard, pos) = hard_knowing(text, &[]);
            hard.theirs = Some(Knows::new(pos.rules(), PerSlot::of(pos.rules(), any())));
            hard.generate(&pos, 0, true, false);
            let attacks = |m: &str| {
                let mv: Move = m.parse().expect("a move");
                hard.lists[0].iter().any(|&(a, _)| a == mv)
            };
            assert!(attacks(general), "{text}");
            assert!(!attacks(major_general), "{text}");
        }
    }

    #[test]
    fn an_enemy_that_sees_only_its_view_attacks_only_what_it_is_sure_of() {
        let rules = Rules::KIRAKUKEN;
        let pos = facing(Color::North);
        let attack: Move = "b5-b4".parse().expect("a move");
        let engineer = pos.board().piece_at(attack.to()).expect("a piece");
        let style = Style::of(Level::Hard);
        let eval = Evaluator::new(Color::South, rules, style.weights);
        let mut searcher = Searcher::new(eval, &style, PerSlot::of(rules, any()));
        let attacks = |s: &mut Searcher| {
            s.generate(&pos, 0, true, false);
            s.lists[0].iter().any(|&(mv, _)| mv == attack)
        };
        // Seeing everything, the Tank takes the Engineer.
        assert!(attacks(&mut searcher));
        // Knowing nothing of it (a Mine? the General?), it does not.
        searcher.theirs = Some(Knows::new(rules, PerSlot::of(rules, any())));
        assert!(!attacks(&mut searcher));
        // Knowing it is an Engineer or a Spy, it does.
        let mut known = PerSlot::of(rules, any());
        known[engineer.id.0 as usize] =
            KindSet::single(Kind::Engineer) | KindSet::single(Kind::Spy);
        searcher.theirs = Some(Knows::new(rules, known));
        assert!(attacks(&mut searcher));
    }

    /// Hard's search on a Classic 25 position `text` for South, knowing
    /// nothing of North's hidden pieces (but its face-up Marshal).
    fn hard_in_classic_25(text: &str) -> (Searcher, Position) {
        let pos: Position = text.parse().expect("a position");
        let rules = pos.rules();
        let known = PerSlot::of(rules, KindSet::of(rules).without(Kind::Marshal));
        let style = Style::of(Level::Hard);
        let eval = Evaluator::new(Color::South, rules, style.weights);
        (Searcher::new(eval, &style, known), pos)
    }

    #[test]
    fn hard_strikes_where_the_blast_takes_most_and_spares_its_own() {
        // North has three pieces about b4 and one on h4, next to South's
        // Colonel on h3. South's Missile on a1 may strike either.
        let text = "c25-htsrf 2xk2g/1o7/1jt4r1/7C1/G8/I1XK3 s";
        let (mut hard, pos) = hard_in_classic_25(text);
        let legal = pos.legal_moves();
        let worth = |hard: &mut Searcher, mv: &str| {
            let mv: Move = mv.parse().expect("a move");
            assert!(legal.contains(&mv), "{mv} is legal");
            hard.root(&pos, mv, -WIN * 2.0)
        };
        let cluster = worth(&mut hard, "a1*b4");
        let beside_own = worth(&mut hard, "a1*h4");
        let quiet = worth(&mut hard, "a2-b2");
        // Three pieces for the Missile: better than not striking.
        assert!(cluster > quiet + 5.0, "{cluster} vs {quiet}");
        // One piece for the Missile and its own Colonel: worse.
        assert!(beside_own < quiet, "{beside_own} vs {quiet}");
        // Nothing in the blast: barred at the root.
        assert!(wasted_strike(&pos, "a1*e5".parse().expect("a move")));
        assert!(!wasted_strike(&pos, "a1*b4".parse().expect("a move")));
    }

    #[test]
    fn hard_takes_an_unguarded_marshal_and_keeps_its_own_guarded() {
        // South's Colonel on d5 stands next to North's headquarters.
        let unguarded = "c25-htsrf 3k2g/3C5/9/9/G8/2XK3 s";
        let (mut hard, pos) = hard_in_classic_25(unguarded);
        let take: Move = "d5-e6".parse().expect("a move");
        assert!(pos.legal_moves().contains(&take));
        assert_eq!(hard.root(&pos, take, -WIN * 2.0), WIN);
        // A Mine of North's on c6 guards its Marshal: no way in.
        let guarded: Position = "c25-htsrf 2xk2g/3C5/9/9/G8/2XK3 s"
            .parse()
            .expect("a position");
        assert!(!guarded.legal_moves().contains(&take));
        // South's Mine on c1 guards its own; without it, with North's
        // General next to the headquarters, the game is lost.
        let eval = &hard.eval;
        let lost: Position = "c25-htsrf 3k2x/9/9/9/3g4G/3K3 s"
            .parse()
            .expect("a position");
        let safe: Position = "c25-htsrf 3k2x/9/9/9/3g4G/2XK3 n"
            .parse()
            .expect("a position");
        let lost_n: Position = "c25-htsrf 3k2x/9/9/9/3g4G/3K3 n"
            .parse()
            .expect("a position");
        assert!(eval.evaluate(&lost_n) <= -WIN * 0.5);
        assert!(eval.evaluate(&safe) > -WIN * 0.5);
        assert!(eval.guards(&safe, Color::South) == 1 && eval.guards(&lost, Color::South) == 0);
    }

    #[test]
    fn hard_comes_home_before_an_enemy_officer_walks_into_its_open_headquarters() {
        // South's headquarters stands empty; North's Lieutenant General on
        // b3 and South's General on e3 are three steps from it. South's
        // Colonel on a4 could take a Second Lieutenant on a5 meanwhile.
        let text = "htsrf 2x1g/6/6/s5/C5/1l2G1/6/5 s";
        let (mut hard, pos) = hard_knowing(text, &[]);
        let general: Square = "e3".parse().expect("a node");
        let distance = crate::eval::Distances::new(pos.rules());
        let home = |sq: Square| distance.to(Color::South, sq);
        let scored = pos
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, hard.root(&pos, mv, -WIN * 2.0)));
        let mv = scored.max_by(|a, b| a.1.total_cmp(&b.1)).expect("a move").0;
        assert!(
            mv.from() == general && home(mv.to()) < home(general),
            "{mv}"
        );
    }
}
