//! How good a position is for one side: material, officers, and the race
//! to the headquarters. Used on the full positions of sampled worlds, so
//! it may read every kind; averaging over worlds turns it into an
//! expectation over what the side does not know.

use gunjin_rules::{
    BattleResult, Bitboard, ByColor, ByKind, Color, Geometry, Kind, MAX_CAMP, MineRule, Mobility,
    Mode, Position, Rules, Square, StrengthOrder,
};

use crate::KindSet;

/// A won game, in evaluation units (a General is worth about 10).
pub(crate) const WIN: f32 = 1000.0;

/// What each kind is worth under a rule set, by its strength: a standard
/// kind by how many of the mode's standard kinds rank above it (its place
/// in the standard game), a variant kind halfway between the places it
/// falls between; what never moves by what it does to an attacker.
pub(crate) fn values(rules: Rules) -> ByKind<f32> {
    // By strength rank, strongest first: the orders differ only in where
    // the Tank and the Cavalry stand.
    // The Engineer and the Spy, the two weakest, are valued apart.
    const BY_RANK: [f32; StrengthOrder::House.kinds().len() - 2] =
        [10.0, 8.0, 7.0, 6.5, 5.5, 5.0, 4.5, 4.0, 3.5, 3.0, 2.5, 2.0];
    let weakest = BY_RANK.len() - 1;
    let by_rank = |rank: usize| BY_RANK[rank.min(weakest)];
    // A Mine that explodes takes its attacker with it, as a Missile and
    // an Atomic bomb do.
    let mine = |rule: MineRule| match rule {
        MineRule::Stays => 3.0,
        MineRule::Explodes => 2.5,
    };
    let standard = Rules {
        mode: Mode::Standard,
        ..rules
    };
    ByKind::new_with(|kind| match kind {
        Kind::Engineer => 3.0,
        Kind::Spy => 3.5,
        Kind::Mine => mine(rules.mine),
        Kind::Missile | Kind::AtomicBomb => mine(MineRule::Explodes),
        Kind::Flag => 1.0,
        _ => {
            // The standard kinds stronger than this one.
            let rank = rules.rank(kind).unwrap_or(usize::MAX);
            let above = (Mode::Standard.kinds())
                .filter(|&k| rules.rank(k).is_some_and(|r| r < rank))
                .count();
            let value = if standard.rank(kind).is_some() {
                by_rank(above)
            } else {
                // Above the strongest, as far above as the next is below.
                let over = match above {
                    0 => 2.0 * BY_RANK[0] - BY_RANK[1],
                    n => by_rank(n - 1),
                };
                (by_rank(above) + over) / 2.0
            };
            value
                + if kind == Kind::Plane { 0.5 } else { 0.0 }
                + if kind == Kind::Tank && rules.strength == StrengthOrder::Traditional {
                    0.5
                } else {
                    0.0
                }
        }
    })
}

/// Steps between any two nodes, walking as a one-step piece does (the
/// front crossed at the bridges only), whatever stands in the way; and
/// the board's headquarters.
#[derive(Clone, Debug)]
pub(crate) struct Distances {
    steps: Box<[[u8; Square::INDICES]; Square::INDICES]>,
    hqs: ByColor<Square>,
}

/// Steps from every node to `goal`, never through `walls`; passing a node
/// of `costly` takes `detour` steps more (at most 15).
pub(crate) fn steps_to(
    geometry: &Geometry,
    goal: Square,
    walls: Bitboard,
    costly: Bitboard,
    detour: u8,
) -> [u8; Square::INDICES] {
    let mut dist = [u8::MAX; Square::INDICES];
    dist[goal.index()] = 0;
    let mut seen = Bitboard::from_square(goal) | walls;
    let mut frontier = Bitboard::from_square(goal);
    // The costly nodes reached, by the step (modulo 16) they count from.
    let mut later = [Bitboard::EMPTY; 16];
    let mut d = 0usize;
    while !frontier.is_empty() || later.iter().any(|b| !b.is_empty()) {
        d += 1;
        let reached = geometry.steps_of(frontier) - seen;
        seen |= reached;
        let slow = reached & costly;
        later[(d + detour as usize) % 16] |= slow;
        frontier = (reached - slow) | core::mem::take(&mut later[d % 16]);
        for sq in frontier {
            dist[sq.index()] = d.min(u8::MAX as usize) as u8;
        }
    }
    dist
}

impl Distances {
    pub(crate) fn new(rules: Rules) -> Distances {
        let geometry = rules.geometry();
        let mut table = Box::new([[u8::MAX; Square::INDICES]; Square::INDICES]);
        for sq in rules.shape().nodes() {
            let none = Bitboard::EMPTY;
            table[sq.index()] = steps_to(geometry, sq, none, none, 0);
        }
        Distances {
            steps: table,
            hqs: ByColor::new_with(|color| rules.shape().hq(color)),
        }
    }

    /// Steps from `sq` to `color`'s headquarters.
    #[inline]
    pub(crate) fn to(&self, color: Color, sq: Square) -> u8 {
        self.between(self.hqs[color], sq)
    }

