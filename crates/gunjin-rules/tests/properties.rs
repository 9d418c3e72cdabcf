//! Properties of random legal games from random setups under random rule
//! options: nothing panics, the board stays consistent after every move,
//! each game ends exactly when RULES.md §7 says, records replay the game,
//! and a player's view never carries an enemy kind before the end.

use std::collections::BTreeSet;

use gunjin_rules::{
    Announcement, ByColor, ByKind, Color, Diagram, DrawReason, Game, Kind, MOVE_LIMIT, Move,
    Outcome, PartialSetup, Position, REPETITION_LIMIT, Record, Rules, Setup, Square, View,
    WinReason,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// The rule set with code bits `bits` (one per option, in code order).
fn rules_from_bits(bits: u8) -> Rules {
    let pick = |i: u8, letters: [char; 2]| letters[(bits >> i & 1) as usize];
    let code: String = [
        pick(0, ['h', 't']),
        pick(1, ['t', 'e']),
        pick(2, ['s', 'x']),
        pick(3, ['r', 'o']),
        pick(4, ['f', 't']),
    ]
    .into_iter()
    .collect();
    code.parse().unwrap()
}

fn new_game(rules: Rules, rng: &mut SmallRng) -> Game {
    let setups = ByColor::new_with(|_| Setup::random(rules, rng));
    let first = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    Game::new(rules, setups, first).expect("random setups respect the placement option")
}

fn random_move(game: &Game, rng: &mut SmallRng) -> Move {
    let moves = game.position().legal_moves();
    moves[rng.random_range(0..moves.len())]
}

/// Pieces on the board by side and kind.
fn on_board(game: &Game) -> ByColor<ByKind<u8>> {
    let mut counts: ByColor<ByKind<u8>> = ByColor::default();
    for color in Color::ALL {
        for (_, piece) in game.position().board().pieces(color) {
            counts[color][piece.kind] += 1;
        }
    }
    counts
}

/// Every node and what stands on it, with the side to move: the position
/// as the repetition rule counts it, built from the board.
type Placement = (Vec<(Square, Color, Kind)>, Color);

fn placement(game: &Game) -> Placement {
    let board = game.position().board();
    let mut pieces: Vec<(Square, Color, Kind)> = Square::ALL
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| (sq, p.color, p.kind)))
        .collect();
    pieces.sort();
    (pieces, game.position().turn())
}

/// The board is consistent: one piece per node at most (the per-side
/// occupancy agrees with the nodes and never overlaps), hashes agree, and
/// pieces on the board plus pieces lost make up each side's 23.
fn check_board(game: &Game) -> Result<(), TestCaseError> {
    let position = game.position();
    let board = position.board();
    let (south, north) = (board.occupied(Color::South), board.occupied(Color::North));
    prop_assert!((south & north).is_empty(), "a node held by both sides");
    for sq in Square::ALL {
        let piece = board.piece_at(sq);
        prop_assert_eq!(
            south.contains(sq),
            piece.is_some_and(|p| p.color == Color::South)
        );
        prop_assert_eq!(
            north.contains(sq),
            piece.is_some_and(|p| p.color == Color::North)
        );
    }
    prop_assert_eq!(position.hash(), position.compute_hash());
    let counts = on_board(game);
    for color in Color::ALL {
        let mut ids = BTreeSet::new();
        for (_, piece) in board.pieces(color) {
            prop_assert!(ids.insert(piece.id), "two pieces share an identity");
            prop_assert!((piece.id.0 as usize) < 23);
        }
        let mut officers = 0;
        for kind in Kind::ALL {
            prop_assert_eq!(
                counts[color][kind] + game.losses()[color][kind],
                game.rules().count(kind),
                "{} {}",
                color,
                kind
            );
            if kind.takes_hq() {
                officers += counts[color][kind];
            }
        }
        prop_assert_eq!(position.officers(color), officers);
    }
    Ok(())
}

