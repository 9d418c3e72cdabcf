//! How a game ends (RULES.md §7): the headquarters taken, no legal move,
//! the three draws, resignation, and what the referee refuses.

mod common;

use common::*;
use gunjin_rules::{
    Announcement, Color, DrawReason, Front, Game, Kind, MOVE_LIMIT, Move, Outcome, Placement,
    PlayError, REPETITION_LIMIT, Rules, Square, TankVsEngineer, Template, WinReason,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use Announcement::{AttackerRemoved, BothRemoved, DefenderRemoved, Moved};

const OFFICERS: [Kind; 6] = [
    Kind::General,
    Kind::LieutenantGeneral,
    Kind::MajorGeneral,
    Kind::Colonel,
    Kind::LieutenantColonel,
    Kind::Major,
];

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// My `walker` on b4 walks up the b-file over the bridge, beating their
/// pieces `victims` on b5, b6, b7 and b8, and steps into their headquarters,
/// which holds `hq`. They open with a Captain trade on the e-bridge and then
/// step a Captain back and forth on e6/e5. Returns the game with my piece
/// on b8, next to their headquarters, and my move to come.
fn walk_into_their_hq(rules: Rules, me: Color, walker: Kind, victims: [Kind; 4], hq: Kind) -> Game {
    let mut game = game_seen_by(
        me,
        rules,
        false,
        &[("b4", walker), ("e4", Kind::Captain)],
        &[
            ("b5", victims[0]),
            ("b6", victims[1]),
            ("b7", victims[2]),
            ("b8", victims[3]),
            ("c8", hq),
            ("e5", Kind::Captain),
            ("e6", Kind::Captain),
        ],
    );
    let said = play_seen_by(
        &mut game,
        me,
        "e5-e4 b4-b5 e6-e5 b5-b6 e5-e6 b6-b7 e6-e5 b7-b8 e5-e6",
    );
    assert_eq!(
        said,
        [
            BothRemoved,
            DefenderRemoved,
            Moved,
            DefenderRemoved,
            Moved,
            DefenderRemoved,
            Moved,
            DefenderRemoved,
            Moved
        ],
        "{walker} walking to the headquarters"
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(at(&game, rel(me, "b8")), Some((me, walker)));
    game
}

const WEAK: [Kind; 4] = [
    Kind::Lieutenant,
    Kind::Lieutenant,
    Kind::SecondLieutenant,
    Kind::SecondLieutenant,
];

#[test]
fn an_officer_of_major_or_above_wins_by_beating_the_piece_in_the_enemy_headquarters() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            for officer in OFFICERS {
                let mut game = walk_into_their_hq(rules, me, officer, WEAK, Kind::Engineer);
                let said = play_seen_by(&mut game, me, "b8-c8");
                assert_eq!(said, [DefenderRemoved]);
                assert_eq!(at(&game, Square::hq(!me)), Some((me, officer)));
                assert_eq!(
                    game.outcome(),
                    win(me, WinReason::HeadquartersTaken { by: officer }),
                    "{rules} {me} {officer}"
                );
                // Both players are told, and everything is revealed.
                for side in Color::ALL {
                    let view = game.view(side);
                    assert_eq!(view.outcome(), game.outcome());
                    assert_eq!(view.reveal(), Some(&game.record()));
                    assert!(view.legal_moves().is_empty());
                }
            }
        }
    }
}