    /// Steps from `a` to `b`.
    #[inline]
    pub(crate) fn between(&self, a: Square, b: Square) -> u8 {
        self.steps[a.index()][b.index()]
    }
}

/// The weights of the evaluation; each level may use its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// Per unit of closeness of the best officer to the enemy headquarters.
    pub attack: f32,
    /// Per unit of closeness of the enemy's best officer to ours.
    pub defence: f32,
    /// For a piece standing in the enemy camp (not an officer).
    pub advance: f32,
    /// Having officers left (without one a side cannot win).
    pub officers: f32,
    /// For each of the CPU's own officers, over its worth as a piece. An
    /// officer traded for an enemy piece brings a draw closer (none left
    /// to take the headquarters) more than the piece taken brings a win.
    pub own_officers: f32,
    /// Per step of the CPU's nearest officer towards the enemy
    /// headquarters.
    pub march: f32,
    /// For a Plane or Engineer close to a mined enemy headquarters (full
    /// once the Mine is taken).
    pub clear: f32,
    /// The same for an enemy Mine at the end of a bridge, which shuts that
    /// way in to every officer.
    pub bridges: f32,
    /// For each side, by how few pieces it has that move (at most four).
    pub hunt: f32,
    /// In Classic 25, for each side's pieces next to its own headquarters,
    /// which keep its Marshal from being attacked (the first counts most):
    /// the CPU keeps its Marshal guarded and thins out the enemy's guard.
    pub guard: f32,
    /// Per enemy piece that moves, by how close the nearest of the CPU's
    /// pieces that beat it or fall with it stands, once nothing the CPU
    /// has can take or empty the enemy headquarters (a Mine there, no
    /// Plane or Engineer left): leaving the enemy no legal move is the
    /// only win left.
    pub chase: f32,
    /// Per guard of the enemy headquarters (a piece next to it or in it;
    /// in Classic 25, next to its Marshal), by how close the nearest of
    /// the CPU's pieces that beat it or fall with it stands, growing as
    /// the move limit nears (see [`Evaluator::lateness`]; in Classic 25
    /// in full from the start): its guards must go before an officer can
    /// walk in.
    pub siege: f32,
    /// For the CPU's Spy, by how close it stands to the enemy's pieces it
    /// takes (the General; in Marshal 23 the Marshal too), growing as the
    /// move limit nears: a General that guards the headquarters falls to
    /// the Spy alone.
    pub spy: f32,
}

impl Weights {
    pub(crate) const FULL: Weights = Weights {
        attack: 0.14,
        defence: 0.2,
        advance: 0.15,
        officers: 6.0,
        own_officers: 0.0,
        march: 0.3,
        clear: 0.1,
        // Measured for Hard only (see `search::Style`), which sets its own.
        bridges: 0.0,
        hunt: 2.0,
        guard: 1.0,
        // Measured for Hard only.
        chase: 0.0,
        siege: 0.0,
        spy: 0.0,
    };
}

/// The evaluation of positions for one side.
#[derive(Clone, Debug)]
pub(crate) struct Evaluator {
    pub me: Color,
    pub rules: Rules,
    pub values: ByKind<f32>,
    pub distance: Distances,
    pub weights: Weights,
    /// How pressing the attack is: it grows as the game goes on, so a lead
    /// is turned into a win before the move limit.
    pub urgency: f32,
    /// By officer kind: the movable kinds that stop it (beat it or fall
    /// with it, attacking or attacked).
    pub stoppers: ByKind<KindSet>,
    /// How [`Evaluator::me`]'s officers measure their way to the enemy
    /// headquarters.
    pub way: Way,
    /// By side: its nodes next to the other camp (the ends of the
    /// bridges), where a Mine shuts a way in.
    pub bridge_ends: ByColor<Bitboard>,
    /// How many steps apart the board's far corners are: beyond that a
    /// piece is as far from a headquarters as it gets.
    pub far: u8,
    /// The kinds the Spy takes when it attacks (the Flag aside): the
    /// General, and in Marshal 23 the Marshal too.
    pub spy_prey: KindSet,
    /// Whether each headquarters holds a Marshal that never moves and
    /// that nobody may attack while a piece of its side stands next to
    /// it (Classic 25).
    pub marshal: bool,
}

/// How a side's officers count their steps to the enemy headquarters.
/// Mines and Flags never move and a Mine beats every officer, so a way
/// through them may be no way at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// Straight through every piece: cheap, and blind to a mined bridge.
    Straight,
    /// Round every Mine and Flag on the board.
    RoundFixed,
    /// Round the Flags and its own Mines, and through an enemy Mine (or a
    /// Flag fighting as one) at this many steps more while a Plane or an
    /// Engineer is left to take it (round it when none is), so clearing a
    /// mined bridge or approach shows as progress.
    ClearingMines(u8),
}

/// A side's movable pieces (file, rank, kind), and how many there are.
type Movers = ([(i8, i8, Kind); MAX_CAMP], usize);

