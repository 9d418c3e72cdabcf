//! Helpers shared by the integration tests: squares by name, camps built
//! from a few chosen placements, games played from move text, and sparse
//! positions.
//!
//! Scenarios are written from one side's point of view ("me", sitting at
//! ranks 1–4 like South) and turned half round for North, so every rule is
//! checked for both owners with the same text.

#![allow(dead_code)]

use gunjin_rules::{
    Announcement, Bitboard, ByColor, ByKind, Color, Diagram, Game, Kind, Move, PartialSetup,
    Position, Rules, Setup, Square, Template, is_bridge,
};

/// The node named `name` (`d1` and `d8` name the headquarters).
pub fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The node `name` as `me` sees the board: unchanged for South, turned half
/// round for North (so `c2` is the node in front of North's headquarters on
/// North's left, `d7`).
pub fn rel(me: Color, name: &str) -> Square {
    sq(name).relative_to(me)
}

/// A move written as `me` sees the board.
pub fn rel_move(me: Color, text: &str) -> Move {
    let mv: Move = text.parse().unwrap_or_else(|e| panic!("{e}"));
    Move::step(mv.from().relative_to(me), mv.to().relative_to(me))
}

/// The nodes of a space-separated list.
pub fn set(names: &str) -> Bitboard {
    names.split_whitespace().map(sq).collect()
}

/// A set of nodes as a sorted, space-separated list, for readable asserts.
pub fn names(squares: Bitboard) -> String {
    let mut list: Vec<Square> = squares.collect();
    list.sort();
    list.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Normalises a hand-written list of node names (order, HQ aliases).
pub fn sorted(list: &str) -> String {
    names(set(list))
}

/// A complete camp for `side` with `fixed` pieces on the given absolute
/// nodes and the rest of the 23 pieces filled in a fixed order: the Flag
/// and the Mines first, on nodes that every placement option allows (never
/// a bridge, the Flag never on the back rank), then the others, strongest
/// first, ranks 3 and 2 before the front and back ranks.
pub fn camp(side: Color, rules: Rules, fixed: &[(Square, Kind)]) -> Setup {
    let shape = rules.shape();
    let camp = shape.camp_slots();
    let mut setup = PartialSetup::new(shape);
    let slots = setup.slots_mut();
    let mut placed: ByKind<u8> = ByKind::default();
    for &(square, kind) in fixed {
        let slot = shape
            .camp_slot(side, square)
            .unwrap_or_else(|| panic!("{square} is not in {side}'s camp"));
        assert!(
            slots[slot].replace(kind).is_none(),
            "two pieces placed on {square}"
        );
        placed[kind] += 1;
    }
    let order: Vec<usize> = (6..18).chain(0..6).chain(18..23).collect();
    let rest = [Kind::Flag, Kind::Mine]
        .into_iter()
        .chain(Kind::ALL.into_iter().filter(|k| k.is_movable()));
    for kind in rest {
        while placed[kind] < rules.count(kind) {
            let slot = *order
                .iter()
                .find(|&&s| {
                    let node = camp[s];
                    slots[s].is_none()
                        && !(matches!(kind, Kind::Flag | Kind::Mine) && is_bridge(node))
                        && !(kind == Kind::Flag && node.rank() == 0)
                })
                .unwrap_or_else(|| panic!("no room left for a {kind}"));
            slots[slot] = Some(kind);
            placed[kind] += 1;
        }
    }
    setup.complete(rules).unwrap_or_else(|e| panic!("{e}"))
}

/// A game whose camps hold the given pieces (absolute node names) and
/// otherwise the [`camp`] filling.
pub fn game(rules: Rules, first: Color, south: &[(&str, Kind)], north: &[(&str, Kind)]) -> Game {
    let fixed = |list: &[(&str, Kind)]| -> Vec<(Square, Kind)> {
        list.iter().map(|&(name, kind)| (sq(name), kind)).collect()
    };
    let setups = ByColor {
        south: camp(Color::South, rules, &fixed(south)),
        north: camp(Color::North, rules, &fixed(north)),
    };
    Game::new(rules, setups, first).unwrap_or_else(|e| panic!("{e}"))
}

/// A game seen from `me`: `mine` and `theirs` name nodes as `me` sees the
/// board, and `me_first` says whether `me` moves first.
pub fn game_seen_by(
    me: Color,
    rules: Rules,
    me_first: bool,
    mine: &[(&str, Kind)],
    theirs: &[(&str, Kind)],
) -> Game {
    let fixed = |list: &[(&str, Kind)]| -> Vec<(Square, Kind)> {
        list.iter()
            .map(|&(name, kind)| (rel(me, name), kind))
            .collect()
    };
    let mut setups = ByColor::new_with(|_| Template::ALL[0].setup());
    setups[me] = camp(me, rules, &fixed(mine));
    setups[!me] = camp(!me, rules, &fixed(theirs));
    let first = if me_first { me } else { !me };
    Game::new(rules, setups, first).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays space-separated moves, written as `me` sees the board, and
/// returns the referee's announcements. Panics on a refused move, naming it.
pub fn play_seen_by(game: &mut Game, me: Color, moves: &str) -> Vec<Announcement> {
    moves
        .split_whitespace()
        .map(|text| {
            let mv = rel_move(me, text);
            game.play(mv)
                .unwrap_or_else(|e| panic!("{text} (as {me} sees it, {mv}): {e}"))
        })
        .collect()
}

/// Plays space-separated moves written with absolute node names.
pub fn play(game: &mut Game, moves: &str) -> Vec<Announcement> {
    play_seen_by(game, Color::South, moves)
}

/// What stands on a node: its side and kind.
pub fn at(game: &Game, square: Square) -> Option<(Color, Kind)> {
    game.position()
        .board()
        .piece_at(square)
        .map(|p| (p.color, p.kind))
}

/// A sparse position with `side` to move: `own` pieces with their kinds
/// and `enemies` of kinds that move in the mode, one of each (movement
/// never depends on an enemy's kind), checked as any position text is.
pub fn sparse_position(
    rules: Rules,
    side: Color,
    own: &[(&str, Kind)],
    enemies: &[&str],
) -> Position {
    let mut diagram = Diagram::empty(rules, side);
    for &(name, kind) in own {
        diagram.set(sq(name), Some((side, kind)));
    }
    let movable = rules.mode.kinds().filter(|&k| rules.mobility(k).moves());
    for (&name, kind) in enemies.iter().zip(movable) {
        diagram.set(sq(name), Some((!side, kind)));
    }
    Position::from_diagram(&diagram).unwrap_or_else(|e| panic!("{diagram}: {e}"))
}
