//! The Missile's strike of Classic 25 (`shared/RULES.md` §8.2): plain and
//! with the Atomic bomb, the mid-air collision, own pieces in the blast,
//! edge and river targets, the headquarters never hit, its notation, and
//! what each side learns. Positions are stated in the position text.

mod common;

use common::*;
use gunjin_rules::{
    Announcement, ByKind, Color, Game, Kind, Move, Position, PublicMove, Record, Rules, random_game,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// South's Missile on b2 (the bomb on c2 when `bomb`), a row of North
/// pieces around e5 under North's guarded Marshal, and South's General.
fn around_e5(bomb: bool) -> String {
    let south = if bomb { "1IU6" } else { "1I7" };
    // North: Engineer c5, Spy d5, Colonel e5, Major f4, Tank e4.
    format!("c25-htsrf 3k3/2eyc4/4tj3/9/{south}/G2K3 s")
}

fn game(text: &str) -> Game {
    Game::from_position(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `strike` and checks what it announced, the position after it,
/// the hash kept along, and that both views agree with the referee's.
fn strike(text: &str, strike: &str, cleared: &str, after: &str) -> Game {
    let mut game = game(text);
    let mut views = Color::ALL.map(|side| game.view(side));
    let said = game.play(mv(strike)).unwrap();
    assert_eq!(
        Some(said),
        Announcement::struck(mv(strike), set(cleared)),
        "{text} {strike}"
    );
    assert_eq!(said.cleared(mv(strike)), set(cleared));
    let position = game.position();
    assert_eq!(position.to_string(), after, "{text} {strike}");
    assert_eq!(position.hash(), position.compute_hash());
    let fresh: Position = after.parse().unwrap();
    assert_eq!(fresh.hash(), position.hash());
    for (view, side) in views.iter_mut().zip(Color::ALL) {
        view.apply(game.history().last().unwrap()).unwrap();
        assert_eq!(*view, game.view(side), "{side}'s view after {strike}");
    }
    game
}

#[test]
fn a_plain_strike_clears_the_target_and_its_neighbours_and_the_missile() {
    // e6 (North's headquarters) is never hit; f4 is diagonal, so spared.
    let game = strike(
        &around_e5(false),
        "b2*e5",
        "b2 d5 e5 e4",
        "c25-htsrf 3k3/2e6/5j3/9/9/G2K3 n",
    );
    let losses = game.losses();
    let mut north = ByKind::<u8>::default();
    for kind in [Kind::Spy, Kind::Colonel, Kind::Tank] {
        north[kind] += 1;
    }
    assert_eq!(losses[Color::North], north);
    assert_eq!(losses[Color::South][Kind::Missile], 1);
    let view = game.view(Color::South);
    assert_eq!(view.enemy_losses(), 3);
    assert_eq!(view.own_losses()[Kind::Missile], 1);
    assert_eq!(game.view(Color::North).own_losses(), &north);
}

#[test]
fn with_the_bomb_the_blast_is_the_square_around_the_target() {
    strike(
        &around_e5(true),
        "b2*e5+",
        "b2 c2 d5 e5 f4 e4",
        "c25-htsrf 3k3/2e6/9/9/9/G2K3 n",
    );
    // The bomb may stay at home.
    strike(
        &around_e5(true),
        "b2*e5",
        "b2 d5 e5 e4",
        "c25-htsrf 3k3/2e6/5j3/9/2U6/G2K3 n",
    );
}

#[test]
fn only_a_missile_next_to_the_bomb_carries_it() {
    let far = game("c25-htsrf 3k3/2eyc4/4tj3/9/1I2U4/G2K3 s");
    assert!(!far.position().is_legal(mv("b2*e5+")));
    assert!(far.position().is_legal(mv("b2*e5")));
    let near = game(&around_e5(true));
    assert!(near.position().is_legal(mv("b2*e5+")));
}

#[test]
fn an_enemy_missile_in_the_blast_takes_the_strike_in_the_air() {
    // North's Missile on d5: both Missiles (and the bomb) go, nothing else.
    let text = "c25-htsrf 3k3/2eic4/4tj3/9/1IU6/G2K3 s";
    strike(
        text,
        "b2*e5",
        "b2 d5",
        "c25-htsrf 3k3/2e1c4/4tj3/9/2U6/G2K3 n",
    );
    strike(
        text,
        "b2*e5+",
        "b2 c2 d5",
        "c25-htsrf 3k3/2e1c4/4tj3/9/9/G2K3 n",
    );
    // Out of the blast, North's Missile changes nothing.
    strike(
        "c25-htsrf 3k3/i1eyc4/4tj3/9/1I7/G2K3 s",
        "b2*e5",
        "b2 d5 e5 e4",
        "c25-htsrf 3k3/i1e6/5j3/9/9/G2K3 n",
    );
}

#[test]
fn own_pieces_in_the_blast_go_too_across_the_river() {
    // Target a4 (no bridge on file a): the blast reaches South's a3.
    strike(
        "c25-htsrf 3k2e/9/ge7/E8/1I7/G2K3 s",
        "b2*a4",
        "b2 a3 a4 b4",
        "c25-htsrf 3k2e/9/9/9/9/G2K3 n",
    );
    // A corner: only three nodes in the cross.
    strike(
        "c25-htsrf t2k2e/c8/9/9/1I7/G2K3 s",
        "b2*a6",
        "b2 a5 a6",
        "c25-htsrf 3k2e/9/9/9/9/G2K3 n",
    );
}

#[test]
fn the_headquarters_is_never_a_target_nor_hit() {
    let game = game(&around_e5(true));
    let position = game.position();
    for text in ["b2*e6", "b2*d6+", "b2*b3", "b2*e1", "c2*e5", "a1*e5"] {
        assert!(!position.is_legal(mv(text)), "{text}");
        assert!(!game.view(Color::South).allows(mv(text)), "{text}");
    }
    // North strikes next to South's headquarters: the Marshal stays.
    strike(
        "c25-htsrf 3k2j/2ui5/9/9/3EGE3/2EK3 n",
        "d5*e2+",
        "c5 d5 d2 e2 f2",
        "c25-htsrf 3k2j/9/9/9/9/2EK3 s",
    );
}

#[test]
fn every_missile_strikes_every_target_and_with_a_bomb_beside_it() {
    // Missiles on b2 (the bomb on c2 beside it) and f2.
    let game = game("c25-htsrf 3k3/9/9/9/1IU2I3/G2K3 s");
    let moves = game.position().legal_moves();
    let strikes: Vec<Move> = moves.iter().copied().filter(|m| m.is_strike()).collect();
    assert_eq!(strikes.len(), 24 * 3);
    assert!(strikes.iter().all(|&m| game.position().is_legal(m)));
    let carried = strikes
        .iter()
        .filter(|m| m.is_strike() && m.carries_bomb())
        .count();
    assert_eq!(carried, 24);
    // The player's view lists the same moves.
    let mut view_moves = game.view(Color::South).legal_moves();
    let mut referee = moves.clone();
    view_moves.sort();
    referee.sort();
    assert_eq!(view_moves, referee);
    // Steps come first, strikes last.
    let first_strike = moves.iter().position(|m| m.is_strike());
    assert_eq!(first_strike, Some(moves.len() - strikes.len()));
}

#[test]
fn a_side_with_a_missile_always_has_a_move() {
    let position: Position = "c25-htsrf 3k3/9/9/9/9/I2K3 s".parse().unwrap();
    assert!(position.has_legal_move(Color::South));
    assert!(!position.has_legal_move(Color::North));
}

#[test]
fn no_other_mode_strikes() {
    // Missiles exist only in Classic 25; a standard game never lists a strike.
    let game = random_game(Rules::KIRAKUKEN, &mut SmallRng::seed_from_u64(3));
    assert!(game.position().legal_moves().iter().all(|m| !m.is_strike()));
    assert!(!game.position().is_legal(mv("b2*b5")));
}

#[test]
fn the_notation_reads_and_prints_back() {
    for text in ["b2*e5", "b2*e5+", "i5*a3", "b4-b5"] {
        assert_eq!(mv(text).to_string(), text);
    }
    assert_eq!(mv("g2*g5+"), Move::strike(sq("g2"), sq("g5"), true));
    for bad in ["b2*e5++", "b2-e5+", "b2*b2", "b2*", "b2*-e5", "b2e5"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    // In JSON a strike is its text and its announcement the cleared nodes.
    let strike = mv("b2*e5");
    let said = PublicMove {
        side: Color::South,
        mv: strike,
        announcement: Announcement::struck(strike, set("b2 e5 e4")).unwrap(),
    };
    let json = serde_json::to_string(&said).unwrap();
    assert_eq!(
        json,
        r#"{"side":"South","move":"b2*e5","announcement":{"Struck":["b2","e4","e5"]}}"#
    );
    assert_eq!(serde_json::from_str::<PublicMove>(&json).unwrap(), said);
    // Nodes no strike at e5 clears do not read.
    let far = json.replace(r#""e4","e5""#, r#""a4","a5""#);
    assert!(serde_json::from_str::<PublicMove>(&far).is_err());
    assert_eq!(serde_json::to_string(&mv("b2*e5+")).unwrap(), r#""b2*e5+""#);
}

#[test]
fn a_record_with_strikes_replays() {
    let mut game = game(&around_e5(true));
    game.play(mv("b2*e5+")).unwrap();
    game.play(mv("c5-c4")).unwrap();
    let record = game.record();
    let text = record.to_string();
    assert!(text.ends_with(" s b2*e5+ c5-c4"), "{text}");
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    let replayed = read.replay().unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.view(Color::North), game.view(Color::North));
}

/// A strike's announcement is packed in 16 bits and unpacked with the
/// move, no board needed: on both boards, from every node at every
/// target, plain and with the bomb on each node next to the Missile,
/// whatever part of the blast was hit (none, all, and random parts), at
/// the edges, the corners and beside the headquarters, it unpacks to the
/// nodes that were cleared.
#[test]
fn the_packed_announcement_unpacks_to_the_cleared_nodes_on_both_boards() {
    use gunjin_rules::{Bitboard, Mode, Square, strike};
    use rand::Rng;
    let mut rng = SmallRng::seed_from_u64(16);
    for mode in [Mode::Standard, Mode::Classic25] {
        let rules = Rules {
            mode,
            ..Rules::KIRAKUKEN
        };
        let (shape, geometry) = (rules.shape(), rules.geometry());
        let mut checked = 0;
        for missile in shape.nodes() {
            let bombs = [None].into_iter().chain(geometry.steps(missile).map(Some));
            for bomb in bombs {
                for target in shape.nodes().filter(|&t| t != missile) {
                    let mv = Move::strike(missile, target, bomb.is_some());
                    let blast = strike::blast(shape, target, bomb.is_some());
                    let lifted = Bitboard::from_square(missile) | bomb.into_iter().collect();
                    let mut random = || -> Bitboard { blast.filter(|_| rng.random()).collect() };
                    for hit in [Bitboard::EMPTY, blast, random(), random()] {
                        let cleared = lifted | hit;
                        let said = Announcement::struck(mv, cleared)
                            .unwrap_or_else(|| panic!("{mv} clearing {cleared:?}"));
                        assert_eq!(said.cleared(mv), cleared, "{mode:?} {mv}");
                        let pm = PublicMove {
                            side: Color::South,
                            mv,
                            announcement: said,
                        };
                        let json = serde_json::to_string(&pm).unwrap();
                        assert_eq!(serde_json::from_str::<PublicMove>(&json).unwrap(), pm);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{mode:?}: {checked}");
        // What no strike clears does not pack: without the Missile's node,
        // or with two nodes away from the target besides it.
        let sq = |name: &str| shape.parse_square(name).unwrap();
        let mv = Move::strike(sq("a1"), sq("b5"), false);
        let set = |names: &[&str]| names.iter().map(|&n| sq(n)).collect::<Bitboard>();
        assert_eq!(Announcement::struck(mv, set(&["b6"])), None);
        assert_eq!(Announcement::struck(mv, set(&["a1", "f1", "f2"])), None);
        assert!(Announcement::struck(mv, set(&["a1", "f1"])).is_some());
        let corner: Square = sq("a1");
        assert_eq!(
            Announcement::struck(
                Move::strike(sq("f1"), corner, true),
                set(&["f1", "a1", "b2"])
            )
            .map(|said| said.cleared(Move::strike(sq("f1"), corner, true))),
            Some(set(&["f1", "a1", "b2"]))
        );
    }
}
