//! The parlour in the browser: Gunjin Shogi and Shogi, against the CPU, a
//! friend on this device or online. The components live here, not in
//! `main.rs`, so the browser tests can mount them; Shogi's are in `shogi/`.
//!
//! - `model/`: plain state (settings, the setup board, the session that
//!   referees a game against the CPU, the log, the replay, guess tags);
//! - `parlour`: the parlour's and the games' names (header, tab title);
//! - `state`: what the screens share; `cpu_game`: the game against the
//!   CPU, read from storage when a page first asks for it;
//! - `storage`: the one persistence point (`notices` tells its problems);
//!   `route`: the hash router;
//! - `board`, `drag`: the board and dragging; `screens/`: one module per
//!   page; `guides/`: the piece guide, battle table and how to play;
//! - `cpu`, `cpu_client`, `cpu_protocol`: the CPU opponent (and the hints)
//!   in a Web Worker, `crates/gunjin-worker`;
//! - `online`: a seat at a table of the table server (`screens/table`);
//! - `i18n` (its tables generated from `locales/` by `build.rs`) and
//!   `text`: every word on screen, in English, Japanese and Thai.

pub mod board;
pub mod cpu;
pub mod cpu_client;
pub mod cpu_game;
pub use gunjin_worker_protocol as cpu_protocol;
pub mod drag;
pub mod focus;
pub mod guides;
pub mod i18n;
pub mod learn;
pub mod long_press;
pub mod model;
pub mod notices;
pub mod online;
pub mod parlour;
pub mod route;
pub mod screens;
pub mod selection;
pub mod shogi;
pub mod sound;
pub mod state;
pub mod storage;
pub mod text;
pub mod worker;

use gunjin_rules::Rules;
use gunjin_table::GameTag;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::*;
use crate::notices::Notices;
use crate::online::Online;
use crate::parlour::{Masthead, game_name};
use crate::route::{Route, ShogiPage, use_route};
use crate::screens::{
    End, FriendPage, Home, NotFound, PageUnavailable, Play, RulesLink, SetupScreen, TablePage,
};
use crate::state::AppState;

/// The whole app: translations, the shared state, the header and the page
/// the URL hash names.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <I18nContextProvider>
            <Shell />
        </I18nContextProvider>
    }
}

/// The language the app starts in: the remembered one, else the browser's
/// (index.html guesses the same to fetch its words beside the app). Only
/// reads storage: the shell's state reports an entry that does not read.
pub fn initial_locale() -> Locale {
    let saved = storage::raw(<model::settings::Saved as storage::Entry>::KEY)
        .and_then(|text| storage::from_text::<model::settings::Saved>(&text).ok())
        .and_then(|saved| saved.settings.locale);
    let browser = window().navigator().language().unwrap_or_default();
    Locale::from_code(saved.as_deref().unwrap_or(&browser))
}

/// Fetches the words of the language the app starts in, before the app
/// shows anything: without them it cannot start (index.html then says so).
pub async fn load_first_words() {
    i18n::load_words(initial_locale())
        .await
        .expect("the words of the page's language could not be fetched");
}

#[component]
fn Shell() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    provide_context(Online::new());
    let i18n = use_i18n();
    i18n.set_locale(initial_locale());
    let route = use_route();
    let rules = Signal::derive(move || state.saved.with(|s| s.settings.rules()));
    let online = expect_context::<Online>();
    // A table's game is the one its server names (in the invitation,
    // before sitting down).
    let game = Signal::derive(move || {
        route.with(|r| match r {
            Route::Table(_) => online
                .table
                .with(|t| t.as_ref().map(|t| t.game))
                .or_else(|| {
                    online
                        .invitation
                        .with(|i| i.as_ref().and_then(|i| i.as_ref().map(|i| i.game)))
                }),
            r => r.game(),
        })
    });
    view! {
        <header class="site-header">
            <Masthead game />
            <LanguageSwitch />
            {move || {
                game.get()
                    .map(|game| {
                        let links = match game {
                            GameTag::Gunjin => view! { <GunjinGuideLinks /> }.into_any(),
                            GameTag::Shogi => view! { <ShogiGuideLinks /> }.into_any(),
                        };
                        view! {
                            <nav class="site-nav" aria-label=game_name(game).1>
                                {links}
                            </nav>
                        }
                    })
            }}
        </header>
        <Notices />
        <main>
            <cpu::CpuUnavailable />
            {move || match route.get() {
                Route::Home => view! { <Home /> }.into_any(),
                Route::Rules(code) => view! { <RulesLink code /> }.into_any(),
                Route::NotFound => view! { <NotFound /> }.into_any(),
                Route::Shogi(page) => lazy(load_shogi(page)),
                Route::ReviewLink(data)
                    if model::review_link::game_of(&data) == Some(GameTag::Shogi) =>
                {
                    lazy(load_shogi(ShogiPage::Link))
                }
                other => lazy(load_page(other, rules)),
            }}
        </main>
    }
}

/// A page from a split module, and its words, with a line saying they are
/// on their way.
pub(crate) fn lazy(
    page: impl Future<Output = Result<AnyView, SplitLoaderError>> + Send + 'static,
) -> AnyView {
    let i18n = use_i18n();
    let words = i18n::load_pages();
    let style = load_pages_css();
    let page = async move {
        let words = words.await;
        style.await;
        match page.await {
            Ok(page) if words.is_ok() => page,
            _ => view! { <PageUnavailable /> }.into_any(),
        }
    };
    view! {
        <Suspense fallback=move || {
            view! { <p class="page-loading" role="status">{t!(i18n, common.page_loading)}</p> }
        }>{Suspend::new(page)}</Suspense>
    }
    .into_any()
}

