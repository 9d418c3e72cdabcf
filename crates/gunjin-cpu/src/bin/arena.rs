//! The arena: plays two players against each other over many games and
//! reports the score.
//!
//! ```text
//! arena --a hard --b greedy --games 400 --seed 1
//!       [--rules htsrf] [--think-ms MS] [--worlds N]
//!       [--a-think-ms MS] [--b-think-ms MS] [--a-worlds N] [--b-worlds N]
//!       [--records] [--swap-setups] [--digest]
//! ```
//!
//! A player is a level (`random`, `greedy`, `easy`, `normal`, `hard`) or
//! an external program speaking the bot protocol (docs/PROTOCOL.md), given
//! as `cmd:<shell command>`. Games come in pairs: in both games of a pair
//! each player keeps the setup it chose (setups are part of a player's
//! play) and the players change colours, the same colour moving first, so
//! each player moves first once and neither gains from the draw of who
//! starts. With `--swap-setups` the players exchange setups instead for
//! the second game, which measures play alone, without the setups.
//! With `--digest` it prints a hash of each game's record and of all of
//! them: with `--worlds` (no clock) two builds that play alike print the
//! same digests, which is how a refactoring shows it changed no move.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, ExitCode, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::protocol::{Command, Reply};
use gunjin_cpu::{Budget, Cpu, Level};
use gunjin_rules::{
    ByColor, Color, DrawReason, Game, Move, Outcome, PublicMove, Rules, Setup, View, WinReason,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A program speaking the bot protocol on its stdin and stdout.
struct External {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    command: String,
}

impl External {
    fn spawn(command: &str) -> Result<External, String> {
        let mut child = Process::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start \"{command}\": {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut bot = External {
            child,
            stdin,
            stdout,
            command: command.to_owned(),
        };
        bot.send(&Command::Hello)?;
        bot.wait_for(|r| matches!(r, Reply::HelloOk))?;
        Ok(bot)
    }

    fn send(&mut self, command: &Command) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: cannot send \"{command}\": {e}", self.command))
    }

    /// Reads replies until one `wanted` arrives; `info` and `id` lines are
    /// skipped, an `error` line fails.
    fn wait_for(&mut self, wanted: impl Fn(&Reply) -> bool) -> Result<Reply, String> {
        loop {
            let mut line = String::new();
            match self.stdout.read_line(&mut line) {
                Ok(0) => return Err(format!("{}: the bot closed its output", self.command)),
                Err(e) => return Err(format!("{}: {e}", self.command)),
                Ok(_) => {}
            }
            if line.trim().is_empty() {
                continue;
            }
            let reply: Reply = line
                .parse()
                .map_err(|e| format!("{}: \"{}\": {e}", self.command, line.trim()))?;
            if wanted(&reply) {
                return Ok(reply);
            }
            match reply {
                Reply::Error(message) => {
                    return Err(format!("{}: error {message}", self.command));
                }
                Reply::Info(_) | Reply::Id { .. } => {}
                other => {
                    return Err(format!("{}: unexpected \"{other}\"", self.command));
                }
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send(&Command::Quit);
        let _ = self.child.wait();
    }
}

enum Engine {
    Cpu(Cpu),
    External(Box<External>),
}

/// One of the two players, with its own statistics.
struct Player {
    spec: String,
    engine: Engine,
    think_ms: f64,
    worlds: Option<usize>,
    times: Vec<f64>,
}

impl Player {
    fn new(spec: &str, seed: u64, think_ms: f64, worlds: Option<usize>) -> Result<Player, String> {
        let engine = match spec.strip_prefix("cmd:") {
            Some(command) => Engine::External(Box::new(External::spawn(command)?)),
            None => {
                let level: Level = spec.parse().map_err(|e| format!("{e}"))?;
                Engine::Cpu(Cpu::new(level, seed).with_worlds(worlds))
            }
        };
        Ok(Player {
            spec: spec.to_owned(),
            engine,
            think_ms,
            worlds,
            times: Vec::new(),
        })
    }

    /// Starts a game; with `setup` given the player must use it, otherwise
    /// it chooses one and says which.
    fn start(
        &mut self,
        rules: Rules,
        side: Color,
        first: Color,
        setup: Option<Setup>,
    ) -> Result<Setup, String> {
        match &mut self.engine {
            Engine::Cpu(cpu) => Ok(setup.unwrap_or_else(|| cpu.setup(rules))),
            Engine::External(bot) => {
                bot.send(&Command::NewGame { rules, side, first })?;
                match setup {
                    Some(setup) => {
                        bot.send(&Command::UseSetup(setup))?;
                        Ok(setup)
                    }
                    None => {
                        bot.send(&Command::Setup)?;
                        match bot.wait_for(|r| matches!(r, Reply::Setup(_)))? {
                            Reply::Setup(setup) => {
                                setup
                                    .check(rules)
                                    .map_err(|e| format!("{}: setup {setup}: {e}", self.spec))?;
                                Ok(setup)
                            }
                            _ => unreachable!(),
                        }
                    }
                }
            }
        }
    }

    fn choose(&mut self, view: &View) -> Result<Option<Move>, String> {
        let start = now();
        let mv = match &mut self.engine {
            Engine::Cpu(cpu) => cpu.choose_move(
                view,
                Budget {
                    millis: self.think_ms,
                    now,
                },
            ),
            Engine::External(bot) => {
                bot.send(&Command::Go {
                    millis: Some(self.think_ms),
                    worlds: self.worlds,
                })?;
                match bot.wait_for(|r| matches!(r, Reply::BestMove(_)))? {
                    Reply::BestMove(mv) => mv,
                    _ => unreachable!(),
                }
            }
        };
        self.times.push(now() - start);
        Ok(mv)
    }

    fn observe(&mut self, pm: PublicMove) -> Result<(), String> {
        if let Engine::External(bot) = &mut self.engine {
            bot.send(&Command::Move(pm))?;
        }
        Ok(())
    }

    fn finish(&mut self, outcome: Outcome) -> Result<(), String> {
        if let Engine::External(bot) = &mut self.engine {
            bot.send(&Command::Result {
                winner: outcome.winner(),
                text: describe(outcome),
            })?;
            bot.send(&Command::IsReady)?;
            bot.wait_for(|r| matches!(r, Reply::ReadyOk))?;
        }
        Ok(())
    }
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::HeadquartersTaken { .. } => "headquarters taken".into(),
            WinReason::NoLegalMove => "no legal move".into(),
            WinReason::Resignation => "resignation".into(),
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::NoOfficers => "no officers".into(),
            DrawReason::MoveLimit => "move limit".into(),
            DrawReason::Repetition => "repetition".into(),
        },
    }
}