/// Both views agree with the board, and the side to move sees the
/// referee's legal moves.
fn check_views(game: &Game) -> Result<(), TestCaseError> {
    let board = game.position().board();
    for side in Color::ALL {
        let view = game.view(side);
        prop_assert_eq!(view.side(), side);
        prop_assert_eq!(view.turn(), game.position().turn());
        prop_assert_eq!(view.history(), game.history());
        prop_assert_eq!(view.ply(), game.history().len());
        prop_assert_eq!(view.outcome(), game.outcome());
        prop_assert_eq!(view.own_losses(), &game.losses()[side]);
        prop_assert_eq!(
            view.enemy_losses(),
            game.losses()[!side].0.iter().sum::<u8>()
        );
        let own: BTreeSet<_> = view
            .own()
            .iter()
            .map(|p| (p.square, p.kind, p.id))
            .collect();
        let real: BTreeSet<_> = board
            .pieces(side)
            .map(|(sq, p)| (sq, p.kind, p.id))
            .collect();
        prop_assert_eq!(own, real);
        let enemies: BTreeSet<_> = view.enemies().iter().map(|e| (e.square, e.id)).collect();
        let real: BTreeSet<_> = board.pieces(!side).map(|(sq, p)| (sq, p.id)).collect();
        prop_assert_eq!(enemies, real);
        if game.outcome().is_none() && side == game.position().turn() {
            let mut seen = view.legal_moves();
            let mut referee = game.position().legal_moves();
            seen.sort();
            referee.sort();
            prop_assert_eq!(seen, referee);
            for piece in view.own() {
                prop_assert_eq!(
                    view.destinations(piece.square),
                    game.position().destinations(piece.square)
                );
            }
        } else {
            prop_assert!(view.legal_moves().is_empty());
        }
        prop_assert_eq!(view.reveal().is_some(), game.outcome().is_some());
    }
    Ok(())
}

/// The result RULES.md §7 gives after `mv` by `mover`, worked out from the
/// board: wins before draws (the headquarters, then the opponent without a
/// legal move), then no officers on either side, the move limit, and the
/// fourth occurrence of a position since the last battle.
fn expected_outcome(
    game: &Game,
    mover: Color,
    mv: Move,
    said: Announcement,
    since_battle: &[Placement],
) -> Option<Outcome> {
    let position = game.position();
    let board = position.board();
    if mv.to() == Square::hq(!mover)
        && !said.attacker_removed()
        && let Some(piece) = board.piece_at(mv.to())
        && piece.kind.takes_hq()
    {
        return Some(Outcome::Win {
            winner: mover,
            reason: WinReason::HeadquartersTaken { by: piece.kind },
        });
    }
    if position.legal_moves().is_empty() {
        return Some(Outcome::Win {
            winner: mover,
            reason: WinReason::NoLegalMove,
        });
    }
    let officers = |c: Color| board.pieces(c).filter(|(_, p)| p.kind.takes_hq()).count();
    let reason = if officers(Color::South) == 0 && officers(Color::North) == 0 {
        DrawReason::NoOfficers
    } else if game.history().len() >= MOVE_LIMIT {
        DrawReason::MoveLimit
    } else if since_battle
        .iter()
        .filter(|&p| *p == since_battle[since_battle.len() - 1])
        .count()
        >= REPETITION_LIMIT
    {
        DrawReason::Repetition
    } else {
        return None;
    };
    Some(Outcome::Draw { reason })
}

