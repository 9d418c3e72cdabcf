//! The bot protocol: one side of a game over a line-based text protocol,
//! in the spirit of chess's UCI, so other programs can play our CPU and
//! ours can play them. `docs/PROTOCOL.md` is the specification; this
//! module reads and writes its lines ([`Command`], [`Reply`]) and runs our
//! CPU behind it ([`Bot`]).
//!
//! ```
//! use gunjin_cpu::protocol::{Bot, Command, Reply};
//! use gunjin_cpu::Baseline;
//!
//! fn clock() -> f64 { 0.0 }
//! let mut bot = Bot::new(Baseline::Random, 7);
//! let replies = bot.handle(&"newgame htsrf s s".parse().unwrap(), clock);
//! assert!(replies.is_empty());
//! let replies = bot.handle(&Command::Setup, clock);
//! assert!(matches!(replies[0], Reply::Setup(_)));
//! let replies = bot.handle(&"go".parse().unwrap(), clock);
//! assert!(matches!(replies.last(), Some(Reply::BestMove(Some(_)))));
//! ```

use core::fmt;
use core::str::FromStr;

use gunjin_rules::{
    Announcement, Bitboard, Color, Move, ParseMoveError, ParseSquareError, PublicMove, Rules,
    Setup, Shape, Square, View,
};

use crate::{Budget, Cpu, Player};

/// The protocol's name and version, sent in the `id` reply.
pub const PROTOCOL: &str = "gsp 1";

/// A line from the host to the bot.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `gsp`: the first line; the bot answers `id …` lines and `gspok`.
    Hello,
    /// `isready`: the bot answers `readyok` once it has handled everything
    /// before.
    IsReady,
    /// `setoption <name> <value>`: `level`, `seed` or `worlds`.
    SetOption { name: String, value: String },
    /// `newgame <rule code> <s|n: the bot's side> <s|n: who moves first>`.
    NewGame {
        rules: Rules,
        side: Color,
        first: Color,
    },
    /// `setup`: the bot answers `setup <setup text>` and plays that setup.
    Setup,
    /// `usesetup <setup text>`: the host gives the bot its setup.
    UseSetup(Setup),
    /// `empty <node>…`: the enemy's camp nodes left empty at the start
    /// (American 21's two), sent after the setups and before the first
    /// move; public, since every piece stands on the board from the start.
    Empty(Vec<Square>),
    /// `move <s|n> <from-to> <moved|attacker|defender|both>`: a move of
    /// either side and the referee's announcement, in the order played.
    Move(PublicMove),
    /// `legal <from-to>…`: the bot's legal moves, sent (if the host does)
    /// before each `go`, so a bot need not know the board's geometry.
    Legal(Vec<Move>),
    /// `go [movetime <ms>] [worlds <n>]`: the bot answers
    /// `bestmove <from-to>` (or `bestmove none`).
    Go {
        millis: Option<f64>,
        worlds: Option<usize>,
    },
    /// `result <s|n|draw> [setup <the enemy's setup>] [reason words]`:
    /// the game is over, and the enemy's setup revealed.
    Result {
        winner: Option<Color>,
        enemy: Option<Setup>,
        text: String,
    },
    /// `quit`.
    Quit,
}

/// A line from the bot to the host.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `id <key> <value>`: `name`, `author`, `protocol`, `rules` (the rule
    /// codes the bot plays), `wants` (optional lines it asks for: `legal`).
    Id { key: String, value: String },
    /// `gspok`.
    HelloOk,
    /// `readyok`.
    ReadyOk,
    /// `setup <setup text>`.
    Setup(Setup),
    /// `bestmove <from-to>` or `bestmove none`.
    BestMove(Option<Move>),
    /// `info <free text>`: for people; hosts ignore it.
    Info(String),
    /// `error <free text>`: the bot could not use a command.
    Error(String),
}

/// A line that does not follow the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

fn side_char(c: Color) -> char {
    c.char()
}

fn parse_side(word: Option<&str>, what: &str) -> Result<Color, ProtocolError> {
    let w = word.ok_or_else(|| ProtocolError(format!("{what} is missing (s or n)")))?;
    match w {
        "s" => Ok(Color::South),
        "n" => Ok(Color::North),
        _ => Err(ProtocolError(format!("{what}: \"{w}\" is not s or n"))),
    }
}

