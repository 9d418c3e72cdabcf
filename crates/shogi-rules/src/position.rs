//! A legal position: the state a game is in, how a move changes it, and
//! what attacks what.

use core::fmt;

use crate::attacks::{self, between, pseudo_bishop, pseudo_lance, pseudo_rook};
use crate::zobrist::{GOTE_TO_MOVE, board_key, hand_key};
use crate::{
    Bitboard, Board, ByColor, Color, Hand, Move, ParseSfenError, Piece, Role, Setup, Square,
};

/// How many of each role (promoted or not, on the board or in hand) the
/// set holds.
pub(crate) const fn set_size(role: Role) -> u32 {
    match role {
        Role::Pawn => 18,
        Role::Lance | Role::Knight | Role::Silver | Role::Gold => 4,
        Role::Bishop | Role::Rook => 2,
        _ => 1,
    }
}

const LAST_RANK: ByColor<Bitboard> = ByColor {
    sente: Bitboard::far_ranks(Color::Sente, 1),
    gote: Bitboard::far_ranks(Color::Gote, 1),
};
const LAST_TWO_RANKS: ByColor<Bitboard> = ByColor {
    sente: Bitboard::far_ranks(Color::Sente, 2),
    gote: Bitboard::far_ranks(Color::Gote, 2),
};
/// The enemy camp of each side: where promotion is possible.
pub(crate) const CAMP: ByColor<Bitboard> = ByColor {
    sente: Bitboard::far_ranks(Color::Sente, 3),
    gote: Bitboard::far_ranks(Color::Gote, 3),
};

