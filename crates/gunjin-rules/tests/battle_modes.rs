//! Who wins a battle in the variant modes (`shared/RULES.md` §8): the
//! complete matrix of every mode under both presets, written out from the
//! rules as `tests/battle.rs` writes the standard game's.
//!
//! A grid has one row per kind that attacks in the mode, starting with its
//! setup letter, and one column per kind of the mode (`HEADER`), the house
//! strength order first and the kinds that never move last. Besides the
//! standard letters of `tests/battle.rs`:
//!
//! ```text
//! K Marshal   Z Jet   R Artillery   I Missile   U Atomic bomb
//! D Commodore   Q Military Police
//! ```
//!
//! `W` the attacker wins, `L` the attacker loses, `B` both are removed.
//! Decisions the rules leave to reading: an attacker of the Atomic bomb
//! other than the Military Police is removed with it (§8.3), the
//! Commodore too; Classic 25's Marshal, which never moves, loses only to
//! the six officers (§8.2), so the Spy is removed attacking it.

use gunjin_rules::{BattleResult, Kind, Mode, Rules};

/// One mode's grid under one rule set.
struct Grid {
    rules: Rules,
    header: &'static str,
    rows: &'static [&'static str],
}

const fn rules(mode: Mode, preset: Rules) -> Rules {
    Rules { mode, ..preset }
}

/// Marshal 23: the standard set with a Marshal for a Second Lieutenant;
/// the Marshal on top, below only the Spy (and the Mine).
const MARSHAL_23: &str = "K G L M P C O T J A V N S E Y X F";

#[rustfmt::skip]
const MARSHAL_23_KIRAKUKEN: Grid = Grid {
    rules: rules(Mode::Marshal23, Rules::KIRAKUKEN),
    header: MARSHAL_23,
    rows: &[
        //K G L M P C O T J A V N S E Y X F
        "K B W W W W W W W W W W W W W L L W", // the Spy and a Mine stop it
        "G L B W W W W W W W W W W W W L L W",
        "L L L B W W W W W W W W W W W W L W",
        "M L L L B W W W W W W W W W W W L W",
        "P L L L L B W W W W W W W W W W W W",
        "C L L L L L B W W W W W W W W W L W",
        "O L L L L L L B W W W W W W W W L W",
        "T L L L L L L L B W W W W W W W L W",
        "J L L L L L L L L B W W W W W W L W",
        "A L L L L L L L L L B W W W W W L W",
        "V L L L L L L L L L L B W W W W L W",
        "N L L L L L L L L L L L B W W W L W",
        "S L L L L L L L L L L L L B W W L W",
        "E L L L L L L L L L L L L L B W W W",
        "Y W W L L L L L L L L L L L L B L W", // beats the Marshal and the General
    ],
};

#[rustfmt::skip]
const MARSHAL_23_TRADITIONAL: Grid = Grid {
    rules: rules(Mode::Marshal23, Rules::TRADITIONAL),
    header: MARSHAL_23,
    rows: &[
        //K G L M P C O T J A V N S E Y X F
        "K B W W W W W W W W W W W W W L B W",
        "G L B W W W W W W W W W W W W L B W",
        "L L L B W W W W W W W W W W W W B W",
        "M L L L B W W W W W W W W W W W B W",
        "P L L L L B W W W W W W W W W W W W",
        "C L L L L L B W L W W W W W W W B W",
        "O L L L L L L B L W W W W W W W B W",
        "T L L L L L W W B W W W W W L W B W",
        "J L L L L L L L L B W W W W W W B W",
        "A L L L L L L L L L B W W W W W B W",
        "V L L L L L L L L L L B L L W W B W",
        "N L L L L L L L L L L W B W W W B W",
        "S L L L L L L L L L L W L B W W B W",
        "E L L L L L L L W L L L L L B W W W",
        "Y W W L L L L L L L L L L L L B B W",
    ],
};

