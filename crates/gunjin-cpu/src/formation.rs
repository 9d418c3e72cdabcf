//! The CPU's setups: a library of formations for each mode, mirrored at
//! random and varied by random swaps, so no two games start quite alike.
//! In a mode without formations yet, the CPU sets up at random.
//!
//! Every formation keeps the headquarters shut with a Mine and puts the
//! Flag in front of it (so the Flag fights as that Mine), keeps strong
//! pieces by the bridges and the General and Spy apart from the front.

use core::ops::Range;

use gunjin_rules::{ByKind, Color, Kind, Mode, PartialSetup, Rules, Setup, Shape, Template};
use rand::Rng;

/// The standard board's formations, as setup text (front rank first, as
/// the owner sees it). All are legal under every placement option.
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

/// Classic 25's formations on its 9x6 board (front rank first, as the
/// owner sees it; the back rank's `K` is the Marshal in its headquarters).
/// Both Mines guard it from the back rank's corners of the headquarters
/// (`c1`, `g1`), a Missile and the Atomic bomb it may carry from in front
/// of it: pieces that never move keep the Marshal guarded, and a strike at
/// the nodes before it collides with that Missile. The General stands
/// beside them, strong pieces at the three bridges. Legal under every
/// placement option.
pub const CLASSIC_25_FORMATIONS: [&str; 3] = [
    "ECTJLZTOE/RZOGIUYMR/ECXKXJI",
    "TCEOLJEZT/RJZGIUMYR/EOXKXCI",
    "EJTCLOTZE/RZCUIGYMR/EOXKXJI",
];

/// Classic 25's formations as setups.
fn classic_25_library() -> Vec<Setup> {
    CLASSIC_25_FORMATIONS
        .iter()
        .map(|text| text.parse().expect("formations are setups"))
        .collect()
}

/// The formations of `rules`' mode: ours, fitted to the mode's pieces on
/// the standard board (the rules crate's named ones, [`Template::of`], if
/// none fits the placement option); none for Classic 25, where only
/// [`guarded_formation`] draws from its own.
fn library(rules: Rules) -> Vec<Setup> {
    let ours = FORMATIONS
        .iter()
        .map(|text| text.parse().expect("formations are setups"));
    match rules.mode {
        Mode::Standard => ours.collect(),
        Mode::Marshal23 | Mode::American21 => {
            let fitted: Vec<Setup> = ours
                .filter_map(|base| fitted(rules, base).complete(rules).ok())
                .collect();
            if fitted.is_empty() {
                Template::of(rules.mode).iter().map(|t| t.setup()).collect()
            } else {
                fitted
            }
        }
        Mode::Classic25 => Vec::new(),
    }
}

/// `base`, a standard formation, fitted to the pieces of `rules`' mode:
/// each piece beyond its kind's count there gives its node to a kind the
/// mode has more of (in the kinds' order), or leaves it empty (American
/// 21's two nodes), so the formation keeps its Mines and its Flag.
fn fitted(rules: Rules, base: Setup) -> PartialSetup {
    let mut setup = PartialSetup::from(base);
    let mut placed = ByKind::<u8>::default();
    let mut free = Vec::new();
    for (slot, kind) in setup.slots().iter().enumerate() {
        match *kind {
            Some(k) if placed[k] < rules.count(k) => placed[k] += 1,
            Some(_) => free.push(slot),
            None => {}
        }
    }
    let mut missing = rules
        .mode
        .kinds()
        .flat_map(|k| core::iter::repeat_n(k, usize::from(rules.count(k) - placed[k])));
    for slot in free {
        setup.slots_mut()[slot] = missing.next();
    }
    setup
}

/// A formation from the library of the mode `rules` are played in,
/// perhaps mirrored, with a few swaps of movable pieces in the front two
/// ranks; a random setup in a mode without formations.
pub fn formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    varied(rules, &library(rules), rng)
}

/// One of `formations`, perhaps mirrored, with a few swaps of movable
/// pieces in the front two ranks; a random setup if there is none.
fn varied<R: Rng + ?Sized>(rules: Rules, formations: &[Setup], rng: &mut R) -> Setup {
    let shape = rules.shape();
    if formations.is_empty() {
        return Setup::random(rules, rng);
    }
    let base = formations[rng.random_range(0..formations.len())];
    let mut setup = PartialSetup::from(base);
    if rng.random() {
        setup = mirrored(shape, setup);
    }
    let ranks = rank_slots(shape);
    let slots = setup.slots_mut();
    let movable = |kind: Option<Kind>| kind.is_some_and(Kind::is_movable);
    let swaps = rng.random_range(2..=5);
    for _ in 0..swaps {
        // Within the front two ranks, movable pieces only, so the Mines and
        // the Flag keep guarding the headquarters.
        let front = ranks[0].start..ranks[1].end;
        let a = rng.random_range(front.clone());
        let b = rng.random_range(front);
        if movable(slots[a]) && movable(slots[b]) {
            slots.swap(a, b);
        }
    }
    if rng.random_ratio(1, 3) {
        // Now and then the General or a strong officer trades places with a
        // piece of the second rank from the back.
        let a = rng.random_range(ranks[ranks.len() - 2].clone());
        let b = rng.random_range(ranks[1].clone());
        if movable(slots[a]) && movable(slots[b]) {
            slots.swap(a, b);
        }
    }
    legal_or(rules, setup, base)
}

