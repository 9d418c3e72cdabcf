//! Watching a table: a spectator's part of the messages. A spectator
//! holds no seat and acts on nothing but the chat of its own room; it is
//! told what everyone may know, never more: at a Gunjin table both armies
//! face down ([`PublicGame`]), every announcement and the clock, then the
//! record at the end; at a Shogi table (which hides nothing) the game as
//! the seats get it.

use gunjin_rules::{ByColor, Color, Game, Outcome, PublicBoard, PublicMove, Rules, Square};
use serde::{Deserialize, Serialize};

use crate::TableState;
use crate::parts::Part;

/// What a spectator, or a seated player, asks of a table's audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WatchAct {
    /// Watches the table of a watch link under a name: the first message
    /// of a spectator's connection, which then holds no seat.
    Watch { table: String, name: String },
    /// A seated player (either) allows spectators or forbids them: those
    /// watching are then sent away.
    Spectators { allowed: bool },
}

impl Part for WatchAct {}

/// What a spectator is told, and what the seats are told of the audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WatchNews {
    /// The connection watches this table (a spectator's welcome).
    Watching { table: String },
    /// The table as a spectator sees it: `you` is South, the side the
    /// board is seen from, and a setup's draft is always blank.
    Stand(TableState),
    /// How many watch, and whether spectators are allowed: sent to seats
    /// and spectators whenever either changes.
    Audience { watching: u32, allowed: bool },
    /// A Gunjin game as everyone may know it: on watching and after a
    /// game's last move; the other moves come as the seats'
    /// [`Step`](crate::GunjinNews::Step)s.
    Public(PublicGame),
}

impl Part for WatchNews {}

/// A Gunjin game with both armies face down: the rules, who moved first,
/// the camp nodes left empty at the start (American 21's, public since
/// every piece stands on the board) and the public history. A face-up
/// kind (Classic 25's Marshal) is the rules' to tell ([`Rules::face_up`]),
/// not the message's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicGame {
    pub rules: Rules,
    pub first: Color,
    pub empty: ByColor<Vec<Square>>,
    pub history: Vec<PublicMove>,
    /// The side to move (the rules' answer, not the history's).
    pub turn: Color,
    pub outcome: Option<Outcome>,
}

impl PublicGame {
    /// What everyone may know of `game`, read from each side's view of
    /// the other (the views hold no hidden kind).
    ///
    /// ```
    /// use gunjin_rules::{ByColor, Color, Game, Rules, Template};
    /// use gunjin_table::PublicGame;
    /// let setups = ByColor { south: Template::ALL[0].setup(), north: Template::ALL[3].setup() };
    /// let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
    /// game.play("b4-b5".parse().unwrap()).unwrap();
    /// let public = PublicGame::of(&game);
    /// for side in Color::ALL {
    ///     let own = game.view(side).own().len();
    ///     assert_eq!(public.board().occupied(side).count() as usize, own);
    /// }
    /// assert_eq!(public.turn, Color::North);
    /// ```
    pub fn of(game: &Game) -> PublicGame {
        PublicGame {
            rules: game.rules(),
            first: game.first(),
            empty: ByColor::new_with(|side| game.view(!side).enemy_empty().to_vec()),
            history: game.history().to_vec(),
            turn: game.position().turn(),
            outcome: game.outcome(),
        }
    }

    /// The board with every piece face down, as the history leaves it.
    pub fn board(&self) -> PublicBoard {
        let empty: Vec<Square> = Color::ALL
            .iter()
            .flat_map(|&side| self.empty[side].iter().copied())
            .collect();
        let mut board = PublicBoard::start(self.rules.shape(), &empty);
        for &step in &self.history {
            board.play(step);
        }
        board
    }
}
