//! Movement diagrams: one kind of piece on a sample node of the whole board,
//! with a few own and enemy pieces around it so that blocked slides, a
//! Plane's flight over pieces and the front all show. Where the piece can go
//! is asked of [`gunjin_rules::destinations`]; this module only chooses the
//! sample position and draws it.

use gunjin_rules::{Bitboard, Color, Front, Kind, Mobility, Rules, Shape, Square, destinations};
use leptos::prelude::*;

use super::piece_guide::piece_help;
use super::{kind_name, kind_short, square_list};
use crate::i18n::*;
use crate::long_press::{LongPress, PieceAbout};

/// The sample position of one diagram, always from South's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub kind: Kind,
    pub from: Square,
    /// Own pieces around it: anonymous blockers, or a named piece (the one
    /// behind a Flag).
    pub own: Vec<(Square, Option<Kind>)>,
    pub enemies: Vec<Square>,
    /// Every node the piece can move to, attacks included.
    pub reach: Bitboard,
    /// What the piece fights as, for a Flag.
    pub fights_as: Option<Kind>,
}

/// What a node of a diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    Empty,
    /// The piece the diagram is about.
    Piece,
    Own(Option<Kind>),
    Enemy,
    /// An empty node the piece can move to.
    Move,
    /// An enemy the piece can attack.
    Attack,
}

/// A sample position: the piece's node, own pieces, enemy pieces.
type Sample = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// Where a piece of `kind` moving as `mobility` is shown on the standard
/// board.
fn standard_sample(kind: Kind, mobility: Mobility) -> Sample {
    match mobility {
        // A step onto an enemy, a friend beside it, and an enemy across
        // the river, out of reach away from the bridges.
        Mobility::Step => ("c4", &["d4"], &["b4", "c5"]),
        // A charge over the bridge onto an enemy, a friend beside it.
        Mobility::Charge => ("e3", &["d3"], &["e5", "f5"]),
        // A flight over friends and foes, down into the own HQ and up
        // into the enemy's; a friend beside it.
        Mobility::Flight => ("d3", &["c3", "d2", "d4"], &["d6", "b6"]),
        // A slide across the bridge up to an enemy, and one stopped by
        // a friend.
        Mobility::Slide => ("b2", &["e2"], &["b7", "c6"]),
        Mobility::Fixed if kind == Kind::Flag => ("c2", &[], &[]),
        Mobility::Fixed => ("d4", &[], &[]),
        // A flight across the board; a friend and the enemy
        // headquarters out of reach.
        Mobility::Anywhere => ("c3", &["d3"], &["c6"]),
    }
}

/// The same on Classic 25's 9×6 board (bridges on b, e and h).
fn classic_sample(kind: Kind, mobility: Mobility) -> Sample {
    match mobility {
        // A step onto an enemy, a friend beside it, and an enemy across
        // the river off the bridges.
        Mobility::Step => ("c3", &["d3"], &["b3", "c4"]),
        // A charge over the middle bridge onto an enemy.
        Mobility::Charge => ("e2", &["d2"], &["e4", "f4"]),
        // A slide over the b bridge up to an enemy, one stopped by a friend.
        Mobility::Slide => ("b2", &["e2"], &["b5", "c4"]),
        // The Marshal stands in its headquarters.
        Mobility::Fixed if kind == Kind::Marshal => ("e1", &[], &[]),
        Mobility::Fixed => ("d2", &[], &[]),
        // A Jet flies anywhere but onto a friend or into the enemy
        // headquarters; an enemy across the board is in reach.
        Mobility::Anywhere => ("c2", &["d2"], &["c5"]),
        // No Plane flies in Classic 25: a flight along its file.
        Mobility::Flight => ("c2", &["c3"], &["c5"]),
    }
}

impl Diagram {
    /// The diagram of `kind` under `rules`: on its mode's board, moving as
    /// its mode says (of the options, only the front matters).
    pub fn of(kind: Kind, rules: Rules) -> Diagram {
        let shape = rules.shape();
        let mobility = rules.mobility(kind);
        let (from, own, enemies) = if *shape == Shape::STANDARD {
            standard_sample(kind, mobility)
        } else {
            classic_sample(kind, mobility)
        };
        let sq = |name: &str| shape.parse_square(name).expect("diagram squares are valid");
        let from = sq(from);
        let mut own: Vec<(Square, Option<Kind>)> = own.iter().map(|s| (sq(s), None)).collect();
        let enemies: Vec<Square> = enemies.iter().map(|&s| sq(s)).collect();
        let mut fights_as = None;
        if kind == Kind::Flag {
            // The Flag with the General behind it, in the headquarters.
            let behind = Square::SOUTH_HQ;
            debug_assert_eq!(from.behind(Color::South), Some(behind));
            own.push((behind, Some(Kind::General)));
            fights_as = Some(kind.fights_as(Some(Kind::General)));
        }
        let own_bb: Bitboard = own.iter().map(|&(s, _)| s).chain([from]).collect();
        let enemy_bb: Bitboard = enemies.iter().copied().collect();
        let reach = destinations(
            rules.geometry(),
            Color::South,
            mobility,
            from,
            own_bb,
            enemy_bb,
        );
        Diagram {
            kind,
            from,
            own,
            enemies,
            reach,
            fights_as,
        }
    }