/// The protocol's word for an announcement of `mv`; a strike's is
/// `cleared:` and the nodes that lost a piece, by commas
/// (`cleared:b2,e4,e5`).
pub fn announcement_word(a: Announcement, mv: Move) -> String {
    match a {
        Announcement::Moved => "moved".into(),
        Announcement::AttackerRemoved => "attacker".into(),
        Announcement::DefenderRemoved => "defender".into(),
        Announcement::BothRemoved => "both".into(),
        Announcement::Struck(_) => {
            let nodes: Vec<String> = a.cleared(mv).map(|sq| sq.to_string()).collect();
            format!("cleared:{}", nodes.join(","))
        }
    }
}

/// How a line's nodes are read: on the game's board once it is known, so
/// each of a headquarters' squares names it (Classic 25's `d1`, `e1` and
/// `f1`), before that by any board's names.
#[derive(Clone, Copy)]
struct Names<'a>(Option<&'a Shape>);

impl Names<'_> {
    fn square(self, name: &str) -> Result<Square, ParseSquareError> {
        match self.0 {
            Some(shape) => shape.parse_square(name),
            None => name.parse(),
        }
    }

    fn mv(self, text: &str) -> Result<Move, ParseMoveError> {
        match self.0 {
            Some(shape) => shape.parse_move(text),
            None => text.parse(),
        }
    }
}

/// The announcement of `mv` a word gives.
fn parse_announcement(
    word: Option<&str>,
    mv: Move,
    names: Names,
) -> Result<Announcement, ProtocolError> {
    match word {
        Some("moved") => Ok(Announcement::Moved),
        Some("attacker") => Ok(Announcement::AttackerRemoved),
        Some("defender") => Ok(Announcement::DefenderRemoved),
        Some("both") => Ok(Announcement::BothRemoved),
        Some(w) if w.starts_with("cleared:") => w["cleared:".len()..]
            .split(',')
            .map(|sq| names.square(sq))
            .collect::<Result<Bitboard, _>>()
            .map_err(|e| ProtocolError(format!("\"{w}\": {e}")))
            .and_then(|cleared| {
                Announcement::struck(mv, cleared).ok_or_else(|| {
                    ProtocolError(format!("\"{w}\": no strike {mv} clears these nodes"))
                })
            }),
        Some(w) => Err(ProtocolError(format!(
            "\"{w}\" is not an announcement: moved, attacker, defender, both or cleared:<nodes>"
        ))),
        None => Err(ProtocolError("the announcement is missing".into())),
    }
}

fn parse_move(word: Option<&str>, names: Names) -> Result<Move, ProtocolError> {
    let word = word.ok_or_else(|| ProtocolError("the move is missing".into()))?;
    names.mv(word).map_err(|e| ProtocolError(e.to_string()))
}

fn parse_setup(word: Option<&str>) -> Result<Setup, ProtocolError> {
    word.ok_or_else(|| ProtocolError("the setup is missing".into()))?
        .parse()
        .map_err(|e: gunjin_rules::SetupError| ProtocolError(e.to_string()))
}

/// `newgame`'s words: the rule code, the bot's side, who moves first.
fn parse_newgame<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Command, ProtocolError> {
    let code = words
        .next()
        .ok_or_else(|| ProtocolError("the rule code is missing".into()))?;
    let rules = code
        .parse()
        .map_err(|e: gunjin_rules::ParseRulesError| ProtocolError(e.to_string()))?;
    let side = parse_side(words.next(), "the bot's side")?;
    let first = parse_side(words.next(), "who moves first")?;
    Ok(Command::NewGame { rules, side, first })
}

/// `go`'s words: `movetime <ms>` and `worlds <n>`, each optional.
fn parse_go<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Command, ProtocolError> {
    let (mut millis, mut worlds) = (None, None);
    while let Some(key) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| ProtocolError(format!("go: {key} needs a value")))?;
        let bad = || ProtocolError(format!("go: {key} \"{value}\" is not a number"));
        match key {
            "movetime" => millis = Some(value.parse().map_err(|_| bad())?),
            "worlds" => worlds = Some(value.parse().map_err(|_| bad())?),
            _ => return Err(ProtocolError(format!("go: unknown \"{key}\""))),
        }
    }
    Ok(Command::Go { millis, worlds })
}

/// `result`'s words: the winner, then `setup <the enemy's setup>` if
/// given, then the reason.
fn parse_result<'a>(words: impl Iterator<Item = &'a str>) -> Result<Command, ProtocolError> {
    let mut words = words.peekable();
    let winner = match words.next() {
        Some("draw") => None,
        w => Some(parse_side(w, "the winner")?),
    };
    let enemy = match words.next_if_eq(&"setup") {
        Some(_) => Some(parse_setup(words.next())?),
        None => None,
    };
    Ok(Command::Result {
        winner,
        enemy,
        text: words.collect::<Vec<_>>().join(" "),
    })
}

