//! Who wins a battle: the complete matrix of attacker against defender for
//! both presets and every battle option, written out from the seeds, then
//! the same battles fought on the board, and the Flag, which only the board
//! can decide.
//!
//! Each grid has one row per attacker (the 14 movable kinds) and one column
//! per defender (all 16 kinds of the standard game), in the house strength
//! order, using the kinds' setup letters:
//!
//! ```text
//! G General            C Colonel             A Captain            E Engineer
//! L Lieutenant General O Lieutenant Colonel  V Cavalry            Y Spy
//! M Major General      T Tank                N Lieutenant         X Mine
//! P Plane              J Major               S Second Lieutenant  F Flag
//! ```
//!
//! `W` the attacker wins (the defender is removed and the attacker moves in),
//! `L` the attacker loses (it is removed, the defender stays), `B` both are
//! removed. The `F` column is a Flag with no friendly piece behind it, which
//! loses to everything; what a Flag fights as is settled on the board below.

mod common;

use common::*;
use gunjin_rules::{
    Announcement, BattleResult, Color, Front, Game, Kind, MineRule, Mode, Placement, Rules,
    StrengthOrder, TankVsEngineer,
};

/// The defenders, in column order.
const HEADER: &str = "G L M P C O T J A V N S E Y X F";

/// Seed 000, the parlour's rules page: house strength order, the Tank beats
/// the Engineer (it is higher in the order), a Mine stays when it wins.
#[rustfmt::skip]
const KIRAKUKEN: [&str; 14] = [
    //G L M P C O T J A V N S E Y X F
    "B W W W W W W W W W W W W L L W", // G General: loses only to the Spy and a Mine
    "L B W W W W W W W W W W W W L W", // L Lieutenant General
    "L L B W W W W W W W W W W W L W", // M Major General
    "L L L B W W W W W W W W W W W W", // P Plane: clears Mines
    "L L L L B W W W W W W W W W L W", // C Colonel
    "L L L L L B W W W W W W W W L W", // O Lieutenant Colonel
    "L L L L L L B W W W W W W W L W", // T Tank (below the Lt Colonel)
    "L L L L L L L B W W W W W W L W", // J Major
    "L L L L L L L L B W W W W W L W", // A Captain
    "L L L L L L L L L B W W W W L W", // V Cavalry (above the Lieutenant)
    "L L L L L L L L L L B W W W L W", // N Lieutenant
    "L L L L L L L L L L L B W W L W", // S Second Lieutenant
    "L L L L L L L L L L L L B W W W", // E Engineer: clears Mines
    "W L L L L L L L L L L L L B L W", // Y Spy: beats only the General
];

/// Seed 001, the traditional game: traditional strength order (Tank just
/// below the Plane, Cavalry just above the Engineer), the engineer rule
/// (工兵ルール: the Engineer beats the Tank) and exploding Mines (相打ち).
#[rustfmt::skip]
const TRADITIONAL: [&str; 14] = [
    //G L M P C O T J A V N S E Y X F
    "B W W W W W W W W W W W W L B W", // G General: 敵の大将や地雷とは相打ち
    "L B W W W W W W W W W W W W B W", // L Lieutenant General
    "L L B W W W W W W W W W W W B W", // M Major General
    "L L L B W W W W W W W W W W W W", // P Plane: 地雷も安全に取り除けます
    "L L L L B W L W W W W W W W B W", // C Colonel: 飛行機とタンクには負けます
    "L L L L L B L W W W W W W W B W", // O Lieutenant Colonel
    "L L L L W W B W W W W W L W B W", // T Tank: beats Colonel and below, loses to the Engineer
    "L L L L L L L B W W W W W W B W", // J Major
    "L L L L L L L L B W W W W W B W", // A Captain
    "L L L L L L L L L B L L W W B W", // V Cavalry: 勝てるのは工兵とスパイだけ
    "L L L L L L L L L W B W W W B W", // N Lieutenant
    "L L L L L L L L L W L B W W B W", // S Second Lieutenant
    "L L L L L L W L L L L L B W W W", // E Engineer: beats the Tank, the Spy and Mines
    "W L L L L L L L L L L L L B B W", // Y Spy
];

