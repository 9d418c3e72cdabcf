//! Japanese move notation (`▲７六歩`, `△同　角成`, `５五銀右引`, `５五角打`)
//! as the Japan Shogi Association writes it.
//!
//! A move is its destination (or 同 for the square of the last move), the
//! piece's name, then what tells it apart when two pieces of the kind can
//! reach that square, and 成/不成 when promotion was possible (打 for a drop
//! a piece on the board could also have made). What tells pieces apart,
//! first that works:
//! 1. 直 for a gold-like piece or silver coming straight forward;
//! 2. the motion: 上 forward, 引 back, 寄 sideways, if no other piece
//!    reaching the square moves that way;
//! 3. the side: 右 or 左 as the mover sees it, if the piece is the only one
//!    that far right or left;
//! 4. both (右引, 左上) for the piece among several on its file.

use core::fmt;

use crate::movegen::may_promote;
use crate::{Color, Game, Move, Position, Role, Square};

const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANK_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The name of a role in moves: 歩, 香, …, 成銀, 馬, 龍.
pub const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "歩",
        Role::Lance => "香",
        Role::Knight => "桂",
        Role::Silver => "銀",
        Role::Gold => "金",
        Role::Bishop => "角",
        Role::Rook => "飛",
        Role::King => "玉",
        Role::Tokin => "と",
        Role::PromotedLance => "成香",
        Role::PromotedKnight => "成桂",
        Role::PromotedSilver => "成銀",
        Role::Horse => "馬",
        Role::Dragon => "龍",
    }
}

/// A square as full-width file digit and kanji rank: `７六`.
pub fn square_name(sq: Square) -> String {
    let (file, rank) = (sq.file() as usize - 1, sq.rank() as usize - 1);
    format!("{}{}", FILE_DIGITS[file], RANK_NUMERALS[rank])
}

/// The square named by a file digit (full-width or ASCII) and a rank
/// numeral (kanji or ASCII).
pub(crate) fn parse_square(file: char, rank: char) -> Option<Square> {
    let digit = |c: char, set: &[char; 9]| {
        set.iter()
            .position(|&d| d == c)
            .map(|i| i as u8 + 1)
            .or_else(|| c.to_digit(10).map(|d| d as u8))
    };
    Square::new(digit(file, &FILE_DIGITS)?, digit(rank, &RANK_NUMERALS)?)
}

/// How a move goes as the mover sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Motion {
    Up,
    Back,
    Sideways,
}

fn motion(color: Color, from: Square, to: Square) -> Motion {
    let forward = (to.rank() as i8 - from.rank() as i8) * color.forward();
    match forward.signum() {
        1 => Motion::Up,
        -1 => Motion::Back,
        _ => Motion::Sideways,
    }
}

impl Motion {
    const fn word(self) -> &'static str {
        match self {
            Motion::Up => "上",
            Motion::Back => "引",
            Motion::Sideways => "寄",
        }
    }
}

/// How far right a square is as `color` sees it: smaller is further right.
fn rightness(color: Color, sq: Square) -> u8 {
    match color {
        Color::Sente => sq.file(),
        Color::Gote => 10 - sq.file(),
    }
}

/// What tells the piece moving `from` → `to` apart from the `others` of
/// its kind that could also go there.
fn disambiguator(role: Role, color: Color, from: Square, to: Square, others: &[Square]) -> String {
    if others.is_empty() {
        return String::new();
    }
    let mine = motion(color, from, to);
    let straight_up = from.file() == to.file() && mine == Motion::Up;
    if straight_up && (role.moves_as_gold() || role == Role::Silver) {
        return "直".to_owned();
    }
    if others.iter().all(|&o| motion(color, o, to) != mine) {
        return mine.word().to_owned();
    }
    let right = rightness(color, from);
    let side = if others.iter().all(|&o| rightness(color, o) >= right) {
        "右"
    } else if others.iter().all(|&o| rightness(color, o) <= right) {
        "左"
    } else {
        return mine.word().to_owned();
    };
    let unique_side = others.iter().all(|&o| rightness(color, o) != right);
    if unique_side {
        side.to_owned()
    } else {
        format!("{side}{}", mine.word())
    }
}