#[test]
fn an_officer_of_major_or_above_wins_by_entering_the_empty_enemy_headquarters() {
    // My Plane on c3 first trades with their Plane in the headquarters.
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            for officer in OFFICERS {
                let mut game = game_seen_by(
                    me,
                    rules,
                    false,
                    &[("b4", officer), ("c3", Kind::Plane), ("e4", Kind::Captain)],
                    &[
                        ("b5", WEAK[0]),
                        ("b6", WEAK[1]),
                        ("b7", WEAK[2]),
                        ("b8", WEAK[3]),
                        ("c8", Kind::Plane),
                        ("e5", Kind::Captain),
                        ("e6", Kind::Captain),
                    ],
                );
                let said = play_seen_by(
                    &mut game,
                    me,
                    "e5-e4 c3-c8 e6-e5 b4-b5 e5-e6 b5-b6 e6-e5 b6-b7 e5-e6 b7-b8 e6-e5",
                );
                assert_eq!(said[..2], [BothRemoved, BothRemoved]);
                assert_eq!(at(&game, Square::hq(!me)), None);
                assert_eq!(game.outcome(), None);
                // Written with the d-square of the headquarters.
                let said = play_seen_by(&mut game, me, "b8-d8");
                assert_eq!(said, [Moved]);
                assert_eq!(
                    game.outcome(),
                    win(me, WinReason::HeadquartersTaken { by: officer }),
                    "{rules} {me} {officer}"
                );
            }
        }
    }
}

#[test]
fn other_pieces_enter_the_enemy_headquarters_and_win_nothing() {
    let engineer_rule = Rules {
        tank_vs_engineer: TankVsEngineer::EngineerWins,
        ..Rules::KIRAKUKEN
    };
    use Kind::*;
    let cases: [(Rules, Kind, [Kind; 4], Kind); 8] = [
        (Rules::KIRAKUKEN, Tank, WEAK, Spy),
        (Rules::TRADITIONAL, Tank, WEAK, Spy),
        (Rules::KIRAKUKEN, Captain, WEAK, Spy),
        (Rules::TRADITIONAL, Captain, WEAK, Spy),
        (Rules::KIRAKUKEN, Cavalry, WEAK, Spy),
        (
            Rules::KIRAKUKEN,
            Lieutenant,
            [SecondLieutenant, SecondLieutenant, Engineer, Engineer],
            Spy,
        ),
        (
            Rules::TRADITIONAL,
            Lieutenant,
            [SecondLieutenant, SecondLieutenant, Engineer, Engineer],
            Spy,
        ),
        (engineer_rule, Engineer, [Mine, Mine, Spy, Tank], Tank),
    ];
    for (rules, walker, victims, hq) in cases {
        for me in Color::ALL {
            let mut game = walk_into_their_hq(rules, me, walker, victims, hq);
            let said = play_seen_by(&mut game, me, "b8-c8");
            assert_eq!(said, [DefenderRemoved], "{rules} {walker}");
            assert_eq!(at(&game, Square::hq(!me)), Some((me, walker)));
            assert_eq!(game.outcome(), None, "{rules} {walker} in the HQ");
            assert!(!game.position().legal_moves().is_empty());
        }
    }
}

#[test]
fn a_plane_in_the_enemy_headquarters_wins_nothing() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            // A Plane flies in and beats the piece there.
            let mut game = game_seen_by(
                me,
                rules,
                true,
                &[("c3", Kind::Plane)],
                &[("c8", Kind::SecondLieutenant)],
            );
            assert_eq!(play_seen_by(&mut game, me, "c3-c8"), [DefenderRemoved]);
            assert_eq!(at(&game, Square::hq(!me)), Some((me, Kind::Plane)));
            assert_eq!(game.outcome(), None);
            // A Plane flies in to an empty headquarters (after a Plane trade there).
            let mut game = game_seen_by(
                me,
                rules,
                true,
                &[
                    ("c3", Kind::Plane),
                    ("d3", Kind::Plane),
                    ("e4", Kind::Captain),
                ],
                &[("c8", Kind::Plane), ("e5", Kind::Captain)],
            );
            assert_eq!(
                play_seen_by(&mut game, me, "c3-c8 e5-e4 d3-d8"),
                [BothRemoved, BothRemoved, Moved]
            );
            assert_eq!(at(&game, Square::hq(!me)), Some((me, Kind::Plane)));
            assert_eq!(game.outcome(), None);
        }
    }
}

