//! A Shogi game against the CPU or a friend on the same device: the
//! referee is `shogi_rules::Game`; this adds which side the player has (in
//! a game with a friend, both), the CPU's level and seed, who played and
//! since when (a KIF's header), the take-back (待った) and the stored
//! form, which is the game's record replayed through the rules on a
//! reload.

use serde::{Deserialize, Serialize};
use shogi_rules::{Color, Game, KifHeader, Move, Outcome, PlayError, Record, RecordError};

use crate::shogi::settings::{First, Level, ShogiSettings};
use crate::storage::{Entry, What};
use shogi_worker_protocol::Decision;

/// Who plays the other side: the CPU, a friend on the same device
/// (pass-and-play: both sides are played here, by turns), or someone at
/// an online table (the server referees; the game is never stored here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    #[default]
    Cpu,
    Friend,
    Table,
}

impl Opponent {
    /// Not written when it is the CPU, so the texts stored before there
    /// was a choice are the texts stored now.
    pub fn is_cpu(&self) -> bool {
        *self == Opponent::Cpu
    }
}

/// The game in progress as stored: replayed through the rules on reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedShogi {
    pub record: Record,
    pub you: Color,
    pub level: Level,
    pub seed: u64,
    /// Left out for the CPU, so a stored game of an earlier build reads
    /// as it always did (no new schema version).
    #[serde(default, skip_serializing_if = "Opponent::is_cpu")]
    pub opponent: Opponent,
    /// With a friend, the board stays still instead of turning for the
    /// side to move (face to face across a table).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub still_board: bool,
    /// Who played each side and when the game began, as a KIF writes them
    /// (left out when unknown, as in the games of earlier builds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sente: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gote: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
}

impl SavedShogi {
    /// How many moves the stored game has, if it is still being played (it
    /// replays and is not over): a new game over it is asked about first.
    pub fn in_progress(&self) -> Option<usize> {
        let session = Session::resume(self).ok()?;
        let game = session.game();
        game.outcome().is_none().then(|| game.moves().len())
    }
}

impl Entry for SavedShogi {
    const KEY: &'static str = "shogi.game";
    const VERSION: u32 = 1;
    const WHAT: What = What::ShogiGame;
}

#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    you: Color,
    level: Level,
    seed: u64,
    opponent: Opponent,
    still_board: bool,
    header: KifHeader,
}

impl Session {
    /// A new game with the home page's choices, against `opponent`.
    pub fn new(settings: &ShogiSettings, seed: u64, opponent: Opponent) -> Session {
        let game = Game::handicap(settings.handicap);
        let first = game.position().turn();
        let you = match (opponent, settings.first) {
            // Both sides are played here; Sente's is drawn at the bottom.
            (Opponent::Friend | Opponent::Table, _) => Color::Sente,
            (Opponent::Cpu, First::You) => first,
            (Opponent::Cpu, First::Cpu) => !first,
        };
        Session::from_game(game, you, settings.level, seed, opponent)
    }

    /// A game read elsewhere (an imported record), played on from where it
    /// stands.
    pub fn from_game(
        game: Game,
        you: Color,
        level: Level,
        seed: u64,
        opponent: Opponent,
    ) -> Session {
        Session {
            game,
            you,
            level,
            seed,
            opponent,
            still_board: false,
            header: KifHeader::default(),
        }
    }

    /// The same game, under `header` (its players, its start).
    pub fn with_header(self, header: KifHeader) -> Session {
        Session { header, ..self }
    }

    /// Who played and since when, as far as known.
    pub fn header(&self) -> &KifHeader {
        &self.header
    }

    /// The stored game, replayed move by move through the rules.
    pub fn resume(saved: &SavedShogi) -> Result<Session, RecordError> {
        Ok(Session {
            game: saved.record.replay()?,
            you: saved.you,
            level: saved.level,
            seed: saved.seed,
            opponent: saved.opponent,
            still_board: saved.still_board,
            header: KifHeader {
                sente: saved.sente.clone(),
                gote: saved.gote.clone(),
                started: saved.started.clone(),
            },
        })
    }