/// A formation with the headquarters left open: the Mine that shuts it
/// trades places with a movable piece of the ranks between the front and
/// the back, so an officer can walk in. Easy sets up this way (it is meant
/// to be beaten), and Normal in half its games.
pub fn open_formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    let setup = formation(rules, rng);
    let shape = rules.shape();
    let hq = hq_slot(shape);
    let ranks = rank_slots(shape);
    let mut open = PartialSetup::from(setup);
    let slots = open.slots_mut();
    if slots[hq] != Some(Kind::Mine) {
        return setup;
    }
    for _ in 0..16 {
        let other = rng.random_range(ranks[1].start..ranks[ranks.len() - 2].end);
        if slots[other].is_some_and(Kind::is_movable) {
            slots.swap(hq, other);
            break;
        }
    }
    legal_or(rules, open, setup)
}

/// A formation whose General, if it stands in a back corner, moves beside
/// the headquarters: from there it answers an officer or a Plane that
/// breaks in, where from the corner it came too late. Turtle sets up this
/// way, and Hard on top of it ([`striking_formation`]); in Classic 25 from
/// [`CLASSIC_25_FORMATIONS`], which the other levels do not use (they set
/// up at random there).
pub fn guarded_formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    if rules.mode == Mode::Classic25 {
        return varied(rules, &classic_25_library(), rng);
    }
    let setup = formation(rules, rng);
    let hq = hq_slot(rules.shape());
    let mut guarded = PartialSetup::from(setup);
    let slots = guarded.slots_mut();
    for (corner, beside) in [(hq - 2, hq - 1), (hq + 2, hq + 1)] {
        if slots[corner] == Some(Kind::General) {
            slots.swap(corner, beside);
        }
    }
    legal_or(rules, guarded, setup)
}

/// A guarded formation ([`guarded_formation`]) with a Plane on a file of
/// the headquarters, between the front and the back rank: from there it
/// flies into the enemy headquarters on its first move, and a Mine there
/// (which, where Mines stay, shuts out every officer for good) is gone
/// before the guards can crowd round it. Hard sets up this way.
pub fn striking_formation<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Setup {
    let setup = guarded_formation(rules, rng);
    let shape = rules.shape();
    let camp = shape.camp_slots();
    let ranks = rank_slots(shape);
    let [first, last] = shape.hq_span;
    let on_hq_files = |slot: usize| (first..=last).contains(&camp[slot].file());
    let mut striking = PartialSetup::from(setup);
    let slots = striking.slots_mut();
    let planes: Vec<usize> = (0..slots.len())
        .filter(|&slot| slots[slot] == Some(Kind::Plane))
        .collect();
    if planes.is_empty() || planes.iter().any(|&slot| on_hq_files(slot)) {
        return setup;
    }
    let middle = ranks[1].start..ranks[ranks.len() - 1].start;
    let spots: Vec<usize> = middle
        .filter(|&slot| on_hq_files(slot))
        .filter(|&slot| {
            slots[slot].is_some_and(|k| k.is_movable() && k != Kind::General && k != Kind::Spy)
        })
        .collect();
    if spots.is_empty() {
        return setup;
    }
    let plane = planes[rng.random_range(0..planes.len())];
    let spot = spots[rng.random_range(0..spots.len())];
    slots.swap(plane, spot);
    legal_or(rules, striking, setup)
}

/// `setup` if it is legal under `rules` (a swap may put a piece where an
/// option forbids it), else `fallback`.
fn legal_or(rules: Rules, setup: PartialSetup, fallback: Setup) -> Setup {
    setup.complete(rules).unwrap_or(fallback)
}

/// `setup` mirrored left to right: each piece onto the node across the
/// middle file, the headquarters' onto itself.
fn mirrored(shape: &Shape, setup: PartialSetup) -> PartialSetup {
    let camp = shape.camp_slots();
    let mut mirrored = setup;
    for (slot, &sq) in camp.iter().enumerate() {
        let across = shape.square(shape.files - 1 - sq.file(), sq.rank());
        let to = camp
            .iter()
            .position(|&s| Some(s) == across)
            .expect("a camp is symmetric");
        mirrored.slots_mut()[to] = setup.slots()[slot];
    }
    mirrored
}

