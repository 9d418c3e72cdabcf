//! Assignments of kinds to the enemy's camp slots: every slot that holds a
//! piece gets a kind it can still be, and every kind is used exactly as
//! often as a camp holds it (a matching between slots and the pieces of a
//! camp). A slot that can be nothing is an empty node (American 21's).

use gunjin_rules::{ByKind, Kind, MAX_CAMP, Rules};
use rand::Rng;

use crate::KindSet;
use crate::slots::PerSlot;

/// A kind for each enemy camp slot (the enemy [`PieceId`](gunjin_rules::PieceId)s),
/// none for an empty node.
pub(crate) type Assignment = PerSlot<Option<Kind>>;

/// How many of each kind the enemy's camp holds under `rules`.
pub(crate) fn camp_counts(rules: Rules) -> ByKind<u8> {
    ByKind::new_with(|kind| rules.count(kind))
}

/// A partial matching grown one slot at a time by augmenting paths.
struct Matcher<'a> {
    counts: &'a ByKind<u8>,
    candidates: &'a PerSlot<KindSet>,
    assigned: [Option<Kind>; MAX_CAMP],
    used: ByKind<u8>,
    /// Slots that try a Mine or the Flag before the movable kinds.
    fixed_first: [bool; MAX_CAMP],
}

impl Matcher<'_> {
    fn new<'a>(counts: &'a ByKind<u8>, candidates: &'a PerSlot<KindSet>) -> Matcher<'a> {
        Matcher {
            counts,
            candidates,
            assigned: [None; MAX_CAMP],
            used: ByKind::default(),
            fixed_first: [false; MAX_CAMP],
        }
    }

    fn set(&mut self, slot: usize, kind: Option<Kind>) {
        if let Some(old) = self.assigned[slot] {
            self.used[old] -= 1;
        }
        if let Some(new) = kind {
            self.used[new] += 1;
        }
        self.assigned[slot] = kind;
    }

    /// Gives `slot` a kind, moving other slots to other kinds if needed
    /// (Kuhn's augmenting path, with each kind a group of `count` units).
    fn place(&mut self, slot: usize, visited: &mut KindSet) -> bool {
        let set = self.candidates[slot];
        let first = if self.fixed_first[slot] {
            set & KindSet::FIXED
        } else {
            KindSet::EMPTY
        };
        for kind in first.iter().chain((set & !first).iter()) {
            if visited.contains(kind) {
                continue;
            }
            visited.insert(kind);
            if self.used[kind] < self.counts[kind] {
                self.set(slot, Some(kind));
                return true;
            }
            for other in 0..self.candidates.len() {
                if other != slot && self.assigned[other] == Some(kind) {
                    self.set(other, None);
                    if self.place(other, visited) {
                        self.set(slot, Some(kind));
                        return true;
                    }
                    self.set(other, Some(kind));
                }
            }
        }
        false
    }

    /// The assignment, once every piece of the camp has its slot.
    fn complete(&self) -> Option<Assignment> {
        let placed: u32 = self.used.0.iter().map(|&n| u32::from(n)).sum();
        let pieces: u32 = self.counts.0.iter().map(|&n| u32::from(n)).sum();
        (placed == pieces).then(|| PerSlot::from_fn(self.candidates.len(), |s| self.assigned[s]))
    }
}

/// One complete assignment within the candidates, if there is any. The
/// slots least likely movable by the log-weights `movable` (see [`Chain`])
/// take a Mine or the Flag first where they can, so a chain started there
/// starts among its likeliest assignments.
pub(crate) fn find(
    counts: &ByKind<u8>,
    candidates: &PerSlot<KindSet>,
    movable: &PerSlot<f32>,
) -> Option<Assignment> {
    let mut matcher = Matcher::new(counts, candidates);
    for (fixed_first, w) in matcher.fixed_first.iter_mut().zip(movable.iter()) {
        *fixed_first = *w < 0.0;
    }
    // The least likely movable first, then the most constrained: fewer
    // detours.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| {
        movable[a]
            .total_cmp(&movable[b])
            .then(candidates[a].len().cmp(&candidates[b].len()))
    });
    for slot in order.into_iter().filter(|&s| !candidates[s].is_empty()) {
        if !matcher.place(slot, &mut KindSet::default()) {
            return None;
        }
    }
    matcher.complete()
}