/// The other pieces of `role` that have a legal move to `to`, given the
/// legal moves of the position.
fn rivals(
    position: &Position,
    legal: &[Move],
    role: Role,
    to: Square,
    not: Option<Square>,
) -> Vec<Square> {
    let mut squares: Vec<Square> = legal
        .iter()
        .filter_map(|mv| match *mv {
            Move::Normal { from, to: t, .. } if t == to && Some(from) != not => Some(from),
            _ => None,
        })
        .filter(|&from| {
            position
                .board()
                .piece_at(from)
                .is_some_and(|p| p.role == role)
        })
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The move's destination in words: 同 (with KIF's full-width space) when
/// it is the square of the last move.
pub(crate) fn destination(to: Square, previous: Option<Square>) -> String {
    if previous == Some(to) {
        "同　".to_owned()
    } else {
        square_name(to)
    }
}

/// 成 for a promotion, 不成 for a move that could have promoted and did not.
pub(crate) fn promotion_word(
    role: Role,
    color: Color,
    from: Square,
    to: Square,
    promote: bool,
) -> &'static str {
    match (promote, may_promote(color, role, from, to)) {
        (true, _) => "成",
        (false, true) => "不成",
        (false, false) => "",
    }
}

/// The piece's name and what follows it, with `legal` the legal moves of
/// `position` (so a caller naming many moves generates them once).
fn piece_and_suffix(position: &Position, legal: &[Move], mv: Move) -> String {
    let color = position.turn();
    match mv {
        Move::Drop { role, to } => {
            let also_on_board = !rivals(position, legal, role, to, None).is_empty();
            format!(
                "{}{}",
                role_name(role),
                if also_on_board { "打" } else { "" }
            )
        }
        Move::Normal { from, to, promote } => {
            let piece = position.board().piece_at(from);
            let role = piece.expect("a legal move has a piece to move").role;
            let others = rivals(position, legal, role, to, Some(from));
            let promotion = promotion_word(role, color, from, to, promote);
            format!(
                "{}{}{promotion}",
                role_name(role),
                disambiguator(role, color, from, to, &others)
            )
        }
    }
}

/// `mv` (legal in `position`) in Japanese notation, without the side mark;
/// `previous` is the destination of the last move, for 同.
///
/// ```
/// use shogi_rules::{Position, japanese_move};
/// let position = Position::start();
/// assert_eq!(japanese_move(&position, "7g7f".parse().unwrap(), None), "７六歩");
/// ```
pub fn japanese_move(position: &Position, mv: Move, previous: Option<Square>) -> String {
    let legal = position.legal_moves();
    format!(
        "{}{}",
        destination(mv.to(), previous),
        piece_and_suffix(position, &legal, mv)
    )
}

/// Every move of `game` in Japanese notation with its side mark, as a move
/// list shows them.
///
/// ```
/// use shogi_rules::{Game, Position, japanese_moves};
/// let mut game = Game::new(Position::start());
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
///     game.play(usi.parse().unwrap()).unwrap();
/// }
/// assert_eq!(japanese_moves(&game), ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
/// ```
pub fn japanese_moves(game: &Game) -> Vec<String> {
    game.steps()
        .map(|(position, mv, previous)| {
            format!(
                "{}{}",
                position.turn().mark(),
                japanese_move(&position, mv, previous)
            )
        })
        .collect()
}

/// Why a text is not a legal move in Japanese notation here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseJapaneseError {
    /// The ▲/△ mark names the side not to move.
    WrongSide(String),
    /// No legal move reads this way.
    NoSuchMove(String),
    /// Several legal moves read this way (a disambiguator is missing).
    Ambiguous(String),
}

impl fmt::Display for ParseJapaneseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseJapaneseError::WrongSide(s) => write!(f, "\"{s}\": not this side's turn"),
            ParseJapaneseError::NoSuchMove(s) => write!(f, "\"{s}\" is no legal move here"),
            ParseJapaneseError::Ambiguous(s) => write!(f, "\"{s}\" could be several moves"),
        }
    }
}

