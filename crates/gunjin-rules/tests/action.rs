//! What a player's piece does aimed at a node ([`View::action`]): the
//! step or the strike the rules allow, the question of the Atomic bomb,
//! or why not (a guarded Marshal, `shared/RULES.md` §8.2, above all). Over
//! whole random games of every mode its answers are exactly the legal
//! moves.

use std::collections::BTreeSet;

use gunjin_rules::{
    Action, Color, Game, Mode, Move, Preset, Refusal, Rules, Square, View, random_game,
};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn view(text: &str, side: Color) -> View {
    let game = Game::from_position(text.parse().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    game.view(side)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn step(text: &str) -> Result<Action, Refusal> {
    Ok(Action::Step(text.parse().unwrap()))
}

#[test]
fn a_piece_steps_or_is_refused_by_the_guard_of_the_marshal() {
    // North's Spy on d5 guards its Marshal; South's General on e5.
    let v = view("c25-htsrf e2k3/3yG4/9/9/9/2EK3 s", Color::South);
    assert_eq!(v.action(sq("e5"), sq("e4")), step("e5-e4"));
    assert_eq!(v.action(sq("e5"), sq("d5")), step("e5-d5"), "an attack");
    assert_eq!(v.action(sq("e5"), sq("e6")), Err(Refusal::Guarded));
    assert_eq!(v.action(sq("e5"), sq("e3")), Err(Refusal::OutOfReach));
    // Out of the Engineer's reach: nothing to do with the guard.
    assert_eq!(v.action(sq("c1"), sq("e6")), Err(Refusal::OutOfReach));
    // Unguarded, the General simply goes in.
    let v = view("c25-htsrf e2k3/4G4/9/9/9/2EK3 s", Color::South);
    assert_eq!(v.action(sq("e5"), sq("e6")), step("e5-e6"));
    // South's own pieces next to North's headquarters guard nothing.
    let v = view("c25-htsrf e2k3/3GJ4/9/9/9/2EK3 s", Color::South);
    assert_eq!(v.action(sq("d5"), sq("e6")), step("d5-e6"));
}

#[test]
fn a_missile_strikes_with_the_bomb_as_a_choice_never_at_a_headquarters() {
    // Missiles on a2 (the bomb beside it on b2) and i2.
    let v = view("c25-htsrf e2k3/9/9/9/IU6I/G1EK3 s", Color::South);
    let strike = |missile: &str, bomb| Move::strike(sq(missile), sq("c5"), bomb);
    assert_eq!(
        v.action(sq("a2"), sq("c5")),
        Ok(Action::Strike {
            plain: strike("a2", false),
            with_bomb: Some(strike("a2", true))
        })
    );
    assert_eq!(
        v.action(sq("i2"), sq("c5")),
        Ok(Action::Strike {
            plain: strike("i2", false),
            with_bomb: None
        })
    );
    assert_eq!(v.action(sq("a2"), sq("e6")), Err(Refusal::OutOfReach));
    assert_eq!(
        v.action(sq("a2"), sq("c3")),
        Err(Refusal::OutOfReach),
        "own camp"
    );
    assert_eq!(
        v.action(sq("b2"), sq("c5")),
        Err(Refusal::OutOfReach),
        "the bomb"
    );
    assert_eq!(v.strike_targets(sq("a2")).count(), 24);
    assert!(!v.strike_targets(sq("a2")).contains(sq("e6")));
    assert!(v.strike_targets(sq("b2")).is_empty());
    assert!(v.strike_targets(sq("c1")).is_empty(), "an Engineer");
}

#[test]
fn nothing_acts_out_of_turn_after_the_end_or_from_an_empty_node() {
    let text = "c25-htsrf e2k3/4G4/9/9/9/2EK3 s";
    let north = view(text, Color::North);
    assert_eq!(north.action(sq("a6"), sq("a5")), Err(Refusal::NotYourTurn));
    let south = view(text, Color::South);
    assert_eq!(south.action(sq("a6"), sq("a5")), Err(Refusal::NoPiece));
    assert_eq!(south.action(sq("a5"), sq("a4")), Err(Refusal::NoPiece));
    let mut game = Game::from_position(text.parse().unwrap()).unwrap();
    game.play("e5-e6".parse().unwrap()).unwrap();
    let after = game.view(Color::South);
    assert_eq!(after.action(sq("c1"), sq("b1")), Err(Refusal::GameOver));
}

/// Every legal move of the view, by [`View::action`] over every pair of
/// nodes; checks each refusal on the way.
fn actions(view: &View, position: &gunjin_rules::Position) -> BTreeSet<Move> {
    let shape = view.rules().shape();
    let mut moves = BTreeSet::new();
    for from in shape.nodes() {
        if !view.own().iter().any(|p| p.square == from) {
            assert_eq!(view.action(from, from), Err(Refusal::NoPiece));
            continue;
        }
        for to in shape.nodes() {
            match view.action(from, to) {
                Ok(Action::Step(mv)) => {
                    assert_eq!((mv.from(), mv.to(), mv.is_strike()), (from, to, false));
                    moves.insert(mv);
                }
                Ok(Action::Strike { plain, with_bomb }) => {
                    assert_eq!(plain, Move::strike(from, to, false));
                    moves.extend([plain].into_iter().chain(with_bomb));
                }
                Err(Refusal::Guarded) => {
                    assert!(view.rules().marshal_stays());
                    assert_eq!(to, shape.hq(!view.side()));
                    assert!(!position.is_legal(Move::step(from, to)));
                }
                Err(Refusal::OutOfReach) => {}
                Err(why) => panic!("{from}-{to}: {why} on the player's move"),
            }
        }
    }
    moves
}

/// Random games of every mode under both presets: on every move, the
/// moves [`View::action`] allows the side to move are its legal moves,
/// and the other side's view refuses everything as out of turn.
#[test]
fn actions_are_the_legal_moves_in_every_mode() {
    let mut rng = SmallRng::seed_from_u64(46);
    let mut guarded = 0;
    for preset in Preset::ALL {
        for mode in Mode::ALL {
            let rules = Rules {
                mode,
                ..preset.rules()
            };
            let mut game = random_game(rules, &mut rng);
            while game.outcome().is_none() {
                let position = game.position();
                let side = position.turn();
                let view = game.view(side);
                let legal: BTreeSet<Move> = position.legal_moves().into_iter().collect();
                assert_eq!(actions(&view, position), legal, "{position}");
                let hq = rules.shape().hq(!side);
                guarded += view
                    .own()
                    .iter()
                    .filter(|p| view.action(p.square, hq) == Err(Refusal::Guarded))
                    .count();
                let other = game.view(!side);
                let from = other.own()[0].square;
                assert_eq!(other.action(from, from), Err(Refusal::NotYourTurn));
                let mv = *legal.iter().collect::<Vec<_>>().choose(&mut rng).unwrap();
                game.play(*mv).unwrap();
                // Classic 25's whole games, where guards are met; the
                // other modes' openings.
                if mode != Mode::Classic25 && rng.random_bool(0.02) {
                    break;
                }
            }
        }
    }
    assert!(guarded > 0, "a guarded Marshal was met");
}
