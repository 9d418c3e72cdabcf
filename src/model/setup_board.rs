//! The setup screen's state: a camp being filled, built on the rules
//! crate's [`PartialSetup`]. Whether a piece may stand on a node is asked
//! of the rules (a partial setup that can still be completed), never
//! decided here.

use gunjin_rules::{ByKind, Color, Kind, PartialSetup, Rules, Setup, SetupError, Square};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};

use crate::storage::{Entry, What};

/// Your camp while you set it up (you always play South).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupBoard {
    rules: Rules,
    partial: PartialSetup,
}

/// The side the player sets up.
pub const ME: Color = Color::South;

impl SetupBoard {
    /// An empty camp, but for the piece the mode stands in the
    /// headquarters from the start (Classic 25's Marshal).
    pub fn new(rules: Rules) -> SetupBoard {
        let mut partial = PartialSetup::new(rules.shape());
        if let Some(kind) = rules.mode.in_hq() {
            let hq = rules.shape().hq(ME);
            let slot = rules.shape().camp_slot(ME, hq);
            partial.slots_mut()[slot.expect("the headquarters is in the camp")] = Some(kind);
        }
        SetupBoard { rules, partial }
    }

    /// Whether the piece on `square` stays there: the kind the mode keeps
    /// in the headquarters.
    pub fn fixed(&self, square: Square) -> bool {
        self.rules.mode.in_hq().is_some() && self.rules.shape().hq(ME) == square
    }

    pub fn from_setup(rules: Rules, setup: Setup) -> SetupBoard {
        SetupBoard {
            rules,
            partial: setup.into(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn partial(&self) -> &PartialSetup {
        &self.partial
    }

    /// The nodes of the camp, in slot order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let shape = self.rules.shape();
        let camp = shape.camp_slots();
        (0..camp.len()).map(move |slot| shape.relative_to(camp[slot], ME))
    }

    fn slot(&self, square: Square) -> Option<usize> {
        self.rules.shape().camp_slot(ME, square)
    }

    /// The piece placed on `square`.
    pub fn at(&self, square: Square) -> Option<Kind> {
        self.slot(square).and_then(|s| self.partial.slots()[s])
    }

    /// How many pieces of each kind are still in the tray.
    pub fn tray(&self) -> ByKind<u8> {
        let placed = self.partial.counts();
        ByKind::new_with(|k| self.rules.count(k).saturating_sub(placed[k]))
    }

    pub fn placed(&self) -> usize {
        self.partial.slots().iter().flatten().count()
    }

    /// Whether the tray is empty.
    pub fn all_placed(&self) -> bool {
        self.tray().iter().all(|(_, &left)| left == 0)
    }

    /// The complete setup, once every piece is placed.
    pub fn complete(&self) -> Option<Setup> {
        self.partial.complete(self.rules).ok()
    }

    /// Whether the rules accept `partial`: every placed piece where the
    /// placement option allows it, and the rest still fits.
    fn acceptable(&self, partial: &PartialSetup) -> Result<(), SetupError> {
        let mut rng = SmallRng::seed_from_u64(0);
        partial.fill_random(self.rules, &mut rng).map(|_| ())
    }

    /// Tries a change; keeps it only if the rules accept the result.
    fn apply(&mut self, change: impl FnOnce(&mut PartialSetup)) -> Result<(), SetupError> {
        let mut next = self.partial;
        change(&mut next);
        self.acceptable(&next)?;
        self.partial = next;
        Ok(())
    }

    /// Places a piece from the tray on `square`; a piece already there goes
    /// back to the tray.
    pub fn place(&mut self, kind: Kind, square: Square) -> Result<(), SetupError> {
        let slot = self
            .slot(square)
            .ok_or(SetupError::OutsideCamp { square })?;
        if self.tray()[kind] == 0 {
            let expected = self.rules.count(kind);
            return Err(SetupError::WrongCount {
                kind,
                expected,
                found: expected + 1,
            });
        }
        self.apply(|p| p.slots_mut()[slot] = Some(kind))
    }

    /// Moves the piece on `from` to `to`, swapping with a piece there.
    pub fn swap(&mut self, from: Square, to: Square) -> Result<(), SetupError> {
        let a = self
            .slot(from)
            .ok_or(SetupError::OutsideCamp { square: from })?;
        let b = self
            .slot(to)
            .ok_or(SetupError::OutsideCamp { square: to })?;
        self.apply(|p| p.slots_mut().swap(a, b))
    }

    /// Puts the piece on `square` back in the tray, unless it is
    /// [fixed](SetupBoard::fixed).
    pub fn remove(&mut self, square: Square) {
        if let Some(slot) = self.slot(square).filter(|_| !self.fixed(square)) {
            self.partial.slots_mut()[slot] = None;
        }
    }

    /// Everything back in the tray but a [fixed](SetupBoard::fixed) piece.
    pub fn clear(&mut self) {
        *self = SetupBoard::new(self.rules);
    }

    /// Replaces the camp with `setup` (a template, the last setup, a random one).
    pub fn set(&mut self, setup: Setup) {
        if setup.check(self.rules).is_ok() {
            self.partial = setup.into();
        }
    }

    /// The pieces not yet placed go to the empty nodes at random: what the
    /// timer does at 0:00.
    pub fn fill_random(&self, seed: u64) -> Setup {
        let mut rng = SmallRng::seed_from_u64(seed);
        self.partial
            .fill_random(self.rules, &mut rng)
            .unwrap_or_else(|_| Setup::random(self.rules, &mut rng))
    }

    /// Whether the Random button fills the empty nodes (some are placed)
    /// rather than setting up every piece anew (an empty or a full camp).
    pub fn fills(&self) -> bool {
        self.placed() > 0 && !self.all_placed()
    }

    /// The Random button: the empty nodes filled, or a whole camp anew.
    pub fn randomise(&mut self, seed: u64) {
        let setup = if self.fills() {
            self.fill_random(seed)
        } else {
            Setup::random(self.rules, &mut SmallRng::seed_from_u64(seed))
        };
        self.set(setup);
    }

    /// The camp as `(square, kind)` pairs.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Kind)> + '_ {
        self.squares()
            .zip(self.partial.slots())
            .filter_map(|(sq, k)| k.map(|k| (sq, k)))
    }
}

/// A setup in progress, saved at every change and every second of the
/// timer, so a reload resumes it with the time that was left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetupDraft {
    pub rules: Rules,
    pub camp: PartialSetup,
    pub seconds_left: u32,
}

