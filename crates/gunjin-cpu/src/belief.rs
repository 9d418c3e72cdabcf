//! Deduction: what each enemy piece can still be, from one player's view
//! and nothing else.
//!
//! Every piece starts as any kind its camp slot allows. The public history
//! then narrows it down: a piece that moved is no Mine or Flag, and the
//! shape of its move (a flight over pieces, a long slide, a two-node
//! charge) leaves only the kinds that move that way; every battle against
//! one of our pieces, whose kind we know, leaves only the kinds that give
//! the announced result (with the Flag fighting as the piece behind it and
//! the Mine rule of the table); an enemy piece that entered our
//! headquarters without winning is no officer. Finally the camp's piece
//! counts tie the pieces together (if both Mines are placed elsewhere, no
//! other piece is a Mine). Probabilities come from sampling complete
//! assignments of kinds that satisfy all of this and replay the history
//! with exactly the announcements that were made, each as likely as the
//! stillness of its pieces makes it (a piece that could have moved all
//! game and never did is likelier one that cannot, and so is the piece in
//! the headquarters, where players keep a Mine or the Flag).

use gunjin_rules::{
    Announcement, Bitboard, ByKind, Color, Kind, MAX_CAMP, Mobility, Move, Outcome, PieceId,
    PublicBoard, PublicMove, Record, Rules, Setup, Square, View, WinReason, destinations,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::KindSet;
use crate::assignment::{self, Assignment, Chain, camp_counts};
use crate::slots::PerSlot;
use crate::world;

/// What one player can deduce about the enemy's pieces.
///
/// ```
/// use gunjin_cpu::{Belief, KindSet};
/// use gunjin_rules::{Announcement, ByColor, Color, Game, Kind, PieceId, Rules, Template};
///
/// let setups = ByColor { south: Template::ALL[0].setup(), north: Template::ALL[3].setup() };
/// let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
/// // South's Tank on b4 attacks North's Tank on b5: both are removed.
/// assert_eq!(game.play("b4-b5".parse().unwrap()).unwrap(), Announcement::BothRemoved);
/// let belief = Belief::new(&game.view(Color::North));
/// // North knows its own piece was a Tank, so South's attacker (slot 1) was one too.
/// assert_eq!(belief.candidates(PieceId(1)), KindSet::single(Kind::Tank));
/// assert_eq!(belief.most_likely(PieceId(1)), Some(Kind::Tank));
/// // Nothing is known of South's piece on a4 (slot 0) yet; its sampled
/// // probabilities add up to one.
/// assert_eq!(belief.candidates(PieceId(0)), KindSet::of(Rules::KIRAKUKEN));
/// let total: f32 = belief.probabilities(PieceId(0)).0.iter().sum();
/// assert!((total - 1.0).abs() < 1e-3);
/// ```
#[derive(Clone, Debug)]
pub struct Belief {
    side: Color,
    candidates: PerSlot<KindSet>,
    probabilities: PerSlot<ByKind<f32>>,
    samples: usize,
}

/// Complete assignments sampled by [`Belief::new`].
pub const BELIEF_SAMPLES: usize = 256;

impl Belief {
    /// Deduces what each enemy piece can be, and samples
    /// [`BELIEF_SAMPLES`] worlds for the probabilities (seeded from the
    /// view, so the same view always gives the same answer).
    pub fn new(view: &View) -> Belief {
        Belief::with_samples(view, BELIEF_SAMPLES, view_seed(view))
    }

    /// As [`Belief::new`], with a chosen number of samples and seed.
    pub fn with_samples(view: &View, samples: usize, seed: u64) -> Belief {
        let deduction = deduce(view);
        let candidates = deduction.candidates;
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut counts = PerSlot::new(candidates.len(), ByKind::<u32>::default());
        let mut taken = 0;
        let held = camp_counts(view.rules());
        let chain = Chain::new(&held, &candidates, deduction.stillness, &mut rng);
        if let (Some(known), Some(mut chain)) = (Knowledge::of(view), chain) {
            // Assignments that fail the replay (a Flag's backing, the end
            // rules) are rejected; give up after many tries and use the
            // unchecked ones rather than nothing.
            let mut fallback = counts;
            for _ in 0..samples * 8 {
                let a = chain.sample(&mut rng);
                for (slot, kind) in pieces(&a) {
                    fallback[slot][kind] += 1;
                }
                if world::replay(known, &a).is_some() {
                    for (slot, kind) in pieces(&a) {
                        counts[slot][kind] += 1;
                    }
                    taken += 1;
                    if taken == samples {
                        break;
                    }
                }
            }
            if taken == 0 {
                counts = fallback;
            }
        }
        let probabilities = PerSlot::from_fn(candidates.len(), |slot| {
            let c = &counts[slot];
            let total: u32 = c.0.iter().sum();
            if total == 0 {
                // No sample at all: spread over the candidates by count.
                let set = candidates[slot];
                let weight: u32 = set.iter().map(|k| held[k] as u32).sum();
                ByKind::new_with(|k| {
                    if set.contains(k) {
                        held[k] as f32 / weight.max(1) as f32
                    } else {
                        0.0
                    }
                })
            } else {
                ByKind::new_with(|k| c[k] as f32 / total as f32)
            }
        });
        Belief {
            side: view.side(),
            candidates,
            probabilities,
            samples: taken,
        }
    }

    /// The side whose view this is.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The kinds the enemy piece `id` can still be (never empty, and never
    /// missing its true kind).
    pub fn candidates(&self, id: PieceId) -> KindSet {
        self.candidates
            .get(id.0 as usize)
            .copied()
            .unwrap_or(KindSet::EMPTY)
    }

    /// The chance of each kind for the enemy piece `id`, from the sampled
    /// worlds: zero outside its candidates, summing to one.
    pub fn probabilities(&self, id: PieceId) -> ByKind<f32> {
        self.probabilities
            .get(id.0 as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The likeliest kind of the enemy piece `id`.
    pub fn most_likely(&self, id: PieceId) -> Option<Kind> {
        let p = self.probabilities(id);
        self.candidates(id)
            .iter()
            .max_by(|&a, &b| p[a].total_cmp(&p[b]).then(b.cmp(&a)))
    }

    /// How many sampled worlds replayed the history exactly.
    pub fn samples(&self) -> usize {
        self.samples
    }
}

/// The slots of an assignment that hold a piece, with its kind.
fn pieces(a: &Assignment) -> impl Iterator<Item = (usize, Kind)> + '_ {
    a.iter()
        .enumerate()
        .filter_map(|(slot, kind)| Some((slot, (*kind)?)))
}

/// A seed derived from everything public in the view.
pub(crate) fn view_seed(view: &View) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    eat(view.side() as u64);
    eat(view.first() as u64);
    for pm in view.history() {
        eat(pm.mv.from().index() as u64 | (pm.mv.to().index() as u64) << 8);
        eat(match pm.announcement {
            Announcement::Moved => 0,
            Announcement::AttackerRemoved => 1,
            Announcement::DefenderRemoved => 2,
            Announcement::BothRemoved => 3,
            Announcement::Struck(_) => 4 ^ pm.announcement.cleared(pm.mv).bits().rotate_left(3),
        });
    }
    h
}

/// The kinds an enemy piece that attacked our `fights_as` can be, after
/// `announcement`.
pub(crate) fn attackers(rules: Rules, fights_as: Kind, announcement: Announcement) -> KindSet {
    KindSet::MOVABLE
        .iter()
        .filter(|&k| rules.battle(k, fights_as).map(Announcement::of) == Some(announcement))
        .collect()
}

/// The kinds an enemy piece that our `ours` attacked can be, after
/// `announcement`. `backing`: what the enemy piece behind it can be, if
/// there is one; a Flag fights as that piece.
pub(crate) fn defenders(
    rules: Rules,
    ours: Kind,
    announcement: Announcement,
    backing: Option<KindSet>,
) -> KindSet {
    let gives = |k: Kind| rules.battle(ours, k).map(Announcement::of) == Some(announcement);
    let mut fits: KindSet = KindSet::ALL
        .without(Kind::Flag)
        .iter()
        .filter(|&k| gives(k))
        .collect();
    // The piece behind a Flag is never the Flag itself.
    let flag_fits = match backing {
        Some(set) => set
            .without(Kind::Flag)
            .iter()
            .any(|b| gives(Kind::Flag.fights_as(Some(b)))),
        None => gives(Kind::Flag.fights_as(None)),
    };
    if flag_fits {
        fits.insert(Kind::Flag);
    }
    fits
}

/// Each way of moving a piece may have shown.
const MOVERS: [Mobility; 5] = [
    Mobility::Step,
    Mobility::Charge,
    Mobility::Flight,
    Mobility::Slide,
    Mobility::Anywhere,
];

/// The kinds of the game the placement option allows on each of
/// `enemy`'s camp slots, none on a node empty at the `start`: all an enemy
/// piece can be before it has moved or fought.
fn placement_candidates(rules: Rules, start: &PublicBoard, enemy: Color) -> PerSlot<KindSet> {
    let shape = rules.shape();
    let camp = shape.camp_slots();
    PerSlot::from_fn(camp.len(), |slot| {
        if start.at(shape.relative_to(camp[slot], enemy)).is_none() {
            return KindSet::EMPTY;
        }
        // Classic 25's Marshal stands face-up in its headquarters, and
        // nothing else does.
        if let Some(kind) = rules.mode.in_hq() {
            if shape.is_hq(camp[slot]) {
                return KindSet::single(kind);
            }
            return placed(rules, camp[slot]).without(kind);
        }
        placed(rules, camp[slot])
    })
}

/// The kinds of the game the placement option allows on the camp node
/// `sq` (as South's).
fn placed(rules: Rules, sq: Square) -> KindSet {
    KindSet::of(rules)
        .iter()
        .filter(|&kind| rules.placement.check(rules.shape(), kind, sq).is_ok())
        .collect()
}

/// What a player knows for sure: its side, the rules, who moved first, its
/// own setup and the public history. A [`View`] holds all of it; the bot
/// protocol receives it line by line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knowledge<'a> {
    pub side: Color,
    pub rules: Rules,
    pub first: Color,
    pub own_setup: &'a Setup,
    /// The enemy's camp nodes empty at the start ([`View::enemy_empty`]).
    pub enemy_empty: &'a [Square],
    pub history: &'a [PublicMove],
    pub outcome: Option<Outcome>,
}

