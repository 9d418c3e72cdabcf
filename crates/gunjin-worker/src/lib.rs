//! What the CPU's Web Worker answers: the app's requests (moves, setups,
//! hints) read from JSON, worked out with `gunjin-cpu`, written back. The
//! app does not link the CPU at all; this crate is the only one that does,
//! so the page's own wasm stays small and the page never freezes.
//!
//! The messages are `gunjin-worker-protocol`, which the app links too.

use gunjin_cpu::review::{marks, told, view_at};
use gunjin_cpu::{Belief, Budget, Cpu};
use gunjin_rules::{ByColor, Color, Kind, Record, RecordError, View};
pub use gunjin_worker_protocol as protocol;

use protocol::{
    Answer, Ask, Game, Hint, PlyReview, Reply, Request, ReviewAnswer, ReviewReply, Verdict,
};

/// Reads a request, works it out, and writes the reply: the whole worker.
/// `now` is the worker's clock in milliseconds.
pub fn answer(request: &str, now: fn() -> f64) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(Request {
            id,
            game: Game::Gunjin,
            ask: Ask::Review { record, ply, seed },
        }) => {
            let answer = match review(&record, ply.into(), seed) {
                Ok(review) => ReviewAnswer::Review { review },
                Err(err) => ReviewAnswer::Error {
                    error: err.to_string(),
                },
            };
            let reply = ReviewReply { id, answer };
            return serde_json::to_string(&reply).expect("a reply always serialises");
        }
        Ok(Request {
            id,
            game: Game::Gunjin,
            ask,
        }) => Reply {
            id,
            answer: work(ask, now),
        },
        Ok(Request { id, game, .. }) => Reply {
            id,
            answer: Answer::Error {
                error: format!("this worker plays Gunjin Shogi, not {game:?}"),
            },
        },
        Err(err) => Reply {
            id: worker_host::request_id(request),
            answer: Answer::Error {
                error: err.to_string(),
            },
        },
    };
    serde_json::to_string(&reply).expect("a reply always serialises")
}

fn work(ask: Ask, now: fn() -> f64) -> Answer {
    match ask {
        Ask::Move {
            level,
            seed,
            view,
            budget_ms,
        } => {
            let start = now();
            let budget = Budget::new(budget_ms.map_or(level.think_millis(), f64::from), now);
            let mv = Cpu::new(level, seed).choose_move(&view, budget);
            Answer::Move {
                mv,
                think_us: ((now() - start) * 1000.0).round() as u32,
            }
        }
        Ask::Setup { level, rules, seed } => Answer::Setup {
            setup: Cpu::new(level, seed).setup(rules),
        },
        Ask::Hints { view } => Answer::Hints {
            hints: hints(&view),
        },
        // Answered by `answer`, in a reply of its own.
        Ask::Review { .. } => Answer::Error {
            error: "a review has a reply of its own".into(),
        },
    }
}

/// The review of the `ply`-th move of `record`: each side's deduction
/// after it from its own view, what it told each side's opponent, and the
/// Hard search's verdict on it.
pub fn review(record: &Record, ply: usize, seed: u64) -> Result<PlyReview, RecordError> {
    let mut hints = ByColor::<Vec<Hint>>::default();
    let mut told_centibits = ByColor::default();
    let mut telling = ByColor::default();
    for side in Color::ALL {
        // What `side`'s pieces told the opponent, and so the opponent's
        // hints about them.
        let (bits, belief) = told::told_at(record, side, ply)?;
        told_centibits[side] = (bits * 100.0).round() as i32;
        telling[side] = bits >= told::TELLING;
        hints[!side] = hints_from(&belief, &view_at(record, !side, ply)?);
    }
    let verdict = match ply {
        0 => None,
        _ => marks::judge(record, ply, seed)?.map(|j| Verdict {
            best: j.best,
            drop: (j.drop * 10.0).round().min(u32::MAX as f32) as u32,
            mark: j.mark,
        }),
    };
    Ok(PlyReview {
        hints,
        told: told_centibits,
        telling,
        verdict,
    })
}

/// A hint for every enemy piece on the board, deduced from `view` alone.
pub fn hints(view: &View) -> Vec<Hint> {
    hints_from(&Belief::new(view), view)
}