/// House order with the engineer rule: only the Tank–Engineer cells change.
#[rustfmt::skip]
const HOUSE_ENGINEER_RULE: [&str; 14] = [
    //G L M P C O T J A V N S E Y X F
    "B W W W W W W W W W W W W L L W", // G
    "L B W W W W W W W W W W W W L W", // L
    "L L B W W W W W W W W W W W L W", // M
    "L L L B W W W W W W W W W W W W", // P
    "L L L L B W W W W W W W W W L W", // C
    "L L L L L B W W W W W W W W L W", // O
    "L L L L L L B W W W W W L W L W", // T loses to the Engineer
    "L L L L L L L B W W W W W W L W", // J
    "L L L L L L L L B W W W W W L W", // A
    "L L L L L L L L L B W W W W L W", // V
    "L L L L L L L L L L B W W W L W", // N
    "L L L L L L L L L L L B W W L W", // S
    "L L L L L L W L L L L L B W W W", // E beats the Tank
    "W L L L L L L L L L L L L B L W", // Y
];

/// Traditional order with the tank rule (タンクルール): the Tank beats the
/// Engineer, as its place in the order says.
#[rustfmt::skip]
const TRADITIONAL_TANK_RULE: [&str; 14] = [
    //G L M P C O T J A V N S E Y X F
    "B W W W W W W W W W W W W L B W", // G
    "L B W W W W W W W W W W W W B W", // L
    "L L B W W W W W W W W W W W B W", // M
    "L L L B W W W W W W W W W W W W", // P
    "L L L L B W L W W W W W W W B W", // C
    "L L L L L B L W W W W W W W B W", // O
    "L L L L W W B W W W W W W W B W", // T beats the Engineer
    "L L L L L L L B W W W W W W B W", // J
    "L L L L L L L L B W W W W W B W", // A
    "L L L L L L L L L B L L W W B W", // V
    "L L L L L L L L L W B W W W B W", // N
    "L L L L L L L L L W L B W W B W", // S
    "L L L L L L L L L L L L B W W W", // E loses to the Tank
    "W L L L L L L L L L L L L B B W", // Y
];

/// The Mine column (one letter per attacker, rows G to Y) under each mine
/// rule: only a Plane or an Engineer removes a Mine and moves in; anything
/// else is removed, and an exploding Mine goes with it.
const MINE_STAYS: &str = "L L L W L L L L L L L L W L";
const MINE_EXPLODES: &str = "B B B W B B B B B B B B W B";

/// The standard game's sixteen kinds, in column order.
fn standard() -> impl Iterator<Item = Kind> {
    Mode::Standard.kinds()
}

/// The 14 kinds that attack, in row order.
fn attackers() -> impl Iterator<Item = Kind> {
    standard().filter(|k| k.is_movable())
}

fn letters(row: &str) -> Vec<char> {
    row.chars().filter(|c| !c.is_whitespace()).collect()
}

fn cell(grid: &[&str; 14], attacker: Kind, defender: Kind) -> char {
    letters(grid[attacker.index()])[defender.index()]
}

fn result_of(letter: char) -> BattleResult {
    match letter {
        'W' => BattleResult::AttackerWins,
        'L' => BattleResult::DefenderWins,
        'B' => BattleResult::BothRemoved,
        other => panic!("not a battle letter: {other}"),
    }
}

