//! The parlour's home page: a card for each game with its ways to play
//! (the CPU, a friend on this device, a friend online, learn) in reach at
//! once, each game's settings one tap away under its card, remembered.
//! Starting a game over a stored one asks first on the page that starts
//! it (the setup, Shogi's), not here, so that a link asks too.

use gunjin_rules::{Mode, Preset};
use gunjin_table::{ErrorCode, GameOpen, GameTag};
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::i18n::*;
use crate::model::friend::SavedFriends;
use crate::model::settings::{Level, Settings, TableClock, preset_id};
use crate::online::{Failure, Online, Unheard};
use crate::parlour::{Name, game_name};
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

/// The two games side by side (one above the other on a phone), then the
/// data kept on this device.
#[component]
pub fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    online.probe();
    // One game's settings open at a time: both hold the player's name.
    let open = RwSignal::new(None::<GameTag>);
    view! {
        <section class="home" aria-labelledby="home-title">
            <h2 id="home-title" class="sr-only">{t!(i18n, common.home_title)}</h2>
            <p class="tagline">{t!(i18n, common.parlour_about)}</p>
            <div class="game-cards">
                <GunjinCard open />
                <crate::shogi::home::ShogiCard open />
            </div>
            // Without a table server there is no lobby: the line above says so.
            <Show
                when=move || online.available.get() != Some(false)
                fallback=move || {
                    view! { <p class="no-server" id="no-server" role="note">{t!(i18n, common.no_server)}</p> }
                }
            >
                <FindGame />
            </Show>
            <super::your_data::YourData />
        </section>
    }
}

/// The lobby of each game (`#/lobby/<game>`), under the cards: strangers
/// to play, where a card's **Online** invites a friend.
#[component]
fn FindGame() -> impl IntoView {
    let i18n = use_i18n();
    let link = move |game: GameTag| {
        let name = move || crate::parlour::game_word(i18n.get_locale(), game);
        view! { <a href=Route::Lobby(game).hash()>{name}</a> }
    };
    view! {
        <p class="find-games">
            <span>{t!(i18n, common.way_lobby)}</span>
            {link(GameTag::Gunjin)}
            {link(GameTag::Shogi)}
        </p>
    }
}

/// A game's card: its name, what it is, `children` (the game in progress,
/// Play the CPU, the other ways to play), and its `settings` behind a
/// button that says what they are now (`summary`).
#[component]
pub fn GameCard(
    game: GameTag,
    about: Signal<&'static str>,
    summary: Signal<String>,
    open: RwSignal<Option<GameTag>>,
    #[prop(into)] settings: ViewFn,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let key = match game {
        GameTag::Gunjin => "gunjin",
        GameTag::Shogi => "shogi",
    };
    let shown = move || open.get() == Some(game);
    let toggle = move |_| open.update(|o| *o = if *o == Some(game) { None } else { Some(game) });
    view! {
        <section class="game-card" data-game=key aria-labelledby=format!("{key}-title")>
            <h2 id=format!("{key}-title")>
                <Name name=game_name(game) />
            </h2>
            <p class="card-about">{about}</p>
            {children()}
            <button
                type="button"
                class="settings-toggle"
                aria-expanded=move || shown().to_string()
                aria-controls=format!("{key}-settings")
                on:click=toggle
            >
                <span class="settings-label">{t!(i18n, common.settings)}</span>
                <span class="settings-summary">{summary}</span>
            </button>
            <Show when=shown>
                <div class="settings" id=format!("{key}-settings")>
                    {settings.run()}
                </div>
            </Show>
        </section>
    }
}

/// A way to play, as a button or link's content: what it is, and a few
/// words more (read as one name).
#[component]
pub fn Way(label: Signal<&'static str>, hint: Signal<&'static str>) -> impl IntoView {
    view! {
        <span class="way-label">{label}</span>
        " "
        <span class="way-hint">{hint}</span>
    }
}

/// The ways to learn a game, in a small menu over the card (so that the
/// card grows no taller on a phone; a `<details>`, which needs no code to
/// open): its first guide (`guide`, named `guide_name`), the lessons, and
/// Shogi's tsume puzzles (`tsume`).
#[component]
pub fn LearnWay(
    guide: Route,
    guide_name: Signal<&'static str>,
    #[prop(optional)] tsume: Option<Signal<&'static str>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let tsume = tsume.map(|name| {
        view! {
            <li>
                <a href=Route::Shogi(crate::route::ShogiPage::Tsume).hash()>{name}</a>
            </li>
        }
    });
    view! {
        <details class="learn-way">
            <summary class="button secondary way learn">
                <Way label=t!(i18n, common.way_learn) hint=t!(i18n, common.way_learn_hint) />
            </summary>
            <ul class="learn-menu">
                <li>
                    <a href=guide.hash()>{guide_name}</a>
                </li>
                <li>
                    <a href=Route::Learn(String::new()).hash()>{t!(i18n, common.nav_learn)}</a>
                </li>
                {tsume}
            </ul>
        </details>
    }
}

/// Opening a table online (`open`), and why the server did not open one
/// when this card asked.
#[component]
pub fn OnlineWay(open: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    // Whether this card asked for a table: a refusal left from another
    // page's table, or the other card's, is not this one's.
    let asked = RwSignal::new(false);
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
        <button
            type="button"
            class="secondary way open-table"
            aria-describedby=move || (online.available.get() == Some(false)).then_some("no-server")
            disabled=move || online.available.get() != Some(true)
            on:click=move |_| {
                asked.set(true);
                open.run(());
            }
        >
            <Way label=t!(i18n, common.way_online) hint=t!(i18n, common.way_online_hint) />
        </button>
        {move || refusal().map(|text| view! { <p class="open-refused" role="alert">{text}</p> })}
    }
}

