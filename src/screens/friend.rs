//! Gunjin with a friend on this device (`#/friend`, pass-and-play): the
//! two names, then each player's setup, moves and result on the screens
//! of a game against the CPU, with a handoff screen between two players
//! that holds nothing of either side. The referee is [`Friends`].

use gunjin_rules::{ByColor, Color, Rules, Setup};
use leptos::html;
use leptos::prelude::*;

use crate::focus::focus_in_place;
use crate::i18n::*;
use crate::model::fresh_seed;
use crate::model::friend::{Friends, SavedFriends, Stage};
use crate::model::tags::Tags;
use crate::route::{Route, navigate, query_number, query_text};
use crate::screens::end::Result;
use crate::screens::play::{ConfirmButton, Game, Match};
use crate::screens::setup::{SETUP_SECONDS, SetupPanel};
use crate::state::{AppState, read};
use crate::storage;

/// What the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Names,
    Handoff(Color),
    Setup(Color),
    Turn(Color),
    Over,
}

fn screen(friends: Option<&Friends>) -> Screen {
    let Some(f) = friends else {
        return Screen::Names;
    };
    match (f.stage(), f.on_screen()) {
        (Stage::Over, _) => Screen::Over,
        (_, None) => Screen::Handoff(f.next().unwrap_or(Color::South)),
        (Stage::Setup(_), Some(side)) => Screen::Setup(side),
        (Stage::Turn(_), Some(side)) => Screen::Turn(side),
    }
}

/// The stored game (one that does not replay is put aside and reported),
/// at the handoff screen.
fn load(state: AppState) -> Option<Friends> {
    let mut problems = Vec::new();
    let friends = read::<SavedFriends>(&mut problems).and_then(|saved| {
        Friends::resume(&saved)
            .map_err(|_| problems.push(storage::reject::<SavedFriends>()))
            .ok()
    });
    for problem in problems {
        state.report(Err(problem));
    }
    friends
}

#[component]
pub fn FriendPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let friends = RwSignal::new(load(state));
    // Stored after every change; a new game's names form stores nothing.
    Effect::new(move |_| {
        if let Some(saved) = friends.with(|f| f.as_ref().map(Friends::saved)) {
            state.report(storage::save(&saved));
        }
    });
    let shown = Memo::new(move |_| friends.with(|f| screen(f.as_ref())));
    move || match shown.get() {
        Screen::Names => view! { <NamesForm friends /> }.into_any(),
        Screen::Handoff(side) => view! { <Handoff friends side /> }.into_any(),
        Screen::Setup(side) => view! { <FriendSetup friends side /> }.into_any(),
        Screen::Turn(side) => view! { <FriendTurn friends side /> }.into_any(),
        Screen::Over => view! { <FriendEnd friends /> }.into_any(),
    }
}

/// The name of the player on `side`.
fn name(friends: RwSignal<Option<Friends>>, side: Color) -> String {
    friends
        .with_untracked(|f| f.as_ref().map(|f| f.name(side).to_owned()))
        .unwrap_or_default()
}

/// The two names (player 1's is the stored one), under the rules chosen
/// on the home page.
#[component]
fn NamesForm(friends: RwSignal<Option<Friends>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let names = ByColor {
        south: RwSignal::new(state.saved.with_untracked(|s| s.settings.name.clone())),
        north: RwSignal::new(String::new()),
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let locale = i18n.get_locale_untracked();
        let named = |side: Color, default: &str| {
            let name = names[side].get_untracked().trim().to_owned();
            if name.is_empty() {
                default.to_owned()
            } else {
                name
            }
        };
        let names = ByColor {
            south: named(Color::South, td_string!(locale, friend.player_1)),
            north: named(Color::North, td_string!(locale, friend.player_2)),
        };
        // Drawn at random; `?first=you|cpu` makes it player 1 or 2.
        let first = match query_text("first").as_deref() {
            Some("you") => Color::South,
            Some("cpu") => Color::North,
            _ if fresh_seed() >> 63 == 0 => Color::South,
            _ => Color::North,
        };
        friends.set(Some(Friends::new(names, state.rules(), first)));
    };
    let field = move |side: Color| {
        let (label, class) = match side {
            Color::South => (t_string!(i18n, friend.player_1), "player-1"),
            Color::North => (t_string!(i18n, friend.player_2), "player-2"),
        };
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    type="text"
                    class=class
                    maxlength="24"
                    placeholder=label
                    prop:value=move || names[side].get()
                    on:input=move |ev| names[side].set(event_target_value(&ev))
                />
            </label>
        }
    };
    view! {
        <form class="home-form friend-form" on:submit=on_submit>
            <h2>{t!(i18n, friend.title)}</h2>
            <p>{t!(i18n, friend.intro)}</p>
            {field(Color::South)}
            {field(Color::North)}
            <button type="submit" class="primary start-friend">{t!(i18n, friend.start)}</button>
        </form>
    }
}

