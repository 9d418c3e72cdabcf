//! The board diagram (BOD) a KIF file starts from when the game does not
//! start from an even or handicap position.

use core::fmt::{self, Write};

use super::KifError;
use crate::{Board, ByColor, Color, Hand, Piece, Role, Setup, Square};

/// One-character names on the diagram (moves use 成香, 成桂, 成銀).
const fn board_name(role: Role) -> char {
    match role {
        Role::Pawn => '歩',
        Role::Lance => '香',
        Role::Knight => '桂',
        Role::Silver => '銀',
        Role::Gold => '金',
        Role::Bishop => '角',
        Role::Rook => '飛',
        Role::King => '玉',
        Role::Tokin => 'と',
        Role::PromotedLance => '杏',
        Role::PromotedKnight => '圭',
        Role::PromotedSilver => '全',
        Role::Horse => '馬',
        Role::Dragon => '龍',
    }
}

fn role_of_board_name(c: char) -> Option<Role> {
    match c {
        '王' => Some(Role::King),
        '竜' => Some(Role::Dragon),
        c => Role::ALL.into_iter().find(|&r| board_name(r) == c),
    }
}

const NUMERALS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A hand count: nothing for one, 二 for 2, 十 for 10, 十八 for 18.
fn numeral(n: u8) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => NUMERALS[n as usize].to_owned(),
        10 => "十".to_owned(),
        _ => format!("十{}", NUMERALS[n as usize - 10]),
    }
}

fn parse_numeral(s: &str) -> Option<u8> {
    let digit = |s: &str| NUMERALS.iter().position(|&n| n == s && !n.is_empty());
    match s.strip_prefix('十') {
        Some("") => Some(10),
        Some(rest) => digit(rest).map(|d| 10 + d as u8),
        None if s.is_empty() => Some(1),
        None => digit(s).map(|d| d as u8),
    }
}

fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "なし".to_owned();
    }
    Role::HAND
        .iter()
        .rev()
        .filter(|&&role| hand.count(role) > 0)
        .map(|&role| format!("{}{}　", board_name(role), numeral(hand.count(role))))
        .collect()
}

fn parse_hand(text: &str) -> Result<Hand, KifError> {
    let error = || KifError::Board(text.to_owned());
    let mut hand = Hand::EMPTY;
    let text = text.trim_matches(|c: char| c.is_whitespace());
    if text == "なし" || text.is_empty() {
        return Ok(hand);
    }
    for item in text
        .split(|c: char| c.is_whitespace())
        .filter(|s| !s.is_empty())
    {
        let mut chars = item.chars();
        let role = chars
            .next()
            .and_then(role_of_board_name)
            .filter(|r| r.is_hand());
        let count = parse_numeral(chars.as_str()).ok_or_else(error)?;
        hand.set(role.ok_or_else(error)?, count);
    }
    Ok(hand)
}

/// Writes the diagram of `setup`, hands and side to move included.
pub(super) fn write(out: &mut String, setup: &Setup) -> fmt::Result {
    writeln!(out, "後手の持駒：{}", hand_text(setup.hands.gote))?;
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9 {
        out.push('|');
        for file in (1..=9).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            match setup.board.piece_at(sq) {
                None => out.push_str(" ・"),
                Some(piece) => {
                    out.push(if piece.color == Color::Gote { 'v' } else { ' ' });
                    out.push(board_name(piece.role));
                }
            }
        }
        writeln!(out, "|{}", NUMERALS[rank as usize])?;
    }
    out.push_str("+---------------------------+\n");
    writeln!(out, "先手の持駒：{}", hand_text(setup.hands.sente))?;
    if setup.turn == Color::Gote {
        out.push_str("後手番\n");
    }
    if setup.move_number > 1 {
        writeln!(out, "手数＝{}", setup.move_number - 1)?;
    }
    Ok(())
}

/// Collects the diagram's lines as they come.
#[derive(Default)]
pub(super) struct Reader {
    board: Board,
    ranks: u8,
    hands: ByColor<Hand>,
    turn: Option<Color>,
    move_number: Option<u32>,
}

impl Reader {
    /// Takes `line` if it belongs to a diagram; `Ok(false)` if it does not.
    pub(super) fn read_line(&mut self, line: &str) -> Result<bool, KifError> {
        let side = |s: &str| match s {
            "先手" | "下手" => Some(Color::Sente),
            "後手" | "上手" => Some(Color::Gote),
            _ => None,
        };
        if let Some((who, hand)) = line.split_once("の持駒：") {
            let color = side(who).ok_or_else(|| KifError::Board(line.to_owned()))?;
            self.hands[color] = parse_hand(hand)?;
        } else if let Some(color) = line.strip_suffix('番').and_then(side) {
            self.turn = Some(color);
        } else if let Some(n) = line.strip_prefix("手数＝") {
            let n: u32 = n
                .trim()
                .parse()
                .map_err(|_| KifError::Board(line.to_owned()))?;
            self.move_number = Some(n + 1);
        } else if let Some(row) = line.strip_prefix('|') {
            self.read_rank(row)
                .ok_or_else(|| KifError::Board(line.to_owned()))?;
        } else {
            return Ok(line.starts_with("+---") || line.starts_with("  ９ ８"));
        }
        Ok(true)
    }

    fn read_rank(&mut self, row: &str) -> Option<()> {
        self.ranks += 1;
        let rank = self.ranks;
        let mut chars = row.chars();
        for file in (1..=9).rev() {
            let (prefix, name) = (chars.next()?, chars.next()?);
            let sq = Square::new(file, rank)?;
            if name == '・' {
                continue;
            }
            let color = match prefix {
                'v' | 'V' => Color::Gote,
                _ => Color::Sente,
            };
            self.board
                .put(sq, Piece::new(color, role_of_board_name(name)?));
        }
        (chars.next()? == '|').then_some(())
    }

    /// The setup drawn, if a diagram was read.
    pub(super) fn setup(&self) -> Result<Option<Setup>, KifError> {
        match self.ranks {
            0 => Ok(None),
            9 => Ok(Some(Setup {
                board: self.board,
                hands: self.hands,
                turn: self.turn.unwrap_or(Color::Sente),
                move_number: self.move_number.unwrap_or(1),
            })),
            n => Err(KifError::Board(format!("{n} ranks"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numerals() {
        for n in 1..=18 {
            assert_eq!(parse_numeral(&numeral(n)), Some(n), "{n}");
        }
        assert_eq!(numeral(1), "");
        assert_eq!(numeral(18), "十八");
        assert_eq!(parse_numeral("百"), None);
    }

    #[test]
    fn hands() {
        let mut hand = Hand::EMPTY;
        hand.set(Role::Rook, 1);
        hand.set(Role::Gold, 2);
        hand.set(Role::Pawn, 18);
        assert_eq!(hand_text(hand), "飛　金二　歩十八　");
        assert_eq!(parse_hand(&hand_text(hand)), Ok(hand));
        assert_eq!(parse_hand("なし"), Ok(Hand::EMPTY));
        assert!(parse_hand("玉").is_err());
    }
}