/// Closeness to a headquarters `dist` steps away on a board whose far
/// corners are `far` steps apart: 0 that far away, growing fast near it.
#[inline]
fn closeness(dist: u8, far: u8) -> f32 {
    let c = (far - dist.min(far)) as f32;
    c * c
}

/// How close a Plane or an Engineer is to taking a Mine, `files` apart
/// and `steps` away: a Plane flies along its file over anything, an
/// Engineer slides. 0 far away, about 50 next to it.
#[inline]
fn reach(kind: Kind, files: f32, steps: f32) -> f32 {
    let d = if kind == Kind::Plane {
        1.0 + files
    } else {
        0.5 * steps
    };
    let c = 8.0 - d.min(8.0);
    c * c
}

/// The worth of clearing a Mine that shuts a way in, from the `reach` of
/// the nearest Plane or Engineer: full once no such Mine is left, so taking
/// it never looks like a loss, and nothing without a piece to take it.
#[inline]
fn clearing(shut: bool, reach: Option<f32>) -> f32 {
    match (shut, reach) {
        (false, _) => 64.0,
        (true, Some(c)) => 16.0 + 0.75 * c,
        (true, None) => 0.0,
    }
}

impl Evaluator {
    pub(crate) fn new(me: Color, rules: Rules, weights: Weights) -> Evaluator {
        Evaluator {
            me,
            rules,
            values: values(rules),
            distance: Distances::new(rules),
            weights,
            urgency: 1.0,
            stoppers: ByKind::new_with(|officer| {
                if !rules.mobility(officer).moves() {
                    return KindSet::EMPTY;
                }
                KindSet::MOVABLE
                    .iter()
                    .filter(|&k| {
                        rules.battle(k, officer) != Some(BattleResult::DefenderWins)
                            || rules.battle(officer, k) != Some(BattleResult::AttackerWins)
                    })
                    .collect()
            }),
            way: Way::Straight,
            bridge_ends: ByColor::new_with(|color| {
                let (geometry, shape) = (rules.geometry(), rules.shape());
                shape
                    .nodes()
                    .filter(|&sq| {
                        !shape.is_hq(sq)
                            && shape.camp(sq) == color
                            && geometry.steps(sq).any(|n| shape.camp(n) != color)
                    })
                    .collect()
            }),
            far: rules.shape().files + rules.shape().ranks - 2,
            spy_prey: (KindSet::of(rules) & KindSet::MOVABLE)
                .iter()
                .filter(|&k| {
                    k != Kind::Spy && rules.battle(Kind::Spy, k) == Some(BattleResult::AttackerWins)
                })
                .collect(),
            marshal: rules.marshal_stays(),
        }
    }

    /// How many of `color`'s pieces stand next to its own headquarters:
    /// while any does, its Marshal (Classic 25) cannot be attacked.
    #[inline]
    pub(crate) fn guards(&self, pos: &Position, color: Color) -> u32 {
        let hq = self.rules.shape().hq(color);
        (self.rules.geometry().steps(hq) & pos.board().occupied(color)).count()
    }

    /// Steps from every node to the enemy headquarters for
    /// [`Evaluator::me`]'s officers by its [`Way`]; none when straight.
    /// `mines`: the enemy's Mines on the board.
    fn way_to_hq(
        &self,
        pos: &Position,
        mines: Bitboard,
        can_clear: bool,
    ) -> Option<[u8; Square::INDICES]> {
        let board = pos.board();
        let me = self.me;
        let fixed = board.movers(me, Mobility::Fixed) | board.movers(!me, Mobility::Fixed);
        let (walls, costly, detour) = match self.way {
            Way::Straight => return None,
            Way::RoundFixed => (fixed, Bitboard::EMPTY, 0),
            Way::ClearingMines(_) if !can_clear => (fixed, Bitboard::EMPTY, 0),
            Way::ClearingMines(detour) => (fixed - mines, mines, detour),
        };
        let geometry = self.rules.geometry();
        let hq = self.rules.shape().hq(!me);
        Some(steps_to(geometry, hq, walls, costly, detour))
    }

    /// The enemy's pieces that fight as Mines (of a sampled world): its
    /// Mines, and a Flag with a Mine behind it, which stops an officer as
    /// surely and falls to a Plane or an Engineer as a Mine does.
    fn enemy_mines(&self, pos: &Position) -> Bitboard {
        let board = pos.board();
        board
            .movers(!self.me, Mobility::Fixed)
            .filter(|&sq| board.fights_as(self.rules.shape(), sq) == Some(Kind::Mine))
            .collect()
    }

    /// How the officer `kind` of `side` would fare entering the enemy
    /// headquarters now: 1 if it wins the game (the headquarters is empty
    /// or it beats what holds it), less if it only clears it for another
    /// officer (both removed) or falls there.
    #[inline]
    fn through_hq(&self, pos: &Position, side: Color, kind: Kind) -> f32 {
        let hq = self.rules.shape().hq(!side);
        let board = pos.board();
        if self.marshal && self.guards(pos, !side) > 0 {
            // The enemy's Marshal is guarded: the way in opens once its
            // guards are gone.
            return 0.5;
        }
        match board.piece_at(hq) {
            None => 1.0,
            Some(defender) if defender.color == side => 0.3,
            Some(_) => {
                let fights_as = board.fights_as(self.rules.shape(), hq).expect("a defender");
                match self.rules.battle(kind, fights_as) {
                    Some(BattleResult::AttackerWins) => 1.0,
                    Some(BattleResult::BothRemoved) => 0.5,
                    _ => 0.2,
                }
            }
        }
    }

