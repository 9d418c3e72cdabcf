//! Where each kind of piece may move (RULES.md §1–2), as literal lists of
//! nodes: first on sparse positions (built as a diagram, or written in the
//! position text of docs/RULES.md), then in real
//! games where the referee's [`Position::destinations`] and the player's
//! [`View::destinations`] must give the same answer.
//!
//! Node lists name the headquarters `c1` / `c8`; an enemy piece on a
//! destination means the move is an attack.

mod common;

use common::*;
use gunjin_rules::{Color, Front, Game, Kind, Move, Position, Rules, Square, View};

const RIVER: Rules = Rules::KIRAKUKEN;
const OPEN: Rules = Rules {
    front: Front::Open,
    ..Rules::KIRAKUKEN
};

/// The kinds that move one node at a time.
const STEPPERS: [Kind; 10] = [
    Kind::General,
    Kind::LieutenantGeneral,
    Kind::MajorGeneral,
    Kind::Colonel,
    Kind::LieutenantColonel,
    Kind::Major,
    Kind::Captain,
    Kind::Lieutenant,
    Kind::SecondLieutenant,
    Kind::Spy,
];

/// Where `kind` of `side` on `from` may go on a board holding only the given
/// other pieces of its own side and enemy pieces.
fn moves_of(
    rules: Rules,
    side: Color,
    kind: Kind,
    from: &str,
    own: &[(&str, Kind)],
    enemies: &[&str],
) -> String {
    let mut pieces = vec![(from, kind)];
    pieces.extend_from_slice(own);
    let position = sparse_position(rules, side, &pieces, enemies);
    names(position.destinations(sq(from)))
}

/// One case: a kind on a node of a sparse board and its destinations.
struct Case {
    rules: Rules,
    side: Color,
    kind: Kind,
    from: &'static str,
    own: &'static [(&'static str, Kind)],
    enemies: &'static [&'static str],
    expected: &'static str,
}

fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        let got = moves_of(c.rules, c.side, c.kind, c.from, c.own, c.enemies);
        if got != sorted(c.expected) {
            failures.push(format!(
                "{} {} on {} (own {:?}, enemies {:?}, {}): expected [{}], got [{}]",
                c.side,
                c.kind,
                c.from,
                c.own,
                c.enemies,
                c.rules,
                sorted(c.expected),
                got
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn case(kind: Kind, from: &'static str, expected: &'static str) -> Case {
    Case {
        rules: RIVER,
        side: Color::South,
        kind,
        from,
        own: &[],
        enemies: &[],
        expected,
    }
}

// ---------------------------------------------------------------------------
// One step at a time: officers, lieutenants and the Spy.
// ---------------------------------------------------------------------------

#[test]
fn stepping_pieces_move_one_node_orthogonally() {
    let mut cases = Vec::new();
    for kind in STEPPERS {
        for side in Color::ALL {
            cases.extend([
                Case {
                    side,
                    ..case(kind, "c3", "c2 c4 b3 d3")
                },
                Case {
                    side,
                    ..case(kind, "a1", "a2 b1")
                },
                Case {
                    side,
                    ..case(kind, "f8", "f7 e8")
                },
                Case {
                    side,
                    ..case(kind, "b6", "a6 c6 b5 b7")
                },
            ]);
        }
    }
    check(&cases);
}

#[test]
fn no_piece_moves_onto_a_friendly_piece_but_any_may_attack_an_enemy() {
    let mut cases = Vec::new();
    for kind in STEPPERS {
        cases.push(Case {
            own: &[("c4", Kind::Mine), ("d3", Kind::Flag)],
            enemies: &["b3"],
            ..case(kind, "c3", "c2 b3")
        });
    }
    check(&cases);
}

#[test]
fn the_front_is_crossed_on_foot_only_at_the_bridges() {
    let mut cases = Vec::new();
    for side in Color::ALL {
        cases.extend([
            Case {
                side,
                ..case(Kind::Captain, "a4", "a3 b4")
            },
            Case {
                side,
                ..case(Kind::Captain, "b4", "a4 c4 b3 b5")
            },
            Case {
                side,
                ..case(Kind::Captain, "c4", "b4 d4 c3")
            },
            Case {
                side,
                ..case(Kind::Captain, "d4", "c4 e4 d3")
            },
            Case {
                side,
                ..case(Kind::Captain, "e4", "d4 f4 e3 e5")
            },
            Case {
                side,
                ..case(Kind::Captain, "f4", "e4 f3")
            },
            Case {
                side,
                ..case(Kind::Captain, "a5", "a6 b5")
            },
            Case {
                side,
                ..case(Kind::Captain, "b5", "a5 c5 b6 b4")
            },
            Case {
                side,
                ..case(Kind::Captain, "d5", "c5 e5 d6")
            },
            Case {
                side,
                ..case(Kind::Captain, "e5", "d5 f5 e6 e4")
            },
            // An enemy across the river cannot be attacked off a bridge.
            Case {
                side,
                enemies: &["c5"],
                ..case(Kind::General, "c4", "b4 d4 c3")
            },
            Case {
                side,
                enemies: &["b5"],
                ..case(Kind::General, "b4", "a4 c4 b3 b5")
            },
        ]);
    }
    check(&cases);
}

#[test]
fn the_open_front_option_lets_every_file_cross() {
    let mut cases = Vec::new();
    for side in Color::ALL {
        cases.extend([
            Case {
                rules: OPEN,
                side,
                ..case(Kind::Captain, "a4", "a3 b4 a5")
            },
            Case {
                rules: OPEN,
                side,
                ..case(Kind::Captain, "c4", "b4 d4 c3 c5")
            },
            Case {
                rules: OPEN,
                side,
                ..case(Kind::Captain, "d5", "c5 e5 d6 d4")
            },
            Case {
                rules: OPEN,
                side,
                ..case(Kind::Captain, "b4", "a4 c4 b3 b5")
            },
            Case {
                rules: OPEN,
                side,
                ..case(Kind::Engineer, "a2", "a1 b2 c2 d2 e2 f2 a3 a4 a5 a6 a7 a8")
            },
        ]);
    }
    cases.extend([
        Case {
            rules: OPEN,
            ..case(Kind::Tank, "c3", "b3 d3 c2 c4 c5")
        },
        Case {
            rules: OPEN,
            side: Color::North,
            ..case(Kind::Tank, "d6", "c6 e6 d7 d5 d4")
        },
    ]);
    check(&cases);
}

// ---------------------------------------------------------------------------
// The headquarters: one node on two squares.
// ---------------------------------------------------------------------------

#[test]
fn the_headquarters_is_one_node_with_four_neighbours() {
    let mut cases = Vec::new();
    for side in Color::ALL {
        cases.extend([
            // Leaving it: to b1, e1, c2 or d2 (c8: b8, e8, c7, d7).
            Case {
                side,
                ..case(Kind::Captain, "c1", "b1 e1 c2 d2")
            },
            Case {
                side,
                ..case(Kind::Captain, "d1", "b1 e1 c2 d2")
            },
            Case {
                side,
                ..case(Kind::Captain, "c8", "b8 e8 c7 d7")
            },
            // Entering it: from b1, e1, c2 or d2.
            Case {
                side,
                ..case(Kind::Captain, "b1", "a1 b2 c1")
            },
            Case {
                side,
                ..case(Kind::Captain, "e1", "f1 e2 c1")
            },
            Case {
                side,
                ..case(Kind::Captain, "c2", "b2 d2 c3 c1")
            },
            Case {
                side,
                ..case(Kind::Captain, "d2", "c2 e2 d3 c1")
            },
            Case {
                side,
                ..case(Kind::Captain, "d7", "c7 e7 d6 c8")
            },
            // Occupied by a friend it is closed; by an enemy it is attacked.
            Case {
                side,
                own: &[("c1", Kind::Lieutenant)],
                ..case(Kind::Captain, "d2", "c2 e2 d3")
            },
            Case {
                side,
                enemies: &["c1"],
                ..case(Kind::Captain, "d2", "c2 e2 d3 c1")
            },
        ]);
    }
    check(&cases);
}

#[test]
fn a_line_along_the_back_rank_passes_through_the_headquarters_as_one_node() {
    check(&[
        // Engineer on b1: through the empty headquarters to e1 and f1.
        case(Kind::Engineer, "b1", "a1 c1 e1 f1 b2 b3 b4 b5 b6 b7 b8"),
        case(Kind::Engineer, "f1", "e1 c1 b1 a1 f2 f3 f4"),
        // An enemy in the headquarters stops the line there (and is attacked).
        Case {
            enemies: &["c1"],
            ..case(Kind::Engineer, "b1", "a1 c1 b2 b3 b4 b5 b6 b7 b8")
        },
        // A friend in the headquarters blocks it.
        Case {
            own: &[("d1", Kind::Mine)],
            ..case(Kind::Engineer, "b1", "a1 b2 b3 b4 b5 b6 b7 b8")
        },
        // An enemy on e1 is attacked through the empty headquarters.
        Case {
            enemies: &["e1"],
            ..case(Kind::Engineer, "b1", "a1 c1 e1 b2 b3 b4 b5 b6 b7 b8")
        },
        // North's back rank the same way.
        Case {
            side: Color::North,
            ..case(Kind::Engineer, "e8", "f8 c8 b8 a8 e7 e6 e5 e4 e3 e2 e1")
        },
    ]);
}

#[test]
fn lines_along_files_c_and_d_start_and_end_in_the_headquarters() {
    check(&[
        // From the headquarters along both files (the river ends them)...
        case(Kind::Engineer, "c1", "a1 b1 e1 f1 c2 c3 c4 d2 d3 d4"),
        // ...and with an open front on to the enemy headquarters.
        Case {
            rules: OPEN,
            ..case(
                Kind::Engineer,
                "c1",
                "a1 b1 e1 f1 c2 c3 c4 c5 c6 c7 d2 d3 d4 d5 d6 d7 c8",
            )
        },
        // Into it from either file.
        case(Kind::Engineer, "c4", "a4 b4 d4 e4 f4 c3 c2 c1"),
        case(Kind::Engineer, "d3", "a3 b3 c3 e3 f3 d4 d2 c1"),
        Case {
            rules: OPEN,
            ..case(Kind::Engineer, "d6", "a6 b6 c6 e6 f6 d7 c8 d5 d4 d3 d2 c1")
        },
    ]);
}

// ---------------------------------------------------------------------------
// Tank and Cavalry: one step, or a two-node charge forward.
// ---------------------------------------------------------------------------

#[test]
fn tank_and_cavalry_charge_two_nodes_forward_through_an_empty_node() {
    let mut cases = Vec::new();
    for kind in [Kind::Tank, Kind::Cavalry] {
        cases.extend([
            case(kind, "c2", "b2 d2 c1 c3 c4"),
            case(kind, "a1", "a2 b1 a3"),
            // The middle node must be empty: a friend or an enemy there stops the charge.
            Case {
                own: &[("c3", Kind::Mine)],
                ..case(kind, "c2", "b2 d2 c1")
            },
            Case {
                enemies: &["c3"],
                ..case(kind, "c2", "b2 d2 c1 c3")
            },
            // A charge may end in an attack, never on a friend.
            Case {
                enemies: &["c4"],
                ..case(kind, "c2", "b2 d2 c1 c3 c4")
            },
            Case {
                own: &[("c4", Kind::Mine)],
                ..case(kind, "c2", "b2 d2 c1 c3")
            },
        ]);
    }
    check(&cases);
}

#[test]
fn a_charge_goes_only_straight_forward() {
    let mut cases = Vec::new();
    for kind in [Kind::Tank, Kind::Cavalry] {
        // Never two nodes back or sideways.
        cases.extend([
            case(kind, "c3", "b3 d3 c2 c4"),
            Case {
                rules: OPEN,
                ..case(kind, "c3", "b3 d3 c2 c4 c5")
            },
            case(kind, "b8", "a8 c8 b7"),
            case(kind, "f2", "e2 f1 f3 f4"),
        ]);
    }
    check(&cases);
}

#[test]
fn a_charge_over_the_front_must_use_a_bridge_file() {
    let mut cases = Vec::new();
    for kind in [Kind::Tank, Kind::Cavalry] {
        cases.extend([
            case(kind, "b3", "a3 c3 b2 b4 b5"),
            case(kind, "b4", "a4 c4 b3 b5 b6"),
            case(kind, "e3", "d3 f3 e2 e4 e5"),
            Case {
                enemies: &["e5"],
                ..case(kind, "e3", "d3 f3 e2 e4 e5")
            },
            Case {
                enemies: &["b4"],
                ..case(kind, "b3", "a3 c3 b2 b4")
            },
            case(kind, "a3", "b3 a2 a4"),
            case(kind, "c3", "b3 d3 c2 c4"),
            case(kind, "d4", "c4 e4 d3"),
        ]);
    }
    check(&cases);
}

#[test]
fn a_charge_may_leave_the_own_headquarters_along_file_c_or_d_and_enter_the_enemy_one() {
    let mut cases = Vec::new();
    for kind in [Kind::Tank, Kind::Cavalry] {
        cases.extend([
            case(kind, "c1", "b1 e1 c2 d2 c3 d3"),
            Case {
                own: &[("c2", Kind::Mine)],
                ..case(kind, "c1", "b1 e1 d2 d3")
            },
            case(kind, "d6", "c6 e6 d5 d7 c8"),
            case(kind, "c6", "b6 d6 c5 c7 c8"),
            Case {
                enemies: &["c8"],
                ..case(kind, "c6", "b6 d6 c5 c7 c8")
            },
        ]);
    }
    check(&cases);
}

#[test]
fn north_moves_forward_downwards() {
    let mut cases = Vec::new();
    for kind in [Kind::Tank, Kind::Cavalry] {
        let north = |from, expected| Case {
            side: Color::North,
            ..case(kind, from, expected)
        };
        cases.extend([
            north("d7", "c7 e7 c8 d6 d5"),
            north("e6", "d6 f6 e7 e5 e4"),
            north("b5", "a5 c5 b6 b4 b3"),
            north("a6", "b6 a7 a5"),
            north("c8", "b8 e8 c7 d7 c6 d6"),
            north("d3", "c3 e3 d4 d2 c1"),
            Case {
                enemies: &["e4"],
                ..north("e6", "d6 f6 e7 e5 e4")
            },
            Case {
                own: &[("e5", Kind::Mine)],
                ..north("e6", "d6 f6 e7")
            },
        ]);
    }
    check(&cases);
}

// ---------------------------------------------------------------------------
// The Plane: along its file over anything, or one step sideways.
// ---------------------------------------------------------------------------

#[test]
fn a_plane_flies_along_its_file_over_pieces_and_the_front() {
    check(&[
        case(Kind::Plane, "a1", "a2 a3 a4 a5 a6 a7 a8 b1"),
        case(Kind::Plane, "b4", "b1 b2 b3 b5 b6 b7 b8 a4 c4"),
        // Over friends and enemies alike; it lands on an enemy (an attack),
        // never on a friend.
        Case {
            own: &[("a2", Kind::Flag), ("a6", Kind::Lieutenant)],
            enemies: &["a5", "a7"],
            ..case(Kind::Plane, "a4", "a1 a3 a5 a7 a8 b4")
        },
        Case {
            own: &[("c4", Kind::Mine), ("c7", Kind::Lieutenant)],
            enemies: &["c6", "c8"],
            ..case(Kind::Plane, "c3", "c1 c2 c5 c6 c8 b3 d3")
        },
        // North flies the same way.
        Case {
            side: Color::North,
            ..case(Kind::Plane, "f6", "f1 f2 f3 f4 f5 f7 f8 e6")
        },
    ]);
}

#[test]
fn a_plane_steps_sideways_only_one_node_along_the_rank() {
    check(&[
        case(Kind::Plane, "c5", "b5 d5 c1 c2 c3 c4 c6 c7 c8"),
        Case {
            own: &[("b5", Kind::Lieutenant)],
            enemies: &["d5"],
            ..case(Kind::Plane, "c5", "d5 c1 c2 c3 c4 c6 c7 c8")
        },
        Case {
            own: &[("e2", Kind::Mine)],
            ..case(Kind::Plane, "f2", "f1 f3 f4 f5 f6 f7 f8")
        },
    ]);
}

#[test]
fn a_plane_on_file_c_or_d_reaches_both_headquarters() {
    check(&[
        case(Kind::Plane, "d5", "c1 d2 d3 d4 d6 d7 c8 c5 e5"),
        case(Kind::Plane, "c2", "c1 c3 c4 c5 c6 c7 c8 b2 d2"),
        Case {
            side: Color::North,
            enemies: &["c1"],
            ..case(Kind::Plane, "d7", "c8 d6 d5 d4 d3 d2 c1 c7 e7")
        },
    ]);
}

#[test]
fn a_plane_in_its_headquarters_flies_along_file_c_or_d() {
    check(&[
        case(
            Kind::Plane,
            "c1",
            "b1 e1 c2 c3 c4 c5 c6 c7 d2 d3 d4 d5 d6 d7 c8",
        ),
        Case {
            own: &[("c2", Kind::Mine), ("d4", Kind::Mine)],
            enemies: &["d6", "c8"],
            ..case(Kind::Plane, "c1", "b1 e1 c3 c4 c5 c6 c7 d2 d3 d5 d6 d7 c8")
        },
        Case {
            side: Color::North,
            ..case(
                Kind::Plane,
                "c8",
                "b8 e8 c7 c6 c5 c4 c3 c2 d7 d6 d5 d4 d3 d2 c1",
            )
        },
    ]);
}

// ---------------------------------------------------------------------------
// The Engineer: any distance through empty nodes.
// ---------------------------------------------------------------------------

#[test]
fn an_engineer_slides_until_a_piece_stops_it_and_attacks_the_first_enemy() {
    check(&[
        case(Kind::Engineer, "c3", "a3 b3 d3 e3 f3 c4 c2 c1"),
        Case {
            own: &[("e3", Kind::Mine), ("b2", Kind::Mine)],
            enemies: &["b6", "b7", "a3"],
            ..case(Kind::Engineer, "b3", "a3 c3 d3 b4 b5 b6")
        },
        Case {
            side: Color::North,
            own: &[("e7", Kind::Mine)],
            enemies: &["e3"],
            ..case(Kind::Engineer, "e6", "a6 b6 c6 d6 f6 e5 e4 e3")
        },
    ]);
}

#[test]
fn an_engineer_crosses_the_front_only_on_a_bridge_file() {
    check(&[
        case(Kind::Engineer, "a2", "a1 b2 c2 d2 e2 f2 a3 a4"),
        case(Kind::Engineer, "e2", "a2 b2 c2 d2 f2 e1 e3 e4 e5 e6 e7 e8"),
        case(Kind::Engineer, "d6", "a6 b6 c6 e6 f6 d7 c8 d5"),
        case(Kind::Engineer, "b7", "a7 c7 d7 e7 f7 b8 b6 b5 b4 b3 b2 b1"),
    ]);
}

// ---------------------------------------------------------------------------
// Mines and the Flag.
// ---------------------------------------------------------------------------

/// Mines and the Flag stay where they stand, in the middle of the camp,
/// on a bridge or in the headquarters, even with an enemy next to them.
#[test]
fn mines_and_the_flag_never_move() {
    for text in [
        "htsrf 5/6/6/6/2l3/1gX3/6/5 s",
        "htsrf 5/6/6/6/1X4/1l4/6/1gF2 s",
        "htsrf 5/6/6/4x1/4G1/6/6/5 n",
        "htsrf 1Gf2/6/6/6/6/6/6/5 n",
    ] {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
        let immobile = position
            .board()
            .pieces(position.turn())
            .filter(|(_, p)| !p.kind.is_movable());
        for (from, piece) in immobile {
            assert!(position.destinations(from).is_empty(), "{text}: {piece:?}");
        }
        assert!(position.legal_moves().is_empty(), "{text}");
    }
}

// ---------------------------------------------------------------------------
// The same rules in real games.
// ---------------------------------------------------------------------------

/// The destinations of the piece on `from` in a real game, asserting that the
/// referee (when it is that side's turn) and the player's view agree.
fn real(game: &Game, from: &str) -> String {
    let from = sq(from);
    let owner = game
        .position()
        .board()
        .piece_at(from)
        .expect("a piece on the node")
        .color;
    let view: View = game.view(owner);
    let seen = view.destinations(from);
    if game.position().turn() == owner {
        assert_eq!(
            names(game.position().destinations(from)),
            names(seen),
            "referee and view disagree on {from}"
        );
    }
    names(seen)
}

fn balanced_game(first: Color) -> Game {
    let balanced = gunjin_rules::Template::ALL[0].setup();
    let setups = gunjin_rules::ByColor {
        south: balanced,
        north: balanced,
    };
    Game::new(RIVER, setups, first).unwrap()
}

#[test]
fn at_the_start_only_the_bridges_and_the_planes_reach_the_enemy() {
    // Balanced template: a4 A, b4 T, c4 N, d4 E, e4 S, f4 V / a3 S, b3 P,
    // c3 O, d3 J, e3 N, f3 T / a2 E, b2 X, c2 F, d2 C, e2 P, f2 Y /
    // a1 X, b1 A, HQ G, e1 M, f1 L. Every node is full: every move attacks.
    let game = balanced_game(Color::South);
    let mut moves: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "b3-b5", "b3-b6", "b3-b7", "b3-b8", "b4-b5", "e2-e5", "e2-e6", "e2-e7", "e2-e8",
            "e4-e5"
        ]
    );
    assert_eq!(real(&game, "b4"), "b5"); // the Tank over the bridge
    assert_eq!(real(&game, "a4"), ""); // river and friends
    assert_eq!(real(&game, "d4"), ""); // an Engineer off the bridges
    assert_eq!(real(&game, "f3"), ""); // a Tank behind a friend
    assert_eq!(real(&game, "c2"), ""); // the Flag
    // North sees its own side the same way, turned half round.
    let game = balanced_game(Color::North);
    let mut moves: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "b5-b4", "b7-b1", "b7-b2", "b7-b3", "b7-b4", "e5-e4", "e6-e1", "e6-e2", "e6-e3",
            "e6-e4"
        ]
    );
}

