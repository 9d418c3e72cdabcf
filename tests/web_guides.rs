//! The guides in a real browser (headless Chromium through
//! wasm-bindgen-test): every kind in the piece guide, the battle table
//! cell by cell against `Rules::battle` for both presets, and the Japanese
//! and Thai texts after switching the locale.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;

use gunjin::guides::{BattleTable, HowToPlay, PieceGuide, battle_rows, cell};
use gunjin::i18n::{I18nContext, I18nContextProvider, Locale, use_i18n};
use gunjin_rules::{Kind, Mode, Preset, Rules};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

thread_local! {
    /// The i18n context of the last mounted guide, so a test can switch
    /// the locale.
    static I18N: RefCell<Option<I18nContext>> = const { RefCell::new(None) };
}

#[component]
fn CaptureI18n() -> impl IntoView {
    let i18n = use_i18n();
    I18N.with(|c| *c.borrow_mut() = Some(i18n));
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts a view inside the translations' context, in a container of its own.
fn mount<N: IntoView + 'static>(view: impl FnOnce() -> N + Send + 'static) -> HtmlElement {
    let doc = document();
    let parent: HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&parent).unwrap();
    leptos::mount::mount_to(parent.clone(), move || {
        view! {
            <I18nContextProvider>
                <CaptureI18n />
                {view()}
            </I18nContextProvider>
        }
    })
    .forget();
    parent
}

fn all(parent: &Element, selector: &str) -> Vec<Element> {
    let list = parent.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().unchecked_into())
        .collect()
}

fn text(e: &Element) -> String {
    e.text_content().unwrap_or_default()
}

async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

fn set_locale(locale: Locale) {
    I18N.with(|c| c.borrow().expect("a guide is mounted").set_locale(locale));
}

#[wasm_bindgen_test]
async fn the_piece_guide_shows_all_sixteen_kinds_with_diagrams() {
    let rules = Signal::stored(Rules::KIRAKUKEN);
    let parent = mount(move || view! { <PieceGuide rules /> });
    settle().await;
    let cards = all(&parent, ".pg-card");
    assert_eq!(cards.len(), 16);
    let card = |kind: Kind| {
        parent
            .query_selector(&format!(".pg-card[data-kind={kind}]"))
            .unwrap()
            .unwrap_or_else(|| panic!("no card for {kind}"))
    };
    for kind in Mode::Standard.kinds() {
        let card = card(kind);
        // Both names, and the whole board with the piece on its sample node.
        let names = text(&card.query_selector(".pg-names").unwrap().unwrap());
        assert!(
            names.contains(gunjin::text::kind_name(Locale::en, kind)),
            "{names}"
        );
        assert!(names.contains(gunjin::text::kanji(kind)), "{names}");
        assert_eq!(all(&card, ".dg-node").len(), 46);
        assert_eq!(all(&card, ".dg-piece").len(), 1);
    }
    // A Plane flies over pieces: it has moves on both sides of the front.
    let plane = card(Kind::Plane);
    assert!(!all(&plane, ".dg-north.dg-move").is_empty());
    assert!(!all(&plane, ".dg-south.dg-move").is_empty());
    assert_eq!(all(&plane, ".dg-attack").len(), 1);
    // Mines and the Flag never move.
    for kind in [Kind::Mine, Kind::Flag] {
        assert!(all(&card(kind), ".dg-move, .dg-attack").is_empty());
    }
}

/// Checks every cell of the mounted table against the rules crate.
fn check_table(parent: &Element, rules: Rules) {
    let table = parent.query_selector(".battle-table").unwrap().unwrap();
    assert_eq!(
        table.get_attribute("data-rules").unwrap(),
        rules.to_string()
    );
    let (rows, columns) = battle_rows(rules);
    let heads = all(&table, "thead th[scope=col]");
    assert_eq!(heads.len(), 16);
    for (th, kind) in heads.iter().zip(&columns) {
        assert_eq!(th.get_attribute("data-kind").unwrap(), kind.to_string());
    }
    let trs = all(&table, "tbody tr");
    assert_eq!(trs.len(), 14);
    for (tr, &attacker) in trs.iter().zip(&rows) {
        assert_eq!(tr.get_attribute("data-kind").unwrap(), attacker.to_string());
        assert_eq!(all(tr, "th[scope=row]").len(), 1);
        let cells = all(tr, "td");
        assert_eq!(cells.len(), 16);
        for (td, &defender) in cells.iter().zip(&columns) {
            let expected = cell(rules, attacker, defender).letter().to_string();
            assert_eq!(
                td.get_attribute("data-result").unwrap(),
                expected,
                "{attacker} attacking {defender} under {rules}"
            );
        }
    }
}

