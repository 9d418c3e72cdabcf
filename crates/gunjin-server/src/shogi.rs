//! Shogi's referee: `shogi-rules` judges every move and drop and every
//! end of the game, `shogi-cpu` plays the CPU seats. Shogi has no setup
//! and nothing hidden: the game starts once both seats are taken, and both
//! seats are told the whole record.
//!
//! The seats keep the table's sides (the host South, the guest North);
//! the seat drawn to move first when the table opened plays Sente.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

use gunjin_rules::{ByColor, Color};
use gunjin_table::{
    ClientMessage, CpuLevel, ErrorCode, GameTag, Phase, ServerMessage, ShogiAct, ShogiNews,
};
use shogi_cpu::{Budget, Deadline, Decision, Engine, Level};
use shogi_rules::{Game, PlayError, Position, Record, Setup};

use crate::referee::{Action, Referee};
use crate::refusal::Refusal;

/// Shogi's referee.
pub enum Shogi {}

/// A game at a Shogi table: the rules' game, and which seat plays Sente.
pub struct ShogiGame {
    pub game: Game,
    pub sente: Color,
}

impl ShogiGame {
    /// The Shogi side a seat plays.
    fn color(&self, seat: Color) -> shogi_rules::Color {
        if seat == self.sente {
            shogi_rules::Color::Sente
        } else {
            shogi_rules::Color::Gote
        }
    }

    /// Ends the game on `seat`'s loss, the rules' way (`Game::resign`,
    /// `Game::time_out`).
    fn lose(
        &mut self,
        seat: Color,
        how: fn(&mut Game, shogi_rules::Color) -> Result<shogi_rules::Outcome, PlayError>,
    ) -> Result<(), Refusal> {
        let color = self.color(seat);
        how(&mut self.game, color)
            .map(drop)
            .map_err(|e| Refusal::new(ErrorCode::WrongPhase, e.to_string()))
    }

    /// The plies a takeback for `asker` undoes: its last move, and the
    /// reply to it if one was made (as lishogi does).
    fn takeback_plies(&self, asker: Color) -> usize {
        if Shogi::turn(self) == asker { 2 } else { 1 }
    }

    /// The seat playing a Shogi side.
    fn seat(&self, color: shogi_rules::Color) -> Color {
        if color == shogi_rules::Color::Sente {
            self.sente
        } else {
            !self.sente
        }
    }
}

fn seat_name(seat: Color) -> &'static str {
    match seat {
        Color::South => "south",
        Color::North => "north",
    }
}

/// The record's text without its moves and ending: `startpos` or
/// `sfen <4 fields>`.
fn start_text(start: Setup) -> String {
    Record {
        start,
        moves: Vec::new(),
        ending: None,
    }
    .to_string()
}

fn refused(e: impl ToString) -> Refusal {
    Refusal::new(ErrorCode::IllegalMove, e.to_string())
}

impl Referee for Shogi {
    const GAME: GameTag = GameTag::Shogi;
    const SETUP: bool = false;
    /// Even games only, for now: nothing to choose.
    type Rules = ();
    type Draft = ();
    type Setup = ();
    /// A move or drop, or an act that ends the game (a declaration, or
    /// the CPU resigning).
    type Move = Decision;
    /// USI names a square the same on every board.
    type Asked = Decision;
    type Game = ShogiGame;
    type Level = Level;

    fn level(level: CpuLevel) -> Option<Level> {
        match level {
            CpuLevel::Shogi(level) => Some(level),
            CpuLevel::Gunjin(_) => None,
        }
    }