/// Reads a line with any board's names ([`Command::read`] reads a
/// game's lines on its board).
impl FromStr for Command {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Command, ProtocolError> {
        Command::read(line, None)
    }
}

impl Command {
    /// Reads a line of a game on `board`'s board, if known: its nodes
    /// and moves with that board's names, so `d2-d1` goes into Classic
    /// 25's headquarters `e1` (`docs/PROTOCOL.md`, "node").
    pub fn read(line: &str, board: Option<&Shape>) -> Result<Command, ProtocolError> {
        let names = Names(board);
        let mut words = line.split_whitespace();
        let Some(head) = words.next() else {
            return Err(ProtocolError("an empty line".into()));
        };
        let command = match head {
            "gsp" => Command::Hello,
            "isready" => Command::IsReady,
            "setoption" => {
                let name = words.next().unwrap_or_default().to_owned();
                let value = words.collect::<Vec<_>>().join(" ");
                if name.is_empty() || value.is_empty() {
                    return Err(ProtocolError("setoption <name> <value>".into()));
                }
                return Ok(Command::SetOption { name, value });
            }
            "newgame" => parse_newgame(&mut words)?,
            "setup" => Command::Setup,
            "usesetup" => Command::UseSetup(parse_setup(words.next())?),
            "move" => {
                let side = parse_side(words.next(), "the side that moved")?;
                let mv = parse_move(words.next(), names)?;
                let announcement = parse_announcement(words.next(), mv, names)?;
                Command::Move(PublicMove {
                    side,
                    mv,
                    announcement,
                })
            }
            "empty" => {
                let nodes: Result<Vec<Square>, _> = words.map(|w| names.square(w)).collect();
                let nodes = nodes.map_err(|e| ProtocolError(e.to_string()))?;
                return Ok(Command::Empty(nodes));
            }
            "legal" => {
                let moves: Result<Vec<Move>, _> =
                    words.map(|w| parse_move(Some(w), names)).collect();
                return Ok(Command::Legal(moves?));
            }
            "go" => parse_go(&mut words)?,
            "result" => return parse_result(words),
            "quit" => Command::Quit,
            _ => return Err(ProtocolError(format!("unknown command \"{head}\""))),
        };
        match words.next() {
            Some(extra) => Err(ProtocolError(format!(
                "{head}: unexpected \"{extra}\" at the end"
            ))),
            None => Ok(command),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hello => f.write_str("gsp"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => write!(f, "setoption {name} {value}"),
            Command::NewGame { rules, side, first } => {
                write!(
                    f,
                    "newgame {rules} {} {}",
                    side_char(*side),
                    side_char(*first)
                )
            }
            Command::Setup => f.write_str("setup"),
            Command::UseSetup(setup) => write!(f, "usesetup {setup}"),
            Command::Move(pm) => write!(
                f,
                "move {} {} {}",
                side_char(pm.side),
                pm.mv,
                announcement_word(pm.announcement, pm.mv)
            ),
            Command::Empty(nodes) => {
                f.write_str("empty")?;
                nodes.iter().try_for_each(|sq| write!(f, " {sq}"))
            }
            Command::Legal(moves) => {
                f.write_str("legal")?;
                moves.iter().try_for_each(|mv| write!(f, " {mv}"))
            }
            Command::Go { millis, worlds } => {
                f.write_str("go")?;
                if let Some(ms) = millis {
                    write!(f, " movetime {ms}")?;
                }
                if let Some(n) = worlds {
                    write!(f, " worlds {n}")?;
                }
                Ok(())
            }
            Command::Result {
                winner,
                enemy,
                text,
            } => {
                match winner {
                    Some(c) => write!(f, "result {}", side_char(*c))?,
                    None => f.write_str("result draw")?,
                }
                if let Some(setup) = enemy {
                    write!(f, " setup {setup}")?;
                }
                if !text.is_empty() {
                    write!(f, " {text}")?;
                }
                Ok(())
            }
            Command::Quit => f.write_str("quit"),
        }
    }
}

/// Reads a line with any board's names ([`Reply::read`] reads a game's
/// lines on its board).
impl FromStr for Reply {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Reply, ProtocolError> {
        Reply::read(line, None)
    }
}

impl Reply {
    /// Reads a line of a game on `board`'s board, if known: a `bestmove`
    /// with that board's names, as [`Command::read`].
    pub fn read(line: &str, board: Option<&Shape>) -> Result<Reply, ProtocolError> {
        let line = line.trim();
        let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match head {
            "id" => {
                let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
                Ok(Reply::Id {
                    key: key.to_owned(),
                    value: value.trim().to_owned(),
                })
            }
            "gspok" => Ok(Reply::HelloOk),
            "readyok" => Ok(Reply::ReadyOk),
            "setup" => Ok(Reply::Setup(parse_setup(Some(rest))?)),
            "bestmove" => match rest {
                "none" => Ok(Reply::BestMove(None)),
                mv => Ok(Reply::BestMove(Some(parse_move(Some(mv), Names(board))?))),
            },
            "info" => Ok(Reply::Info(rest.to_owned())),
            "error" => Ok(Reply::Error(rest.to_owned())),
            _ => Err(ProtocolError(format!("unknown reply \"{head}\""))),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id { key, value } => write!(f, "id {key} {value}"),
            Reply::HelloOk => f.write_str("gspok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Setup(setup) => write!(f, "setup {setup}"),
            Reply::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Reply::BestMove(None) => f.write_str("bestmove none"),
            Reply::Info(text) => write!(f, "info {text}"),
            Reply::Error(text) => write!(f, "error {text}"),
        }
    }
}

/// A game as the bot knows it: what it was told, line by line.
#[derive(Clone, Debug)]
struct Table {
    rules: Rules,
    side: Color,
    first: Color,
    setup: Option<Setup>,
    enemy_empty: Vec<Square>,
    history: Vec<PublicMove>,
}

impl Table {
    /// The bot's [`View`], rebuilt from what it was told: exactly the view
    /// the referee would give.
    fn view(&self) -> Result<View, String> {
        let setup = self
            .setup
            .ok_or("no setup yet: send setup or usesetup first")?;
        let (rules, side, first) = (self.rules, self.side, self.first);
        View::from_public(rules, side, first, setup, &self.enemy_empty, &self.history).map_err(
            |e| format!("the moves reported do not fit the rules and the bot's setup: {e}"),
        )
    }
}

/// Our CPU behind the protocol: feed it [`Command`]s, send its [`Reply`]s.
#[derive(Clone, Debug)]
pub struct Bot {
    cpu: Cpu,
    player: Player,
    seed: u64,
    worlds: Option<usize>,
    table: Option<Table>,
}

impl Bot {
    pub fn new(player: impl Into<Player>, seed: u64) -> Bot {
        let player = player.into();
        Bot {
            cpu: Cpu::new(player, seed),
            player,
            seed,
            worlds: None,
            table: None,
        }
    }

