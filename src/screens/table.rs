//! A table of the table server (`#/table/<id>`, the invite link): sitting
//! down, the invite and the CPU seat while waiting, then the same setup,
//! board and result screens as against the local CPU, with the opponent's
//! name and connection.

use gunjin_rules::{Color, PartialSetup, Rules};
use gunjin_table::{
    Clock, ClockState, CpuLevel, ErrorCode, GameTag, Phase, ShogiLevel, TableState,
};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

use super::table_chat::TableChat;
use crate::i18n::*;
use crate::model::settings::Level;
use crate::model::setup_board::{SetupBoard, SetupDraft};
use crate::online::{Failure, Online, Unheard, invite_link, valid_table_id};
use crate::parlour::game_word;
use crate::route::{Route, ShogiPage};
use crate::screens::end::Result;
use crate::screens::home::NameField;
use crate::screens::offers::OfferBar;
use crate::screens::play::{Game, Match};
use crate::screens::setup::SetupPanel;
use crate::state::AppState;
use crate::text;

/// Where the page is in the table's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    BadLink,
    Failed(Failure),
    Join,
    Connecting,
    Waiting,
    Setup,
    SetupDone,
    Play,
    Over,
}

/// The player's name from the home page, or a neutral one.
pub fn my_name(state: &AppState, locale: Locale) -> String {
    state
        .saved
        .with_untracked(|s| s.settings.display_name().map(str::to_owned))
        .unwrap_or_else(|| td_string!(locale, common.player_default).to_string())
}

/// The name on a seat of the table ("…" while it is free); a CPU seat is
/// named in the page's language.
pub(crate) fn seat_name(table: &TableState, side: Color, locale: Locale) -> String {
    let Some(seat) = table.seats[side].as_ref() else {
        return "…".to_owned();
    };
    match seat.cpu {
        Some(level) => text::cpu_name(locale, text::level_name(locale, level)),
        None => seat.name.clone(),
    }
}

#[component]
pub fn TablePage(id: String) -> impl IntoView {
    let online = expect_context::<Online>();
    let valid = valid_table_id(&id);
    // Whether this page holds a seat or is taking one: known once the
    // table is entered, after the page this one replaces is gone (entering
    // resets the seat's signals, which that page's views follow until then:
    // another table's, when a second invite link is followed in this tab).
    let joining = RwSignal::new(None::<bool>);
    let id = StoredValue::new(id);
    Effect::new(move |_| {
        if valid {
            let seated = online.enter(&id.read_value());
            // Without a seat, what the table is comes first: an unknown or
            // full table is said before a name is asked for.
            if !seated {
                online.peek(id.get_value());
            }
            joining.set(Some(seated));
        }
    });
    online.probe();
    let stage = Memo::new(move |_| {
        if !valid {
            return Stage::BadLink;
        }
        let Some(joining) = joining.get() else {
            return Stage::Connecting;
        };
        if online.over.with(Option::is_some) {
            return Stage::Over;
        }
        if let Some(failure) = online.failure.get() {
            return Stage::Failed(failure);
        }
        // A static site says so at once, before asking for a name.
        match online.available.get() {
            Some(false) => return Stage::Failed(Failure::NoServer),
            None if !joining => return Stage::Connecting,
            _ => {}
        }
        if !joining {
            return match online.invitation.get() {
                None => Stage::Connecting,
                Some(Some(invitation)) if invitation.full => {
                    Stage::Failed(Failure::Refused(ErrorCode::TableFull))
                }
                Some(_) => Stage::Join,
            };
        }
        online.table.with(|t| match t.as_ref().map(|t| &t.phase) {
            None => Stage::Connecting,
            Some(Phase::Waiting) => Stage::Waiting,
            Some(Phase::Setup { ready, .. })
                if ready[t.as_ref().map_or(Color::South, |t| t.you)] =>
            {
                Stage::SetupDone
            }
            Some(Phase::Setup { .. }) => Stage::Setup,
            Some(Phase::Play) => Stage::Play,
            Some(Phase::Over { .. } | Phase::ShogiOver) => Stage::Over,
        })
    });
    move || {
        match stage.get() {
        Stage::BadLink => view! { <Trouble failure=None /> }.into_any(),
        Stage::Failed(failure) => view! { <Trouble failure=Some(failure) /> }.into_any(),
        Stage::Join => view! { <JoinForm id=id.get_value() joining /> }.into_any(),
        Stage::Connecting => view! { <Connecting /> }.into_any(),
        stage => view! {
            <section class="table-page" aria-labelledby="table-title">
                // Gunjin's board and result name the players; Shogi's not.
                <TableStatus in_game=matches!(stage, Stage::Play | Stage::Over) && !online.is_shogi() />
                {match stage {
                    Stage::Waiting => view! { <Invite /> }.into_any(),
                    Stage::Setup => view! { <OnlineSetup /> }.into_any(),
                    Stage::SetupDone => view! { <SetupDone /> }.into_any(),
                    // Shogi's board is in its own module, loaded now.
                    _ if online.is_shogi() => {
                        crate::lazy(crate::load_shogi(ShogiPage::Table))
                    }
                    Stage::Play => view! { <OnlineGame /> }.into_any(),
                    _ => view! { <OnlineEnd /> }.into_any(),
                }}
                {matches!(stage, Stage::Play | Stage::Over).then(|| {
                    let opponent = Signal::derive(seat_name_of(false));
                    view! { <OfferBar over=stage == Stage::Over opponent /> }
                })}
                <TableChat />
            </section>
        }
        .into_any(),
    }
    }
}