/// Where a `color` piece of `role` could never move again: a pawn or lance
/// on the last rank, a knight on the last two. It may not be dropped there
/// and must promote on arriving there.
#[inline]
pub(crate) fn dead_squares(color: Color, role: Role) -> Bitboard {
    match role {
        Role::Pawn | Role::Lance => LAST_RANK[color],
        Role::Knight => LAST_TWO_RANKS[color],
        _ => Bitboard::EMPTY,
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side does not have exactly one king.
    KingCount { color: Color, count: u32 },
    /// More pieces of a role (promoted or not, hands included) than the set has.
    TooManyPieces { role: Role, count: u32 },
    /// A pawn, lance or knight where it could never move.
    DeadPiece { square: Square },
    /// Two unpromoted pawns of one side on one file (二歩).
    TwoPawns { color: Color, file: u8 },
    /// The side that has just moved is in check.
    OpponentInCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::KingCount { color, count } => {
                write!(f, "{color} has {count} kings, not one")
            }
            PositionError::TooManyPieces { role, count } => {
                write!(f, "{count} pieces of the {role:?}, more than the set has")
            }
            PositionError::DeadPiece { square } => {
                write!(f, "the piece on {square} could never move")
            }
            PositionError::TwoPawns { color, file } => {
                write!(f, "{color} has two pawns on file {file}")
            }
            PositionError::OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

impl std::error::Error for PositionError {}

/// An SFEN that does not read, or reads as an illegal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    Parse(ParseSfenError),
    Position(PositionError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Parse(e) => e.fmt(f),
            SfenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SfenError {}

/// A legal position: one king each, no dead piece, no two pawns on a file,
/// the side that just moved not in check.
///
/// Keeps its Zobrist hash and the pieces checking the side to move up to
/// date with every move. It is a few hundred bytes with no heap data, so a
/// search clones it and plays the move on the copy (clone-and-play)
/// instead of unmaking moves.
///
/// ```
/// use shogi_rules::{Move, Position};
/// let mut position = Position::start();
/// assert_eq!(position.legal_moves().len(), 30);
/// let mv: Move = "7g7f".parse().unwrap();
/// let hash = position.hash();
/// position.play(mv).unwrap();
/// assert_ne!(position.hash(), hash);
/// assert!(!position.is_check());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    hands: ByColor<Hand>,
    turn: Color,
    move_number: u32,
    kings: ByColor<Square>,
    hash: u64,
    checkers: Bitboard,
}

/// A move [`Position::play`] refused: not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Checks `setup` against the rules.
    pub fn new(setup: Setup) -> Result<Position, PositionError> {
        let Setup {
            board,
            hands,
            turn,
            move_number,
        } = setup;
        check_material(&board, &hands)?;
        check_pawns_and_dead_pieces(&board)?;
        let kings = ByColor::new_with(|color| board.king(color).expect("counted above"));
        let mut position = Position {
            board,
            hands,
            turn,
            move_number,
            kings,
            hash: 0,
            checkers: Bitboard::EMPTY,
        };
        position.hash = position.compute_hash();
        if !position.attackers_of_king(!turn).is_empty() {
            return Err(PositionError::OpponentInCheck);
        }
        position.checkers = position.attackers_of_king(turn);
        Ok(position)
    }

    /// The even game's starting position.
    pub fn start() -> Position {
        Position::new(Setup::start()).expect("the start position is legal")
    }

    /// Reads and checks an SFEN.
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        let setup = sfen.parse().map_err(SfenError::Parse)?;
        Position::new(setup).map_err(SfenError::Position)
    }

    /// The position written down (for SFEN or editing).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            turn: self.turn,
            move_number: self.move_number,
        }
    }

    /// The pieces on the board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Both sides' hands.
    #[inline]
    pub fn hands(&self) -> &ByColor<Hand> {
        &self.hands
    }

    /// What `color` holds in hand.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The SFEN move number: 1 before the first move, one more per move.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color]
    }

    /// The Zobrist hash of board, hands and side to move (not the move
    /// number): equal positions in the repetition rule's sense hash alike.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check (a field read).
    #[inline]
    pub fn is_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// `by`'s pieces attacking `sq`, with `occupied` as the occupied squares
    /// (so a caller can look through a piece about to move).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let (rev, ours) = (!by, b.by_color(by));
        let mut attackers = ((attacks::pawn_attacks(rev, sq) & b.by_role(Role::Pawn))
            | (attacks::knight_attacks(rev, sq) & b.by_role(Role::Knight))
            | (attacks::silver_attacks(rev, sq) & b.by_role(Role::Silver))
            | (attacks::gold_attacks(rev, sq) & b.golds())
            | (attacks::king_attacks(sq)
                & (b.by_role(Role::King) | b.by_role(Role::Horse) | b.by_role(Role::Dragon))))
            & ours;
        // Sliders only when one stands on a line through `sq` at all: the
        // empty-board test is one lookup, the ray walk several.
        let rooks = b.rooks() & ours;
        if !(pseudo_rook(sq) & rooks).is_empty() {
            attackers |= attacks::rook_attacks(sq, occupied) & rooks;
        }
        let bishops = b.bishops() & ours;
        if !(pseudo_bishop(sq) & bishops).is_empty() {
            attackers |= attacks::bishop_attacks(sq, occupied) & bishops;
        }
        let lances = b.by_role(Role::Lance) & ours;
        if !(pseudo_lance(rev, sq) & lances).is_empty() {
            attackers |= attacks::lance_attacks(rev, sq, occupied) & lances;
        }
        attackers
    }

    fn attackers_of_king(&self, color: Color) -> Bitboard {
        self.attackers_to(self.kings[color], !color, self.board.occupied())
    }

    /// `color`'s pieces pinned to its king by an enemy rook, bishop or lance
    /// line, with `occupied` as the occupied squares.
    pub(crate) fn pinned(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let ksq = self.kings[color];
        let snipers = ((pseudo_rook(ksq) & b.rooks())
            | (pseudo_bishop(ksq) & b.bishops())
            | (pseudo_lance(color, ksq) & b.by_role(Role::Lance)))
            & b.by_color(!color);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(ksq, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & b.by_color(color)
    }

    /// Whether the side to move's `mv` checks the enemy king: directly, or
    /// by opening a rook, bishop or lance line. Exact and without playing
    /// the move, for search extensions and move ordering.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.turn;
        let target = self.kings[!us];
        let (from, to, role) = match mv {
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.board.piece_at(from) else {
                    return false;
                };
                let role = match piece.role.promoted() {
                    Some(promoted) if promote => promoted,
                    _ => piece.role,
                };
                (Some(from), to, role)
            }
            Move::Drop { role, to } => (None, to, role),
        };
        let mut occupied = self.board.occupied().with(to);
        if attacks::attacks(us, role, to, occupied).contains(target) {
            return true;
        }
        let Some(from) = from else { return false };
        occupied = occupied.without(from);
        let b = &self.board;
        let sliders = (attacks::rook_attacks(target, occupied) & b.rooks())
            | (attacks::bishop_attacks(target, occupied) & b.bishops())
            | (attacks::lance_attacks(!us, target, occupied) & b.by_role(Role::Lance));
        !(sliders & b.by_color(us).without(from)).is_empty()
    }

    /// Plays `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves_into`]);
    /// the fast path of a search. An illegal move leaves the position
    /// inconsistent or panics.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        match mv {
            Move::Normal { from, to, promote } => {
                let piece = self.board.remove(from).expect("a piece on the from square");
                self.hash = self.hash.wrapping_sub(board_key(us, piece.role, from));
                if let Some(captured) = self.board.remove(to) {
                    let key = board_key(captured.color, captured.role, to);
                    self.hash = self.hash.wrapping_sub(key);
                    let role = captured.role.unpromoted();
                    self.hands[us].add(role);
                    self.hash = self.hash.wrapping_add(hand_key(us, role));
                }
                let role = match piece.role.promoted() {
                    Some(promoted) if promote => promoted,
                    _ => piece.role,
                };
                if role == Role::King {
                    self.kings[us] = to;
                }
                self.board.put(to, Piece::new(us, role));
                self.hash = self.hash.wrapping_add(board_key(us, role, to));
            }
            Move::Drop { role, to } => {
                self.hands[us].remove(role);
                self.hash = self.hash.wrapping_sub(hand_key(us, role));
                self.board.put(to, Piece::new(us, role));
                self.hash = self.hash.wrapping_add(board_key(us, role, to));
            }
        }
        self.pass_turn();
        self.checkers = self.attackers_of_king(!us);
    }

    /// Passes the turn without a move: a search's null move. Only for a
    /// side to move that is not in check (the opponent is then not in
    /// check either, so the position stays legal).
    ///
    /// ```
    /// use shogi_rules::{Color, Position};
    /// let mut position = Position::start();
    /// position.play_null();
    /// assert_eq!(position.turn(), Color::Gote);
    /// assert_eq!(position.hash(), position.recomputed_hash());
    /// ```
    pub fn play_null(&mut self) {
        debug_assert!(!self.is_check(), "no null move out of check");
        self.pass_turn();
        self.checkers = Bitboard::EMPTY;
    }

    fn pass_turn(&mut self) {
        self.hash = match self.turn {
            Color::Sente => self.hash.wrapping_add(GOTE_TO_MOVE),
            Color::Gote => self.hash.wrapping_sub(GOTE_TO_MOVE),
        };
        self.turn = !self.turn;
        self.move_number += 1;
    }

    fn compute_hash(&self) -> u64 {
        let board = self.board.pieces().fold(0u64, |h, (sq, p)| {
            h.wrapping_add(board_key(p.color, p.role, sq))
        });
        let hands = Color::ALL.iter().fold(board, |h, &color| {
            self.hands[color].iter().fold(h, |h, (role, n)| {
                h.wrapping_add(hand_key(color, role).wrapping_mul(n.into()))
            })
        });
        match self.turn {
            Color::Sente => hands,
            Color::Gote => hands.wrapping_add(GOTE_TO_MOVE),
        }
    }

    /// The hash computed from scratch; equal to [`Position::hash`] always
    /// (the property tests check the incremental update against it).
    pub fn recomputed_hash(&self) -> u64 {
        self.compute_hash()
    }
}