#[test]
fn a_plane_in_the_headquarters_attacks_along_both_files_at_the_start() {
    for me in Color::ALL {
        let game = game_seen_by(me, RIVER, true, &[("c1", Kind::Plane)], &[]);
        let expected: Vec<String> = ["c5", "c6", "c7", "c8", "d5", "d6", "d7"]
            .iter()
            .map(|n| rel(me, n).to_string())
            .collect();
        assert_eq!(
            real(&game, &rel(me, "c1").to_string()),
            sorted(&expected.join(" "))
        );
    }
}

#[test]
fn a_tank_charges_over_the_bridge_once_the_node_in_front_is_empty() {
    for me in Color::ALL {
        let r = |n: &str| rel(me, n).to_string();
        // My Plane on b4 flies off, taking their Second Lieutenant on b6.
        let mut game = game_seen_by(
            me,
            RIVER,
            true,
            &[("b4", Kind::Plane), ("b3", Kind::Tank)],
            &[("b6", Kind::SecondLieutenant), ("e5", Kind::Captain)],
        );
        assert_eq!(real(&game, &r("b3")), "");
        play_seen_by(&mut game, me, "b4-b6");
        // b5 still holds their piece: the charge ends in an attack.
        assert_eq!(
            real(&game, &r("b3")),
            sorted(&format!("{} {}", r("b4"), r("b5")))
        );
        // They trade Captains on the other bridge; now it is my turn.
        let mut me_captain = game_seen_by(
            me,
            RIVER,
            true,
            &[
                ("b4", Kind::Plane),
                ("b3", Kind::Tank),
                ("e4", Kind::Captain),
            ],
            &[("b6", Kind::SecondLieutenant), ("e5", Kind::Captain)],
        );
        play_seen_by(&mut me_captain, me, "b4-b6 e5-e4");
        assert_eq!(me_captain.position().turn(), me);
        assert_eq!(
            real(&me_captain, &r("b3")),
            sorted(&format!("{} {}", r("b4"), r("b5")))
        );
        play_seen_by(&mut me_captain, me, "b3-b5");
        assert_eq!(me_captain.history().len(), 3);
    }
}