    /// Whether the piece `kind` of `side` would win by entering the enemy
    /// headquarters now.
    #[inline]
    fn enters_hq(&self, pos: &Position, side: Color, kind: Kind) -> bool {
        self.rules.takes_hq(kind) && self.through_hq(pos, side, kind) == 1.0
    }

    /// Whether `side` could win at once by taking the enemy headquarters
    /// with an officer next to it, were it `side`'s move.
    pub(crate) fn threatens_hq(&self, pos: &Position, side: Color) -> bool {
        let hq = self.rules.shape().hq(!side);
        let geometry = self.rules.geometry();
        let board = pos.board();
        (geometry.steps(hq) & board.occupied(side)).any(|sq| {
            board
                .piece_at(sq)
                .is_some_and(|p| self.enters_hq(pos, side, p.kind))
        })
    }

    /// Whether the side to move wins at once by taking the enemy
    /// headquarters.
    #[inline]
    pub(crate) fn can_take_hq(&self, pos: &Position) -> bool {
        self.threatens_hq(pos, pos.turn())
    }

    /// The position's worth for [`Evaluator::me`]; positive is good.
    pub(crate) fn evaluate(&self, pos: &Position) -> f32 {
        if let Some(settled) = self.settled(pos) {
            return settled;
        }
        // The enemy's Mines, and those at the ends of the bridges.
        let enemy_mines = self.enemy_mines(pos);
        let mined_ends = if self.weights.bridges > 0.0 {
            self.bridge_ends[!self.me] & enemy_mines
        } else {
            Bitboard::EMPTY
        };
        let census = self.census(pos, mined_ends);
        let score = ByColor::new_with(|color| {
            self.side_score(pos, &census, color, enemy_mines, mined_ends)
        });
        score[self.me] - score[!self.me]
    }

    /// The worth of a position whose result is settled whatever the
    /// pieces are worth: the side to move takes the headquarters, or
    /// neither side has an officer left (a draw by the rules).
    #[inline]
    fn settled(&self, pos: &Position) -> Option<f32> {
        if self.can_take_hq(pos) {
            return Some(if pos.turn() == self.me {
                WIN * 0.9
            } else {
                -WIN * 0.9
            });
        }
        Color::ALL
            .iter()
            .all(|&c| pos.officers(c) == 0)
            .then_some(0.0)
    }

    /// One pass over the board: each side's material (and its pieces
    /// pressing into the enemy camp), what the other terms count, and its
    /// movable pieces.
    fn census(&self, pos: &Position, mined_ends: Bitboard) -> Census {
        let mut census = Census {
            material: ByColor::default(),
            prey: ByColor::default(),
            spies: ByColor::default(),
            clearer: ByColor::default(),
            end_clearer: None,
            movers: ByColor::new_with(|_| ([(0, 0, Kind::Flag); MAX_CAMP], 0)),
        };
        for color in Color::ALL {
            for (sq, piece) in pos.board().pieces(color) {
                census.material[color] += self.values[piece.kind];
                if self.spy_prey.contains(piece.kind) {
                    census.prey[color] += 1;
                } else if piece.kind == Kind::Spy {
                    census.spies[color] += 1;
                }
                if piece.kind.clears_mine() {
                    self.count_clearer(&mut census, color, sq, piece.kind, mined_ends);
                }
                if self.rules.mobility(piece.kind).moves() {
                    let (list, n) = &mut census.movers[color];
                    list[*n] = (sq.file() as i8, sq.rank() as i8, piece.kind);
                    *n += 1;
                    if !self.rules.takes_hq(piece.kind) && self.rules.shape().camp(sq) != color {
                        census.material[color] += self.weights.advance;
                    }
                }
            }
        }
        census
    }

    /// A Plane or an Engineer of `color` on `sq`: how close it is to a
    /// Mine in the enemy headquarters (a Plane flies at it from file c or
    /// d over anything; an Engineer slides) and, for the CPU's, to the
    /// enemy Mines at the ends of the bridges.
    #[inline]
    fn count_clearer(
        &self,
        census: &mut Census,
        color: Color,
        sq: Square,
        kind: Kind,
        mined_ends: Bitboard,
    ) {
        let files = (sq.file() as f32 - 2.5).abs() - 0.5;
        let steps = self.distance.to(!color, sq) as f32;
        let c = reach(kind, files, steps);
        census.clearer[color] = Some(census.clearer[color].unwrap_or(0.0).max(c));
        if color == self.me {
            for end in mined_ends {
                let files = sq.file().abs_diff(end.file()) as f32;
                let ranks = sq.rank().abs_diff(end.rank()) as f32;
                let c = reach(kind, files, files + ranks);
                census.end_clearer = Some(census.end_clearer.unwrap_or(0.0).max(c));
            }
        }
    }

