//! The arena: plays two players against each other over many games and
//! reports the score.
//!
//! ```text
//! arena --a hard --b greedy --games 400 --seed 1
//!       [--rules htsrf] [--mode m23|a21|c25] [--think-ms MS] [--worlds N]
//!       [--a-think-ms MS] [--b-think-ms MS] [--a-worlds N] [--b-worlds N]
//!       [--a-name NAME] [--b-name NAME] [--grace-ms MS] [--legal]
//!       [--illegal-loses] [--records FILE] [--swap-setups] [--digest]
//! ```
//!
//! A player is a level (`random`, `greedy`, `reckless`, `turtle`,
//! `trader`, `defender`, `racer`, `easy`, `normal`, `hard`) or an
//! external program speaking the bot protocol (docs/PROTOCOL.md), given
//! as `cmd:<shell command>`. Every player gets the same budget per move
//! (`--think-ms`, default 800, Hard's in the browser; a level caps it at
//! its own; `--worlds` fixes the worlds instead). Games come in pairs: in both games of a pair each
//! player keeps the setup it chose (setups are part of a player's play)
//! and the players change colours, the same colour moving first, so each
//! player moves first once and neither gains from the draw of who starts.
//! With `--swap-setups` the players exchange setups instead for the second
//! game, which measures play alone, without the setups.
//!
//! `--mode` plays a variant mode under the rule code's options (`--rules
//! a21-htsrf` names both); an outside bot is told the enemy's empty camp
//! nodes of American 21 (`empty`).
//!
//! An outside bot that times out, closes its pipes, answers `error` or
//! garbles a reply loses that game (counted in the report) and is started
//! afresh for the next (if that fails, it forfeits the next game too and
//! is tried again); an illegal move stops the match unless
//! `--illegal-loses` makes it a lost game too. A bot that says `id wants
//! legal` is sent its legal moves before each `go` (every bot, with
//! `--legal`).
//!
//! With `--digest` it prints a hash of each game's record and of all of
//! them: with `--worlds` (no clock) two builds that play alike print the
//! same digests, which is how a refactoring shows it changed no move.

mod external;
mod options;
mod player;
mod stats;

use std::io::Write;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

use gunjin_rules::{
    ByColor, Color, DrawReason, Game, Outcome, PublicMove, Rules, Setup, WinReason,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use external::Fault;
use options::Options;
use player::Player;
use stats::{Played, fnv1a, report, tally};

/// Milliseconds since the arena started.
fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// How a game ended, in words (also the `result` line's reason).
fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::HeadquartersTaken { .. } => "headquarters taken",
            WinReason::MarshalTaken { .. } => "marshal taken",
            WinReason::NoLegalMove => "no legal move",
            WinReason::Resignation => "resignation",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::NoOfficers => "no officers",
            DrawReason::MoveLimit => "move limit",
            DrawReason::Repetition => "repetition",
            DrawReason::Agreement => "agreement",
        },
    }
}

/// One game of the match: the rules, who plays which side, who moves
/// first and the setups the players must use (`None`: their choice).
struct Deal {
    rules: Rules,
    a_side: Color,
    first: Color,
    setups: [Option<Setup>; 2],
}

/// Plays one game; `players[0]` is A. A player that fails (see
/// [`Fault`]) loses the game; the error is only for an illegal move
/// without `illegal_loses`. Also the setups each player used.
fn play_game(
    players: &mut [Player; 2],
    deal: &Deal,
    illegal_loses: bool,
) -> Result<(Played, [Option<Setup>; 2]), String> {
    let side_of = |i: usize| if i == 0 { deal.a_side } else { !deal.a_side };
    let mut chosen = [None; 2];
    for (i, player) in players.iter_mut().enumerate() {
        match player.start(deal.rules, side_of(i), deal.first, deal.setups[i]) {
            Ok(setup) => chosen[i] = Some(setup),
            Err(fault) => return Ok((Played::forfeit(deal.a_side, i, fault), chosen)),
        }
    }
    let setups = ByColor::new_with(|c| chosen[usize::from(c != deal.a_side)].expect("set up"));
    let mut game = Game::new(deal.rules, setups, deal.first).map_err(|e| e.to_string())?;
    for (i, player) in players.iter_mut().enumerate() {
        if let Err(fault) = player.meet(game.view(side_of(i)).enemy_empty()) {
            return Ok((Played::forfeit(deal.a_side, i, fault), chosen));
        }
    }
    let (fault, late) = play_out(players, &mut game, side_of, illegal_loses)?;
    let mut played = Played::of(&game, deal.a_side, fault);
    if let Some((i, fault)) = late {
        played.late[i] = Some(fault);
    }
    let record = game.record();
    for (i, player) in players.iter_mut().enumerate() {
        let failed = played.fault.as_ref().is_some_and(|(p, _)| *p == i);
        if failed || played.late[i].is_some() {
            continue; // It already failed: it is restarted, not told.
        }
        if let Err(fault) = player.finish(played.outcome, &record, side_of(i)) {
            // Too late to cost it this game: it is restarted all the same.
            played.late[i] = Some(fault);
        }
    }
    Ok((played, chosen))
}

/// A player (0: A) and how it failed.
type Failed = Option<(usize, Fault)>;

