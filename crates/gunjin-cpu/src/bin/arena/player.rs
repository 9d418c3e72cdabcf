//! One of the arena's two players: one of our levels, or an outside
//! program behind the bot protocol, with its statistics.

use std::time::Duration;

use gunjin_cpu::protocol::{Command, Reply};
use gunjin_cpu::{Budget, Cpu};
use gunjin_rules::{Color, Move, Outcome, PublicMove, Record, Rules, Setup, Square, View};

use crate::external::{External, Fault};
use crate::{describe, now};

enum Engine {
    Cpu(Cpu),
    External(Box<External>),
}

/// What every player is given per move, the same for all: a time (a
/// level caps it at its own) and, if fixed, a number of worlds.
#[derive(Clone, Copy, Debug)]
pub struct Budgets {
    pub think_ms: f64,
    pub worlds: Option<usize>,
    /// How long past its move time (or for any other awaited reply) an
    /// outside bot may take before it loses the game.
    pub grace_ms: f64,
    /// Whether an outside bot is sent its legal moves before each `go`
    /// (`--legal`; a bot that asks with `id wants legal` gets them anyway).
    pub legal: bool,
}

pub struct Player {
    /// As given on the command line (`hard`, `cmd:…`).
    pub spec: String,
    /// The name it is reported by.
    pub name: String,
    engine: Engine,
    budgets: Budgets,
    /// Each move's think time, in milliseconds.
    pub times: Vec<f64>,
    /// Why the outside bot is not running: it failed a game and could not
    /// be started afresh. It forfeits each game until a restart succeeds.
    down: Option<String>,
}

impl Player {
    /// A level (seeded) or, for `cmd:<command>`, an outside bot; `name`
    /// overrides the name it gives itself. A bot that declares its rule
    /// codes must play `rules`.
    pub fn new(
        spec: &str,
        name: Option<&str>,
        seed: u64,
        rules: Rules,
        budgets: Budgets,
    ) -> Result<Player, String> {
        let engine = match spec.strip_prefix("cmd:") {
            Some(command) => {
                let bot = External::spawn(command, grace(budgets))?;
                let code = rules.to_string();
                if !bot.rules.is_empty() && !bot.rules.contains(&code) {
                    // A code we cannot read is most likely a typo: say so.
                    let unknown: Vec<String> = bot
                        .rules
                        .iter()
                        .filter(|c| c.parse::<Rules>().is_err())
                        .map(|c| format!(" (\"{c}\" is no rule code)"))
                        .collect();
                    return Err(format!(
                        "\"{command}\" plays the rules {} only, not {code}{}: no game is played",
                        bot.rules.join(" "),
                        unknown.concat()
                    ));
                }
                Engine::External(Box::new(bot))
            }
            None => {
                let player: gunjin_cpu::Player = spec.parse().map_err(|e| format!("{e}"))?;
                Engine::Cpu(Cpu::new(player, seed).with_worlds(budgets.worlds))
            }
        };
        let own_name = match &engine {
            Engine::External(bot) => bot.name.clone(),
            Engine::Cpu(_) => None,
        };
        Ok(Player {
            spec: spec.to_owned(),
            name: name
                .map(str::to_owned)
                .or(own_name)
                .unwrap_or_else(|| spec.to_owned()),
            engine,
            budgets,
            times: Vec::new(),
            down: None,
        })
    }