/// Removes from each slot's candidates the kinds it cannot have in any
/// complete assignment (the camp's piece counts make the slots depend on
/// each other). Returns false if no complete assignment exists at all.
pub(crate) fn restrict_to_counts(counts: &ByKind<u8>, candidates: &mut PerSlot<KindSet>) -> bool {
    let Some(base) = find(counts, candidates, &PerSlot::new(candidates.len(), 0.0)) else {
        return false;
    };
    // `possible[s]`: kinds shown to fit slot s in some complete assignment.
    let mut possible = base.map(|k| k.map_or(KindSet::EMPTY, KindSet::single));
    for slot in 0..candidates.len() {
        for kind in candidates[slot].iter() {
            if possible[slot].contains(kind) {
                continue;
            }
            if let Some(found) = with_slot_as(counts, candidates, &base, slot, kind) {
                for (s, k) in found.iter().enumerate() {
                    if let Some(k) = *k {
                        possible[s].insert(k);
                    }
                }
            }
        }
    }
    for (c, p) in candidates.iter_mut().zip(possible.iter()) {
        *c &= *p;
    }
    true
}

/// A complete assignment with `slot` set to `kind`, found by changing
/// `base` along one alternating path.
fn with_slot_as(
    counts: &ByKind<u8>,
    candidates: &PerSlot<KindSet>,
    base: &Assignment,
    slot: usize,
    kind: Kind,
) -> Option<Assignment> {
    for other in 0..candidates.len() {
        if other == slot || base[other] != Some(kind) {
            continue;
        }
        let mut matcher = Matcher::new(counts, candidates);
        for (s, &k) in base.iter().enumerate() {
            matcher.set(s, k);
        }
        // `slot` takes `other`'s unit of `kind`; `other` must go elsewhere
        // (the unit `slot` gave up is free now).
        matcher.set(slot, Some(kind));
        matcher.set(other, None);
        if matcher.place(other, &mut KindSet::single(kind)) {
            return matcher.complete();
        }
    }
    None
}

/// A Markov chain over complete assignments: each step proposes to swap
/// the kinds of two slots (or rotate three) when every slot still gets a
/// candidate, and takes it by the Metropolis rule, so in the long run each
/// assignment in reach comes up in proportion to its weight: the product,
/// over the slots given a movable kind, of `exp(movable[slot])`.
pub(crate) struct Chain {
    candidates: PerSlot<KindSet>,
    movable: PerSlot<f32>,
    state: Assignment,
    /// Slots with more than one candidate: the only ones that can change.
    open: Vec<usize>,
}

/// Chain steps between two samples.
const STEPS_PER_SAMPLE: usize = 60;
/// Chain steps before the first sample.
const BURN_IN: usize = 400;

impl Chain {
    /// A chain over the assignments within `candidates`, weighted by the
    /// log-weights `movable` (all zero: every assignment equally likely).
    pub(crate) fn new<R: Rng>(
        counts: &ByKind<u8>,
        candidates: &PerSlot<KindSet>,
        movable: PerSlot<f32>,
        rng: &mut R,
    ) -> Option<Chain> {
        let state = find(counts, candidates, &movable)?;
        let open = (0..candidates.len())
            .filter(|&s| candidates[s].len() > 1)
            .collect();
        let mut chain = Chain {
            candidates: *candidates,
            movable,
            state,
            open,
        };
        chain.walk(BURN_IN, rng);
        Some(chain)
    }

    /// The kind an open slot holds now (an open slot is never empty).
    fn kind(&self, slot: usize) -> Kind {
        self.state[slot].expect("an open slot holds a piece")
    }

    fn fits(&self, slot: usize, kind: Kind) -> bool {
        self.candidates[slot].contains(kind)
    }

    /// The log-weight `slot` gains by changing from `from` to `to`.
    fn gain(&self, slot: usize, from: Kind, to: Kind) -> f32 {
        let weight = |k: Kind| {
            if k.is_movable() {
                self.movable[slot]
            } else {
                0.0
            }
        };
        weight(to) - weight(from)
    }

    /// The Metropolis rule: a change that gains is taken, one that loses
    /// `-gain` is taken with chance `exp(gain)`.
    fn takes<R: Rng>(gain: f32, rng: &mut R) -> bool {
        gain >= 0.0 || rng.random::<f32>() < gain.exp()
    }

    fn walk<R: Rng>(&mut self, steps: usize, rng: &mut R) {
        if self.open.len() < 2 {
            return;
        }
        let n = self.open.len();
        for _ in 0..steps {
            let a = self.open[rng.random_range(0..n)];
            let b = self.open[rng.random_range(0..n)];
            let (ka, kb) = (self.kind(a), self.kind(b));
            if ka == kb {
                continue;
            }
            if rng.random_ratio(1, 4) {
                // A rotation of three reaches what no swap can.
                let c = self.open[rng.random_range(0..n)];
                let kc = self.kind(c);
                if kc != ka
                    && kc != kb
                    && self.fits(a, kc)
                    && self.fits(b, ka)
                    && self.fits(c, kb)
                    && Self::takes(
                        self.gain(a, ka, kc) + self.gain(b, kb, ka) + self.gain(c, kc, kb),
                        rng,
                    )
                {
                    self.state[a] = Some(kc);
                    self.state[b] = Some(ka);
                    self.state[c] = Some(kb);
                }
            } else if self.fits(a, kb)
                && self.fits(b, ka)
                && Self::takes(self.gain(a, ka, kb) + self.gain(b, kb, ka), rng)
            {
                self.state.swap(a, b);
            }
        }
    }