#[test]
fn pieces_leave_and_enter_the_headquarters_and_an_engineer_passes_through_it() {
    for me in Color::ALL {
        let r = |n: &str| rel(me, n).to_string();
        // My Planes on c2 and e1 fly off into their camp (taking weak
        // pieces); my Captain leaves the headquarters for c2; my Engineer
        // on b1 then runs along the back rank through it. They pass by
        // trading Lieutenants on b and stepping on file b.
        let mut game = game_seen_by(
            me,
            RIVER,
            true,
            &[
                ("c2", Kind::Plane),
                ("c1", Kind::Captain),
                ("e1", Kind::Plane),
                ("b1", Kind::Engineer),
                ("b4", Kind::Lieutenant),
            ],
            &[
                ("c6", Kind::SecondLieutenant),
                ("e6", Kind::SecondLieutenant),
                ("b5", Kind::Lieutenant),
                ("b6", Kind::Captain),
            ],
        );
        play_seen_by(&mut game, me, "c2-c6 b5-b4");
        assert_eq!(real(&game, &r("c1")), r("c2"));
        play_seen_by(&mut game, me, "e1-e6 b6-b5");
        assert_eq!(
            real(&game, &r("c1")),
            sorted(&format!("{} {}", r("c2"), r("e1")))
        );
        assert_eq!(real(&game, &r("b1")), "");
        // The move text may name the headquarters by either square.
        play_seen_by(&mut game, me, "d1-c2 b5-b6");
        assert_eq!(at(&game, rel(me, "c2")), Some((me, Kind::Captain)));
        assert_eq!(
            real(&game, &r("b1")),
            sorted(&format!("{} {}", r("c1"), r("e1")))
        );
        play_seen_by(&mut game, me, "b1-e1");
        assert_eq!(at(&game, rel(me, "e1")), Some((me, Kind::Engineer)));
        // And back in: the Captain from c2, written c2-d1.
        play_seen_by(&mut game, me, "b6-b5 c2-d1");
        assert_eq!(at(&game, Square::hq(me)), Some((me, Kind::Captain)));
    }
}
