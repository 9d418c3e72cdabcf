//! Shogi's section of the home page: level, handicap and who moves first,
//! all remembered, and one click to play the CPU (or to resume the game in
//! progress); links to a game with a friend on this device and to the
//! import page (records are read there, never in this module).

use gunjin_table::Clock;
use leptos::prelude::*;
use shogi_rules::Handicap;

use crate::i18n::*;
use crate::online::Online;
use crate::route::{Route, ShogiPage, navigate};
use crate::screens::my_name;
use crate::shogi::guide::GuideLinks;
use crate::shogi::session::SavedShogi;
use crate::shogi::settings::{First, Level, handicap_id};
use crate::state::AppState;
use crate::storage::{self, Entry};

pub fn level_name(locale: Locale, level: Level) -> &'static str {
    let s = &locale.strings().shogi_home;
    match level {
        Level::Beginner => s.level_beginner,
        Level::Novice => s.level_novice,
        Level::Amateur => s.level_amateur,
        Level::Club => s.level_club,
        Level::Strong => s.level_strong,
    }
}

/// A handicap's name: the Japanese one is the rules crate's.
pub fn handicap_name(locale: Locale, handicap: Handicap) -> &'static str {
    let s = &locale.strings().shogi_home;
    match (locale, handicap) {
        (Locale::ja, h) => h.japanese(),
        (_, Handicap::Even) => s.handicap_even,
        (_, Handicap::Lance) => s.handicap_lance,
        (_, Handicap::Bishop) => s.handicap_bishop,
        (_, Handicap::Rook) => s.handicap_rook,
        (_, Handicap::RookLance) => s.handicap_rook_lance,
        (_, Handicap::TwoPieces) => s.handicap_two,
        (_, Handicap::FourPieces) => s.handicap_four,
        (_, Handicap::SixPieces) => s.handicap_six,
        (_, Handicap::EightPieces) => s.handicap_eight,
        (_, Handicap::TenPieces) => s.handicap_ten,
    }
}

/// One option of a remembered choice. Signals and a callback rather than
/// closures: one instance of the component for every choice on the page,
/// which keeps the home page's module small.
#[component]
fn Radio(
    name: &'static str,
    value: &'static str,
    label: Signal<&'static str>,
    checked: Signal<bool>,
    choose: Callback<()>,
) -> impl IntoView {
    view! {
        <label class="choice">
            <input type="radio" name=name value=value prop:checked=checked on:change=move |_| choose.run(()) />
            <span>{label}</span>
        </label>
    }
}

/// An online table: its invite link for a friend, or a CPU seat; with a
/// byoyomi clock if asked (10 min, then 30 s a move).
#[component]
fn OpenTable() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let online = expect_context::<Online>();
    online.probe();
    let byoyomi = RwSignal::new(false);
    let open = move |_| {
        let clock = byoyomi.get_untracked().then_some(Clock::Byoyomi {
            millis: 600_000,
            byoyomi_millis: 30_000,
        });
        online.open_shogi(my_name(&state, i18n.get_locale_untracked()), clock);
    };
    view! {
        <p class="shogi-more">
            <label class="choice">
                <input type="checkbox" class="shogi-byoyomi" on:change=move |ev| byoyomi.set(event_target_checked(&ev)) />
                <span>{t!(i18n, shogi_home.byoyomi)}</span>
            </label>
            <button type="button" class="secondary open-shogi-table" disabled=move || online.available.get() != Some(true) on:click=open>
                {t!(i18n, shogi_home.open_table)}
            </button>
        </p>
    }
}

#[component]
pub fn ShogiHome() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let settings = state.shogi;
    let levels = Level::ALL
        .into_iter()
        .map(|level| {
            let label = Signal::derive(move || level_name(i18n.get_locale(), level));
            let checked = Signal::derive(move || settings.with(|s| s.level == level));
            let choose = Callback::new(move |()| settings.update(|s| s.level = level));
            view! { <Radio name="shogi-level" value=level.id() label checked choose /> }
        })
        .collect_view();
    let firsts = First::ALL
        .into_iter()
        .map(|first| {
            let label = match first {
                First::You => t!(i18n, shogi_home.first_you),
                First::Cpu => t!(i18n, shogi_home.first_cpu),
            };
            let checked = Signal::derive(move || settings.with(|s| s.first == first));
            let choose = Callback::new(move |()| settings.update(|s| s.first = first));
            view! { <Radio name="shogi-first" value=first.id() label checked choose /> }
        })
        .collect_view();
    let handicaps = Handicap::ALL
        .into_iter()
        .map(|h| {
            view! {
                <option value=handicap_id(h) prop:selected=move || settings.with(|s| s.handicap == h)>
                    {move || handicap_name(i18n.get_locale(), h)}
                </option>
            }
        })
        .collect_view();
    let on_handicap = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if let Some(h) = Handicap::ALL.into_iter().find(|&h| handicap_id(h) == id) {
            settings.update(|s| s.handicap = h);
        }
    };
    let play = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        storage::remove::<SavedShogi>();
        navigate(Route::Shogi(ShogiPage::Play));
    };
    // A game in progress is one click away (it is read on the play page).
    let saved = storage::raw(SavedShogi::KEY).is_some();
    view! {
        <form class="home-form shogi-home" on:submit=play aria-labelledby="shogi-home-title">
            <h2 id="shogi-home-title">
                <span lang="ja">"将棋"</span>
                " "
                {t!(i18n, shogi_home.title)}
            </h2>
            <p>{t!(i18n, shogi_home.about)}</p>
            {saved
                .then(|| {
                    view! {
                        <p class="resume">
                            <a class="button primary" href=Route::Shogi(ShogiPage::Play).hash()>
                                {t!(i18n, shogi_home.resume)}
                            </a>
                        </p>
                    }
                })}
            <fieldset class="choices">
                <legend>{t!(i18n, shogi_home.level_label)}</legend>
                {levels}
            </fieldset>
            <label class="field">
                <span>{t!(i18n, shogi_home.handicap_label)}</span>
                <select name="shogi-handicap" on:change=on_handicap>
                    {handicaps}
                </select>
            </label>
            <fieldset class="choices">
                <legend>{t!(i18n, shogi_home.first_label)}</legend>
                {firsts}
                <p class="shogi-note">{t!(i18n, shogi_home.first_text)}</p>
            </fieldset>
            <button type="submit" class="primary play-cpu play-shogi">
                {t!(i18n, shogi_home.play_cpu)}
            </button>
            <p class="shogi-more">
                <a class="button secondary play-friend" href=Route::Shogi(ShogiPage::Friend).hash()>{t!(i18n, shogi_home.play_friend)}</a>
                " "
                <a href=Route::Shogi(ShogiPage::Import).hash()>{t!(i18n, shogi_home.import)}</a>
            </p>
            <OpenTable />
            <GuideLinks />
        </form>
    }
}
