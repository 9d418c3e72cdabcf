//! Position texts from anywhere (`docs/RULES.md`, "Position text"): what
//! no game reaches is refused with a [`PositionError`], never a panic nor
//! a position read wrongly; a position accepted reads as the text it
//! prints; and a game started from a decided position is over from the
//! start, as the position says.

use gunjin_rules::{
    Color, Diagram, Game, Kind, Mode, Outcome, PlayError, Position, PositionError, Preset, Record,
    Rules, WinReason, random_game,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn error(text: &str) -> PositionError {
    match text.parse::<Position>() {
        Ok(position) => panic!("{text} was accepted as {position}"),
        Err(e) => e,
    }
}

fn is_text_error(e: PositionError) -> bool {
    matches!(e, PositionError::Text { .. })
}

#[test]
fn a_run_of_empty_nodes_too_long_for_its_rank_is_refused() {
    for run in [
        "18446744073709551617",
        "18446744073709551616",
        "99999999999999999999999999999999",
        "7",
        "10",
    ] {
        let text = format!("htsrf {run}g3/6/6/6/6/6/6/5 s");
        assert!(is_text_error(error(&text)), "{text}");
        let record = format!("{text} b8-b7");
        assert!(record.parse::<Record>().is_err(), "{record}");
    }
    // Nine empty nodes fill a rank of Classic 25's board, ten do not.
    assert!("c25-htsrf 3k3/9/9/9/9/3K3 s".parse::<Position>().is_ok());
    assert!(is_text_error(error("c25-htsrf 3k3/10/9/9/9/3K3 s")));
    // A run is written from 1 and without a leading 0.
    for rank in ["0g4", "01g3", "1g03", "g004"] {
        let text = format!("htsrf 5/{rank}/6/6/6/6/6/5 s");
        assert!(is_text_error(error(&text)), "{text}");
    }
}

#[test]
fn a_classic_25_marshal_stands_in_its_headquarters_or_was_taken_there() {
    // South's Marshal on a1, its headquarters empty.
    assert_eq!(
        error("c25-htsrf 3k3/9/9/9/4j4/K6 n"),
        PositionError::Unmoved {
            square: "a1".parse().unwrap(),
            kind: Kind::Marshal
        }
    );
    // In the enemy's headquarters.
    assert!(matches!(
        error("c25-htsrf 3K3/9/9/9/9/3k3 s"),
        PositionError::Unmoved {
            kind: Kind::Marshal,
            ..
        }
    ));
    // Nobody in South's headquarters, or a piece that never moves, or an
    // enemy that cannot have taken the Marshal.
    let missing = PositionError::Headquarters {
        color: Color::South,
        kind: Kind::Marshal,
    };
    assert_eq!(error("c25-htsrf 3k3/9/9/9/4j4/7 n"), missing);
    assert_eq!(error("c25-htsrf 3k3/9/9/9/9/3y3 s"), missing);
    assert!(matches!(
        error("c25-htsrf 3k3/9/9/9/9/3X3 s"),
        PositionError::Unmoved {
            kind: Kind::Mine,
            ..
        }
    ));
    assert_eq!(
        error("c25-htsrf 7/9/9/9/9/3K3 s"),
        PositionError::Headquarters {
            color: Color::North,
            kind: Kind::Marshal
        }
    );
    // Taken by North's General: the game is over.
    let taken: Position = "c25-htsrf 3k3/9/9/9/9/3g3 s".parse().unwrap();
    assert_eq!(
        taken.outcome(),
        Some(Outcome::Win {
            winner: Color::North,
            reason: WinReason::MarshalTaken { by: Kind::General }
        })
    );
    // The Marshal of the other modes moves like any piece.
    assert!("m23-htsrf 5/6/6/6/6/6/6/K4 s".parse::<Position>().is_ok());
}

#[test]
fn a_game_from_a_decided_position_is_over() {
    // North's Mine cannot move: South has won.
    let text = "htsrf 5/x5/6/6/1G4/6/6/5 n";
    let position: Position = text.parse().unwrap();
    let won = Some(Outcome::Win {
        winner: Color::South,
        reason: WinReason::NoLegalMove,
    });
    assert_eq!(position.outcome(), won);
    let mut game = Game::from_position(position.diagram()).unwrap();
    assert_eq!(game.outcome(), won);
    assert_eq!(game.resign(Color::North), Err(PlayError::GameOver));
    let view = game.view(Color::South);
    assert_eq!(view.outcome(), won);
    assert!(view.reveal().is_some(), "the end reveals the board");
    assert_eq!(game.record().replay().unwrap().outcome(), won);
    assert!(
        format!("{text} resign:n")
            .parse::<Record>()
            .unwrap()
            .replay()
            .is_err()
    );
    // An officer already in the enemy headquarters, South to move.
    let mut game = Game::from_position("htsrf 5/6/6/6/6/6/6/X1g2 s".parse().unwrap()).unwrap();
    assert!(game.outcome().is_some());
    assert_eq!(
        game.play("a1-a2".parse().unwrap()),
        Err(PlayError::GameOver)
    );
}

/// Every mode under both presets.
fn all_rules() -> Vec<Rules> {
    Preset::ALL
        .into_iter()
        .flat_map(|preset| {
            Mode::ALL.map(|mode| Rules {
                mode,
                ..preset.rules()
            })
        })
        .collect()
}

/// A diagram of random pieces on random nodes of the rules' board, each
/// Classic 25 Marshal usually in its headquarters: most are refused, and
/// those accepted are positions of every kind, decided ones among them.
fn random_diagram(rules: Rules, rng: &mut SmallRng) -> Diagram {
    let shape = rules.shape();
    let turn = *Color::ALL.choose(rng).unwrap();
    let mut diagram = Diagram::empty(rules, turn);
    let nodes: Vec<_> = shape.nodes().collect();
    let kinds: Vec<Kind> = rules.mode.kinds().collect();
    for _ in 0..rng.random_range(0..12) {
        let color = *Color::ALL.choose(rng).unwrap();
        let piece = (color, *kinds.choose(rng).unwrap());
        diagram.set(*nodes.choose(rng).unwrap(), Some(piece));
    }
    if let Some(kind) = rules.mode.in_hq() {
        for color in Color::ALL {
            if rng.random_bool(0.9) {
                diagram.set(shape.hq(color), Some((color, kind)));
            }
        }
    }
    diagram
}

/// Random diagrams of every mode: one accepted starts a game whose
/// outcome is the position's, and its text reads back as it.
#[test]
fn a_game_from_any_position_has_the_positions_outcome() {
    let mut rng = SmallRng::seed_from_u64(46);
    let (mut accepted, mut decided) = (0, 0);
    for rules in all_rules() {
        for _ in 0..400 {
            let diagram = random_diagram(rules, &mut rng);
            let text = diagram.to_string();
            assert_eq!(text.parse(), Ok(diagram), "{text}");
            let Ok(position) = Position::from_diagram(&diagram) else {
                continue;
            };
            accepted += 1;
            let game = Game::from_position(diagram).unwrap();
            assert_eq!(game.outcome(), position.outcome(), "{text}");
            let legal = position.legal_moves();
            match game.outcome() {
                Some(_) => {
                    decided += 1;
                    for side in Color::ALL {
                        assert!(game.view(side).legal_moves().is_empty(), "{text}");
                    }
                    if let Some(&mv) = legal.first() {
                        assert_eq!(game.clone().play(mv), Err(PlayError::GameOver));
                    }
                }
                None => assert!(!legal.is_empty(), "{text}: a game on has a move"),
            }
        }
    }
    assert!(
        accepted > 1000 && decided > 400,
        "{accepted} accepted, {decided} decided"
    );
}

/// A text made from `text` by a few random edits: characters deleted,
/// doubled, swapped or replaced, digits and long numbers put in.
fn mutated(text: &str, rng: &mut SmallRng) -> String {
    const PIECES: &str = "0123456789/ -*+:GLMPCOTJAVNSEYXFKZRIUDQglmpcotjavnseyxfkzriudqsnhe";
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=chars.len());
        match rng.random_range(0..6) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars.insert(at, chars[at]),
            2 if at + 1 < chars.len() => chars.swap(at, at + 1),
            3 => {
                let digits = ["0", "10", "99", "18446744073709551617", "4294967297"];
                let digits = digits.choose(rng).unwrap();
                chars.splice(at..at, digits.chars());
            }
            _ => {
                let c = PIECES
                    .chars()
                    .nth(rng.random_range(0..PIECES.len()))
                    .unwrap();
                if at < chars.len() {
                    chars[at] = c;
                } else {
                    chars.push(c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Reads `text` every way a position or record is read and uses what is
/// accepted: nothing may panic, and an accepted diagram prints as `text`.
fn read_everything(text: &str) -> Result<(), TestCaseError> {
    if let Ok(diagram) = text.parse::<Diagram>() {
        prop_assert_eq!(diagram.to_string(), text);
        if let Ok(game) = Game::from_position(diagram) {
            prop_assert_eq!(game.outcome(), game.position().outcome());
            for side in Color::ALL {
                let _ = game.view(side).legal_moves();
            }
        }
    }
    if let Ok(record) = text.parse::<Record>() {
        prop_assert_eq!(record.to_string().parse::<Record>(), Ok(record.clone()));
        let _ = record.replay();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Edited texts of real positions and records, of every mode.
    #[test]
    fn edited_position_texts_never_panic(seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let rules = *all_rules().choose(&mut rng).unwrap();
        let mut game = random_game(rules, &mut rng);
        for _ in 0..rng.random_range(0..40) {
            let moves = game.position().legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else { break };
            if game.play(mv).is_err() || game.outcome().is_some() {
                break;
            }
        }
        let position = game.position().to_string();
        let record = format!("{position} {}", game.history().iter().map(|m| m.mv.to_string()).collect::<Vec<_>>().join(" "));
        for text in [&position, &record, &game.record().to_string()] {
            read_everything(&mutated(text, &mut rng))?;
        }
    }

    /// Any text at all.
    #[test]
    fn any_text_never_panics(text in "\\PC{0,80}") {
        read_everything(&text)?;
        read_everything(&format!("htsrf {text} s"))?;
        read_everything(&format!("c25-htsrf {text} n"))?;
    }
}