/// Between two players: whose turn it is to take the device, and nothing
/// else (no board, no piece of either side).
#[component]
fn Handoff(friends: RwSignal<Option<Friends>>, side: Color) -> impl IntoView {
    let i18n = use_i18n();
    let name = StoredValue::new(name(friends, side));
    let setting_up =
        friends.with_untracked(|f| f.as_ref().is_some_and(|f| f.stage() == Stage::Setup(side)));
    let ready_ref = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if let Some(ready) = ready_ref.get() {
            focus_in_place(&ready);
        }
    });
    let next = move || match setting_up {
        true => t_string!(i18n, friend.next_setup, name = name.get_value()),
        false => t_string!(i18n, friend.next_move, name = name.get_value()),
    };
    view! {
        <section class="handoff no-game" aria-labelledby="handoff-title">
            <button
                type="button"
                class="primary handoff-ready"
                node_ref=ready_ref
                on:click=move |_| friends.update(|f| f.iter_mut().for_each(Friends::take))
            >
                <span id="handoff-title">
                    {move || t_string!(i18n, friend.pass_to, name = name.get_value())}
                </span>
            </button>
            <p class="handoff-next">{next}</p>
            <ConfirmButton
                name="end-friend-game"
                label=t!(i18n, friend.end_game)
                question=t!(i18n, friend.end_confirm)
                yes=t!(i18n, friend.end_yes)
                on_yes=Callback::new(move |()| {
                    storage::remove::<SavedFriends>();
                    friends.set(None);
                    navigate(Route::Home);
                })
            />
        </section>
    }
}

/// One player's setup on the setup screen, drawn from their side.
#[component]
fn FriendSetup(friends: RwSignal<Option<Friends>>, side: Color) -> impl IntoView {
    let i18n = use_i18n();
    let rules = friends.with_untracked(|f| f.as_ref().map(Friends::rules).unwrap_or_default());
    let seconds = query_number("setup-seconds")
        .filter(|s| *s > 0)
        .unwrap_or(SETUP_SECONDS);
    let name = name(friends, side);
    let on_ready = Callback::new(move |setup: Setup| {
        friends.update(|f| {
            if let Some(f) = f {
                // The setup panel gives only complete, checked setups.
                let _ = f.set_up(setup);
            }
        });
    });
    view! {
        <p class="friend-who" role="status">{move || t_string!(i18n, friend.whose_setup, name = name.clone())}</p>
        <SetupPanel rules seconds restart=seconds board=None on_change=Callback::new(|_| {}) on_ready side />
    }
}

/// One player's turn: the board and log of their own view, and once they
/// have moved, the way to pass the device on.
#[component]
fn FriendTurn(friends: RwSignal<Option<Friends>>, side: Color) -> impl IntoView {
    let view = Signal::derive(move || friends.with(|f| f.as_ref()?.view()));
    let tags = RwSignal::new(
        friends.with_untracked(|f| f.as_ref().map(Friends::tags).unwrap_or_default()),
    );
    Effect::new(move |_| {
        let kept: Tags = tags.get();
        friends.update(|f| f.iter_mut().for_each(|f| f.set_tags(kept.clone())));
    });
    let (me, opponent) = (name(friends, side), name(friends, !side));
    let game = Match {
        side,
        shape: friends
            .with_untracked(|f| f.as_ref().map_or(Rules::default(), Friends::rules))
            .shape(),
        view,
        tags,
        play: Callback::new(move |mv| {
            friends.update(|f| {
                if let Some(f) = f {
                    let _ = f.play(mv);
                }
            });
        }),
        resign: Callback::new(move |()| {
            friends.update(|f| {
                if let Some(f) = f {
                    let _ = f.resign();
                }
            });
        }),
        me: Signal::stored(me),
        opponent: Signal::stored(Some(opponent.clone())),
        pass_and_play: true,
    };
    let moved = Memo::new(move |_| view.with(|v| v.as_ref().is_some_and(|v| !v.is_my_turn())));
    view! {
        <Show when=move || moved.get()>
            <PassBar friends to=opponent.clone() />
        </Show>
        <Game game />
    }
}

/// After a move: the result is in the log; the device goes to `to`.
#[component]
fn PassBar(friends: RwSignal<Option<Friends>>, to: String) -> impl IntoView {
    let i18n = use_i18n();
    let pass_ref = NodeRef::<html::Button>::new();
    // The next step is passing: it takes the focus from the board.
    Effect::new(move |_| {
        if let Some(pass) = pass_ref.get() {
            focus_in_place(&pass);
        }
    });
    view! {
        <div class="pass-bar" role="region" aria-labelledby="pass-text">
            <p id="pass-text">{t!(i18n, friend.moved)}</p>
            <button
                type="button"
                class="primary pass-on"
                node_ref=pass_ref
                on:click=move |_| friends.update(|f| f.iter_mut().for_each(Friends::pass))
            >
                {move || t_string!(i18n, friend.pass_on, name = to.clone())}
            </button>
        </div>
    }
}

/// The result with both players named, the whole board revealed; a new
/// game forgets this one.
#[component]
fn FriendEnd(friends: RwSignal<Option<Friends>>) -> impl IntoView {
    let i18n = use_i18n();
    let (outcome, record) = friends.with_untracked(|f| f.as_ref().and_then(Friends::finished))?;
    let me = outcome.winner().unwrap_or(Color::South);
    let new_game = move |_| {
        storage::remove::<SavedFriends>();
        friends.set(None);
    };
    Some(view! {
        <Result outcome record me opponent=Some(name(friends, !me)) me_name=name(friends, me)>
            <button type="button" class="primary new-friend-game" on:click=new_game>
                {t!(i18n, friend.new_game)}
            </button>
            <a class="button secondary" href=Route::Home.hash()>
                {t!(i18n, common.go_home)}
            </a>
        </Result>
    })
}
