//! CSA records (`.csa`, the Computer Shogi Association's format), optional
//! in SHOGI.md: export, and import of the usual subset.
//!
//! Written: `V2.2`, the board as `P1`–`P9` rows with the hands (`P+00HI…`),
//! the side to move, the moves (`+7776FU`, `-0055KA`, the piece named as it
//! stands after the move) and the closing act (`%TORYO`, `%TIME_UP`,
//! `%KACHI`) when the game ended by one.
//!
//! Read: the same, and `PI` with the squares a handicap empties
//! (`PI82HI22KA`), pieces put one by one (`P+77FU`, `P-00AL` for all the
//! rest in hand), names, `$` fields, times (`T12`) and `'` comments. CSA
//! has no move numbers and names the side of an act only as the side to
//! move, so a resignation or time loss on the other side's turn, and a
//! later SFEN move number, are not carried over.

use core::fmt::{self, Write};

use crate::position::set_size;
use crate::{
    Board, ByColor, Color, Ending, Game, Hand, Move, Piece, Position, PositionError, Role, Setup,
    Square,
};

/// Why a CSA text does not read as a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsaError {
    /// A statement that does not read.
    Statement(String),
    /// The position set up is not a legal one.
    Position(PositionError),
    /// Move `ply` (from 1) does not read or is not legal.
    Move { ply: usize, text: String },
}

impl fmt::Display for CsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsaError::Statement(s) => write!(f, "CSA: \"{s}\" does not read"),
            CsaError::Position(e) => write!(f, "CSA: {e}"),
            CsaError::Move { ply, text } => write!(f, "CSA: move {ply} \"{text}\" is not legal"),
        }
    }
}

impl std::error::Error for CsaError {}

const fn code(role: Role) -> &'static str {
    match role {
        Role::Pawn => "FU",
        Role::Lance => "KY",
        Role::Knight => "KE",
        Role::Silver => "GI",
        Role::Gold => "KI",
        Role::Bishop => "KA",
        Role::Rook => "HI",
        Role::King => "OU",
        Role::Tokin => "TO",
        Role::PromotedLance => "NY",
        Role::PromotedKnight => "NK",
        Role::PromotedSilver => "NG",
        Role::Horse => "UM",
        Role::Dragon => "RY",
    }
}

fn role_of_code(s: &str) -> Option<Role> {
    Role::ALL.into_iter().find(|&role| code(role) == s)
}

const fn sign(color: Color) -> char {
    match color {
        Color::Sente => '+',
        Color::Gote => '-',
    }
}