/// American 21: Marshal first, the Commodore below the Major General, the
/// Military Police above the Engineer; no Tank; the Atomic bomb.
const AMERICAN_21: &str = "K G L M D P C O J A V N S Q E Y X U F";

#[rustfmt::skip]
const AMERICAN_21_KIRAKUKEN: Grid = Grid {
    rules: rules(Mode::American21, Rules::KIRAKUKEN),
    header: AMERICAN_21,
    rows: &[
        //K G L M D P C O J A V N S Q E Y X U F
        "K B W W W W W W W W W W W W W W L L B W",
        "G L B W W W W W W W W W W W W W L L B W",
        "L L L B W W W W W W W W W W W W W L B W",
        "M L L L B W W W W W W W W W W W W L B W",
        "D L L L L B W W W W W W W W W W W L B W", // Commodore: a general officer
        "P L L L L L B W W W W W W W W W W W B W",
        "C L L L L L L B W W W W W W W W W L B W",
        "O L L L L L L L B W W W W W W W W L B W",
        "J L L L L L L L L B W W W W W W W L B W",
        "A L L L L L L L L L B W W W W W W L B W",
        "V L L L L L L L L L L B W W W W W L B W",
        "N L L L L L L L L L L L B W W W W L B W",
        "S L L L L L L L L L L L L B W W W L B W",
        "Q L L L L L L L L L L L L L B W W L W W", // takes the bomb
        "E L L L L L L L L L L L L L L B W W B W",
        "Y W W L L L L L L L L L L L L L B L B W",
    ],
};

#[rustfmt::skip]
const AMERICAN_21_TRADITIONAL: Grid = Grid {
    rules: rules(Mode::American21, Rules::TRADITIONAL),
    header: AMERICAN_21,
    rows: &[
        //K G L M D P C O J A V N S Q E Y X U F
        "K B W W W W W W W W W W W W W W L B B W",
        "G L B W W W W W W W W W W W W W L B B W",
        "L L L B W W W W W W W W W W W W W B B W",
        "M L L L B W W W W W W W W W W W W B B W",
        "D L L L L B W W W W W W W W W W W B B W",
        "P L L L L L B W W W W W W W W W W W B W",
        "C L L L L L L B W W W W W W W W W B B W",
        "O L L L L L L L B W W W W W W W W B B W",
        "J L L L L L L L L B W W W W W W W B B W",
        "A L L L L L L L L L B W W W W W W B B W",
        "V L L L L L L L L L L B L L W W W B B W", // just above the MP
        "N L L L L L L L L L L W B W W W W B B W",
        "S L L L L L L L L L L W L B W W W B B W",
        "Q L L L L L L L L L L L L L B W W B W W",
        "E L L L L L L L L L L L L L L B W W B W",
        "Y W W L L L L L L L L L L L L L B B B W",
    ],
};

/// Classic 25: the Marshal never moves and falls only to an officer; the
/// Jet below the general officers, the Artillery below the Major but over
/// the Jet and the Tank; Missiles and the bomb go up with any attacker.
const CLASSIC_25: &str = "K G L M Z C O T J R E Y X I U";

#[rustfmt::skip]
const CLASSIC_25_KIRAKUKEN: Grid = Grid {
    rules: rules(Mode::Classic25, Rules::KIRAKUKEN),
    header: CLASSIC_25,
    rows: &[
        //K G L M Z C O T J R E Y X I U
        "G W B W W W W W W W W W L L B B",
        "L W L B W W W W W W W W W L B B",
        "M W L L B W W W W W W W W L B B",
        "Z L L L L B W W W W L W W W B B", // Jet: clears Mines, loses to the Artillery
        "C W L L L L B W W W W W W L B B",
        "O W L L L L L B W W W W W L B B",
        "T L L L L L L L B W L W W L B B",
        "J W L L L L L L L B W W W L B B",
        "R L L L L W L L W L B W W W B B", // Artillery: beats the Jet and the Tank
        "E L L L L L L L L L L B W W B B",
        "Y L W L L L L L L L L L B L B B", // no officer: the Marshal stays
    ],
};

