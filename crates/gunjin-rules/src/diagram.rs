//! A position as written down, before it is checked: the pieces on the
//! nodes, the side to move and the rules, with a one-line text for it
//! (grammar in `docs/RULES.md`, "Position text"). [`Position`] validates a
//! [`Diagram`], as shakmaty turns a `Setup` into a `Chess`.

use core::fmt;
use core::str::FromStr;

use crate::{
    ByColor, ByKind, Color, Kind, ParseRulesError, Piece, PieceId, Position, Rules, Square,
};

/// Pieces on nodes, whose turn it is and under which rules, unchecked:
/// anything can be written here, and [`Position::from_diagram`] says what
/// no game could reach.
///
/// ```
/// use gunjin_rules::{Color, Diagram, Kind, Rules};
/// let text = "htsrf 1g3/6/6/6/6/6/6/4X s";
/// let diagram: Diagram = text.parse().unwrap();
/// assert_eq!(diagram.get("b8".parse().unwrap()), Some((Color::North, Kind::General)));
/// assert_eq!(diagram.get("f1".parse().unwrap()), Some((Color::South, Kind::Mine)));
/// assert_eq!(diagram.to_string(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    pub rules: Rules,
    pub turn: Color,
    pieces: [Option<(Color, Kind)>; Square::INDICES],
}

/// Why a diagram is no position of a game. Each names what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text could not be read.
    Text { text: String, reason: &'static str },
    /// The text's rule code could not be read.
    Rules(ParseRulesError),
    /// A piece stands on an index that is no node of the rules' board.
    NotANode { index: usize },
    /// A side has more of a kind than its set holds.
    TooMany {
        color: Color,
        kind: Kind,
        found: u8,
        allowed: u8,
    },
    /// A piece that never moves stands where no setup could have put it
    /// (outside its camp, where the placement option forbids it, or,
    /// in Classic 25, a Marshal outside its headquarters or another
    /// unmoving piece in it).
    Unmoved { square: Square, kind: Kind },
    /// `color`'s headquarters holds neither the piece the mode keeps
    /// there (Classic 25's Marshal, `kind`) nor the enemy officer that
    /// took it and so ended the game.
    Headquarters { color: Color, kind: Kind },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Text { text, reason } => write!(f, "position \"{text}\": {reason}"),
            PositionError::Rules(e) => e.fmt(f),
            PositionError::NotANode { index } => write!(f, "index {index} is not a node"),
            PositionError::TooMany {
                color,
                kind,
                found,
                allowed,
            } => write!(f, "{color} has {found} × {kind}, a side has {allowed}"),
            PositionError::Unmoved { square, kind } => {
                write!(f, "a {kind} never moves, and no setup puts one on {square}")
            }
            PositionError::Headquarters { color, kind } => write!(
                f,
                "{color}'s headquarters holds neither its {kind} nor the officer that took it"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Diagram {
    /// An empty board.
    pub const fn empty(rules: Rules, turn: Color) -> Diagram {
        Diagram {
            rules,
            turn,
            pieces: [None; Square::INDICES],
        }
    }

    /// What stands on `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<(Color, Kind)> {
        self.pieces[sq.index()]
    }

    /// Puts a piece on `sq` (`None` empties it), returning what was there.
    pub fn set(&mut self, sq: Square, piece: Option<(Color, Kind)>) -> Option<(Color, Kind)> {
        core::mem::replace(&mut self.pieces[sq.index()], piece)
    }

    /// Every piece with its node, in index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Color, Kind)> + '_ {
        self.pieces.iter().enumerate().filter_map(|(i, piece)| {
            piece.map(|(color, kind)| (Square::from_index_unchecked(i as u8), color, kind))
        })
    }

    /// The checks of [`Position::from_diagram`].
    pub(crate) fn check(&self) -> Result<(), PositionError> {
        let shape = self.rules.shape();
        let mut counts = [ByKind::<u8>::default(); 2];
        for (square, color, kind) in self.pieces() {
            if !shape.contains(square) {
                return Err(PositionError::NotANode {
                    index: square.index(),
                });
            }
            let count = &mut counts[color.index()][kind];
            *count += 1;
            let allowed = self.rules.count(kind);
            if *count > allowed {
                return Err(PositionError::TooMany {
                    color,
                    kind,
                    found: *count,
                    allowed,
                });
            }
            let placed = shape.camp_slot(color, square).is_some()
                && (self.rules)
                    .allows_placement(kind, shape.relative_to(square, color))
                    .is_ok();
            if !self.rules.mobility(kind).moves() && !placed {
                return Err(PositionError::Unmoved { square, kind });
            }
        }
        self.check_headquarters()
    }

    /// In a mode that keeps a kind in each headquarters (Classic 25's
    /// Marshal, `shared/RULES.md` §8.2), each holds that piece, or the
    /// enemy officer that took it: it never leaves, and only its taker
    /// ends up there.
    fn check_headquarters(&self) -> Result<(), PositionError> {
        let Some(kind) = self.rules.mode.in_hq() else {
            return Ok(());
        };
        let shape = self.rules.shape();
        for color in Color::ALL {
            match self.get(shape.hq(color)) {
                Some((owner, held)) if owner == color && held == kind => {}
                Some((owner, taker)) if owner != color && self.rules.takes_hq(taker) => {}
                _ => return Err(PositionError::Headquarters { color, kind }),
            }
        }
        Ok(())
    }
}