impl std::error::Error for ParseJapaneseError {}

/// One spelling for the variants writers use: no spaces, 王/竜/杏/圭/全/生
/// as 玉/龍/成香/成桂/成銀/不成, ASCII digits as full-width.
fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '王' => out.push('玉'),
            '竜' => out.push('龍'),
            '杏' => out.push_str("成香"),
            '圭' => out.push_str("成桂"),
            '全' => out.push_str("成銀"),
            '生' => out.push_str("不成"),
            '1'..='9' => out.push(FILE_DIGITS[c as usize - '1' as usize]),
            c => out.push(c),
        }
    }
    out
}

/// Reads a move in Japanese notation (a leading ▲/△/☗/☖ is checked
/// against the side to move). Accepts 同 with or without the square, 打
/// where it is not needed, and the usual variant spellings.
///
/// ```
/// use shogi_rules::{Position, parse_japanese_move};
/// let position = Position::start();
/// let mv = parse_japanese_move(&position, "▲７六歩", None).unwrap();
/// assert_eq!(mv.to_string(), "7g7f");
/// ```
pub fn parse_japanese_move(
    position: &Position,
    text: &str,
    previous: Option<Square>,
) -> Result<Move, ParseJapaneseError> {
    let body = strip_side_mark(position, text)?;
    let wanted = normalize(body);
    let legal = position.legal_moves();
    let reading = |text: &str, loose: bool| -> Vec<Move> {
        let key = |s: &str| {
            if loose {
                without_disambiguators(s)
            } else {
                s.to_owned()
            }
        };
        let text = key(text);
        legal
            .iter()
            .copied()
            .filter(|&mv| {
                spellings(position, &legal, mv, previous)
                    .iter()
                    .any(|s| key(s) == text)
            })
            .collect()
    };
    // Exactly as written; failing that, with the disambiguators left out on
    // both sides (a superfluous one is accepted, a missing one is ambiguous).
    let mut matches = reading(&wanted, false);
    if matches.is_empty() {
        matches = reading(&wanted, true);
    }
    match matches[..] {
        [mv] => Ok(mv),
        [] => Err(ParseJapaneseError::NoSuchMove(text.to_owned())),
        _ => Err(ParseJapaneseError::Ambiguous(text.to_owned())),
    }
}

/// The text without a leading ▲/△/☗/☖, which must name the side to move.
fn strip_side_mark<'a>(position: &Position, text: &'a str) -> Result<&'a str, ParseJapaneseError> {
    let trimmed = text.trim();
    match trimmed.chars().next() {
        Some(mark @ ('▲' | '△' | '☗' | '☖')) => {
            let sente = matches!(mark, '▲' | '☗');
            if sente != (position.turn() == Color::Sente) {
                return Err(ParseJapaneseError::WrongSide(text.to_owned()));
            }
            Ok(&trimmed[mark.len_utf8()..])
        }
        _ => Ok(trimmed),
    }
}

fn without_disambiguators(text: &str) -> String {
    text.chars()
        .filter(|c| !"右左直上引寄".contains(*c))
        .collect()
}

/// The normalized ways `mv` may be written.
fn spellings(
    position: &Position,
    legal: &[Move],
    mv: Move,
    previous: Option<Square>,
) -> Vec<String> {
    let rest = normalize(&piece_and_suffix(position, legal, mv));
    let square = normalize(&square_name(mv.to()));
    let mut targets = vec![square.clone()];
    if previous == Some(mv.to()) {
        targets.extend(["同".to_owned(), format!("{square}同")]);
    }
    let mut rests = vec![rest.clone()];
    if mv.is_drop() && !rest.ends_with('打') {
        rests.push(format!("{rest}打"));
    }
    targets
        .iter()
        .flat_map(|t| rests.iter().map(move |r| format!("{t}{r}")))
        .collect()
}