impl<'a> Knowledge<'a> {
    /// What the view tells for sure; `None` for a game from a position,
    /// since the deduction replays the history from the setups' start.
    pub(crate) fn of(view: &'a View) -> Option<Knowledge<'a>> {
        Some(Knowledge {
            side: view.side(),
            rules: view.rules(),
            first: view.first(),
            own_setup: view.own_setup()?,
            enemy_empty: view.enemy_empty(),
            history: view.history(),
            outcome: view.outcome(),
        })
    }

    /// The board as the player saw it at the start.
    pub(crate) fn start(&self) -> PublicBoard {
        PublicBoard::seen_at_start(self.side, self.own_setup, self.enemy_empty)
    }
}

/// What the public history tells one player of the enemy's pieces (by
/// [`PieceId`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deduction {
    /// The kinds each piece can still be.
    pub candidates: PerSlot<KindSet>,
    /// For each piece that never moved, the log of the chance that it
    /// would have stood still so long were it free to move, if the enemy
    /// moved one of its free pieces at random each turn (0 for the
    /// others). A piece that could have moved all game and never did is
    /// likelier a Mine or the Flag than the counts alone say; as weights
    /// of the sampled worlds (see [`Chain`]) this says how much likelier.
    /// The piece that began in the headquarters starts at
    /// [`HQ_HELD`]'s log, where players keep one.
    pub stillness: PerSlot<f32>,
}

