//! The arena's command line.

use gunjin_rules::{Mode, Rules};

use crate::player::Budgets;

pub struct Options {
    pub specs: [String; 2],
    /// `--a-name`, `--b-name`: what to call the players in the report.
    pub names: [Option<String>; 2],
    pub games: usize,
    pub seed: u64,
    pub rules: Rules,
    /// `--mode`: played under `rules`' options, whatever order they came in.
    mode: Option<Mode>,
    pub budgets: [Budgets; 2],
    /// `--records FILE`: each game's record, one line a game.
    pub records: Option<String>,
    pub swap_setups: bool,
    pub digest: bool,
    /// `--illegal-loses`: an illegal move costs its player the game, and
    /// the match goes on (otherwise it stops the match: the bot plays
    /// other rules, a bug to fix first).
    pub illegal_loses: bool,
}

pub const USAGE: &str = "usage: arena --a PLAYER --b PLAYER [--games N] [--seed N] [--rules CODE] [--mode m23|a21|c25] \
[--think-ms MS] [--worlds N] [--a-think-ms MS] [--b-think-ms MS] [--a-worlds N] [--b-worlds N] \
[--a-name NAME] [--b-name NAME] [--grace-ms MS] [--legal] [--illegal-loses] \
[--records FILE] [--swap-setups] [--digest]
  PLAYER: random, greedy, reckless, turtle, trader, defender, racer, easy, normal, hard, \
or cmd:<command of a protocol bot>";

/// The budget every player gets unless told otherwise: Hard's in the
/// browser, so an outside bot thinks as long as our strongest level.
const THINK_MS: f64 = 800.0;

pub fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let budgets = Budgets {
        think_ms: THINK_MS,
        worlds: None,
        grace_ms: 5000.0,
        legal: false,
    };
    let mut o = Options {
        specs: [String::new(), String::new()],
        names: [None, None],
        games: 100,
        seed: 1,
        rules: Rules::KIRAKUKEN,
        mode: None,
        budgets: [budgets; 2],
        records: None,
        swap_setups: false,
        digest: false,
        illegal_loses: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--swap-setups" => o.swap_setups = true,
            "--digest" => o.digest = true,
            "--legal" => o.budgets.iter_mut().for_each(|b| b.legal = true),
            "--illegal-loses" => o.illegal_loses = true,
            "--help" | "-h" => return Err(String::new()),
            _ => {
                let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
                valued(&mut o, &arg, value)?;
            }
        }
    }
    if let Some(mode) = o.mode {
        o.rules.mode = mode;
    }
    if o.specs.iter().any(String::is_empty) {
        return Err("both --a and --b are needed".into());
    }
    Ok(o)
}

/// An option with a value.
fn valued(o: &mut Options, arg: &str, value: String) -> Result<(), String> {
    let number = |what: &str| -> Result<f64, String> {
        value
            .parse::<f64>()
            .map_err(|_| format!("{what} \"{value}\" is not a number"))
    };
    let both = |o: &mut Options, set: &dyn Fn(&mut Budgets)| o.budgets.iter_mut().for_each(set);
    match arg {
        "--a" => o.specs[0] = value,
        "--b" => o.specs[1] = value,
        "--a-name" => o.names[0] = Some(value),
        "--b-name" => o.names[1] = Some(value),
        "--games" => o.games = number("games")? as usize,
        "--seed" => o.seed = number("seed")? as u64,
        "--rules" => o.rules = value.parse().map_err(|e| format!("{e}"))?,
        "--mode" => {
            o.mode = Mode::ALL
                .into_iter()
                .find(|m| m.code().unwrap_or("standard") == value)
                .map(Some)
                .ok_or_else(|| format!("unknown mode \"{value}\": m23, a21, c25 or standard"))?;
        }
        "--records" => o.records = Some(value),
        "--think-ms" => {
            let ms = number("think-ms")?;
            both(o, &|b| b.think_ms = ms);
        }
        "--worlds" => {
            let n = number("worlds")? as usize;
            both(o, &|b| b.worlds = Some(n));
        }
        "--grace-ms" => {
            let ms = number("grace-ms")?;
            both(o, &|b| b.grace_ms = ms);
        }
        "--a-think-ms" => o.budgets[0].think_ms = number("a-think-ms")?,
        "--b-think-ms" => o.budgets[1].think_ms = number("b-think-ms")?,
        "--a-worlds" => o.budgets[0].worlds = Some(number("a-worlds")? as usize),
        "--b-worlds" => o.budgets[1].worlds = Some(number("b-worlds")? as usize),
        _ => return Err(format!("unknown option {arg}")),
    }
    Ok(())
}
