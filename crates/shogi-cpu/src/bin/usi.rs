//! The CPU as a USI engine, for any Shogi GUI or tournament manager.
//!
//! Follows the USI protocol: `usi` (with `id` and the options `USI_Hash`,
//! `Level` and `Seed`), `isready`, `setoption`, `usinewgame`,
//! `position startpos|sfen … [moves …]`, `go` with `btime`/`wtime`,
//! `byoyomi`, `binc`/`winc`, `movetime`, `nodes`, `depth`, `infinite` or
//! `mate`, `stop`, `ponderhit`, `gameover` and `quit`. It answers
//! `bestmove <move>`, `bestmove resign` when mated and `bestmove win` when
//! the 27-point declaration wins, with an `info` line per iteration.
//! The search runs on its own thread so that `stop` is heard at once.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use shogi_cpu::{Budget, Deadline, Decision, Engine, Level, Score, Thought, find_mate, margin};
use shogi_rules::{Color, Game, Move, Position};

/// What `go` asked for.
#[derive(Default)]
struct Go {
    time: [Option<f64>; 2],
    increment: [Option<f64>; 2],
    byoyomi: Option<f64>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    depth: Option<i32>,
    infinite: bool,
    mate: bool,
}

impl Go {
    fn parse<'a>(mut words: impl Iterator<Item = &'a str>) -> Go {
        let mut go = Go::default();
        while let Some(word) = words.next() {
            let mut number = || words.next().and_then(|w| w.parse::<f64>().ok());
            match word {
                "btime" => go.time[0] = number(),
                "wtime" => go.time[1] = number(),
                "binc" => go.increment[0] = number(),
                "winc" => go.increment[1] = number(),
                "byoyomi" => go.byoyomi = number(),
                "movetime" => go.movetime = number(),
                "nodes" => go.nodes = number().map(|n| n as u64),
                "depth" => go.depth = number().map(|d| d as i32),
                "infinite" => go.infinite = true,
                "mate" => go.mate = true,
                _ => {}
            }
        }
        go
    }

    /// When to stop thinking for `color`, in milliseconds from now, if the
    /// clock limits it: no new iteration after the first time, none at all
    /// after the second. Byoyomi is lost if not used, so once the main
    /// time is gone the engine thinks until its byoyomi ends, less a
    /// margin for the pipe and the scheduler; with main time left it
    /// spends a share of it.
    fn think_millis(&self, color: Color) -> Option<Thinking> {
        if let Some(movetime) = self.movetime {
            let at = (movetime - margin(movetime)).max(10.0);
            return Some(Thinking { soft: at, hard: at });
        }
        let side = color.index();
        let left = self.time[side].unwrap_or(0.0);
        let (byoyomi, increment) = (self.byoyomi.unwrap_or(0.0), self.increment[side]);
        if self.time[side].is_none() && self.byoyomi.is_none() && increment.is_none() {
            return None;
        }
        let per_move = byoyomi.max(increment.unwrap_or(0.0));
        // Byoyomi adds to what is left; an increment comes after the move.
        let available = (left + byoyomi - margin(per_move)).max(10.0);
        let share = left / 40.0 + per_move;
        let soft = match byoyomi > 0.0 && left < byoyomi {
            true => available,
            false => share.min(available),
        };
        Some(Thinking {
            soft,
            hard: (soft * 4.0).min(available),
        })
    }
}

/// How long a move may take, in milliseconds from when it began.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Thinking {
    /// No iteration begins after this.
    soft: f64,
    /// The search stops at this.
    hard: f64,
}

