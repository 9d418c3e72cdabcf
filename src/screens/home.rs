use gunjin_rules::{Mode, Preset};
use gunjin_table::ErrorCode;
use leptos::prelude::*;

use crate::i18n::*;
use crate::model::friend::SavedFriends;
use crate::model::settings::{Difficulty, Settings, TableClock, preset_id};
use crate::online::{Failure, Online, Unheard};
use crate::route::{Route, navigate};
use crate::state::AppState;
use crate::storage::{self, Entry};
use crate::text;

/// Whether a game with a friend is left on this device, read without its
/// record: the friend page replays it (and reports one that does not
/// read), so the home page only offers to resume it.
fn friend_waits() -> bool {
    storage::raw(SavedFriends::KEY).is_some_and(|text| {
        storage::from_text_as::<serde::de::IgnoredAny>(&text, SavedFriends::VERSION).is_ok()
    })
}

/// Name, level and rules, then one click to play.
#[component]
pub fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let saved = state.saved;
    let levels = radios(
        "level",
        Difficulty::ALL,
        Difficulty::id,
        text::level_name,
        |s| s.difficulty,
        |s, d| s.difficulty = d,
    );
    let presets = radios(
        "preset",
        Preset::ALL,
        preset_id,
        text::preset_name,
        |s| s.preset,
        |s, p| s.preset = p,
    );
    let modes = radios(
        "mode",
        Mode::ALL,
        |m| m.code().unwrap_or("standard"),
        text::mode_name,
        |s| s.mode,
        |s, m| s.mode = m,
    );
    let preset = move || saved.with(|s| s.settings.preset);
    let mode = move || saved.with(|s| s.settings.mode);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        navigate(Route::Setup);
    };
    let waiting = friend_waits();
    // A game left in progress (restored from storage) is one click away.
    let resume = move || {
        state
            .saved_game
            .get()
            .filter(|outline| !outline.is_some_and(|o| o.over))
            .map(|outline| {
                let text = move || match outline {
                    Some(o) => t_string!(i18n, common.resume_text, ply = o.ply).to_string(),
                    None => t_string!(i18n, common.resume_saved).to_string(),
                };
                view! {
                    <div class="resume" role="region" aria-label=t!(i18n, common.resume_game)>
                        <p>{text}</p>
                        <a class="button primary" href=Route::Play.hash()>
                            {t!(i18n, common.resume_game)}
                        </a>
                    </div>
                }
            })
    };
    view! {
        <section class="home" aria-labelledby="home-title">
            <p class="tagline">{t!(i18n, common.tagline)}</p>
            {resume}
            <form class="home-form" on:submit=on_submit>
                // Two games on one page: each form says which it is.
                <h2 id="home-title">
                    <span lang="ja">"軍人将棋"</span>
                    " Gunjin Shogi: "
                    {t!(i18n, common.home_title)}
                </h2>
                <NameField
                    value=Signal::derive(move || saved.with(|s| s.settings.name.clone()))
                    on_input=Callback::new(move |name| saved.update(|s| s.settings.name = name))
                    required=false
                />
                <fieldset class="choices">
                    <legend>{t!(i18n, common.level_label)}</legend>
                    {levels}
                </fieldset>
                <fieldset class="choices modes">
                    <legend>{t!(i18n, common.mode_label)}</legend>
                    {modes}
                    <p class="mode-text" aria-live="polite">
                        {move || text::mode_text(i18n.get_locale(), mode())}
                    </p>
                </fieldset>
                <fieldset class="choices">
                    <legend>{t!(i18n, common.preset_label)}</legend>
                    {presets}
                    <p class="preset-text" aria-live="polite">
                        {move || match preset() {
                            Preset::Kirakuken => t_string!(i18n, common.preset_kirakuken_text),
                            Preset::Traditional => t_string!(i18n, common.preset_traditional_text),
                        }}
                    </p>
                </fieldset>
                <button type="submit" class="primary play-cpu">
                    {t!(i18n, common.play_cpu)}
                </button>
                <p>
                    <a class="button secondary play-friend" href=Route::Friend.hash()>
                        {move || if waiting {
                            t_string!(i18n, common.resume_friend)
                        } else {
                            t_string!(i18n, common.play_friend)
                        }}
                    </a>
                </p>
                <OnlineChoices />
            </form>
            <crate::shogi::home::ShogiHome />
            <nav class="guide-links" aria-labelledby="guides-title">
                <h2 id="guides-title">{t!(i18n, common.guides_title)}</h2>
                <ul>
                    <li>
                        <a href=Route::GuideHow.hash()>{t!(i18n, common.nav_how)}</a>
                    </li>
                    <li>
                        <a href=Route::GuidePieces.hash()>{t!(i18n, common.nav_pieces)}</a>
                    </li>
                    <li>
                        <a href=Route::GuideBattles.hash()>{t!(i18n, common.nav_battles)}</a>
                    </li>
                </ul>
            </nav>
            <super::your_data::YourData />
        </section>
    }
}

