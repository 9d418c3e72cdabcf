//! Squares and moves read on the game's own board (`shared/RULES.md`
//! §8.2): Classic 25's headquarters is written `e1` (`e6`) and read by
//! any of its three squares, `d1`/`f1` (`d6`/`f6`), in a move and in a
//! record alike, as the standard board's is read by `c1` or `d1`. Every
//! name and move a board prints reads back as itself.

use gunjin_rules::{
    Color, Kind, Mode, Move, Outcome, Record, Rules, Shape, Square, WinReason, random_game,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const CLASSIC_25: Shape = Shape::CLASSIC_25;

fn sq(name: &str) -> Square {
    CLASSIC_25.parse_square(name).unwrap()
}

fn marshal_taken(winner: Color, by: Kind) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: WinReason::MarshalTaken { by },
    })
}

#[test]
fn a_classic_25_record_reads_the_headquarters_by_any_of_its_squares() {
    // South's Major on d5 takes North's unguarded Marshal, however the
    // headquarters is written.
    let start = "c25-htsrf 3k3/3J5/9/9/9/3K3 s";
    for written in ["d5-d6", "d5-e6", "d5-f6"] {
        let record: Record = format!("{start} {written}").parse().unwrap();
        assert_eq!(record.to_string(), format!("{start} d5-e6"), "{written}");
        let game = record.replay().unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(game.outcome(), marshal_taken(Color::South, Kind::Major));
    }
    // North's Major on d2 into South's headquarters: `d2-d1` is not
    // `d2-c1`, an ordinary node of this board.
    let start = "c25-htsrf 3k3/9/9/9/3j5/3K3 n";
    let record: Record = format!("{start} d2-d1").parse().unwrap();
    assert_eq!(record.moves, [Move::step(sq("d2"), sq("e1"))]);
    let game = record.replay().unwrap();
    assert_eq!(game.outcome(), marshal_taken(Color::North, Kind::Major));
    let record: Record = format!("{start} d2-c1").parse().unwrap();
    assert_eq!(record.moves, [Move::step(sq("d2"), sq("c1"))]);
    assert!(record.replay().is_err(), "c1 is no neighbour of d2");
    // A strike names its nodes the same way; the headquarters is never a
    // target, by any name.
    let start = "c25-htsrf 3k3/9/9/9/1I7/3K3 s";
    assert!(
        format!("{start} b2*f6")
            .parse::<Record>()
            .unwrap()
            .replay()
            .is_err()
    );
    // Squares the board does not have are no squares of its records.
    for bad in ["a6-a7", "i6-j6"] {
        assert!(format!("{start} {bad}").parse::<Record>().is_err(), "{bad}");
    }
    assert!("htsrf 5/6/6/6/6/6/6/4X s f1-g1".parse::<Record>().is_err());
}

#[test]
fn the_standard_board_reads_its_headquarters_as_before() {
    let shape = Shape::STANDARD;
    assert_eq!(shape.parse_square("d1"), Ok(shape.hq(Color::South)));
    assert_eq!(shape.parse_square("d8"), Ok(shape.hq(Color::North)));
    let record: Record = "htsrf 5/6/6/6/6/6/2g3/5 n c2-d1".parse().unwrap();
    assert_eq!(record.to_string(), "htsrf 5/6/6/6/6/6/2g3/5 n c2-c1");
    let game = record.replay().unwrap();
    let taken = WinReason::HeadquartersTaken { by: Kind::General };
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::North,
            reason: taken
        })
    );
}

/// Every square of every board reads as the node it belongs to (a
/// headquarters by each of its squares); every node prints as a name that
/// reads back; names off the board read as nothing.
#[test]
fn every_square_of_every_board_reads_back() {
    for shape in Shape::ALL {
        for sq in shape.nodes() {
            assert_eq!(shape.parse_square(&sq.to_string()), Ok(sq), "{shape:?}");
            assert_eq!(sq.to_string().parse(), Ok(sq), "any board's name");
        }
        for file in 0..10u8 {
            for rank in 0..9u8 {
                let name = format!("{}{}", (b'a' + file) as char, rank + 1);
                let read = shape.parse_square(&name).ok();
                assert_eq!(read, shape.square(file, rank), "{name} {shape:?}");
                if let Some(node) = read {
                    assert!(shape.contains(node) && node.rank() == rank);
                    assert!(shape.files_of(node).contains(&file), "{name}");
                }
            }
        }
    }
}

/// Every step and strike between two nodes of a board prints as a text
/// its board reads back as the same move.
#[test]
fn every_move_of_every_board_reads_back() {
    for shape in Shape::ALL {
        for from in shape.nodes() {
            for to in shape.nodes().without(from) {
                for mv in [
                    Move::step(from, to),
                    Move::strike(from, to, false),
                    Move::strike(from, to, true),
                ] {
                    let text = mv.to_string();
                    assert_eq!(shape.parse_move(&text), Ok(mv), "{text}");
                    assert_eq!(text.parse(), Ok(mv), "{text} on any board");
                }
            }
            let stationary = format!("{from}-{from}");
            assert!(shape.parse_move(&stationary).is_err());
        }
    }
    // The three names of one headquarters are one node: no move.
    assert!(CLASSIC_25.parse_move("d1-f1").is_err());
}

/// Whole Classic 25 games, their records written with the headquarters
/// under a random one of its names each time: the same record, the same
/// game. Moves into a headquarters are favoured, so the aliases occur.
#[test]
fn classic_25_records_with_aliases_replay() {
    let rules = Rules {
        mode: Mode::Classic25,
        ..Rules::KIRAKUKEN
    };
    let hq = Color::ALL.map(|color| CLASSIC_25.hq(color).to_string());
    let mut rng = SmallRng::seed_from_u64(25);
    let mut aliased = 0;
    for _ in 0..40 {
        let mut game = random_game(rules, &mut rng);
        while game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let enemy_hq = CLASSIC_25.hq(!game.position().turn());
            let into_hq: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.to() == enemy_hq && !m.is_strike())
                .collect();
            let pool = if !into_hq.is_empty() && rng.random_bool(0.5) {
                into_hq
            } else {
                moves
            };
            game.play(pool[rng.random_range(0..pool.len())]).unwrap();
        }
        let record = game.record();
        let text = record.to_string();
        let mut written: Vec<String> = text.split(' ').map(str::to_owned).collect();
        for token in written.iter_mut().skip(4) {
            for (name, rank) in hq.iter().zip(['1', '6']) {
                if let Some(from) = token.strip_suffix(name.as_str()) {
                    let file = ['d', 'e', 'f'][rng.random_range(0..3)];
                    aliased += usize::from(file != 'e');
                    *token = format!("{from}{file}{rank}");
                }
            }
        }
        let written = written.join(" ");
        let read: Record = written.parse().unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(read, record, "{written}");
        let replayed = read.replay().unwrap();
        assert_eq!(replayed.outcome(), game.outcome());
        assert_eq!(replayed.view(Color::South), game.view(Color::South));
    }
    assert!(aliased > 10, "aliases were written: {aliased}");
}