    /// Everything `color` has: its material, its officers, its pieces that
    /// move, its race to the enemy headquarters and, for the CPU, the pull
    /// forward and the Mines to clear.
    fn side_score(
        &self,
        pos: &Position,
        census: &Census,
        color: Color,
        enemy_mines: Bitboard,
        mined_ends: Bitboard,
    ) -> f32 {
        let mut score = census.material[color];
        // A Spy is worth little once what it takes is gone.
        if census.prey[!color] == 0 {
            score -= census.spies[color] as f32 * (self.values[Kind::Spy] - 0.5);
        }
        // A side left with few pieces that move is close to having no
        // legal move at all, which loses: hunt the last ones down.
        let movable = census.movers[color].1.min(4) as f32;
        score -= self.weights.hunt * (4.0 - movable) * (4.0 - movable);
        if self.marshal {
            const GUARDS: [f32; 4] = [0.0, 4.0, 6.0, 7.0];
            let guards = self.guards(pos, color).min(3) as usize;
            score += self.weights.guard * GUARDS[guards];
        }
        let officers = pos.officers(color);
        score += self.weights.officers * (officers.min(3) as f32).sqrt();
        if color == self.me {
            score += self.weights.own_officers * officers as f32;
        }
        let walled = if color == self.me {
            self.way_to_hq(pos, enemy_mines, census.clearer[color].is_some())
        } else {
            None
        };
        let race = self.race(pos, census, color, walled.as_ref());
        let weight = if color == self.me {
            self.weights.attack * self.urgency
        } else {
            self.weights.defence
        };
        score += weight * (race.best + 0.4 * race.second);
        if color == self.me {
            // A steady pull forward, whatever stands in the way.
            score += self.weights.march * self.urgency * race.nearest;
            score += self.urgency * self.clearing(pos, census, mined_ends);
            if self.weights.chase > 0.0 && self.hq_shut(pos, census) {
                score += self.weights.chase * self.chase(census);
            }
            if self.weights.siege > 0.0 {
                // A Marshal's guards alone keep it: a siege from the start.
                let late = if self.marshal { 1.0 } else { self.lateness() };
                score += self.weights.siege * late * self.siege(pos, census);
            }
            if self.weights.spy > 0.0 && census.spies[color] > 0 {
                score += self.weights.spy * self.lateness() * self.spy_hunt(census);
            }
        }
        score
    }

    /// Whether an enemy Mine holds the enemy headquarters and every piece
    /// [`Evaluator::me`] has that moves loses to it: then no officer can
    /// ever enter. (Only a Mine: a piece that moves may leave, and a
    /// bonus for the enemy stepping in would draw the search to it.)
    fn hq_shut(&self, pos: &Position, census: &Census) -> bool {
        let hq = self.rules.shape().hq(!self.me);
        let board = pos.board();
        let mined = board
            .piece_at(hq)
            .is_some_and(|p| p.color != self.me && p.kind == Kind::Mine);
        let (mine, n) = &census.movers[self.me];
        mined
            && mine[..*n]
                .iter()
                .all(|p| self.rules.battle(p.2, Kind::Mine) == Some(BattleResult::DefenderWins))
    }

    /// How closely the enemy's pieces that move are hunted (see
    /// [`Evaluator::hunted`]).
    fn chase(&self, census: &Census) -> f32 {
        let shape = self.rules.shape();
        let (prey, m) = &census.movers[!self.me];
        let prey = prey[..*m].iter().map(|p| {
            let sq = shape.square(p.0 as u8, p.1 as u8).expect("a node");
            (sq, p.2)
        });
        self.hunted(census, prey)
    }

    /// How late in the game it is: from nothing at the first move to 2 at
    /// the move limit, so a defence that holds its headquarters is broken
    /// before the limit.
    fn lateness(&self) -> f32 {
        self.urgency - 1.0
    }

    /// How closely the guards of the enemy headquarters are hunted (see
    /// [`Evaluator::hunted`]): its neighbours and, but for a Marshal
    /// (Classic 25), what holds it. Once the last is gone an officer next
    /// to the headquarters walks in (or takes the Marshal) and wins.
    fn siege(&self, pos: &Position, census: &Census) -> f32 {
        let board = pos.board();
        let hq = self.rules.shape().hq(!self.me);
        let mut around = self.rules.geometry().steps(hq);
        if !self.marshal {
            around = around.with(hq);
        }
        let guards = (around & board.occupied(!self.me))
            .map(|sq| (sq, board.piece_at(sq).expect("a guard").kind));
        self.hunted(census, guards)
    }

    /// For each of `prey` (a node and the enemy piece on it), how near the
    /// nearest of the CPU's pieces that beats it or falls with it stands
    /// (1 next to it, 0 eight steps away or with none), summed.
    fn hunted(&self, census: &Census, prey: impl Iterator<Item = (Square, Kind)>) -> f32 {
        let stops =
            |hunter, kind| self.rules.battle(hunter, kind) != Some(BattleResult::DefenderWins);
        self.hunted_by(census, prey, stops)
    }