#[test]
fn an_officer_that_does_not_survive_the_battle_in_the_headquarters_wins_nothing() {
    use Kind::*;
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        for me in Color::ALL {
            for (officer, hq, said) in [
                (Major, Major, BothRemoved),
                (General, Spy, AttackerRemoved),
                (Colonel, MajorGeneral, AttackerRemoved),
                (LieutenantGeneral, General, AttackerRemoved),
            ] {
                let mut game = walk_into_their_hq(rules, me, officer, WEAK, hq);
                assert_eq!(play_seen_by(&mut game, me, "b8-c8"), [said]);
                assert_eq!(game.outcome(), None, "{rules} {officer} against {hq}");
            }
            // A Mine in the headquarters: it stays, or explodes with the officer.
            let mut game = walk_into_their_hq(rules, me, Kind::General, WEAK, Mine);
            let expected = if rules == Rules::KIRAKUKEN {
                AttackerRemoved
            } else {
                BothRemoved
            };
            assert_eq!(play_seen_by(&mut game, me, "b8-c8"), [expected]);
            assert_eq!(game.outcome(), None);
        }
    }
}

#[test]
fn an_officer_entering_its_own_headquarters_wins_nothing() {
    for me in Color::ALL {
        // My Plane on c2 flies off; my General in the headquarters steps
        // out and back in.
        let mut game = game_seen_by(
            me,
            Rules::KIRAKUKEN,
            true,
            &[
                ("c2", Kind::Plane),
                ("c1", Kind::General),
                ("e4", Kind::Captain),
            ],
            &[
                ("c6", Kind::SecondLieutenant),
                ("e5", Kind::Captain),
                ("e6", Kind::Captain),
            ],
        );
        play_seen_by(&mut game, me, "c2-c6 e5-e4 c1-c2 e6-e5 c2-c1");
        assert_eq!(at(&game, Square::hq(me)), Some((me, Kind::General)));
        assert_eq!(game.outcome(), None);
    }
}

// ---------------------------------------------------------------------------
// No legal move.
// ---------------------------------------------------------------------------

/// My turn in a game I mean to lose: throw away a piece by attacking
/// something that beats it (an attack after which only my piece is gone);
/// otherwise step a piece forward inside my camp; otherwise move any piece
/// inside my camp. Never an attack that removes one of theirs.
fn throw_away_a_piece(game: &mut Game, me: Color) {
    let board = game.position().board();
    let moves = game.position().legal_moves();
    let loses = |mv: &Move| {
        board.piece_at(mv.to()).is_some() && {
            let mut trial = game.clone();
            trial.play(*mv).unwrap() == AttackerRemoved
        }
    };
    let forward =
        |mv: &Move| mv.to().relative_to(me).rank() as i32 - mv.from().relative_to(me).rank() as i32;
    let chosen = moves.iter().find(|mv| loses(mv)).copied().or_else(|| {
        moves
            .iter()
            .filter(|mv| board.piece_at(mv.to()).is_none() && mv.to().camp() == me)
            .max_by_key(|mv| forward(mv))
            .copied()
    });
    let mv = chosen.unwrap_or_else(|| panic!("{me} has only winning attacks: {moves:?}"));
    game.play(mv).unwrap();
}

/// Their turn: the Colonel on f6/f5 steps back and forth.
fn shuttle(game: &mut Game, them: Color) {
    let (f6, f5) = (rel(!them, "f6"), rel(!them, "f5"));
    let mv = if at(game, f5).is_none() {
        Move::step(f6, f5)
    } else {
        Move::step(f5, f6)
    };
    game.play(mv).unwrap_or_else(|e| panic!("shuttle: {e}"));
}

/// Their front (open front): Mines on a5 and c5, the three generals on b5,
/// d5 and e5, a Plane on f5 that trades with mine on f4, and a Colonel
/// behind it that shuttles. My pieces are arranged so that each file's
/// pieces die against that file's front piece.
fn lose_every_movable_piece(me: Color, mine: &[(&str, Kind)]) -> Game {
    let rules = Rules {
        front: Front::Open,
        placement: Placement::Free,
        ..Rules::KIRAKUKEN
    };
    use Kind::*;
    let mut game = game_seen_by(
        me,
        rules,
        false,
        mine,
        &[
            ("a5", Mine),
            ("b5", General),
            ("c5", Mine),
            ("d5", LieutenantGeneral),
            ("e5", MajorGeneral),
            ("f5", Plane),
            ("f6", Colonel),
        ],
    );
    assert_eq!(play_seen_by(&mut game, me, "f5-f4"), [BothRemoved]);
    while game.outcome().is_none() {
        assert!(game.history().len() < MOVE_LIMIT, "the game dragged on");
        if game.position().turn() == me {
            throw_away_a_piece(&mut game, me);
        } else {
            shuttle(&mut game, !me);
        }
    }
    game
}

