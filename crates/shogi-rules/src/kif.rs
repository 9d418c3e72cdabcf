//! KIF (柿木形式) records: export as UTF-8 text (`.kifu`), import from
//! UTF-8 or, for `.kif` files, Shift_JIS.
//!
//! Written: the header ([`KifHeader`]: 開始日時 and the players' names,
//! when known), the 手合割 line for an even or handicap start, a board
//! diagram (BOD) for any other, the moves as `７六歩(77)` with 同, 打, 成 and
//! 不成, the last act (投了, 切れ負け, 入玉勝ち, 詰み, 千日手) and the result
//! line. Read: the same, plus the usual variants (王/竜, missing origins,
//! time columns, comments); a variation (変化) ends the main line.

mod bod;

use core::fmt::{self, Write};

use crate::japanese::{destination, parse_square, promotion_word};
use crate::{
    Color, EndReason, Ending, Game, Handicap, Move, Position, PositionError, Setup, Square,
    parse_japanese_move, role_name,
};

/// Why a KIF text does not read as a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KifError {
    /// The bytes are not text in the encoding asked for.
    Encoding,
    /// A 手合割 this crate does not know.
    Handicap(String),
    /// A board diagram line that does not read.
    Board(String),
    /// The board diagram is not a legal position.
    Position(PositionError),
    /// Move `ply` does not read or is not legal.
    Move { ply: usize, text: String },
    /// Move `ply` comes after the end of the game.
    AfterEnd { ply: usize },
}

impl fmt::Display for KifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KifError::Encoding => f.write_str("KIF: not text in the expected encoding"),
            KifError::Handicap(s) => write!(f, "KIF: unknown handicap \"{s}\""),
            KifError::Board(s) => write!(f, "KIF: board line \"{s}\" does not read"),
            KifError::Position(e) => write!(f, "KIF: {e}"),
            KifError::Move { ply, text } => write!(f, "KIF: move {ply} \"{text}\" is not legal"),
            KifError::AfterEnd { ply } => write!(f, "KIF: move {ply} comes after the end"),
        }
    }
}

impl std::error::Error for KifError {}

/// How a KIF file's bytes are encoded: `.kifu` is UTF-8, `.kif` Shift_JIS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KifEncoding {
    Utf8,
    #[cfg(feature = "shift-jis")]
    ShiftJis,
}

impl KifEncoding {
    /// The encoding a file name's extension says (`.kif` → Shift_JIS,
    /// anything else → UTF-8).
    pub fn for_file_name(name: &str) -> KifEncoding {
        match name.to_ascii_lowercase().ends_with(".kif") {
            #[cfg(feature = "shift-jis")]
            true => KifEncoding::ShiftJis,
            _ => KifEncoding::Utf8,
        }
    }
}

/// The text of KIF bytes (a UTF-8 byte-order mark wins over `encoding`).
pub fn decode_kif(bytes: &[u8], encoding: KifEncoding) -> Result<String, KifError> {
    if let Some(text) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return String::from_utf8(text.to_vec()).map_err(|_| KifError::Encoding);
    }
    match encoding {
        KifEncoding::Utf8 => String::from_utf8(bytes.to_vec()).map_err(|_| KifError::Encoding),
        #[cfg(feature = "shift-jis")]
        KifEncoding::ShiftJis => {
            let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
            if had_errors {
                Err(KifError::Encoding)
            } else {
                Ok(text.into_owned())
            }
        }
    }
}

/// What a KIF's header says besides the start: who played each side and
/// when the game began, as written (`2026/12/07 09:30:00`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KifHeader {
    pub sente: Option<String>,
    pub gote: Option<String>,
    /// `開始日時`.
    pub started: Option<String>,
}

impl KifHeader {
    /// The header of a KIF text: its `開始日時` and players (`先手`/`後手`,
    /// or `下手`/`上手` in a handicap game), wherever they stand before the
    /// moves; what it does not say stays `None`.
    ///
    /// ```
    /// use shogi_rules::KifHeader;
    /// let header = KifHeader::read("開始日時：2026/12/07 09:30:00\n先手：Aki\n後手：Ben\n手合割：平手\n");
    /// assert_eq!(header.sente.as_deref(), Some("Aki"));
    /// assert_eq!(header.gote.as_deref(), Some("Ben"));
    /// assert_eq!(header.started.as_deref(), Some("2026/12/07 09:30:00"));
    /// ```
    pub fn read(text: &str) -> KifHeader {
        let mut header = KifHeader::default();
        for line in text
            .lines()
            .map(|l| l.trim_start_matches('\u{feff}').trim())
        {
            if move_line(line).is_some() {
                break;
            }
            let Some((key, value)) = line.split_once('：') else {
                continue;
            };
            let value = Some(value.trim().to_owned()).filter(|v| !v.is_empty());
            match key {
                "先手" | "下手" => header.sente = value,
                "後手" | "上手" => header.gote = value,
                "開始日時" => header.started = value,
                _ => {}
            }
        }
        header
    }

