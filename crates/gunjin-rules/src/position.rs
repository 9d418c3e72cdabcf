//! The true state of a game between moves: the referee's board.

use crate::zobrist::{NORTH_TO_MOVE, piece_key};
use crate::{
    BattleResult, Bitboard, Board, ByColor, Color, DrawReason, Geometry, Kind, Mobility, Move,
    MoveKind, Outcome, Piece, Rules, Setup, Square, WinReason, destinations, strike,
};

/// Moves gathered on the stack by [`Position::legal_moves_into`] before
/// they are copied out.
const BUFFER: usize = 64;
/// Slots [`Position::legal_moves_into`] keeps free for one piece: at least
/// as many as any piece but a Jet has destinations.
const ROOM: usize = 24;
const _: () = assert!(ROOM >= Geometry::MAX_DESTINATIONS && ROOM >= 4 && BUFFER >= ROOM);

/// What the referee tells both players after a move: which piece(s), if
/// any, left the board. Never a kind. Every case answers
/// [`Announcement::cleared`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Announcement {
    /// A move onto an empty node: no battle.
    Moved,
    AttackerRemoved,
    DefenderRemoved,
    BothRemoved,
    /// After a strike: every node that lost a piece (the Missile's, the
    /// carried bomb's, and what the blast hit), whatever side it was,
    /// packed; [`Announcement::cleared`] with the strike unpacks them,
    /// [`Announcement::struck`] packs them.
    Struck(strike::Cleared),
}

impl Announcement {
    /// What a battle's result tells the players.
    #[inline]
    pub const fn of(result: BattleResult) -> Announcement {
        match result {
            BattleResult::AttackerWins => Announcement::DefenderRemoved,
            BattleResult::DefenderWins => Announcement::AttackerRemoved,
            BattleResult::BothRemoved => Announcement::BothRemoved,
        }
    }

    /// What the referee says after the strike `mv` cleared the nodes
    /// `cleared`; `None` if no strike clears those nodes (see
    /// [`Cleared::pack`](strike::Cleared::pack)).
    #[inline]
    pub fn struck(mv: Move, cleared: Bitboard) -> Option<Announcement> {
        strike::Cleared::pack(mv, cleared).map(Announcement::Struck)
    }

    /// The nodes where `mv`, so announced, removed a piece.
    ///
    /// ```
    /// use gunjin_rules::{Announcement, Move};
    /// let mv: Move = "b4-b5".parse().unwrap();
    /// let cleared = Announcement::BothRemoved.cleared(mv);
    /// assert_eq!(cleared.count(), 2);
    /// assert!(Announcement::Moved.cleared(mv).is_empty());
    /// assert!(Announcement::DefenderRemoved.cleared(mv).contains(mv.to()));
    /// ```
    ///
    /// ```
    /// use gunjin_rules::{Announcement, Bitboard, Move, Square};
    /// let strike: Move = "e2*e5".parse().unwrap();
    /// let cleared: Bitboard = ["e2", "e5"].map(|s| s.parse::<Square>().unwrap()).into_iter().collect();
    /// assert_eq!(Announcement::struck(strike, cleared).unwrap().cleared(strike), cleared);
    /// ```
    pub const fn cleared(self, mv: Move) -> Bitboard {
        let (from, to) = (
            Bitboard::from_square(mv.from()),
            Bitboard::from_square(mv.to()),
        );
        match self {
            Announcement::Moved => Bitboard::EMPTY,
            // The attacker was removed on its way: from its own node.
            Announcement::AttackerRemoved => from,
            Announcement::DefenderRemoved => to,
            Announcement::BothRemoved => Bitboard(from.0 | to.0),
            Announcement::Struck(cleared) => cleared.unpack(mv),
        }
    }

    pub const fn attacker_removed(self) -> bool {
        matches!(
            self,
            Announcement::AttackerRemoved | Announcement::BothRemoved
        )
    }

    pub const fn defender_removed(self) -> bool {
        matches!(
            self,
            Announcement::DefenderRemoved | Announcement::BothRemoved
        )
    }
}