#[rustfmt::skip]
const CLASSIC_25_TRADITIONAL: Grid = Grid {
    rules: rules(Mode::Classic25, Rules::TRADITIONAL),
    header: CLASSIC_25,
    rows: &[
        //K G L M Z C O T J R E Y X I U
        "G W B W W W W W W W W W L B B B",
        "L W L B W W W W W W W W W B B B",
        "M W L L B W W W W W W W W B B B",
        "Z L L L L B W W W W L W W W B B",
        "C W L L L L B W L W W W W B B B",
        "O W L L L L L B L W W W W B B B",
        "T L L L L L W W B W L L W B B B", // the engineer rule
        "J W L L L L L L L B W W W B B B",
        "R L L L L W L L W L B W W W B B",
        "E L L L L L L L W L L B W W B B",
        "Y L W L L L L L L L L L B B B B",
    ],
};

const GRIDS: [&Grid; 6] = [
    &MARSHAL_23_KIRAKUKEN,
    &MARSHAL_23_TRADITIONAL,
    &AMERICAN_21_KIRAKUKEN,
    &AMERICAN_21_TRADITIONAL,
    &CLASSIC_25_KIRAKUKEN,
    &CLASSIC_25_TRADITIONAL,
];

fn kinds(letters: &str) -> Vec<Kind> {
    letters
        .split_whitespace()
        .map(|l| Kind::from_char(l.chars().next().unwrap()).unwrap())
        .collect()
}

fn result_of(letter: &str) -> BattleResult {
    match letter {
        "W" => BattleResult::AttackerWins,
        "L" => BattleResult::DefenderWins,
        "B" => BattleResult::BothRemoved,
        other => panic!("not a battle letter: {other}"),
    }
}

#[test]
fn every_grid_has_a_row_per_attacker_and_a_column_per_kind_of_its_mode() {
    for grid in GRIDS {
        let mode = grid.rules.mode;
        let mut columns = kinds(grid.header);
        columns.sort();
        assert_eq!(columns, mode.kinds().collect::<Vec<_>>(), "{}", grid.rules);
        let mut attackers: Vec<Kind> = grid.rows.iter().flat_map(|row| kinds(&row[..1])).collect();
        attackers.sort();
        let movable: Vec<Kind> = mode
            .kinds()
            .filter(|&k| grid.rules.mobility(k).moves())
            .collect();
        assert_eq!(attackers, movable, "{}", grid.rules);
    }
}

#[test]
fn variant_modes_battle_as_their_grids_say() {
    let mut failures = Vec::new();
    for grid in GRIDS {
        let defenders = kinds(grid.header);
        for row in grid.rows {
            let attacker = kinds(&row[..1])[0];
            let cells: Vec<&str> = row[1..].split_whitespace().collect();
            assert_eq!(cells.len(), defenders.len(), "{row}");
            for (&defender, cell) in defenders.iter().zip(cells) {
                let want = Some(result_of(cell));
                let got = grid.rules.battle(attacker, defender);
                if got != want {
                    failures.push(format!(
                        "{}: {attacker} attacking {defender}: expected {want:?}, got {got:?}",
                        grid.rules
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn kinds_that_never_move_never_attack_in_any_mode() {
    for mode in Mode::ALL {
        for preset in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            let rules = Rules { mode, ..preset };
            for attacker in mode.kinds().filter(|&k| !rules.mobility(k).moves()) {
                for defender in mode.kinds() {
                    assert_eq!(rules.battle(attacker, defender), None, "{rules} {attacker}");
                }
            }
        }
    }
}

#[test]
fn a_kind_outside_the_mode_never_attacks() {
    assert_eq!(Rules::KIRAKUKEN.battle(Kind::Marshal, Kind::Spy), None);
    let classic = rules(Mode::Classic25, Rules::KIRAKUKEN);
    assert_eq!(classic.battle(Kind::Plane, Kind::Spy), None);
}
