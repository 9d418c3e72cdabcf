//! The per-game interface of a table. Seats, tokens, timers, storage and
//! reconnection are the table's; everything that knows a game's rules is
//! behind [`Referee`], so each game reuses the rest with a referee of its
//! own. [`Gunjin`] referees Gunjin Shogi with `gunjin-rules`;
//! `shogi.rs` referees Shogi.

use gunjin_cpu::Level;
use gunjin_rules::{ByColor, Color, Game, Move, PartialSetup, Record, Rules, Setup};
use gunjin_table::{
    ClientMessage, CpuLevel, ErrorCode, GameTag, GunjinAct, GunjinNews, MoveText, OfferAct, Phase,
    PublicGame, ServerMessage, WatchNews,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::cpu;
use crate::pool::CpuPlace;
use crate::refusal::Refusal;

/// What a seated player asks of the table.
pub enum Action<R: Referee> {
    /// With the sender's place among the CPU tables, or why there is none.
    AddCpu(CpuLevel, Result<CpuPlace, Refusal>),
    Draft(R::Draft),
    Ready(R::Setup),
    Move(R::Asked),
    Resign,
    /// An offer to the opponent, or an answer to one (`offers.rs`).
    Offer(OfferAct),
    /// The host lists its waiting table in the lobby, or unlists it.
    List(bool),
}

/// What a table asks of a game's rules. Every rule question goes here; the
/// table never answers one itself.
pub trait Referee: 'static {
    /// The game this referee judges: its tables are stored and announced
    /// with this tag.
    const GAME: GameTag;
    /// Whether the sides set up in secret before the game (Gunjin), or
    /// the game starts as soon as both seats are taken (Shogi).
    const SETUP: bool;
    type Rules: Copy + Send + Serialize + DeserializeOwned;
    /// A setup in progress, kept so the timer can complete it.
    type Draft: Copy + Default + Send + Serialize + DeserializeOwned;
    type Setup: Copy + Send + Serialize + DeserializeOwned;
    type Move: Copy + Send + 'static;
    /// A move as a player's message carries it, read against the game by
    /// [`Referee::read`] (Gunjin's squares depend on the board).
    type Asked: Send;
    type Game: Send;
    /// The CPU's level as its search takes it.
    type Level: Copy + Send + 'static;

    /// The level of a CPU seat of this game; `None` for another game's.
    fn level(level: CpuLevel) -> Option<Self::Level>;
    /// What a message of the game (a setup, a move) asks of the table.
    fn act(msg: ClientMessage) -> Result<Action<Self>, Refusal>
    where
        Self: Sized;

    /// The draft a side's setup starts from: an empty camp of the rules'
    /// board, but for what the rules stand on it from the start.
    fn blank(rules: Self::Rules) -> Self::Draft;
    /// Whether a draft can still be completed under these rules.
    fn check_draft(rules: Self::Rules, draft: &Self::Draft) -> Result<(), Refusal>;
    fn check_setup(rules: Self::Rules, setup: &Self::Setup) -> Result<(), Refusal>;
    /// The draft completed at random (a bad draft: a random setup).
    fn complete(rules: Self::Rules, draft: &Self::Draft, seed: u64) -> Self::Setup;
    fn draft_of(setup: Self::Setup) -> Self::Draft;
    fn start(rules: Self::Rules, setups: ByColor<Self::Setup>, first: Color) -> Self::Game;

    fn turn(game: &Self::Game) -> Color;
    fn ply(game: &Self::Game) -> usize;
    fn is_over(game: &Self::Game) -> bool;
    /// The move a player's message names in this game.
    fn read(game: &Self::Game, asked: Self::Asked) -> Result<Self::Move, Refusal>;
    fn play(game: &mut Self::Game, side: Color, mv: Self::Move) -> Result<(), Refusal>;
    /// `side` gives up (a resignation, a forfeit).
    fn resign(game: &mut Self::Game, side: Color) -> Result<(), Refusal>;
    /// `side`'s clock ran out: a resignation, unless the game records
    /// time losses of its own.
    fn time_out(game: &mut Self::Game, side: Color) -> Result<(), Refusal> {
        Self::resign(game, side)
    }

    /// The players agreed to a draw: the game ends drawn.
    fn agree_draw(game: &mut Self::Game) -> Result<(), Refusal>;
    /// Takes back `asker`'s last move, and the reply to it if one was
    /// made; refused where the game has no takeback, or `asker` has no
    /// move to take back.
    fn take_back(game: &mut Self::Game, asker: Color) -> Result<(), Refusal>;
    /// Whether `asker` could take a move back now (the request is refused
    /// at once otherwise).
    fn may_take_back(game: &Self::Game, asker: Color) -> Result<(), Refusal>;

    /// The game as stored: the start of the record that replays it (what
    /// the game started from), then its entries (moves, a resignation),
    /// appended one by one as played; and its result once over (JSON).
    /// [`Referee::replay`] reads the start and the entries joined by spaces.
    fn record_start(game: &Self::Game) -> String;
    /// The entries from the `from`th on.
    fn entries(game: &Self::Game, from: usize) -> Vec<String>;
    fn entry_count(game: &Self::Game) -> usize;
    fn outcome_json(game: &Self::Game) -> Option<String>;
    fn replay(record: &str) -> Result<Self::Game, String>;

    /// What `side` may be told of the game: the whole of it, or (`played`)
    /// what the last move changed.
    fn game_message(game: &Self::Game, side: Color, played: bool) -> ServerMessage;
    /// What a spectator may be told of the game: what everyone may know,
    /// the whole of it or (`played`) what the last move changed.
    fn public_message(game: &Self::Game, played: bool) -> ServerMessage;
    /// The result and the whole record, once over.
    fn over_message(game: &Self::Game) -> Option<ServerMessage>;
    /// The rules a table's state announces (Gunjin's, which a game
    /// without them leaves at their default).
    fn announced(rules: Self::Rules) -> Rules;
    /// The setup phase as a side sees it: the time left, who is ready,
    /// and its own draft.
    fn setup_phase(millis_left: u64, ready: ByColor<bool>, draft: Self::Draft) -> Phase;
    /// The phase of a game that is over.
    fn over_phase(game: &Self::Game) -> Phase;

    /// The CPU's hidden setup.
    fn cpu_setup(level: Self::Level, seed: u64, rules: Self::Rules) -> Self::Setup;
    /// How long the level thinks per move, in milliseconds.
    fn think_millis(level: Self::Level) -> f64;
    /// A search for the CPU's move, to run off the async threads within
    /// the milliseconds it is given; `None` when the CPU finds no move
    /// the rules allow.
    fn cpu_search(
        game: &Self::Game,
        level: Self::Level,
        seed: u64,
    ) -> Box<dyn FnOnce(f64) -> Option<Self::Move> + Send>;
    /// A legal move drawn at random, for a CPU whose search failed.
    fn random_move(game: &Self::Game, seed: u64) -> Option<Self::Move>;
}