    /// The header's lines, the players named as the start calls their
    /// sides (`handicap`: 下手/上手).
    fn write(&self, out: &mut String, handicap: bool) -> fmt::Result {
        if let Some(started) = &self.started {
            writeln!(out, "開始日時：{started}")?;
        }
        for (side, name) in [(Color::Sente, &self.sente), (Color::Gote, &self.gote)] {
            if let Some(name) = name {
                writeln!(out, "{}：{name}", side_name(side, handicap))?;
            }
        }
        Ok(())
    }
}

/// Names of the two sides: 先手/後手, or 下手/上手 in a handicap game.
fn side_name(color: Color, handicap: bool) -> &'static str {
    match (color, handicap) {
        (Color::Sente, false) => "先手",
        (Color::Gote, false) => "後手",
        (Color::Sente, true) => "下手",
        (Color::Gote, true) => "上手",
    }
}

/// A move as KIF writes it: `７六歩(77)`, `同　歩(23)`, `５五角打`; the
/// origin in place of a disambiguator.
fn kif_move(position: &Position, mv: Move, previous: Option<Square>) -> String {
    let target = destination(mv.to(), previous);
    match mv {
        Move::Drop { role, .. } => format!("{target}{}打", role_name(role)),
        Move::Normal { from, to, promote } => {
            let role = position
                .board()
                .piece_at(from)
                .expect("a piece to move")
                .role;
            let promotion = promotion_word(role, position.turn(), from, to, promote);
            let (file, rank) = (from.file(), from.rank());
            format!("{target}{}{promotion}({file}{rank})", role_name(role))
        }
    }
}

/// The last line and result line for how `game` ended.
fn ending_lines(game: &Game, handicap: bool) -> Option<(Option<&'static str>, String)> {
    let outcome = game.outcome()?;
    let plies = game.moves().len();
    let act = match (game.ending(), outcome.reason) {
        (Some(Ending::Resign(_)), _) => Some("投了"),
        (Some(Ending::TimeOut(_)), _) => Some("切れ負け"),
        (Some(Ending::Declare), _) => Some("入玉勝ち"),
        (Some(Ending::Agreement), _) => None,
        (None, EndReason::Checkmate) => Some("詰み"),
        (None, EndReason::Repetition | EndReason::PerpetualCheck) => Some("千日手"),
        (None, _) => None,
    };
    let result = match outcome.winner {
        Some(winner) => format!("まで{plies}手で{}の勝ち", side_name(winner, handicap)),
        None if outcome.reason == EndReason::Repetition => format!("まで{plies}手で千日手"),
        None => format!("まで{plies}手で引き分け"),
    };
    Some((act, result))
}

/// The game as KIF text.
///
/// ```
/// use shogi_rules::{Game, Position, read_kif, write_kif};
/// let mut game = Game::new(Position::start());
/// game.play("7g7f".parse().unwrap()).unwrap();
/// let kif = write_kif(&game);
/// assert!(kif.contains("手合割：平手") && kif.contains("   1 ７六歩(77)"));
/// assert_eq!(read_kif(&kif).unwrap().moves(), game.moves());
/// ```
pub fn write_kif(game: &Game) -> String {
    write_kif_with(game, &KifHeader::default())
}

/// The game as KIF text, under `header`.
///
/// ```
/// use shogi_rules::{Game, KifHeader, Position, write_kif_with};
/// let header = KifHeader { sente: Some("Aki".into()), gote: Some("CPU".into()), started: None };
/// let kif = write_kif_with(&Game::new(Position::start()), &header);
/// assert!(kif.contains("先手：Aki\n後手：CPU\n手合割：平手"));
/// assert_eq!(KifHeader::read(&kif), header);
/// ```
pub fn write_kif_with(game: &Game, header: &KifHeader) -> String {
    let start = game.start();
    let handicap = Handicap::of_setup(&start.to_setup());
    let giver = handicap.is_some_and(|h| h != Handicap::Even);
    let mut out = String::from("# KIF written by shogi-rules\n");
    header.write(&mut out, giver).expect("writing to a String");
    match handicap {
        Some(h) => writeln!(out, "手合割：{}", h.japanese()),
        None => bod::write(&mut out, &start.to_setup()),
    }
    .expect("writing to a String");
    out.push_str("手数----指手---------消費時間--\n");
    for (i, (position, mv, previous)) in game.steps().enumerate() {
        let text = kif_move(&position, mv, previous);
        writeln!(out, "{:>4} {text}", i + 1).expect("writing to a String");
    }
    if let Some((act, result)) = ending_lines(game, giver) {
        if let Some(act) = act {
            writeln!(out, "{:>4} {act}", game.moves().len() + 1).expect("writing to a String");
        }
        writeln!(out, "{result}").expect("writing to a String");
    }
    out
}

/// Reads a KIF text (main line only) and replays it.
pub fn read_kif(text: &str) -> Result<Game, KifError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = KifReader::default();
    for line in text.lines().map(|l| l.trim_end_matches('\r')) {
        if line.starts_with("変化：") {
            break;
        }
        reader.read_line(line)?;
    }
    reader.finish()
}

