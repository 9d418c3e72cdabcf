//! Our CPU as a bot: plays one side over stdin/stdout with the line
//! protocol of docs/PROTOCOL.md.
//!
//! ```text
//! bot [--level random|greedy|easy|normal|hard] [--seed N] [--worlds N]
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

use gunjin_cpu::protocol::{Bot, Command, Reply};
use gunjin_cpu::{Level, Player};

fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

fn usage(message: &str) -> ExitCode {
    eprintln!("bot: {message}");
    eprintln!(
        "usage: bot [--level random|greedy|reckless|turtle|trader|defender|racer|easy|normal|hard] [--seed N] [--worlds N]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let (mut level, mut seed, mut worlds) = (Player::Level(Level::Hard), 1u64, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let Some(value) = args.next() else {
            return usage(&format!("{arg} needs a value"));
        };
        match arg.as_str() {
            "--level" => match value.parse() {
                Ok(l) => level = l,
                Err(e) => return usage(&format!("{e}")),
            },
            "--seed" => match value.parse() {
                Ok(s) => seed = s,
                Err(_) => return usage(&format!("seed \"{value}\" is not a number")),
            },
            "--worlds" => match value.parse() {
                Ok(n) => worlds = Some(n),
                Err(_) => return usage(&format!("worlds \"{value}\" is not a number")),
            },
            _ => return usage(&format!("unknown option {arg}")),
        }
    }
    let mut bot = Bot::new(level, seed).with_worlds(worlds);
    now();
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let replies = match bot.read(&line) {
            Ok(Command::Quit) => break,
            Ok(command) => bot.handle(&command, now),
            Err(e) => vec![Reply::Error(e.to_string())],
        };
        for reply in replies {
            if writeln!(stdout, "{reply}").is_err() {
                return ExitCode::FAILURE;
            }
        }
        if stdout.flush().is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