#[test]
fn a_side_left_with_only_mines_and_the_flag_loses_on_its_turn() {
    use Kind::*;
    for me in Color::ALL {
        #[rustfmt::skip]
        let game = lose_every_movable_piece(me, &[
            ("a4", General), ("b4", Captain), ("c4", MajorGeneral), ("d4", Engineer), ("e4", Tank), ("f4", Plane),
            ("a3", Spy), ("b3", Plane), ("c3", Colonel), ("d3", Major), ("e3", Cavalry), ("f3", Lieutenant),
            ("a2", Lieutenant), ("b2", Engineer), ("c2", LieutenantColonel), ("d2", Captain), ("e2", SecondLieutenant), ("f2", SecondLieutenant),
            ("a1", Mine), ("b1", LieutenantGeneral), ("c1", Flag), ("e1", Mine), ("f1", Tank),
        ]);
        assert_eq!(game.outcome(), win(!me, WinReason::NoLegalMove));
        // They made the last move; it is my turn and I have nothing.
        assert_eq!(game.history().last().unwrap().side, !me);
        assert_eq!(game.position().turn(), me);
        let mut left: Vec<Kind> = game
            .position()
            .board()
            .pieces(me)
            .map(|(_, p)| p.kind)
            .collect();
        left.sort();
        assert_eq!(left, [Mine, Mine, Flag]);
        assert!(game.position().legal_moves().is_empty());
        // Losing every officer does not draw while they keep theirs.
        assert_eq!(game.position().officers(me), 0);
        assert!(game.position().officers(!me) > 0);
    }
}

#[test]
fn a_side_whose_pieces_are_all_blocked_loses_on_its_turn() {
    use Kind::*;
    for me in Color::ALL {
        // My Spy on a1 is walled in by my Mines on a2 and b1.
        #[rustfmt::skip]
        let game = lose_every_movable_piece(me, &[
            ("a4", General), ("b4", Captain), ("c4", MajorGeneral), ("d4", Engineer), ("e4", Tank), ("f4", Plane),
            ("a3", Lieutenant), ("b3", Plane), ("c3", Colonel), ("d3", Major), ("e3", Cavalry), ("f3", Lieutenant),
            ("a2", Mine), ("b2", LieutenantGeneral), ("c2", LieutenantColonel), ("d2", Captain), ("e2", SecondLieutenant), ("f2", SecondLieutenant),
            ("a1", Spy), ("b1", Mine), ("c1", Flag), ("e1", Engineer), ("f1", Tank),
        ]);
        assert_eq!(game.outcome(), win(!me, WinReason::NoLegalMove));
        assert_eq!(game.position().turn(), me);
        assert_eq!(at(&game, rel(me, "a1")), Some((me, Spy)));
        assert!(game.position().legal_moves().is_empty());
    }
}

// ---------------------------------------------------------------------------
// Draws.
// ---------------------------------------------------------------------------