    /// How closely the CPU's Spy hunts the enemy's pieces it takes (see
    /// [`Evaluator::hunted_by`]): the one piece that takes a General that
    /// guards the headquarters or blocks the way in.
    fn spy_hunt(&self, census: &Census) -> f32 {
        let shape = self.rules.shape();
        let (prey, m) = &census.movers[!self.me];
        let prey = (prey[..*m].iter())
            .filter(|p| self.spy_prey.contains(p.2))
            .map(|p| (shape.square(p.0 as u8, p.1 as u8).expect("a node"), p.2));
        self.hunted_by(census, prey, |hunter, _| hunter == Kind::Spy)
    }

    /// For each of `prey`, how near the nearest of the CPU's pieces that
    /// `hunts` it stands (1 next to it, 0 eight steps away or with none),
    /// summed.
    fn hunted_by(
        &self,
        census: &Census,
        prey: impl Iterator<Item = (Square, Kind)>,
        hunts: impl Fn(Kind, Kind) -> bool,
    ) -> f32 {
        let shape = self.rules.shape();
        let node = |p: &(i8, i8, Kind)| shape.square(p.0 as u8, p.1 as u8).expect("a node");
        let (hunters, n) = &census.movers[self.me];
        prey.map(|(sq, kind)| {
            let nearest = hunters[..*n]
                .iter()
                .filter(|h| hunts(h.2, kind))
                .map(|h| self.distance.between(node(h), sq))
                .min()
                .unwrap_or(u8::MAX);
            let c = 8.0 - nearest.min(8) as f32;
            c * c / 49.0
        })
        .sum()
    }

    /// The race to the enemy headquarters: each of `color`'s officers by
    /// how close it is (by `walled`, its way round, if it has one), how
    /// surely it gets through whatever holds the headquarters, and how far
    /// the nearest enemy piece that can stop it stands.
    fn race(
        &self,
        pos: &Position,
        census: &Census,
        color: Color,
        walled: Option<&[u8; Square::INDICES]>,
    ) -> Race {
        let (mine, n) = &census.movers[color];
        let (theirs, m) = &census.movers[!color];
        let mut race = Race::default();
        for &(file, rank, kind) in &mine[..*n] {
            if !self.rules.takes_hq(kind) {
                continue;
            }
            let sq = (self.rules.shape())
                .square(file as u8, rank as u8)
                .expect("a node");
            let dist = match walled {
                Some(steps) => steps[sq.index()],
                None => self.distance.to(!color, sq),
            };
            let mut c = closeness(dist, self.far);
            if c == 0.0 {
                continue;
            }
            let through = self.through_hq(pos, color, kind);
            c *= through;
            race.nearest = race
                .nearest
                .max(through * (self.far - dist.min(self.far)) as f32);
            let stoppers = self.stoppers[kind];
            let nearest = theirs[..*m]
                .iter()
                .filter(|p| stoppers.contains(p.2))
                .map(|p| (p.0 - file).abs() + (p.1 - rank).abs())
                .min()
                .unwrap_or(8);
            c *= 0.3 + 0.7 * nearest.min(8) as f32 / 8.0;
            if c > race.best {
                race.second = race.best;
                race.best = c;
            } else if c > race.second {
                race.second = c;
            }
        }
        race
    }

    /// A Mine in the enemy headquarters stops every officer, and one at
    /// the end of a bridge shuts that way in: the worth (before urgency)
    /// of bringing a Plane or an Engineer to take it out, and keeping one.
    #[inline]
    fn clearing(&self, pos: &Position, census: &Census, mined_ends: Bitboard) -> f32 {
        let me = self.me;
        let mined = pos
            .board()
            .piece_at(self.rules.shape().hq(!me))
            .is_some_and(|p| p.color != me && p.kind == Kind::Mine);
        self.weights.clear * clearing(mined, census.clearer[me])
            + self.weights.bridges * clearing(!mined_ends.is_empty(), census.end_clearer)
    }
}

/// What one pass over the board gathers for [`Evaluator::evaluate`].
struct Census {
    /// By side: its pieces' worth, and its pieces (not officers) in the
    /// enemy camp.
    material: ByColor<f32>,
    /// By side: its pieces of the kinds the Spy takes, and its Spies.
    prey: ByColor<u8>,
    spies: ByColor<u8>,
    /// How close each side's nearest Plane or Engineer is to taking a
    /// Mine in the enemy headquarters; none if it has neither.
    clearer: ByColor<Option<f32>>,
    /// How close the CPU's nearest Plane or Engineer is to taking an enemy
    /// Mine at the end of a bridge.
    end_clearer: Option<f32>,
    /// Every movable piece: where it stands and what it is.
    movers: ByColor<Movers>,
}

