//! A game from setup to result: turn order, history and every way it ends.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::{
    Announcement, Bitboard, ByColor, ByKind, Color, Diagram, Kind, Move, MoveKind, Position,
    PositionError, Record, Rules, Setup, SetupError, Shape, Start,
};

/// After this many moves in total the game is drawn.
pub const MOVE_LIMIT: usize = 300;

/// The same position occurring this many times draws the game.
pub const REPETITION_LIMIT: usize = 4;

/// A move as everyone saw it: the squares and the referee's announcement.
///
/// In JSON a strike's announcement names the nodes it cleared:
///
/// ```
/// use gunjin_rules::{Announcement, Bitboard, Color, PublicMove, Square};
/// let mv = "b2*e5".parse().unwrap();
/// let cleared: Bitboard = ["b2", "e5", "e4"].map(|s| s.parse::<Square>().unwrap()).into_iter().collect();
/// let pm = PublicMove { side: Color::South, mv, announcement: Announcement::struck(mv, cleared).unwrap() };
/// let json = r#"{"side":"South","move":"b2*e5","announcement":{"Struck":["b2","e4","e5"]}}"#;
/// assert_eq!(serde_json::to_string(&pm).unwrap(), json);
/// assert_eq!(serde_json::from_str::<PublicMove>(json).unwrap(), pm);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StoredMove", try_from = "StoredMove")]
pub struct PublicMove {
    pub side: Color,
    pub mv: Move,
    pub announcement: Announcement,
}

/// A [`PublicMove`] as it is stored: a strike's announcement as the list
/// of its cleared nodes, which needs no move to read.
#[derive(Serialize, Deserialize)]
#[serde(rename = "PublicMove")]
struct StoredMove {
    side: Color,
    #[serde(rename = "move")]
    mv: Move,
    announcement: StoredAnnouncement,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Announcement")]
enum StoredAnnouncement {
    Moved,
    AttackerRemoved,
    DefenderRemoved,
    BothRemoved,
    Struck(Bitboard),
}

impl From<PublicMove> for StoredMove {
    fn from(pm: PublicMove) -> StoredMove {
        let announcement = match pm.announcement {
            Announcement::Moved => StoredAnnouncement::Moved,
            Announcement::AttackerRemoved => StoredAnnouncement::AttackerRemoved,
            Announcement::DefenderRemoved => StoredAnnouncement::DefenderRemoved,
            Announcement::BothRemoved => StoredAnnouncement::BothRemoved,
            Announcement::Struck(_) => StoredAnnouncement::Struck(pm.announcement.cleared(pm.mv)),
        };
        StoredMove {
            side: pm.side,
            mv: pm.mv,
            announcement,
        }
    }
}

impl TryFrom<StoredMove> for PublicMove {
    type Error = String;

    fn try_from(stored: StoredMove) -> Result<PublicMove, String> {
        let mv = stored.mv;
        let announcement = match stored.announcement {
            StoredAnnouncement::Moved => Announcement::Moved,
            StoredAnnouncement::AttackerRemoved => Announcement::AttackerRemoved,
            StoredAnnouncement::DefenderRemoved => Announcement::DefenderRemoved,
            StoredAnnouncement::BothRemoved => Announcement::BothRemoved,
            StoredAnnouncement::Struck(cleared) => Announcement::struck(mv, cleared)
                .ok_or_else(|| format!("no strike {mv} clears {cleared:?}"))?,
        };
        Ok(PublicMove {
            side: stored.side,
            mv,
            announcement,
        })
    }
}

impl PublicMove {
    /// Whether this move, made by a piece of `kind`, took the enemy
    /// headquarters of `shape` and so won: an officer of Major or above that entered
    /// it and stayed (the one rule of a win by headquarters).
    #[inline]
    pub fn takes_hq(&self, shape: &Shape, kind: Kind) -> bool {
        kind.takes_hq() && self.enters_hq(shape)
    }

