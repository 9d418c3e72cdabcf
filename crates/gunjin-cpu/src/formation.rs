//! The CPU's setups: a library of formations, mirrored at random and
//! varied by random swaps, so no two games start quite alike.
//!
//! Every formation keeps the headquarters shut with a Mine and puts the
//! Flag in front of it (so the Flag fights as that Mine), keeps strong
//! pieces by the bridges and the General and Spy apart from the front.

use gunjin_rules::{CAMP_SIZE, Color, Kind, PartialSetup, Rules, Setup, Square, camp_slot};
use rand::Rng;

/// The formations, as setup text (front rank first, as the owner sees it).
/// All are legal under every placement option.
pub const FORMATIONS: [&str; 8] = [
    "VTANTE/SLPCNS/EYOFJA/PXXMG",
    "TANEVS/LPSCTN/AEYFOJ/MXXPG",
    "ENTVAS/NOPTCL/JAFYSE/PXXGM",
    "SAVTNE/TCPLNA/EJYFOS/GXXPM",
    "NTSAVE/PLNCTO/SJAFYE/XMXGP",
    "ETVNAT/SCLPON/AEFYJS/PXXMG",
    "AVTENS/CNPJLT/SOYFEA/MXXGP",
    "TSEANV/PONLCT/JYSFAE/PGXXM",
];

/// The slot each slot goes to when the camp is mirrored left to right.
const MIRROR: [usize; CAMP_SIZE] = [
    5, 4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6, 17, 16, 15, 14, 13, 12, 22, 21, 20, 19, 18,
];

/// A formation from the library, perhaps mirrored, with a few swaps of
/// movable pieces in the front two ranks.
pub fn formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    let base: Setup = FORMATIONS[rng.random_range(0..FORMATIONS.len())]
        .parse()
        .expect("formations are complete setups");
    let mut slots = *base.slots();
    if rng.random() {
        let original = slots;
        for (slot, &to) in MIRROR.iter().enumerate() {
            slots[to] = original[slot];
        }
    }
    let swaps = rng.random_range(2..=5);
    for _ in 0..swaps {
        // Within the front two ranks (slots 0–11), movable pieces only, so
        // the Mines and the Flag keep guarding the headquarters.
        let a = rng.random_range(0..12);
        let b = rng.random_range(0..12);
        if slots[a].is_movable() && slots[b].is_movable() {
            slots.swap(a, b);
        }
    }
    if rng.random_ratio(1, 3) {
        // Now and then the General or a strong officer trades places with a
        // piece of the second rank from the back.
        let a = rng.random_range(12..18);
        let b = rng.random_range(6..12);
        if slots[a].is_movable() && slots[b].is_movable() {
            slots.swap(a, b);
        }
    }
    legal_or(rules, slots, base)
}

/// A formation with the headquarters left open: the Mine that shuts it
/// trades places with a movable piece of the second or third rank, so an
/// officer can walk in. Easy sets up this way (it is meant to be beaten),
/// and Normal in half its games.
pub fn open_formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    let setup = formation(rules, rng);
    let hq = hq_slot();
    let mut slots = *setup.slots();
    if slots[hq] != Kind::Mine {
        return setup;
    }
    for _ in 0..16 {
        let other = rng.random_range(6..18);
        if slots[other].is_movable() {
            slots.swap(hq, other);
            break;
        }
    }
    legal_or(rules, slots, setup)
}

/// A formation whose General, if it stands in a back corner, moves beside
/// the headquarters: from there it answers an officer or a Plane that
/// breaks in, where from the corner it came too late. Hard sets up this way.
pub fn guarded_formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    let setup = formation(rules, rng);
    let mut slots = *setup.slots();
    let hq = hq_slot();
    for (corner, beside) in [(hq - 2, hq - 1), (hq + 2, hq + 1)] {
        if slots[corner] == Kind::General {
            slots.swap(corner, beside);
        }
    }
    legal_or(rules, slots, setup)
}

/// The setup of `slots` if it is legal under `rules` (a swap may put a
/// piece where an option forbids it), else `fallback`.
fn legal_or(rules: Rules, slots: [Kind; CAMP_SIZE], fallback: Setup) -> Setup {
    match (PartialSetup {
        slots: slots.map(Some),
    })
    .complete()
    {
        Ok(setup) if setup.check(rules).is_ok() => setup,
        _ => fallback,
    }
}

/// The camp slot of the headquarters.
fn hq_slot() -> usize {
    camp_slot(Color::South, Square::SOUTH_HQ).expect("the headquarters is in the camp")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    #[test]
    fn formations_are_legal_and_varied() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut seen = std::collections::HashSet::new();
        for text in FORMATIONS {
            let setup: Setup = text.parse().unwrap();
            setup.check(Rules::TRADITIONAL).unwrap();
        }
        for _ in 0..200 {
            let setup = formation(Rules::TRADITIONAL, &mut rng);
            setup.check(Rules::TRADITIONAL).unwrap();
            seen.insert(setup);
        }
        assert!(seen.len() > 150, "only {} different setups", seen.len());
        for _ in 0..50 {
            let open = open_formation(Rules::TRADITIONAL, &mut rng);
            open.check(Rules::TRADITIONAL).unwrap();
            assert_ne!(open.slots()[hq_slot()], Kind::Mine);
        }
    }

    #[test]
    fn the_guarded_general_stands_beside_the_headquarters() {
        let mut rng = SmallRng::seed_from_u64(3);
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            for _ in 0..100 {
                let setup = guarded_formation(rules, &mut rng);
                setup.check(rules).unwrap();
                let general = setup
                    .slots()
                    .iter()
                    .position(|&k| k == Kind::General)
                    .unwrap();
                assert_eq!(general.abs_diff(hq_slot()), 1, "{setup}");
            }
        }
    }
}