/// A bad link (`failure: None`), no server, or a refused seat: what
/// happened, and the way home.
#[component]
fn Trouble(failure: Option<Failure>) -> impl IntoView {
    let i18n = use_i18n();
    let message = move || match failure {
        None => t_string!(i18n, common.table_bad_link),
        Some(Failure::NoServer) => t_string!(i18n, common.no_server),
        Some(Failure::Refused(ErrorCode::NoSuchTable)) => t_string!(i18n, common.table_unknown),
        Some(Failure::Refused(ErrorCode::TableFull)) => t_string!(i18n, common.table_full),
        Some(Failure::Refused(ErrorCode::Replaced)) => t_string!(i18n, common.table_replaced),
        Some(Failure::Refused(ErrorCode::Expired)) => t_string!(i18n, common.table_expired),
        Some(Failure::Refused(_)) => t_string!(i18n, common.table_refused),
        Some(Failure::Unreachable) => t_string!(i18n, common.table_unreachable),
    };
    view! {
        <section class="table-trouble no-game" role="alert">
            <p class="table-message">{message}</p>
            <p>
                <a class="button" href=Route::Home.hash()>
                    {t!(i18n, common.go_home)}
                </a>
            </p>
        </section>
    }
}

#[component]
fn Connecting() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let text = move || match online.moving.get() {
        true => t_string!(i18n, common.table_moving),
        false => t_string!(i18n, common.table_connecting),
    };
    view! { <p class="table-connecting" role="status">{text}</p> }
}

/// The guest's way in from the invite link: a name, then sit down.
#[component]
fn JoinForm(id: String, joining: RwSignal<Option<bool>>) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let online = expect_context::<Online>();
    let name = RwSignal::new(my_name(&state, i18n.get_locale_untracked()));
    let invitation = online.invitation.get_untracked().flatten();
    let invited = {
        let invitation = invitation.clone();
        move || {
            let locale = i18n.get_locale();
            match &invitation {
                Some(i) => {
                    let game = game_word(locale, i.game);
                    td_string!(locale, common.join_text, host = i.host, game = game)
                }
                None => td_string!(locale, common.join_text_unknown).to_owned(),
            }
        }
    };
    let told = invitation.as_ref().map(|i| (i.game, i.rules, i.clock));
    let rules = move || {
        let (game, rules, _) = told?;
        rules_text(i18n.get_locale(), game, rules)
    };
    let clock = move || clock_text(i18n.get_locale(), told?.2);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let chosen = name.get_untracked().trim().to_owned();
        if chosen.is_empty() {
            return;
        }
        state.saved.update(|s| s.settings.name = chosen.clone());
        joining.set(Some(true));
        online.join(id.clone(), chosen);
    };
    view! {
        <form class="home-form join-form" on:submit=on_submit>
            <h2>{t!(i18n, common.join_title)}</h2>
            <p class="join-text">{invited}</p>
            <p class="table-rules">{rules}</p>
            <p class="clock-rule">{clock}</p>
            <NameField value=name.into() on_input=Callback::new(move |n| name.set(n)) required=true />
            <button type="submit" class="primary sit-down">
                {t!(i18n, common.sit_down)}
            </button>
        </form>
    }
}

