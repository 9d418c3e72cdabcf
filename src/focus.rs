//! Where the keyboard's focus goes after an action: the next thing to do
//! takes it, without scrolling the page away from what the player reads.

use leptos::wasm_bindgen::JsCast;

/// Focuses `el` where it is: the page does not scroll for it.
pub fn focus_in_place(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}

/// Focuses `el` in place once it is in the document: a page that came
/// with its module (`src/lib.rs`, `lazy`) is put there after it is made,
/// and an element outside the document takes no focus.
pub fn focus_when_shown(el: web_sys::HtmlElement) {
    leptos::prelude::request_animation_frame(move || focus_in_place(&el));
}

/// Moves the focus to the board inside `within`, onto its roving node, so
/// the arrow keys act on the board next.
pub fn focus_board(within: &web_sys::Element) {
    if let Ok(Some(node)) = within.query_selector("[role=grid] [tabindex=\"0\"]") {
        focus_in_place(node.unchecked_ref());
    }
}

/// A key pressed on a board's square: Enter or Space `act`s on it, an
/// arrow key moves the focus to the square `step` finds that way, if any.
pub fn board_key<Q>(
    ev: &web_sys::KeyboardEvent,
    act: impl FnOnce(),
    step: impl FnOnce(&str) -> Option<Q>,
    go: impl FnOnce(Q),
) {
    let key = ev.key();
    if key == "Enter" || key == " " {
        ev.prevent_default();
        act();
    } else if let Some(to) = step(&key) {
        ev.prevent_default();
        go(to);
    }
}
