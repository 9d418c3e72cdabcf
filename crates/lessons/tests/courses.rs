//! Every step of every course, played through the checker: its solution
//! completes it, a wrong try is answered with the expected reason, and
//! every word it needs is in every language.

use gunjin_rules::Refusal as G;
use lessons::{Board, COURSES, Lesson, Reason, Task, Verdict};
use serde_json::Value;
use shogi_rules::Refusal as S;

/// One wrong try per step (a move, or a question's choice) and what the
/// checker must answer.
const WRONG: &[(&str, &str, Reason)] = &[
    ("plane", "a2-b3", Reason::Gunjin(G::OutOfReach)),
    ("engineer", "b2-c3", Reason::Gunjin(G::OutOfReach)),
    ("tank", "e3-e6", Reason::Gunjin(G::OutOfReach)),
    ("bridges", "a4-a5", Reason::Gunjin(G::OutOfReach)),
    ("battle", "b4-c4", Reason::Hint),
    ("battle_says", "1", Reason::Hint),
    ("spy", "d3-c3", Reason::Hint),
    ("general", "b4-b5", Reason::Hint),
    ("mine", "a5-b5", Reason::Hint),
    ("flag", "c5-c6", Reason::Hint),
    ("headquarters", "d7-c8", Reason::Hint),
    ("tags", "1", Reason::Hint),
    ("jet", "a1-e6", Reason::Gunjin(G::OutOfReach)),
    ("artillery", "e2-d3", Reason::Gunjin(G::OutOfReach)),
    ("missile", "a1*e6", Reason::Gunjin(G::OutOfReach)),
    ("atomic", "a1*c4", Reason::Hint),
    ("marshal", "e5-e6", Reason::Gunjin(G::Guarded)),
    ("pawn", "5e5f", Reason::Shogi(S::OutOfReach)),
    ("lance", "1i2h", Reason::Shogi(S::OutOfReach)),
    ("knight", "5e5c", Reason::Shogi(S::OutOfReach)),
    ("silver", "5e5f", Reason::Shogi(S::OutOfReach)),
    ("gold", "5e4f", Reason::Shogi(S::OutOfReach)),
    ("bishop", "8h8b", Reason::Shogi(S::OutOfReach)),
    ("rook", "2h3g", Reason::Shogi(S::OutOfReach)),
    ("king", "5i6h", Reason::Shogi(S::KingInCheck)),
    ("capture", "2h2d", Reason::Hint),
    ("drop", "G*9i", Reason::Shogi(S::Occupied)),
    ("two_pawns", "P*5d", Reason::Shogi(S::TwoPawns)),
    ("pawn_drop_mate", "P*1b", Reason::Shogi(S::PawnDropMate)),
    ("dead_squares", "N*5b", Reason::Shogi(S::DeadSquare)),
    ("forced_promotion", "1b1a", Reason::Shogi(S::DeadSquare)),
    ("promotion", "8h3c", Reason::Hint),
    ("check", "2h2g", Reason::Hint),
    ("mate", "G*4b", Reason::Hint),
];

/// Plays `text` (a move, or a question's choice) in `lesson`.
fn try_text(lesson: &mut Lesson, text: &str) -> Verdict {
    match (&lesson.step().task, lesson.board()) {
        (Task::Question { .. }, _) => lesson.answer(text.parse().unwrap()),
        (_, Board::Gunjin(game)) => {
            let mv = game.rules().shape().parse_move(text).unwrap();
            lesson.try_gunjin(mv)
        }
        (_, Board::Shogi(_)) => lesson.try_shogi(text.parse().unwrap()),
        (_, Board::None) => panic!("{text}: no board"),
    }
}

#[test]
fn every_solution_completes_its_step() {
    for course in &COURSES {
        for step in course.steps {
            let mut lesson = Lesson::new(step);
            let at = format!("{}.{}", course.id, step.id);
            match step.task {
                Task::Play(game) => {
                    assert_eq!(game, course.game, "{at}");
                    continue;
                }
                Task::Question {
                    answer, choices, ..
                } => {
                    assert!((1..=choices).contains(&answer), "{at}");
                    assert_eq!(lesson.answer(answer), Verdict::Done, "{at}");
                    continue;
                }
                _ => assert!(
                    !matches!(lesson.board(), Board::None),
                    "{at}: the position reads"
                ),
            }
            let (goals, replies) = match step.task {
                Task::Gunjin { goals, replies, .. } => (goals.len(), replies.len()),
                Task::Shogi { goals, replies, .. } => (goals.len(), replies.len()),
                _ => unreachable!(),
            };
            assert_eq!(step.solution.len(), goals, "{at}: a move per goal");
            assert_eq!(replies + 1, goals, "{at}: a reply between goals");
            for (i, mv) in step.solution.iter().enumerate() {
                let expected = if i + 1 == goals {
                    Verdict::Done
                } else {
                    Verdict::Continue
                };
                assert_eq!(try_text(&mut lesson, mv), expected, "{at}: {mv}");
            }
            assert!(lesson.is_done(), "{at}");
        }
    }
}

#[test]
fn a_wrong_try_is_explained_and_changes_nothing() {
    let mut tried = 0;
    for course in &COURSES {
        for step in course.steps {
            if matches!(step.task, Task::Play(_)) {
                continue;
            }
            let at = format!("{}.{}", course.id, step.id);
            let &(_, text, reason) = WRONG
                .iter()
                .find(|(id, ..)| *id == step.id)
                .unwrap_or_else(|| panic!("{at}: no wrong try"));
            let mut lesson = Lesson::new(step);
            assert_eq!(
                try_text(&mut lesson, text),
                Verdict::Wrong(reason),
                "{at}: {text}"
            );
            // The board is as it was: the solution still completes it.
            if let Some(first) = step.solution.first() {
                assert_ne!(try_text(&mut lesson, first), Verdict::Wrong(reason), "{at}");
            }
            tried += 1;
        }
    }
    assert_eq!(tried, WRONG.len(), "every wrong try names a step");
}

/// The `lessons` namespace of a language.
fn words(lang: &str) -> Value {
    let path = format!(
        "{}/../../locales/{lang}/lessons.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn every_text_is_in_every_language() {
    for lang in ["en", "ja", "th"] {
        let words = words(lang);
        let has = |path: &str| {
            let text = path.split('.').fold(&words, |value, key| &value[key]);
            assert!(
                text.as_str().is_some_and(|t| !t.is_empty()),
                "locales/{lang}/lessons.json: {path} is missing"
            );
        };
        for key in Reason::KEYS {
            has(&format!("why.{key}"));
        }
        for course in &COURSES {
            has(&format!("{}.title", course.id));
            has(&format!("{}.intro", course.id));
            for step in course.steps {
                let at = format!("{}.{}", course.id, step.id);
                has(&format!("{at}.title"));
                has(&format!("{at}.text"));
                match step.task {
                    Task::Play(_) => {}
                    Task::Question { choices, .. } => {
                        has(&format!("{at}.hint"));
                        for n in 1..=choices {
                            has(&format!("{at}.choice_{n}"));
                        }
                    }
                    _ => has(&format!("{at}.hint")),
                }
            }
        }
    }
}
