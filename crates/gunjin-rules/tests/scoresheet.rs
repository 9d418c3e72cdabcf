//! The written record: every random game in every mode reads back as it
//! was written, and a text that does not read says on which line.

use gunjin_rules::{
    ByColor, Color, Front, MineRule, Mode, Placement, Record, Rules, Scoresheet, StrengthOrder,
    TankVsEngineer, random_game,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Rules of any mode with any options.
fn rules(mode: usize, bits: u8) -> Rules {
    let pick = |bit: u8| bits & (1 << bit) != 0;
    Rules {
        mode: Mode::ALL[mode],
        strength: if pick(0) {
            StrengthOrder::Traditional
        } else {
            StrengthOrder::House
        },
        tank_vs_engineer: if pick(1) {
            TankVsEngineer::EngineerWins
        } else {
            TankVsEngineer::TankWins
        },
        mine: if pick(2) {
            MineRule::Explodes
        } else {
            MineRule::Stays
        },
        front: if pick(3) { Front::Open } else { Front::River },
        placement: if pick(4) {
            Placement::Traditional
        } else {
            Placement::Free
        },
    }
}

/// A random game cut after `plies` moves (or at its end), perhaps resigned.
fn played(rules: Rules, seed: u64, plies: usize, resign: Option<bool>) -> Record {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = random_game(rules, &mut rng);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).unwrap();
    }
    if let Some(south) = resign {
        let _ = game.resign(if south { Color::South } else { Color::North });
    }
    game.record()
}

fn sheet(record: Record, south: Option<String>, north: Option<String>) -> Scoresheet {
    Scoresheet {
        record,
        players: ByColor { south, north },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_written_record_reads_back_as_it_was(
        mode in 0..4usize,
        bits in 0..32u8,
        seed in any::<u64>(),
        plies in 0..400usize,
        resign in proptest::option::of(any::<bool>()),
        south in proptest::option::of("[A-Za-z喜楽][A-Za-z0-9喜楽 ()]{0,12}[A-Za-z喜)]"),
        north in proptest::option::of("[A-Za-z]([A-Za-z0-9 ]{0,12}[0-9])?"),
    ) {
        let record = played(rules(mode, bits), seed, plies, resign);
        let written = sheet(record, south, north);
        let text = written.write().unwrap();
        prop_assert_eq!(text.parse::<Scoresheet>(), Ok(written), "{}", text);
    }
}

#[test]
fn a_game_from_a_position_reads_back() {
    let record: Record = "htsrf 1g3/6/6/6/6/6/6/4G n b8-b7 resign:s".parse().unwrap();
    let written = sheet(record, Some("Aki".into()), None);
    let text = written.write().unwrap();
    assert!(
        text.contains("Result: North wins, South resigned\n"),
        "{text}"
    );
    assert!(
        text.contains("Position: htsrf 1g3/6/6/6/6/6/6/4G n\n"),
        "{text}"
    );
    assert_eq!(text.parse::<Scoresheet>(), Ok(written));
}

#[test]
fn names_are_written_on_one_line() {
    let record = played(Rules::KIRAKUKEN, 3, 4, None);
    let text = sheet(record, Some(" Aki\nand Ben ".into()), None)
        .write()
        .unwrap();
    assert!(text.contains("\nSouth: Aki and Ben\n"), "{text}");
    let read: Scoresheet = text.parse().unwrap();
    assert_eq!(read.players.south.as_deref(), Some("Aki and Ben"));
}

/// The text of a short game, and the same text with `line` (1-based)
/// replaced by `with`.
fn broken(line: usize, with: &str) -> String {
    let record = played(Rules::KIRAKUKEN, 5, 30, None);
    let text = sheet(record, None, None).write().unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = with;
    lines.join("\n")
}

fn error_line(text: &str) -> (Option<usize>, String) {
    let e = text.parse::<Scoresheet>().unwrap_err();
    (e.line, e.to_string())
}

#[test]
fn a_bad_text_says_where_it_stopped() {
    // Lines: title, Rules, First, Result, Moves, blank, moves from 7.
    let (line, message) = error_line(&broken(2, "Rules: xxxxx"));
    assert_eq!(line, Some(2), "{message}");
    let (line, message) = error_line(&broken(9, "3. South a1-a9"));
    assert_eq!(line, Some(9), "{message}");
    let (line, message) = error_line(&broken(9, "4. South b4-b5"));
    assert_eq!(line, Some(9), "{message}");
    assert!(message.starts_with("line 9: "), "{message}");
    let (line, message) = error_line(&broken(4, "Result: South wins, North has no legal move"));
    assert_eq!(line, Some(4), "{message}");
    let (line, message) = error_line(&broken(1, "what is this"));
    assert_eq!(line, Some(1), "{message}");
    let (line, message) = error_line("# Gunjin Shogi record\nRules: htsrf\nFirst: South\n");
    assert_eq!(line, None);
    assert!(message.contains("South setup"), "{message}");
}

#[test]
fn a_wrong_announcement_is_refused_on_its_line() {
    let record = played(Rules::KIRAKUKEN, 9, 300, None);
    let text = sheet(record, None, None).write().unwrap();
    let (index, battle) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.ends_with("defender removed"))
        .expect("a random game has a battle");
    let lied = text.replacen(
        battle,
        &battle.replace("defender removed", "attacker removed"),
        1,
    );
    let (line, message) = error_line(&lied);
    assert_eq!(line, Some(index + 1), "{message}");
}

#[test]
fn the_example_in_the_rules_reads() {
    let rules = include_str!("../../../docs/RULES.md");
    let section = &rules[rules.find("### The written record").unwrap()..];
    let start = section.find("```text\n").unwrap() + "```text\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let read: Scoresheet = example.parse().unwrap();
    assert_eq!(read.players.north.as_deref(), Some("CPU (Hard)"));
    assert_eq!(read.record.resigned, Some(Color::North));
    assert_eq!(read.write().unwrap(), example);
}

/// A draw agreed is written on the Result line and read back as agreed.
#[test]
fn a_draw_agreed_reads_back() {
    let mut game = played(Rules::KIRAKUKEN, 7, 20, None).replay().unwrap();
    game.agree_draw().unwrap();
    let text = sheet(game.record(), None, None).write().unwrap();
    assert!(text.contains("Result: draw, agreed\n"), "{text}");
    let read: Scoresheet = text.parse().unwrap();
    assert!(read.record.agreed);
    assert_eq!(read.record, game.record());
}
