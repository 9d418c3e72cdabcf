//! The bot protocol: two instances of our CPU play whole games through it,
//! in process and as separate `bot` programs hosted by the arena.

mod common;

use std::process::Command as Process;

use gunjin_cpu::protocol::{Bot, Command, Reply};
use gunjin_cpu::{Baseline, Level};
use gunjin_rules::{ByColor, Color, Game, Mode, Move, PublicMove, Rules, Shape};

/// Sends a command as text and reads the replies back from text, as a
/// host talking to a program would (the `bot` program reads each line on
/// its game's board).
fn exchange(bot: &mut Bot, command: Command) -> Vec<Reply> {
    let line = command.to_string();
    let parsed = bot.read(&line).expect("our commands parse");
    assert_eq!(parsed, command, "{line}");
    bot.handle(&parsed, common::no_clock)
        .into_iter()
        .map(|r| r.to_string().parse().expect("our replies parse"))
        .collect()
}

#[test]
fn two_bots_play_a_game_over_the_protocol() {
    for rules in [Rules::KIRAKUKEN, Rules::TRADITIONAL] {
        play_over_the_protocol(rules);
    }
}

#[test]
fn two_bots_play_the_variant_modes_on_the_standard_board() {
    for (code, mode) in [
        ("m23-htsrf", Mode::Marshal23),
        ("a21-texrt", Mode::American21),
    ] {
        let rules: Rules = code.parse().unwrap();
        assert_eq!(rules.mode, mode);
        play_over_the_protocol(rules);
    }
}

#[test]
fn two_bots_play_classic_25_with_strikes() {
    let rules: Rules = "c25-htsrf".parse().unwrap();
    assert_eq!(rules.mode, Mode::Classic25);
    let game = play_over_the_protocol(rules);
    // Each strike went through the protocol as `e2*e5` or `e2*e5+`, its
    // announcement as `cleared:` with every node that lost a piece.
    let strikes: Vec<_> = game
        .history()
        .iter()
        .filter(|pm| pm.mv.to_string().contains('*'))
        .collect();
    assert!(!strikes.is_empty(), "no strike in {:?}", game.history());
    assert!(
        strikes
            .iter()
            .any(|pm| pm.announcement.cleared(pm.mv).count() >= 2),
        "no strike cleared several nodes: {strikes:?}"
    );
}

/// A whole game under `rules` between two bots, each told only what its
/// side may know; the game they played.
fn play_over_the_protocol(rules: Rules) -> Game {
    let mut bots = ByColor {
        south: Bot::new(Level::Easy, 1).with_worlds(Some(2)),
        north: Bot::new(Baseline::Greedy, 2),
    };
    let first = Color::North;
    let mut setups = ByColor::new_with(|_| None);
    for side in Color::ALL {
        let bot = &mut bots[side];
        let hello = exchange(bot, Command::Hello);
        assert_eq!(hello.last(), Some(&Reply::HelloOk));
        // Ours plays every rule code and does not ask for legal lines.
        assert!(
            !hello
                .iter()
                .any(|r| matches!(r, Reply::Id { key, .. } if key == "rules" || key == "wants")),
            "{hello:?}"
        );
        assert!(exchange(bot, Command::NewGame { rules, side, first }).is_empty());
        match exchange(bot, Command::Setup).as_slice() {
            [Reply::Setup(setup)] => setups[side] = Some(*setup),
            other => panic!("expected a setup, got {other:?}"),
        }
    }
    let mut game = Game::new(rules, setups.map(Option::unwrap), first).unwrap();
    for side in Color::ALL {
        // American 21's empty camp nodes, public from the start.
        let empty = game.view(side).enemy_empty().to_vec();
        assert_eq!(
            empty.len(),
            if rules.mode == Mode::American21 { 2 } else { 0 }
        );
        assert!(exchange(&mut bots[side], Command::Empty(empty)).is_empty());
    }
    while game.outcome().is_none() {
        let side = game.position().turn();
        // A `legal` line before `go`, as a host sends to a bot that asks:
        // ours accepts it and says nothing.
        let legal = game.view(side).legal_moves();
        assert!(exchange(&mut bots[side], Command::Legal(legal)).is_empty());
        let replies = exchange(
            &mut bots[side],
            Command::Go {
                millis: Some(50.0),
                worlds: None,
            },
        );
        let Some(Reply::BestMove(Some(mv))) = replies.last() else {
            panic!("{side}: no move in {replies:?}");
        };
        let announcement = game.play(*mv).expect("the bot's move is legal");
        let pm = PublicMove {
            side,
            mv: *mv,
            announcement,
        };
        for c in Color::ALL {
            assert!(exchange(&mut bots[c], Command::Move(pm)).is_empty());
        }
    }
    for c in Color::ALL {
        // The result reveals the enemy's setup; ours accepts it silently.
        let outcome = game.outcome().unwrap();
        let result = Command::Result {
            winner: outcome.winner(),
            enemy: game.setups().map(|setups| setups[!c]),
            text: String::new(),
        };
        assert!(exchange(&mut bots[c], result).is_empty());
        assert_eq!(exchange(&mut bots[c], Command::IsReady), [Reply::ReadyOk]);
    }
    game
}

