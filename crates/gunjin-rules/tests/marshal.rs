//! Classic 25's Marshal (`shared/RULES.md` §8.2): face-up in every view,
//! never attacked while guarded, taken only by an officer, which wins.

mod common;

use common::*;
use gunjin_rules::{Announcement, Color, Game, Kind, Move, Outcome, WinReason};

fn game(text: &str) -> Game {
    Game::from_position(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn both_views_show_the_classic_marshal_and_no_other_enemy_kind() {
    let mut game = game("c25-htsrf e2k3/4G4/9/9/9/E2K3 s");
    for (south, north) in [("a1-a2", "a6-a5"), ("a2-a1", "a5-a6")] {
        for side in Color::ALL {
            let view = game.view(side);
            for enemy in view.enemies() {
                let marshal = enemy.square == game.rules().shape().hq(!side);
                assert_eq!(enemy.kind, marshal.then_some(Kind::Marshal), "{side}");
            }
            let json = serde_json::to_string(&view).unwrap();
            assert_eq!(json.matches("\"kind\":\"Marshal\"").count(), 2, "{json}");
        }
        // The face-up kind stays known as the game goes on.
        let mut view = game.view(Color::North);
        game.play(mv(south)).unwrap();
        view.apply(game.history().last().unwrap()).unwrap();
        assert_eq!(view, game.view(Color::North));
        game.play(mv(north)).unwrap();
    }
}

#[test]
fn a_marshal_that_moves_stays_hidden() {
    for text in [
        "m23-htsrf 5/2k3/6/6/6/6/2K3/E4 s",
        "a21-htsrf 5/2k3/6/6/6/6/2K3/E4 s",
    ] {
        let game = game(text);
        for side in Color::ALL {
            let view = game.view(side);
            assert!(view.enemies().iter().all(|e| e.kind.is_none()), "{text}");
            let json = serde_json::to_string(&view).unwrap();
            assert!(!json.contains("\"kind\":null"), "{json}");
        }
    }
}

#[test]
fn a_guarded_marshal_cannot_be_attacked() {
    // North's Spy on d5, or its Tank on g6, stands next to its headquarters.
    for text in [
        "c25-htsrf e2k3/3yG4/9/9/9/2EK3 s",
        "c25-htsrf e2kt2/4G4/9/9/9/2EK3 s",
    ] {
        let game = game(text);
        let position = game.position();
        assert!(!position.is_legal(mv("e5-e6")), "{text}");
        assert!(!position.destinations(sq("e5")).contains(sq("e6")));
        assert!(!position.legal_moves().contains(&mv("e5-e6")));
        let view = game.view(Color::South);
        assert_eq!(view.destinations(sq("e5")), position.destinations(sq("e5")));
        assert!(!view.legal_moves().contains(&mv("e5-e6")));
    }
    // South's own pieces next to North's headquarters guard nothing.
    let game = game("c25-htsrf e2k3/3GJ4/9/9/9/2EK3 s");
    assert!(game.position().is_legal(mv("e5-e6")));
    assert!(game.position().is_legal(mv("d5-e6")));
}

#[test]
fn unguarded_an_officer_takes_the_marshal_and_wins() {
    for officer in "GLMCOJ".chars() {
        let text = format!("c25-htsrf e2k3/4{officer}4/9/9/9/2EK3 s");
        let mut game = game(&text);
        assert!(game.view(Color::South).allows(mv("e5-e6")), "{text}");
        assert_eq!(
            game.play(mv("e5-e6")),
            Ok(Announcement::DefenderRemoved),
            "{text}"
        );
        let by = Kind::from_char(officer).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::South,
                reason: WinReason::MarshalTaken { by }
            }),
            "{text}"
        );
    }
    // North takes South's: no South piece next to e1 (the Engineer is on a1).
    let mut game = game("c25-htsrf e2k3/9/9/9/4g4/E2K3 n");
    game.play(mv("e2-e1")).unwrap();
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Color::North));
}

#[test]
fn any_other_attacker_is_removed_and_the_marshal_stays() {
    // Tank, Engineer, Spy, Artillery.
    for attacker in "TEYR".chars() {
        let text = format!("c25-htsrf e2k3/4{attacker}4/9/9/9/G1EK3 s");
        let mut game = game(&text);
        assert_eq!(
            game.play(mv("e5-e6")),
            Ok(Announcement::AttackerRemoved),
            "{text}"
        );
        assert_eq!(game.outcome(), None, "{text}");
        assert_eq!(
            game.position().board().piece_at(sq("e6")).map(|p| p.kind),
            Some(Kind::Marshal)
        );
    }
    // A Jet never flies into the enemy headquarters.
    let game = game("c25-htsrf e2k3/4Z4/9/9/9/2EK3 s");
    assert!(!game.position().destinations(sq("e5")).contains(sq("e6")));
}

#[test]
fn a_strike_that_clears_the_guard_opens_the_headquarters() {
    // North's Spy on d5 guards; South's Missile on b2 clears it.
    let mut game = game("c25-htsrf e2k3/3yG4/9/9/1I7/2EK3 s");
    assert!(!game.position().is_legal(mv("e5-e6")));
    game.play(mv("b2*c5")).unwrap();
    assert_eq!(
        game.history().last().unwrap().announcement,
        Announcement::struck(mv("b2*c5"), set("b2 d5")).unwrap()
    );
    game.play(mv("a6-a5")).unwrap();
    game.play(mv("e5-e6")).unwrap();
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Color::South));
}
