//! Properties of random games: the incremental state agrees with the state
//! computed from scratch after every move, the move generator agrees with
//! a naive one, `gives_check` with playing the move, SFEN and Japanese
//! notation round-trip, and games however they end replay from their
//! record, their KIF and their CSA.

mod common;

use common::reference;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shogi_rules::{
    Color, Ending, Game, Handicap, Move, Position, Record, Role, Square, japanese_move,
    parse_japanese_move, random_playout, read_csa, read_kif, write_csa, write_kif,
};

/// Pieces on the board and in both hands: constant through a game.
fn material(position: &Position) -> u32 {
    let hands: u32 = position
        .hands()
        .sente
        .iter()
        .chain(position.hands().gote.iter())
        .map(|(_, n)| u32::from(n))
        .sum();
    position.board().occupied().count() + hands
}

/// A few legal moves, named in Japanese and read back.
fn check_japanese(position: &Position, rng: &mut SmallRng) {
    let moves = position.legal_moves();
    for _ in 0..3 {
        let mv = moves[rng.random_range(0..moves.len())];
        let previous = Some(moves[rng.random_range(0..moves.len())].to());
        let text = japanese_move(position, mv, previous);
        assert_eq!(
            parse_japanese_move(position, &text, previous),
            Ok(mv),
            "{position} {text}"
        );
    }
}

fn check_position(position: &Position) {
    let rebuilt = Position::new(position.to_setup()).expect("a reached position is legal");
    assert_eq!(&rebuilt, position, "the incremental state drifted");
    assert_eq!(position.hash(), position.recomputed_hash());
    assert_eq!(
        Position::from_sfen(&position.to_string()).as_ref(),
        Ok(position)
    );
    let king = position.king(position.turn());
    let checkers = reference::attackers(position, king, !position.turn());
    assert_eq!(position.checkers(), checkers, "{position}");
    let mut moves = position.legal_moves();
    for &mv in &moves {
        let mut after = position.clone();
        after.play_unchecked(mv);
        assert_eq!(
            position.gives_check(mv),
            after.is_check(),
            "{position} {mv}"
        );
    }
    moves.sort();
    assert_eq!(moves, reference::legal_moves(position), "{position}");
    for mv in reference::pseudo_legal(position) {
        assert_eq!(
            position.is_legal(mv),
            moves.binary_search(&mv).is_ok(),
            "{position} {mv}"
        );
    }
    assert_eq!(position.has_legal_move(), !moves.is_empty());
    let mut captures = Vec::new();
    position.legal_captures_into(&mut captures);
    let occupied = position.board().occupied();
    let expected: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| !mv.is_drop() && occupied.contains(mv.to()))
        .collect();
    assert_eq!(captures, expected, "{position}");
    for &mv in &moves {
        assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    }
    if !position.is_check() {
        let mut passed = position.clone();
        passed.play_null();
        assert_eq!(Position::new(passed.to_setup()).as_ref(), Ok(&passed));
    }
}

/// Moves of every shape, most of them nonsense here, are legal exactly
/// when the generator lists them.
fn check_is_legal_on_nonsense(position: &Position, rng: &mut SmallRng) {
    let moves = position.legal_moves();
    let square = |rng: &mut SmallRng| Square::ALL[rng.random_range(0..81)];
    for _ in 0..64 {
        let mv = if rng.random() {
            Move::Normal {
                from: square(rng),
                to: square(rng),
                promote: rng.random(),
            }
        } else {
            Move::Drop {
                role: Role::ALL[rng.random_range(0..14)],
                to: square(rng),
            }
        };
        assert_eq!(
            position.is_legal(mv),
            moves.contains(&mv),
            "{position} {mv}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed: u64, handicap in 0..Handicap::ALL.len()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::handicap(Handicap::ALL[handicap]);
        let material_at_start = material(game.position());
        let plies = rng.random_range(20..160);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            check_position(game.position());
            check_japanese(game.position(), &mut rng);
            check_is_legal_on_nonsense(game.position(), &mut rng);
            let moves = game.position().legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            prop_assert_eq!(material(game.position()), material_at_start);
        }
    }

    #[test]
    fn finished_games_replay_from_their_record_kif_and_csa(
        seed: u64,
        handicap in 0..Handicap::ALL.len(),
        ending in 0..4u8,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::handicap(Handicap::ALL[handicap]);
        end_randomly(&mut game, ending, &mut rng);
        let outcome = game.outcome().expect("the game is over");
        let kif = write_kif(&game);
        let from_kif = read_kif(&kif).unwrap();
        prop_assert_eq!(from_kif.outcome(), Some(outcome), "{}", kif);
        prop_assert_eq!(from_kif.record(), game.record());
        // CSA names an act only as the side to move's.
        let csa = write_csa(&game);
        let from_csa = read_csa(&csa).unwrap();
        prop_assert_eq!(from_csa.moves(), game.moves());
        let off_turn = matches!(
            game.ending(),
            Some(Ending::Resign(side) | Ending::TimeOut(side)) if side != game.position().turn()
        );
        if !off_turn {
            prop_assert_eq!(from_csa.outcome(), Some(outcome), "{}", csa);
        }
        let record: Record = game.record().to_string().parse().unwrap();
        prop_assert_eq!(&record, &game.record());
        let replayed = record.replay().unwrap();
        prop_assert_eq!(replayed.outcome(), Some(outcome));
        prop_assert_eq!(replayed.position(), game.position());
        let json = serde_json::to_string(&record).unwrap();
        prop_assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    }
}

/// Plays the game out (`ending` 0) or some random plies and then a
/// resignation, a time-out (of either side) or a declaration.
fn end_randomly(game: &mut Game, ending: u8, rng: &mut SmallRng) {
    if ending == 0 {
        random_playout(game, rng);
        return;
    }
    for _ in 0..rng.random_range(0..120) {
        let moves = game.position().legal_moves();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        if game.outcome().is_some() {
            return;
        }
    }
    let side = if rng.random() {
        Color::Sente
    } else {
        Color::Gote
    };
    let act = match ending {
        1 => game.resign(side),
        2 => game.time_out(side),
        _ => game.declare(),
    };
    act.expect("the game was still on");
}

/// Random games reach drops of every role, promotions and checks, so the
/// comparison above covers them (a guard against a test that only ever
/// sees quiet openings).
#[test]
fn random_games_reach_drops_promotions_and_checks() {
    let mut rng = SmallRng::seed_from_u64(5);
    let (mut drops, mut promotions, mut checks) = (Vec::new(), 0, 0);
    for _ in 0..20 {
        let mut game = Game::new(Position::start());
        random_playout(&mut game, &mut rng);
        let mut position = Position::start();
        for &mv in game.moves() {
            if let Move::Drop { role, .. } = mv {
                drops.push(role);
            }
            promotions += usize::from(mv.is_promotion());
            position.play_unchecked(mv);
            checks += usize::from(position.is_check());
        }
    }
    for role in Role::HAND {
        assert!(drops.contains(&role), "no {role:?} drop");
    }
    assert!(
        promotions > 20 && checks > 20,
        "{promotions} promotions, {checks} checks"
    );
}
