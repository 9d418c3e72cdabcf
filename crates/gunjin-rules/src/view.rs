//! What one player knows of a game: all the UI, the CPU and the server ever
//! hand to a player.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::{
    Bitboard, ByKind, Color, Game, Kind, Move, MoveKind, Outcome, PieceId, PublicBoard, PublicMove,
    PublicPiece, Record, Rules, Setup, Square, destinations, strike,
};

/// The length of a table by [`PieceId`]: every identity a view read from
/// anywhere may hold, not only a camp slot's, so no table lookup fails.
const IDS: usize = u8::MAX as usize + 1;

/// One of the player's own pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OwnPiece {
    pub square: Square,
    pub kind: Kind,
    pub id: PieceId,
}

/// An enemy piece: where it is and which one it is, and what it is only
/// for a kind set up face-up ([`Rules::face_up`]: Classic 25's Marshal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnemyPiece {
    pub square: Square,
    pub id: PieceId,
    /// Left out of the JSON when hidden, so a view of a game without
    /// face-up kinds reads and writes as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
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
/// record only once the game is over. Before the end the one enemy kind it
/// holds is a face-up one ([`Rules::face_up`]), which both players see
/// from the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    side: Color,
    rules: Rules,
    first: Color,
    turn: Color,
    /// `None` for a game from a position; written as today's setup text
    /// otherwise, so stored views still read.
    own_setup: Option<Setup>,
    own: Vec<OwnPiece>,
    enemies: Vec<EnemyPiece>,
    /// The enemy's camp nodes empty at the start (American 21's two):
    /// public, since every piece stands on the board from the start. Left
    /// out of the JSON when none, so stored views read unchanged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    enemy_empty: Vec<Square>,
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
            own_setup: self.setups().map(|setups| setups[side]),
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
                .map(|(square, p)| EnemyPiece {
                    square,
                    id: p.id,
                    kind: self.rules().face_up(p.kind).then_some(p.kind),
                })
                .collect(),
            enemy_empty: self
                .setups()
                .map(|setups| setups[!side].empty_nodes(!side).collect())
                .unwrap_or_default(),
            history: self.history().to_vec(),
            own_losses: self.losses()[side],
            enemy_losses: self.losses()[!side].0.iter().sum(),
            outcome,
            reveal: outcome.map(|_| self.record()),
        }
    }
}

/// A public history that does not replay from the player's own setup: the
/// move at `ply` (0-based) is not one the referee could have announced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicError {
    pub ply: usize,
    pub mv: Move,
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) does not fit the game",
            self.ply + 1,
            self.mv
        )
    }
}

impl std::error::Error for PublicError {}

