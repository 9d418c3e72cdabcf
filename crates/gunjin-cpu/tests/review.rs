//! The review of a finished game: what each move told the opponent, and
//! the CPU's marks on the moves played, both from inside the fog.

mod common;

use common::{pair, permuted, play_out, random_start};
use gunjin_cpu::Baseline;
use gunjin_cpu::review::marks::{Mark, judge};
use gunjin_cpu::review::told::{Exposure, TELLING, opponent_belief};
use gunjin_rules::{Announcement, Color, Game, Kind, PieceId, Record, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A self-play game between two baselines that attack a lot.
fn game(seed: u64, plies: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = random_start(Rules::KIRAKUKEN, &mut rng);
    let mut players = pair(Baseline::Greedy, Baseline::Reckless, seed, 1);
    play_out(&mut game, &mut players, plies, |_| {});
    game
}

/// One move of `side`'s piece, as the review sees it: what the move did,
/// the piece's true kind, and how many kinds the opponent allowed it
/// before the move.
struct Event {
    ply: usize,
    own_move: bool,
    announcement: Announcement,
    flight: bool,
    kind: Kind,
    candidates_before: usize,
    /// The opponent's chance, before the move, that it was of its kind.
    chance_before: f32,
}

/// Every move in `record` that involved one of `side`'s pieces.
fn events(record: &Record, side: Color) -> Vec<Event> {
    let game = record.replay().unwrap();
    let mut events = Vec::new();
    for (i, pm) in game.history().iter().enumerate() {
        let mut before = record.clone();
        before.moves.truncate(i);
        let before = before.replay().unwrap();
        let board = before.position().board();
        let square = if pm.side == side {
            pm.mv.from()
        } else {
            pm.mv.to()
        };
        let Some(piece) = board.piece_at(square).filter(|p| p.color == side) else {
            continue;
        };
        let belief = opponent_belief(record, side, i).unwrap();
        let (from, to) = (pm.mv.from(), pm.mv.to());
        let far = from.rank().abs_diff(to.rank()) + from.file().abs_diff(to.file()) > 1;
        events.push(Event {
            ply: i + 1,
            own_move: pm.side == side,
            announcement: pm.announcement,
            flight: pm.side == side && piece.kind == Kind::Plane && far,
            kind: piece.kind,
            candidates_before: belief.candidates(piece.id).iter().count(),
            chance_before: belief.probabilities(piece.id)[piece.kind],
        });
    }
    events
}

/// The bits told by the moves of `side`'s pieces in a few games, picked
/// out by `pick`.
fn told_when(pick: impl Fn(&Event) -> bool) -> Vec<(String, f32)> {
    let mut found = Vec::new();
    for seed in 1..=4 {
        let record = game(seed, 80).record();
        for side in Color::ALL {
            let exposure = Exposure::of(&record, side).unwrap();
            for e in events(&record, side).iter().filter(|e| pick(e)) {
                let at = format!("{side}, ply {} of {record}", e.ply);
                found.push((at, exposure.told(e.ply)));
            }
        }
    }
    found
}

#[test]
fn a_planes_flight_tells() {
    let found = told_when(|e| e.flight && e.candidates_before > 1);
    assert!(!found.is_empty(), "no flight of an unknown Plane");
    for (at, bits) in found {
        assert!(bits >= TELLING, "a flight told {bits} bits ({at})");
    }
}

#[test]
fn a_battle_that_removes_both_tells() {
    let found =
        told_when(|e| e.announcement == Announcement::BothRemoved && e.candidates_before > 2);
    assert!(found.len() >= 3, "only {} such battles", found.len());
    for (at, bits) in found {
        assert!(bits >= TELLING, "the battle told {bits} bits ({at})");
    }
}

#[test]
fn a_piece_that_never_moved_stopping_an_attacker_as_a_mine_tells() {
    let found = told_when(|e| {
        e.kind == Kind::Mine
            && !e.own_move
            && e.announcement == Announcement::AttackerRemoved
            && e.chance_before < 0.5
    });
    assert!(!found.is_empty(), "no unsuspected Mine stopped an attacker");
    for (at, bits) in found {
        assert!(bits >= TELLING, "the Mine told {bits} bits ({at})");
    }
}

#[test]
fn a_quiet_move_of_a_known_piece_tells_about_nothing() {
    let found = told_when(|e| {
        e.own_move && e.announcement == Announcement::Moved && e.candidates_before == 1
    });
    assert!(found.len() >= 3, "only {} quiet moves", found.len());
    for (at, bits) in found {
        assert!(bits.abs() < 0.5, "a quiet move told {bits} bits ({at})");
    }
}

#[test]
fn the_measure_never_reads_the_sides_hidden_kinds() {
    // The same game with some of `side`'s kinds permuted, every
    // announcement alike: the opponent could not tell the two apart, and
    // neither can the measure.
    let mut rng = SmallRng::seed_from_u64(7);
    let mut compared = 0;
    for seed in 10..16 {
        let game = game(seed, 30 + 5 * seed as usize);
        for side in Color::ALL {
            // `permuted` changes the enemy of the side whose view it keeps.
            let Some(other) = permuted(&game, !side, &mut rng) else {
                continue;
            };
            assert_ne!(other.setups().unwrap()[side], game.setups().unwrap()[side]);
            let a = Exposure::of(&game.record(), side).unwrap();
            let b = Exposure::of(&other.record(), side).unwrap();
            assert_eq!(a, b, "{side}'s exposure read its hidden kinds");
            let last = game.history().len();
            let ids = (0..23).map(PieceId);
            let chances = |record: &Record| -> Vec<_> {
                let belief = opponent_belief(record, side, last).unwrap();
                ids.clone().map(|id| belief.probabilities(id)).collect()
            };
            assert_eq!(chances(&game.record()), chances(&other.record()));
            compared += 1;
        }
    }
    assert!(compared >= 4, "only {compared} games compared");
}

/// South's Lieutenant General and Spy both bounce off North's b5, which
/// never moves (North's Captain bounces off South's e4 meanwhile, and
/// North then steps a Lieutenant back and forth): b5 beat the Lieutenant
/// General and not by being the General (the Spy would have won), so it
/// is a Mine or a Flag fighting as one. South's General then walks up.
fn general_before_a_known_mine() -> Record {
    let south = "ALNEXV/SYOJNT/EGFCPS/XAMTP";
    let north = "SATVXN/ENPOPJ/YCFXES/TAGLM";
    let moves = "b4-b5 e5-e4 b3-b4 e6-e5 b4-b5 e5-e6 b2-b3 e6-e5 b3-b4 e5-e6 b4-b5";
    format!("htsrf s {south} {north} {moves}").parse().unwrap()
}

#[test]
fn the_general_thrown_onto_a_known_mine_is_a_blunder() {
    let record = general_before_a_known_mine();
    let game = record.replay().unwrap();
    let announced: Vec<_> = game.history().iter().map(|pm| pm.announcement).collect();
    assert_eq!(announced[0], Announcement::AttackerRemoved);
    assert_eq!(announced[4], Announcement::AttackerRemoved);
    assert_eq!(announced[10], Announcement::AttackerRemoved);
    let last = record.moves.len();
    let verdict = judge(&record, last, 1).unwrap().unwrap();
    assert_eq!(verdict.mark, Some(Mark::Blunder), "{verdict:?}");
    assert_ne!(verdict.best, verdict.played);
    // The General's walk up to it was no mistake yet.
    let walk = judge(&record, last - 2, 1).unwrap().unwrap();
    assert!(walk.mark < Some(Mark::Mistake), "{walk:?}");
}