/// A piece's letter: [`Kind::char`], upper case for South, lower for North.
fn piece_char(color: Color, kind: Kind) -> char {
    match color {
        Color::South => kind.char(),
        Color::North => kind.char().to_ascii_lowercase(),
    }
}

/// `<rule code> <ranks from the last to the first, by "/"> <s or n>`, a
/// run of empty nodes as its length.
impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.rules.shape();
        write!(f, "{} ", self.rules)?;
        for rank in (0..shape.ranks).rev() {
            let mut empty = 0;
            for sq in shape.rank_nodes(rank) {
                match self.get(sq) {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece_char(color, kind))?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            f.write_str(if rank > 0 { "/" } else { " " })?;
        }
        write!(f, "{}", self.turn.char())
    }
}

impl FromStr for Diagram {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Diagram, PositionError> {
        let err = |reason| PositionError::Text {
            text: text.to_owned(),
            reason,
        };
        let &[code, board, turn] = text.split(' ').collect::<Vec<_>>().as_slice() else {
            return Err(err("expected a rule code, the board and s or n, by spaces"));
        };
        let rules: Rules = code.parse().map_err(PositionError::Rules)?;
        let turn = match turn {
            "s" => Color::South,
            "n" => Color::North,
            _ => return Err(err("the side to move is s or n")),
        };
        let shape = rules.shape();
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != shape.ranks as usize {
            return Err(err("expected one group per rank, by /"));
        }
        let mut diagram = Diagram::empty(rules, turn);
        for (rank, text) in (0..shape.ranks).rev().zip(ranks) {
            let mut nodes = shape.rank_nodes(rank);
            for item in items(text, shape.files.into()) {
                let (skip, piece) = item.map_err(err)?;
                for _ in 0..skip {
                    nodes
                        .next()
                        .ok_or(err("a rank has more nodes than its board"))?;
                }
                if let Some(piece) = piece {
                    let sq = nodes
                        .next()
                        .ok_or(err("a rank has more nodes than its board"))?;
                    diagram.set(sq, Some(piece));
                }
            }
            if nodes.next().is_some() {
                return Err(err("a rank has fewer nodes than its board"));
            }
        }
        Ok(diagram)
    }
}

/// A step through a rank's text: how many empty nodes, then a piece or
/// none (at the end of the rank).
type RankItem = (usize, Option<(Color, Kind)>);

/// A rank's text as [`RankItem`]s, or why it does not read. A run of
/// empty nodes is written as `Display` writes it, from 1 and without a
/// leading 0, so a diagram has one text; a run longer than a rank's
/// `files` is refused as its digits come, before it could overflow.
fn items(text: &str, files: usize) -> impl Iterator<Item = Result<RankItem, &'static str>> + '_ {
    let mut chars = text.chars().peekable();
    core::iter::from_fn(move || {
        let mut skip = 0;
        while let Some(digit) = chars.peek().and_then(|c| c.to_digit(10)) {
            chars.next();
            if skip == 0 && digit == 0 {
                return Some(Err(
                    "a run of empty nodes is a number from 1, without a leading 0",
                ));
            }
            skip = skip * 10 + digit as usize;
            if skip > files {
                return Some(Err("a rank has more nodes than its board"));
            }
        }
        let Some(c) = chars.next() else {
            return (skip > 0).then_some(Ok((skip, None)));
        };
        let color = if c.is_ascii_uppercase() {
            Color::South
        } else {
            Color::North
        };
        let kind = Kind::from_char(c.to_ascii_uppercase()).ok_or("unknown piece letter");
        Some(kind.map(|kind| (skip, Some((color, kind)))))
    })
}