#[test]
fn the_game_is_drawn_when_both_sides_have_lost_every_officer_of_major_or_above() {
    // Open front: equal officers face each other and trade one by one.
    for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        let rules = Rules {
            front: Front::Open,
            ..base
        };
        for me in Color::ALL {
            use Kind::*;
            let line = [
                ("a4", General),
                ("b4", LieutenantGeneral),
                ("c4", MajorGeneral),
                ("d4", Colonel),
                ("e4", LieutenantColonel),
                ("f4", Major),
            ];
            let theirs: Vec<(String, Kind)> = line
                .iter()
                .map(|&(sq, kind)| (sq.replace('4', "5"), kind))
                .collect();
            let theirs: Vec<(&str, Kind)> = theirs.iter().map(|(s, k)| (s.as_str(), *k)).collect();
            let mut game = game_seen_by(me, rules, true, &line, &theirs);
            let trades = ["a4-a5", "b5-b4", "c4-c5", "d5-d4", "e4-e5"];
            for (i, trade) in trades.iter().enumerate() {
                assert_eq!(play_seen_by(&mut game, me, trade), [BothRemoved]);
                assert_eq!(game.position().officers(me) as usize, 5 - i);
                assert_eq!(game.position().officers(!me) as usize, 5 - i);
                assert_eq!(game.outcome(), None, "{rules} after {trade}");
            }
            assert_eq!(play_seen_by(&mut game, me, "f5-f4"), [BothRemoved]);
            assert_eq!(game.outcome(), draw(DrawReason::NoOfficers), "{rules} {me}");
        }
    }
}

#[test]
fn one_side_without_officers_plays_on() {
    for base in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        let rules = Rules {
            front: Front::Open,
            ..base
        };
        for me in Color::ALL {
            use Kind::*;
            let mut game = game_seen_by(
                me,
                rules,
                true,
                &[
                    ("a4", General),
                    ("b4", LieutenantGeneral),
                    ("c4", MajorGeneral),
                    ("d4", Colonel),
                    ("e4", LieutenantColonel),
                    ("f4", Major),
                ],
                &[
                    ("a5", Mine),
                    ("b5", General),
                    ("c5", Mine),
                    ("d5", LieutenantGeneral),
                    ("e5", MajorGeneral),
                    ("f5", Colonel),
                ],
            );
            let said = play_seen_by(&mut game, me, "a4-a5 b5-b4 c4-c5 d5-d4 e4-e5 f5-f4");
            // My General and Major General die on their Mines (which explode
            // with them under the traditional rules); their generals and
            // Colonel beat my other officers.
            let on_mine = if rules.mine == gunjin_rules::MineRule::Stays {
                AttackerRemoved
            } else {
                BothRemoved
            };
            assert_eq!(
                said,
                [
                    on_mine,
                    DefenderRemoved,
                    on_mine,
                    DefenderRemoved,
                    AttackerRemoved,
                    DefenderRemoved
                ]
            );
            assert_eq!(game.position().officers(me), 0);
            assert_eq!(game.position().officers(!me), 6);
            assert_eq!(game.outcome(), None);
            assert!(!game.position().legal_moves().is_empty());
        }
    }
}