    pub fn saved(&self) -> SavedShogi {
        SavedShogi {
            record: self.game.record(),
            you: self.you,
            level: self.level,
            seed: self.seed,
            opponent: self.opponent,
            still_board: self.still_board,
            sente: self.header.sente.clone(),
            gote: self.header.gote.clone(),
            started: self.header.started.clone(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's side (with a friend, the side drawn at the bottom
    /// when the board stays still).
    pub fn you(&self) -> Color {
        self.you
    }

    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    pub fn still_board(&self) -> bool {
        self.still_board
    }

    pub fn set_still_board(&mut self, still: bool) {
        self.still_board = still;
    }

    /// The side whose pieces may be moved here now: the player's against
    /// the CPU, the side to move with a friend.
    pub fn mover(&self) -> Color {
        match self.opponent {
            Opponent::Cpu | Opponent::Table => self.you,
            Opponent::Friend => self.game.position().turn(),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed of the CPU's next decision: one per move, so that a
    /// take-back and the same move again get the same answer.
    pub fn cpu_seed(&self) -> u64 {
        self.seed ^ self.game.moves().len() as u64
    }

    fn is_turn_of(&self, side: Color) -> bool {
        self.game.outcome().is_none() && self.game.position().turn() == side
    }

    pub fn is_your_turn(&self) -> bool {
        self.is_turn_of(self.mover())
    }

    pub fn is_cpu_turn(&self) -> bool {
        self.opponent == Opponent::Cpu && self.is_turn_of(!self.you)
    }

    /// The player's move; refused on the CPU's turn.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if !self.is_your_turn() {
            return Err(PlayError::IllegalMove(mv));
        }
        self.game.play(mv)
    }

    /// What the CPU decided, on its turn.
    pub fn cpu_decides(&mut self, decision: Decision) -> Result<(), PlayError> {
        if !self.is_cpu_turn() {
            return Err(PlayError::GameOver);
        }
        match decision {
            Decision::Move(mv) => self.game.play(mv),
            Decision::Declare => self.game.declare().map(drop),
            Decision::Resign => self.game.resign(!self.you).map(drop),
        }
    }

    /// The player resigns (with a friend, the side to move).
    pub fn resign(&mut self) -> Result<Outcome, PlayError> {
        self.game.resign(self.mover())
    }

    /// Whether the player may declare an impasse now: their turn, and the
    /// rules say the declaration wins (it is not offered otherwise).
    pub fn can_declare(&self) -> bool {
        self.is_your_turn() && self.game.position().can_declare()
    }

    pub fn declare(&mut self) -> Result<Outcome, PlayError> {
        if !self.can_declare() {
            return Err(PlayError::GameOver);
        }
        self.game.declare()
    }

    /// Whether there is a move of the player's to take back (with a
    /// friend, any move): not after a resignation or a declaration, nor
    /// at a table.
    pub fn can_undo(&self) -> bool {
        if self.opponent == Opponent::Table {
            return false;
        }
        let played = self.game.moves().len();
        let you_first = self.game.start().turn() == self.you;
        let friend = self.opponent == Opponent::Friend;
        self.game.ending().is_none() && (played >= 2 || (played == 1 && (you_first || friend)))
    }

    /// Takes back the CPU's reply, if any, and the player's last move;
    /// with a friend, the last move alone (one ply).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if self.opponent == Opponent::Friend {
            return self.game.undo().is_some();
        }
        while let Some(_taken) = self.game.undo() {
            if self.game.position().turn() == self.you {
                break;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use shogi_rules::{EndReason, Handicap};

    use super::*;
    use crate::storage::{from_text, to_text};

    fn mv(usi: &str) -> Move {
        usi.parse().unwrap()
    }

    #[test]
    fn the_side_that_moves_first_is_chosen_and_the_giver_moves_first() {
        let mut settings = ShogiSettings::default();
        assert_eq!(
            Session::new(&settings, 1, Opponent::Cpu).you(),
            Color::Sente
        );
        settings.first = First::Cpu;
        assert_eq!(Session::new(&settings, 1, Opponent::Cpu).you(), Color::Gote);
        settings.handicap = Handicap::Bishop;
        let session = Session::new(&settings, 1, Opponent::Cpu);
        // The CPU moves first, so it gives the handicap and plays Gote.
        assert_eq!(session.you(), Color::Sente);
        assert!(session.is_cpu_turn());
    }

    #[test]
    fn a_game_is_stored_and_replayed() {
        let mut session = Session::new(&ShogiSettings::default(), 9, Opponent::Cpu);
        session.play(mv("7g7f")).unwrap();
        session.cpu_decides(Decision::Move(mv("3c3d"))).unwrap();
        let text = to_text(&session.saved());
        let back = Session::resume(&from_text::<SavedShogi>(&text).unwrap()).unwrap();
        assert_eq!(back.game().moves(), session.game().moves());
        assert_eq!(back.you(), Color::Sente);
        // A record that does not replay is refused, not half read.
        let mut broken = session.saved();
        broken.record.moves.push(mv("5a5b"));
        assert!(Session::resume(&broken).is_err());
    }

    #[test]
    fn only_a_game_still_played_is_in_progress() {
        let mut session = Session::new(&ShogiSettings::default(), 9, Opponent::Friend);
        assert_eq!(session.saved().in_progress(), Some(0));
        session.play(mv("7g7f")).unwrap();
        assert_eq!(session.saved().in_progress(), Some(1));
        // Gote to move, and 7g is empty now: a record that does not replay.
        let mut broken = session.saved();
        broken.record.moves.push(mv("7g7f"));
        assert_eq!(broken.in_progress(), None);
        session.resign().unwrap();
        assert_eq!(session.saved().in_progress(), None);
    }

    #[test]
    fn moves_out_of_turn_are_refused() {
        let mut session = Session::new(&ShogiSettings::default(), 0, Opponent::Cpu);
        assert!(session.cpu_decides(Decision::Move(mv("7g7f"))).is_err());
        session.play(mv("7g7f")).unwrap();
        assert!(session.play(mv("2g2f")).is_err());
    }

    #[test]
    fn undo_takes_back_the_reply_and_the_players_move() {
        let mut session = Session::new(&ShogiSettings::default(), 0, Opponent::Cpu);
        assert!(!session.can_undo());
        session.play(mv("7g7f")).unwrap();
        assert!(session.can_undo());
        session.cpu_decides(Decision::Move(mv("3c3d"))).unwrap();
        assert!(session.undo());
        assert!(session.game().moves().is_empty());
        assert!(session.is_your_turn());
        session.play(mv("2g2f")).unwrap();
        session.resign().unwrap();
        assert!(!session.can_undo());
    }

    #[test]
    fn a_friend_plays_the_other_side_and_a_take_back_is_one_ply() {
        let mut session = Session::new(&ShogiSettings::default(), 3, Opponent::Friend);
        session.set_still_board(true);
        assert!(!session.is_cpu_turn());
        session.play(mv("7g7f")).unwrap();
        assert_eq!(session.mover(), Color::Gote);
        session.play(mv("3c3d")).unwrap();
        assert!(session.undo());
        assert_eq!(session.game().moves(), &[mv("7g7f")]);
        assert!(session.undo());
        assert!(!session.can_undo());
        session.play(mv("7g7f")).unwrap();
        let text = to_text(&session.saved());
        assert!(text.contains(r#""opponent":"friend""#));
        let back = Session::resume(&from_text::<SavedShogi>(&text).unwrap()).unwrap();
        assert_eq!(back.opponent(), Opponent::Friend);
        assert_eq!(back.mover(), Color::Gote);
        assert!(back.still_board());
        // Gote resigns on its turn.
        session.resign().unwrap();
        assert_eq!(session.game().outcome().unwrap().winner, Some(Color::Sente));
    }

    #[test]
    fn the_players_and_the_start_are_stored_with_the_game() {
        let header = KifHeader {
            sente: Some("Aki".into()),
            gote: Some("CPU (Beginner)".into()),
            started: Some("2026/12/07 09:30:00".into()),
        };
        let session =
            Session::new(&ShogiSettings::default(), 9, Opponent::Cpu).with_header(header.clone());
        let text = to_text(&session.saved());
        assert!(
            text.contains(
                r#""sente":"Aki","gote":"CPU (Beginner)","started":"2026/12/07 09:30:00""#
            )
        );
        let back = Session::resume(&from_text::<SavedShogi>(&text).unwrap()).unwrap();
        assert_eq!(back.header(), &header);
    }

    #[test]
    fn a_game_stored_by_the_build_before_the_opponent_choice_still_reads() {
        // Written by the build of 43a8bc3 (CPU games only).
        let text = r#"{"version":1,"record":{"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d"]},"you":"sente","level":"beginner","seed":7}"#;
        let saved = from_text::<SavedShogi>(text).unwrap();
        assert_eq!(saved.opponent, Opponent::Cpu);
        let session = Session::resume(&saved).unwrap();
        assert_eq!(session.game().moves().len(), 2);
        // A CPU game is written as before.
        assert_eq!(to_text(&session.saved()), text);
    }

    #[test]
    fn the_cpu_resigns_and_declares_through_the_rules() {
        let mut session = Session::new(&ShogiSettings::default(), 0, Opponent::Cpu);
        session.play(mv("7g7f")).unwrap();
        session.cpu_decides(Decision::Resign).unwrap();
        let outcome = session.game().outcome().unwrap();
        assert_eq!(outcome.winner, Some(Color::Sente));
        assert_eq!(outcome.reason, EndReason::Resignation);
        assert!(!session.can_declare());
    }
}