    /// The next sample.
    pub(crate) fn sample<R: Rng>(&mut self, rng: &mut R) -> Assignment {
        self.walk(STEPS_PER_SAMPLE, rng);
        self.state
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use gunjin_rules::{Mode, Shape};

    use super::*;

    fn camp() -> Assignment {
        let mut kinds = Vec::new();
        for k in Mode::Standard.kinds() {
            for _ in 0..Mode::Standard.count(k) {
                kinds.push(k);
            }
        }
        PerSlot::from_fn(kinds.len(), |slot| Some(kinds[slot]))
    }

    /// The standard game's kinds.
    fn all() -> KindSet {
        KindSet::of(Rules::KIRAKUKEN)
    }

    /// Each slot holding only its kind in `truth`.
    fn singles(truth: &Assignment) -> PerSlot<KindSet> {
        truth.map(|k| KindSet::single(k.unwrap()))
    }

    /// The standard camp's counts.
    fn counts() -> ByKind<u8> {
        camp_counts(Rules::KIRAKUKEN)
    }

    /// `value` on every slot of a standard camp.
    fn standard<T: Copy>(value: T) -> PerSlot<T> {
        PerSlot::new(Shape::STANDARD.camp_size(), value)
    }

    #[test]
    fn counts_pin_down_the_last_unknowns() {
        let truth = camp();
        // Every slot but two knows its kind; those two may be anything.
        let mut candidates = singles(&truth);
        candidates[0] = all();
        candidates[22] = all();
        assert!(restrict_to_counts(&counts(), &mut candidates));
        assert_eq!(
            candidates[0],
            KindSet::single(truth[0].unwrap()).with(truth[22].unwrap()),
            "slot 0 takes what is left"
        );
        let mut impossible = singles(&truth);
        impossible[0] = KindSet::single(Kind::General);
        impossible[1] = KindSet::single(Kind::General);
        assert!(!restrict_to_counts(&counts(), &mut impossible));
    }

    #[test]
    fn the_chain_keeps_counts_and_candidates() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut candidates = standard(all());
        candidates[5] = KindSet::FIXED & all();
        candidates[6] = KindSet::MOVABLE & all();
        assert!(restrict_to_counts(&counts(), &mut candidates));
        let mut chain = Chain::new(&counts(), &candidates, standard(0.0), &mut rng).unwrap();
        let mut seen = KindSet::EMPTY;
        for _ in 0..200 {
            let a = chain.sample(&mut rng);
            let mut counts = ByKind::<u8>::default();
            for (s, k) in a.iter().enumerate() {
                let k = k.unwrap();
                assert!(candidates[s].contains(k));
                counts[k] += 1;
            }
            assert!(
                Kind::ALL
                    .iter()
                    .all(|&k| counts[k] == Mode::Standard.count(k))
            );
            seen.insert(a[5].unwrap());
        }
        assert_eq!(seen, KindSet::FIXED & all());
    }

    #[test]
    fn the_chain_samples_in_proportion_to_the_weights() {
        let mut rng = SmallRng::seed_from_u64(5);
        let truth = camp();
        let mine = truth.iter().position(|&k| k == Some(Kind::Mine)).unwrap();
        let captain = truth
            .iter()
            .position(|&k| k == Some(Kind::Captain))
            .unwrap();
        // Only these two slots are open: one is a Mine, the other a Captain.
        let mut candidates = singles(&truth);
        let both = KindSet::single(Kind::Mine).with(Kind::Captain);
        candidates[mine] = both;
        candidates[captain] = both;
        // Movable, the first slot is worth a quarter of the second: the
        // Mine stands there four times in five.
        let mut movable = standard(0.0);
        movable[mine] = 0.25f32.ln();
        let mut chain = Chain::new(&counts(), &candidates, movable, &mut rng).unwrap();
        let samples = 4000;
        let there = (0..samples)
            .filter(|_| chain.sample(&mut rng)[mine] == Some(Kind::Mine))
            .count();
        let share = there as f32 / samples as f32;
        assert!((share - 0.8).abs() < 0.03, "the Mine stood there {share}");
        // A chain starts where the weights point: the slot far likelier
        // immovable starts as the Mine, whichever it is.
        for slot in [mine, captain] {
            let mut still = standard(0.0);
            still[slot] = -40.0;
            assert_eq!(
                find(&counts(), &candidates, &still).unwrap()[slot],
                Some(Kind::Mine)
            );
        }
    }
}