/// A hint for every enemy piece on the board of `view`, from `belief`.
fn hints_from(belief: &Belief, view: &View) -> Vec<Hint> {
    view.enemies()
        .iter()
        .map(|e| {
            let chance = belief.probabilities(e.id);
            let mut kinds: Vec<(Kind, f32)> = belief
                .candidates(e.id)
                .iter()
                .map(|k| (k, chance[k]))
                .collect();
            // Likeliest first; among equals in rank order, as `most_likely`.
            kinds.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let kinds = kinds
                .into_iter()
                .map(|(k, p)| (k, (p.clamp(0.0, 1.0) * 100.0).round() as u8))
                .collect();
            Hint { id: e.id, kinds }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Color, Game, Rules, Template, random_game};
    use protocol::Level;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    fn clock() -> f64 {
        0.0
    }

    fn ask(id: u32, ask: Ask) -> Answer {
        let game = protocol::Game::Gunjin;
        let text = serde_json::to_string(&Request { id, game, ask }).unwrap();
        let reply: Reply = serde_json::from_str(&answer(&text, clock)).unwrap();
        assert_eq!(reply.id, id);
        reply.answer
    }

    #[test]
    fn a_move_request_gets_a_legal_move() {
        let mut rng = SmallRng::seed_from_u64(4);
        let game = random_game(Rules::TRADITIONAL, &mut rng);
        let view = game.view(game.view(Color::South).turn());
        for level in [Level::Easy, Level::Normal] {
            let reply = ask(
                42,
                Ask::Move {
                    level,
                    seed: 1,
                    view: view.clone(),
                    budget_ms: Some(10),
                },
            );
            let Answer::Move { mv: Some(mv), .. } = reply else {
                panic!("no move: {reply:?}");
            };
            assert!(view.legal_moves().contains(&mv));
        }
    }

    #[test]
    fn a_setup_request_gets_the_levels_setup() {
        for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
            let reply = ask(
                7,
                Ask::Setup {
                    level: Level::Hard,
                    rules,
                    seed: 3,
                },
            );
            let Answer::Setup { setup } = reply else {
                panic!("no setup: {reply:?}");
            };
            assert_eq!(setup, Cpu::new(Level::Hard, 3).setup(rules));
            assert!(setup.check(rules).is_ok());
        }
    }

    #[test]
    fn hints_follow_the_players_view_only() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[3].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        // The Tanks on b4 and b5 remove each other: North's attacker is known.
        game.play("b4-b5".parse().unwrap()).unwrap();
        let view = game.view(Color::North);
        let Answer::Hints { hints } = ask(1, Ask::Hints { view: view.clone() }) else {
            panic!("no hints");
        };
        assert_eq!(hints.len(), view.enemies().len());
        let belief = Belief::new(&view);
        for hint in &hints {
            assert_eq!(
                hint.likeliest().map(|(k, _)| k),
                belief.most_likely(hint.id)
            );
            let kinds: Vec<Kind> = hint.kinds.iter().map(|&(k, _)| k).collect();
            assert_eq!(kinds.len(), belief.candidates(hint.id).len());
            assert!(hint.kinds.windows(2).all(|w| w[0].1 >= w[1].1));
            // Whole percentages of chances that add up to one.
            let total: usize = hint.kinds.iter().map(|&(_, p)| usize::from(p)).sum();
            assert!(total.abs_diff(100) <= kinds.len(), "{total}%");
        }
    }

    #[test]
    fn a_review_tells_each_side_only_what_it_could_deduce() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[3].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        // The Tanks on b4 and b5 remove each other.
        game.play("b4-b5".parse().unwrap()).unwrap();
        let record = game.record();
        let ask_review = |ply| {
            let ask = Ask::Review {
                record: record.clone(),
                ply,
                seed: 1,
            };
            let request = Request {
                id: 3,
                game: protocol::Game::Gunjin,
                ask,
            };
            let text = serde_json::to_string(&request).unwrap();
            let reply: ReviewReply = serde_json::from_str(&answer(&text, clock)).unwrap();
            assert_eq!(reply.id, 3);
            reply.answer
        };
        let ReviewAnswer::Review { review } = ask_review(1) else {
            panic!("no review");
        };
        // Both Tanks are off the board, each side told the other a Tank.
        for side in Color::ALL {
            assert!(review.telling[side], "{review:?}");
            assert!(review.told[side] >= 100, "{review:?}");
            let view = game.view(side);
            assert_eq!(review.hints[side].len(), view.enemies().len());
        }
        assert!(review.verdict.is_some());
        let ReviewAnswer::Error { .. } = ask_review(2) else {
            panic!("a review past the last move");
        };
    }

    #[test]
    fn a_bad_request_gets_an_error_with_its_id() {
        let request =
            r#"{"id":5,"ask":{"setup":{"level":"grandmaster","rules":"htsrf","seed":0}}}"#;
        let reply: Reply = serde_json::from_str(&answer(request, clock)).unwrap();
        assert_eq!(reply.id, 5);
        assert!(matches!(reply.answer, Answer::Error { .. }));
        let reply: Reply = serde_json::from_str(&answer(r#"{"id":7,"ask":"x"}"#, clock)).unwrap();
        assert_eq!(reply.id, 7);
        assert!(matches!(reply.answer, Answer::Error { .. }));
        let shogi = Request {
            id: 8,
            game: protocol::Game::Shogi,
            ask: Ask::Setup {
                level: Level::Easy,
                rules: Rules::KIRAKUKEN,
                seed: 0,
            },
        };
        let shogi = serde_json::to_string(&shogi).unwrap();
        let reply: Reply = serde_json::from_str(&answer(&shogi, clock)).unwrap();
        assert_eq!(reply.id, 8);
        assert!(matches!(reply.answer, Answer::Error { error } if error.contains("Shogi")));
    }
}