struct Usi {
    game: Game,
    level: Level,
    seed: u64,
    hash_mb: usize,
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Usi {
    fn new() -> Usi {
        Usi {
            game: Game::new(Position::start()),
            level: Level::Strong,
            seed: 0,
            hash_mb: 16,
            engine: Arc::new(Mutex::new(Engine::new(16))),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
        }
    }

    /// Handles one command line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("usi") => {
                println!("id name shogi-cpu {}", env!("CARGO_PKG_VERSION"));
                println!("id author the gunjin project");
                println!("option name USI_Hash type spin default 16 min 1 max 1024");
                let levels: Vec<String> = Level::ALL.iter().map(|l| format!("var {l}")).collect();
                println!(
                    "option name Level type combo default strong {}",
                    levels.join(" ")
                );
                println!("option name Seed type spin default 0 min 0 max 2147483647");
                println!("usiok");
            }
            Some("setoption") => self.set_option(line),
            Some("isready") => {
                self.finish_search();
                let mut engine = self.engine.lock().expect("the engine");
                *engine = Engine::new(self.hash_mb);
                drop(engine);
                println!("readyok");
            }
            Some("usinewgame") => {
                self.finish_search();
                self.engine.lock().expect("the engine").new_game();
            }
            Some("position") => {
                self.finish_search();
                match parse_position(words) {
                    Ok(game) => self.game = game,
                    Err(e) => println!("info string {e}"),
                }
            }
            Some("go") => {
                self.finish_search();
                self.go(Go::parse(words));
            }
            Some("stop") | Some("gameover") => {
                self.stop.store(true, Ordering::Relaxed);
                self.finish_search();
            }
            Some("quit") => {
                self.stop.store(true, Ordering::Relaxed);
                self.finish_search();
                return false;
            }
            _ => {}
        }
        true
    }

    fn set_option(&mut self, line: &str) {
        let rest = line.trim_start_matches("setoption").trim();
        let Some((name, value)) = rest
            .strip_prefix("name ")
            .and_then(|r| r.split_once(" value "))
        else {
            return;
        };
        match (name.trim(), value.trim()) {
            ("USI_Hash", mb) => self.hash_mb = mb.parse().unwrap_or(self.hash_mb).clamp(1, 1024),
            ("Level", level) => match level.parse() {
                Ok(level) => self.level = level,
                Err(e) => println!("info string {e}"),
            },
            ("Seed", seed) => self.seed = seed.parse().unwrap_or(self.seed),
            _ => {}
        }
    }

    /// Waits for a running search to print its move.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.join().expect("the search thread");
        }
        self.stop.store(false, Ordering::Relaxed);
    }

    fn go(&mut self, go: Go) {
        let game = self.game.clone();
        if go.mate {
            self.search = Some(std::thread::spawn(move || mate(game.position())));
            return;
        }
        let (engine, stop, level) = (self.engine.clone(), self.stop.clone(), self.level);
        let seed = self.seed.wrapping_add(game.moves().len() as u64);
        self.search = Some(std::thread::spawn(move || {
            let start = Instant::now();
            let now = || start.elapsed().as_secs_f64() * 1000.0;
            let think = go
                .think_millis(game.position().turn())
                .filter(|_| !go.infinite);
            // On a clock the top level thinks for the time, not its node
            // count; the others keep theirs, weaker by design.
            let unlimited = go.infinite || (think.is_some() && level == Level::Strong);
            let budget = Budget {
                nodes: go.nodes.or(unlimited.then_some(u64::MAX)),
                depth: go.depth,
                deadline: think.map(|t| Deadline {
                    now: &now,
                    at: t.hard,
                }),
                soft_deadline: think.map(|t| t.soft),
                stop: Some(&stop),
            };
            let mut engine = engine.lock().expect("the engine");
            let thought = engine.think(&game, level, seed, &budget, &mut |t| info(t, now()));
            drop(engine);
            if go.infinite {
                // USI: no bestmove before `stop` after `go infinite`.
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            }
            info(&thought, now());
            println!("bestmove {}", best(thought.decision));
        }));
    }
}

fn best(decision: Decision) -> String {
    match decision {
        Decision::Move(mv) => mv.to_string(),
        Decision::Declare => "win".to_owned(),
        Decision::Resign => "resign".to_owned(),
    }
}

fn info(thought: &Thought, millis: f64) {
    let score = match thought.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(plies) => format!("mate {plies}"),
    };
    let nps = (thought.nodes as f64 / (millis / 1000.0).max(1e-3)) as u64;
    let pv: Vec<String> = thought.pv.iter().map(ToString::to_string).collect();
    println!(
        "info depth {} score {score} nodes {} nps {nps} time {} pv {}",
        thought.depth,
        thought.nodes,
        millis as u64,
        pv.join(" ")
    );
}

/// `go mate`: a tsume search, answered with `checkmate`.
fn mate(position: &Position) {
    match find_mate(position, 31, 20_000_000) {
        Some(line) => {
            let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
            println!("checkmate {}", moves.join(" "));
        }
        None => println!("checkmate nomate"),
    }
}

/// `startpos` or `sfen <board> <turn> <hands> <number>`, then `moves …`.
fn parse_position<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Game, String> {
    let start = match words.next() {
        Some("startpos") => Position::start(),
        Some("sfen") => {
            let sfen: Vec<&str> = words.by_ref().take(4).collect();
            Position::from_sfen(&sfen.join(" ")).map_err(|e| format!("sfen: {e}"))?
        }
        _ => return Err("position needs startpos or sfen".to_owned()),
    };
    let mut game = Game::new(start);
    for word in words.skip_while(|&w| w == "moves") {
        let mv: Move = word.parse().map_err(|e| format!("{word}: {e}"))?;
        game.play(mv).map_err(|e| format!("{word}: {e}"))?;
    }
    Ok(game)
}

fn main() {
    let mut usi = Usi::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !usi.command(&line) {
            return;
        }
    }
    usi.stop.store(true, Ordering::Relaxed);
    usi.finish_search();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thinking(go: &str) -> Option<Thinking> {
        Go::parse(go.split_whitespace()).think_millis(Color::Sente)
    }

    #[test]
    fn a_byoyomi_is_used_whole_but_for_the_margin() {
        let byoyomi = thinking("btime 0 wtime 0 byoyomi 1000");
        assert_eq!(
            byoyomi,
            Some(Thinking {
                soft: 900.0,
                hard: 900.0
            })
        );
        let short = thinking("btime 0 wtime 0 byoyomi 200").unwrap();
        assert_eq!((short.soft, short.hard), (180.0, 180.0));
    }

    #[test]
    fn main_time_is_spent_a_share_at_a_time() {
        let Some(t) = thinking("btime 60000 wtime 60000 byoyomi 1000") else {
            panic!("no time");
        };
        assert_eq!(t.soft, 60_000.0 / 40.0 + 1_000.0);
        assert_eq!(t.hard, 4.0 * t.soft);
        // Fischer: the increment comes after the move, so only the time
        // left can be spent.
        let Some(t) = thinking("btime 500 wtime 500 binc 3000 winc 3000") else {
            panic!("no time");
        };
        assert!(t.hard <= 500.0, "{t:?}");
        assert_eq!(thinking("nodes 1000"), None);
        assert_eq!(thinking("movetime 500").map(|t| t.hard), Some(450.0));
    }
}