/// The slots of each rank of `shape`'s camp, front rank first.
fn rank_slots(shape: &Shape) -> Vec<Range<usize>> {
    let mut start = 0;
    shape
        .camp_ranks()
        .map(|len| {
            start += len;
            start - len..start
        })
        .collect()
}

/// The camp slot of the headquarters.
fn hq_slot(shape: &Shape) -> usize {
    let hq = shape.hq(Color::South);
    shape
        .camp_slot(Color::South, hq)
        .expect("the headquarters is in the camp")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use gunjin_rules::Game;

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
            assert_ne!(open.slots()[hq_slot(&Shape::STANDARD)], Some(Kind::Mine));
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
                    .position(|&k| k == Some(Kind::General))
                    .unwrap();
                assert_eq!(general.abs_diff(hq_slot(rules.shape())), 1, "{setup}");
            }
        }
    }

    #[test]
    fn the_striking_plane_flies_into_the_enemy_headquarters_on_the_first_move() {
        let mut rng = SmallRng::seed_from_u64(5);
        for mode in [Mode::Standard, Mode::Marshal23, Mode::American21] {
            for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
                let rules = Rules { mode, ..base };
                for _ in 0..50 {
                    let setups =
                        gunjin_rules::ByColor::new_with(|_| striking_formation(rules, &mut rng));
                    let hq = hq_slot(rules.shape());
                    assert_eq!(
                        setups.south.slots()[hq],
                        Some(Kind::Mine),
                        "{}",
                        setups.south
                    );
                    let game = Game::new(rules, setups, Color::South).unwrap();
                    let enemy_hq = rules.shape().hq(Color::North);
                    let strikes = game.view(Color::South).legal_moves().into_iter().any(|mv| {
                        mv.to() == enemy_hq
                            && game.position().board().piece_at(mv.from()).map(|p| p.kind)
                                == Some(Kind::Plane)
                    });
                    assert!(strikes, "{mode:?}: {}", setups.south);
                }
            }
        }
    }

    #[test]
    fn mirroring_swaps_the_files() {
        let setup: PartialSetup = FORMATIONS[0].parse().unwrap();
        let once = mirrored(&Shape::STANDARD, setup);
        assert_eq!(once.to_string(), "ETNATV/SNCPLS/AJFOYE/GMXXP");
        assert_eq!(mirrored(&Shape::STANDARD, once), setup);
    }

    #[test]
    fn ranks_and_libraries_follow_the_board() {
        let rules = Rules::TRADITIONAL;
        assert_eq!(rank_slots(rules.shape()), [0..6, 6..12, 12..18, 18..23]);
        assert_eq!(rank_slots(&Shape::CLASSIC_25), [0..9, 9..18, 18..25]);
        let classic = Rules {
            mode: Mode::Classic25,
            ..rules
        };
        assert!(library(classic).is_empty());
        assert_eq!(classic_25_library().len(), CLASSIC_25_FORMATIONS.len());
    }

    #[test]
    fn a_formation_fits_each_mode_and_keeps_its_mines() {
        let base: Setup = FORMATIONS[0].parse().unwrap();
        let fit = |mode| {
            let rules = Rules {
                mode,
                ..Rules::TRADITIONAL
            };
            fitted(rules, base).complete(rules).unwrap().to_string()
        };
        // The Marshal for the second Second Lieutenant.
        assert_eq!(FORMATIONS[0], "VTANTE/SLPCNS/EYOFJA/PXXMG");
        assert_eq!(fit(Mode::Marshal23), "VTANTE/SLPCNK/EYOFJA/PXXMG");
        // The second Tank, Lieutenant, Second Lieutenant, Captain and
        // Plane give their nodes to the Marshal, the Atomic bomb, the
        // Commodore and the Military Police, or leave them empty.
        assert_eq!(fit(Mode::American21), "VKANUE/SLPCDQ/EYOFJ./.XXMG");
    }

    #[test]
    fn the_variants_set_up_legally() {
        let mut rng = SmallRng::seed_from_u64(4);
        for text in CLASSIC_25_FORMATIONS {
            let setup: Setup = text.parse().unwrap();
            for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
                setup
                    .check(Rules {
                        mode: Mode::Classic25,
                        ..base
                    })
                    .unwrap();
            }
        }
        for mode in [Mode::Marshal23, Mode::American21, Mode::Classic25] {
            for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
                let rules = Rules { mode, ..base };
                for _ in 0..40 {
                    for setup in [
                        formation(rules, &mut rng),
                        open_formation(rules, &mut rng),
                        guarded_formation(rules, &mut rng),
                    ] {
                        setup.check(rules).unwrap();
                    }
                }
            }
        }
    }
}