/// The full grid (with its own mine rule's column) for a strength order and
/// a tank rule.
fn grid(strength: StrengthOrder, tank: TankVsEngineer) -> &'static [&'static str; 14] {
    match (strength, tank) {
        (StrengthOrder::House, TankVsEngineer::TankWins) => &KIRAKUKEN,
        (StrengthOrder::House, TankVsEngineer::EngineerWins) => &HOUSE_ENGINEER_RULE,
        (StrengthOrder::Traditional, TankVsEngineer::EngineerWins) => &TRADITIONAL,
        (StrengthOrder::Traditional, TankVsEngineer::TankWins) => &TRADITIONAL_TANK_RULE,
    }
}

/// The expected letter under any rule set: the grid of its strength order
/// and tank rule, with the Mine column of its mine rule.
fn expected(rules: Rules, attacker: Kind, defender: Kind) -> char {
    if defender == Kind::Mine {
        let column = match rules.mine {
            MineRule::Stays => MINE_STAYS,
            MineRule::Explodes => MINE_EXPLODES,
        };
        letters(column)[attacker.index()]
    } else {
        cell(
            grid(rules.strength, rules.tank_vs_engineer),
            attacker,
            defender,
        )
    }
}

/// Every rule set there is: all 32 rule codes.
fn every_rule_set() -> Vec<Rules> {
    let mut all = Vec::new();
    for strength in ["h", "t"] {
        for tank in ["t", "e"] {
            for mine in ["s", "x"] {
                for front in ["r", "o"] {
                    for placement in ["f", "t"] {
                        let code = format!("{strength}{tank}{mine}{front}{placement}");
                        all.push(code.parse().unwrap());
                    }
                }
            }
        }
    }
    all
}

/// The eight combinations of the battle options, with the river and free
/// placement (so a Flag or a Mine may stand on a bridge).
fn battle_option_sets() -> Vec<Rules> {
    every_rule_set()
        .into_iter()
        .filter(|r| r.front == Front::River && r.placement == Placement::Free)
        .collect()
}

