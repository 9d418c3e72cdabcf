//! How a game of every mode ends (`shared/RULES.md` §7, §8.2–§8.4): the
//! headquarters (or in Classic 25 the Marshal) taken, no legal move or
//! strike, and the three draws, each stated in the position text.

use gunjin_rules::{
    Announcement, ByColor, Color, DrawReason, Game, Kind, MOVE_LIMIT, Mode, Move, Outcome, Preset,
    Rules, Setup, Template, WinReason,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// The modes on the standard board, which end as the standard game, with
/// an officer of Major or above each has: the Major, the Marshal, the
/// Commodore.
const STANDARD_BOARD: [(&str, char); 3] = [("htsrf", 'J'), ("m23-htsrf", 'K'), ("a21-htsrf", 'D')];

fn game(text: &str) -> Game {
    Game::from_position(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// `moves` played from `text`, every one accepted; the outcome after them.
fn after(text: &str, moves: &str) -> Option<Outcome> {
    let mut game = game(text);
    for m in moves.split_whitespace() {
        game.play(mv(m))
            .unwrap_or_else(|e| panic!("{text} {m}: {e}"));
    }
    game.outcome()
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn on_the_standard_board_an_officer_in_the_enemy_headquarters_wins() {
    for (code, officer) in STANDARD_BOARD {
        let by = Kind::from_char(officer).unwrap();
        // Onto the Flag, and into an empty headquarters.
        for hq in ["2f2", "5"] {
            let text = format!("{code} {hq}/e1{officer}3/6/6/6/6/6/E4 s");
            let reason = WinReason::HeadquartersTaken { by };
            assert_eq!(after(&text, "c7-c8"), win(Color::South, reason), "{text}");
        }
        // An Engineer wins nothing there.
        let text = format!("{code} 5/e1E3/6/6/6/6/6/{officer}4 s");
        assert_eq!(after(&text, "c7-c8"), None, "{text}");
    }
}

#[test]
fn in_classic_25_taking_the_marshal_wins() {
    let text = "c25-htsrf e2k3/4J4/9/9/9/E2K3 s";
    let reason = WinReason::MarshalTaken { by: Kind::Major };
    assert_eq!(after(text, "e5-e6"), win(Color::South, reason));
}

#[test]
fn a_side_without_a_move_on_its_turn_loses_in_every_mode() {
    for (code, officer) in STANDARD_BOARD {
        // North has its Flag only.
        let text = format!("{code} f4/6/6/6/6/6/6/{officer}4 s");
        let lost = win(Color::South, WinReason::NoLegalMove);
        assert_eq!(after(&text, "a1-a2"), lost, "{text}");
    }
    // Classic 25: a Mine and the Marshal cannot move…
    let text = "c25-htsrf x2k3/9/9/9/9/J2K3 s";
    assert_eq!(
        after(text, "a1-a2"),
        win(Color::South, WinReason::NoLegalMove)
    );
    // …but a Missile can always strike.
    let text = "c25-htsrf i2k3/9/9/9/9/J2K3 s";
    assert_eq!(after(text, "a1-a2"), None);
    let mut game = game(text);
    game.play(mv("a1-a2")).unwrap();
    assert!(game.position().legal_moves().iter().all(|m| m.is_strike()));
    game.play(mv("a6*a2")).unwrap();
    // South's Major went up with the strike: South has nothing to move
    // (a win, checked before the draw of no officers).
    assert_eq!(game.outcome(), win(Color::North, WinReason::NoLegalMove));
}

#[test]
fn without_officers_on_either_side_every_mode_is_drawn() {
    // A game from such a position is over before its first move.
    for (code, _) in STANDARD_BOARD {
        let text = format!("{code} f4/e5/6/6/6/6/6/E4 s");
        assert_eq!(after(&text, ""), draw(DrawReason::NoOfficers), "{text}");
    }
    // The Marshal of Marshal 23 and American 21 is an officer…
    for code in ["m23-htsrf", "a21-htsrf"] {
        let text = format!("{code} f4/k5/6/6/6/6/6/E4 s");
        assert_eq!(after(&text, "a1-a2"), None, "{text}");
    }
    // …Classic 25's, which never moves, is none.
    let text = "c25-htsrf e2k3/9/9/9/9/E2K3 s";
    assert_eq!(after(text, ""), draw(DrawReason::NoOfficers));
}

#[test]
fn the_fourth_repetition_draws_every_mode() {
    let mut cases: Vec<(String, [&str; 4])> = STANDARD_BOARD
        .iter()
        .map(|(code, _)| {
            let text = format!("{code} j4/6/6/6/6/6/6/J4 s");
            (text, ["a1-a2", "a8-a7", "a2-a1", "a7-a8"])
        })
        .collect();
    cases.push((
        "c25-htsrf j2k3/9/9/9/9/J2K3 s".into(),
        ["a1-a2", "a6-a5", "a2-a1", "a5-a6"],
    ));
    for (text, cycle) in cases {
        let mut game = game(&text);
        for m in cycle.iter().cycle().take(11) {
            game.play(mv(m)).unwrap();
            assert_eq!(game.outcome(), None, "{text}");
        }
        game.play(mv(cycle[3])).unwrap();
        assert_eq!(game.outcome(), draw(DrawReason::Repetition), "{text}");
        assert_eq!(game.history().len(), 12);
    }
}

/// Random moves that do not end the game from `text`, onto empty nodes
/// when there are some, until the move limit ends it.
fn play_to_the_move_limit(text: &str, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = game(text);
    while game.outcome().is_none() {
        let mut moves = game.position().legal_moves();
        moves.shuffle(&mut rng);
        let board = game.position().board();
        moves.sort_by_key(|&m| m.is_strike() || board.piece_at(m.to()).is_some());
        let last = game.history().len() + 1 == MOVE_LIMIT;
        let mv = moves
            .into_iter()
            .find(|&m| {
                let mut trial = game.clone();
                let said = trial.play(m).unwrap();
                trial.outcome().is_none() || (last && said == Announcement::Moved)
            })
            .unwrap_or_else(|| panic!("{text}: every move ends the game"));
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn three_hundred_moves_draw_every_mode() {
    let mut texts: Vec<String> = STANDARD_BOARD
        .iter()
        .map(|(code, _)| format!("{code} 5/6/6/e1c1e1/1E1C1E/6/6/5 s"))
        .collect();
    texts.push("c25-htsrf 3k3/9/e1c1e4/1E1C1E3/9/3K3 s".into());
    for (seed, text) in texts.iter().enumerate() {
        let game = play_to_the_move_limit(text, seed as u64);
        assert_eq!(game.history().len(), MOVE_LIMIT, "{text}");
        assert_eq!(game.outcome(), draw(DrawReason::MoveLimit), "{text}");
    }
}

/// Two setups never make a game over before its first move: each army has
/// a Plane or a Jet, which always reaches the enemy camp. So `Game::new`
/// need not ask the position, as `Game::from_position` does.
#[test]
fn no_game_from_two_setups_is_over_before_its_first_move() {
    let mut rng = SmallRng::seed_from_u64(46);
    for preset in Preset::ALL {
        for mode in Mode::ALL {
            let rules = Rules {
                mode,
                ..preset.rules()
            };
            let templates = Template::of(mode)
                .iter()
                .map(|t| t.setup())
                .filter(|setup| setup.check(rules).is_ok());
            let random = (0..100).map(|_| Setup::random(rules, &mut rng));
            for setup in templates.chain(random).collect::<Vec<_>>() {
                for first in Color::ALL {
                    let setups = ByColor::new_with(|_| setup);
                    let game = Game::new(rules, setups, first).unwrap();
                    assert_eq!(game.position().outcome(), None, "{rules} {setup}");
                    assert!(!game.position().legal_moves().is_empty());
                }
            }
        }
    }
}
