//! The `usi` binary over pipes: the handshake, a short game in which every
//! `bestmove` is legal, a mate search and the impasse declaration.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use shogi_rules::{Game, Move, Position};

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_usi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }

    /// The lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(
                self.output.read_line(&mut line).unwrap(),
                0,
                "the engine quit before {word}"
            );
            let line = line.trim().to_owned();
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        lines.last().unwrap()["bestmove ".len()..].to_owned()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn it_plays_a_short_game_over_usi() {
    let mut engine = Engine::start();
    engine.send("usi");
    let hello = engine.until("usiok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")));
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Level type combo"))
    );
    engine.send("setoption name Level value club");
    engine.send("isready");
    engine.until("readyok");
    engine.send("usinewgame");
    let mut game = Game::new(Position::start());
    for _ in 0..16 {
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go nodes 5000");
        let lines = engine.until("bestmove");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth ") && l.contains(" pv "))
        );
        let best = &lines.last().unwrap()["bestmove ".len()..];
        let mv: Move = best.parse().unwrap();
        game.play(mv).unwrap();
    }
    engine.send("gameover draw");
    engine.send("isready");
    engine.until("readyok");
}

#[test]
fn it_answers_on_a_clock_and_when_stopped() {
    let mut engine = Engine::start();
    engine.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a6b",
    );
    engine.send("go btime 0 wtime 0 byoyomi 200");
    let mv: Move = engine.bestmove().parse().unwrap();
    let mut position =
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            .unwrap();
    position.play("5a6b".parse().unwrap()).unwrap();
    assert!(position.is_legal(mv));
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("stop");
    let mv: Move = engine.bestmove().parse().unwrap();
    assert!(Position::start().is_legal(mv));
}

#[test]
fn it_mates_declares_and_resigns() {
    let mut engine = Engine::start();
    engine.send("position sfen 9/4k4/9/4P4/9/9/9/9/K8 b 2G2r2b4s4n4l17p 1");
    engine.send("go mate infinite");
    let mate = engine.until("checkmate").pop().unwrap();
    assert_eq!(mate.split_whitespace().count(), 4, "{mate}");
    engine.send("position sfen 4k4/9/9/9/9/9/9/9/K8 b P 1");
    engine.send("go mate 1000");
    assert_eq!(engine.until("checkmate").pop().unwrap(), "checkmate nomate");
    engine.send("position sfen K+R+B+P+P+P+P+P+P/+P+P+P6/9/9/9/9/9/9/8k b RB 1");
    engine.send("go nodes 1000");
    assert_eq!(engine.bestmove(), "win");
    engine.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    engine.send("go nodes 1000");
    assert_eq!(engine.bestmove(), "resign");
}