/// Plays a random game of at most `max_plies`, checking everything after
/// every move. Returns the game.
fn play_checked(rules: Rules, seed: u64, max_plies: usize) -> Result<Game, TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = new_game(rules, &mut rng);
    check_board(&game)?;
    check_views(&game)?;
    let mut since_battle = vec![placement(&game)];
    while game.outcome().is_none() && game.history().len() < max_plies {
        let mover = game.position().turn();
        let mv = random_move(&game, &mut rng);
        let before = on_board(&game);
        let pieces_before: u32 = Color::ALL
            .iter()
            .map(|&c| game.position().board().occupied(c).count())
            .sum();
        let said = game.play(mv).expect("a legal move is accepted");
        let after = on_board(&game);
        for color in Color::ALL {
            for kind in Kind::ALL {
                prop_assert!(
                    after[color][kind] <= before[color][kind],
                    "a {} appeared",
                    kind
                );
            }
        }
        let pieces_after: u32 = Color::ALL
            .iter()
            .map(|&c| game.position().board().occupied(c).count())
            .sum();
        let removed = said.cleared(mv).count();
        prop_assert_eq!(pieces_before - pieces_after, removed);
        prop_assert_eq!(
            game.history()
                .last()
                .map(|m| (m.side, m.mv, m.announcement)),
            Some((mover, mv, said))
        );
        if said != Announcement::Moved {
            since_battle.clear();
        }
        since_battle.push(placement(&game));
        check_board(&game)?;
        check_views(&game)?;
        prop_assert_eq!(
            game.outcome(),
            expected_outcome(&game, mover, mv, said, &since_battle),
            "after {} by {}",
            mv,
            mover
        );
    }
    Ok(game)
}

/// The walk through a view's JSON: every place a kind's name appears must
/// be the kind of one of the player's own pieces, or of an enemy piece
/// whose kind the rules show face-up (Classic 25's Marshal).
fn kind_names_outside_own_pieces(
    rules: Rules,
    value: &Value,
    kinds: &[Value],
    path: &mut Vec<String>,
    found: &mut Vec<String>,
) {
    let is_own_kind = |path: &[String]| path.len() == 3 && path[0] == "own" && path[2] == "kind";
    let is_face_up = |path: &[String]| {
        path.len() == 3
            && path[0] == "enemies"
            && path[2] == "kind"
            && serde_json::from_value::<Kind>(value.clone()).is_ok_and(|k| rules.face_up(k))
    };
    match value {
        Value::String(_) if kinds.contains(value) && !is_own_kind(path) && !is_face_up(path) => {
            found.push(format!("{} = {value}", path.join(".")));
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                kind_names_outside_own_pieces(rules, item, kinds, path, found);
                path.pop();
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                if kinds.contains(&Value::String(key.clone())) {
                    found.push(format!("key {} in {}", key, path.join(".")));
                }
                path.push(key.clone());
                kind_names_outside_own_pieces(rules, item, kinds, path, found);
                path.pop();
            }
        }
        _ => {}
    }
}

fn check_view_hides_enemy_kinds(view: &View) -> Result<(), TestCaseError> {
    let json = serde_json::to_value(view).unwrap();
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| serde_json::to_value(k).unwrap())
        .collect();
    let mut found = Vec::new();
    kind_names_outside_own_pieces(view.rules(), &json, &kinds, &mut Vec::new(), &mut found);
    prop_assert!(found.is_empty(), "kinds outside own pieces: {:?}", found);
    prop_assert_eq!(&json["reveal"], &Value::Null);
    prop_assert_eq!(&json["outcome"], &Value::Null);
    // Own pieces are all there, with their kinds.
    prop_assert_eq!(json["own"].as_array().map(Vec::len), Some(view.own().len()));
    Ok(())
}

