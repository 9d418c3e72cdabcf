//! Pits two players against each other over a number of games, sides
//! alternating, and prints the result from the first player's side: wins,
//! draws and losses, the score with its Wilson 95% interval, the average
//! game length and how the games ended.
//!
//! ```text
//! shogi-arena --a club --b strong [--games 100] [--seed 1] [--nodes N]
//!       [--handicap even] [--opening-plies 4] [--usi-go "nodes 200000"]
//!       [--records FILE] [--verbose]
//! ```
//!
//! A player is a level (`beginner` … `strong`, or `club@50000` for a
//! level at another node count), `random`, or `usi:<command>` for any USI
//! engine (this crate's `usi` binary, or another program). `--nodes`
//! replaces our levels' nodes per move;
//! `--usi-go` is what a USI player is told after `go`. Each pair of games
//! starts from its own opening of `--opening-plies` random moves (the
//! same for both games of the pair, sides swapped). `--records` appends
//! each finished game to a file as a record line (`sfen … moves …`, the
//! text form of `shogi_rules::Record`), for the evaluation's tuning.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};

use shogi_cpu::Decision;
use shogi_cpu::play::{Cpu, Player, RandomMover, opening, play_game};
use shogi_rules::{Color, Game, Handicap, Position};

/// An engine in another process, spoken to in USI.
struct Usi {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    go: String,
    start: String,
}

impl Usi {
    fn spawn(command: &str, go: &str) -> Result<Usi, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty usi: command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{command}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut usi = Usi {
            child,
            input,
            output,
            go: go.to_owned(),
            start: String::new(),
        };
        usi.send("usi")?;
        usi.wait_for("usiok")?;
        Ok(usi)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").map_err(|e| format!("usi engine: {e}"))
    }

    /// Reads lines until one starting with `word`; that line.
    fn wait_for(&mut self, word: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err(format!("the usi engine quit before {word}"));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim().to_owned());
            }
        }
    }
}

impl Player for Usi {
    fn new_game(&mut self, start: &Position) -> Result<(), String> {
        self.start = start.to_string();
        self.send("isready")?;
        self.wait_for("readyok")?;
        self.send("usinewgame")
    }

    fn decide(&mut self, game: &Game) -> Result<Decision, String> {
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        let position = match moves.is_empty() {
            true => format!("position sfen {}", self.start),
            false => format!("position sfen {} moves {}", self.start, moves.join(" ")),
        };
        self.send(&position)?;
        self.send(&format!("go {}", self.go))?;
        let line = self.wait_for("bestmove")?;
        match line.split_whitespace().nth(1) {
            Some("resign") => Ok(Decision::Resign),
            Some("win") => Ok(Decision::Declare),
            Some(mv) => mv
                .parse()
                .map(Decision::Move)
                .map_err(|e| format!("bestmove {mv}: {e}")),
            None => Err("bestmove without a move".to_owned()),
        }
    }
}

impl Drop for Usi {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

struct Options {
    specs: [String; 2],
    games: u32,
    seed: u64,
    nodes: Option<u64>,
    handicap: Handicap,
    opening_plies: usize,
    usi_go: String,
    records: Option<String>,
    verbose: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        specs: ["beginner".to_owned(), "random".to_owned()],
        games: 100,
        seed: 1,
        nodes: None,
        handicap: Handicap::Even,
        opening_plies: 4,
        usi_go: "nodes 200000".to_owned(),
        records: None,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--verbose" {
            options.verbose = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--a" => options.specs[0] = value.clone(),
            "--b" => options.specs[1] = value.clone(),
            "--games" => options.games = number()? as u32,
            "--seed" => options.seed = number()?,
            "--nodes" => options.nodes = Some(number()?),
            "--opening-plies" => options.opening_plies = number()? as usize,
            "--usi-go" => options.usi_go = value.clone(),
            "--records" => options.records = Some(value.clone()),
            "--handicap" => {
                options.handicap = serde_json::from_str(&format!("\"{value}\"")).map_err(|_| {
                    format!("no handicap {value:?} (even, lance, bishop, rook, two-pieces, …)")
                })?
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

fn player(spec: &str, seed: u64, options: &Options) -> Result<Box<dyn Player>, String> {
    if let Some(command) = spec.strip_prefix("usi:") {
        return Ok(Box::new(Usi::spawn(command, &options.usi_go)?));
    }
    if spec == "random" {
        return Ok(Box::new(RandomMover::new(seed)));
    }
    let (level, nodes) = match spec.split_once('@') {
        Some((level, nodes)) => (
            level,
            Some(nodes.parse().map_err(|e| format!("{spec}: {e}"))?),
        ),
        None => (spec, options.nodes),
    };
    let mut cpu = Cpu::new(level.parse().map_err(|e| format!("{e}"))?, seed);
    cpu.nodes = nodes;
    Ok(Box::new(cpu))
}

/// The Wilson score interval at 95% for a score `p` over `n` games.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let denominator = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        (centre - spread) / denominator,
        (centre + spread) / denominator,
    )
}

fn run(options: &Options) -> Result<(), String> {
    let mut players = [
        player(&options.specs[0], options.seed, options)?,
        player(
            &options.specs[1],
            options.seed.wrapping_mul(31).wrapping_add(7),
            options,
        )?,
    ];
    let initial = options.handicap.position();
    let (mut wins, mut draws, mut losses, mut plies) = (0u32, 0u32, 0u32, 0usize);
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    for index in 0..options.games {
        // Player A takes Sente in even games (in a handicap game Sente is
        // the giver, who moves first).
        let a_color = if index % 2 == 0 {
            Color::Sente
        } else {
            Color::Gote
        };
        let [a, b] = &mut players;
        let pair: [&mut dyn Player; 2] = match a_color {
            Color::Sente => [a.as_mut(), b.as_mut()],
            Color::Gote => [b.as_mut(), a.as_mut()],
        };
        let pair_seed = options.seed.wrapping_add(u64::from(index / 2));
        let start = opening(&initial, options.opening_plies, pair_seed);
        let game = play_game(pair, &start)?;
        let outcome = game.outcome().expect("played to the end");
        match outcome.winner {
            Some(winner) if winner == a_color => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        plies += game.moves().len();
        if let Some(path) = &options.records {
            append_record(path, &game)?;
        }
        *endings.entry(format!("{:?}", outcome.reason)).or_default() += 1;
        if options.verbose {
            eprintln!(
                "game {}: a as {a_color}, {outcome}, {} plies",
                index + 1,
                game.moves().len()
            );
        }
    }
    let n = f64::from(options.games);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let (low, high) = wilson(score, n);
    println!(
        "{} vs {}: {} games from {:?} after {} random plies, seed {}",
        options.specs[0],
        options.specs[1],
        options.games,
        options.handicap,
        options.opening_plies,
        options.seed
    );
    println!(
        "W/D/L {wins}/{draws}/{losses}  score {:.1}%  Wilson 95% [{:.1}%, {:.1}%]",
        score * 100.0,
        low * 100.0,
        high * 100.0
    );
    println!("average plies {:.1}  endings {endings:?}", plies as f64 / n);
    Ok(())
}

/// Appends `game`'s record to the file at `path` as one line.
fn append_record(path: &str, game: &Game) -> Result<(), String> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    writeln!(file, "{}", game.record()).map_err(|e| format!("{path}: {e}"))
}

fn main() -> ExitCode {
    match parse_options().and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogi-arena: {e}");
            ExitCode::FAILURE
        }
    }
}