    /// Searches this many worlds per move (see [`Cpu::with_worlds`]).
    pub fn with_worlds(mut self, worlds: Option<usize>) -> Bot {
        self.worlds = worlds;
        self.cpu = self.cpu.with_worlds(worlds);
        self
    }

    /// Reads a line from the host: on the board of the game in progress,
    /// with its names for the headquarters ([`Command::read`]).
    pub fn read(&self, line: &str) -> Result<Command, ProtocolError> {
        Command::read(line, self.table.as_ref().map(|t| t.rules.shape()))
    }

    /// Handles one command; `now` is the clock for the think time.
    pub fn handle(&mut self, command: &Command, now: fn() -> f64) -> Vec<Reply> {
        match self.try_handle(command, now) {
            Ok(replies) => replies,
            Err(message) => vec![Reply::Error(message)],
        }
    }

    fn table(&mut self) -> Result<&mut Table, String> {
        self.table
            .as_mut()
            .ok_or_else(|| "no game: send newgame first".to_owned())
    }

    /// The answer to `gsp`: who the bot is, and that it is ready.
    fn hello(&self) -> Vec<Reply> {
        vec![
            Reply::Id {
                key: "name".into(),
                value: format!("gunjin-cpu {}", self.player),
            },
            Reply::Id {
                key: "protocol".into(),
                value: PROTOCOL.into(),
            },
            Reply::HelloOk,
        ]
    }

