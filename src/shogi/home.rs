//! Shogi's card on the home page: the game in progress to resume, Play
//! the CPU, a friend on this device, a table online, the guides; level,
//! handicap, who moves first and the table's clock in its settings, all
//! but the clock remembered, with the way to the import page (records are
//! read there, never in this module). A new game over a stored one is
//! asked about on the page that starts it (`#/shogi/new`, `#/shogi/friend`).

use gunjin_table::{Clock, GameOpen, GameTag};
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use shogi_rules::Handicap;

use crate::i18n::*;
use crate::online::Online;
use crate::route::{Route, ShogiPage, navigate};
use crate::screens::home::{
    GameCard, LearnWay, OnlineWay, PlayerName, SoundSwitches, Way, lazy_settings,
};
use crate::screens::my_name;
use crate::shogi::session::SavedShogi;
use crate::shogi::settings::{First, Level, PieceSet, handicap_id};
use crate::state::AppState;
use crate::storage::{self, Entry};
use crate::text;

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

#[component]
pub fn ShogiCard(open: RwSignal<Option<GameTag>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let online = expect_context::<Online>();
    let settings = state.shogi;
    let summary = Signal::derive(move || {
        let locale = i18n.get_locale();
        let s = locale.strings();
        settings.with(|o| {
            let first = match o.first {
                First::You => s.shogi_home.you_first,
                First::Cpu => s.shogi_home.cpu_first,
            };
            let handicap = handicap_name(locale, o.handicap);
            format!(
                "{} · {handicap} · {first}",
                text::level_name(locale, o.level.into())
            )
        })
    });
    // The table's clock is chosen each time (the server keeps it).
    let byoyomi = RwSignal::new(false);
    let open_table = Callback::new(move |()| {
        let clock = byoyomi.get_untracked().then_some(Clock::Byoyomi {
            millis: 600_000,
            byoyomi_millis: 30_000,
        });
        let name = my_name(&state, i18n.get_locale_untracked());
        online.open(name, GameOpen::Shogi, clock);
    });
    // A game in progress is one tap away (it is read on the play page).
    let saved = storage::raw(SavedShogi::KEY).is_some();
    view! {
        <GameCard
            game=GameTag::Shogi
            about=t!(i18n, shogi_home.about)
            summary
            open
            settings=move || lazy_settings(Box::pin(load_settings(byoyomi)))
        >
            {saved
                .then(|| {
                    view! {
                        <div class="resume">
                            <p>{t!(i18n, common.resume_saved)}</p>
                            <a class="button primary" href=Route::Shogi(ShogiPage::Play).hash()>
                                {t!(i18n, shogi_home.resume)}
                            </a>
                        </div>
                    }
                })}
            <button
                type="button"
                class="primary play-cpu play-shogi"
                on:click=move |_| navigate(Route::Shogi(ShogiPage::New))
            >
                {t!(i18n, common.play_cpu)}
            </button>
            <div class="ways">
                <a class="button secondary way play-friend" href=Route::Shogi(ShogiPage::Friend).hash()>
                    <Way label=t!(i18n, common.way_friend) hint=t!(i18n, common.way_friend_hint) />
                </a>
                <OnlineWay open=open_table />
                <LearnWay
                    guide=Route::Shogi(ShogiPage::GuideHow)
                    guide_name=t!(i18n, shogi_home.guide_how)
                    tsume=t!(i18n, shogi_home.tsume)
                />
            </div>
        </GameCard>
    }
}

/// Shogi's settings: the name, the CPU's level, the handicap and who moves
/// first (remembered), the clock of a table opened here, and the way to
/// read a record.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(settings, fallible, wasm_split_path = leptos::wasm_split)]
fn load_settings(byoyomi: RwSignal<bool>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ShogiSettings byoyomi /> }.into_any())
}

#[cfg(not(feature = "split"))]
async fn load_settings(byoyomi: RwSignal<bool>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ShogiSettings byoyomi /> }.into_any())
}

#[component]
fn ShogiSettings(byoyomi: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let settings = expect_context::<AppState>().shogi;
    let levels = Level::ALL
        .into_iter()
        .map(|level| {
            let label = Signal::derive(move || text::level_name(i18n.get_locale(), level.into()));
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
    let piece_sets = PieceSet::ALL
        .into_iter()
        .map(|set| {
            let label = match set {
                PieceSet::Kanji => t!(i18n, shogi_home.pieces_kanji),
                PieceSet::International => t!(i18n, shogi_home.pieces_international),
            };
            let checked =
                Signal::derive(move || settings.with(|s| s.piece_set(i18n.get_locale()) == set));
            let choose = Callback::new(move |()| settings.update(|s| s.pieces = Some(set)));
            view! { <Radio name="shogi-pieces" value=set.id() label checked choose /> }
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
    view! {
        <PlayerName />
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
        <fieldset class="choices">
            <legend>{t!(i18n, shogi_home.pieces_label)}</legend>
            {piece_sets}
        </fieldset>
        <label class="choice">
            <input
                type="checkbox"
                class="shogi-byoyomi"
                prop:checked=byoyomi
                on:change=move |ev| byoyomi.set(event_target_checked(&ev))
            />
            <span>{t!(i18n, shogi_home.byoyomi)}</span>
        </label>
        <SoundSwitches />
        <p>
            <a href=Route::Shogi(ShogiPage::Import).hash()>{t!(i18n, shogi_home.import)}</a>
        </p>
    }
}