/// What every enemy piece can be, from the view.
pub(crate) fn deduce(view: &View) -> Deduction {
    if let Some(setups) = view.reveal().and_then(Record::setups) {
        let slots = setups[!view.side()].slots();
        return Deduction {
            candidates: PerSlot::from_fn(slots.len(), |slot| {
                slots[slot].map_or(KindSet::EMPTY, KindSet::single)
            }),
            stillness: PerSlot::new(slots.len(), 0.0),
        };
    }
    match Knowledge::of(view) {
        Some(known) => deduce_from(known),
        None => Deduction {
            candidates: PerSlot::of(view.rules(), KindSet::of(view.rules())),
            stillness: PerSlot::of(view.rules(), 0.0),
        },
    }
}

/// What every enemy piece can be, from what the player knows: the public
/// history replayed move by move, each enemy move telling how its piece
/// moves and that the others stood still, each battle what fought.
pub(crate) fn deduce_from(known: Knowledge<'_>) -> Deduction {
    let enemy = !known.side;
    let mut public = known.start();
    let mut candidates = placement_candidates(known.rules, &public, enemy);
    let mut stillness = PerSlot::of(known.rules, 0.0f32);
    let shape = known.rules.shape();
    if let Some(hq) = shape.camp_slot(enemy, shape.hq(enemy)) {
        stillness[hq] = HQ_HELD.ln();
    }
    let mut moved = [false; MAX_CAMP];
    for (ply, pm) in known.history.iter().enumerate() {
        let Some((color, mover)) = public.at(pm.mv.from()) else {
            // Not a history this view could have: deduce nothing more.
            break;
        };
        let stepped = !pm.mv.is_strike();
        if !stepped {
            struck(&known, &public, pm, &mut candidates);
        }
        if color == enemy && stepped {
            let id = mover.0 as usize;
            moved[id] = true;
            stood_still(&known, &public, pm.mv.from(), &moved, &mut stillness);
            candidates[id] &= could_move(&known, &public, pm.mv) & entered_hq(&known, ply, pm);
        }
        if let Some((_, target)) = public.at(pm.mv.to()).filter(|_| stepped) {
            fought(&known, &public, pm, (mover, target), &mut candidates);
        }
        if public.play(*pm).is_none() {
            break;
        }
    }
    let before = candidates;
    if !assignment::restrict_to_counts(&camp_counts(known.rules), &mut candidates) {
        // Only an inconsistent view gets here; keep what the moves said.
        candidates = before;
    }
    Deduction {
        candidates,
        stillness,
    }
}