    /// Whether the moving piece, whatever its kind, stands in the enemy
    /// headquarters of `shape` after this move: an officer that does so has won, any
    /// other piece is no officer (the game went on).
    #[inline]
    pub fn enters_hq(&self, shape: &Shape) -> bool {
        self.mv.to() == shape.hq(!self.side) && !self.announcement.attacker_removed()
    }
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// An officer of Major or above entered the enemy headquarters.
    HeadquartersTaken {
        by: Kind,
    },
    /// An officer of Major or above took the Marshal in its headquarters
    /// (Classic 25).
    MarshalTaken {
        by: Kind,
    },
    /// The loser had no legal move on their turn.
    NoLegalMove,
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// Neither side has an officer of Major or above left.
    NoOfficers,
    /// [`MOVE_LIMIT`] moves were played.
    MoveLimit,
    /// The same position occurred [`REPETITION_LIMIT`] times.
    Repetition,
    /// The players agreed to a draw (one offered it, the other accepted).
    Agreement,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// A move or resignation the game refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver,
    /// Not a legal move for the side to move.
    IllegalMove {
        mv: Move,
        side: Color,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::IllegalMove { mv, side } => write!(f, "{mv} is not a legal move for {side}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game as the referee runs it: the true position, everything that
/// happened, and the result once there is one.
///
/// ```
/// use gunjin_rules::{ByColor, Color, Game, Rules, Template};
/// let setups = ByColor { south: Template::ALL[0].setup(), north: Template::ALL[1].setup() };
/// let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
/// game.play("a4-a3".parse().unwrap()).unwrap_err(); // a3 holds a South piece
/// game.play("b4-b5".parse().unwrap()).unwrap();      // over the bridge
/// assert_eq!(game.position().turn(), Color::North);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    start: Start,
    history: Vec<PublicMove>,
    /// Hashes since the last battle (earlier positions cannot come back).
    since_battle: Vec<u64>,
    losses: ByColor<ByKind<u8>>,
    resigned: Option<Color>,
    /// The players agreed to a draw.
    agreed: bool,
    outcome: Option<Outcome>,
}

impl Game {
    /// Starts a game; the setups must satisfy the placement option.
    pub fn new(rules: Rules, setups: ByColor<Setup>, first: Color) -> Result<Game, SetupError> {
        setups.south.check(rules)?;
        setups.north.check(rules)?;
        let position = Position::new(rules, &setups, first);
        let start = Start::Setups {
            rules,
            first,
            setups,
        };
        Ok(Game::starting(position, start))
    }

    /// Starts a game from a position written down (a puzzle, a test, an
    /// ending to study), its side to move first. Such a game has no
    /// setups; each side's pieces are numbered in node order.
    ///
    /// ```
    /// use gunjin_rules::Game;
    /// let mut game = Game::from_position("htsrf 1g3/6/6/6/6/6/6/4X n".parse().unwrap()).unwrap();
    /// assert_eq!(game.setups(), None);
    /// game.play("b8-b7".parse().unwrap()).unwrap();
    /// assert_eq!(game.record().to_string(), "htsrf 1g3/6/6/6/6/6/6/4X n b8-b7");
    /// ```
    pub fn from_position(diagram: Diagram) -> Result<Game, PositionError> {
        let position = Position::from_diagram(&diagram)?;
        let mut game = Game::starting(position, Start::Position(diagram));
        // A position written down may be decided already. Two setups
        // never are (each army has a Plane or a Jet, which always reaches
        // the enemy camp), so `Game::new` does not ask: `play` stays the
        // one caller of `Position::outcome` in the referee's loop, where
        // it is inlined (a second caller cost random playouts 1%).
        game.outcome = game.position.outcome();
        Ok(game)
    }

    /// A game at `position`, before its first move.
    fn starting(position: Position, start: Start) -> Game {
        // Room for a whole game up front: no regrowing on the hot path.
        let mut since_battle = Vec::with_capacity(64);
        since_battle.push(position.hash());
        Game {
            since_battle,
            position,
            start,
            history: Vec::with_capacity(MOVE_LIMIT),
            losses: ByColor::default(),
            resigned: None,
            agreed: false,
            outcome: None,
        }
    }

    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.position.rules()
    }

    /// Both setups, unless the game began from a position.
    pub fn setups(&self) -> Option<&ByColor<Setup>> {
        self.start.setups()
    }

    /// Who moved first.
    pub fn first(&self) -> Color {
        self.start.first()
    }

    /// Where the game began.
    pub fn start(&self) -> &Start {
        &self.start
    }

    pub fn history(&self) -> &[PublicMove] {
        &self.history
    }

    /// Pieces each side has lost, by kind.
    pub fn losses(&self) -> &ByColor<ByKind<u8>> {
        &self.losses
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a move of the side to move and ends the game if it is over.
    pub fn play(&mut self, mv: Move) -> Result<Announcement, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let side = self.position.turn();
        if !self.position.is_legal(mv) {
            return Err(PlayError::IllegalMove { mv, side });
        }
        let announcement = match mv.kind() {
            MoveKind::Step { from, to } => {
                let board = self.position.board();
                let attacker = board.piece_at(from).expect("a legal move has a piece");
                let defender = board.piece_at(to);
                let announcement = self.position.play_unchecked(mv);
                if announcement.attacker_removed() {
                    self.losses[side][attacker.kind] += 1;
                }
                if let Some(defender) = defender.filter(|_| announcement.defender_removed()) {
                    self.losses[!side][defender.kind] += 1;
                }
                announcement
            }
            MoveKind::Strike { .. } => self.strike(mv),
        };
        if announcement != Announcement::Moved {
            self.since_battle.clear();
        }
        self.since_battle.push(self.position.hash());
        let public = PublicMove {
            side,
            mv,
            announcement,
        };
        self.history.push(public);
        self.outcome = self.end();
        Ok(announcement)
    }

    /// Fires the strike `mv` and counts what it cleared. Any node of the
    /// board may lose a piece: look at them before. Out of line and cold,
    /// so the step's path of [`Game::play`] stays small.
    #[cold]
    #[inline(never)]
    fn strike(&mut self, mv: Move) -> Announcement {
        let before = self.position.board().clone();
        let announcement = self.position.play_unchecked(mv);
        for sq in announcement.cleared(mv) {
            let piece = before.piece_at(sq).expect("a cleared node held a piece");
            self.losses[piece.color][piece.kind] += 1;
        }
        announcement
    }

    /// The result after a move, if the game is over: what the position
    /// shows (wins before draws), then the draws of the history.
    fn end(&self) -> Option<Outcome> {
        let reason = if let Some(outcome) = self.position.outcome() {
            return Some(outcome);
        } else if self.history.len() >= MOVE_LIMIT {
            DrawReason::MoveLimit
        } else if self.repetitions() >= REPETITION_LIMIT {
            DrawReason::Repetition
        } else {
            return None;
        };
        Some(Outcome::Draw { reason })
    }

    /// How often the current position has occurred.
    pub fn repetitions(&self) -> usize {
        self.occurrences(self.position.hash(), 0)
    }

    /// How often the position `hash` occurred since the last battle with
    /// the side to move `back` plies before now (0: the current side).
    fn occurrences(&self, hash: u64, back: usize) -> usize {
        self.since_battle
            .iter()
            .rev()
            .skip(back)
            .step_by(2)
            .filter(|&&h| h == hash)
            .count()
    }

    /// Whether the side to move can draw at once by a move to the fourth
    /// repetition of a position: a player ahead must not let it.
    pub fn repetition_in_reach(&self) -> bool {
        let board = self.position.board();
        self.outcome.is_none()
            && self.history.len() + 1 < MOVE_LIMIT
            && self.position.legal_moves().into_iter().any(|mv| {
                !mv.is_strike() && board.piece_at(mv.to()).is_none() && {
                    let mut after = self.position.clone();
                    after.play_unchecked(mv);
                    // Its earlier occurrences, with the other side to
                    // move, and itself.
                    after.outcome().is_none()
                        && 1 + self.occurrences(after.hash(), 1) >= REPETITION_LIMIT
                }
            })
    }

    /// `side` gives up; allowed on either turn while the game is on.
    pub fn resign(&mut self, side: Color) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        self.resigned = Some(side);
        self.outcome = Some(Outcome::Win {
            winner: !side,
            reason: WinReason::Resignation,
        });
        Ok(())
    }

    /// The players agree to a draw (an offer accepted), on either turn
    /// while the game is on.
    ///
    /// ```
    /// use gunjin_rules::{DrawReason, Game, Outcome};
    /// let mut game = Game::from_position("htsrf 1g3/6/6/6/6/6/6/4X n".parse().unwrap()).unwrap();
    /// game.agree_draw().unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }));
    /// assert_eq!(game.record().to_string(), "htsrf 1g3/6/6/6/6/6/6/4X n draw");
    /// ```
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        self.agreed = true;
        self.outcome = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        Ok(())
    }

    /// The record that replays this game.
    pub fn record(&self) -> Record {
        Record {
            start: self.start,
            moves: self.history.iter().map(|m| m.mv).collect(),
            resigned: self.resigned,
            agreed: self.agreed,
        }
    }
}