/// Gunjin Shogi's referee: `gunjin-rules`, and `gunjin-cpu` for CPU seats.
pub enum Gunjin {}

fn bad_setup(e: impl ToString) -> Refusal {
    Refusal::new(ErrorCode::BadSetup, e.to_string())
}

impl Referee for Gunjin {
    const GAME: GameTag = GameTag::Gunjin;
    const SETUP: bool = true;
    type Rules = Rules;
    type Draft = PartialSetup;
    type Setup = Setup;
    type Move = Move;
    type Asked = MoveText;
    type Game = Game;
    type Level = Level;

    fn level(level: CpuLevel) -> Option<Level> {
        match level {
            CpuLevel::Gunjin(level) => Some(level),
            CpuLevel::Shogi(_) => None,
        }
    }

    fn act(msg: ClientMessage) -> Result<Action<Gunjin>, Refusal> {
        match msg {
            ClientMessage::Gunjin(GunjinAct::Draft { setup }) => Ok(Action::Draft(setup)),
            ClientMessage::Gunjin(GunjinAct::Ready { setup }) => Ok(Action::Ready(setup)),
            ClientMessage::Gunjin(GunjinAct::Move(mv)) => Ok(Action::Move(mv)),
            _ => Err(Refusal::new(
                ErrorCode::WrongPhase,
                "not a message of a Gunjin table",
            )),
        }
    }

    fn blank(rules: Rules) -> PartialSetup {
        PartialSetup::blank(rules)
    }

    fn check_draft(rules: Rules, draft: &PartialSetup) -> Result<(), Refusal> {
        draft
            .fill_random(rules, &mut SmallRng::seed_from_u64(0))
            .map(drop)
            .map_err(bad_setup)
    }

    fn check_setup(rules: Rules, setup: &Setup) -> Result<(), Refusal> {
        setup.check(rules).map_err(bad_setup)
    }

    fn complete(rules: Rules, draft: &PartialSetup, seed: u64) -> Setup {
        let mut rng = SmallRng::seed_from_u64(seed);
        draft
            .fill_random(rules, &mut rng)
            .unwrap_or_else(|_| Setup::random(rules, &mut rng))
    }

    fn draft_of(setup: Setup) -> PartialSetup {
        setup.into()
    }

    fn start(rules: Rules, setups: ByColor<Setup>, first: Color) -> Game {
        Game::new(rules, setups, first).expect("checked setups start a game")
    }

    fn turn(game: &Game) -> Color {
        game.position().turn()
    }

    fn ply(game: &Game) -> usize {
        game.history().len()
    }

    fn is_over(game: &Game) -> bool {
        game.outcome().is_some()
    }

