//! The one board controller of every board (Gunjin's setup and play,
//! Shogi's play), as chessground has one (`selectSquare` / `userMove`): a
//! piece is picked up by a tap, a click, Enter or the start of a drag, and
//! put down by the next tap or the drop. Each screen says only what may be
//! picked up and what putting it somewhere does ([`Mover`]); the taps, the
//! drags and the selection they share are here.

use core::str::FromStr;

use leptos::prelude::*;

use crate::drag::{Dragger, Ghost, Item, use_dragger};

/// Where a piece is picked up from, on the board of mover `M`.
pub type Source<M> = crate::drag::Source<<M as Mover>::Square, <M as Mover>::Tray>;
/// Where it is put down.
pub type Target<M> = crate::drag::Target<<M as Mover>::Square>;

/// What a screen lets the player pick up, and what putting it down does.
pub trait Mover: Copy + 'static {
    /// A square of the board.
    type Square: Item + FromStr;
    /// What a tray or a hand holds.
    type Tray: Item;
    /// What a lifted piece shows under the pointer.
    type Face: Ghost;
    /// The face of the piece at `source` if the player may pick it up.
    fn lift(&self, source: Source<Self>) -> Option<Self::Face>;
    /// Whether a pointer pressed on `source` starts a drag (a piece that
    /// can be picked up to look at its moves may still have none to make).
    fn drags(&self, source: Source<Self>) -> bool {
        self.lift(source).is_some()
    }
    /// Puts the piece from `source` at `target`; false if it did not go
    /// there (then a tap on another piece picks that one up instead).
    fn put(&self, source: Source<Self>, target: Target<Self>) -> bool;
}

/// What a tap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The click ended a drag: nothing more.
    Swallowed,
    /// The selected piece was tapped again and put back.
    Deselected,
    /// The selected piece went to the tapped place.
    Put,
    /// The tapped piece is now selected.
    Picked,
    /// Nothing to pick up there: the selection is cleared.
    Missed,
}

/// The selection and the drags of one board.
#[derive(Clone, Copy)]
pub struct Selection<M: Mover> {
    mover: M,
    pub selected: RwSignal<Option<Source<M>>>,
    pub dragger: Dragger<M::Square, M::Tray, M::Face>,
}

impl<M: Mover> Selection<M> {
    /// Installs the screen's drag listeners (removed with the screen).
    pub fn new(mover: M) -> Selection<M> {
        let selected = RwSignal::new(None);
        let dragger = use_dragger(move |source, target| {
            selected.set(None);
            mover.put(source, target);
        });
        Selection {
            mover,
            selected,
            dragger,
        }
    }

    /// A tap, click or Enter on `at`, whose place as a target is `target`.
    pub fn tap(&self, at: Source<M>, target: Target<M>) -> Tap {
        if self.dragger.swallow_click() {
            return Tap::Swallowed;
        }
        let tap = match self.selected.get_untracked() {
            Some(from) if from == at => Tap::Deselected,
            Some(from) if self.mover.put(from, target) => Tap::Put,
            _ if self.mover.lift(at).is_some() => Tap::Picked,
            _ => Tap::Missed,
        };
        self.selected.set((tap == Tap::Picked).then_some(at));
        tap
    }

    /// Puts the selected piece at `target`, a place that is not a piece
    /// (the tray's background).
    pub fn put_selected(&self, target: Target<M>) {
        if let Some(from) = self.selected.get_untracked() {
            self.selected.set(None);
            self.mover.put(from, target);
        }
    }

    /// A pointer went down on `at`: the start of a drag, if it may be one.
    pub fn press(&self, at: Source<M>, ev: &web_sys::PointerEvent) {
        if let Some(face) = self.mover.lift(at).filter(|_| self.mover.drags(at)) {
            self.dragger.press(at, face, ev);
        }
    }

    /// The piece being dragged, once the press became a drag.
    pub fn dragging(&self) -> Option<Source<M>> {
        self.dragger.active().map(|d| d.source)
    }

    /// Whether `source` is the selected piece (tracked).
    pub fn is_selected(&self, source: Source<M>) -> bool {
        self.selected.get() == Some(source)
    }

    /// Escape: nothing is picked up any more.
    pub fn cancel(&self) {
        self.selected.set(None);
    }
}