/// `setup` with the kinds on `slots` shuffled among themselves.
fn permuted(setup: Setup, slots: &[usize], rng: &mut SmallRng) -> Setup {
    let mut partial = PartialSetup::from(setup);
    let kinds = partial.slots_mut();
    let mut chosen: Vec<Option<Kind>> = slots.iter().map(|&s| kinds[s]).collect();
    chosen.shuffle(rng);
    for (&slot, kind) in slots.iter().zip(chosen) {
        kinds[slot] = kind;
    }
    partial.to_string().parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random legal games never panic and keep every invariant after every
    /// move, and they end exactly as the rules say.
    #[test]
    fn random_games_keep_the_board_consistent_and_end_by_the_rules(
        seed in any::<u64>(),
        bits in 0u8..32,
    ) {
        let game = play_checked(rules_from_bits(bits), seed, MOVE_LIMIT)?;
        prop_assert!(game.outcome().is_some());
        prop_assert!(game.history().len() <= MOVE_LIMIT);
        // The referee refuses everything after the end.
        let mut game = game;
        for mv in game.position().legal_moves().into_iter().take(3) {
            prop_assert_eq!(game.play(mv), Err(gunjin_rules::PlayError::GameOver));
        }
    }

    /// Replaying a game's record, also through its text form, reproduces
    /// the final position, the history and the outcome.
    #[test]
    fn records_replay_the_game(
        seed in any::<u64>(),
        bits in 0u8..32,
        max_plies in 0usize..=MOVE_LIMIT,
        resign in proptest::option::of(any::<bool>()),
    ) {
        let rules = rules_from_bits(bits);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = new_game(rules, &mut rng);
        while game.outcome().is_none() && game.history().len() < max_plies {
            game.play(random_move(&game, &mut rng)).unwrap();
        }
        if let Some(south) = resign
            && game.outcome().is_none()
        {
            game.resign(if south { Color::South } else { Color::North }).unwrap();
        }
        let record = game.record();
        let text = record.to_string();
        let parsed: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(&parsed, &record);
        prop_assert_eq!(serde_json::from_str::<Record>(&serde_json::to_string(&record).unwrap()).unwrap(), record.clone());
        for replayed in [record.replay(), parsed.replay()] {
            let replayed = replayed.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(replayed.position(), game.position());
            prop_assert_eq!(replayed.history(), game.history());
            prop_assert_eq!(replayed.outcome(), game.outcome());
            prop_assert_eq!(replayed.losses(), game.losses());
            prop_assert_eq!(replayed.setups(), game.setups());
            prop_assert_eq!(replayed.first(), game.first());
            prop_assert_eq!(replayed.repetitions(), game.repetitions());
            for side in Color::ALL {
                prop_assert_eq!(replayed.view(side), game.view(side));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Before the end, a view's JSON names kinds only for the player's own
    /// pieces; after the end it reveals the whole record.
    #[test]
    fn a_view_never_carries_an_enemy_kind_before_the_end(
        seed in any::<u64>(),
        bits in 0u8..32,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = new_game(rules_from_bits(bits), &mut rng);
        loop {
            if game.outcome().is_some() {
                for side in Color::ALL {
                    let view = game.view(side);
                    prop_assert_eq!(view.reveal(), Some(&game.record()));
                }
                break;
            }
            if game.history().len().is_multiple_of(7) {
                for side in Color::ALL {
                    check_view_hides_enemy_kinds(&game.view(side))?;
                }
            }
            game.play(random_move(&game, &mut rng)).unwrap();
        }
    }

    /// Two games that differ only in how the opponent's untouched pieces
    /// (never moved, never in a battle) are arranged among themselves look
    /// exactly the same to the player, byte for byte, while they go on.
    #[test]
    fn hidden_enemy_kinds_do_not_change_a_players_view(
        seed in any::<u64>(),
        bits in 0u8..32,
        plies in 0usize..120,
        viewer_south in any::<bool>(),
    ) {
        let rules = rules_from_bits(bits);
        let viewer = if viewer_south { Color::South } else { Color::North };
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = new_game(rules, &mut rng);
        let mut touched = BTreeSet::new();
        while game.outcome().is_none() && game.history().len() < plies {
            let mv = random_move(&game, &mut rng);
            let board = game.position().board();
            for sq in [mv.from(), mv.to()] {
                if let Some(p) = board.piece_at(sq).filter(|p| p.color == !viewer) {
                    touched.insert(p.id.0 as usize);
                }
            }
            // An attacked Flag fights as the piece behind it: that piece
            // took part in the battle too.
            if let Some(flag) = board.piece_at(mv.to()).filter(|p| p.kind == Kind::Flag) {
                let behind = mv.to().rank() as i8 - flag.color.forward();
                if !mv.to().is_hq()
                    && (0..8).contains(&behind)
                    && let Some(b) = Square::new(mv.to().file(), behind as u8)
                    && let Some(p) = board.piece_at(b).filter(|p| p.color == flag.color)
                {
                    touched.insert(p.id.0 as usize);
                }
            }
            game.play(mv).unwrap();
        }
        let untouched: Vec<usize> = (0..23).filter(|s| !touched.contains(s)).collect();
        let mut setups = *game.setups().unwrap();
        setups[!viewer] = permuted(setups[!viewer], &untouched, &mut rng);
        let Ok(mut other) = Game::new(rules, setups, game.first()) else {
            // The shuffle broke the placement option: nothing to compare.
            return Ok(());
        };
        let mut replay = Game::new(rules, *game.setups().unwrap(), game.first()).unwrap();
        let json = |g: &Game| serde_json::to_string(&g.view(viewer)).unwrap();
        prop_assert_eq!(json(&replay), json(&other));
        for step in game.history() {
            replay.play(step.mv).unwrap();
            other.play(step.mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            if replay.outcome().is_some() || other.outcome().is_some() {
                break;
            }
            prop_assert_eq!(json(&replay), json(&other));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A view with each move's public part applied is the referee's own
    /// view after that move, at every ply and for both players, until the
    /// end (which comes as a whole view); a step that does not fit is
    /// refused and changes nothing.
    #[test]
    fn applying_each_move_to_the_view_gives_the_next_view(
        seed in any::<u64>(),
        bits in 0u8..32,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = new_game(rules_from_bits(bits), &mut rng);
        let mut views = ByColor::new_with(|side| game.view(side));
        while game.outcome().is_none() {
            game.play(random_move(&game, &mut rng)).unwrap();
            if game.outcome().is_some() {
                break;
            }
            let step = *game.history().last().unwrap();
            for side in Color::ALL {
                let before = views[side].clone();
                prop_assert!(views[side].apply(&step).is_ok());
                prop_assert_eq!(&views[side], &game.view(side));
                // The same step again is out of turn, and refused.
                prop_assert!(views[side].apply(&step).is_err());
                prop_assert_eq!(&views[side], &game.view(side));
                prop_assert_ne!(&before, &views[side]);
            }
        }
    }
}

/// A random diagram: up to `count` pieces of random sides and kinds on
/// random nodes (unchecked, so anything goes).
fn random_diagram(rules: Rules, count: usize, rng: &mut SmallRng) -> Diagram {
    let turn = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    let mut diagram = Diagram::empty(rules, turn);
    for _ in 0..count {
        let sq = Square::ALL[rng.random_range(0..Square::ALL.len())];
        let color = Color::ALL[rng.random_range(0..2)];
        let kind = Kind::ALL[rng.random_range(0..Kind::ALL.len())];
        diagram.set(sq, Some((color, kind)));
    }
    diagram
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every position of a random game prints as a text that parses back
    /// to the same pieces, side to move, hash, moves and outcome.
    #[test]
    fn position_text_round_trips(seed in any::<u64>(), bits in 0u8..32) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = new_game(rules_from_bits(bits), &mut rng);
        loop {
            let position = game.position();
            let text = position.to_string();
            let parsed: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(parsed.diagram(), position.diagram());
            prop_assert_eq!(parsed.to_string(), text);
            prop_assert_eq!(parsed.hash(), position.hash());
            prop_assert_eq!(parsed.legal_moves(), position.legal_moves());
            prop_assert_eq!(parsed.officers(Color::South), position.officers(Color::South));
            prop_assert_eq!(parsed.officers(Color::North), position.officers(Color::North));
            if game.outcome().is_some() {
                break;
            }
            prop_assert_eq!(parsed.outcome(), None);
            game.play(random_move(&game, &mut rng)).unwrap();
        }
    }

    /// Any diagram, even one no game reaches, prints and parses back.
    #[test]
    fn diagram_text_round_trips(seed in any::<u64>(), bits in 0u8..32, count in 0usize..60) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let diagram = random_diagram(rules_from_bits(bits), count, &mut rng);
        let text = diagram.to_string();
        prop_assert_eq!(text.parse::<Diagram>(), Ok(diagram), "{}", text);
    }
}
