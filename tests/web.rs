//! The app's components in a real browser (headless Chromium through
//! wasm-bindgen-test): what the board puts in the DOM, how it lays out with
//! the app's own stylesheet, and the app's pages.
#![cfg(target_arch = "wasm32")]

use std::collections::{BTreeMap, HashSet};

use gunjin::App;
use gunjin::board::{Board, Cells, Face};
use gunjin::i18n::{I18nContextProvider, Locale};
use gunjin_rules::{Color, Kind, PieceId, Shape, Square, Template};
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

/// The board with `cells`, inside the translations it needs.
fn board(cells: Cells) -> HtmlElement {
    mount(move || {
        view! {
            <I18nContextProvider>
                <Board cells=Signal::stored(cells) on_tap=Callback::new(|_| {}) />
            </I18nContextProvider>
        }
    })
}

/// South's camp from a template and North's pieces as anonymous backs.
fn game_cells() -> Cells {
    let mut cells = Cells::default();
    for (sq, kind) in Template::ALL[0].setup().placements(Color::South) {
        cells.cell_mut(sq).face = Some(Face::Own(kind));
    }
    for (i, (sq, _)) in Template::ALL[1]
        .setup()
        .placements(Color::North)
        .enumerate()
    {
        cells.cell_mut(sq).face = Some(Face::Enemy {
            id: PieceId(i as u8),
            guess: None,
        });
    }
    cells
}

#[wasm_bindgen_test]
async fn board_draws_every_node_once() {
    let root = board(Cells::default());
    settle().await;
    let grid = one(&root, "[role=grid]");
    assert!(
        grid.get_attribute("aria-label")
            .unwrap()
            .contains("bridges")
    );

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
    // One node in the tab order: the grid has a roving focus.
    assert_eq!(all(&grid, "[tabindex=\"0\"]").len(), 1);
}

#[wasm_bindgen_test]
async fn headquarters_span_two_files_and_the_enemy_is_on_top() {
    let root = board(Cells::default());
    settle().await;
    let rect = |name: &str| one(&root, &format!("[data-square={name}]")).get_bounding_client_rect();
    for (hq, left, right) in [("c1", "b1", "e1"), ("c8", "b8", "e8")] {
        let node = one(&root, &format!("[data-square={hq}]"));
        assert_eq!(node.get_attribute("aria-colspan").as_deref(), Some("2"));
        let (hq, left, right) = (rect(hq), rect(left), rect(right));
        assert!(hq.width() > 1.9 * left.width());
        assert!(hq.left() >= left.right() && hq.right() <= right.left());
        assert!((hq.top() - left.top()).abs() < 1.0);
    }
    assert!(rect("a8").bottom() <= rect("a5").top());
    assert!(rect("a5").bottom() < rect("a4").top());
    assert!(rect("a4").bottom() <= rect("a1").top());
    assert!(rect("a1").right() <= rect("f1").left());
    let front = one(&root, ".front").get_bounding_client_rect();
    assert!(front.height() > 0.0);
    assert!(front.top() >= rect("b5").bottom() && front.bottom() <= rect("b4").top());
}

/// Classic 25's board (9×6, a headquarters three files wide, three
/// bridges), seen from North: drawn from the same shape as the rules'.
#[wasm_bindgen_test]
async fn the_classic_board_is_drawn_from_its_shape() {
    let root = mount(|| {
        view! {
            <I18nContextProvider>
                <Board
                    cells=Signal::stored(Cells::default())
                    on_tap=Callback::new(|_| {})
                    me=Color::North
                    shape=&Shape::CLASSIC_25
                />
            </I18nContextProvider>
        }
    });
    settle().await;
    let grid = one(&root, "[role=grid]");
    assert!(
        grid.get_attribute("aria-label")
            .unwrap()
            .ends_with("bridges on files b, e and h")
    );
    // 9×6 squares, each headquarters one node of three: 50 in all.
    assert_eq!(all(&grid, "[data-square]").len(), 50);
    assert_eq!(all(&grid, "[role=rowheader]").len(), 6);
    let files: Vec<String> = all(&grid, "[role=columnheader]")
        .iter()
        .map(|e| e.text_content().unwrap())
        .collect();
    // North sees the board turned half round.
    assert_eq!(files, ["i", "h", "g", "f", "e", "d", "c", "b", "a"]);
    assert_eq!(all(&grid, ".bridge").len(), 3);
    let rect = |name: &str| one(&root, &format!("[data-square={name}]")).get_bounding_client_rect();
    for (hq, left, right) in [("e6", "g6", "c6"), ("e1", "g1", "c1")] {
        let node = one(&root, &format!("[data-square={hq}]"));
        assert_eq!(node.get_attribute("aria-colspan").as_deref(), Some("3"));
        let (hq, left, right) = (rect(hq), rect(left), rect(right));
        assert!(hq.width() > 2.8 * left.width());
        assert!(hq.left() >= left.right() && hq.right() <= right.left());
    }
    // North's own camp at the bottom, the files mirrored.
    assert!(rect("a1").bottom() <= rect("a4").top());
    assert!(rect("i6").right() <= rect("a6").left());
}

#[wasm_bindgen_test]
async fn own_pieces_show_their_kind_and_enemy_pieces_never_do() {
    let root = board(game_cells());
    settle().await;
    let shown = kinds(&root);
    assert_eq!(shown.len(), 23);
    assert!(shown.keys().all(|sq| sq.ends_with(['1', '2', '3', '4'])));
    let general = one(&root, "[data-kind=General]");
    assert_eq!(one(&general, ".kanji").text_content().unwrap(), "大将");
    let enemies = all(&root, "[data-side=north]");
    assert_eq!(enemies.len(), 23);
    for e in enemies {
        let html = e.outer_html();
        assert!(e.get_attribute("data-kind").is_none());
        // The node's name is its content: the square, then in words.
        let name = e.text_content().unwrap();
        assert!(name.contains("enemy piece"), "{name}");
        for kind in Kind::ALL {
            assert!(!html.contains(&format!("{kind:?}")), "{html}");
        }
    }
}

#[wasm_bindgen_test]
async fn the_app_opens_on_the_home_page() {
    // The test runner's page has an address of its own: the home page's.
    window().location().set_hash("/").unwrap();
    let root = mount(App);
    settle().await;
    let h1 = one(&root, "h1").text_content().unwrap();
    assert_eq!(h1, "喜楽軒 Kirakuken");
    assert_eq!(all(&root, "main").len(), 1);
    // A card for each game, its settings closed.
    assert_eq!(all(&root, ".game-card").len(), 2);
    assert_eq!(all(&root, ".settings").len(), 0);
    // The switch offers every language.
    assert_eq!(all(&root, ".lang-switch button").len(), Locale::ALL.len());
}
