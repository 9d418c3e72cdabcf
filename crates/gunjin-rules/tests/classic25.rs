//! Random games of Classic 25 with strikes (`shared/RULES.md` §8.2): after
//! every move the hash is the one computed afresh, the referee's and the
//! views' legal moves agree, what was announced is what left the board,
//! no view holds an enemy kind but the face-up Marshal, and the record
//! replays to the same end.

use gunjin_rules::{
    Announcement, Color, Diagram, Game, Kind, Mode, Move, Record, Rules, Shape, Square,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A full Classic 25 position at random: each Marshal in its headquarters,
/// the other 24 pieces shuffled over the other camp nodes, the pieces that
/// never move on nodes of the standard camp too (where the position text's
/// check looks for them until camps follow the board's shape).
fn random_start(rng: &mut SmallRng) -> Diagram {
    let rules = Rules {
        mode: Mode::Classic25,
        ..Rules::KIRAKUKEN
    };
    let shape = &Shape::CLASSIC_25;
    let turn = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    let mut diagram = Diagram::empty(rules, turn);
    for color in Color::ALL {
        diagram.set(shape.hq(color), Some((color, Kind::Marshal)));
        let standard_camp = |sq: Square| {
            sq.file() < 6
                && if color == Color::South {
                    sq.rank() < 3
                } else {
                    sq.rank() > 3
                }
        };
        let mut nodes: Vec<Square> = shape
            .nodes()
            .filter(|&sq| shape.camp(sq) == color && sq != shape.hq(color))
            .collect();
        nodes.shuffle(rng);
        let (mut fixed, mut free): (Vec<Square>, Vec<Square>) =
            nodes.into_iter().partition(|&sq| standard_camp(sq));
        for kind in Mode::Classic25.kinds().filter(|&k| k != Kind::Marshal) {
            for _ in 0..rules.count(kind) {
                let sq = if kind.is_movable() {
                    free.pop().or_else(|| fixed.pop())
                } else {
                    fixed.pop()
                };
                diagram.set(sq.expect("a node for every piece"), Some((color, kind)));
            }
        }
    }
    diagram
}

/// One random game, strikes now and then, checked after every move.
fn play_checked(seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = random_start(&mut rng);
    let mut game = Game::from_position(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut views = Color::ALL.map(|side| game.view(side));
    while game.outcome().is_none() {
        let position = game.position();
        let side = position.turn();
        let moves = position.legal_moves();
        assert!(moves.iter().all(|&m| position.is_legal(m)));
        assert!(position.has_legal_move(side));
        let mut referee = moves.clone();
        let mut seen = game.view(side).legal_moves();
        referee.sort();
        seen.sort();
        assert_eq!(seen, referee, "{position}");
        let (strikes, steps): (Vec<Move>, Vec<Move>) = moves.iter().partition(|m| m.is_strike());
        let mv = if !strikes.is_empty() && (steps.is_empty() || rng.random_bool(0.1)) {
            strikes[rng.random_range(0..strikes.len())]
        } else {
            steps[rng.random_range(0..steps.len())]
        };
        let before = position.board().clone();
        let losses_before = lost(&game);
        let said = game.play(mv).unwrap();
        let position = game.position();
        assert_eq!(position.hash(), position.compute_hash());
        let next = position.turn();
        assert_eq!(
            position.has_legal_move(next),
            !position.legal_moves().is_empty()
        );
        let count = |board: &gunjin_rules::Board| {
            Color::ALL
                .iter()
                .map(|&c| board.occupied(c).count())
                .sum::<u32>()
        };
        let cleared = said.cleared(mv);
        assert_eq!(count(&before) - count(position.board()), cleared.count());
        assert_eq!(lost(&game) - losses_before, cleared.count());
        if let Announcement::Struck(_) = said {
            assert!(cleared.contains(mv.from()));
            assert!(
                cleared
                    .into_iter()
                    .all(|sq| position.board().piece_at(sq).is_none())
            );
        }
        if game.outcome().is_some() {
            break;
        }
        for (view, side) in views.iter_mut().zip(Color::ALL) {
            view.apply(game.history().last().unwrap()).unwrap();
            assert_eq!(*view, game.view(side));
            for enemy in view.enemies() {
                let kind = kind_at(position.board(), enemy.square);
                assert_eq!(enemy.kind, (kind == Kind::Marshal).then_some(kind));
            }
        }
    }
    game
}

fn kind_at(board: &gunjin_rules::Board, sq: Square) -> Kind {
    board.piece_at(sq).expect("an enemy piece").kind
}

/// Pieces both sides have lost.
fn lost(game: &Game) -> u32 {
    Color::ALL
        .iter()
        .flat_map(|&c| game.losses()[c].iter().map(|(_, &n)| u32::from(n)))
        .sum()
}

#[test]
fn random_classic_25_games_keep_every_invariant_and_replay() {
    let mut strikes = 0;
    for seed in 0..40 {
        let game = play_checked(seed);
        strikes += game.history().iter().filter(|m| m.mv.is_strike()).count();
        let record = game.record();
        let read: Record = record.to_string().parse().unwrap();
        assert_eq!(read, record);
        let replayed = read.replay().unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.outcome(), game.outcome());
        for side in Color::ALL {
            assert_eq!(replayed.view(side), game.view(side));
        }
    }
    assert!(strikes > 40, "strikes were played: {strikes}");
}