    fn read(game: &Game, asked: MoveText) -> Result<Move, Refusal> {
        asked
            .read(game.rules().shape())
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.to_string()))
    }

    fn play(game: &mut Game, side: Color, mv: Move) -> Result<(), Refusal> {
        if game.position().turn() != side {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        game.play(mv)
            .map(drop)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.to_string()))
    }

    fn resign(game: &mut Game, side: Color) -> Result<(), Refusal> {
        game.resign(side)
            .map_err(|e| Refusal::new(ErrorCode::WrongPhase, e.to_string()))
    }

    fn agree_draw(game: &mut Game) -> Result<(), Refusal> {
        game.agree_draw()
            .map_err(|e| Refusal::new(ErrorCode::WrongPhase, e.to_string()))
    }

    fn take_back(game: &mut Game, asker: Color) -> Result<(), Refusal> {
        Gunjin::may_take_back(game, asker)
    }

    /// Never: undoing a battle would tell what it hid.
    fn may_take_back(_game: &Game, _asker: Color) -> Result<(), Refusal> {
        Err(Refusal::new(
            ErrorCode::NoTakeback,
            "Gunjin has no takeback: undoing a battle would tell what it hid",
        ))
    }

    fn record_start(game: &Game) -> String {
        game.start().to_string()
    }

    /// The record's text is its start followed by its entries.
    fn entries(game: &Game, from: usize) -> Vec<String> {
        let record = game.record().to_string();
        let start = Gunjin::record_start(game);
        record[start.len()..]
            .split_whitespace()
            .skip(from)
            .map(str::to_owned)
            .collect()
    }

    fn entry_count(game: &Game) -> usize {
        Gunjin::entries(game, 0).len()
    }

    fn outcome_json(game: &Game) -> Option<String> {
        game.outcome()
            .map(|o| serde_json::to_string(&o).expect("an outcome serializes"))
    }

    fn replay(record: &str) -> Result<Game, String> {
        record
            .parse::<Record>()
            .and_then(|r| r.replay())
            .map_err(|e| e.to_string())
    }

    /// A move of a game that goes on is its public part alone (the
    /// receiver's `View::apply` does the rest): a few dozen bytes at any
    /// ply, where the view grows with the history.
    fn game_message(game: &Game, side: Color, played: bool) -> ServerMessage {
        let last = game.history().last().copied().filter(|_| played);
        match last {
            Some(step) if game.outcome().is_none() => GunjinNews::Step(step),
            _ => GunjinNews::Game {
                view: game.view(side),
                played: last,
            },
        }
        .into()
    }

    /// Both armies face down: a move of a game that goes on is the same
    /// public step the seats are told, the whole game the public history.
    fn public_message(game: &Game, played: bool) -> ServerMessage {
        let last = game.history().last().copied().filter(|_| played);
        match last {
            Some(step) if game.outcome().is_none() => GunjinNews::Step(step).into(),
            _ => WatchNews::Public(PublicGame::of(game)).into(),
        }
    }

    fn over_message(game: &Game) -> Option<ServerMessage> {
        game.outcome().map(|outcome| {
            ServerMessage::Gunjin(GunjinNews::Over {
                outcome,
                record: game.record(),
            })
        })
    }

    fn announced(rules: Rules) -> Rules {
        rules
    }

    fn setup_phase(millis_left: u64, ready: ByColor<bool>, draft: PartialSetup) -> Phase {
        Phase::Setup {
            millis_left,
            ready,
            draft,
        }
    }

    fn over_phase(game: &Game) -> Phase {
        Phase::Over {
            outcome: game.outcome().expect("an ended game has its result"),
        }
    }

    fn cpu_setup(level: Level, seed: u64, rules: Rules) -> Setup {
        cpu::setup(level, seed, rules)
    }

    fn think_millis(level: Level) -> f64 {
        level.think_millis()
    }

    fn cpu_search(
        game: &Game,
        level: Level,
        seed: u64,
    ) -> Box<dyn FnOnce(f64) -> Option<Move> + Send> {
        let view = game.view(game.position().turn());
        Box::new(move |millis| cpu::search(level, seed, &view, millis))
    }

    fn random_move(game: &Game, seed: u64) -> Option<Move> {
        let ply = game.history().len() as u64;
        let legal = game.position().legal_moves();
        legal
            .choose(&mut SmallRng::seed_from_u64(seed ^ ply))
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::Diagram;

    use super::*;

    /// A move is read against the table's board: on Classic 25 `d6` is the
    /// enemy headquarters (RULES.md §8.2), not the node beside it.
    #[test]
    fn a_move_is_read_on_the_tables_board() {
        let diagram: Diagram = "c25-htsrf 3k3/3J5/9/9/9/3K3 s".parse().unwrap();
        let mut game = Game::from_position(diagram).unwrap();
        let mv = Gunjin::read(&game, "d5-d6".into()).unwrap();
        assert_eq!(mv.to_string(), "d5-e6");
        Gunjin::play(&mut game, Color::South, mv).unwrap();
        assert!(game.outcome().is_some(), "the Jet took the Marshal");
        let garbage = Gunjin::read(&game, "d5-z9".into()).unwrap_err();
        assert_eq!(garbage.code, ErrorCode::IllegalMove);
    }
}