#[wasm_bindgen_test]
async fn the_battle_table_matches_the_rules_for_both_presets() {
    let app_rules = RwSignal::new(Rules::KIRAKUKEN);
    let parent = mount(move || view! { <BattleTable rules=app_rules /> });
    settle().await;
    check_table(&parent, Rules::KIRAKUKEN);
    assert!(parent.query_selector("caption").unwrap().is_some());

    // The app's preset changes the table…
    app_rules.set(Rules::TRADITIONAL);
    settle().await;
    check_table(&parent, Rules::TRADITIONAL);

    // …and so does the switcher on the page.
    let kirakuken: HtmlElement = parent
        .query_selector("[data-preset=kirakuken]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    kirakuken.click();
    settle().await;
    check_table(&parent, Preset::Kirakuken.rules());
    assert_eq!(kirakuken.get_attribute("aria-pressed").unwrap(), "true");
}

#[wasm_bindgen_test]
async fn switching_to_japanese_translates_the_guides() {
    let rules = Signal::stored(Rules::TRADITIONAL);
    let parent = mount(move || {
        view! {
            <PieceGuide rules />
            <BattleTable rules />
            <HowToPlay rules />
        }
    });
    set_locale(Locale::en);
    settle().await;
    let title = |id: &str| text(&parent.query_selector(id).unwrap().unwrap());
    assert_eq!(title("#piece-guide-title"), "Piece guide");
    assert_eq!(title("#battle-table-title"), "Battle table");
    let first_row = || title(".battle-table tbody th[scope=row]");
    assert_eq!(first_row(), "General");

    set_locale(Locale::ja);
    settle().await;
    assert_eq!(title("#piece-guide-title"), "駒の解説");
    assert_eq!(title("#battle-table-title"), "勝敗表");
    assert_eq!(title("#how-to-play-title"), "遊び方");
    assert_eq!(first_row(), "大将");
    let heads: Vec<String> = all(&parent, ".battle-table thead th")
        .iter()
        .map(text)
        .collect();
    assert!(heads.contains(&"工兵".to_owned()) && heads.contains(&"軍旗".to_owned()));
    // The strength order of how to play, in Japanese.
    let order: Vec<String> = all(&parent, ".how-order li").iter().map(text).collect();
    assert_eq!(order.first().map(String::as_str), Some("大将"));
    assert_eq!(order.get(4).map(String::as_str), Some("タンク"));
    set_locale(Locale::en);
    settle().await;
}

#[wasm_bindgen_test]
async fn each_card_names_its_kind_beside_the_kanji_in_the_reader_s_language() {
    use gunjin::text::{kanji, kind_name};
    let rules = Signal::stored(Rules::KIRAKUKEN);
    let parent = mount(move || view! { <PieceGuide rules /> });
    let name = || {
        parent
            .query_selector(".pg-card[data-kind=General] .pg-name")
            .unwrap()
            .unwrap()
    };
    // A Japanese reader, whose name the kanji is, reads the English one.
    for (locale, gloss) in [
        (Locale::th, Locale::th),
        (Locale::ja, Locale::en),
        (Locale::en, Locale::en),
    ] {
        set_locale(locale);
        settle().await;
        assert_eq!(text(&name()), kind_name(gloss, Kind::General));
        assert_eq!(name().get_attribute("lang").unwrap(), gloss.code());
    }
    let names = text(
        &parent
            .query_selector(".pg-card[data-kind=General] .pg-names")
            .unwrap()
            .unwrap(),
    );
    assert!(names.starts_with(kanji(Kind::General)), "{names}");
}
