//! SFEN, the position format of USI: `<board> <side> <hands> <move number>`.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Board, ByColor, Color, Hand, Piece, Role, Setup, Square};

/// Why a text is not SFEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSfenError {
    /// The board field is missing (the text is empty).
    Empty,
    /// The board does not have nine ranks separated by `/`.
    RankCount(usize),
    /// A rank (1–9) does not cover exactly nine files.
    RankWidth(u8),
    /// A character that is not a piece letter, a digit or `+` where it may be.
    BadPiece(char),
    /// The side to move is not `b` or `w`.
    Turn(String),
    /// The hands field is not `-` or counts and letters.
    Hands(String),
    /// The move number is not a positive integer.
    MoveNumber(String),
    /// More than four fields.
    Trailing(String),
}

impl fmt::Display for ParseSfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSfenError::Empty => f.write_str("empty SFEN"),
            ParseSfenError::RankCount(n) => write!(f, "SFEN board has {n} ranks, not 9"),
            ParseSfenError::RankWidth(rank) => write!(f, "SFEN rank {rank} is not 9 squares wide"),
            ParseSfenError::BadPiece(c) => write!(f, "'{c}' is not an SFEN piece"),
            ParseSfenError::Turn(s) => write!(f, "SFEN side to move \"{s}\" is not b or w"),
            ParseSfenError::Hands(s) => write!(f, "SFEN hands \"{s}\" do not read"),
            ParseSfenError::MoveNumber(s) => write!(f, "SFEN move number \"{s}\" does not read"),
            ParseSfenError::Trailing(s) => write!(f, "unexpected \"{s}\" after the SFEN"),
        }
    }
}

impl std::error::Error for ParseSfenError {}

fn parse_board(text: &str) -> Result<Board, ParseSfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(ParseSfenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (rank, row) in (1..=9).zip(ranks) {
        let mut file = 10u8;
        let mut promoted = false;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|&n| n > 0 && !promoted) {
                file = next_file(file, n as u8, rank)?;
            } else if c == '+' && !promoted {
                promoted = true;
            } else {
                let piece = sfen_piece(c, promoted).ok_or(ParseSfenError::BadPiece(c))?;
                file = next_file(file, 1, rank)?;
                let sq = Square::new(file, rank).expect("files 1-9");
                board.put(sq, piece);
                promoted = false;
            }
        }
        if file != 1 || promoted {
            return Err(ParseSfenError::RankWidth(rank));
        }
    }
    Ok(board)
}

/// The file `squares` to the right of `file`, if it is still on the board.
fn next_file(file: u8, squares: u8, rank: u8) -> Result<u8, ParseSfenError> {
    file.checked_sub(squares)
        .filter(|&f| f >= 1)
        .ok_or(ParseSfenError::RankWidth(rank))
}

fn sfen_piece(c: char, promoted: bool) -> Option<Piece> {
    let role = Role::from_sfen_letter(c)?;
    let role = if promoted { role.promoted()? } else { role };
    let color = if c.is_ascii_uppercase() {
        Color::Sente
    } else {
        Color::Gote
    };
    Some(Piece::new(color, role))
}

fn parse_hands(text: &str) -> Result<ByColor<Hand>, ParseSfenError> {
    let mut hands = ByColor::<Hand>::default();
    if text == "-" {
        return Ok(hands);
    }
    let error = || ParseSfenError::Hands(text.to_owned());
    let mut count: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            count = Some(count.unwrap_or(0) * 10 + d).filter(|&n| n <= 18);
            count.ok_or_else(error)?;
            continue;
        }
        let piece = sfen_piece(c, false).filter(|p| p.role.is_hand());
        let piece = piece.ok_or_else(error)?;
        let hand = &mut hands[piece.color];
        let total = hand.count(piece.role) as u32 + count.take().unwrap_or(1);
        hand.set(piece.role, u8::try_from(total).map_err(|_| error())?);
    }
    if text.is_empty() || count.is_some() {
        return Err(error());
    }
    Ok(hands)
}

