//! Where the variant modes' kinds may move (`shared/RULES.md` §8.1), as
//! literal lists of nodes on sparse boards, in the style of
//! `tests/movement.rs`: the Marshal, the Commodore and the Military Police
//! on the standard board, the Jet, the Artillery and the standard kinds on
//! Classic 25's 9×6 board (headquarters `e1` / `e6`, bridges on files
//! `b`, `e` and `h`), and the kinds that never walk. Then who counts as an
//! officer of Major or above for the draw.

mod common;

use common::*;
use gunjin_rules::{
    Bitboard, Color, DrawReason, Front, Kind, Mode, Outcome, Position, Rules, destinations,
};

const fn rules(mode: Mode) -> Rules {
    Rules {
        mode,
        ..Rules::KIRAKUKEN
    }
}

const MARSHAL_23: Rules = rules(Mode::Marshal23);
const AMERICAN_21: Rules = rules(Mode::American21);
const CLASSIC_25: Rules = rules(Mode::Classic25);
const CLASSIC_25_OPEN: Rules = Rules {
    front: Front::Open,
    ..CLASSIC_25
};

/// Every node of Classic 25's board, rank by rank.
const CLASSIC_25_NODES: &str = "a1 b1 c1 e1 g1 h1 i1 \
    a2 b2 c2 d2 e2 f2 g2 h2 i2 \
    a3 b3 c3 d3 e3 f3 g3 h3 i3 \
    a4 b4 c4 d4 e4 f4 g4 h4 i4 \
    a5 b5 c5 d5 e5 f5 g5 h5 i5 \
    a6 b6 c6 e6 g6 h6 i6";

/// One case: a kind on a node of a sparse board and its destinations.
struct Case {
    rules: Rules,
    side: Color,
    kind: Kind,
    from: &'static str,
    own: &'static [(&'static str, Kind)],
    enemies: &'static [&'static str],
    expected: String,
}

fn case(rules: Rules, kind: Kind, from: &'static str, expected: &str) -> Case {
    Case {
        rules,
        side: Color::South,
        kind,
        from,
        own: &[],
        enemies: &[],
        expected: expected.to_owned(),
    }
}

/// The nodes of Classic 25's board but `except`.
fn classic_25_nodes_but(except: &str) -> String {
    names(set(CLASSIC_25_NODES) - set(except))
}