/// Both names, whose is whose, the opponent's connection and, while they
/// are away, when they forfeit; and this page's own connection. `in_game`:
/// the board and the result name the players themselves, so the names
/// here are only for screen readers.
#[component]
fn TableStatus(in_game: bool) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let now = RwSignal::new(js_sys::Date::now());
    if let Ok(handle) = set_interval_with_handle(
        move || now.set(js_sys::Date::now()),
        std::time::Duration::from_millis(500),
    ) {
        on_cleanup(move || handle.clear());
    }
    let opponent = seat_name_of(false);
    // Whether the other seat is taken, by the CPU, and connected.
    let seat = move || {
        online.table.with(|t| {
            let t = t.as_ref()?;
            let seat = t.seats[!t.you].as_ref()?;
            Some((seat.cpu.is_some(), seat.connected))
        })
    };
    let presence = move || match seat() {
        None => t_string!(i18n, common.seat_free).to_string(),
        Some((true, _)) => String::new(),
        Some((false, true)) => t_string!(i18n, common.presence_on).to_string(),
        Some((false, false)) => t_string!(i18n, common.presence_off).to_string(),
    };
    let forfeit = move || {
        let (side, at) = online.forfeit_at.get()?;
        let seconds = ((at - now.get()) / 1000.0).ceil().max(0.0) as u32;
        let time = format!("{}:{:02}", seconds / 60, seconds % 60);
        Some(if online.side() == Some(side) {
            t_string!(i18n, common.you_forfeit_in, time = time)
        } else {
            t_string!(i18n, common.forfeit_in, name = opponent(), time = time)
        })
    };
    let me = seat_name_of(true);
    view! {
        <div class="table-status">
            <h2 id="table-title" class="table-players" class:sr-only=in_game>
                {me} " vs " <span class="opponent">{opponent}</span>
            </h2>
            <p
                class="presence"
                data-connected=move || seat().map(|(_, c)| c.to_string()).unwrap_or_default()
            >
                {presence}
            </p>
            <p class="forfeit" role="status" aria-live="polite">{forfeit}</p>
            <TableRules />
            <TableClock now />
            <ConnectionLines />
        </div>
    }
}

/// Which game the table plays, and its clock's rule.
#[component]
fn TableRules() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let clock_rule = move || {
        let clock = online.table.with(|t| t.as_ref()?.clock.map(|c| c.clock));
        clock_text(i18n.get_locale(), clock)
    };
    // Which Gunjin game the table plays, for both players from the invite on.
    let rules_line = move || {
        let (game, rules) = online
            .table
            .with(|t| t.as_ref().map(|t| (t.game, t.rules)))?;
        rules_text(i18n.get_locale(), game, rules)
    };
    view! {
        <p class="table-rules">{rules_line}</p>
        <p class="clock-rule">{clock_rule}</p>
    }
}

/// Each side's time left, the running side's counting down here between
/// the server's word (`now` ticks); the player's own clock running low
/// sounds once each time it does.
#[component]
fn TableClock(now: RwSignal<f64>) -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let left = move |side: Color| {
        let (state, at) = online.clock.get()?;
        Some(time_left(&state, now.get() - at, side))
    };
    let low = Memo::new(move |_| {
        let me = online.side()?;
        let running = online.clock.with(|c| c.as_ref()?.0.running) == Some(me);
        Some(running && crate::sound::low_time(left(me)?))
    });
    Effect::new(move |_| {
        if low.get() == Some(true) {
            crate::sound::play(crate::sound::Cue::LowTime);
        }
    });
    let clock = move || {
        let me = online.side()?;
        let (mine, theirs) = (left(me)?, left(!me)?);
        Some(t_string!(
            i18n,
            common.clock_left,
            you = minutes_seconds(mine),
            them = minutes_seconds(theirs)
        ))
    };
    view! { <p class="clock">{clock}</p> }
}

