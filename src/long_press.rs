//! What a piece is, on a long press: a finger (or pen) held still on a
//! piece for half a second shows its name and moves beside it, as a
//! mouse's hover shows its `title`. Both games' pieces use it. The tap
//! that ends the press is swallowed, so it neither picks the piece up nor
//! opens a sheet; a finger that moves is a drag, and shows nothing.

use std::time::Duration;

use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

/// How long a finger must stay down.
const HOLD: Duration = Duration::from_millis(500);
/// How long the words stay up once shown.
const SHOWN: Duration = Duration::from_millis(3000);
/// Pixels a finger may wander before the press is a drag instead.
const WANDER: i32 = 6;

/// One piece's long press.
#[derive(Clone, Copy)]
pub struct LongPress {
    shown: RwSignal<bool>,
    /// Where the finger went down, and the timer that fires the press.
    held: StoredValue<Option<((i32, i32), TimeoutHandle)>>,
    /// The press fired: the click that ends it is not a tap.
    fired: StoredValue<bool>,
}

impl Default for LongPress {
    fn default() -> LongPress {
        LongPress {
            shown: RwSignal::new(false),
            held: StoredValue::new(None),
            fired: StoredValue::new(false),
        }
    }
}

impl LongPress {
    /// A pointer went down on the piece (a mouse has its hover instead).
    pub fn down(self, ev: &web_sys::PointerEvent) {
        self.release();
        // A phone's long press may end in its menu rather than a click:
        // a new press starts afresh.
        self.fired.set_value(false);
        if ev.pointer_type() == "mouse" {
            return;
        }
        let timer = set_timeout_with_handle(
            move || {
                self.held.set_value(None);
                self.fired.set_value(true);
                self.shown.set(true);
                set_timeout(move || self.shown.set(false), SHOWN);
            },
            HOLD,
        );
        if let Ok(timer) = timer {
            self.held
                .set_value(Some(((ev.client_x(), ev.client_y()), timer)));
        }
    }

    /// The pointer moved: far enough, and it is a drag.
    pub fn moved(self, ev: &web_sys::PointerEvent) {
        let far = self.held.with_value(|held| {
            held.is_some_and(|((x, y), _)| {
                let (dx, dy) = (ev.client_x() - x, ev.client_y() - y);
                dx * dx + dy * dy >= WANDER * WANDER
            })
        });
        if far {
            self.release();
        }
    }

    /// The pointer went up or away before the press fired.
    pub fn release(self) {
        if let Some((_, timer)) = self.held.try_update_value(Option::take).flatten() {
            timer.clear();
        }
    }

    /// The click that ends a fired press goes no further.
    pub fn click(self, ev: &web_sys::MouseEvent) {
        if self.fired.try_update_value(std::mem::take) == Some(true) {
            ev.stop_propagation();
            ev.prevent_default();
        }
    }

    /// A phone's own long press menu (or text selection) stays shut.
    pub fn menu(self, ev: &web_sys::MouseEvent) {
        ev.prevent_default();
    }

    pub fn shown(self) -> bool {
        self.shown.get()
    }

    /// The piece's listeners, spread onto it: `<span {..press.on()}>`.
    pub fn on(self) -> impl leptos::attr::Attribute {
        use leptos::ev;
        use leptos::tachys::html::event::on;
        (
            on(ev::pointerdown, move |e| self.down(&e)),
            on(ev::pointermove, move |e| self.moved(&e)),
            on(ev::pointerup, move |_| self.release()),
            on(ev::pointercancel, move |_| self.release()),
            on(ev::click, move |e| self.click(&e)),
            on(ev::contextmenu, move |e| self.menu(&e)),
        )
    }
}

/// The words a long press shows, above the piece.
#[component]
pub fn PieceAbout(press: LongPress, #[prop(into)] about: Signal<String>) -> impl IntoView {
    view! {
        <Show when=move || press.shown()>
            <span class="piece-about" role="tooltip">{about}</span>
        </Show>
    }
}