    /// `setoption`: `level`, `seed` or `worlds` (a number or `auto`).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "level" => {
                self.player = value
                    .parse()
                    .map_err(|e: crate::ParseLevelError| e.to_string())?;
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| format!("seed \"{value}\" is not a number"))?;
            }
            "worlds" => {
                self.worlds = match value {
                    "auto" => None,
                    n => Some(
                        n.parse()
                            .map_err(|_| format!("worlds \"{n}\" is not a number"))?,
                    ),
                };
            }
            _ => return Err(format!("unknown option \"{name}\": level, seed or worlds")),
        }
        self.cpu = Cpu::new(self.player, self.seed).with_worlds(self.worlds);
        Ok(())
    }

    /// `go`: the CPU's move on the view rebuilt from what it was told,
    /// after a line of what its search found.
    fn go(
        &mut self,
        millis: Option<f64>,
        worlds: Option<usize>,
        now: fn() -> f64,
    ) -> Result<Vec<Reply>, String> {
        let view = self.table()?.view()?;
        let mut cpu = self.cpu.clone();
        if worlds.is_some() {
            cpu = cpu.with_worlds(worlds);
        }
        let budget = Budget {
            millis: millis.unwrap_or(self.player.think_millis()),
            now,
        };
        let analysis = cpu.analyse(&view, budget);
        let mut replies = Vec::new();
        if let Some((_, score)) = analysis.moves.first()
            && analysis.worlds > 0
        {
            replies.push(Reply::Info(format!(
                "worlds {} nodes {} score {score:.2}",
                analysis.worlds, analysis.nodes
            )));
        }
        replies.push(Reply::BestMove(analysis.chosen));
        Ok(replies)
    }

    fn try_handle(&mut self, command: &Command, now: fn() -> f64) -> Result<Vec<Reply>, String> {
        Ok(match command {
            Command::Hello => self.hello(),
            Command::IsReady => vec![Reply::ReadyOk],
            Command::SetOption { name, value } => {
                self.set_option(name, value)?;
                vec![]
            }
            Command::NewGame { rules, side, first } => {
                self.table = Some(Table {
                    rules: *rules,
                    side: *side,
                    first: *first,
                    setup: None,
                    enemy_empty: Vec::new(),
                    history: Vec::new(),
                });
                vec![]
            }
            Command::Setup => {
                let rules = self.table()?.rules;
                let setup = self.cpu.setup(rules);
                self.table()?.setup = Some(setup);
                vec![Reply::Setup(setup)]
            }
            Command::UseSetup(setup) => {
                let table = self.table()?;
                setup
                    .check(table.rules)
                    .map_err(|e| format!("usesetup: {e}"))?;
                table.setup = Some(*setup);
                vec![]
            }
            Command::Empty(nodes) => {
                self.table()?.enemy_empty.clone_from(nodes);
                vec![]
            }
            Command::Move(pm) => {
                self.table()?.history.push(*pm);
                vec![]
            }
            // Our CPU generates its moves itself.
            Command::Legal(_) => vec![],
            Command::Go { millis, worlds } => self.go(*millis, *worlds, now)?,
            Command::Result { .. } => {
                self.table = None;
                vec![]
            }
            Command::Quit => vec![],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        for line in [
            "gsp",
            "isready",
            "setoption level hard",
            "newgame htsrf s n",
            "newgame m23-htsrf s n",
            "newgame a21-texrt n s",
            "empty a3 f1",
            "setup",
            "usesetup ATNESV/SPOJNT/EXFCPY/XAGML",
            "move s b4-b5 both",
            "move n c6-c1 moved",
            "move s b2*e5+ cleared:b2,c2,e5",
            "go",
            "go movetime 250",
            "go movetime 100.5 worlds 8",
            "result draw",
            "result n headquarters taken",
            "result s setup ATNESV/SPOJNT/EXFCPY/XAGML headquarters taken",
            "legal b4-b5 e4-e5",
            "legal",
            "quit",
        ] {
            let command: Command = line.parse().unwrap();
            assert_eq!(command.to_string(), line);
        }
        for line in [
            "id name gunjin-cpu hard",
            "gspok",
            "readyok",
            "setup ATNESV/SPOJNT/EXFCPY/XAGML",
            "bestmove b4-b5",
            "bestmove none",
            "info worlds 12",
            "error no game",
        ] {
            let reply: Reply = line.parse().unwrap();
            assert_eq!(reply.to_string(), line);
        }
        assert!("move s b4-b5".parse::<Command>().is_err());
        assert!("move s b2*e5 cleared:".parse::<Command>().is_err());
        assert!("newgame hxsrf s s".parse::<Command>().is_err());
        assert!("go movetime".parse::<Command>().is_err());
        assert!("fly".parse::<Command>().is_err());
    }
}