/// `side`'s time left in milliseconds, `elapsed` after the server's word:
/// its main time, then its byoyomi; only the running side's goes down.
fn time_left(state: &ClockState, elapsed: f64, side: Color) -> f64 {
    let elapsed = if state.running == Some(side) {
        elapsed
    } else {
        0.0
    };
    let main = state.left[side] as f64 - elapsed;
    if main > 0.0 {
        main
    } else {
        main + state.clock.byoyomi() as f64
    }
}

/// Milliseconds as `m:ss`, rounded up (a clock shows 0:00 only when out).
fn minutes_seconds(ms: f64) -> String {
    let seconds = (ms / 1000.0).ceil().max(0.0) as u64;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// This page's own connection: down or moving, an action the server did
/// not take and why, a message it could not read.
#[component]
fn ConnectionLines() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    // Up, and not being told the table is moving (each retry's socket is
    // up for a moment).
    let connected =
        move || online.connected.get() && !online.moving.get() || online.over.with(Option::is_some);
    let unheard = move || {
        online
            .unheard
            .get()
            .map(|u| unheard_text(i18n.get_locale(), u))
    };
    let garbled = move || {
        online
            .garbled
            .get()
            .then(|| t_string!(i18n, common.table_garbled))
    };
    let reconnecting = move || match online.moving.get() {
        true => t_string!(i18n, common.table_moving),
        false => t_string!(i18n, common.reconnecting),
    };
    view! {
        <Show when=move || !connected()>
            <p class="reconnecting" role="status">{reconnecting}</p>
        </Show>
        <p class="unheard" role="alert">{unheard}</p>
        <p class="garbled" role="alert">{garbled}</p>
    }
}

/// Why an action was not taken, in words.
fn unheard_text(locale: Locale, unheard: Unheard) -> &'static str {
    match unheard {
        Unheard::NotSent => td_string!(locale, common.unheard_not_sent),
        Unheard::Refused(ErrorCode::NotYourTurn) => td_string!(locale, common.unheard_turn),
        Unheard::Refused(ErrorCode::IllegalMove) => td_string!(locale, common.unheard_illegal),
        Unheard::Refused(ErrorCode::RateLimited) => td_string!(locale, common.unheard_fast),
        Unheard::Refused(ErrorCode::CpuBusy) => td_string!(locale, common.unheard_cpu_busy),
        Unheard::Refused(ErrorCode::CannotSave) => td_string!(locale, common.unheard_cannot_save),
        Unheard::Refused(ErrorCode::RolledBack) => td_string!(locale, common.unheard_rolled_back),
        Unheard::Refused(ErrorCode::OfferRepeated) => td_string!(locale, offers.refused_repeated),
        Unheard::Refused(ErrorCode::NoTakeback) => td_string!(locale, offers.refused_takeback),
        Unheard::Refused(_) => td_string!(locale, common.unheard_refused),
    }
}

/// Which Gunjin game a table plays ("Game: Classic 25, Traditional."),
/// told from the invitation on; nothing at a Shogi table.
fn rules_text(locale: Locale, game: GameTag, rules: Rules) -> Option<String> {
    if game != GameTag::Gunjin {
        return None;
    }
    let options = match rules.preset() {
        Some(preset) => text::preset_name(locale, preset).to_owned(),
        None => td_string!(locale, common.rules_code, code = rules.to_string()),
    };
    let mode = text::mode_name(locale, rules.mode);
    Some(td_string!(locale, common.table_rules, mode, options))
}

/// A table's clock, if it has one ("Clock: 1 min per move. …").
fn clock_text(locale: Locale, clock: Option<Clock>) -> Option<String> {
    let clock = text::clock_name(locale, Some(clock?));
    Some(td_string!(locale, common.clock_rule, clock))
}