/// A step that does not fit the view it is applied to (a message out of
/// order, or not meant for this view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepError(pub PublicMove);

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        if step.side != self.turn || self.outcome.is_some() {
            return Err(StepError(*step));
        }
        let mut board: PublicBoard = self.public_pieces().collect();
        let removed = board.play(*step).ok_or(StepError(*step))?;
        let kinds = self.own_kinds();
        // A view read from a message may claim any count: it stays put at
        // the top rather than wrap or panic.
        for (color, id) in removed {
            if color == self.side {
                if let Some(kind) = kinds[id.0 as usize] {
                    self.own_losses[kind] = self.own_losses[kind].saturating_add(1);
                }
            } else {
                self.enemy_losses = self.enemy_losses.saturating_add(1);
            }
        }
        self.set_pieces(&board);
        self.history.push(*step);
        self.turn = !self.turn;
        Ok(())
    }

    /// Both sides' pieces as everyone sees them.
    fn public_pieces(&self) -> impl Iterator<Item = (Square, PublicPiece)> + '_ {
        let own = self.own.iter().map(|p| (p.square, (self.side, p.id)));
        let enemies = self.enemies.iter().map(|e| (e.square, (!self.side, e.id)));
        own.chain(enemies)
    }

    /// The kind of each own piece still on the board, by identity.
    fn own_kinds(&self) -> [Option<Kind>; IDS] {
        let mut kinds = [None; IDS];
        for p in &self.own {
            kinds[p.id.0 as usize] = Some(p.kind);
        }
        kinds
    }

    /// Puts the pieces of `board` in this view, in board order as
    /// `Game::view` lists them, each own piece with the kind it had (its
    /// identity never changes).
    fn set_pieces(&mut self, board: &PublicBoard) {
        let kinds = self.own_kinds();
        self.own = board
            .pieces(self.side)
            .filter_map(|(square, id)| {
                let kind = kinds[id.0 as usize]?;
                Some(OwnPiece { square, kind, id })
            })
            .collect();
        let mut face_up = [None; IDS];
        for e in &self.enemies {
            face_up[e.id.0 as usize] = e.kind;
        }
        self.enemies = board
            .pieces(!self.side)
            .map(|(square, id)| EnemyPiece {
                square,
                id,
                kind: face_up[id.0 as usize],
            })
            .collect();
    }

    /// The view `side` has of a game still on, from what it was told: the
    /// rules, who moved first, its own setup and the public history. It is
    /// exactly the view the referee would give (a view holds no hidden
    /// enemy kind), so a player away from the referee (a bot behind a
    /// protocol) needs no invented enemy army. `enemy_empty`: the enemy's
    /// camp nodes empty at the start ([`Setup::empty_nodes`]; none but in
    /// American 21). A face-up piece (Classic 25's Marshal) is known where
    /// the mode sets it up.
    ///
    /// ```
    /// use gunjin_rules::{ByColor, Color, Game, Rules, Template, View};
    /// let setups = ByColor { south: Template::ALL[0].setup(), north: Template::ALL[3].setup() };
    /// let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
    /// game.play("b4-b5".parse().unwrap()).unwrap();
    /// let view = View::from_public(Rules::KIRAKUKEN, Color::North, Color::South, setups.north, &[], game.history());
    /// assert_eq!(view, Ok(game.view(Color::North)));
    /// ```
    pub fn from_public(
        rules: Rules,
        side: Color,
        first: Color,
        own_setup: Setup,
        enemy_empty: &[Square],
        history: &[PublicMove],
    ) -> Result<View, PublicError> {
        let mut view = View {
            side,
            rules,
            first,
            turn: first,
            own_setup: Some(own_setup),
            own: own_setup
                .start(side)
                .map(|(square, piece)| OwnPiece {
                    square,
                    kind: piece.kind,
                    id: piece.id,
                })
                .collect(),
            enemies: Vec::new(),
            enemy_empty: enemy_empty.to_vec(),
            history: Vec::with_capacity(history.len()),
            own_losses: ByKind::default(),
            enemy_losses: 0,
            outcome: None,
            reveal: None,
        };
        let start = view
            .public_start()
            .expect("a view from a setup has a start");
        // The piece a mode sets up face-up in the headquarters (Classic
        // 25's Marshal) is known from the start.
        let enemy_hq = rules.shape().hq(!side);
        view.enemies = start
            .pieces(!side)
            .filter(|&(square, _)| square == enemy_hq)
            .map(|(square, id)| EnemyPiece {
                square,
                id,
                kind: rules.mode.in_hq().filter(|&k| rules.face_up(k)),
            })
            .collect();
        view.set_pieces(&start);
        for (ply, pm) in history.iter().enumerate() {
            let error = PublicError { ply, mv: pm.mv };
            let legal = pm.side != side || view.allows(pm.mv);
            if !legal {
                return Err(error);
            }
            view.apply(pm).map_err(|_| error)?;
        }
        Ok(view)
    }

    /// This view without the record the end reveals: what the side had
    /// worked out for itself when the game ended, for a review of its
    /// deduction that must not read the enemy's setup.
    pub fn without_reveal(mut self) -> View {
        self.reveal = None;
        self
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
    /// replays every game consistent with what the player knows. `None`
    /// for a game from a position.
    pub fn own_setup(&self) -> Option<&Setup> {
        self.own_setup.as_ref()
    }

    /// The enemy's camp nodes that were empty at the start.
    pub fn enemy_empty(&self) -> &[Square] {
        &self.enemy_empty
    }

    /// The board as both players saw it at the start, each piece by its
    /// identity (its camp slot), the empty camp nodes of both sides left
    /// empty: where a replay of the public history starts. `None` for a
    /// game from a position.
    pub fn public_start(&self) -> Option<PublicBoard> {
        let own = self.own_setup.as_ref()?;
        Some(PublicBoard::seen_at_start(
            self.side,
            own,
            &self.enemy_empty,
        ))
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

    pub(crate) fn enemy_bitboard(&self) -> Bitboard {
        self.enemies.iter().map(|e| e.square).collect()
    }

    /// Where the own piece on `from` may move; the same answer the referee
    /// gives, since movement never depends on enemy kinds.
    pub fn destinations(&self, from: Square) -> Bitboard {
        let enemy = self.enemy_bitboard();
        self.reach(from, enemy) - self.rules.closed(self.side, enemy)
    }

    /// Where the own piece on `from` would move, with the enemy on
    /// `enemy`, were no headquarters closed by its guarded Marshal
    /// ([`Rules::closed`]).
    pub(crate) fn reach(&self, from: Square, enemy: Bitboard) -> Bitboard {
        match self.seen(from) {
            Seen::Own(p) => destinations(
                self.rules.geometry(),
                self.side,
                self.rules.mobility(p.kind),
                from,
                self.own_bitboard(),
                enemy,
            ),
            _ => Bitboard::EMPTY,
        }
    }

    /// The nodes of this player's pieces of `kind`.
    fn own_of(&self, kind: Kind) -> Bitboard {
        self.own
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.square)
            .collect()
    }

    /// Whether `mv` is a move this player's pieces may make (whoever's
    /// turn it is): the referee's answer, which never depends on enemy
    /// kinds.
    pub fn allows(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Step { from, to } => self.destinations(from).contains(to),
            MoveKind::Strike {
                missile,
                target,
                bomb,
            } => strike::is_legal(
                self.rules,
                self.side,
                (missile, target, bomb),
                self.own_of(Kind::Missile),
                self.own_of(Kind::AtomicBomb),
            ),
        }
    }

    /// Every legal move of this player (empty when it is not their turn),
    /// the steps piece by piece, then the strikes.
    pub fn legal_moves(&self) -> Vec<Move> {
        if !self.is_my_turn() {
            return Vec::new();
        }
        let steps = self.own.iter().flat_map(|p| {
            self.destinations(p.square)
                .map(move |to| Move::step(p.square, to))
        });
        let strikes = strike::strikes(self.rules).then(|| {
            strike::moves(
                self.rules,
                self.side,
                self.own_of(Kind::Missile),
                self.own_of(Kind::AtomicBomb),
            )
        });
        steps.chain(strikes.into_iter().flatten()).collect()
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{Announcement, Mode, Preset, random_game};

    #[test]
    fn the_public_history_gives_the_referees_view() {
        let mut rng = SmallRng::seed_from_u64(11);
        // American 21's empty camp nodes are public from the start, and
        // Classic 25's Marshal, with its strikes.
        let modes = Mode::ALL;
        for (preset, mode) in Preset::ALL.into_iter().flat_map(|p| modes.map(|m| (p, m))) {
            for _ in 0..10 {
                let rules = Rules {
                    mode,
                    ..preset.rules()
                };
                let mut game = random_game(rules, &mut rng);
                while game.outcome().is_none() {
                    for side in Color::ALL {
                        let public = View::from_public(
                            game.rules(),
                            side,
                            game.first(),
                            game.setups().unwrap()[side],
                            game.view(side).enemy_empty(),
                            game.history(),
                        );
                        assert_eq!(public, Ok(game.view(side)));
                    }
                    let moves = game.position().legal_moves();
                    game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
            }
        }
    }

    #[test]
    fn a_history_the_referee_could_not_announce_is_refused() {
        let game = random_game(Preset::Kirakuken.rules(), &mut SmallRng::seed_from_u64(2));
        // Both camps are full: every first move is an attack.
        let mv = game.position().legal_moves()[0];
        let first = game.first();
        let at = |announcement| PublicMove {
            side: first,
            mv,
            announcement,
        };
        let setup = game.setups().unwrap()[first];
        let view = |history: &[PublicMove]| {
            View::from_public(game.rules(), first, first, setup, &[], history)
        };
        let no_battle = view(&[at(Announcement::Moved)]);
        assert_eq!(no_battle, Err(PublicError { ply: 0, mv }));
        let wrong_side = PublicMove {
            side: !first,
            ..at(Announcement::BothRemoved)
        };
        assert!(view(&[wrong_side]).is_err());
        assert!(view(&[at(Announcement::BothRemoved)]).is_ok());
    }

    #[test]
    fn a_game_from_a_position_steps_and_replays_like_the_referees() {
        let mut rng = SmallRng::seed_from_u64(5);
        for preset in Preset::ALL {
            let mut before = random_game(preset.rules(), &mut rng);
            for _ in 0..30 {
                let moves = before.position().legal_moves();
                if before.outcome().is_some() || moves.is_empty() {
                    break;
                }
                before
                    .play(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
            let mut game = Game::from_position(before.position().diagram()).unwrap();
            let mut views = Color::ALL.map(|side| game.view(side));
            assert_eq!(views[0].own_setup(), None);
            while game.outcome().is_none() {
                let moves = game.position().legal_moves();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                if game.outcome().is_some() {
                    break;
                }
                for (view, side) in views.iter_mut().zip(Color::ALL) {
                    view.apply(game.history().last().unwrap()).unwrap();
                    assert_eq!(*view, game.view(side));
                }
            }
            let record = game.record();
            assert_eq!(record.to_string().parse::<Record>(), Ok(record.clone()));
            let replayed = record.replay().unwrap();
            assert_eq!(replayed.view(Color::South), game.view(Color::South));
        }
    }
}