/// Every piece with its kind, whose turn it is, and a hash of both.
/// Only the referee (the [`Game`](crate::Game)) holds one; players get a
/// [`View`](crate::View).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rules: Rules,
    /// `rules.geometry()` and the headquarters, looked up once: move
    /// generation and the end check read them every ply.
    tables: Tables,
    board: Board,
    turn: Color,
    hash: u64,
    /// Officers of Major or above left on each side.
    officers: ByColor<u8>,
}

/// What a position's rules give it: its [`Geometry`] and its board's
/// headquarters. The same for the same rules, so two positions compare by
/// their rules and pieces alone.
#[derive(Clone, Copy)]
struct Tables {
    geometry: &'static Geometry,
    hq: ByColor<Square>,
}

impl Tables {
    fn of(rules: Rules) -> Tables {
        let shape = rules.shape();
        Tables {
            geometry: rules.geometry(),
            hq: ByColor::new_with(|color| shape.hq(color)),
        }
    }
}

impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        core::ptr::eq(self.geometry, other.geometry) && self.hq == other.hq
    }
}

impl Eq for Tables {}

impl core::fmt::Debug for Tables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Geometry")
    }
}

impl Position {
    /// The position at the start of a game. Each piece's [`PieceId`] is its
    /// camp slot.
    pub fn new(rules: Rules, setups: &ByColor<Setup>, first: Color) -> Position {
        let pieces = Color::ALL
            .into_iter()
            .flat_map(|color| setups[color].start(color));
        Position::from_pieces(rules, pieces, first)
    }