/// One radio button per choice of a remembered setting (`get` reads it,
/// `set` changes it), named in the page's language.
fn radios<T: Copy + PartialEq + Send + Sync + 'static>(
    name: &'static str,
    all: impl IntoIterator<Item = T>,
    id: fn(T) -> &'static str,
    label: fn(Locale, T) -> &'static str,
    get: fn(&Settings) -> T,
    set: fn(&mut Settings, T),
) -> impl IntoView {
    let i18n = use_i18n();
    let saved = expect_context::<AppState>().saved;
    all.into_iter()
        .map(|choice| {
            view! {
                <label class="choice">
                    <input
                        type="radio"
                        name=name
                        value=id(choice)
                        prop:checked=move || saved.with(|s| get(&s.settings) == choice)
                        on:change=move |_| saved.update(|s| set(&mut s.settings, choice))
                    />
                    <span>{move || label(i18n.get_locale(), choice)}</span>
                </label>
            }
        })
        .collect_view()
}

/// Opening a table: its clock (remembered), the button, and why the
/// server did not open one.
#[component]
fn OnlineChoices() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let saved = state.saved;
    let online = expect_context::<Online>();
    online.probe();
    // Whether this page asked for a table: a refusal left from another
    // page's table is not this one's.
    let asked = RwSignal::new(false);
    let open_table = move |_| {
        asked.set(true);
        online.open(
            super::table::my_name(&state, i18n.get_locale_untracked()),
            state.rules(),
            saved.with_untracked(|s| s.settings.clock.clock()),
        );
    };
    let clocks = TableClock::ALL
        .into_iter()
        .map(|c| {
            view! {
                <option value=c.id() selected=move || saved.with(|s| s.settings.clock == c)>
                    {move || text::clock_name(i18n.get_locale(), c.clock())}
                </option>
            }
        })
        .collect_view();
    let on_clock = move |ev| {
        if let Some(c) = TableClock::from_id(&event_target_value(&ev)) {
            saved.update(|s| s.settings.clock = c);
        }
    };
    let refusal = move || {
        if !asked.get() {
            return None;
        }
        let code = match (online.failure.get(), online.unheard.get()) {
            (Some(Failure::Refused(code)), _) | (None, Some(Unheard::Refused(code))) => Some(code),
            (Some(Failure::NoServer), _) => None,
            _ => return None,
        };
        Some(match code {
            Some(ErrorCode::TooManyTables) => t_string!(i18n, common.open_too_many),
            Some(ErrorCode::ServerFull) => t_string!(i18n, common.open_server_full),
            Some(ErrorCode::BadName) => t_string!(i18n, common.open_bad_name),
            _ => t_string!(i18n, common.open_refused),
        })
    };
    view! {
        <div class="online" role="group" aria-labelledby="online-title">
            <h3 id="online-title">{t!(i18n, common.online_title)}</h3>
            <p>{t!(i18n, common.online_text)}</p>
            <label class="field">
                <span>{t!(i18n, common.clock_label)}</span>
                <select class="table-clock" aria-describedby="clock-note" on:change=on_clock>
                    {clocks}
                </select>
            </label>
            <p id="clock-note" class="clock-note">{t!(i18n, common.clock_note)}</p>
            <button
                type="button"
                class="secondary open-table"
                disabled=move || online.available.get() != Some(true)
                on:click=open_table
            >
                {t!(i18n, common.open_table)}
            </button>
            {move || refusal().map(|text| view! { <p class="open-refused" role="alert">{text}</p> })}
            <Show when=move || online.available.get() == Some(false)>
                <p class="no-server" role="note">{t!(i18n, common.no_server)}</p>
            </Show>
        </div>
    }
}

/// The player's name, on the home page and when sitting down at a table
/// (where it is `required`).
#[component]
pub fn NameField(
    value: Signal<String>,
    on_input: Callback<String>,
    required: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="field">
            <span>{t!(i18n, common.name_label)}</span>
            <input
                type="text"
                name="name"
                autocomplete="nickname"
                maxlength="24"
                required=required
                placeholder=t!(i18n, common.name_placeholder)
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
        </label>
    }
}