/// A side's race to the enemy headquarters (see [`Evaluator::race`]):
/// its best and second-best officers' closeness, and the nearest's steps
/// in, counted by how surely it gets through.
#[derive(Clone, Copy, Debug, Default)]
struct Race {
    best: f32,
    second: f32,
    nearest: f32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::Front;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn a_mine_on_a_bridge_is_a_detour_or_a_wall() {
        let river = Geometry::of(Front::River);
        let hq = Square::hq(Color::North);
        let none = Bitboard::EMPTY;
        let mine = Bitboard::from_square(sq("e5"));
        let straight = steps_to(river, hq, none, none, 0);
        let walled = steps_to(river, hq, mine, none, 0);
        let costly = steps_to(river, hq, none, mine, 4);
        // From e4 over the bridge on file e: 5 steps; round the Mine on
        // e5, over the bridge on file b: 8. Past the bridge nothing
        // changes.
        assert_eq!(straight[sq("e4").index()], 5);
        assert_eq!(walled[sq("e4").index()], 8);
        assert_eq!(walled[sq("b4").index()], straight[sq("b4").index()]);
        assert_eq!(walled[sq("e6").index()], straight[sq("e6").index()]);
        // Through the Mine at 4 steps more: no shorter than round it.
        assert_eq!(costly[sq("e4").index()], 8);
        assert_eq!(costly[sq("e3").index()], walled[sq("e3").index()]);
        // Both bridges mined: no way round, only through a Mine.
        let both = mine | Bitboard::from_square(sq("b5"));
        let shut = steps_to(river, hq, both, none, 0);
        assert_eq!(shut[sq("e4").index()], u8::MAX);
        assert_eq!(shut[sq("e6").index()], straight[sq("e6").index()]);
        assert_eq!(steps_to(river, hq, none, both, 4)[sq("e4").index()], 9);
    }

    #[test]
    fn hard_trades_an_officer_only_at_a_price() {
        // South's Colonel on b4 faces North's Colonel on b5 over the bridge.
        let rules = Rules::KIRAKUKEN;
        let before = crate::testing::position(
            "VCASTN/OPNELT/EYFAJS/PGXMX",
            "EVASCN/OPNTLT/EYFAJS/PGXMX",
            Color::South,
        );
        let mut after = before.clone();
        let trade = after.play_unchecked("b4-b5".parse().expect("a move"));
        assert_eq!(trade, gunjin_rules::Announcement::BothRemoved);
        let cost = |weights: Weights| {
            let eval = Evaluator::new(Color::South, rules, weights);
            eval.evaluate(&before) - eval.evaluate(&after)
        };
        let hard = crate::search::Style::of(crate::Level::Hard).weights;
        let even = cost(Weights {
            own_officers: 0.0,
            ..hard
        });
        // Material and the officer counts even out; its own is dearer.
        assert!(even.abs() < 1.0, "an even trade costs {even}");
        assert!(cost(hard) > even + 0.99 * hard.own_officers);
    }

    #[test]
    fn the_new_kinds_are_worth_their_strength() {
        let eval = |mode| {
            let rules = Rules {
                mode,
                ..Rules::KIRAKUKEN
            };
            Evaluator::new(Color::South, rules, Weights::FULL)
        };
        let (standard, marshal, american) = (
            eval(Mode::Standard),
            eval(Mode::Marshal23),
            eval(Mode::American21),
        );
        assert_eq!(standard.spy_prey, KindSet::single(Kind::General));
        assert_eq!(
            marshal.spy_prey,
            KindSet::single(Kind::General).with(Kind::Marshal)
        );
        // The standard kinds keep their worth; the Marshal is worth more
        // than the General, the Commodore between the Major General and
        // the Plane, the Atomic bomb as a Mine that takes its attacker.
        for kind in Mode::Standard.kinds() {
            assert_eq!(marshal.values[kind], standard.values[kind], "{kind:?}");
        }
        let v = &american.values;
        assert!(v[Kind::Marshal] > v[Kind::General]);
        assert!(v[Kind::MajorGeneral] > v[Kind::Commodore]);
        assert!(v[Kind::Commodore] > v[Kind::Plane] - 0.5);
        assert_eq!(v[Kind::AtomicBomb], values(Rules::TRADITIONAL)[Kind::Mine]);
    }

    #[test]
    fn the_ends_of_the_bridges_face_the_other_camp() {
        let rules = Rules::default();
        let eval = Evaluator::new(Color::South, rules, Weights::FULL);
        let names = |color| -> Vec<String> {
            eval.bridge_ends[color]
                .map(|sq: Square| sq.to_string())
                .collect()
        };
        assert_eq!(names(Color::South), ["b4", "e4"]);
        assert_eq!(names(Color::North), ["b5", "e5"]);
    }