fn write_setup(out: &mut String, setup: &Setup) -> fmt::Result {
    for rank in 1..=9 {
        write!(out, "P{rank}")?;
        for file in (1..=9).rev() {
            match setup
                .board
                .piece_at(Square::new(file, rank).expect("on the board"))
            {
                Some(piece) => write!(out, "{}{}", sign(piece.color), code(piece.role))?,
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in Color::ALL {
        let hand = setup.hands[color];
        if !hand.is_empty() {
            write!(out, "P{}", sign(color))?;
            for (role, n) in hand.iter() {
                for _ in 0..n {
                    write!(out, "00{}", code(role))?;
                }
            }
            out.push('\n');
        }
    }
    writeln!(out, "{}", sign(setup.turn))
}

fn csa_move(position: &Position, mv: Move) -> String {
    let side = sign(position.turn());
    match mv {
        Move::Drop { role, to } => format!("{side}00{}{}{}", to.file(), to.rank(), code(role)),
        Move::Normal { from, to, promote } => {
            let role = position
                .board()
                .piece_at(from)
                .expect("a piece to move")
                .role;
            let role = match role.promoted() {
                Some(promoted) if promote => promoted,
                _ => role,
            };
            let (ff, fr, tf, tr) = (from.file(), from.rank(), to.file(), to.rank());
            format!("{side}{ff}{fr}{tf}{tr}{}", code(role))
        }
    }
}

/// The closing act CSA can name: by the side to move only.
fn act(game: &Game) -> Option<&'static str> {
    let turn = game.position().turn();
    match game.ending()? {
        Ending::Resign(side) if side == turn => Some("%TORYO"),
        Ending::TimeOut(side) if side == turn => Some("%TIME_UP"),
        Ending::Declare => Some("%KACHI"),
        _ => None,
    }
}

/// The game as CSA text.
///
/// ```
/// use shogi_rules::{Game, Position, read_csa, write_csa};
/// let mut game = Game::new(Position::start());
/// game.play("7g7f".parse().unwrap()).unwrap();
/// let csa = write_csa(&game);
/// assert!(csa.contains("\n+7776FU\n"));
/// assert_eq!(read_csa(&csa).unwrap().moves(), game.moves());
/// ```
pub fn write_csa(game: &Game) -> String {
    let mut out = String::from("V2.2\n");
    write_setup(&mut out, &game.start().to_setup()).expect("writing to a String");
    for (position, mv, _) in game.steps() {
        out.push_str(&csa_move(&position, mv));
        out.push('\n');
    }
    if let Some(act) = act(game) {
        out.push_str(act);
        out.push('\n');
    }
    out
}

/// What has been read of a CSA text so far.
struct CsaReader {
    board: Board,
    hands: ByColor<Hand>,
    turn: Color,
    game: Option<Game>,
    act: Option<Ending>,
}

/// Reads a CSA text and replays it.
pub fn read_csa(text: &str) -> Result<Game, CsaError> {
    let mut reader = CsaReader {
        board: Board::empty(),
        hands: ByColor::default(),
        turn: Color::Sente,
        game: None,
        act: None,
    };
    for line in text.lines().map(|l| l.trim_end_matches('\r')) {
        if line.starts_with('\'') {
            continue;
        }
        for statement in line.split(',') {
            reader.statement(statement)?;
        }
    }
    reader.game()?;
    let mut game = reader.game.expect("started above");
    if let Some(ending) = reader.act {
        // Over already (a mate before %TORYO): the game's own end stands.
        let _ = game.end(ending);
    }
    Ok(game)
}

impl CsaReader {
    fn statement(&mut self, s: &str) -> Result<(), CsaError> {
        let bad = || CsaError::Statement(s.to_owned());
        match s.as_bytes() {
            [] | [b'V' | b'N' | b'$' | b'T', ..] => Ok(()),
            [b'P', b'I', ..] => self.even_without(&s[2..]).ok_or_else(bad),
            [b'P', rank @ b'1'..=b'9', ..] => self.rank(rank - b'0', &s[2..]).ok_or_else(bad),
            [b'P', b'+' | b'-', ..] => self.pieces(s).ok_or_else(bad),
            [b'+' | b'-'] if self.game.is_none() => {
                self.turn = if s == "+" { Color::Sente } else { Color::Gote };
                Ok(())
            }
            [b'+' | b'-', ..] => self.play(s),
            [b'%', ..] => {
                self.act = self.act_of(s);
                Ok(())
            }
            _ => Err(bad()),
        }
    }

    /// `PI82HI22KA`: the even start without the pieces on those squares.
    fn even_without(&mut self, removed: &str) -> Option<()> {
        self.board = Setup::start().board;
        for item in removed.as_bytes().chunks(4) {
            let item = core::str::from_utf8(item).ok()?;
            let sq = square(&item[..2])?;
            let piece = self.board.remove(sq)?;
            (code(piece.role) == item.get(2..)?).then_some(())?;
        }
        Some(())
    }

    /// `P2 * -HI *  *  *  *  * -KA * ` (a trailing blank may be cut off).
    fn rank(&mut self, rank: u8, cells: &str) -> Option<()> {
        let cells = format!("{cells:<27}");
        (cells.len() == 27).then_some(())?;
        for (i, cell) in cells.as_bytes().chunks(3).enumerate() {
            let sq = Square::new(9 - i as u8, rank)?;
            match cell {
                b" * " => {}
                [side, role @ ..] => {
                    let role = role_of_code(core::str::from_utf8(role).ok()?)?;
                    self.board.put(sq, Piece::new(color_of(*side)?, role));
                }
                [] => return None,
            }
        }
        Some(())
    }

    /// `P+00HI77FU`, `P-00AL`: pieces into a hand (00) or onto squares.
    fn pieces(&mut self, s: &str) -> Option<()> {
        let color = color_of(s.as_bytes()[1])?;
        for item in s.as_bytes()[2..].chunks(4) {
            let item = core::str::from_utf8(item).ok()?;
            let (at, what) = (item.get(..2)?, item.get(2..)?);
            match (at, what) {
                ("00", "AL") => self.rest_to_hand(color),
                ("00", _) => {
                    let role = role_of_code(what).filter(|r| r.is_hand())?;
                    self.hands[color].add(role);
                }
                _ => self
                    .board
                    .put(square(at)?, Piece::new(color, role_of_code(what)?)),
            }
        }
        Some(())
    }

    /// Every piece of the set not yet on the board or in a hand.
    fn rest_to_hand(&mut self, color: Color) {
        for role in Role::HAND {
            let on_board = self
                .board
                .pieces()
                .filter(|(_, p)| p.role.unpromoted() == role)
                .count() as u32;
            let held = u32::from(self.hands.sente.count(role) + self.hands.gote.count(role));
            let rest = set_size(role).saturating_sub(on_board + held) as u8;
            let hand = &mut self.hands[color];
            hand.set(role, hand.count(role) + rest);
        }
    }

    fn game(&mut self) -> Result<&mut Game, CsaError> {
        if self.game.is_none() {
            let setup = Setup {
                board: self.board,
                hands: self.hands,
                turn: self.turn,
                move_number: 1,
            };
            let position = Position::new(setup).map_err(CsaError::Position)?;
            self.game = Some(Game::new(position));
        }
        Ok(self.game.as_mut().expect("just started"))
    }

    fn play(&mut self, s: &str) -> Result<(), CsaError> {
        let game = self.game()?;
        let ply = game.moves().len() + 1;
        let illegal = || CsaError::Move {
            ply,
            text: s.to_owned(),
        };
        let mv = parse_move(game.position(), s).ok_or_else(illegal)?;
        game.play(mv).map_err(|_| illegal())
    }

    fn act_of(&mut self, s: &str) -> Option<Ending> {
        let before_any_move = self.turn;
        let turn = self.game().map_or(before_any_move, |g| g.position().turn());
        match s {
            "%TORYO" => Some(Ending::Resign(turn)),
            "%TIME_UP" => Some(Ending::TimeOut(turn)),
            "%KACHI" => Some(Ending::Declare),
            _ => None,
        }
    }
}

fn color_of(sign: u8) -> Option<Color> {
    match sign {
        b'+' => Some(Color::Sente),
        b'-' => Some(Color::Gote),
        _ => None,
    }
}

fn square(digits: &str) -> Option<Square> {
    let [file, rank] = *digits.as_bytes() else {
        return None;
    };
    Square::new(file.wrapping_sub(b'0'), rank.wrapping_sub(b'0'))
}

/// `+7776FU`, `-0055KA`, `+8822UM`: the side, the squares, the piece as
/// it stands after the move (which says whether it promoted).
fn parse_move(position: &Position, s: &str) -> Option<Move> {
    let s = s.get(..7)?;
    (color_of(s.as_bytes()[0])? == position.turn()).then_some(())?;
    let (from, to, role) = (&s[1..3], square(&s[3..5])?, role_of_code(&s[5..7])?);
    let mv = if from == "00" {
        Move::Drop { role, to }
    } else {
        let from = square(from)?;
        let moved = position.board().piece_at(from)?.role;
        let promote = moved != role && moved.promoted() == Some(role);
        Move::Normal { from, to, promote }
    };
    position.is_legal(mv).then_some(mv)
}