/// Random legal moves that do not end the game, until one move before
/// `MOVE_LIMIT`: a move onto an empty node when there is one, so that
/// pieces last.
fn play_to_the_move_limit(rules: Rules, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let setups = gunjin_rules::ByColor::new_with(|_| gunjin_rules::Setup::random(rules, &mut rng));
    let first = if rng.random() {
        Color::South
    } else {
        Color::North
    };
    let mut game = Game::new(rules, setups, first).unwrap();
    while game.history().len() < MOVE_LIMIT - 1 {
        let mut moves = game.position().legal_moves();
        moves.shuffle(&mut rng);
        let board = game.position().board();
        moves.sort_by_key(|mv| board.piece_at(mv.to()).is_some());
        let mv = moves
            .into_iter()
            .find(|&mv| {
                let mut trial = game.clone();
                trial.play(mv).unwrap();
                trial.outcome().is_none()
            })
            .unwrap_or_else(|| panic!("every move ends the game at ply {}", game.history().len()));
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn the_game_is_drawn_after_three_hundred_moves_in_total() {
    assert_eq!(MOVE_LIMIT, 300);
    for (rules, seed) in [(Rules::KIRAKUKEN, 1), (Rules::TRADITIONAL, 2)] {
        let game = play_to_the_move_limit(rules, seed);
        assert_eq!(game.history().len(), 299);
        assert_eq!(game.outcome(), None);
        // Any move that does not win outright now draws.
        let mut drawn = 0;
        for mv in game.position().legal_moves() {
            let mut last = game.clone();
            last.play(mv).unwrap();
            match last.outcome() {
                Some(Outcome::Draw {
                    reason: DrawReason::MoveLimit,
                }) => drawn += 1,
                Some(Outcome::Win { winner, .. }) => assert_eq!(winner, game.position().turn()),
                other => panic!("{mv}: {other:?}"),
            }
            assert_eq!(last.view(Color::South).ply(), 300);
            assert_eq!(last.play(mv), Err(PlayError::GameOver));
        }
        assert!(drawn > 0);
    }
}

/// The placement of every piece and the side to move: the position as
/// RULES.md §7 counts it for repetition, computed from the board.
fn placement(game: &Game) -> (Vec<(Square, Color, Kind)>, Color) {
    let board = game.position().board();
    let mut pieces: Vec<(Square, Color, Kind)> = Color::ALL
        .into_iter()
        .flat_map(|c| board.pieces(c))
        .map(|(sq, p)| (sq, p.color, p.kind))
        .collect();
    pieces.sort();
    (pieces, game.position().turn())
}

/// What [`play_counting_positions`] saw.
struct Repeats {
    /// The move (counted from the start) that drew the game, if one did.
    drawn_at: Option<usize>,
    /// The first move after which some placement of the pieces had occurred
    /// four times regardless of the side to move.
    placement_alone_at: Option<usize>,
}

/// Plays moves one by one and checks, against a count kept here from the
/// board, that the game is drawn exactly when some position (with the side
/// to move) occurs for the fourth time.
fn play_counting_positions(game: &mut Game, me: Color, moves: &str) -> Repeats {
    let mut seen = vec![placement(game)];
    let mut placement_alone_at = None;
    for text in moves.split_whitespace() {
        let said = play_seen_by(game, me, text)[0];
        let now = placement(game);
        if said != Moved {
            seen.clear(); // a piece left the board: no earlier position can return
        }
        seen.push(now.clone());
        let count = seen.iter().filter(|&p| *p == now).count();
        let ignoring_side = seen.iter().filter(|p| p.0 == now.0).count();
        if ignoring_side >= REPETITION_LIMIT && placement_alone_at.is_none() {
            placement_alone_at = Some(game.history().len());
        }
        assert_eq!(game.repetitions(), count, "after {text}");
        if count >= REPETITION_LIMIT {
            assert_eq!(game.outcome(), draw(DrawReason::Repetition), "after {text}");
            return Repeats {
                drawn_at: Some(game.history().len()),
                placement_alone_at,
            };
        }
        assert_eq!(game.outcome(), None, "after {text}");
    }
    Repeats {
        drawn_at: None,
        placement_alone_at,
    }
}

fn repetition_game(me: Color) -> Game {
    game_seen_by(
        me,
        Rules::KIRAKUKEN,
        true,
        &[
            ("b4", Kind::Captain),
            ("b3", Kind::Lieutenant),
            ("e4", Kind::Captain),
        ],
        &[
            ("b5", Kind::Captain),
            ("b6", Kind::Lieutenant),
            ("e5", Kind::Captain),
        ],
    )
}

#[test]
fn the_fourth_occurrence_of_a_position_draws_the_game() {
    assert_eq!(REPETITION_LIMIT, 4);
    for me in Color::ALL {
        let mut game = repetition_game(me);
        // A Captain trade on b, then both Lieutenants step back and forth:
        // the position after the trade comes back every four moves.
        let moves = format!("b4-b5{}", CYCLE.repeat(3));
        assert_eq!(
            play_counting_positions(&mut game, me, &moves).drawn_at,
            Some(13)
        );
        assert_eq!(game.history().len(), 13);
        assert_eq!(game.repetitions(), 4);
    }
}

/// Both Lieutenants step back and forth after the Captain trade.
const CYCLE: &str = " b6-b5 b3-b4 b5-b6 b4-b3";

/// The repetition game after the trade, two rounds of the cycle and then
/// `more`, not drawn yet.
fn after_two_cycles(me: Color, more: &str) -> Game {
    let mut game = repetition_game(me);
    let moves = format!("b4-b5{}{more}", CYCLE.repeat(2));
    assert_eq!(
        play_counting_positions(&mut game, me, &moves).drawn_at,
        None
    );
    game
}

#[test]
fn the_side_to_move_sees_a_fourth_repetition_in_its_reach() {
    for me in Color::ALL {
        let mut game = after_two_cycles(me, " b6-b5 b3-b4");
        // b5-b6 would bring back a position for the third time only.
        assert!(!game.repetition_in_reach());
        play_seen_by(&mut game, me, "b5-b6");
        // b4-b3 would bring back the position after the trade a fourth time.
        assert!(game.repetition_in_reach());
        play_seen_by(&mut game, me, "b4-b3");
        assert_eq!(game.outcome(), draw(DrawReason::Repetition));
        assert!(!game.repetition_in_reach());
    }
}

#[test]
fn a_battle_starts_the_repetition_count_afresh() {
    for me in Color::ALL {
        let mut game = after_two_cycles(me, "");
        assert_eq!(game.repetitions(), 3);
        // Their Captain trades on e: a battle.
        assert_eq!(play_seen_by(&mut game, me, "e5-e4"), [BothRemoved]);
        assert_eq!(game.repetitions(), 1);
        let after = " b3-b4 b6-b5 b4-b3 b5-b6".repeat(3);
        assert_eq!(
            play_counting_positions(&mut game, me, &after).drawn_at,
            Some(22)
        );
    }
}

#[test]
fn the_side_to_move_is_part_of_the_position() {
    // My Planes trade with theirs on c6 and d6; then my General walks round
    // the triangle c1 → c2 → d2 → c1 while their piece on c7 steps back
    // and forth. The pieces stand as they did every five moves, but with
    // the other side to move each time: only same-side repeats count.
    for me in Color::ALL {
        let mut game = game_seen_by(
            me,
            Rules::KIRAKUKEN,
            true,
            &[
                ("c2", Kind::Plane),
                ("d2", Kind::Plane),
                ("c1", Kind::General),
            ],
            &[
                ("c6", Kind::Plane),
                ("d6", Kind::Plane),
                ("c7", Kind::Captain),
            ],
        );
        let mut moves = String::from("c2-c6 c7-c6 d2-d6 c6-c7");
        let mine = ["c1-c2", "c2-d2", "d2-c1"];
        let theirs = ["c7-c6", "c6-c7"];
        for i in 0..30 {
            moves.push_str(&format!(" {} {}", mine[i % 3], theirs[i % 2]));
        }
        let repeats = play_counting_positions(&mut game, me, &moves);
        // The placement after move 3 (their Captain on c6, my General in
        // the headquarters, their move) returns every 12 moves: the fourth
        // time at move 39. Counting placements alone would have drawn at
        // move 21, when the placement after move 4 had been seen four times
        // with alternating sides to move.
        assert_eq!(repeats.placement_alone_at, Some(21));
        assert_eq!(repeats.drawn_at, Some(39));
    }
}

// ---------------------------------------------------------------------------
// Resignation, and what the referee refuses.
// ---------------------------------------------------------------------------

fn template_game() -> Game {
    let setups = gunjin_rules::ByColor {
        south: Template::ALL[0].setup(),
        north: Template::ALL[3].setup(),
    };
    Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap()
}

#[test]
fn a_player_may_resign_on_either_turn() {
    for resigner in Color::ALL {
        for plies in [0, 1] {
            let mut game = template_game();
            if plies == 1 {
                play(&mut game, "b4-b5");
            }
            game.resign(resigner).unwrap();
            assert_eq!(game.outcome(), win(!resigner, WinReason::Resignation));
            let record = game.record();
            assert_eq!(record.resigned, Some(resigner));
            assert!(
                record
                    .to_string()
                    .ends_with(&format!(" resign:{}", resigner.char()))
            );
            let replayed = record
                .to_string()
                .parse::<gunjin_rules::Record>()
                .unwrap()
                .replay()
                .unwrap();
            assert_eq!(replayed.outcome(), game.outcome());
            // Nothing more after the end.
            assert_eq!(game.resign(resigner), Err(PlayError::GameOver));
            assert_eq!(game.resign(!resigner), Err(PlayError::GameOver));
        }
    }
}

/// A draw agreed ends the game on either turn, is written `draw` at the
/// end of the record, replays, and nothing comes after it.
#[test]
fn a_draw_agreed_ends_the_game_and_replays() {
    for plies in [0, 1] {
        let mut game = template_game();
        if plies == 1 {
            play(&mut game, "b4-b5");
        }
        game.agree_draw().unwrap();
        let drawn = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        assert_eq!(game.outcome(), drawn);
        let text = game.record().to_string();
        assert!(text.ends_with(" draw"), "{text}");
        let read = text.parse::<gunjin_rules::Record>().unwrap();
        assert!(read.agreed);
        assert_eq!(read.replay().unwrap().outcome(), drawn);
        assert_eq!(game.agree_draw(), Err(PlayError::GameOver));
        assert_eq!(game.resign(Color::South), Err(PlayError::GameOver));
        let after = format!("{text} resign:s");
        assert!(after.parse::<gunjin_rules::Record>().is_err(), "{after}");
    }
}

/// Everything a refused move must leave as it was.
fn snapshot(game: &Game) -> String {
    format!(
        "{:?}|{:?}|{:?}|{:?}|{}|{}|{}",
        game.position(),
        game.history(),
        game.losses(),
        game.outcome(),
        game.repetitions(),
        serde_json::to_string(&game.view(Color::South)).unwrap(),
        serde_json::to_string(&game.view(Color::North)).unwrap(),
    )
}

#[test]
fn nothing_can_be_played_after_the_end() {
    let mut game = walk_into_their_hq(
        Rules::KIRAKUKEN,
        Color::South,
        Kind::General,
        WEAK,
        Kind::Engineer,
    );
    play(&mut game, "b8-c8");
    assert!(game.outcome().is_some());
    let before = snapshot(&game);
    for mv in game.position().legal_moves() {
        assert_eq!(game.play(mv), Err(PlayError::GameOver));
    }
    assert_eq!(
        game.play("a4-a5".parse().unwrap()),
        Err(PlayError::GameOver)
    );
    assert_eq!(game.resign(Color::North), Err(PlayError::GameOver));
    assert_eq!(snapshot(&game), before);
    assert!(game.view(Color::North).legal_moves().is_empty());
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let rules = Rules {
        placement: Placement::Free,
        ..Rules::KIRAKUKEN
    };
    let mut game = game(
        rules,
        Color::South,
        &[
            ("b4", Kind::Mine),
            ("e4", Kind::Flag),
            ("a4", Kind::Captain),
            ("c3", Kind::Major),
            ("c4", Kind::Tank),
            ("d4", Kind::Plane),
        ],
        &[("b5", Kind::Captain)],
    );
    let refused = |game: &mut Game, text: &str, side: Color| {
        let before = snapshot(game);
        let mv: Move = text.parse().unwrap();
        assert_eq!(
            game.play(mv),
            Err(PlayError::IllegalMove { mv, side }),
            "{text} was accepted"
        );
        assert_eq!(snapshot(game), before, "{text} changed the game");
    };
    for text in [
        "b4-b5", // a Mine never moves (nor attacks)
        "e4-e5", // nor does the Flag
        "a4-a5", // no crossing off the bridges
        "c4-c5", // not for a Tank either
        "a4-b4", // onto a friend
        "a4-b5", // diagonally
        "c3-c5", // two nodes for a Major
        "d4-e5", // a Plane flies only along its file
        "b5-b4", // their piece, on my turn
        "c5-c4", // their piece again
    ] {
        refused(&mut game, text, Color::South);
    }
    // From an empty node: my Plane flies off d4, then it is their turn.
    play(&mut game, "d4-d8");
    refused(&mut game, "d4-d5", Color::North);
    refused(&mut game, "a4-a3", Color::North); // my piece, on their turn
    // The move text itself refuses a move that stays put.
    assert!("c3-c3".parse::<Move>().is_err());
    assert!("d1-c1".parse::<Move>().is_err());
}