impl Position {
    /// The position a diagram shows, if a game could reach it. Each
    /// side's pieces get [`PieceId`](crate::PieceId)s in node order.
    pub fn from_diagram(diagram: &Diagram) -> Result<Position, PositionError> {
        diagram.check()?;
        let mut ids = ByColor::<u8>::default();
        let pieces = diagram.pieces().map(|(sq, color, kind)| {
            let id = PieceId(ids[color]);
            ids[color] += 1;
            (sq, Piece { color, kind, id })
        });
        Ok(Position::from_pieces(diagram.rules, pieces, diagram.turn))
    }

    /// The position written down.
    pub fn diagram(&self) -> Diagram {
        let mut diagram = Diagram::empty(self.rules(), self.turn());
        for color in Color::ALL {
            for (sq, piece) in self.board().pieces(color) {
                diagram.set(sq, Some((color, piece.kind)));
            }
        }
        diagram
    }
}

/// The position text: its [`Diagram`]'s.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagram().fmt(f)
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::from_diagram(&text.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, Outcome, WinReason};

    fn error(text: &str) -> PositionError {
        text.parse::<Position>().unwrap_err()
    }

    #[test]
    fn each_error_names_what_to_fix() {
        let text = |e| matches!(e, PositionError::Text { .. });
        assert!(text(error("htsrf 5/6/6/6/6/6/6/5")));
        assert!(text(error("htsrf 5/6/6/6/6/6/6/5 x")));
        assert!(text(error("htsrf 5/6/6/6/6/6/5 s")));
        assert!(text(error("htsrf 5/6/6/6/6/6/6/6 s")));
        assert!(text(error("htsrf 5/6/6/6/6/6/6/4 s")));
        assert!(text(error("htsrf 5/6/6/6/6/6/6/4W s")));
        assert_eq!(
            error("htsrf 5/6/6/6/6/6/6/4Z s"),
            PositionError::TooMany {
                color: Color::South,
                kind: Kind::Jet,
                found: 1,
                allowed: 0
            }
        );
        assert!(matches!(
            error("zz-htsrf 5/6/6/6/6/6/6/5 s"),
            PositionError::Rules(_)
        ));
        assert_eq!(
            error("htsrf 5/6/6/6/6/6/6/GG3 s"),
            PositionError::TooMany {
                color: Color::South,
                kind: Kind::General,
                found: 2,
                allowed: 1
            }
        );
        assert_eq!(
            error("htsrf 1F3/6/6/6/6/6/6/5 n"),
            PositionError::Unmoved {
                square: "b8".parse().unwrap(),
                kind: Kind::Flag
            }
        );
        // A Mine on a bridge: only the traditional placement forbids it.
        assert!("htsrf 5/6/6/6/1X4/6/6/5 s".parse::<Position>().is_ok());
        assert!(matches!(
            error("texrt 5/6/6/6/1X4/6/6/5 s"),
            PositionError::Unmoved { .. }
        ));
        let mut diagram = Diagram::empty(Rules::KIRAKUKEN, Color::South);
        diagram.set(
            Square::from_index_unchecked(3),
            Some((Color::South, Kind::Spy)),
        );
        assert_eq!(
            Position::from_diagram(&diagram),
            Err(PositionError::NotANode { index: 3 })
        );
    }

    #[test]
    fn a_start_position_prints_its_setups() {
        let setup = crate::Template::ALL[0].setup();
        let setups = crate::ByColor::new_with(|_| setup);
        let position = Position::new(Rules::TRADITIONAL, &setups, Color::North);
        let text = "texrt lmgax/ypcfxe/tnjops/vsenta/ATNESV/SPOJNT/EXFCPY/XAGML n";
        assert_eq!(position.to_string(), text);
        assert_eq!(
            text.parse::<Position>().unwrap().diagram(),
            position.diagram()
        );
    }

    #[test]
    fn outcome_of_a_position_alone() {
        let outcome = |text: &str| text.parse::<Position>().unwrap().outcome();
        assert_eq!(
            outcome("htsrf 5/6/6/6/6/6/6/X1g2 s"),
            Some(Outcome::Win {
                winner: Color::North,
                reason: WinReason::HeadquartersTaken { by: Kind::General }
            })
        );
        // A Spy in the headquarters takes nothing; South cannot move.
        assert_eq!(outcome("htsrf 5/6/6/6/6/6/6/1gyX1 n"), None);
        assert_eq!(
            outcome("htsrf 5/6/6/6/6/6/6/1gyX1 s"),
            Some(Outcome::Win {
                winner: Color::North,
                reason: WinReason::NoLegalMove
            })
        );
        assert_eq!(
            outcome("htsrf 5/6/6/6/6/6/6/Ey3 s"),
            Some(Outcome::Draw {
                reason: DrawReason::NoOfficers
            })
        );
        assert_eq!(outcome("htsrf 5/6/6/6/6/6/6/Gy3 s"), None);
    }
}
