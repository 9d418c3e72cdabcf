//! What one player knows of a game: all the UI, the CPU and the server ever
//! hand to a player.

use serde::{Deserialize, Serialize};

use crate::{
    Announcement, Bitboard, ByKind, Color, Game, Geometry, Kind, Move, Outcome, PieceId,
    PublicMove, Record, Rules, Setup, Square, destinations,
};

/// One of the player's own pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OwnPiece {
    pub square: Square,
    pub kind: Kind,
    pub id: PieceId,
}

/// An enemy piece: where it is and which one it is, never what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnemyPiece {
    pub square: Square,
    pub id: PieceId,
}

/// What stands on a node, as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    Empty,
    Own(OwnPiece),
    Enemy(EnemyPiece),
}

/// A player's view of a game: own pieces with kinds, enemy pieces as
/// anonymous identities, the public history, the losses, and the full
/// record only once the game is over. There is no field an enemy kind could
/// hide in before the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    side: Color,
    rules: Rules,
    first: Color,
    turn: Color,
    own_setup: Setup,
    own: Vec<OwnPiece>,
    enemies: Vec<EnemyPiece>,
    history: Vec<PublicMove>,
    own_losses: ByKind<u8>,
    enemy_losses: u8,
    outcome: Option<Outcome>,
    reveal: Option<Record>,
}

impl Game {
    /// What `side` knows of this game.
    pub fn view(&self, side: Color) -> View {
        let board = self.position().board();
        let outcome = self.outcome();
        View {
            side,
            rules: self.rules(),
            first: self.first(),
            turn: self.position().turn(),
            own_setup: self.setups()[side],
            own: board
                .pieces(side)
                .map(|(square, p)| OwnPiece {
                    square,
                    kind: p.kind,
                    id: p.id,
                })
                .collect(),
            enemies: board
                .pieces(!side)
                .map(|(square, p)| EnemyPiece { square, id: p.id })
                .collect(),
            history: self.history().to_vec(),
            own_losses: self.losses()[side],
            enemy_losses: self.losses()[!side].0.iter().sum(),
            outcome,
            reveal: outcome.map(|_| self.record()),
        }
    }
}

/// A step that does not fit the view it is applied to (a message out of
/// order, or not meant for this view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepError(pub PublicMove);

impl core::fmt::Display for StepError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "the move {} does not fit this view", self.0.mv)
    }
}

impl std::error::Error for StepError {}

impl View {
    /// The view after `step`, a move of a game that goes on, from what it
    /// announced alone: which piece moved where and which left the board.
    /// The same view the referee gives after it (`Game::view`), so a server
    /// sends a player each move's public part, not the whole view again.
    /// The end of a game comes as a whole view, with the reveal.
    pub fn apply(&mut self, step: &PublicMove) -> Result<(), StepError> {
        let Move { from, to } = step.mv;
        let mover_own = step.side == self.side;
        // A battle needs a defender on `to`; a plain move, an empty node.
        let target_fits = match step.announcement {
            Announcement::Moved => !self.occupied(to, true) && !self.occupied(to, false),
            _ => self.occupied(to, !mover_own),
        };
        let fits = step.side == self.turn
            && self.outcome.is_none()
            && self.occupied(from, mover_own)
            && target_fits;
        if !fits {
            return Err(StepError(*step));
        }
        // The defender first, so the attacker may take its node.
        if matches!(
            step.announcement,
            Announcement::DefenderRemoved | Announcement::BothRemoved
        ) {
            self.remove(to, !mover_own);
        }
        if matches!(
            step.announcement,
            Announcement::AttackerRemoved | Announcement::BothRemoved
        ) {
            self.remove(from, mover_own);
        } else {
            self.relocate(from, to, mover_own);
        }
        self.history.push(*step);
        self.turn = !self.turn;
        Ok(())
    }