    pub fn node(&self, square: Square) -> Node {
        let enemy = self.enemies.contains(&square);
        if square == self.from {
            Node::Piece
        } else if let Some(&(_, kind)) = self.own.iter().find(|(s, _)| *s == square) {
            Node::Own(kind)
        } else if self.reach.contains(square) {
            if enemy { Node::Attack } else { Node::Move }
        } else if enemy {
            Node::Enemy
        } else {
            Node::Empty
        }
    }

    /// The empty nodes it can move to, in board order.
    pub fn moves(&self) -> Vec<Square> {
        self.reach
            .into_iter()
            .filter(|s| !self.enemies.contains(s))
            .collect()
    }

    /// The enemies it can attack, in board order.
    pub fn attacks(&self) -> Vec<Square> {
        self.reach
            .into_iter()
            .filter(|s| self.enemies.contains(s))
            .collect()
    }
}

/// CSS grid row of a rank: the top rank first, one row for the front
/// across the middle.
fn grid_row(shape: &Shape, rank: u8) -> u8 {
    let below_front = u8::from(rank < shape.ranks / 2);
    shape.ranks - rank + below_front
}

fn front_row(shape: &Shape) -> u8 {
    shape.ranks / 2 + 1
}

/// The small board of one kind's diagram, drawn on its mode's board.
#[component]
pub fn MovementDiagram(kind: Kind, #[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let diagram = Memo::new(move |_| Diagram::of(kind, rules.get()));
    let shape = Memo::new(move |_| *rules.get().shape());
    let open = move || rules.get().front == Front::Open;
    let label = move || {
        let d = diagram.get();
        let piece = kind_name(i18n.get_locale(), kind);
        let moves = square_list(i18n.get_locale(), &d.moves());
        let attacks = square_list(i18n.get_locale(), &d.attacks());
        let square = d.from.to_string();
        t_string!(i18n, guide.diagram.label, piece, square, moves, attacks)
    };
    let board = move || {
        let shape = shape.get();
        let wide = shape.files > 6;
        let nodes = (0..shape.ranks)
            .flat_map(|rank| shape.rank_nodes(rank).collect::<Vec<_>>())
            .map(|square| view! { <DiagramNode kind square shape diagram rules /> })
            .collect_view();
        let bridges = (0..shape.files)
            .filter(|&f| shape.has_bridge(f))
            .map(|file| {
                view! {
                    <span class="dg-bridge-span" style=format!("grid-column:{}", file + 1)></span>
                }
            })
            .collect_view();
        view! {
            <div
                class="dg-board"
                class:dg-open=open
                role="img"
                aria-label=label
                style=format!("--dg-files:{};--dg-half:{}", shape.files, shape.ranks / 2)
                class:dg-wide=wide
            >
                {nodes}
                <span class="dg-front" style=format!("grid-row:{}", front_row(&shape))>
                    {move || (!open()).then(|| bridges.clone())}
                </span>
            </div>
        }
    };
    view! { {board} }
}