/// How often a player keeps a piece that could move at home all game on
/// purpose: a guard beside its headquarters, a General held back. As the
/// floor of the stillness weights, 0.1 gave the best log loss of Hard's
/// chance that a piece is a Mine or the Flag (at plies 60, 120, 180 and
/// 240 of its games against Normal, Reckless, Trader and Turtle); but
/// as the weights of every search it cost Hard 6 points against Normal,
/// so only a search whose worlds do not fit otherwise walks by it (see
/// [`crate::world::Worlds::next`]).
const KEPT_HOME: f32 = 0.1;

/// The weight of a piece that moves in the headquarters, against the
/// counts alone: players keep a Mine or the Flag there, as every
/// formation of the library does. By the
/// counts alone, behind guards that never moved (taken for the Mines),
/// Hard held the piece in Turtle's headquarters for one that moves, and
/// its officers stood at the door until the move limit.
const HQ_HELD: f32 = 0.1;

/// The log of the chance that a free piece stands still as long as one
/// did, from `random` (the log of that chance were its side moving one of
/// its free pieces at random each turn): either its side keeps it home
/// (see [`KEPT_HOME`]), or it stood still by chance.
pub(crate) fn kept_home(random: f32) -> f32 {
    (KEPT_HOME + (1.0 - KEPT_HOME) * random.exp()).ln()
}

/// What a strike tells (`shared/RULES.md` §8.2): the piece that fired is a
/// Missile, the piece it carried the Atomic bomb; and of our own strike,
/// whether it collided in the air: then the enemy pieces it cleared are
/// Missiles and those it spared in the blast are none, otherwise no enemy
/// piece it cleared is a Missile.
fn struck(
    known: &Knowledge<'_>,
    public: &PublicBoard,
    pm: &PublicMove,
    candidates: &mut PerSlot<KindSet>,
) {
    let enemy = !known.side;
    let rules = known.rules;
    let (missile, target) = (pm.mv.from(), pm.mv.to());
    let cleared = pm.announcement.cleared(pm.mv);
    let bomb = pm.mv.carries_bomb();
    let mut narrow = |sq: Square, fits: KindSet| {
        if let Some((color, id)) = public.at(sq)
            && color == enemy
        {
            candidates[id.0 as usize] &= fits;
        }
    };
    narrow(missile, KindSet::single(Kind::Missile));
    let blast = gunjin_rules::strike::blast(rules.shape(), target, bomb);
    let mut lifted = Bitboard::from_square(missile);
    if bomb {
        // The bomb stood next to the Missile and left the board with it.
        // Of the striker's pieces there that left, one outside the blast
        // can only be the bomb; one alone is it too.
        let beside: Bitboard = (rules.geometry().steps(missile) & cleared)
            .filter(|&sq| public.at(sq).is_some_and(|(color, _)| color == pm.side))
            .collect();
        let outside = beside - blast;
        let own_kind = |sq: Square| {
            let (_, id) = public.at(sq)?;
            known.own_setup.slots().get(id.0 as usize).copied()?
        };
        let bomb_node = if pm.side == known.side {
            beside
                .into_iter()
                .find(|&sq| own_kind(sq) == Some(Kind::AtomicBomb))
        } else {
            match (outside.count(), beside.count()) {
                (1, _) => outside.into_iter().next(),
                (0, 1) => beside.into_iter().next(),
                _ => None,
            }
        };
        let Some(node) = bomb_node else {
            return;
        };
        narrow(node, KindSet::single(Kind::AtomicBomb));
        lifted.add(node);
    }
    if pm.side != known.side {
        return;
    }
    // Our strike: the pieces in its blast once ours had lifted off, and
    // those it cleared.
    let occupied = public.occupied(enemy) | public.occupied(known.side);
    let in_blast = blast & (occupied - lifted);
    let hit = cleared - lifted;
    let not_missile = !KindSet::single(Kind::Missile);
    if hit != in_blast {
        // A collision: only the enemy Missiles in the blast went up.
        for sq in hit {
            narrow(sq, KindSet::single(Kind::Missile));
        }
        for sq in in_blast - hit {
            narrow(sq, not_missile);
        }
    } else if !(hit & public.occupied(known.side)).is_empty()
        || hit.count() > u32::from(rules.count(Kind::Missile))
    {
        // Everything in the blast went: no Missile of theirs was in it.
        for sq in hit {
            narrow(sq, not_missile);
        }
    }
}