/// `docs/PROTOCOL.md`, "move": Classic 25's headquarters `e1` may be
/// written `d1` or `f1` (`d6`/`f6` for North's), which on the standard
/// board are `c1`'s alias and an ordinary node.
#[test]
fn a_bot_reads_a_headquarters_by_any_of_its_squares() {
    let mut bot = Bot::new(Baseline::Random, 1);
    let read = |bot: &Bot, line: &str| bot.read(line).unwrap().to_string();
    assert_eq!(read(&bot, "legal d2-d1 f2-f1"), "legal d2-c1 f2-f1");
    let rules: Rules = "c25-htsrf".parse().unwrap();
    let (side, first) = (Color::South, Color::North);
    exchange(&mut bot, Command::NewGame { rules, side, first });
    assert_eq!(read(&bot, "legal d5-d6 f5-f6"), "legal d5-e6 f5-e6");
    assert_eq!(read(&bot, "move n d2-d1 attacker"), "move n d2-e1 attacker");
    assert_eq!(
        read(&bot, "move s b2*f5 cleared:b2,f5"),
        "move s b2*f5 cleared:b2,f5"
    );
    assert!(bot.read("legal a6-a7").is_err(), "no rank 7 on this board");
    // The arena reads an outside bot's move on its game's board too.
    let classic = Some(&Shape::CLASSIC_25);
    let expected: Move = "d5-e6".parse().unwrap();
    assert_eq!(
        Reply::read("bestmove d5-f6", classic),
        Ok(Reply::BestMove(Some(expected)))
    );
}

#[test]
fn a_bot_reports_what_it_cannot_use() {
    let mut bot = Bot::new(Baseline::Random, 1);
    let replies = exchange(&mut bot, Command::Setup);
    assert!(matches!(replies.as_slice(), [Reply::Error(_)]));
    exchange(
        &mut bot,
        Command::NewGame {
            rules: Rules::KIRAKUKEN,
            side: Color::South,
            first: Color::South,
        },
    );
    // Asked to move before it has a setup.
    let replies = exchange(
        &mut bot,
        Command::Go {
            millis: None,
            worlds: None,
        },
    );
    assert!(matches!(replies.as_slice(), [Reply::Error(_)]));
    let replies = exchange(
        &mut bot,
        Command::SetOption {
            name: "colour".into(),
            value: "blue".into(),
        },
    );
    assert!(matches!(replies.as_slice(), [Reply::Error(_)]));
}

/// The last line the arena prints: its JSON summary.
/// Runs the arena with `args`, which must succeed, and returns the last
/// line it prints: the match's summary as JSON.
fn arena_summary(args: &[&str]) -> String {
    let output = Process::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("the arena runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines().last().unwrap_or_default().to_owned()
}

#[test]
fn the_arena_hosts_two_bot_programs() {
    let bot = env!("CARGO_BIN_EXE_bot");
    let json = arena_summary(&[
        "--a",
        &format!("cmd:{bot} --level easy --worlds 2 --seed 3"),
        "--b",
        &format!("cmd:{bot} --level greedy --seed 4"),
        "--games",
        "2",
        "--seed",
        "5",
        "--think-ms",
        "50",
    ]);
    assert!(
        json.starts_with('{') && json.contains("\"games\":2"),
        "{json}"
    );
    let count = |key: &str| -> u32 {
        let at = json.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
        json[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(count("a_wins") + count("draws") + count("b_wins"), 2);
}

#[test]
fn the_arena_mixes_a_bot_program_and_an_in_process_level() {
    let bot = env!("CARGO_BIN_EXE_bot");
    // American 21 sends the bot the enemy's empty nodes; Classic 25 plays
    // on its 9x6 board, with strikes.
    for (option, value) in [("--rules", "texrt"), ("--mode", "a21"), ("--mode", "c25")] {
        let json = arena_summary(&[
            "--a",
            "random",
            "--b",
            &format!("cmd:{bot} --level easy --worlds 2"),
            "--games",
            "2",
            option,
            value,
        ]);
        // Reported by the name the bot gives itself (id name).
        assert!(json.contains("\"b\":\"gunjin-cpu easy\""));
    }
}
