//! What the CPU's Web Worker answers: the app's requests (moves, setups,
//! hints) read from JSON, worked out with `gunjin-cpu`, written back. The
//! app does not link the CPU at all; this crate is the only one that does,
//! so the page's own wasm stays small and the page never freezes.
//!
//! The messages are the app's `src/cpu_protocol.rs`, included by path: one
//! definition for both sides without a crate of its own.

#[path = "../../../src/cpu_protocol.rs"]
pub mod protocol;

use gunjin_cpu::{Belief, Budget, Cpu, Level};
use gunjin_rules::{Kind, View};

use protocol::{Answer, Ask, Hint, Reply, Request};

/// Reads a request, works it out, and writes the reply: the whole worker.
/// `now` is the worker's clock in milliseconds.
pub fn answer(request: &str, now: fn() -> f64) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(Request { id, ask }) => Reply {
            id,
            answer: work(ask, now).unwrap_or_else(|error| Answer::Error { error }),
        },
        Err(err) => Reply {
            // The id, if at least that can be read, so the app stops waiting.
            id: serde_json::from_str::<serde_json::Value>(request)
                .ok()
                .and_then(|v| v.get("id")?.as_u64())
                .and_then(|id| u32::try_from(id).ok())
                .unwrap_or(u32::MAX),
            answer: Answer::Error {
                error: err.to_string(),
            },
        },
    };
    serde_json::to_string(&reply).expect("a reply always serialises")
}

fn work(ask: Ask, now: fn() -> f64) -> Result<Answer, String> {
    let level = |name: &str| name.parse::<Level>().map_err(|e| e.to_string());
    Ok(match ask {
        Ask::Move {
            level: name,
            seed,
            view,
            budget_ms,
        } => {
            let level = level(&name)?;
            let start = now();
            let budget = Budget::new(budget_ms.map_or(level.think_millis(), f64::from), now);
            let mv = Cpu::new(level, seed).choose_move(&view, budget);
            Answer::Move {
                mv,
                think_us: ((now() - start) * 1000.0).round() as u32,
            }
        }
        Ask::Setup {
            level: name,
            rules,
            seed,
        } => Answer::Setup {
            setup: Cpu::new(level(&name)?, seed).setup(rules),
        },
        Ask::Hints { view } => Answer::Hints {
            hints: hints(&view),
        },
    })
}

/// A hint for every enemy piece on the board, deduced from `view` alone.
pub fn hints(view: &View) -> Vec<Hint> {
    let belief = Belief::new(view);
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
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    fn clock() -> f64 {
        0.0
    }

    fn ask(id: u32, ask: Ask) -> Answer {
        let text = serde_json::to_string(&Request { id, ask }).unwrap();
        let reply: Reply = serde_json::from_str(&answer(&text, clock)).unwrap();
        assert_eq!(reply.id, id);
        reply.answer
    }

    #[test]
    fn a_move_request_gets_a_legal_move() {
        let mut rng = SmallRng::seed_from_u64(4);
        let game = random_game(Rules::TRADITIONAL, &mut rng);
        let view = game.view(game.view(Color::South).turn());
        for level in ["greedy", "easy"] {
            let reply = ask(
                42,
                Ask::Move {
                    level: level.to_owned(),
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
                    level: "hard".to_owned(),
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
    fn a_bad_request_gets_an_error_with_its_id() {
        let reply = ask(
            5,
            Ask::Setup {
                level: "grandmaster".to_owned(),
                rules: Rules::KIRAKUKEN,
                seed: 0,
            },
        );
        assert!(matches!(reply, Answer::Error { .. }));
        let reply: Reply = serde_json::from_str(&answer(r#"{"id":7,"ask":"x"}"#, clock)).unwrap();
        assert_eq!(reply.id, 7);
        assert!(matches!(reply.answer, Answer::Error { .. }));
    }
}