/// Each case's destinations as the rules define them ([`destinations`],
/// less the nodes a guarded Marshal closes), on a board of the case's
/// pieces alone: some stand where no game puts them (a General in
/// Classic 25's own headquarters, where the Marshal stays), to show how
/// lines run through the headquarters node.
fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        let from = sq(c.from);
        let own: Bitboard = c
            .own
            .iter()
            .map(|&(name, _)| sq(name))
            .chain([from])
            .collect();
        let enemy: Bitboard = c.enemies.iter().map(|&name| sq(name)).collect();
        let mobility = c.rules.mobility(c.kind);
        let reach = destinations(c.rules.geometry(), c.side, mobility, from, own, enemy);
        let got = names(reach - c.rules.closed(c.side, enemy));
        if got != sorted(&c.expected) {
            failures.push(format!(
                "{} {} on {} (own {:?}, enemies {:?}, {}): expected [{}], got [{}]",
                c.side,
                c.kind,
                c.from,
                c.own,
                c.enemies,
                c.rules,
                sorted(&c.expected),
                got
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------
// The standard board: Marshal 23 and American 21.
// ---------------------------------------------------------------------------

#[test]
fn the_marshal_and_the_commodore_step_one_node_on_the_standard_board() {
    let mut cases = Vec::new();
    for (rules, kind) in [
        (MARSHAL_23, Kind::Marshal),
        (AMERICAN_21, Kind::Marshal),
        (AMERICAN_21, Kind::Commodore),
    ] {
        cases.extend([
            case(rules, kind, "c3", "b3 d3 c2 c4"),
            case(rules, kind, "c1", "b1 d2 c2 e1"),
            case(rules, kind, "b4", "a4 c4 b3 b5"),
            case(rules, kind, "c4", "b4 d4 c3"),
            Case {
                side: Color::North,
                ..case(rules, kind, "f8", "e8 f7")
            },
        ]);
    }
    check(&cases);
}

#[test]
fn the_military_police_slides_like_the_engineer() {
    check(&[
        case(
            AMERICAN_21,
            Kind::MilitaryPolice,
            "c3",
            "a3 b3 d3 e3 f3 c4 c2 c1",
        ),
        case(
            AMERICAN_21,
            Kind::MilitaryPolice,
            "e2",
            "a2 b2 c2 d2 f2 e1 e3 e4 e5 e6 e7 e8",
        ),
        Case {
            own: &[("e3", Kind::Mine), ("b2", Kind::Mine)],
            enemies: &["b6", "b7", "a3"],
            ..case(AMERICAN_21, Kind::MilitaryPolice, "b3", "a3 c3 d3 b4 b5 b6")
        },
    ]);
}

#[test]
fn the_atomic_bomb_never_moves() {
    check(&[
        case(AMERICAN_21, Kind::AtomicBomb, "c2", ""),
        Case {
            enemies: &["c3"],
            ..case(AMERICAN_21, Kind::AtomicBomb, "b3", "")
        },
    ]);
}

// ---------------------------------------------------------------------------
// Classic 25's board.
// ---------------------------------------------------------------------------

#[test]
fn the_jet_flies_anywhere_but_onto_a_friend_or_into_the_enemy_headquarters() {
    check(&[
        case(CLASSIC_25, Kind::Jet, "a1", &classic_25_nodes_but("a1 e6")),
        Case {
            side: Color::North,
            ..case(CLASSIC_25, Kind::Jet, "i6", &classic_25_nodes_but("i6 e1"))
        },
        // Over friends and foes and the river; onto enemies, not friends;
        // into its own headquarters.
        Case {
            own: &[("e2", Kind::Engineer), ("a4", Kind::General)],
            enemies: &["e4", "i5", "e6"],
            ..case(
                CLASSIC_25,
                Kind::Jet,
                "e3",
                &classic_25_nodes_but("e3 e2 a4 e6"),
            )
        },
        // A Jet in the enemy camp may fly home, into its headquarters.
        Case {
            enemies: &["e5"],
            ..case(CLASSIC_25, Kind::Jet, "e4", &classic_25_nodes_but("e4 e6"))
        },
    ]);
}

#[test]
fn the_artillery_slides_and_crosses_the_river_on_the_three_bridges() {
    check(&[
        case(
            CLASSIC_25,
            Kind::Artillery,
            "b2",
            "b1 b3 b4 b5 b6 a2 c2 d2 e2 f2 g2 h2 i2",
        ),
        case(
            CLASSIC_25,
            Kind::Artillery,
            "h3",
            "h2 h1 h4 h5 h6 g3 f3 e3 d3 c3 b3 a3 i3",
        ),
        // File e runs from headquarters to headquarters over its bridge.
        case(
            CLASSIC_25,
            Kind::Artillery,
            "e2",
            "e1 e3 e4 e5 e6 a2 b2 c2 d2 f2 g2 h2 i2",
        ),
        // No bridge on file c or d (whose line ends in the headquarters);
        // along the back rank the headquarters is one node.
        case(
            CLASSIC_25,
            Kind::Artillery,
            "c2",
            "c1 c3 a2 b2 d2 e2 f2 g2 h2 i2",
        ),
        case(CLASSIC_25, Kind::Artillery, "a1", "b1 c1 e1 g1 h1 i1 a2 a3"),
        case(
            CLASSIC_25_OPEN,
            Kind::Artillery,
            "c2",
            "c1 c3 c4 c5 c6 a2 b2 d2 e2 f2 g2 h2 i2",
        ),
        Case {
            own: &[("c3", Kind::Engineer)],
            enemies: &["f3", "d5"],
            ..case(CLASSIC_25, Kind::Artillery, "d3", "e3 f3 d2 e1")
        },
    ]);
}

#[test]
fn steps_and_charges_on_the_nine_by_six_board() {
    check(&[
        // The headquarters spans d1, e1 and f1 as one node.
        case(CLASSIC_25, Kind::General, "e1", "c1 g1 d2 e2 f2"),
        case(CLASSIC_25, Kind::General, "d2", "c2 e2 d3 e1"),
        case(CLASSIC_25, Kind::General, "c1", "b1 e1 c2"),
        case(CLASSIC_25, Kind::Major, "i3", "h3 i2"),
        case(CLASSIC_25, Kind::Major, "h3", "g3 i3 h2 h4"),
        Case {
            side: Color::North,
            ..case(CLASSIC_25, Kind::Colonel, "e6", "c6 g6 d5 e5 f5")
        },
        // A charge over the front only on a bridge file.
        case(CLASSIC_25, Kind::Tank, "h2", "g2 i2 h1 h3 h4"),
        case(CLASSIC_25, Kind::Tank, "c2", "b2 d2 c1 c3"),
        case(CLASSIC_25, Kind::Engineer, "i1", "a1 b1 c1 e1 g1 h1 i2 i3"),
    ]);
}

#[test]
fn in_classic_25_the_marshal_the_missiles_and_the_bomb_never_walk() {
    check(&[
        Case {
            own: &[("b2", Kind::Missile), ("c2", Kind::AtomicBomb)],
            enemies: &["g1"],
            ..case(CLASSIC_25, Kind::Marshal, "e1", "")
        },
        case(CLASSIC_25, Kind::Missile, "b2", ""),
        case(CLASSIC_25, Kind::AtomicBomb, "c2", ""),
    ]);
    let position: Position = "c25-htsrf 3k3/9/9/9/9/2MK3 s".parse().unwrap();
    assert_eq!(names(position.destinations(sq("e1"))), "");
    assert_eq!(names(position.destinations(sq("c1"))), sorted("b1 c2"));
}

// ---------------------------------------------------------------------------
// Officers of Major or above, for the draw.
// ---------------------------------------------------------------------------

#[test]
fn a_marshal_is_an_officer_where_it_moves_and_none_in_classic_25() {
    // Each side has its Marshal and an Engineer only.
    for (text, officers) in [
        ("m23-htsrf 5/2k3/6/6/6/6/2K3/E4 s", 1),
        ("a21-htsrf 5/2k3/6/6/6/6/2K3/E4 s", 1),
        ("c25-htsrf 3k3/e8/9/9/9/E2K3 s", 0),
    ] {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        for color in Color::ALL {
            assert_eq!(position.officers(color), officers, "{text} {color}");
        }
        let drawn = Some(Outcome::Draw {
            reason: DrawReason::NoOfficers,
        });
        assert_eq!(position.outcome() == drawn, officers == 0, "{text}");
    }
    let commodores: Position = "a21-htsrf 5/d5/6/6/6/6/D5/5 s".parse().unwrap();
    assert_eq!(commodores.officers(Color::South), 1);
}