/// Plays moves until the game is over; a player that fails resigns. The
/// fault that ended the game, if one did, and one that came once the game
/// was over (at the last move's report), which changes nothing but the
/// bot's restart.
fn play_out(
    players: &mut [Player; 2],
    game: &mut Game,
    side_of: impl Fn(usize) -> Color,
    illegal_loses: bool,
) -> Result<(Failed, Failed), String> {
    let resign = |game: &mut Game, i: usize, fault: Option<Fault>| {
        if game.outcome().is_none() {
            game.resign(side_of(i)).map_err(|e| e.to_string())?;
        }
        Ok((fault.map(|f| (i, f)), None))
    };
    while game.outcome().is_none() {
        let side = game.position().turn();
        let i = usize::from(side_of(0) != side);
        let mv = match players[i].choose(&game.view(side)) {
            Ok(Some(mv)) => mv,
            Ok(None) => return resign(game, i, None),
            Err(fault) => return resign(game, i, Some(fault)),
        };
        let announcement = match game.play(mv) {
            Ok(announcement) => announcement,
            Err(e) if illegal_loses => {
                return resign(game, i, Some(Fault::Illegal(format!("{mv}: {e}"))));
            }
            Err(e) => return Err(format!("{}: illegal move {mv}: {e}", players[i].name)),
        };
        let pm = PublicMove {
            side,
            mv,
            announcement,
        };
        for (j, player) in players.iter_mut().enumerate() {
            if let Err(fault) = player.observe(pm) {
                if game.outcome().is_some() {
                    return Ok((None, Some((j, fault))));
                }
                return resign(game, j, Some(fault));
            }
        }
    }
    Ok((None, None))
}

/// The deal of game `g` (from 0): pairs of games with the players' sides
/// changed, who moves first drawn for each pair, the setups of the pair's
/// first game kept (or swapped) for its second.
fn deal(
    options: &Options,
    g: usize,
    rng: &mut SmallRng,
    last: &mut Deal,
    used: [Option<Setup>; 2],
) {
    let second_of_pair = g % 2 == 1;
    last.a_side = if second_of_pair {
        Color::North
    } else {
        Color::South
    };
    if second_of_pair {
        last.setups = if options.swap_setups {
            [used[1], used[0]]
        } else {
            used
        };
    } else {
        last.first = if rng.random() {
            Color::South
        } else {
            Color::North
        };
        last.setups = [None; 2];
    }
}

/// Plays the match; the games, or why it had to stop.
fn run(
    options: &Options,
    players: &mut [Player; 2],
    rng: &mut SmallRng,
) -> Result<Vec<Played>, String> {
    let mut records = match &options.records {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)
        }
        None => None,
    };
    let mut results: Vec<Played> = Vec::with_capacity(options.games);
    let mut last = Deal {
        rules: options.rules,
        a_side: Color::South,
        first: Color::South,
        setups: [None; 2],
    };
    let mut used = [None; 2];
    for g in 0..options.games {
        deal(options, g, rng, &mut last, used);
        let (played, setups) = play_game(players, &last, options.illegal_loses)
            .map_err(|e| format!("game {}: {e}", g + 1))?;
        used = setups;
        for (i, player) in players.iter_mut().enumerate() {
            let lost = played.fault.as_ref().filter(|(p, _)| *p == i);
            let late = played.late[i].as_ref();
            if let Some((_, fault)) = lost {
                eprintln!(
                    "arena: game {}: {}: {fault}; it loses the game",
                    g + 1,
                    player.name
                );
            } else if let Some(fault) = late {
                eprintln!(
                    "arena: game {}: {}: {fault} once the game was over",
                    g + 1,
                    player.name
                );
            }
            if (lost.is_some() || late.is_some())
                && let Err(e) = player.restart()
            {
                eprintln!("arena: {e}; it forfeits the next game");
            }
        }
        if let Some(file) = records.as_mut() {
            let who = match played.outcome.winner() {
                Some(w) => players[usize::from(w != played.a_side)].name.as_str(),
                None => "nobody",
            };
            let mut outcome = describe(played.outcome).to_owned();
            if let Some((i, fault)) = &played.fault {
                outcome += &format!(", a fault of {}: {}", players[*i].name, fault.kind());
            }
            writeln!(
                file,
                "game {}: {who} won ({outcome}): {}",
                g + 1,
                played.record
            )
            .map_err(|e| format!("cannot write the records: {e}"))?;
        }
        if options.digest {
            println!(
                "digest game {}: {:016x}",
                g + 1,
                fnv1a(played.record.as_bytes())
            );
        }
        results.push(played);
        if (g + 1) % 10 == 0 {
            let (w, d, l) = tally(&results);
            eprintln!("arena: {} games: {w} wins, {d} draws, {l} losses", g + 1);
        }
    }
    Ok(results)
}

fn main() -> ExitCode {
    let options = match options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("arena: {e}");
            }
            eprintln!("{}", options::USAGE);
            return ExitCode::from(2);
        }
    };
    now();
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let seeds: [u64; 2] = [rng.random(), rng.random()];
    let new = |i: usize| {
        let (spec, name) = (&options.specs[i], options.names[i].as_deref());
        Player::new(spec, name, seeds[i], options.rules, options.budgets[i])
    };
    let mut players = match new(0).and_then(|a| Ok([a, new(1)?])) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} ({}) vs {} ({}): {} games, rules {}, seed {}",
        players[0].name,
        players[0].budget(),
        players[1].name,
        players[1].budget(),
        options.games,
        options.rules,
        options.seed
    );
    let results = match run(&options, &mut players, &mut rng) {
        Ok(results) => results,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    if options.digest {
        let all: Vec<&str> = results.iter().map(|r| r.record.as_str()).collect();
        println!("digest all: {:016x}", fnv1a(all.join("\n").as_bytes()));
    }
    report(&players, &results);
    ExitCode::SUCCESS
}