impl FromStr for Setup {
    type Err = ParseSfenError;

    /// Reads an SFEN; the move number may be left out (it is then 1).
    fn from_str(text: &str) -> Result<Setup, ParseSfenError> {
        let mut fields = text.split_ascii_whitespace();
        let board = parse_board(fields.next().ok_or(ParseSfenError::Empty)?)?;
        let turn = match fields.next() {
            Some("b") => Color::Sente,
            Some("w") => Color::Gote,
            other => return Err(ParseSfenError::Turn(other.unwrap_or("").to_owned())),
        };
        let hands = parse_hands(fields.next().unwrap_or("-"))?;
        let move_number = match fields.next() {
            None => 1,
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| ParseSfenError::MoveNumber(n.to_owned()))?,
        };
        if let Some(extra) = fields.next() {
            return Err(ParseSfenError::Trailing(extra.to_owned()));
        }
        Ok(Setup {
            board,
            hands,
            turn,
            move_number,
        })
    }
}

fn write_board(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in 1..=9 {
        if rank > 1 {
            f.write_str("/")?;
        }
        let mut empty = 0;
        for file in (1..=9).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            match board.piece_at(sq) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_str(&piece.sfen())?;
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
    }
    Ok(())
}

/// Hands in the usual order: Sente's then Gote's, rook to pawn.
fn write_hands(hands: &ByColor<Hand>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if hands.sente.is_empty() && hands.gote.is_empty() {
        return f.write_str("-");
    }
    for color in Color::ALL {
        for role in Role::HAND.into_iter().rev() {
            let n = hands[color].count(role);
            if n > 1 {
                write!(f, "{n}")?;
            }
            if n > 0 {
                f.write_str(&Piece::new(color, role).sfen())?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        write!(f, " {} ", self.turn.sfen_char())?;
        write_hands(&self.hands, f)?;
        write!(f, " {}", self.move_number)
    }
}

impl Serialize for Setup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::START_SFEN;

    #[test]
    fn round_trips() {
        for sfen in [
            START_SFEN,
            "lnsgkgsn+L/1r5b1/pppppp1p1/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 w LPp 10",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
        ] {
            let setup: Setup = sfen.parse().unwrap();
            assert_eq!(setup.to_string(), sfen);
        }
    }

    #[test]
    fn typed_errors() {
        let parse = |s: &str| s.parse::<Setup>().unwrap_err();
        assert_eq!(parse(""), ParseSfenError::Empty);
        assert_eq!(parse("9/9/9 b - 1"), ParseSfenError::RankCount(3));
        assert_eq!(
            parse("8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::RankWidth(1)
        );
        assert_eq!(
            parse("9/9/9/9/4x4/9/9/9/9 b - 1"),
            ParseSfenError::BadPiece('x')
        );
        assert_eq!(
            parse("9/9/9/9/4+G4/9/9/9/9 b - 1"),
            ParseSfenError::BadPiece('G')
        );
        assert_eq!(
            parse("9/9/9/9/9/9/9/9/9 x - 1"),
            ParseSfenError::Turn("x".into())
        );
        assert_eq!(
            parse("9/9/9/9/9/9/9/9/9 b 2K 1"),
            ParseSfenError::Hands("2K".into())
        );
        assert_eq!(
            parse("9/9/9/9/9/9/9/9/9 b 3 1"),
            ParseSfenError::Hands("3".into())
        );
        assert_eq!(
            parse("9/9/9/9/9/9/9/9/9 b - 0"),
            ParseSfenError::MoveNumber("0".into())
        );
        assert_eq!(
            parse("9/9/9/9/9/9/9/9/9 b - 1 x"),
            ParseSfenError::Trailing("x".into())
        );
        let short: Setup = "9/9/9/9/9/9/9/9/9 w".parse().unwrap();
        assert_eq!(short.move_number, 1);
    }
}
