//! Dragging pieces with Pointer Events, so mouse, touch and pen all work
//! (HTML5 drag events never fire on touch). A press only becomes a drag
//! once the pointer has moved a few pixels; until then it is a tap, handled
//! by the ordinary click. The piece under the finger is a ghost that follows
//! the pointer; the drop is resolved from the coordinates.
//!
//! Both games' boards use it: it is generic over the square `Q` (read back
//! from the `data-square` attribute under the pointer), what a tray or hand
//! holds `K`, and the face `F` the ghost draws.

use core::str::FromStr;

use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// Where a drag starts: a square of the board, or a tray (the setup's
/// pieces, a Shogi hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<Q, K> {
    Square(Q),
    Tray(K),
}

/// Where a drag ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target<Q> {
    Square(Q),
    Tray,
    Outside,
}

/// What the ghost under the pointer draws.
pub trait Ghost: Copy + Send + Sync + 'static {
    fn ghost(self) -> AnyView;
}

/// A drag in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DragState<Q, K, F> {
    pub source: Source<Q, K>,
    pub face: F,
    pointer: i32,
    /// Client pixels: whole numbers, so no float formatting is linked in.
    start: (i32, i32),
    pub at: (i32, i32),
    /// Moved far enough to be a drag rather than a tap.
    pub moving: bool,
}

/// Pixels a pointer must travel before a press becomes a drag.
const THRESHOLD: i32 = 6;

/// The drag handle of one screen.
pub struct Dragger<Q: 'static, K: 'static, F: 'static> {
    state: RwSignal<Option<DragState<Q, K, F>>>,
    /// Set right after a drop, so the click that follows is not a tap.
    just_dropped: RwSignal<bool>,
}

impl<Q, K, F> Clone for Dragger<Q, K, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Q, K, F> Copy for Dragger<Q, K, F> {}

/// What a square and a tray's item must be to travel in a drag.
pub trait Item: Copy + PartialEq + Send + Sync + 'static {}

impl<T: Copy + PartialEq + Send + Sync + 'static> Item for T {}

impl<Q: Item, K: Item, F: Ghost> Dragger<Q, K, F> {
    /// A pointer went down on a draggable piece.
    pub fn press(&self, source: Source<Q, K>, face: F, ev: &web_sys::PointerEvent) {
        if ev.button() != 0 {
            return;
        }
        let at = (ev.client_x(), ev.client_y());
        self.state.set(Some(DragState {
            source,
            face,
            pointer: ev.pointer_id(),
            start: at,
            at,
            moving: false,
        }));
    }

    /// The drag in progress, once it is one.
    pub fn active(&self) -> Option<DragState<Q, K, F>> {
        self.state.get().filter(|d| d.moving)
    }

    /// Whether the click being handled ends a drag (and is not a tap).
    pub fn swallow_click(&self) -> bool {
        self.just_dropped.get_untracked()
    }
}

/// What is under a point of the page.
fn target_at<Q: FromStr>((x, y): (i32, i32)) -> Target<Q> {
    let Some(el) = document().element_from_point(x as f32, y as f32) else {
        return Target::Outside;
    };
    if let Ok(Some(node)) = el.closest("[data-square]")
        && let Some(sq) = node
            .get_attribute("data-square")
            .and_then(|s| s.parse().ok())
    {
        return Target::Square(sq);
    }
    if let Ok(Some(_)) = el.closest("[data-tray]") {
        return Target::Tray;
    }
    Target::Outside
}

/// Installs the window listeners of a screen's drags; `on_drop` gets each
/// finished drag.
pub fn use_dragger<Q: Item + FromStr, K: Item, F: Ghost>(
    on_drop: impl Fn(Source<Q, K>, Target<Q>) + 'static,
) -> Dragger<Q, K, F> {
    let state = RwSignal::new(None::<DragState<Q, K, F>>);
    let just_dropped = RwSignal::new(false);
    let dragger = Dragger {
        state,
        just_dropped,
    };
    let moved = window_event_listener(leptos::ev::pointermove, move |ev| {
        let Some(mut d) = state.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer {
            return;
        }
        d.at = (ev.client_x(), ev.client_y());
        let (dx, dy) = (d.at.0 - d.start.0, d.at.1 - d.start.1);
        if !d.moving && dx * dx + dy * dy >= THRESHOLD * THRESHOLD {
            d.moving = true;
        }
        if d.moving {
            ev.prevent_default();
        }
        state.set(Some(d));
    });
    let up = window_event_listener(leptos::ev::pointerup, move |ev| {
        let Some(d) = state.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer {
            return;
        }
        state.set(None);
        if d.moving {
            just_dropped.set(true);
            set_timeout(move || just_dropped.set(false), std::time::Duration::ZERO);
            // Where the pointer was last seen (a lifted finger may report 0, 0).
            let at = match (ev.client_x(), ev.client_y()) {
                (0, 0) => d.at,
                at => at,
            };
            on_drop(d.source, target_at(at));
        }
    });
    let cancel = window_event_listener(leptos::ev::pointercancel, move |_| state.set(None));
    on_cleanup(move || {
        moved.remove();
        up.remove();
        cancel.remove();
    });
    dragger
}

/// The piece following the pointer during a drag.
#[component]
pub fn DragGhost<Q: Item, K: Item, F: Ghost>(dragger: Dragger<Q, K, F>) -> impl IntoView {
    move || {
        dragger.active().map(|d| {
            view! {
                <div
                    class="drag-ghost"
                    aria-hidden="true"
                    style=format!("left:{}px;top:{}px", d.at.0, d.at.1)
                >
                    {d.face.ghost()}
                </div>
            }
        })
    }
}

/// Used by screens to turn an event target into an element.
pub fn element(ev: &web_sys::Event) -> Option<web_sys::Element> {
    ev.target().and_then(|t| t.dyn_into().ok())
}