fn check_material(board: &Board, hands: &ByColor<Hand>) -> Result<(), PositionError> {
    for color in Color::ALL {
        let count = board.by_piece(Piece::new(color, Role::King)).count();
        if count != 1 {
            return Err(PositionError::KingCount { color, count });
        }
    }
    for role in Role::HAND {
        let on_board = (board.by_role(role)
            | role
                .promoted()
                .map_or(Bitboard::EMPTY, |p| board.by_role(p)))
        .count();
        let count =
            on_board + u32::from(hands.sente.count(role)) + u32::from(hands.gote.count(role));
        if count > set_size(role) {
            return Err(PositionError::TooManyPieces { role, count });
        }
    }
    Ok(())
}

fn check_pawns_and_dead_pieces(board: &Board) -> Result<(), PositionError> {
    for color in Color::ALL {
        for role in [Role::Pawn, Role::Lance, Role::Knight] {
            let dead = board.by_piece(Piece::new(color, role)) & dead_squares(color, role);
            if let Some(square) = dead.first() {
                return Err(PositionError::DeadPiece { square });
            }
        }
        let pawns = board.by_piece(Piece::new(color, Role::Pawn));
        if let Some(file) = (1..=9).find(|&f| (pawns & Bitboard::file(f)).more_than_one()) {
            return Err(PositionError::TwoPawns { color, file });
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    /// The position's SFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}
