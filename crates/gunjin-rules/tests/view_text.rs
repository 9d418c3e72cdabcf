//! A player's view read from JSON (the server sends it, the app hands it to
//! the CPU's worker): whatever a message holds, reading it and using it
//! never panics nor wraps a count: a piece identity outside every camp, a
//! loss count at its limit, a square of another board.

use gunjin_rules::{Color, Mode, Move, Preset, Rules, View, random_game};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Everything a player's program may ask of a view, and the steps of its
/// own history applied again.
fn use_everything(view: &mut View) {
    let shape = *view.rules().shape();
    let _ = view.legal_moves();
    for from in shape.nodes() {
        let _ = (
            view.destinations(from),
            view.strike_targets(from),
            view.seen(from),
        );
        for to in shape.nodes() {
            let _ = (view.action(from, to), view.allows(Move::step(from, to)));
        }
    }
    if let Some(&setup) = view.own_setup() {
        let (rules, side, first) = (view.rules(), view.side(), view.first());
        let _ = View::from_public(
            rules,
            side,
            first,
            setup,
            view.enemy_empty(),
            view.history(),
        );
    }
    for step in view.history().to_vec() {
        let _ = view.apply(&step);
    }
    let _ = serde_json::to_string(view);
}

/// The `n`th leaf (number, string, `null` or boolean) of `value`.
fn leaf<'a>(value: &'a mut Value, n: &mut usize) -> Option<&'a mut Value> {
    match value {
        Value::Array(items) => items.iter_mut().find_map(|v| leaf(v, n)),
        Value::Object(fields) => fields.values_mut().find_map(|v| leaf(v, n)),
        _ if *n == 0 => Some(value),
        _ => {
            *n -= 1;
            None
        }
    }
}

/// Values a hostile or broken message may put anywhere.
const ODD: [&str; 16] = [
    "255",
    "64",
    "25",
    "0",
    "-1",
    "null",
    "[]",
    "\"i6\"",
    "\"d1\"",
    "\"g3\"",
    "\"e6\"",
    "\"Marshal\"",
    "\"North\"",
    "\"e2*e5+\"",
    "\"b4-b5\"",
    "\"ECTJLZTOE/RZOGIUYMR/ECXKXJI\"",
];

#[test]
fn identities_and_counts_out_of_range_are_harmless() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut game = random_game(Preset::Kirakuken.rules(), &mut rng);
    // Both camps are full: every first move is a battle.
    let first = game.position().legal_moves()[0];
    let side = game.position().turn();
    let before = game.view(!side);
    game.play(first).unwrap();
    let step = *game.history().last().unwrap();
    for (field, value) in [("enemy_losses", 255), ("own_id", 200), ("enemy_id", 255)] {
        let mut json = serde_json::to_value(&before).unwrap();
        match field {
            "enemy_losses" => json[field] = value.into(),
            "own_id" => json["own"][0]["id"] = value.into(),
            _ => json["enemies"][0]["id"] = value.into(),
        }
        let mut view: View = serde_json::from_value(json).unwrap();
        let _ = view.apply(&step);
        use_everything(&mut view);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Views of random games of every mode, a few of their values
    /// replaced by odd ones.
    #[test]
    fn edited_views_never_panic(seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let preset = *Preset::ALL.choose(&mut rng).unwrap();
        let mode = *Mode::ALL.choose(&mut rng).unwrap();
        let mut game = random_game(Rules { mode, ..preset.rules() }, &mut rng);
        for _ in 0..rng.random_range(0..80) {
            let moves = game.position().legal_moves();
            match moves.choose(&mut rng) {
                Some(&mv) if game.outcome().is_none() => game.play(mv).unwrap(),
                _ => break,
            };
        }
        let view = game.view(*Color::ALL.choose(&mut rng).unwrap());
        let mut json = serde_json::to_value(&view).unwrap();
        for _ in 0..rng.random_range(1..4) {
            let mut n = rng.random_range(0..200);
            if let Some(at) = leaf(&mut json, &mut n) {
                *at = serde_json::from_str(ODD.choose(&mut rng).unwrap()).unwrap();
            }
        }
        if let Ok(mut view) = serde_json::from_value::<View>(json) {
            use_everything(&mut view);
        }
    }
}
