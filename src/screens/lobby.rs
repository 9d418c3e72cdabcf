//! The lobby (`#/lobby/<game>`): the tables their hosts listed and the
//! players looking for a game, live, with the room's counts; one tap sits
//! down at a table or plays a seeker, and quick pairing seeks the card's
//! game (its mode, rules and clock). The room's state is
//! `model/lobby.rs`; this page only shows it.

use gunjin_table::{ErrorCode, GameOpen, GameTag, LobbyAct, Open, Waiting};
use leptos::prelude::*;

use crate::i18n::*;
use crate::model::lobby::{Room, Then, minutes};
use crate::online::{LobbyLink, Online, Seats};
use crate::parlour::game_word;
use crate::route::{Route, navigate};
use crate::screens::my_name;
use crate::state::AppState;
use crate::{storage, text};

/// What the lobby page shares with its parts.
#[derive(Clone, Copy)]
struct Lobby {
    room: RwSignal<Room>,
    link: StoredValue<Option<LobbyLink>, LocalStorage>,
    closed: RwSignal<bool>,
    /// `Date.now()`, once a second, to age the entries.
    now: RwSignal<f64>,
}

impl Lobby {
    fn send(&self, act: LobbyAct) {
        self.room.update(Room::ask);
        let sent = self
            .link
            .with_value(|l| l.as_ref().is_some_and(|l| l.send(act)));
        if !sent {
            self.closed.set(true);
        }
    }
}

#[component]
pub fn LobbyPage(game: GameTag) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let state = expect_context::<AppState>();
    let lobby = Lobby {
        room: RwSignal::new(Room::default()),
        link: StoredValue::new_local(None),
        closed: RwSignal::new(false),
        now: RwSignal::new(js_sys::Date::now()),
    };
    let name = move || my_name(&state, i18n.get_locale_untracked());
    let told = move |message| match lobby
        .room
        .try_update(|r| r.apply(message, js_sys::Date::now()))
    {
        Some(Then::Host { table, token }) => {
            let mut seats = storage::load::<Seats>().ok().flatten().unwrap_or_default();
            seats.remember(&table, &token);
            let _ = storage::save(&seats);
            navigate(Route::Table(table));
        }
        Some(Then::Join { table }) => online.join(table, name()),
        _ => {}
    };
    lobby
        .link
        .set_value(LobbyLink::open(told, move || lobby.closed.set(true)));
    let ticks = set_interval_with_handle(
        move || lobby.now.set(js_sys::Date::now()),
        std::time::Duration::from_secs(1),
    );
    on_cleanup(move || {
        if let Ok(ticks) = ticks {
            ticks.clear();
        }
        lobby.link.set_value(None);
    });
    provide_context(lobby);
    let counts = move || {
        lobby.room.with(|r| {
            r.lobby.as_ref().map(|l| {
                t_string!(i18n, lobby.counts, online = l.online, playing = l.playing).to_string()
            })
        })
    };
    view! {
        <section class="lobby" aria-labelledby="lobby-title">
            <h1 id="lobby-title">{t!(i18n, lobby.title)}</h1>
            <p class="lobby-counts" role="status">{counts}</p>
            <Show when=move || lobby.closed.get()>
                <p class="lobby-closed" role="alert">{t!(i18n, lobby.closed)}</p>
            </Show>
            <QuickPairing game />
            <h2>{t!(i18n, lobby.tables)}</h2>
            <Entries tables=true />
            <h2>{t!(i18n, lobby.seeks)}</h2>
            <Entries tables=false />
        </section>
    }
}