/// Gunjin Shogi's card: the game against the CPU in progress, Play the
/// CPU (the setup next), a friend here (or the game with one to resume),
/// a table online, the guides; level, mode, rules and the table's clock
/// in its settings.
#[component]
fn GunjinCard(open: RwSignal<Option<GameTag>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let online = expect_context::<Online>();
    let saved = state.saved;
    let summary = Signal::derive(move || {
        let locale = i18n.get_locale();
        saved.with(|s| {
            let s = &s.settings;
            format!(
                "{} · {} · {}",
                text::level_name(locale, s.difficulty.into()),
                text::mode_name(locale, s.mode),
                text::preset_name(locale, s.preset)
            )
        })
    });
    // A game left in progress (restored from storage) is one tap away.
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
    let (friend, friend_hint) = match friend_waits() {
        true => (
            t!(i18n, common.way_friend_resume),
            t!(i18n, common.way_friend_resume_hint),
        ),
        false => (
            t!(i18n, common.way_friend),
            t!(i18n, common.way_friend_hint),
        ),
    };
    let open_table = Callback::new(move |()| {
        online.open(
            super::table::my_name(&state, i18n.get_locale_untracked()),
            GameOpen::Gunjin {
                rules: state.rules(),
            },
            saved.with_untracked(|s| s.settings.clock.clock()),
        );
    });
    view! {
        <GameCard
            game=GameTag::Gunjin
            about=t!(i18n, common.tagline)
            summary
            open
            settings=move || lazy_settings(Box::pin(load_gunjin_settings()))
        >
            {resume}
            <button type="button" class="primary play-cpu" on:click=move |_| navigate(Route::Setup)>
                {t!(i18n, common.play_cpu)}
            </button>
            <div class="ways">
                <a class="button secondary way play-friend" href=Route::Friend.hash()>
                    <Way label=friend hint=friend_hint />
                </a>
                <OnlineWay open=open_table />
                <LearnWay guide=Route::GuideHow guide_name=t!(i18n, common.nav_how) />
            </div>
        </GameCard>
    }
}

/// A card's settings, which `load` fetches from a wasm module of their
/// own the first time a card's are opened, not with the home page.
pub fn lazy_settings(
    load: std::pin::Pin<Box<dyn Future<Output = Result<AnyView, SplitLoaderError>> + Send>>,
) -> AnyView {
    let panel = async move {
        load.await
            .unwrap_or_else(|_| view! { <super::PageUnavailable /> }.into_any())
    };
    view! { <Suspense>{Suspend::new(panel)}</Suspense> }.into_any()
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(settings, fallible, wasm_split_path = leptos::wasm_split)]
fn load_gunjin_settings() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <GunjinSettings /> }.into_any())
}

#[cfg(not(feature = "split"))]
async fn load_gunjin_settings() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <GunjinSettings /> }.into_any())
}

/// Gunjin's settings: name, level, mode and rules (each with what it
/// changes), and the clock of a table opened here.
#[component]
fn GunjinSettings() -> impl IntoView {
    let i18n = use_i18n();
    let saved = expect_context::<AppState>().saved;
    let levels = radios(
        "level",
        Level::ALL,
        Level::id,
        |locale, level| text::level_name(locale, level.into()),
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
    view! {
        <PlayerName />
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
        <TableClockChoice />
        <SoundSwitches />
        <p>
            <a href=Route::ReviewOpen.hash()>{t!(i18n, common.open_record)}</a>
        </p>
    }
}

/// The player's remembered name, for both games (a table shows it, and
/// player 1 of a game with a friend starts with it).
#[component]
pub fn PlayerName() -> impl IntoView {
    let saved = expect_context::<AppState>().saved;
    view! {
        <NameField
            value=Signal::derive(move || saved.with(|s| s.settings.name.clone()))
            on_input=Callback::new(move |name| saved.update(|s| s.settings.name = name))
            required=false
        />
    }
}

/// The sound and vibration switches, for both games (in both cards'
/// settings, as the name).
#[component]
pub fn SoundSwitches() -> impl IntoView {
    let i18n = use_i18n();
    let saved = expect_context::<AppState>().saved;
    let switch = |name, get: fn(&Settings) -> bool, set: fn(&mut Settings, bool), label| {
        view! {
            <label class="choice">
                <input
                    type="checkbox"
                    name=name
                    prop:checked=move || saved.with(|s| get(&s.settings))
                    on:change=move |ev| saved.update(|s| set(&mut s.settings, event_target_checked(&ev)))
                />
                <span>{label}</span>
            </label>
        }
    };
    view! {
        {switch("sound", |s| s.sound, |s, on| s.sound = on, t!(i18n, common.sound))}
        {switch("vibration", |s| s.vibration, |s, on| s.vibration = on, t!(i18n, common.vibration))}
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

/// The clock of a Gunjin table opened here (remembered; the server keeps
/// it).
#[component]
fn TableClockChoice() -> impl IntoView {
    let i18n = use_i18n();
    let saved = expect_context::<AppState>().saved;
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
    view! {
        <label class="field">
            <span>{t!(i18n, common.clock_label)}</span>
            <select class="table-clock" aria-describedby="clock-note" on:change=on_clock>
                {clocks}
            </select>
        </label>
        <p id="clock-note" class="clock-note">{t!(i18n, common.clock_note)}</p>
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
