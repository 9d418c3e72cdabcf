//! Movement diagrams: one kind of piece on a sample node of the whole board,
//! with a few own and enemy pieces around it so that blocked slides, a
//! Plane's flight over pieces and the front all show. Where the piece can go
//! is asked of [`gunjin_rules::destinations`]; this module only chooses the
//! sample position and draws it.

use gunjin_rules::{
    BRIDGE_FILES, Bitboard, Color, FILES, Front, Geometry, Kind, Mobility, RANKS, Rules, Square,
    destinations, is_bridge,
};
use leptos::prelude::*;

use super::{kind_name, kind_short, square_list};
use crate::i18n::*;

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

fn sq(name: &str) -> Square {
    name.parse().expect("diagram squares are valid")
}

impl Diagram {
    /// The diagram of `kind` under `rules` (only the front matters).
    pub fn of(kind: Kind, rules: Rules) -> Diagram {
        let (from, own, enemies): (&str, &[&str], &[&str]) = match kind.mobility() {
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
        };
        let from = sq(from);
        let mut own: Vec<(Square, Option<Kind>)> = own.iter().map(|s| (sq(s), None)).collect();
        let enemies: Vec<Square> = enemies.iter().map(|s| sq(s)).collect();
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
            Geometry::of(rules.front),
            Color::South,
            rules.mobility(kind),
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

/// CSS grid row of a rank: rank 8 on top, one row for the front between
/// ranks 5 and 4.
fn grid_row(rank: u8) -> u8 {
    let below_front = u8::from(rank < RANKS / 2);
    RANKS - rank + below_front
}

const FRONT_ROW: u8 = RANKS / 2 + 1;

/// The small board of one kind's diagram.
#[component]
pub fn MovementDiagram(kind: Kind, #[prop(into)] rules: Signal<Rules>) -> impl IntoView {
    let i18n = use_i18n();
    let diagram = Memo::new(move |_| Diagram::of(kind, rules.get()));
    let open = move || rules.get().front == Front::Open;
    let label = move || {
        let d = diagram.get();
        let piece = kind_name(i18n.get_locale(), kind);
        let moves = square_list(i18n.get_locale(), &d.moves());
        let attacks = square_list(i18n.get_locale(), &d.attacks());
        let square = d.from.to_string();
        t_string!(i18n, guide.diagram.label, piece, square, moves, attacks)
    };
    let nodes = Square::ALL
        .into_iter()
        .map(|square| {
            let files = square.files();
            let area = format!(
                "grid-row:{};grid-column:{} / span {}",
                grid_row(square.rank()),
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
                let camp = if square.camp() == Color::South {
                    "south"
                } else {
                    "north"
                };
                let hq = if square.is_hq() { " dg-hq" } else { "" };
                let bridge = if is_bridge(square) { " dg-bridge" } else { "" };
                format!("dg-node dg-{camp}{hq}{bridge}{state}")
            };
            let content = move || match node() {
                Node::Piece => kind_short(i18n.get_locale(), kind),
                Node::Own(Some(k)) => kind_short(i18n.get_locale(), k),
                Node::Enemy | Node::Attack => "?",
                _ => "",
            };
            view! {
                <span class=class style=area data-square=square.to_string()>
                    {content}
                </span>
            }
        })
        .collect_view();
    let bridges = BRIDGE_FILES
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
            style=format!("--dg-files:{FILES}")
        >
            {nodes}
            <span class="dg-front" style=format!("grid-row:{FRONT_ROW}")>
                {move || (!open()).then(|| bridges.clone())}
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut cells = std::collections::HashSet::new();
        for s in Square::ALL {
            assert_ne!(grid_row(s.rank()), FRONT_ROW);
            for &f in s.files() {
                assert!(cells.insert((grid_row(s.rank()), f)));
            }
        }
        assert_eq!(cells.len(), usize::from(FILES * RANKS));
    }
}