/// How one game ended, from player A's side.
struct Played {
    outcome: Outcome,
    /// The side player A had.
    a_side: Color,
    plies: usize,
    record: String,
}

/// Plays one game; `players[0]` is A. A player that fails (an illegal or
/// missing move, a broken pipe) loses the game.
fn play_game(
    players: &mut [Player; 2],
    rules: Rules,
    a_side: Color,
    first: Color,
    setups: [Option<Setup>; 2],
) -> Result<(Played, [Setup; 2]), String> {
    let side_of = |i: usize| if i == 0 { a_side } else { !a_side };
    let mut chosen = ByColor::<Option<Setup>>::default();
    for (i, player) in players.iter_mut().enumerate() {
        let side = side_of(i);
        chosen[side] = Some(player.start(rules, side, first, setups[i])?);
    }
    let setups = chosen.map(|s| s.expect("both players set up"));
    let by_player = [setups[a_side], setups[!a_side]];
    let mut game = Game::new(rules, setups, first).map_err(|e| e.to_string())?;
    let index_of = |side: Color| if side == a_side { 0 } else { 1 };
    while game.outcome().is_none() {
        let side = game.position().turn();
        let view = game.view(side);
        let i = index_of(side);
        let mv = match players[i].choose(&view) {
            Ok(mv) => mv,
            Err(e) => {
                eprintln!("arena: {e}; {side} resigns");
                None
            }
        };
        let played = mv.and_then(|mv| match game.play(mv) {
            Ok(a) => Some(a),
            Err(e) => {
                eprintln!("arena: {}: {e}; {side} resigns", players[i].spec);
                None
            }
        });
        let Some(announcement) = played else {
            game.resign(side).map_err(|e| e.to_string())?;
            break;
        };
        let pm = PublicMove {
            side,
            mv: mv.expect("played"),
            announcement,
        };
        for player in players.iter_mut() {
            player.observe(pm)?;
        }
    }
    let outcome = game.outcome().expect("the game is over");
    for player in players.iter_mut() {
        player.finish(outcome)?;
    }
    Ok((
        Played {
            outcome,
            a_side,
            plies: game.history().len(),
            record: game.record().to_string(),
        },
        by_player,
    ))
}