impl Entry for SetupDraft {
    const KEY: &'static str = "gunjin-setup";
    const VERSION: u32 = 1;
    const WHAT: What = What::SetupDraft;
}

impl SetupBoard {
    /// The draft of this board with `seconds_left` on the timer.
    pub fn draft(&self, seconds_left: u32) -> SetupDraft {
        SetupDraft {
            rules: self.rules,
            camp: self.partial,
            seconds_left,
        }
    }

    /// The board of a draft, if it was made under `rules` and the rules
    /// still accept it.
    pub fn from_draft(rules: Rules, draft: &SetupDraft) -> Option<SetupBoard> {
        let board = SetupBoard {
            rules,
            partial: draft.camp,
        };
        (draft.rules == rules && board.acceptable(&draft.camp).is_ok()).then_some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::Template;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn random_fills_the_empty_nodes_of_a_started_camp_else_sets_up_anew() {
        let mut board = SetupBoard::new(Rules::KIRAKUKEN);
        assert!(!board.fills());
        board.randomise(1);
        assert!(board.all_placed() && !board.fills());
        let whole = board.complete();
        board.randomise(2);
        assert_ne!(board.complete(), whole, "a full camp is set up anew");
        board.clear();
        board.place(Kind::General, sq("a1")).unwrap();
        assert!(board.fills());
        board.randomise(3);
        assert!(board.all_placed());
        assert_eq!(board.at(sq("a1")), Some(Kind::General));
    }

    #[test]
    fn place_swap_remove() {
        let mut board = SetupBoard::new(Rules::KIRAKUKEN);
        assert_eq!(board.tray()[Kind::Mine], 2);
        board.place(Kind::General, sq("a1")).unwrap();
        board.place(Kind::Spy, sq("b1")).unwrap();
        assert_eq!(board.at(sq("a1")), Some(Kind::General));
        board.swap(sq("a1"), sq("b1")).unwrap();
        assert_eq!(board.at(sq("a1")), Some(Kind::Spy));
        assert_eq!(board.at(sq("b1")), Some(Kind::General));
        board.swap(sq("a1"), sq("a2")).unwrap();
        assert_eq!(board.at(sq("a1")), None);
        // Placing on an occupied node sends the old piece back.
        board.place(Kind::Flag, sq("b1")).unwrap();
        assert_eq!(board.tray()[Kind::General], 1);
        board.remove(sq("b1"));
        assert_eq!(board.placed(), 1);
        assert!(board.place(Kind::Spy, sq("a5")).is_err());
        assert!(
            board.place(Kind::Spy, sq("c1")).is_err(),
            "the only Spy is placed"
        );
    }

    /// Classic 25's Marshal stands in the headquarters from the start and
    /// stays there; American 21 is complete with two nodes empty.
    #[test]
    fn each_mode_sets_up_its_own_camp() {
        use gunjin_rules::Mode;
        let classic = Rules {
            mode: Mode::Classic25,
            ..Rules::KIRAKUKEN
        };
        let mut board = SetupBoard::new(classic);
        let hq = sq("e1");
        assert_eq!(board.squares().count(), 25);
        assert_eq!(board.at(hq), Some(Kind::Marshal));
        assert!(board.fixed(hq) && !board.fixed(sq("d2")));
        assert_eq!(board.tray()[Kind::Marshal], 0);
        assert_eq!(board.tray()[Kind::Missile], 2);
        board.remove(hq);
        board.clear();
        assert_eq!(board.at(hq), Some(Kind::Marshal));
        assert_eq!(
            board.swap(hq, sq("d2")),
            Err(SetupError::Headquarters {
                kind: Kind::Marshal
            })
        );
        assert!(board.place(Kind::Jet, hq).is_err());
        board.place(Kind::Jet, sq("i3")).unwrap();
        let setup = board.fill_random(7);
        assert_eq!(setup.check(classic), Ok(()));
        for template in gunjin_rules::Template::of(Mode::Classic25) {
            board.set(template.setup());
            assert_eq!(board.complete(), Some(template.setup()));
        }

        let american = Rules {
            mode: Mode::American21,
            ..Rules::TRADITIONAL
        };
        let mut board = SetupBoard::new(american);
        assert_eq!(board.at(sq("c1")), None);
        let setup = board.fill_random(3);
        assert_eq!(setup.slots().iter().filter(|k| k.is_none()).count(), 2);
        board.set(setup);
        assert!(board.all_placed());
        assert_eq!(board.placed(), 21);
        assert_eq!(board.complete(), Some(setup));
    }

    #[test]
    fn traditional_placement_is_asked_of_the_rules() {
        let mut board = SetupBoard::new(Rules::TRADITIONAL);
        assert!(board.place(Kind::Flag, sq("a1")).is_err());
        assert!(board.place(Kind::Mine, sq("b4")).is_err());
        board.place(Kind::Flag, sq("a2")).unwrap();
        assert!(board.swap(sq("a2"), sq("a1")).is_err());
        let mut free = SetupBoard::new(Rules::KIRAKUKEN);
        free.place(Kind::Flag, sq("a1")).unwrap();
    }

    #[test]
    fn fill_keeps_placed_pieces_and_completes() {
        let mut board = SetupBoard::new(Rules::TRADITIONAL);
        board.place(Kind::General, sq("f4")).unwrap();
        let setup = board.fill_random(9);
        setup.check(Rules::TRADITIONAL).unwrap();
        let placed: Vec<_> = setup.placements(Color::South).collect();
        assert!(placed.contains(&(sq("f4"), Kind::General)));
        board.set(Template::ALL[0].setup());
        assert_eq!(board.placed(), 23);
        assert_eq!(board.complete(), Some(Template::ALL[0].setup()));
        board.clear();
        assert_eq!(board.complete(), None);
    }

    #[test]
    fn drafts_resume_under_the_same_rules_only() {
        let mut board = SetupBoard::new(Rules::TRADITIONAL);
        board.place(Kind::General, sq("f4")).unwrap();
        let draft = board.draft(97);
        let text = crate::storage::to_text(&draft);
        let read: SetupDraft = crate::storage::from_text(&text).unwrap();
        assert_eq!(read.seconds_left, 97);
        assert_eq!(
            SetupBoard::from_draft(Rules::TRADITIONAL, &read),
            Some(board)
        );
        assert_eq!(SetupBoard::from_draft(Rules::KIRAKUKEN, &read), None);
        let mut two_flags = read.clone();
        two_flags.camp.slots_mut()[0] = Some(Kind::Flag);
        two_flags.camp.slots_mut()[20] = Some(Kind::Flag);
        assert_eq!(SetupBoard::from_draft(Rules::TRADITIONAL, &two_flags), None);
    }
}