/// The stylesheet of the pages behind the home page, which index.html
/// leaves disabled so that the home page does not download it: enabled
/// the first time, and done once it has loaded (or failed: the page then
/// shows unstyled rather than not at all).
fn load_pages_css() -> impl Future<Output = ()> + Send {
    let link = document()
        .get_element_by_id("pages-css")
        .filter(|link| link.has_attribute("disabled"))
        .and_then(|link| link.dyn_into::<web_sys::HtmlElement>().ok());
    let loaded = link.map(|link| {
        let done = js_sys::Promise::new(&mut |resolve, _| {
            link.set_onload(Some(&resolve));
            link.set_onerror(Some(&resolve));
        });
        // Only fails for an attribute name the DOM refuses.
        let _ = link.remove_attribute("disabled");
        JsFuture::from(done)
    });
    send_wrapper::SendWrapper::new(async move {
        if let Some(loaded) = loaded {
            let _ = loaded.await;
        }
    })
}

/// The pages behind the home page. A release build moves them into a wasm
/// module of their own (scripts/split.mjs), fetched when one is first
/// opened, so that a first visit downloads only what the home page needs.
fn page(route: Route, rules: Signal<Rules>) -> AnyView {
    match route {
        Route::Setup => view! { <SetupScreen /> }.into_any(),
        Route::Play => view! { <Play /> }.into_any(),
        Route::End => view! { <End /> }.into_any(),
        Route::Review => view! { <screens::review::ReviewPage /> }.into_any(),
        Route::ReviewLink(data) => view! { <screens::review::ReviewLinkPage data /> }.into_any(),
        Route::ReviewOpen => view! { <screens::review_open::ReviewOpen /> }.into_any(),
        Route::Puzzles => view! { <screens::puzzles::PuzzlesPage /> }.into_any(),
        Route::GuidePieces => view! { <guides::PieceGuide rules /> }.into_any(),
        Route::GuideBattles => view! { <guides::BattleTable rules /> }.into_any(),
        Route::GuideHow => view! { <guides::HowToPlay rules /> }.into_any(),
        Route::Table(id) => view! { <TablePage id /> }.into_any(),
        Route::Lobby(game) => view! { <screens::lobby::LobbyPage game /> }.into_any(),
        Route::Friend => view! { <FriendPage /> }.into_any(),
        Route::Learn(path) => view! { <learn::LearnPage path /> }.into_any(),
        // The shell draws these itself and never asks for them here.
        Route::Home | Route::Rules(_) | Route::Shogi(_) | Route::NotFound => {
            view! { <NotFound /> }.into_any()
        }
    }
}

/// [`page`], once its module is loaded (the `split` feature; without it,
/// at once).
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(pages, fallible, wasm_split_path = leptos::wasm_split)]
fn load_page(route: Route, rules: Signal<Rules>) -> Result<AnyView, SplitLoaderError> {
    Ok(page(route, rules))
}

#[cfg(not(feature = "split"))]
async fn load_page(route: Route, rules: Signal<Rules>) -> Result<AnyView, SplitLoaderError> {
    Ok(page(route, rules))
}

/// Shogi's pages, in a module of their own (`shogi`), so that neither a
/// first visit nor a Gunjin game downloads them.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(shogi, fallible, wasm_split_path = leptos::wasm_split)]
pub(crate) fn load_shogi(page: ShogiPage) -> Result<AnyView, SplitLoaderError> {
    Ok(shogi::page(page))
}

#[cfg(not(feature = "split"))]
pub(crate) async fn load_shogi(page: ShogiPage) -> Result<AnyView, SplitLoaderError> {
    Ok(shogi::page(page))
}

/// The header's guides: those of the game on the page.
#[component]
fn GunjinGuideLinks() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <a href=Route::GuideHow.hash()>{t!(i18n, common.nav_how)}</a>
        <a href=Route::GuidePieces.hash()>{t!(i18n, common.nav_pieces)}</a>
        <a href=Route::GuideBattles.hash()>{t!(i18n, common.nav_battles)}</a>
        <a href=Route::Learn(String::new()).hash()>{t!(i18n, common.nav_learn)}</a>
    }
}

#[component]
fn ShogiGuideLinks() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <a href=Route::Shogi(ShogiPage::GuideHow).hash()>{t!(i18n, shogi_home.guide_how)}</a>
        <a href=Route::Shogi(ShogiPage::GuidePieces).hash()>{t!(i18n, shogi_home.guide_pieces)}</a>
        <a href=Route::Learn(String::new()).hash()>{t!(i18n, common.nav_learn)}</a>
    }
}

/// English / 日本語 / ไทย, each named in itself, on every page; the choice
/// is remembered. The page changes language once the words of the chosen
/// one are here (fetched the first time).
#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let choose = move |locale: Locale| {
        leptos::task::spawn_local(async move {
            if i18n::load_words(locale).await.is_ok() {
                i18n.set_locale(locale);
                state
                    .saved
                    .update(|s| s.settings.locale = Some(locale.code().to_owned()));
            }
        });
    };
    let buttons = Locale::ALL.map(|locale| {
        view! {
            <button
                type="button"
                lang=locale.code()
                aria-pressed=move || (i18n.get_locale() == locale).to_string()
                on:click=move |_| choose(locale)
            >
                {locale.name()}
            </button>
        }
    });
    view! {
        <span class="lang-switch" role="group" aria-label=t!(i18n, common.language)>
            {buttons}
        </span>
    }
}
