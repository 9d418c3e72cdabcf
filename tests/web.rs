//! The app's components in a real browser (headless Chromium through
//! wasm-bindgen-test): what the board puts in the DOM and how it lays out
//! with the app's own stylesheet.
#![cfg(target_arch = "wasm32")]

use std::collections::{BTreeMap, HashSet};

use gunjin::board::Board;
use gunjin::model::Pieces;
use gunjin::{App, SetupScreen};
use gunjin_rules::{Color, Kind, Square};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Loads the app's stylesheet once, so layout checks see the real layout.
fn load_stylesheet() {
    let doc = document();
    if doc.get_element_by_id("app-style").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("app-style");
        style.set_text_content(Some(include_str!("../style/main.css")));
        doc.head().unwrap().append_child(&style).unwrap();
    }
}

/// Mounts a view into a fresh container of its own, so tests don't see each
/// other's DOM.
fn mount<N: IntoView + 'static>(view: impl FnOnce() -> N + 'static) -> HtmlElement {
    load_stylesheet();
    let doc = document();
    let parent: HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    // Wide enough for a desktop board; the page width is what the phone
    // layout is checked against end to end.
    parent.style().set_property("width", "800px").unwrap();
    doc.body().unwrap().append_child(&parent).unwrap();
    leptos::mount::mount_to(parent.clone(), view).forget();
    parent
}

fn all(parent: &Element, selector: &str) -> Vec<Element> {
    let list = parent.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().unchecked_into())
        .collect()
}

fn one(parent: &Element, selector: &str) -> Element {
    parent
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
}

/// The kind on each occupied node, by node name.
fn kinds(parent: &Element) -> BTreeMap<String, String> {
    all(parent, "[data-square][data-kind]")
        .into_iter()
        .map(|e| {
            (
                e.get_attribute("data-square").unwrap(),
                e.get_attribute("data-kind").unwrap(),
            )
        })
        .collect()
}

/// Lets the reactive system apply pending updates to the DOM.
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

#[wasm_bindgen_test]
fn board_draws_every_node_once() {
    let root = mount(|| view! { <Board pieces=Signal::stored(Pieces::EMPTY) /> });
    let grid = one(&root, "[role=grid]");
    assert!(grid.get_attribute("aria-label").unwrap().contains("front"));

    let names: Vec<String> = all(&grid, "[data-square]")
        .iter()
        .map(|e| e.get_attribute("data-square").unwrap())
        .collect();
    // 6×8 squares, but each headquarters is one node: 46 in all.
    assert_eq!(names.len(), 46);
    let expected: HashSet<String> = Square::ALL.iter().map(|s| s.to_string()).collect();
    assert_eq!(names.iter().cloned().collect::<HashSet<_>>(), expected);
    assert!(!names.iter().any(|n| n == "d1" || n == "d8"));

    // Eight rows of nodes plus the row of file letters.
    assert_eq!(all(&grid, "[role=row]").len(), 9);
    assert_eq!(all(&grid, "[role=rowheader]").len(), 8);
    let files: Vec<String> = all(&grid, "[role=columnheader]")
        .iter()
        .map(|e| e.text_content().unwrap())
        .collect();
    assert_eq!(files, ["a", "b", "c", "d", "e", "f"]);
    assert!(all(&grid, "[data-kind]").is_empty());
}

#[wasm_bindgen_test]
fn headquarters_span_two_files_and_north_is_on_top() {
    let root = mount(|| view! { <Board pieces=Signal::stored(Pieces::EMPTY) /> });
    let rect = |name: &str| one(&root, &format!("[data-square={name}]")).get_bounding_client_rect();
    for (hq, left, right) in [("c1", "b1", "e1"), ("c8", "b8", "e8")] {
        let node = one(&root, &format!("[data-square={hq}]"));
        assert_eq!(node.get_attribute("aria-colspan").as_deref(), Some("2"));
        let (hq, left, right) = (rect(hq), rect(left), rect(right));
        // Exactly the room of two squares between b and e, on the same rank.
        assert!(
            hq.width() > 1.9 * left.width(),
            "{} vs {}",
            hq.width(),
            left.width()
        );
        assert!(hq.left() >= left.right() && hq.right() <= right.left());
        assert!((hq.top() - left.top()).abs() < 1.0);
    }
    assert!(rect("a8").bottom() <= rect("a5").top());
    assert!(rect("a5").bottom() < rect("a4").top());
    assert!(rect("a4").bottom() <= rect("a1").top());
    assert!(rect("a1").right() <= rect("f1").left());

    // The front lies between ranks 5 and 4, with a bridge on files b and e.
    let front = one(&root, ".front").get_bounding_client_rect();
    assert!(front.height() > 0.0);
    assert!(front.top() >= rect("b5").bottom() && front.bottom() <= rect("b4").top());
    let bridges: Vec<String> = all(&root, "[data-bridge]")
        .iter()
        .map(|e| e.get_attribute("data-bridge").unwrap())
        .collect();
    assert_eq!(bridges, ["b", "e"]);
    for file in ["b", "e"] {
        let bridge = one(&root, &format!("[data-bridge={file}]")).get_bounding_client_rect();
        let square = rect(&format!("{file}4"));
        assert!(
            bridge.width() > 0.0
                && bridge.left() >= square.left()
                && bridge.right() <= square.right()
        );
    }
}

#[wasm_bindgen_test]
fn a_random_setup_fills_south_camp() {
    let root = mount(|| {
        let seed = RwSignal::new(2024);
        view! { <SetupScreen seed /> }
    });
    let placed = kinds(&root);
    assert_eq!(placed.len(), 23);
    for name in placed.keys() {
        let square: Square = name.parse().unwrap();
        assert_eq!(square.camp(), Color::South, "{name}");
    }
    for kind in Kind::ALL {
        let n = placed.values().filter(|k| **k == kind.to_string()).count();
        assert_eq!(n, usize::from(kind.count()), "{kind}");
    }
    // Each occupied node names its piece for screen readers and shows it.
    let node = one(&root, "[data-kind=LieutenantGeneral]");
    let name = node.get_attribute("data-square").unwrap();
    assert_eq!(
        node.get_attribute("aria-label")
            .unwrap()
            .replace(", headquarters", ""),
        format!("{name}: Lieutenant General")
    );
    assert_eq!(one(&node, ".kanji").text_content().unwrap(), "中将");
    assert_eq!(one(&node, ".label").text_content().unwrap(), "Lt Gen");
}

#[wasm_bindgen_test]
async fn the_reroll_button_draws_a_new_setup() {
    let root = mount(App);
    settle().await;
    let h1 = one(&root, "h1").text_content().unwrap();
    assert_eq!(h1, "軍人将棋 Gunjin Shogi");
    let before = kinds(&root);
    assert_eq!(before.len(), 23);

    let button: HtmlElement = one(&root, "button.reroll").unchecked_into();
    assert_eq!(button.text_content().unwrap(), "New random setup");
    button.click();
    settle().await;

    let after = kinds(&root);
    assert_eq!(after.len(), 23);
    assert_eq!(
        after.keys().collect::<Vec<_>>(),
        before.keys().collect::<Vec<_>>()
    );
    // Two independent random setups are the same with odds of about 1 in 10^18.
    assert_ne!(after, before);
}