    #[test]
    fn behind_a_mine_it_cannot_clear_hard_hunts_what_moves() {
        // North: a Mine in its headquarters, a Flag before it, its General
        // on a6, the one piece that moves. South: a General on a4 or f4
        // (as far from that headquarters), a Colonel on f1.
        let rules = Rules::KIRAKUKEN;
        let hard = crate::search::Style::of(crate::Level::Hard).weights;
        let eval = Evaluator::new(Color::South, rules, hard);
        let at = |general: &str, extra: &str| -> Position {
            let text = format!("htsrf 2x2/2f3/g5/6/{general}/6/{extra}/4C s");
            text.parse().expect("a position")
        };
        let (near, far) = (at("G5", "6"), at("5G", "6"));
        let shut = |pos: &Position| eval.hq_shut(pos, &eval.census(pos, Bitboard::EMPTY));
        assert!(shut(&near) && shut(&far));
        // An Engineer could take the Mine: the headquarters is not shut.
        assert!(!shut(&at("G5", "5E")));
        // Only the General falls with North's General: the nearer the
        // better.
        let chase = |pos: &Position| eval.chase(&eval.census(pos, Bitboard::EMPTY));
        assert!(chase(&near) > chase(&far) && chase(&far) > 0.0);
        let without = Evaluator::new(Color::South, rules, Weights { chase: 0.0, ..hard });
        let gain = |pos: &Position| eval.evaluate(pos) - without.evaluate(pos);
        assert!(gain(&near) > gain(&far));
    }

    #[test]
    fn in_classic_25_hard_closes_in_on_the_last_guard_of_the_marshal() {
        // North's Marshal has two guards, a Mine on c6 and a Tank on g6.
        // South's Colonel stands next to the Tank or far from it.
        let rules: Rules = "c25-htsrf".parse().expect("a rule code");
        let hard = crate::search::Style::of(crate::Level::Hard).weights;
        let eval = Evaluator::new(Color::South, rules, hard);
        let at = |rank5: &str| -> Position {
            let text = format!("c25-htsrf 2xkt2/{rank5}/9/9/9/2XK1U1 s");
            text.parse().expect("a position")
        };
        let (near, far) = (at("6C2"), at("C8"));
        let siege = |pos: &Position| eval.siege(pos, &eval.census(pos, Bitboard::EMPTY));
        // The Colonel beats the Tank, never the Mine: only the Tank counts.
        assert!(siege(&near) > siege(&far) && siege(&far) > 0.0);
        assert!(siege(&near) <= 1.0 + f32::EPSILON, "{}", siege(&near));
        let without = Evaluator::new(Color::South, rules, Weights { siege: 0.0, ..hard });
        let gain = |pos: &Position| eval.evaluate(pos) - without.evaluate(pos);
        assert!(gain(&near) > gain(&far));
    }

    #[test]
    fn late_in_the_game_hard_closes_in_on_the_guards_of_a_held_headquarters() {
        // North's General holds its headquarters, a Lieutenant on b8 beside
        // it. South's Colonel stands next to the Lieutenant or far from it;
        // South's Spy next to the General or far from it.
        let hard = crate::search::Style::of(crate::Level::Hard).weights;
        let at = |rank8: &str, rank7: &str, rank1: &str| -> Position {
            let text = format!("htsrf {rank8}/{rank7}/6/6/6/6/6/{rank1} s");
            text.parse().expect("a position")
        };
        let eval = |urgency: f32, weights: Weights| {
            let mut eval = Evaluator::new(Color::South, Rules::KIRAKUKEN, weights);
            eval.urgency = urgency;
            eval
        };
        let gain = |urgency: f32, weights: Weights, near: &Position, far: &Position| {
            let e = eval(urgency, weights);
            e.evaluate(near) - e.evaluate(far)
        };
        let no_siege = Weights { siege: 0.0, ..hard };
        let no_spy = Weights { spy: 0.0, ..hard };
        // The Colonel next to the guard it beats, or far off.
        let (near, far) = (at("1ng2", "1C4", "5"), at("1ng2", "6", "C4"));
        let pull =
            |urgency| gain(urgency, hard, &near, &far) - gain(urgency, no_siege, &near, &far);
        assert_eq!(pull(1.0), 0.0, "nothing at the first move");
        assert!(pull(2.0) > 0.0 && pull(3.0) > pull(2.0));
        // The Spy next to the General in the headquarters, or far off.
        let (near, far) = (at("2g2", "2Y3", "5"), at("2g2", "6", "Y4"));
        let pull = |urgency| gain(urgency, hard, &near, &far) - gain(urgency, no_spy, &near, &far);
        assert_eq!(pull(1.0), 0.0);
        assert!(pull(2.0) > 0.0 && pull(3.0) > pull(2.0));
    }

    #[test]
    fn a_plane_flies_and_an_engineer_walks_to_a_mine() {
        // A Plane anywhere on the Mine's file is as close as an Engineer
        // two steps away; an Engineer further away is less close.
        assert_eq!(reach(Kind::Plane, 0.0, 6.0), 49.0);
        assert_eq!(reach(Kind::Engineer, 0.0, 2.0), 49.0);
        assert!(reach(Kind::Engineer, 0.0, 6.0) < reach(Kind::Engineer, 0.0, 4.0));
        // Clearing never looks like a loss, and is worth nothing without
        // a piece to do it.
        assert_eq!(clearing(false, None), 64.0);
        let next_to = reach(Kind::Engineer, 0.0, 1.0);
        assert!(clearing(true, Some(next_to)) < clearing(false, None));
        assert_eq!(clearing(true, None), 0.0);
    }
}