/// The Wilson score interval for a proportion at 95%.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

struct Options {
    a: String,
    b: String,
    games: usize,
    seed: u64,
    rules: Rules,
    think_ms: [f64; 2],
    worlds: [Option<usize>; 2],
    records: bool,
    swap_setups: bool,
    digest: bool,
}

const USAGE: &str = "usage: arena --a PLAYER --b PLAYER [--games N] [--seed N] [--rules CODE] \
[--think-ms MS] [--worlds N] [--a-think-ms MS] [--b-think-ms MS] [--a-worlds N] [--b-worlds N] \
[--records] [--swap-setups] [--digest]\n  PLAYER: random, greedy, easy, normal, hard, or cmd:<command of a protocol bot>";

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        a: String::new(),
        b: String::new(),
        games: 100,
        seed: 1,
        rules: Rules::KIRAKUKEN,
        think_ms: [1000.0; 2],
        worlds: [None; 2],
        records: false,
        swap_setups: false,
        digest: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--records" {
            options.records = true;
            continue;
        }
        if arg == "--swap-setups" {
            options.swap_setups = true;
            continue;
        }
        if arg == "--digest" {
            options.digest = true;
            continue;
        }
        if arg == "--help" || arg == "-h" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = |what: &str| -> Result<f64, String> {
            value
                .parse::<f64>()
                .map_err(|_| format!("{what} \"{value}\" is not a number"))
        };
        match arg.as_str() {
            "--a" => options.a = value.clone(),
            "--b" => options.b = value.clone(),
            "--games" => options.games = number("games")? as usize,
            "--seed" => options.seed = number("seed")? as u64,
            "--rules" => options.rules = value.parse().map_err(|e| format!("{e}"))?,
            "--think-ms" => options.think_ms = [number("think-ms")?; 2],
            "--a-think-ms" => options.think_ms[0] = number("a-think-ms")?,
            "--b-think-ms" => options.think_ms[1] = number("b-think-ms")?,
            "--worlds" => options.worlds = [Some(number("worlds")? as usize); 2],
            "--a-worlds" => options.worlds[0] = Some(number("a-worlds")? as usize),
            "--b-worlds" => options.worlds[1] = Some(number("b-worlds")? as usize),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if options.a.is_empty() || options.b.is_empty() {
        return Err("both --a and --b are needed".into());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("arena: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    now();
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let seeds: [u64; 2] = [rng.random(), rng.random()];
    let specs = [options.a.clone(), options.b.clone()];
    let mut players: [Player; 2] = match (0..2)
        .map(|i| Player::new(&specs[i], seeds[i], options.think_ms[i], options.worlds[i]))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(p) => p.try_into().ok().expect("two players"),
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let describe_budget = |i: usize| match (specs[i].as_str(), options.worlds[i]) {
        ("random" | "greedy", _) => "baseline".to_owned(),
        (_, Some(n)) => format!("{n} worlds/move"),
        (_, None) => format!("{} ms/move", options.think_ms[i]),
    };
    println!(
        "{} ({}) vs {} ({}): {} games, rules {}, seed {}",
        specs[0],
        describe_budget(0),
        specs[1],
        describe_budget(1),
        options.games,
        options.rules,
        options.seed
    );
    let mut results: Vec<Played> = Vec::with_capacity(options.games);
    let mut pair_setups: [Option<Setup>; 2] = [None; 2];
    let mut first = Color::South;
    for g in 0..options.games {
        let second_of_pair = g % 2 == 1;
        let a_side = if second_of_pair {
            Color::North
        } else {
            Color::South
        };
        if !second_of_pair {
            first = if rng.random() {
                Color::South
            } else {
                Color::North
            };
            pair_setups = [None; 2];
        }
        let result = play_game(&mut players, options.rules, a_side, first, pair_setups);
        let (played, setups) = match result {
            Ok(r) => r,
            Err(e) => {
                eprintln!("arena: game {}: {e}", g + 1);
                return ExitCode::FAILURE;
            }
        };
        pair_setups = if options.swap_setups {
            [Some(setups[1]), Some(setups[0])]
        } else {
            setups.map(Some)
        };
        if options.records {
            let who = match played.outcome.winner() {
                Some(w) if w == played.a_side => specs[0].as_str(),
                Some(_) => specs[1].as_str(),
                None => "nobody",
            };
            eprintln!(
                "game {}: {} won ({}): {}",
                g + 1,
                who,
                describe(played.outcome),
                played.record
            );
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
    if options.digest {
        let all: Vec<&str> = results.iter().map(|r| r.record.as_str()).collect();
        println!("digest all: {:016x}", fnv1a(all.join("\n").as_bytes()));
    }
    report(&options, &specs, &players, &results);
    ExitCode::SUCCESS
}

/// A's wins, draws and losses.
fn tally(results: &[Played]) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for r in results {
        match r.outcome.winner() {
            Some(w) if w == r.a_side => t.0 += 1,
            None => t.1 += 1,
            Some(_) => t.2 += 1,
        }
    }
    t
}

fn report(options: &Options, specs: &[String; 2], players: &[Player; 2], results: &[Played]) {
    let n = results.len();
    let (wins, draws, losses) = tally(results);
    let nf = n.max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / nf;
    let win_rate = wins as f64 / nf;
    let (lo, hi) = wilson(win_rate, n as f64);
    let (slo, shi) = wilson(score, n as f64);
    println!(
        "{} wins {wins}, draws {draws}, {} wins {losses}",
        specs[0], specs[1]
    );
    println!(
        "{} win rate {:.1}% (95% Wilson {:.1}%–{:.1}%), score {:.1}% (95% Wilson {:.1}%–{:.1}%)",
        specs[0],
        win_rate * 100.0,
        lo * 100.0,
        hi * 100.0,
        score * 100.0,
        slo * 100.0,
        shi * 100.0
    );
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in results {
        let key = describe(r.outcome);
        match reasons.iter_mut().find(|(k, _)| *k == key) {
            Some((_, c)) => *c += 1,
            None => reasons.push((key, 1)),
        }
    }
    let reasons: Vec<String> = reasons.iter().map(|(k, c)| format!("{k} {c}")).collect();
    println!("endings: {}", reasons.join(", "));
    let plies: usize = results.iter().map(|r| r.plies).sum();
    println!("mean game length {:.1} plies", plies as f64 / nf);
    for (spec, player) in specs.iter().zip(players) {
        let t = &player.times;
        let mean = t.iter().sum::<f64>() / t.len().max(1) as f64;
        let max = t.iter().copied().fold(0.0, f64::max);
        println!(
            "think time {spec}: mean {mean:.2} ms, median {:.2} ms, max {max:.1} ms over {} moves",
            median(t),
            t.len()
        );
    }
    let _ = options;
    println!(
        "{{\"a\":\"{}\",\"b\":\"{}\",\"games\":{n},\"a_wins\":{wins},\"draws\":{draws},\"b_wins\":{losses},\"a_score\":{score:.4}}}",
        json_escape(&specs[0]),
        json_escape(&specs[1])
    );
}

/// The 64-bit FNV-1a hash: stable across builds and platforms, unlike
/// the standard library's hasher.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn json_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}