/// Quick pairing: seek the card's game, or say the seek waits (with a
/// way to cancel it), or why the server refused it.
#[component]
fn QuickPairing(game: GameTag) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let lobby = expect_context::<Lobby>();
    let seek = move || {
        let game = match game {
            GameTag::Gunjin => GameOpen::Gunjin {
                rules: state.rules(),
            },
            GameTag::Shogi => GameOpen::Shogi,
        };
        let clock = match game {
            GameOpen::Gunjin { .. } => state.saved.with_untracked(|s| s.settings.clock.clock()),
            GameOpen::Shogi => None,
        };
        let name = my_name(&state, i18n.get_locale_untracked());
        Open { name, game, clock }
    };
    let what = move || open_text(i18n.get_locale(), &seek());
    let seeking = move || lobby.room.with(|r| r.seeking);
    let refused = move || {
        lobby.room.with(|r| r.refused).map(|code| match code {
            ErrorCode::TooManySeeks | ErrorCode::RateLimited => {
                t_string!(i18n, lobby.refused_flood)
            }
            ErrorCode::TooManyTables => t_string!(i18n, common.open_too_many),
            _ => t_string!(i18n, lobby.refused),
        })
    };
    let cancel = move |_| {
        lobby.room.update(Room::cancel);
        lobby.send(LobbyAct::CancelSeek);
    };
    view! {
        <div class="quick-pairing">
            <Show
                when=seeking
                fallback=move || {
                    view! {
                        <button
                            type="button"
                            class="primary quick-pair"
                            on:click=move |_| lobby.send(LobbyAct::Seek(seek()))
                        >
                            {t!(i18n, lobby.quick)}
                        </button>
                    }
                }
            >
                <p class="seeking" role="status">{t!(i18n, lobby.seeking)}</p>
                <button type="button" class="secondary cancel-seek" on:click=cancel>
                    {t!(i18n, lobby.cancel)}
                </button>
            </Show>
            <p class="quick-what">{what}</p>
            {move || refused().map(|text| view! { <p class="lobby-refused" role="alert">{text}</p> })}
        </div>
    }
}

/// The listed tables (a tap sits down) or the seeks (a tap seeks the
/// same), oldest first.
#[component]
fn Entries(tables: bool) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let state = expect_context::<AppState>();
    let lobby = expect_context::<Lobby>();
    let entries = move || {
        lobby.room.with(|r| {
            let l = r.lobby.as_ref()?;
            Some(if tables {
                l.tables.clone()
            } else {
                l.seeks.clone()
            })
        })
    };
    let tap = move |waiting: Waiting| {
        let name = my_name(&state, i18n.get_locale_untracked());
        match tables {
            true => online.join(waiting.id, name),
            false => lobby.send(LobbyAct::Seek(Open {
                name,
                ..waiting.open
            })),
        }
    };
    let row = move |waiting: Waiting| {
        let locale = i18n.get_locale();
        let aged = waiting.clone();
        let waited = move || minutes(lobby.room.with(|r| r.waited(&aged, lobby.now.get())));
        let what = open_text(locale, &waiting.open);
        let host = waiting.open.name.clone();
        let label = match tables {
            true => t!(i18n, lobby.sit),
            false => t!(i18n, lobby.play),
        };
        let entry = waiting.clone();
        view! {
            <li class="lobby-entry">
                <span class="lobby-host">{host}</span>
                <span class="lobby-game">{what}</span>
                <span class="lobby-waited">{waited}</span>
                <button type="button" class="secondary" on:click=move |_| tap(entry.clone())>
                    {label}
                </button>
            </li>
        }
    };
    let empty = move || match tables {
        true => t_string!(i18n, lobby.no_tables),
        false => t_string!(i18n, lobby.no_seeks),
    };
    view! {
        {move || match entries().filter(|e| !e.is_empty()) {
            Some(entries) => {
                let class = if tables { "lobby-tables" } else { "lobby-seeks" };
                view! { <ul class=class>{entries.into_iter().map(row).collect_view()}</ul> }
                    .into_any()
            }
            None => view! { <p class="lobby-empty">{empty}</p> }.into_any(),
        }}
    }
}

/// What an entry plays: the game, Gunjin's mode and rules, the clock.
fn open_text(locale: Locale, open: &Open) -> String {
    let game = game_word(locale, open.game.tag());
    let clock = text::clock_name(locale, open.clock);
    match open.game {
        GameOpen::Gunjin { rules } => {
            let options = match rules.preset() {
                Some(preset) => text::preset_name(locale, preset).to_owned(),
                None => td_string!(locale, common.rules_code, code = rules.to_string()),
            };
            let mode = text::mode_name(locale, rules.mode);
            format!("{game} · {mode} · {options} · {clock}")
        }
        GameOpen::Shogi => format!("{game} · {clock}"),
    }
}