    fn occupied(&self, sq: Square, own: bool) -> bool {
        if own {
            self.own.iter().any(|p| p.square == sq)
        } else {
            self.enemies.iter().any(|e| e.square == sq)
        }
    }

    /// Takes the piece on `sq` (checked to be there) off the board,
    /// counting the loss.
    fn remove(&mut self, sq: Square, own: bool) {
        if own {
            if let Some(at) = self.own.iter().position(|p| p.square == sq) {
                let piece = self.own.remove(at);
                self.own_losses[piece.kind] += 1;
            }
        } else if let Some(at) = self.enemies.iter().position(|e| e.square == sq) {
            self.enemies.remove(at);
            self.enemy_losses += 1;
        }
    }

    /// Moves the piece on `from` (checked to be there) to `to`, keeping
    /// the pieces in board order as `Game::view` lists them.
    fn relocate(&mut self, from: Square, to: Square, own: bool) {
        if own {
            self.own
                .iter_mut()
                .filter(|p| p.square == from)
                .for_each(|p| p.square = to);
            self.own.sort_by_key(|p| p.square.index());
        } else {
            self.enemies
                .iter_mut()
                .filter(|e| e.square == from)
                .for_each(|e| e.square = to);
            self.enemies.sort_by_key(|e| e.square.index());
        }
    }

    /// The side this view belongs to.
    pub fn side(&self) -> Color {
        self.side
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn first(&self) -> Color {
        self.first
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether it is this player's move in a game still on.
    pub fn is_my_turn(&self) -> bool {
        self.turn == self.side && self.outcome.is_none()
    }

    /// The setup this player started from: with the public history it
    /// replays every game consistent with what the player knows.
    pub fn own_setup(&self) -> &Setup {
        &self.own_setup
    }

    pub fn own(&self) -> &[OwnPiece] {
        &self.own
    }

    pub fn enemies(&self) -> &[EnemyPiece] {
        &self.enemies
    }

    pub fn history(&self) -> &[PublicMove] {
        &self.history
    }

    /// Moves played so far, towards the [`MOVE_LIMIT`](crate::MOVE_LIMIT).
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// This player's lost pieces by kind.
    pub fn own_losses(&self) -> &ByKind<u8> {
        &self.own_losses
    }

    /// How many pieces the enemy has lost (their kinds stay hidden).
    pub fn enemy_losses(&self) -> u8 {
        self.enemy_losses
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The whole game with both setups, once it is over.
    pub fn reveal(&self) -> Option<&Record> {
        self.reveal.as_ref()
    }

    pub fn seen(&self, sq: Square) -> Seen {
        if let Some(&p) = self.own.iter().find(|p| p.square == sq) {
            Seen::Own(p)
        } else if let Some(&e) = self.enemies.iter().find(|e| e.square == sq) {
            Seen::Enemy(e)
        } else {
            Seen::Empty
        }
    }

    fn own_bitboard(&self) -> Bitboard {
        self.own.iter().map(|p| p.square).collect()
    }

    fn enemy_bitboard(&self) -> Bitboard {
        self.enemies.iter().map(|e| e.square).collect()
    }

    /// Where the own piece on `from` may move; the same answer the referee
    /// gives, since movement never depends on enemy kinds.
    pub fn destinations(&self, from: Square) -> Bitboard {
        match self.seen(from) {
            Seen::Own(p) => destinations(
                Geometry::of(self.rules.front),
                self.side,
                p.kind,
                from,
                self.own_bitboard(),
                self.enemy_bitboard(),
            ),
            _ => Bitboard::EMPTY,
        }
    }

    /// Every legal move of this player (empty when it is not their turn).
    pub fn legal_moves(&self) -> Vec<Move> {
        if !self.is_my_turn() {
            return Vec::new();
        }
        self.own
            .iter()
            .flat_map(|p| {
                self.destinations(p.square)
                    .map(move |to| Move::Step { from: p.square, to })
            })
            .collect()
    }
}
