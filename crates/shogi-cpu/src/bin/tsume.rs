//! Makes and checks the app's tsume puzzles (`assets/tsume.txt`, one
//! record a line: `sfen <position> moves <the line>`).
//!
//! ```text
//! shogi-tsume generate [--seed 1] [--per-length 110] [--nodes 50000] > assets/tsume.txt
//! shogi-tsume verify assets/tsume.txt
//! ```
//!
//! `generate` plays the Beginner CPU against itself (loose play leaves
//! mates on the board; seeded, from seeded random openings, so the run is
//! the same every time), offers every position of every game to the composer
//! (`shogi_cpu::tsume::compose`) and keeps the first `--per-length`
//! puzzles of 1, 3 and 5 plies, each position once and each solution once
//! a game; it writes them by
//! length, then by the nodes the mate search needed (rising difficulty).
//! `verify` re-derives every line, as the crate's test does.

use std::collections::HashSet;
use std::process::ExitCode;

use shogi_cpu::Level;
use shogi_cpu::play::{Cpu, opening, play_game};
use shogi_cpu::tsume::{self, MAX_PLIES};
use shogi_rules::{Position, Record};

struct Options {
    seed: u64,
    per_length: usize,
    nodes: u64,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        seed: 1,
        per_length: 110,
        nodes: 50_000,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{arg} {value}: {e}");
        match arg.as_str() {
            "--seed" => options.seed = value.parse().map_err(|e| bad(&e))?,
            "--per-length" => options.per_length = value.parse().map_err(|e| bad(&e))?,
            "--nodes" => options.nodes = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(options)
}

/// A puzzle found, with its sort key.
struct Found {
    plies: usize,
    nodes: u64,
    record: Record,
}

fn generate(options: &Options) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut found: Vec<Found> = Vec::new();
    let wanted = |found: &[Found], plies: usize| {
        found.iter().filter(|f| f.plies == plies).count() < options.per_length
    };
    for game_number in 0u64.. {
        if !(1..=MAX_PLIES as usize)
            .step_by(2)
            .any(|p| wanted(&found, p))
        {
            break;
        }
        let seed = options
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(game_number);
        let start = opening(&Position::start(), 6, seed);
        let mut sente = Cpu::new(Level::Beginner, seed);
        let mut gote = Cpu::new(Level::Beginner, !seed);
        let game = play_game([&mut sente, &mut gote], &start)?;
        let positions = game
            .steps()
            .map(|(position, _, _)| position)
            .chain([game.position().clone()]);
        // A position a move away from one kept, with the same solution, is
        // the same puzzle again.
        let mut lines = HashSet::new();
        for position in positions {
            let mut setup = position.to_setup();
            setup.move_number = 1;
            if !seen.insert(setup) {
                continue;
            }
            let Ok(composed) = tsume::compose(&position, MAX_PLIES, options.nodes) else {
                continue;
            };
            let plies = composed.line.len();
            if wanted(&found, plies) && lines.insert(composed.line.clone()) {
                found.push(Found {
                    plies,
                    nodes: composed.nodes,
                    record: Record {
                        start: setup,
                        moves: composed.line,
                        ending: None,
                    },
                });
            }
        }
        let counts: Vec<usize> = [1, 3, 5]
            .map(|p| found.iter().filter(|f| f.plies == p).count())
            .into();
        eprintln!(
            "game {game_number}: {} moves, puzzles of 1, 3, 5 plies: {counts:?}",
            game.moves().len()
        );
    }
    found.sort_by_key(|f| (f.plies, f.nodes, f.record.to_string()));
    for f in &found {
        println!("{}", f.record);
    }
    Ok(())
}

fn verify(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let record: Record = line.parse().map_err(|e| format!("line {}: {e}", i + 1))?;
        tsume::verify(&record, 1_000_000).map_err(|e| format!("line {}: {e:?}", i + 1))?;
        count += 1;
    }
    println!("{count} puzzles verified");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((command, rest)) if command == "generate" => {
            parse_options(rest).and_then(|options| generate(&options))
        }
        Some((command, [path])) if command == "verify" => verify(path),
        _ => Err("usage: shogi-tsume generate [options] | verify FILE".to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogi-tsume: {e}");
            ExitCode::FAILURE
        }
    }
}