fn assert_no_failures(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} case(s) differ from the rules:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn check_grid(rules: Rules, grid: &[&str; 14]) {
    let mut failures = Vec::new();
    for attacker in attackers() {
        for defender in standard() {
            let want = result_of(cell(grid, attacker, defender));
            let got = rules
                .battle(attacker, defender)
                .expect("a movable attacker");
            if got != want {
                failures.push(format!(
                    "{rules}: {attacker} attacking {defender}: expected {want:?}, got {got:?}"
                ));
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn grid_columns_are_the_kind_letters_in_house_order() {
    let kinds: Vec<char> = standard().map(|k| k.char()).collect();
    assert_eq!(letters(HEADER), kinds);
    for grid in [
        &KIRAKUKEN,
        &TRADITIONAL,
        &HOUSE_ENGINEER_RULE,
        &TRADITIONAL_TANK_RULE,
    ] {
        for row in grid {
            assert_eq!(letters(row).len(), 16, "{row}");
        }
    }
    assert_eq!(attackers().count(), 14);
}

#[test]
fn kirakuken_preset_battles_follow_seed_000() {
    check_grid(Rules::KIRAKUKEN, &KIRAKUKEN);
}

#[test]
fn traditional_preset_battles_follow_seed_001() {
    check_grid(Rules::TRADITIONAL, &TRADITIONAL);
}

#[test]
fn engineer_rule_under_the_house_order_lets_the_engineer_beat_the_tank() {
    let rules = Rules {
        tank_vs_engineer: TankVsEngineer::EngineerWins,
        ..Rules::KIRAKUKEN
    };
    check_grid(rules, &HOUSE_ENGINEER_RULE);
}

#[test]
fn tank_rule_under_the_traditional_order_lets_the_tank_beat_the_engineer() {
    let rules = Rules {
        tank_vs_engineer: TankVsEngineer::TankWins,
        ..Rules::TRADITIONAL
    };
    check_grid(rules, &TRADITIONAL_TANK_RULE);
}

#[test]
fn each_grid_mine_column_is_its_mine_rule() {
    for (grid, column) in [
        (&KIRAKUKEN, MINE_STAYS),
        (&HOUSE_ENGINEER_RULE, MINE_STAYS),
        (&TRADITIONAL, MINE_EXPLODES),
        (&TRADITIONAL_TANK_RULE, MINE_EXPLODES),
    ] {
        let in_grid: Vec<char> = attackers().map(|a| cell(grid, a, Kind::Mine)).collect();
        assert_eq!(in_grid, letters(column));
    }
}

#[test]
fn every_option_mix_battles_by_its_strength_order_tank_rule_and_mine_rule() {
    // Front and placement never change a battle; the three battle options
    // combine freely.
    let mut failures = Vec::new();
    for rules in every_rule_set() {
        for attacker in attackers() {
            for defender in standard() {
                let want = result_of(expected(rules, attacker, defender));
                let got = rules
                    .battle(attacker, defender)
                    .expect("a movable attacker");
                if got != want {
                    failures.push(format!(
                        "{rules}: {attacker} attacking {defender}: expected {want:?}, got {got:?}"
                    ));
                }
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn equal_kinds_remove_each_other() {
    for rules in every_rule_set() {
        for kind in attackers() {
            assert_eq!(
                rules.battle(kind, kind),
                Some(BattleResult::BothRemoved),
                "{rules} {kind}"
            );
        }
    }
}

#[test]
fn the_spy_beats_the_general_attacking_or_defending() {
    for rules in every_rule_set() {
        assert_eq!(
            rules.battle(Kind::Spy, Kind::General),
            Some(BattleResult::AttackerWins)
        );
        assert_eq!(
            rules.battle(Kind::General, Kind::Spy),
            Some(BattleResult::DefenderWins)
        );
        for other in attackers().filter(|&k| k != Kind::General && k != Kind::Spy) {
            assert_eq!(
                rules.battle(Kind::Spy, other),
                Some(BattleResult::DefenderWins)
            );
            assert_eq!(
                rules.battle(other, Kind::Spy),
                Some(BattleResult::AttackerWins)
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The same battles on the board.
// ---------------------------------------------------------------------------

/// What the referee must announce for a battle letter.
fn announcement_of(letter: char) -> Announcement {
    match letter {
        'W' => Announcement::DefenderRemoved,
        'L' => Announcement::AttackerRemoved,
        'B' => Announcement::BothRemoved,
        other => panic!("not a battle letter: {other}"),
    }
}

/// Checks the board after `them`'s `attacker` moved from `from` onto my
/// `defender` on `to`: the announcement, who stands on `to`, that `from` is
/// empty, and the losses of both sides.
#[allow(clippy::too_many_arguments)]
fn check_after_battle(
    game: &Game,
    me: Color,
    letter: char,
    announcement: Announcement,
    attacker: Kind,
    defender: Kind,
    from: &str,
    to: &str,
) -> Result<(), String> {
    let them = !me;
    let (from, to) = (rel(me, from), rel(me, to));
    if announcement != announcement_of(letter) {
        return Err(format!(
            "announced {announcement:?}, expected {:?}",
            announcement_of(letter)
        ));
    }
    let on_to = at(game, to);
    let want_on_to = match letter {
        'W' => Some((them, attacker)),
        'L' => Some((me, defender)),
        _ => None,
    };
    if on_to != want_on_to {
        return Err(format!("{to} holds {on_to:?}, expected {want_on_to:?}"));
    }
    if at(game, from).is_some() {
        return Err(format!("{from} is not empty"));
    }
    // Losses from this battle only: the last move is the battle.
    let losses = game.losses();
    let earlier = *game_before_last_move(game).losses();
    let lost_attacker = losses[them][attacker] - earlier[them][attacker];
    let lost_defender = losses[me][defender] - earlier[me][defender];
    let want = match letter {
        'W' => (0, 1),
        'L' => (1, 0),
        _ => (1, 1),
    };
    if (lost_attacker, lost_defender) != want {
        return Err(format!(
            "losses (attacker, defender) = {:?}, expected {want:?}",
            (lost_attacker, lost_defender)
        ));
    }
    Ok(())
}

/// The game as it was before its last move, replayed from its record.
fn game_before_last_move(game: &Game) -> Game {
    let mut record = game.record();
    record.moves.pop();
    record.replay().expect("the record replays")
}

/// The rules with free placement, so a Flag may stand on a bridge.
fn free(rules: Rules) -> Rules {
    Rules {
        placement: Placement::Free,
        ..rules
    }
}

#[test]
fn battles_on_the_board_match_the_matrix_for_both_sides() {
    // Their attacker on the bridge b5 steps onto my defender on b4.
    let mut failures = Vec::new();
    for rules in battle_option_sets() {
        for me in Color::ALL {
            for attacker in attackers() {
                for defender in standard().filter(|&k| k != Kind::Flag) {
                    let mut game =
                        game_seen_by(me, rules, false, &[("b4", defender)], &[("b5", attacker)]);
                    let letter = expected(rules, attacker, defender);
                    let said = play_seen_by(&mut game, me, "b5-b4")[0];
                    if let Err(e) =
                        check_after_battle(&game, me, letter, said, attacker, defender, "b5", "b4")
                    {
                        failures.push(format!(
                            "{rules}, {attacker} attacking {me}'s {defender}: {e}"
                        ));
                    }
                }
            }
        }
    }
    assert_no_failures(failures);
}

/// Their `attacker` on b5 attacks my Flag on b4 with my `behind` on b3.
/// Returns the game after the attack.
fn attack_flag_on_bridge(
    rules: Rules,
    me: Color,
    attacker: Kind,
    behind: Kind,
) -> (Game, Announcement) {
    let mut game = game_seen_by(
        me,
        rules,
        false,
        &[("b4", Kind::Flag), ("b3", behind)],
        &[("b5", attacker)],
    );
    let said = play_seen_by(&mut game, me, "b5-b4")[0];
    (game, said)
}

#[test]
fn a_flag_fights_as_the_friendly_piece_directly_behind_it() {
    let mut failures = Vec::new();
    for rules in battle_option_sets() {
        for me in Color::ALL {
            for attacker in attackers() {
                for behind in standard().filter(|&k| k != Kind::Flag) {
                    let before = game_seen_by(
                        me,
                        rules,
                        false,
                        &[("b4", Kind::Flag), ("b3", behind)],
                        &[("b5", attacker)],
                    );
                    let backer = before.position().board().piece_at(rel(me, "b3"));
                    let (game, said) = attack_flag_on_bridge(free(rules), me, attacker, behind);
                    let letter = expected(rules, attacker, behind);
                    let case =
                        format!("{rules}, {attacker} attacking {me}'s Flag backed by a {behind}");
                    if let Err(e) = check_after_battle(
                        &game,
                        me,
                        letter,
                        said,
                        attacker,
                        Kind::Flag,
                        "b5",
                        "b4",
                    ) {
                        failures.push(format!("{case}: {e}"));
                    }
                    // Only the Flag is at stake: the piece behind it stays.
                    if game.position().board().piece_at(rel(me, "b3")) != backer {
                        failures.push(format!("{case}: the {behind} behind the Flag was touched"));
                    }
                    if game.losses()[me][behind] != 0 {
                        failures.push(format!("{case}: a {behind} was counted as lost"));
                    }
                }
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn a_flag_with_an_empty_node_behind_it_loses_to_every_attacker() {
    // My Plane on b3 flies away over the Flag (taking their Mine on b6);
    // then their attacker on b5 takes the Flag on b4.
    let mut failures = Vec::new();
    for rules in battle_option_sets() {
        for me in Color::ALL {
            for attacker in attackers() {
                let mut game = game_seen_by(
                    me,
                    rules,
                    true,
                    &[("b4", Kind::Flag), ("b3", Kind::Plane)],
                    &[("b5", attacker), ("b6", Kind::Mine)],
                );
                let said = play_seen_by(&mut game, me, "b3-b6 b5-b4");
                assert_eq!(said[0], Announcement::DefenderRemoved);
                if let Err(e) =
                    check_after_battle(&game, me, 'W', said[1], attacker, Kind::Flag, "b5", "b4")
                {
                    failures.push(format!("{rules}, {attacker} against {me}'s lone Flag: {e}"));
                }
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn a_flag_with_an_enemy_behind_it_loses_to_every_attacker() {
    // Their Plane flies from b6 over everything and takes my Second
    // Lieutenant behind the Flag; I trade Lieutenants on the other bridge;
    // then their attacker on b5 takes the Flag, though their own Plane is
    // the piece behind it.
    let mut failures = Vec::new();
    for rules in battle_option_sets() {
        for me in Color::ALL {
            for attacker in attackers() {
                let mut game = game_seen_by(
                    me,
                    rules,
                    false,
                    &[
                        ("b4", Kind::Flag),
                        ("b3", Kind::SecondLieutenant),
                        ("e4", Kind::Lieutenant),
                    ],
                    &[
                        ("b5", attacker),
                        ("b6", Kind::Plane),
                        ("e5", Kind::Lieutenant),
                    ],
                );
                let said = play_seen_by(&mut game, me, "b6-b3 e4-e5 b5-b4");
                assert_eq!(
                    said[..2],
                    [Announcement::DefenderRemoved, Announcement::BothRemoved]
                );
                assert_eq!(at(&game, rel(me, "b3")), Some((!me, Kind::Plane)));
                if let Err(e) =
                    check_after_battle(&game, me, 'W', said[2], attacker, Kind::Flag, "b5", "b4")
                {
                    failures.push(format!(
                        "{rules}, {attacker} against {me}'s Flag with an enemy behind: {e}"
                    ));
                }
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn a_flag_on_the_back_rank_or_in_the_headquarters_has_nothing_behind_it() {
    // Only free placement allows this. A General stands in front of the
    // Flag (it does not count); their Plane flies down the file and wins.
    for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        let rules = Rules {
            placement: Placement::Free,
            ..base
        };
        for me in Color::ALL {
            for (flag, front, plane, flight) in [
                ("a1", "a2", "a5", "a5-a1"),
                ("b1", "b2", "b5", "b5-b1"),
                ("e1", "e2", "e5", "e5-e1"),
                ("f1", "f2", "f5", "f5-f1"),
                ("c1", "c2", "c5", "c5-c1"),
                ("c1", "d2", "d5", "d5-d1"),
            ] {
                let mut game = game_seen_by(
                    me,
                    rules,
                    false,
                    &[(flag, Kind::Flag), (front, Kind::General)],
                    &[(plane, Kind::Plane)],
                );
                let said = play_seen_by(&mut game, me, flight);
                let case = format!("{rules} {me} Flag on {flag}, {flight}");
                check_after_battle(
                    &game,
                    me,
                    'W',
                    said[0],
                    Kind::Plane,
                    Kind::Flag,
                    plane,
                    flag,
                )
                .unwrap_or_else(|e| panic!("{case}: {e}"));
                assert_eq!(
                    at(&game, rel(me, front)),
                    Some((me, Kind::General)),
                    "{case}"
                );
                // A Plane in the headquarters wins nothing.
                assert_eq!(game.outcome(), None, "{case}");
            }
        }
    }
}

#[test]
fn a_flag_in_front_of_the_headquarters_fights_as_the_headquarters_piece() {
    // A Flag on c2 or d2 has the headquarters behind it. Their Plane flies
    // down the file onto the Flag.
    let mut failures = Vec::new();
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            for file in ['c', 'd'] {
                for behind in standard().filter(|&k| k != Kind::Flag) {
                    let flag = format!("{file}2");
                    let plane = format!("{file}5");
                    let mut game = game_seen_by(
                        me,
                        rules,
                        false,
                        &[(&flag, Kind::Flag), ("c1", behind)],
                        &[(&plane, Kind::Plane)],
                    );
                    let hq_piece = game.position().board().piece_at(rel(me, "c1"));
                    let said = play_seen_by(&mut game, me, &format!("{plane}-{flag}"))[0];
                    let letter = expected(rules, Kind::Plane, behind);
                    let case = format!(
                        "{rules}, Plane attacking {me}'s Flag on {flag} backed by a {behind} in the HQ"
                    );
                    if let Err(e) = check_after_battle(
                        &game,
                        me,
                        letter,
                        said,
                        Kind::Plane,
                        Kind::Flag,
                        &plane,
                        &flag,
                    ) {
                        failures.push(format!("{case}: {e}"));
                    }
                    if game.position().board().piece_at(rel(me, "c1")) != hq_piece {
                        failures.push(format!("{case}: the HQ piece was touched"));
                    }
                }
            }
        }
    }
    assert_no_failures(failures);
}

/// Their `attacker` walks down file `file` to my Flag on `{file}2`, which has
/// `behind` in my headquarters. Planes trade on ranks 4 and 3 to open the
/// file; I pass with a Captain trade and a Lieutenant stepping on file a.
/// Needs an open front (battles do not depend on it).
fn walk_onto_flag_before_hq(
    rules: Rules,
    me: Color,
    file: char,
    attacker: Kind,
    behind: Kind,
) -> (Game, Announcement) {
    let f = |rank: u8| format!("{file}{rank}");
    let mut game = game_seen_by(
        me,
        rules,
        false,
        &[
            (&f(2), Kind::Flag),
            ("c1", behind),
            (&f(4), Kind::Plane),
            (&f(3), Kind::Plane),
            ("a4", Kind::Captain),
            ("a3", Kind::Lieutenant),
        ],
        &[
            (&f(5), attacker),
            (&f(6), Kind::Plane),
            (&f(7), Kind::Plane),
            ("a5", Kind::Captain),
        ],
    );
    let moves = format!(
        "{f6}-{f4} a4-a5 {f7}-{f3} a3-a4 {f5}-{f4} a4-a3 {f4}-{f3} a3-a4",
        f3 = f(3),
        f4 = f(4),
        f5 = f(5),
        f6 = f(6),
        f7 = f(7),
    );
    let said = play_seen_by(&mut game, me, &moves);
    use Announcement::*;
    assert_eq!(
        said,
        [
            BothRemoved,
            BothRemoved,
            BothRemoved,
            Moved,
            Moved,
            Moved,
            Moved,
            Moved
        ]
    );
    let said = play_seen_by(&mut game, me, &format!("{}-{}", f(3), f(2)))[0];
    (game, said)
}

#[test]
fn a_walking_attacker_meets_a_flag_backed_by_the_headquarters_piece() {
    let mut failures = Vec::new();
    for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        let rules = Rules {
            front: Front::Open,
            placement: Placement::Free,
            ..base
        };
        for me in Color::ALL {
            for file in ['c', 'd'] {
                for attacker in attackers().filter(|&k| k != Kind::Plane) {
                    for behind in standard().filter(|&k| k != Kind::Flag && k != Kind::Plane) {
                        let (game, said) =
                            walk_onto_flag_before_hq(rules, me, file, attacker, behind);
                        let letter = expected(rules, attacker, behind);
                        let (from, to) = (format!("{file}3"), format!("{file}2"));
                        if let Err(e) = check_after_battle(
                            &game,
                            me,
                            letter,
                            said,
                            attacker,
                            Kind::Flag,
                            &from,
                            &to,
                        ) {
                            failures.push(format!(
                                "{rules}, {attacker} attacking {me}'s Flag on {to} backed by a {behind}: {e}"
                            ));
                        }
                        if at(&game, rel(me, "c1")) != Some((me, behind)) {
                            failures.push(format!("{rules}: the {behind} left the HQ"));
                        }
                    }
                }
            }
        }
    }
    assert_no_failures(failures);
}

#[test]
fn a_spy_behind_the_flag_makes_it_beat_the_general() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            let (game, said) = attack_flag_on_bridge(free(rules), me, Kind::General, Kind::Spy);
            assert_eq!(said, Announcement::AttackerRemoved);
            assert_eq!(at(&game, rel(me, "b4")), Some((me, Kind::Flag)));
            assert_eq!(at(&game, rel(me, "b3")), Some((me, Kind::Spy)));
            assert_eq!(game.losses()[!me][Kind::General], 1);
        }
    }
}

#[test]
fn a_general_behind_the_flag_falls_to_the_spy_but_only_the_flag_goes() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            let (game, said) = attack_flag_on_bridge(free(rules), me, Kind::Spy, Kind::General);
            assert_eq!(said, Announcement::DefenderRemoved);
            assert_eq!(at(&game, rel(me, "b4")), Some((!me, Kind::Spy)));
            assert_eq!(at(&game, rel(me, "b3")), Some((me, Kind::General)));
            assert_eq!(game.losses()[me][Kind::Flag], 1);
            assert_eq!(game.losses()[me][Kind::General], 0);
            // The General is still there, so no officer was lost.
            assert_eq!(game.position().officers(me), 6);
        }
    }
}

#[test]
fn a_flag_backed_by_a_mine_fights_as_a_mine() {
    for me in Color::ALL {
        // Kirakuken: the Mine-backed Flag stays, the attacker is removed.
        let (game, said) =
            attack_flag_on_bridge(free(Rules::KIRAKUKEN), me, Kind::General, Kind::Mine);
        assert_eq!(said, Announcement::AttackerRemoved);
        assert_eq!(at(&game, rel(me, "b4")), Some((me, Kind::Flag)));
        // Traditional: it explodes with the attacker, and the Mine behind stays.
        let (game, said) =
            attack_flag_on_bridge(free(Rules::TRADITIONAL), me, Kind::General, Kind::Mine);
        assert_eq!(said, Announcement::BothRemoved);
        assert_eq!(at(&game, rel(me, "b4")), None);
        assert_eq!(at(&game, rel(me, "b3")), Some((me, Kind::Mine)));
        assert_eq!(game.losses()[me][Kind::Mine], 0);
        // A Plane or an Engineer clears it like a Mine.
        for clearer in [Kind::Plane, Kind::Engineer] {
            for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
                let (game, said) = attack_flag_on_bridge(free(rules), me, clearer, Kind::Mine);
                assert_eq!(said, Announcement::DefenderRemoved);
                assert_eq!(at(&game, rel(me, "b4")), Some((!me, clearer)));
                assert_eq!(at(&game, rel(me, "b3")), Some((me, Kind::Mine)));
            }
        }
    }
}

#[test]
fn a_flag_backed_by_an_equal_piece_is_removed_with_the_attacker() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            let (game, said) = attack_flag_on_bridge(free(rules), me, Kind::Major, Kind::Major);
            assert_eq!(said, Announcement::BothRemoved);
            assert_eq!(at(&game, rel(me, "b4")), None);
            assert_eq!(at(&game, rel(me, "b3")), Some((me, Kind::Major)));
            assert_eq!(game.position().officers(me), 6);
            assert_eq!(game.position().officers(!me), 5);
        }
    }
}

#[test]
fn pieces_that_never_move_never_attack() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for attacker in [Kind::Mine, Kind::Flag] {
            for defender in standard() {
                assert_eq!(rules.battle(attacker, defender), None);
            }
        }
    }
}