    fn act(msg: ClientMessage) -> Result<Action<Shogi>, Refusal> {
        match msg {
            ClientMessage::Shogi(ShogiAct::Move(usi)) => usi
                .parse()
                .map(|mv| Action::Move(Decision::Move(mv)))
                .map_err(refused),
            ClientMessage::Shogi(ShogiAct::Declare) => Ok(Action::Move(Decision::Declare)),
            _ => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "not a message of a Shogi table",
            )),
        }
    }

    fn blank((): ()) {}

    fn check_draft((): (), (): &()) -> Result<(), Refusal> {
        Ok(())
    }

    fn check_setup((): (), (): &()) -> Result<(), Refusal> {
        Ok(())
    }

    fn complete((): (), (): &(), _seed: u64) {}

    fn draft_of((): ()) {}

    fn start((): (), _setups: ByColor<()>, first: Color) -> ShogiGame {
        ShogiGame {
            game: Game::new(Position::start()),
            sente: first,
        }
    }

    fn turn(game: &ShogiGame) -> Color {
        game.seat(game.game.position().turn())
    }

    fn ply(game: &ShogiGame) -> usize {
        game.game.moves().len()
    }

    fn is_over(game: &ShogiGame) -> bool {
        game.game.outcome().is_some()
    }

    fn read(_: &ShogiGame, asked: Decision) -> Result<Decision, Refusal> {
        Ok(asked)
    }

    fn play(game: &mut ShogiGame, side: Color, act: Decision) -> Result<(), Refusal> {
        if Shogi::turn(game) != side {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        match act {
            Decision::Move(mv) => game.game.play(mv).map_err(refused),
            Decision::Declare => game.game.declare().map(drop).map_err(refused),
            Decision::Resign => Shogi::resign(game, side),
        }
    }

    fn resign(game: &mut ShogiGame, side: Color) -> Result<(), Refusal> {
        game.lose(side, Game::resign)
    }

    fn time_out(game: &mut ShogiGame, side: Color) -> Result<(), Refusal> {
        game.lose(side, Game::time_out)
    }

    fn agree_draw(game: &mut ShogiGame) -> Result<(), Refusal> {
        game.game
            .agree_draw()
            .map(drop)
            .map_err(|e| Refusal::new(ErrorCode::WrongPhase, e.to_string()))
    }

    fn take_back(game: &mut ShogiGame, asker: Color) -> Result<(), Refusal> {
        Shogi::may_take_back(game, asker)?;
        let plies = game.takeback_plies(asker);
        for _ in 0..plies {
            game.game.undo();
        }
        Ok(())
    }

    fn may_take_back(game: &ShogiGame, asker: Color) -> Result<(), Refusal> {
        match game.game.moves().len() >= game.takeback_plies(asker) {
            true => Ok(()),
            false => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "you have no move to take back",
            )),
        }
    }

    /// The seat playing Sente, then the start: `south startpos`.
    fn record_start(game: &ShogiGame) -> String {
        format!(
            "{} {}",
            seat_name(game.sente),
            start_text(game.game.start().to_setup())
        )
    }

    /// The USI moves, then the ending's word if it was an act
    /// (`resign:gote`, `timeout:sente`, `declare`).
    fn entries(game: &ShogiGame, from: usize) -> Vec<String> {
        let record = game.game.record();
        let ending = record.ending.map(|ending| {
            let text = Record {
                start: Setup::start(),
                moves: Vec::new(),
                ending: Some(ending),
            }
            .to_string();
            text.trim_start_matches("startpos end ").to_owned()
        });
        record
            .moves
            .iter()
            .map(ToString::to_string)
            .chain(ending)
            .skip(from)
            .collect()
    }

    fn entry_count(game: &ShogiGame) -> usize {
        Shogi::entries(game, 0).len()
    }

    fn outcome_json(game: &ShogiGame) -> Option<String> {
        game.game
            .outcome()
            .map(|o| serde_json::to_string(&o).expect("an outcome serializes"))
    }

    /// Reads what [`Shogi::record_start`] and [`Shogi::entries`] wrote.
    fn replay(text: &str) -> Result<ShogiGame, String> {
        let mut words = text.split_whitespace();
        let sente = match words.next() {
            Some("south") => Color::South,
            Some("north") => Color::North,
            other => {
                return Err(format!(
                    "a Shogi record starts with its Sente seat, not {other:?}"
                ));
            }
        };
        let start = match words.next() {
            Some("sfen") => format!(
                "sfen {}",
                words.by_ref().take(4).collect::<Vec<_>>().join(" ")
            ),
            Some(word) => word.to_owned(),
            None => return Err("a Shogi record without its start".into()),
        };
        let (ending, moves): (Vec<&str>, Vec<&str>) =
            words.partition(|w| w.contains(':') || matches!(*w, "declare" | "draw"));
        let mut record = start;
        if !moves.is_empty() {
            record += &format!(" moves {}", moves.join(" "));
        }
        if let Some(ending) = ending.first() {
            record += &format!(" end {ending}");
        }
        let game = record
            .parse::<Record>()
            .and_then(|r| r.replay())
            .map_err(|e| e.to_string())?;
        Ok(ShogiGame { game, sente })
    }

    /// The last move alone while the game goes on; else the whole game.
    fn game_message(game: &ShogiGame, _side: Color, played: bool) -> ServerMessage {
        let last = game.game.moves().last().copied().filter(|_| played);
        match last {
            Some(mv) if game.game.outcome().is_none() => ShogiNews::Move(mv.to_string()),
            _ => ShogiNews::Game {
                sente: game.sente,
                record: game.game.record().to_string(),
            },
        }
        .into()
    }

    /// Shogi hides nothing: a spectator is told what the seats are.
    fn public_message(game: &ShogiGame, played: bool) -> ServerMessage {
        Shogi::game_message(game, Color::South, played)
    }

    /// The whole record came with the game's last message.
    fn over_message(_game: &ShogiGame) -> Option<ServerMessage> {
        None
    }

    fn announced((): ()) -> gunjin_rules::Rules {
        Default::default()
    }

    /// Shogi has no setup: both sides wait for the second seat.
    fn setup_phase(_millis_left: u64, _ready: ByColor<bool>, (): ()) -> Phase {
        Phase::Waiting
    }

    /// The result came with the game's last message.
    fn over_phase(_game: &ShogiGame) -> Phase {
        Phase::ShogiOver
    }

    fn cpu_setup(_level: Level, _seed: u64, (): ()) {}

    /// The level's nodes at a little under the speed of a native search
    /// (1.67 M nodes a second, docs/BENCHMARKS.md "Shogi CPU").
    fn think_millis(level: Level) -> f64 {
        level.style().nodes as f64 / NODES_PER_MILLI
    }

    /// A fresh engine each move: the table keeps no search state, so a
    /// restored table plays on exactly as one that never stopped.
    fn cpu_search(
        game: &ShogiGame,
        level: Level,
        seed: u64,
    ) -> Box<dyn FnOnce(f64) -> Option<Decision> + Send> {
        let game = game.game.clone();
        let seed = seed ^ game.moves().len() as u64;
        Box::new(move |millis| {
            let began = Instant::now();
            let now = move || began.elapsed().as_secs_f64() * 1000.0;
            let budget = Budget {
                deadline: Some(Deadline {
                    now: &now,
                    at: millis,
                }),
                ..Budget::default()
            };
            let thought = Engine::new(4).think(&game, level, seed, &budget, &mut |_| {});
            Some(thought.decision)
        })
    }

    fn random_move(game: &ShogiGame, seed: u64) -> Option<Decision> {
        let ply = game.game.moves().len() as u64;
        let legal = game.game.position().legal_moves();
        let mut rng = SmallRng::seed_from_u64(seed ^ ply);
        legal.choose(&mut rng).copied().map(Decision::Move)
    }
}

/// Nodes a millisecond a native Shogi search is counted at, a little under
/// what it does, so that a level's think time is not cut short.
const NODES_PER_MILLI: f64 = 1500.0;