/// One node of a diagram.
#[component]
fn DiagramNode(
    kind: Kind,
    square: Square,
    shape: Shape,
    diagram: Memo<Diagram>,
    rules: Signal<Rules>,
) -> impl IntoView {
    let i18n = use_i18n();
    let files = shape.files_of(square);
    let area = format!(
        "grid-row:{};grid-column:{} / span {}",
        grid_row(&shape, square.rank()),
        files[0] + 1,
        files.len()
    );
    let node = move || diagram.with(|d| d.node(square));
    let class = move || {
        let state = match node() {
            Node::Empty => "",
            Node::Piece => " dg-piece",
            Node::Own(_) => " dg-own",
            Node::Enemy => " dg-enemy",
            Node::Move => " dg-move",
            Node::Attack => " dg-attack dg-enemy",
        };
        let camp = if shape.camp(square) == Color::South {
            "south"
        } else {
            "north"
        };
        let hq = if shape.is_hq(square) { " dg-hq" } else { "" };
        let bridge = if shape.is_bridge(square) {
            " dg-bridge"
        } else {
            ""
        };
        format!("dg-node dg-{camp}{hq}{bridge}{state}")
    };
    let content = move || match node() {
        Node::Piece => kind_short(i18n.get_locale(), kind),
        Node::Own(Some(k)) => kind_short(i18n.get_locale(), k),
        Node::Enemy | Node::Attack => "?",
        _ => "",
    };
    // A named piece says what it is on a hover or a long press.
    let named = move || match node() {
        Node::Piece => Some(kind),
        Node::Own(k) => k,
        _ => None,
    };
    let about = Signal::derive(move || {
        named()
            .map(|k| piece_help(i18n.get_locale(), rules.get(), k))
            .unwrap_or_default()
    });
    let press = LongPress::default();
    view! {
        <span class=class style=area data-square=square.to_string() {..press.on()} title=move || named().map(|_| about.get())>
            {content}
            <PieceAbout press about />
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_step_stops_at_friends_and_at_the_river() {
        let d = Diagram::of(Kind::Major, Rules::KIRAKUKEN);
        assert_eq!(names(&d.moves()), ["c3"]);
        assert_eq!(names(&d.attacks()), ["b4"]);
        assert_eq!(d.node(sq("d4")), Node::Own(None));
        assert_eq!(d.node(sq("c5")), Node::Enemy);
    }

    #[test]
    fn a_plane_flies_over_pieces_and_the_front() {
        let d = Diagram::of(Kind::Plane, Rules::KIRAKUKEN);
        assert_eq!(names(&d.moves()), ["c1", "e3", "d5", "d7", "c8"]);
        assert_eq!(names(&d.attacks()), ["d6"]);
    }

    #[test]
    fn an_engineer_slides_over_the_bridge_until_a_piece_stops_it() {
        let d = Diagram::of(Kind::Engineer, Rules::TRADITIONAL);
        assert_eq!(
            names(&d.moves()),
            ["b1", "a2", "c2", "d2", "b3", "b4", "b5", "b6"]
        );
        assert_eq!(names(&d.attacks()), ["b7"]);
    }

    #[test]
    fn a_charge_crosses_on_a_bridge_file() {
        let d = Diagram::of(Kind::Tank, Rules::KIRAKUKEN);
        assert_eq!(names(&d.moves()), ["e2", "f3", "e4"]);
        assert_eq!(names(&d.attacks()), ["e5"]);
    }

    #[test]
    fn the_open_front_lets_a_step_cross_anywhere() {
        let mut rules = Rules::KIRAKUKEN;
        rules.front = Front::Open;
        let d = Diagram::of(Kind::Mine, rules);
        assert!(d.reach.is_empty());
        let d = Diagram::of(Kind::Colonel, rules);
        assert_eq!(names(&d.attacks()), ["b4", "c5"]);
    }

    #[test]
    fn the_flag_fights_as_the_general_behind_it() {
        let d = Diagram::of(Kind::Flag, Rules::KIRAKUKEN);
        assert!(d.reach.is_empty());
        assert_eq!(d.fights_as, Some(Kind::General));
        assert_eq!(d.node(Square::SOUTH_HQ), Node::Own(Some(Kind::General)));
    }

    #[test]
    fn every_node_has_its_own_cell_and_the_front_its_row() {
        for shape in [&Shape::STANDARD, &Shape::CLASSIC_25] {
            let mut cells = std::collections::HashSet::new();
            for rank in 0..shape.ranks {
                for s in shape.rank_nodes(rank) {
                    assert_ne!(grid_row(shape, s.rank()), front_row(shape));
                    for &f in shape.files_of(s) {
                        assert!(cells.insert((grid_row(shape, s.rank()), f)));
                    }
                }
            }
            assert_eq!(cells.len(), usize::from(shape.files * shape.ranks));
        }
    }

    fn classic() -> Rules {
        Rules {
            mode: gunjin_rules::Mode::Classic25,
            ..Rules::KIRAKUKEN
        }
    }

    #[test]
    fn a_jet_flies_anywhere_but_onto_a_friend_or_into_the_enemy_headquarters() {
        let d = Diagram::of(Kind::Jet, classic());
        // 50 nodes but its own, the friend's and the enemy headquarters.
        assert_eq!(d.reach.count(), 47);
        assert_eq!(names(&d.attacks()), ["c5"]);
        assert_eq!(d.node(Shape::CLASSIC_25.hq(Color::North)), Node::Empty);
    }

    #[test]
    fn the_artillery_slides_over_a_classic_bridge() {
        let d = Diagram::of(Kind::Artillery, classic());
        assert_eq!(names(&d.moves()), ["b1", "a2", "c2", "d2", "b3", "b4"]);
        assert_eq!(names(&d.attacks()), ["b5"]);
    }

    #[test]
    fn the_classic_marshal_stands_in_its_headquarters_and_never_moves() {
        let d = Diagram::of(Kind::Marshal, classic());
        assert_eq!(d.from, Shape::CLASSIC_25.hq(Color::South));
        assert!(d.reach.is_empty());
        // Elsewhere it steps.
        let marshal23 = Rules {
            mode: gunjin_rules::Mode::Marshal23,
            ..Rules::KIRAKUKEN
        };
        let steps = Diagram::of(Kind::Marshal, marshal23);
        assert_eq!(
            (names(&steps.moves()), names(&steps.attacks())),
            (vec!["c3".to_owned()], vec!["b4".to_owned()])
        );
    }
}