    /// Starts the outside bot afresh after it failed a game (whatever it
    /// was doing, it starts the next game clean). If it cannot be started,
    /// it forfeits the next game, and is tried again after it.
    pub fn restart(&mut self) -> Result<(), String> {
        if let (Engine::External(bot), Some(command)) =
            (&mut self.engine, self.spec.strip_prefix("cmd:"))
        {
            match External::spawn(command, grace(self.budgets)) {
                Ok(fresh) => {
                    **bot = fresh;
                    self.down = None;
                }
                Err(e) => {
                    self.down = Some(e.clone());
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Starts a game; with `setup` given the player must use it, otherwise
    /// it chooses one and says which.
    pub fn start(
        &mut self,
        rules: Rules,
        side: Color,
        first: Color,
        setup: Option<Setup>,
    ) -> Result<Setup, Fault> {
        let timeout = grace(self.budgets);
        if let Some(why) = &self.down {
            return Err(Fault::Closed(format!("not running ({why})")));
        }
        let bot = match &mut self.engine {
            Engine::Cpu(cpu) => return Ok(setup.unwrap_or_else(|| cpu.setup(rules))),
            Engine::External(bot) => bot,
        };
        bot.send(&Command::NewGame { rules, side, first })?;
        if let Some(setup) = setup {
            bot.send(&Command::UseSetup(setup))?;
            return Ok(setup);
        }
        bot.send(&Command::Setup)?;
        let Reply::Setup(setup) = bot.wait_for(|r| matches!(r, Reply::Setup(_)), timeout)? else {
            unreachable!("waited for a setup")
        };
        setup
            .check(rules)
            .map_err(|e| Fault::Garbled(format!("setup {setup}: {e}")))?;
        Ok(setup)
    }

    /// Tells an outside bot the enemy's camp nodes left empty at the start
    /// (American 21's), once both setups are known.
    pub fn meet(&mut self, enemy_empty: &[Square]) -> Result<(), Fault> {
        match &mut self.engine {
            Engine::External(bot) if !enemy_empty.is_empty() => {
                bot.send(&Command::Empty(enemy_empty.to_vec()))
            }
            _ => Ok(()),
        }
    }

    /// The player's move (`None`: it resigns, having none).
    pub fn choose(&mut self, view: &View) -> Result<Option<Move>, Fault> {
        let start = now();
        let Budgets {
            think_ms, worlds, ..
        } = self.budgets;
        let timeout = Duration::from_secs_f64((think_ms + self.budgets.grace_ms) / 1000.0);
        let mv = match &mut self.engine {
            Engine::Cpu(cpu) => cpu.choose_move(
                view,
                Budget {
                    millis: think_ms,
                    now,
                },
            ),
            Engine::External(bot) => {
                if self.budgets.legal || bot.wants_legal {
                    bot.send(&Command::Legal(view.legal_moves()))?;
                }
                bot.send(&Command::Go {
                    millis: Some(think_ms),
                    worlds,
                })?;
                let wanted = |r: &Reply| matches!(r, Reply::BestMove(_));
                let Reply::BestMove(mv) = bot.wait_for(wanted, timeout)? else {
                    unreachable!("waited for a move")
                };
                mv
            }
        };
        self.times.push(now() - start);
        Ok(mv)
    }

    pub fn observe(&mut self, pm: PublicMove) -> Result<(), Fault> {
        match &mut self.engine {
            Engine::External(bot) => bot.send(&Command::Move(pm)),
            Engine::Cpu(_) => Ok(()),
        }
    }

    /// Tells the bot the result, with the enemy's setup revealed as at the
    /// end of a game in the app, and waits until it is ready again.
    pub fn finish(&mut self, outcome: Outcome, record: &Record, side: Color) -> Result<(), Fault> {
        let timeout = grace(self.budgets);
        if let Engine::External(bot) = &mut self.engine {
            bot.send(&Command::Result {
                winner: outcome.winner(),
                enemy: record.setups().map(|setups| setups[!side]),
                text: describe(outcome).to_owned(),
            })?;
            bot.send(&Command::IsReady)?;
            bot.wait_for(|r| matches!(r, Reply::ReadyOk), timeout)?;
        }
        Ok(())
    }

    /// How its budget is described in the report's first line.
    pub fn budget(&self) -> String {
        match (&self.engine, self.budgets.worlds) {
            (Engine::Cpu(cpu), _) if cpu.player().think_millis() == 0.0 => "baseline".to_owned(),
            (_, Some(n)) => format!("{n} worlds/move"),
            (_, None) => format!("{} ms/move", self.budgets.think_ms),
        }
    }
}

/// How long an outside bot may take over a reply other than a move.
fn grace(budgets: Budgets) -> Duration {
    Duration::from_secs_f64(budgets.grace_ms / 1000.0)
}