    /// The position with these pieces. The caller vouches for it (a
    /// setup, or a checked [`Diagram`](crate::Diagram)).
    pub(crate) fn from_pieces(
        rules: Rules,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        turn: Color,
    ) -> Position {
        let mut board = Board::of_mode(rules.mode);
        let mut officers = ByColor::<u8>::default();
        for (sq, piece) in pieces {
            officers[piece.color] += rules.takes_hq(piece.kind) as u8;
            board.place(sq, piece);
        }
        let mut position = Position {
            rules,
            tables: Tables::of(rules),
            board,
            turn,
            hash: 0,
            officers,
        };
        position.hash = position.compute_hash();
        position
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The incrementally kept hash of the pieces and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; always equal to [`Position::hash`].
    pub fn compute_hash(&self) -> u64 {
        let pieces = Color::ALL
            .into_iter()
            .flat_map(|c| self.board.pieces(c))
            .fold(0, |h, (sq, p)| h ^ piece_key(p.color, p.kind, sq));
        if self.turn == Color::North {
            pieces ^ NORTH_TO_MOVE
        } else {
            pieces
        }
    }

    /// Officers of Major or above `color` has left.
    #[inline]
    pub fn officers(&self, color: Color) -> u8 {
        self.officers[color]
    }

    /// How the game stands over, if this position ends it: a side's
    /// officer in the enemy headquarters wins (in Classic 25 it got there
    /// by taking the Marshal: [`Rules::win_in_hq`]), as does a side whose
    /// enemy cannot move or strike on its turn; with no officer left on
    /// either side it is drawn. The move limit and repetitions need the
    /// history: see [`Game::outcome`](crate::Game::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        let in_hq = Color::ALL.into_iter().find_map(|color| {
            let piece = self.board.piece_at(self.tables.hq[!color])?;
            (piece.color == color && self.rules.takes_hq(piece.kind)).then_some((color, piece.kind))
        });
        if let Some((winner, by)) = in_hq {
            return Some(Outcome::Win {
                winner,
                reason: self.rules.win_in_hq(by),
            });
        }
        if !self.has_legal_move(self.turn) {
            return Some(Outcome::Win {
                winner: !self.turn,
                reason: WinReason::NoLegalMove,
            });
        }
        (self.officers == ByColor::default()).then_some(Outcome::Draw {
            reason: DrawReason::NoOfficers,
        })
    }

    /// Where the piece on `from` may move (empty if there is none, or it
    /// belongs to the side not to move).
    pub fn destinations(&self, from: Square) -> Bitboard {
        match self.board.piece_at(from) {
            Some(piece) if piece.color == self.turn => self.piece_destinations(from, piece),
            _ => Bitboard::EMPTY,
        }
    }

    #[inline]
    fn piece_destinations(&self, from: Square, piece: Piece) -> Bitboard {
        let enemy = self.board.occupied(!piece.color);
        destinations(
            self.tables.geometry,
            piece.color,
            self.board.mobility(piece.kind),
            from,
            self.board.occupied(piece.color),
            enemy,
        ) - self.rules.closed(piece.color, enemy)
    }

    /// Where each movable piece of `color` can move, by node (indexed by
    /// [`Square::index`]), as [`destinations`] says, but a class of pieces
    /// at a time: no per-piece dispatch on the kind.
    #[inline]
    fn targets(&self, color: Color) -> [Bitboard; 64] {
        let geometry = self.tables.geometry;
        let board = &self.board;
        let enemy = board.occupied(!color);
        let occupied = board.occupied(color) | enemy;
        // Never onto an own piece, nor into a guarded Marshal's headquarters.
        let own = board.occupied(color) | self.rules.closed(color, enemy);
        let mut targets = [Bitboard::EMPTY; 64];
        for from in board.movers(color, Mobility::Step) {
            targets[from.index() & 63] = geometry.steps(from) - own;
        }
        for from in board.movers(color, Mobility::Flight) {
            targets[from.index() & 63] = geometry.plane(from) - own;
        }
        for from in board.movers(color, Mobility::Charge) {
            targets[from.index() & 63] =
                (geometry.steps(from) | geometry.charges(color, from, occupied)) - own;
        }
        for from in board.movers(color, Mobility::Slide) {
            targets[from.index() & 63] = geometry.slide(from, occupied) - own;
        }
        for from in board.movers(color, Mobility::Anywhere) {
            targets[from.index() & 63] = geometry.anywhere(color) - own;
        }
        targets
    }

    /// Appends every legal move of the side to move to `moves`, by origin
    /// node and then by destination node (both in [`Square::index`] order).
    #[inline]
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        let targets = self.targets(self.turn);
        let movable =
            self.board.occupied(self.turn) - self.board.movers(self.turn, Mobility::Fixed);
        let jets = self.board.movers(self.turn, Mobility::Anywhere);
        let a1 = Square::from_index_unchecked(0);
        let mut buffer = [Move::step(a1, a1); BUFFER];
        let mut n = 0;
        for from in movable - jets {
            if n + ROOM > BUFFER {
                moves.extend_from_slice(&buffer[..n]);
                n = 0;
            }
            let room = &mut buffer[n..n + ROOM];
            let mut t = targets[from.index() & 63].0;
            // Most pieces have at most four destinations: fill four slots
            // without branching and count only the real ones; the others
            // are overwritten by the next piece or left out at the end.
            for slot in &mut room[..4] {
                *slot = Move::step(
                    from,
                    Square::from_index_unchecked(t.trailing_zeros() as u8 & 63),
                );
                n += (t != 0) as usize;
                t &= t.wrapping_sub(1);
            }
            let mut k = 4;
            while t != 0 {
                room[k] = Move::step(from, Square::from_index_unchecked(t.trailing_zeros() as u8));
                n += 1;
                k += 1;
                t &= t - 1;
            }
        }
        moves.extend_from_slice(&buffer[..n]);
        // A Jet reaches most of the board: its flights go straight out.
        for from in jets {
            moves.extend(
                targets[from.index() & 63]
                    .into_iter()
                    .map(|to| Move::step(from, to)),
            );
        }
        if strike::strikes(self.rules) {
            self.strikes_into(moves);
        }
    }

    /// Appends every strike of the side to move (Classic 25): out of line,
    /// so the other modes' move generation stays as small as it was.
    #[cold]
    #[inline(never)]
    fn strikes_into(&self, moves: &mut Vec<Move>) {
        let turn = self.turn;
        moves.extend(strike::moves(
            self.rules,
            turn,
            self.standing(turn, Kind::Missile),
            self.standing(turn, Kind::AtomicBomb),
        ));
    }

    /// The nodes of `color`'s pieces of `kind`, one that never moves (a
    /// Missile, a bomb): a search of the few immobile pieces.
    #[inline(never)]
    fn standing(&self, color: Color, kind: Kind) -> Bitboard {
        let board = &self.board;
        board
            .movers(color, board.mobility(kind))
            .filter(|&sq| board.piece_at(sq).is_some_and(|p| p.kind == kind))
            .collect()
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Step { from, to } => self.destinations(from).contains(to),
            MoveKind::Strike {
                missile,
                target,
                bomb,
            } => {
                let turn = self.turn;
                strike::is_legal(
                    self.rules,
                    turn,
                    (missile, target, bomb),
                    self.standing(turn, Kind::Missile),
                    self.standing(turn, Kind::AtomicBomb),
                )
            }
        }
    }

    /// Whether `color` could move if it were its turn.
    #[inline]
    pub fn has_legal_move(&self, color: Color) -> bool {
        let geometry = self.tables.geometry;
        let board = &self.board;
        let enemy = board.occupied(!color);
        let occupied = board.occupied(color) | enemy;
        let own = board.occupied(color) | self.rules.closed(color, enemy);
        let movers = |mobility| board.movers(color, mobility);
        let (mut planes, mut chargers) = (movers(Mobility::Flight), movers(Mobility::Charge));
        // Planes and chargers reach every step too: try the steps first,
        // all pieces at once.
        !(geometry.steps_of(movers(Mobility::Step) | planes | chargers) - own).is_empty()
            || planes.any(|from| !(geometry.plane(from) - own).is_empty())
            || chargers.any(|from| !(geometry.charges(color, from, occupied) - own).is_empty())
            || movers(Mobility::Slide)
                .any(|from| !(geometry.slide(from, occupied) - own).is_empty())
            || movers(Mobility::Anywhere).any(|_| !(geometry.anywhere(color) - own).is_empty())
            // A Missile always has a target.
            || (strike::strikes(self.rules) && !self.standing(color, Kind::Missile).is_empty())
    }

    #[inline]
    fn lift(&mut self, sq: Square) -> Piece {
        let piece = self.board.take(sq).expect("a piece to lift");
        self.hash ^= piece_key(piece.color, piece.kind, sq);
        piece
    }

    #[inline]
    fn drop(&mut self, sq: Square, piece: Piece) {
        self.board.place(sq, piece);
        self.hash ^= piece_key(piece.color, piece.kind, sq);
    }

    #[inline]
    fn lose(&mut self, piece: Piece) {
        if self.rules.takes_hq(piece.kind) {
            self.officers[piece.color] -= 1;
        }
    }

    /// Plays a move that must be legal, fights the battle it starts or
    /// fires the strike, and passes the turn. Always inlined: the
    /// referee's and the search's loops play a step every ply.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Announcement {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        let announcement = match mv.kind() {
            MoveKind::Step { from, to } => self.step(from, to),
            MoveKind::Strike { .. } => self.strike(mv),
        };
        self.turn = !self.turn;
        self.hash ^= NORTH_TO_MOVE;
        announcement
    }

    /// Fires the Missile on `missile` at `target` (§8.2): it and a carried
    /// bomb leave the board with what the blast hits. Out of line and
    /// cold, so a step's path stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn strike(&mut self, mv: Move) -> Announcement {
        let (missile, target, bomb) = (mv.from(), mv.to(), mv.carries_bomb());
        let color = self.turn;
        let mut cleared = Bitboard::from_square(missile);
        let bomb = bomb.then(|| {
            let bombs = self.standing(color, Kind::AtomicBomb);
            strike::carried(self.tables.geometry, missile, bombs).expect("a bomb to carry")
        });
        if let Some(bomb) = bomb {
            cleared.add(bomb);
        }
        for sq in cleared {
            let piece = self.lift(sq);
            self.lose(piece);
        }
        let blast = strike::blast(self.rules.shape(), target, bomb.is_some());
        let occupied = self.board.occupied(color) | self.board.occupied(!color);
        let hit = strike::hit(blast, self.standing(!color, Kind::Missile), occupied);
        for sq in hit {
            let piece = self.lift(sq);
            self.lose(piece);
        }
        Announcement::struck(mv, cleared | hit).expect("a strike clears around its target")
    }

    /// Moves the piece on `from` to `to`, fighting the piece there.
    #[inline(always)]
    fn step(&mut self, from: Square, to: Square) -> Announcement {
        let attacker = self.lift(from);
        match self.board.piece_at(to) {
            None => {
                self.drop(to, attacker);
                Announcement::Moved
            }
            Some(defender) => {
                let fights_as = self
                    .board
                    .fights_as(self.rules.shape(), to)
                    .expect("a defender");
                let result = self
                    .rules
                    .battle(attacker.kind, fights_as)
                    .expect("a legal move's piece moves");
                match result {
                    BattleResult::AttackerWins => {
                        self.lift(to);
                        self.lose(defender);
                        self.drop(to, attacker);
                    }
                    BattleResult::DefenderWins => self.lose(attacker),
                    BattleResult::BothRemoved => {
                        self.lift(to);
                        self.lose(defender);
                        self.lose(attacker);
                    }
                }
                Announcement::of(result)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{Preset, random_game};

    /// Legal moves piece by piece, asking [`destinations`] for each: the
    /// definition the class-at-a-time generation must match, order included.
    fn reference_moves(position: &Position, color: Color) -> Vec<Move> {
        let board = position.board();
        board
            .pieces(color)
            .map(|(from, piece)| {
                let targets = destinations(
                    position.rules().geometry(),
                    color,
                    board.mobility(piece.kind),
                    from,
                    board.occupied(color),
                    board.occupied(!color),
                ) - position.rules().closed(color, board.occupied(!color));
                (from, targets)
            })
            .flat_map(|(from, targets)| targets.map(move |to| Move::step(from, to)))
            .collect()
    }

    #[test]
    fn move_generation_matches_the_piece_by_piece_definition() {
        let mut rng = SmallRng::seed_from_u64(17);
        for preset in Preset::ALL {
            for _ in 0..30 {
                let mut game = random_game(preset.rules(), &mut rng);
                while game.outcome().is_none() {
                    let position = game.position();
                    let moves = position.legal_moves();
                    assert_eq!(moves, reference_moves(position, position.turn()));
                    // Appends, keeping what the buffer held.
                    let mut buffer = vec![moves[0]; 70];
                    position.legal_moves_into(&mut buffer);
                    assert_eq!(buffer[..70], vec![moves[0]; 70]);
                    assert_eq!(buffer[70..], moves);
                    for color in Color::ALL {
                        assert_eq!(
                            position.has_legal_move(color),
                            !reference_moves(position, color).is_empty()
                        );
                        let board = position.board();
                        for mobility in Mobility::ALL {
                            let expected: Bitboard = board
                                .pieces(color)
                                .filter(|(_, p)| board.mobility(p.kind) == mobility)
                                .map(|(sq, _)| sq)
                                .collect();
                            assert_eq!(board.movers(color, mobility), expected);
                        }
                    }
                    game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
            }
        }
    }

    /// On Classic 25's board, with Jets (whose flights are listed after
    /// the other pieces' moves): the same moves as the definition.
    #[test]
    fn move_generation_with_jets_matches_the_definition() {
        use crate::{Kind, Mode, PieceId};
        let rules = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let shape = rules.shape();
        let sq = |name: &str| shape.parse_square(name).unwrap();
        let pieces = [
            ("e1", Color::South, Kind::Marshal),
            ("b2", Color::South, Kind::Jet),
            ("h3", Color::South, Kind::Jet),
            ("a1", Color::South, Kind::Engineer),
            ("c3", Color::South, Kind::Tank),
            ("d2", Color::South, Kind::General),
            ("g1", Color::South, Kind::Artillery),
            ("e6", Color::North, Kind::Marshal),
            ("f5", Color::North, Kind::Jet),
            ("a6", Color::North, Kind::Major),
            ("i4", Color::North, Kind::Spy),
            ("c5", Color::North, Kind::Colonel),
        ];
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut ids = ByColor::<u8>::default();
            let pieces = pieces.map(|(name, color, kind)| {
                ids[color] += 1;
                let id = PieceId(ids[color] - 1);
                (sq(name), Piece { color, kind, id })
            });
            let mut position = Position::from_pieces(rules, pieces, Color::South);
            for _ in 0..40 {
                let mut moves = position.legal_moves();
                let mut expected = reference_moves(&position, position.turn());
                if expected.is_empty() {
                    break;
                }
                moves.sort_by_key(|m| (m.from().index(), m.to().index()));
                expected.sort_by_key(|m| (m.from().index(), m.to().index()));
                assert_eq!(moves, expected);
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