/// The host's waiting room: the invite link (copy, share) and the CPU seat.
#[component]
fn Invite() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let state = expect_context::<AppState>();
    let link = online
        .table
        .with_untracked(|t| t.as_ref().map(|t| invite_link(&t.table)))
        .unwrap_or_default();
    let copied = RwSignal::new(false);
    let navigator = window().navigator();
    let can_share = js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false);
    // The levels of the table's game, the remembered one first chosen.
    let shogi = online.is_shogi();
    let level = RwSignal::new(match shogi {
        true => CpuLevel::Shogi(state.shogi.with_untracked(|s| s.level)),
        false => CpuLevel::Gunjin(state.saved.with_untracked(|s| s.settings.difficulty)),
    });
    let copy = {
        let link = link.clone();
        // No clipboard outside secure contexts (plain http on a LAN address).
        move |_| {
            if let Ok(clipboard) = js_sys::Reflect::get(&navigator, &"clipboard".into())
                .and_then(|c| c.dyn_into::<web_sys::Clipboard>())
            {
                let _ = clipboard.write_text(&link);
                copied.set(true);
            }
        }
    };
    let share = {
        let link = link.clone();
        move |_| {
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"url".into(), &link.as_str().into());
            let title = match shogi {
                true => t_string!(i18n, common.share_title_shogi),
                false => t_string!(i18n, common.share_title),
            };
            let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
            let navigator = window().navigator();
            if let Ok(share) = js_sys::Reflect::get(&navigator, &"share".into())
                && let Ok(share) = share.dyn_into::<js_sys::Function>()
            {
                let _ = share.call1(&navigator, &data);
            }
        }
    };
    let levels: Vec<CpuLevel> = match shogi {
        true => ShogiLevel::ALL.into_iter().map(CpuLevel::Shogi).collect(),
        false => Level::ALL.into_iter().map(CpuLevel::Gunjin).collect(),
    };
    let levels = levels
        .into_iter()
        .map(|l| {
            view! {
                <option value=l.name() selected=move || level.get() == l>
                    {move || text::level_name(i18n.get_locale(), l)}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="invite">
            <p>{t!(i18n, common.invite_text)}</p>
            <label class="field">
                <span>{t!(i18n, common.invite_link)}</span>
                <input type="text" class="invite-link" readonly prop:value=link.clone() on:focus=|ev| {
                    if let Some(input) = event_target::<web_sys::HtmlInputElement>(&ev).into() {
                        input.select();
                    }
                } />
            </label>
            <div class="actions">
                <button type="button" class="primary copy-link" on:click=copy>
                    {move || if copied.get() { t_string!(i18n, common.copied) } else { t_string!(i18n, common.copy_link) }}
                </button>
                {can_share.then(|| view! {
                    <button type="button" class="secondary share-link" on:click=share>
                        {t!(i18n, common.share_link)}
                    </button>
                })}
            </div>
            <p class="waiting" role="status">{t!(i18n, common.waiting_friend)}</p>
            <super::listing::ListInLobby />
            <div class="add-cpu-row">
                <label class="field">
                    <span>{t!(i18n, common.cpu_seat_label)}</span>
                    <select class="cpu-level" on:change=move |ev| {
                        if let Ok(d) = event_target_value(&ev).parse() {
                            level.set(d);
                        }
                    }>
                        {levels}
                    </select>
                </label>
                <button type="button" class="secondary add-cpu" on:click=move |_| online.add_cpu(level.get_untracked())>
                    {t!(i18n, common.add_cpu)}
                </button>
            </div>
        </div>
    }
}

/// The shared setup screen, timed by the server; drafts go to the server
/// so that the timer's end completes this one.
#[component]
fn OnlineSetup() -> impl IntoView {
    let online = expect_context::<Online>();
    let (rules, millis, draft, side) = online
        .table
        .with_untracked(|t| {
            t.as_ref().map(|t| match &t.phase {
                Phase::Setup {
                    millis_left, draft, ..
                } => (t.rules, *millis_left, *draft, t.you),
                _ => (t.rules, 0, PartialSetup::default(), t.you),
            })
        })
        .unwrap_or((Rules::default(), 0, PartialSetup::default(), Color::South));
    let board = SetupBoard::from_draft(
        rules,
        &SetupDraft {
            rules,
            camp: draft,
            seconds_left: 0,
        },
    );
    let sent = StoredValue::new(draft);
    let on_change = Callback::new(move |(board, _): (SetupBoard, u32)| {
        let partial = *board.partial();
        if sent.get_value() != partial {
            sent.set_value(partial);
            online.draft(partial);
        }
    });
    let on_ready = Callback::new(move |setup| online.ready(setup));
    // Whole seconds, rounded up: the server's own timer has the last word.
    let seconds = u32::try_from(millis.div_ceil(1000)).unwrap_or(u32::MAX);
    view! { <SetupPanel rules seconds board on_change on_ready side /> }
}

/// The name on this seat (`mine`) or the other, following the language.
/// A closure over the app's signals, not a signal of the page's own: a
/// view about to be dropped may still be told that the table changed, and
/// must find its names (see [`TablePage`]).
fn seat_name_of(mine: bool) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    move || {
        let locale = i18n.get_locale();
        online.table.with(|t| {
            t.as_ref()
                .map(|t| seat_name(t, if mine { t.you } else { !t.you }, locale))
                .unwrap_or_default()
        })
    }
}