/// An enemy move from `from`: every other enemy piece that could have
/// stepped somewhere and never has moved stood still once more.
fn stood_still(
    known: &Knowledge<'_>,
    public: &PublicBoard,
    from: Square,
    moved: &[bool; MAX_CAMP],
    stillness: &mut PerSlot<f32>,
) {
    let enemy = !known.side;
    let geometry = known.rules.geometry();
    let (own, theirs) = (public.occupied(enemy), public.occupied(known.side));
    // The pieces that could have stepped somewhere (the mover among them,
    // whatever way it moved), and those of them that never have.
    let can_step =
        |sq: Square| !destinations(geometry, enemy, Mobility::Step, sq, own, theirs).is_empty();
    let free: Bitboard = own.without(from).filter(|&sq| can_step(sq)).collect();
    let stood = (1.0 - 1.0 / (free.count() + 1) as f32).ln();
    for sq in free {
        if let Some((_, id)) = public.at(sq)
            && !moved[id.0 as usize]
        {
            stillness[id.0 as usize] += stood;
        }
    }
}

/// The kinds that could have made the enemy move `mv`, by how they move.
fn could_move(known: &Knowledge<'_>, public: &PublicBoard, mv: Move) -> KindSet {
    let enemy = !known.side;
    let geometry = known.rules.geometry();
    let (own, theirs) = (public.occupied(enemy), public.occupied(known.side));
    MOVERS
        .into_iter()
        .map(|mobility| (mobility, KindSet::moving(known.rules, mobility)))
        .filter(|&(mobility, set)| {
            !set.is_empty()
                && destinations(geometry, enemy, mobility, mv.from(), own, theirs).contains(mv.to())
        })
        .fold(KindSet::EMPTY, |could, (_, set)| could | set)
}

/// What an enemy move into our headquarters says of its piece: the kind
/// that won by it on the last move of a game so won, otherwise no officer
/// (the game went on). Any other move says nothing.
fn entered_hq(known: &Knowledge<'_>, ply: usize, pm: &PublicMove) -> KindSet {
    if !pm.enters_hq(known.rules.shape()) {
        return KindSet::ALL;
    }
    match known.outcome {
        Some(Outcome::Win {
            winner,
            reason: WinReason::HeadquartersTaken { by } | WinReason::MarshalTaken { by },
        }) if winner == pm.side && ply + 1 == known.history.len() => KindSet::single(by),
        _ => !KindSet::officers(known.rules),
    }
}