/// What has been read of a KIF text so far.
#[derive(Default)]
struct KifReader {
    start: Option<Setup>,
    board: bod::Reader,
    game: Option<Game>,
    previous: Option<Square>,
    act: Option<&'static str>,
    winner: Option<Color>,
}

impl KifReader {
    fn read_line(&mut self, line: &str) -> Result<(), KifError> {
        if line.starts_with(['#', '*', '&']) || line.trim().is_empty() {
            return Ok(());
        }
        if let Some(name) = line.strip_prefix("手合割：") {
            let name = name.trim_matches(|c: char| c.is_whitespace());
            let handicap =
                Handicap::from_japanese(name).ok_or_else(|| KifError::Handicap(name.into()))?;
            self.start = Some(handicap.setup());
        } else if let Some(rest) = line.strip_prefix("まで") {
            self.winner = result_winner(rest);
        } else if !self.board.read_line(line)?
            && let Some((ply, token)) = move_line(line)
        {
            self.read_move(ply, token)?;
        }
        Ok(())
    }

    /// The game, started from the diagram or handicap read so far.
    fn game(&mut self) -> Result<&mut Game, KifError> {
        if self.game.is_none() {
            self.game = Some(Game::new(first_position(self.start, &self.board)?));
        }
        Ok(self.game.as_mut().expect("just started"))
    }

    fn read_move(&mut self, ply: usize, token: &str) -> Result<(), KifError> {
        let previous = self.previous;
        let after_act = self.act.is_some();
        let game = self.game()?;
        if after_act {
            return Err(KifError::AfterEnd { ply });
        }
        if let Some(&act) = ACTS.iter().find(|&&act| act == token) {
            self.act = Some(act);
            return Ok(());
        }
        if game.outcome().is_some() {
            return Err(KifError::AfterEnd { ply });
        }
        let illegal = || KifError::Move {
            ply,
            text: token.into(),
        };
        let mv = read_move(game.position(), token, previous).ok_or_else(illegal)?;
        game.play(mv).map_err(|_| illegal())?;
        self.previous = Some(mv.to());
        Ok(())
    }

    fn finish(mut self) -> Result<Game, KifError> {
        let (act, winner) = (self.act, self.winner);
        self.game()?;
        let mut game = self.game.expect("started above");
        apply_act(&mut game, act, winner);
        Ok(game)
    }
}

fn first_position(start: Option<Setup>, board: &bod::Reader) -> Result<Position, KifError> {
    let setup = board.setup()?.or(start).unwrap_or_else(Setup::start);
    Position::new(setup).map_err(KifError::Position)
}

/// `"  12 ７六歩(77)   ( 0:01/00:00:01)"` → (12, `７六歩(77)`).
fn move_line(line: &str) -> Option<(usize, &str)> {
    let mut fields = line.split_ascii_whitespace();
    let ply = fields.next()?.parse().ok()?;
    Some((ply, fields.next()?))
}

/// The last lines that are acts, not moves. Only 投了, 切れ負け and
/// 入玉勝ち/宣言勝ち end a game read; the replay finds 詰み and 千日手 by
/// itself, and a game that ends with 持将棋, 中断 or 反則負け is left
/// unfinished (the rules here have no such outcome).
const ACTS: [&str; 9] = [
    "投了",
    "切れ負け",
    "入玉勝ち",
    "宣言勝ち",
    "詰み",
    "千日手",
    "持将棋",
    "中断",
    "反則負け",
];

/// The winner named by a result line's rest (`81手で先手の勝ち`).
fn result_winner(rest: &str) -> Option<Color> {
    let (_, side) = rest.split_once("手で")?;
    if side.starts_with("先手") || side.starts_with("下手") {
        Some(Color::Sente)
    } else if side.starts_with("後手") || side.starts_with("上手") {
        Some(Color::Gote)
    } else {
        None
    }
}

/// Ends the game by the act read, if it is one the game does not find by
/// itself: resignation and time by the loser (the result line's, or the
/// side to move), a declaration by the side to move.
fn apply_act(game: &mut Game, act: Option<&str>, winner: Option<Color>) {
    let loser = winner.map_or(game.position().turn(), |w| !w);
    let ending = match act {
        Some("投了") => Ending::Resign(loser),
        Some("切れ負け") => Ending::TimeOut(loser),
        Some("入玉勝ち" | "宣言勝ち") => Ending::Declare,
        _ => return,
    };
    // Over already (a checkmate before 投了): the game's own end stands.
    let _ = game.end(ending);
}

/// A KIF move token: by its origin `(77)` when it has one, else as
/// Japanese notation.
fn read_move(position: &Position, token: &str, previous: Option<Square>) -> Option<Move> {
    let Some((body, origin)) = token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) else {
        return parse_japanese_move(position, token, previous).ok();
    };
    let mut digits = origin.chars();
    let from = parse_square(digits.next()?, digits.next()?)?;
    let to = match body.strip_prefix('同') {
        Some(_) => previous?,
        None => {
            let mut chars = body.chars();
            parse_square(chars.next()?, chars.next()?)?
        }
    };
    let promote = body.ends_with('成') && !body.ends_with("不成");
    let mv = Move::Normal { from, to, promote };
    position.is_legal(mv).then_some(mv)
}