#[component]
fn SetupDone() -> impl IntoView {
    let i18n = use_i18n();
    let name = seat_name_of(false);
    view! {
        <p class="setup-done" role="status">
            {move || t_string!(i18n, common.setup_waiting, name = name())}
        </p>
    }
}

/// The shared board, fed by the server.
#[component]
fn OnlineGame() -> impl IntoView {
    let online = expect_context::<Online>();
    let opponent = seat_name_of(false);
    let game = Match {
        // The stage is play only once the table, and so the side, is known.
        side: online
            .table
            .with_untracked(|t| t.as_ref().map_or(Color::South, |t| t.you)),
        shape: online
            .table
            .with_untracked(|t| t.as_ref().map_or(Rules::default(), |t| t.rules))
            .shape(),
        view: online.view.into(),
        tags: online.tags,
        play: Callback::new(move |mv| online.play(mv)),
        resign: Callback::new(move |()| online.resign()),
        me: Signal::derive(seat_name_of(true)),
        opponent: Signal::derive(move || Some(opponent())),
        pass_and_play: false,
    };
    view! { <Game game /> }
}

/// The result and the replay, from the record the server sent at the end.
#[component]
fn OnlineEnd() -> impl IntoView {
    let i18n = use_i18n();
    let online = expect_context::<Online>();
    let opponent = seat_name_of(false);
    move || {
        let me = online.side()?;
        let opponent = Some(opponent());
        let (outcome, record) = online.over.get()?;
        Some(view! {
            <Result outcome record me opponent>
                <a class="button primary" href=Route::Home.hash()>
                    {t!(i18n, common.go_home)}
                </a>
            </Result>
        })
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::ByColor;

    use super::*;

    #[test]
    fn only_the_running_side_counts_down_then_into_its_byoyomi() {
        let state = ClockState {
            clock: Clock::Byoyomi {
                millis: 60_000,
                byoyomi_millis: 10_000,
            },
            left: ByColor {
                south: 1_000,
                north: 30_000,
            },
            running: Some(Color::South),
        };
        assert_eq!(time_left(&state, 400.0, Color::South), 600.0);
        assert_eq!(time_left(&state, 400.0, Color::North), 30_000.0);
        // The main time spent: the byoyomi runs.
        assert_eq!(time_left(&state, 3_000.0, Color::South), 8_000.0);
        assert_eq!(minutes_seconds(8_000.0), "0:08");
        assert_eq!(minutes_seconds(61_001.0), "1:02");
        assert_eq!(minutes_seconds(-5.0), "0:00");
    }

    #[test]
    fn a_refusal_is_told_apart_from_a_message_never_sent() {
        for locale in Locale::ALL {
            let not_sent = unheard_text(locale, Unheard::NotSent);
            let turn = unheard_text(locale, Unheard::Refused(ErrorCode::NotYourTurn));
            let other = unheard_text(locale, Unheard::Refused(ErrorCode::BadMessage));
            assert!(!not_sent.is_empty() && not_sent != turn && turn != other);
            // An offer's refusals say why, not only that.
            let again = unheard_text(locale, Unheard::Refused(ErrorCode::OfferRepeated));
            let takeback = unheard_text(locale, Unheard::Refused(ErrorCode::NoTakeback));
            assert!(![other, takeback].contains(&again) && takeback != other);
        }
    }
}