/// A battle between `attacker` and `defender` (by id): the enemy piece in
/// it can only be a kind that gives the announcement. The attacker has
/// left its node when the battle is fought, but the node behind the
/// defender is never the attacker's: only the defender's side backs it.
fn fought(
    known: &Knowledge<'_>,
    public: &PublicBoard,
    pm: &PublicMove,
    (attacker, defender): (PieceId, PieceId),
    candidates: &mut PerSlot<KindSet>,
) {
    let own = |id: PieceId| known.own_setup.slots().get(id.0 as usize).copied()?;
    let behind = public
        .backer(known.rules.shape(), pm.mv.to())
        .map(|(_, id)| id);
    if pm.side != known.side {
        // The enemy attacked one of ours.
        let Some(defender) = own(defender) else {
            return;
        };
        let fights_as = defender.fights_as(behind.and_then(own));
        candidates[attacker.0 as usize] &= attackers(known.rules, fights_as, pm.announcement);
    } else {
        // We attacked one of theirs.
        let Some(ours) = own(attacker) else {
            return;
        };
        let backing = behind.map(|id| candidates[id.0 as usize]);
        candidates[defender.0 as usize] &= defenders(known.rules, ours, pm.announcement, backing);
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Game, Template};

    use super::*;

    /// Two templates facing each other, South to move, before a move.
    fn opening() -> Game {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[3].setup(),
        };
        Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap()
    }

    #[test]
    fn a_piece_that_could_move_and_did_not_grows_still() {
        let mut game = opening();
        let id_on = |game: &Game, name: &str| -> usize {
            let sq: Square = name.parse().unwrap();
            game.position().board().piece_at(sq).unwrap().id.0 as usize
        };
        // South's piece on b4 faces the bridge: free to move all along.
        // The one on a1 is hemmed in by its own pieces, none of which
        // moves.
        let (free, hemmed) = (id_on(&game, "b4"), id_on(&game, "a1"));
        let still = |game: &Game| deduce(&game.view(Color::North)).stillness;
        let mut before = still(&game);
        let hq = Rules::KIRAKUKEN.shape().hq(Color::South);
        let held = id_on(&game, &hq.to_string());
        assert!(
            (0..before.len()).all(|id| before[id] == if id == held { HQ_HELD.ln() } else { 0.0 }),
            "before a move only the headquarters' piece weighs: {before:?}"
        );
        let mut movers = Vec::new();
        for _ in 0..6 {
            // Each side moves a piece from its ranks 3 and 4 but b4.
            let mv = game
                .position()
                .legal_moves()
                .into_iter()
                .find(|mv| {
                    let rank = mv.from().relative_to(game.position().turn()).rank();
                    (rank == 2 || rank == 3) && mv.from() != "b4".parse().unwrap()
                })
                .unwrap();
            if game.position().turn() == Color::South {
                movers.push(id_on(&game, &mv.from().to_string()));
            }
            game.play(mv).unwrap();
            let now = still(&game);
            assert!(now[free] <= before[free]);
            before = now;
        }
        assert!(before[free] < 0.0, "b4 stood still: {}", before[free]);
        assert_eq!(before[hemmed], 0.0, "a1 could not move");
        for id in movers {
            assert_eq!(before[id], 0.0, "piece {id} moved");
        }
    }

    #[test]
    fn the_piece_in_the_headquarters_is_likelier_a_mine_or_the_flag() {
        let game = opening();
        let view = game.view(Color::South);
        let belief = Belief::new(&view);
        let chance = |sq: Square, kinds: &[Kind]| -> f32 {
            let id = view.enemies().iter().find(|e| e.square == sq).unwrap().id;
            kinds.iter().map(|&k| belief.probabilities(id)[k]).sum()
        };
        let held = [Kind::Mine, Kind::Flag];
        // By the counts alone 3 pieces in 23 (13%); as players set up,
        // about half the time; yet no kind is 50% before a move.
        let hq = chance(Square::hq(Color::North), &held);
        assert!((0.4..0.65).contains(&hq), "{hq}");
        for kind in [Kind::Mine, Kind::Flag] {
            assert!(chance(Square::hq(Color::North), &[kind]) < 0.5);
        }
        let front = chance("c6".parse().unwrap(), &held);
        assert!(front < 0.25, "{front}");
    }

    #[test]
    fn a_piece_kept_home_all_game_may_still_be_one_that_moves() {
        // A piece that moved, or never could have, weighs as it did.
        assert_eq!(kept_home(0.0), 0.0);
        // One that stood still a while weighs about as by chance …
        let while_ = (0.5f32).ln();
        assert!((kept_home(while_) - (0.1f32 + 0.9 * 0.5).ln()).abs() < 1e-6);
        // … and one that stood still all game (a chance of e^-50 were it
        // moved at random) as a piece kept home on purpose: a General
        // guarding its headquarters is not sure to be a Mine.
        let all_game = kept_home(-50.0);
        assert!((all_game - KEPT_HOME.ln()).abs() < 1e-6, "{all_game}");
        assert!(kept_home(-5.0) > all_game && kept_home(-5.0) < while_);
    }
}
