use gunjin_rules::{Color, Kind, Rules, Setup, Square, Template};
use leptos::html;
use leptos::prelude::*;

use crate::board::{Board, Cells, Face, PieceFace, PieceRules, Source, Target};
use crate::cpu_game::CpuGame;
use crate::drag::DragGhost;
use crate::focus::{focus_board, focus_in_place};
use crate::i18n::*;
use crate::model::fresh_seed;
use crate::model::setup_board::SetupBoard;
use crate::route::{Route, navigate, query_number};
use crate::screens::replace::ReplaceGame;
use crate::selection::{Mover, Selection, Tap};
use crate::state::AppState;
use crate::storage;
use crate::text;

/// The setup timer's length, unless `?setup-seconds=N` shortens it.
pub const SETUP_SECONDS: u32 = 180;

/// `m:ss`.
fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The setup for a game against the CPU, once the player has said that it
/// may replace the game in progress, if one is stored.
#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let game = CpuGame::get();
    let asking = RwSignal::new(game.in_progress());
    move || {
        match asking.get() {
        Some(ply) => view! {
            <section class="setup-replace" aria-labelledby="replace-question">
                <ReplaceGame
                    question=Signal::derive(move || t_string!(i18n, common.replace_question, ply = ply))
                    on_yes=Callback::new(move |()| {
                        game.forget();
                        asking.set(None);
                    })
                    on_keep=Callback::new(|()| navigate(Route::Home))
                />
            </section>
        }
        .into_any(),
        None => view! { <CpuSetup game /> }.into_any(),
    }
    }
}

/// A draft saved at every change resumes after a reload with the time it
/// had left.
#[component]
fn CpuSetup(game: CpuGame) -> impl IntoView {
    let state = expect_context::<AppState>();
    let rules = state.rules();
    let draft = state
        .setup_draft()
        .and_then(|d| Some((SetupBoard::from_draft(rules, &d)?, d.seconds_left)));
    let option = query_number("setup-seconds").filter(|s| *s > 0);
    let full = option.unwrap_or(SETUP_SECONDS);
    // The URL's option wins over the time a saved draft had left.
    let seconds = option.or(draft.map(|(_, left)| left)).unwrap_or(full);
    let on_change = Callback::new(move |(board, left): (SetupBoard, u32)| {
        state.report(storage::save(&board.draft(left)));
    });
    let on_ready = Callback::new(move |setup| game.start(setup));
    view! {
        <SetupPanel rules seconds restart=full board=draft.map(|(b, _)| b) on_change on_ready />
    }
}

/// Your camp and the tray of pieces, the setup buttons and the timer
/// (`seconds` left). `on_change` gets the board and the seconds left at
/// every change until `on_ready` gets the setup, once: on Ready, or at 0:00
/// with the pieces not placed filling the empty nodes. The setup is
/// camp-relative (as South places it); the board is drawn and labelled for
/// the player's `side`, as in the game that follows. Clear sets the timer
/// back to `restart` seconds when given (not at a table, where the server
/// keeps the time).
#[component]
pub fn SetupPanel(
    rules: Rules,
    seconds: u32,
    #[prop(optional)] restart: Option<u32>,
    board: Option<SetupBoard>,
    on_change: Callback<(SetupBoard, u32)>,
    on_ready: Callback<Setup>,
    #[prop(default = Color::South)] side: Color,
) -> impl IntoView {
    let i18n = use_i18n();
    let board = RwSignal::new(board.unwrap_or_else(|| SetupBoard::new(rules)));
    PieceRules::provide(rules);
    let refused = RwSignal::new(false);
    let section_ref = NodeRef::<html::Section>::new();
    let start = Start::new(on_ready);
    let countdown = Countdown::start(seconds, move || {
        start.run(board.get_untracked().fill_random(fresh_seed()));
    });
    countdown.report(board, start, on_change);
    let selection = Selection::new(Camp {
        board,
        side,
        refused,
    });
    let on_tap = Callback::new(move |sq: Square| {
        tap_camp(selection, refused, Source::Square(sq), Target::Square(sq));
    });
    let on_press = Callback::new(move |(sq, ev): (Square, web_sys::PointerEvent)| {
        selection.press(Source::Square(sq), &ev);
    });
    let on_pick = Callback::new(move |kind: Kind| {
        if tap_camp(selection, refused, Source::Tray(kind), Target::Tray) {
            // The next step is a node: the arrow keys work at once.
            if let Some(section) = section_ref.get_untracked() {
                focus_board(&section);
            }
        }
    });
    let on_clear = Callback::new(move |()| {
        if let Some(full) = restart {
            countdown.restart(full);
        }
    });
    let cells = Signal::derive(move || camp_cells(board, selection, side));
    let on_ready = Callback::new(move |setup| start.run(setup));
    view! {
        <section
            class="setup"
            aria-labelledby="setup-title"
            node_ref=section_ref
            on:keydown=move |ev| if ev.key() == "Escape" { selection.cancel() }
        >
            <SetupHead remaining=countdown.remaining />
            <div class="setup-layout">
                <Board cells on_tap on_press me=side shape=rules.shape() />
                <div class="setup-side">
                    <Tray board selection on_pick />
                    <p class="refused" role="alert">
                        {move || refused.get().then(|| t_string!(i18n, common.not_allowed))}
                    </p>
                    <SetupControls rules board selection on_clear on_ready />
                </div>
            </div>
            <DragGhost dragger=selection.dragger />
        </section>
    }
}

/// Taps `source` aimed at `target`; a piece picked up takes back the last
/// refusal. Whether one was picked up.
fn tap_camp(
    selection: Selection<Camp>,
    refused: RwSignal<bool>,
    source: crate::selection::Source<Camp>,
    target: crate::selection::Target<Camp>,
) -> bool {
    let picked = selection.tap(source, target) == Tap::Picked;
    if picked {
        refused.set(false);
    }
    picked
}

/// The setup's title and its timer (`remaining` seconds), urgent in the
/// last ten seconds.
#[component]
fn SetupHead(remaining: RwSignal<u32>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="setup-head">
            <h2 id="setup-title">{t!(i18n, common.setup_title)}</h2>
            <p
                class="timer"
                role="timer"
                class:urgent=move || remaining.get() <= 10
                aria-label=t!(i18n, common.setup_timer)
            >
                {move || clock(remaining.get())}
            </p>
        </div>
    }
}

/// The game's start: `on_ready` gets the setup once, from Ready or from
/// the clock at 0:00, whichever comes first.
#[derive(Clone, Copy)]
struct Start {
    started: StoredValue<bool>,
    on_ready: Callback<Setup>,
}

impl Start {
    fn new(on_ready: Callback<Setup>) -> Start {
        Start {
            started: StoredValue::new(false),
            on_ready,
        }
    }

    fn run(self, setup: Setup) {
        if !self.started() {
            self.started.set_value(true);
            self.on_ready.run(setup);
        }
    }

    fn started(self) -> bool {
        self.started.get_value()
    }
}

/// The setup's countdown, which calls `on_zero` at 0:00; Clear starts it
/// again.
#[derive(Clone, Copy)]
struct Countdown {
    deadline: StoredValue<f64>,
    remaining: RwSignal<u32>,
}

impl Countdown {
    fn start(seconds: u32, on_zero: impl Fn() + 'static) -> Countdown {
        let countdown = Countdown {
            deadline: StoredValue::new(deadline_in(seconds)),
            remaining: RwSignal::new(seconds),
        };
        let tick = move || {
            let left = seconds_left(countdown.deadline.get_value(), js_sys::Date::now());
            countdown.remaining.set(left);
            if left == 0 {
                on_zero();
            }
        };
        if let Ok(handle) = set_interval_with_handle(tick, std::time::Duration::from_millis(200)) {
            on_cleanup(move || handle.clear());
        }
        countdown
    }

    /// Hands `on_change` the board and the seconds left at every change
    /// of either, until the game starts.
    fn report(
        self,
        board: RwSignal<SetupBoard>,
        start: Start,
        on_change: Callback<(SetupBoard, u32)>,
    ) {
        Effect::new(move |_| {
            let change = (board.get(), self.remaining.get());
            if !start.started() {
                on_change.run(change);
            }
        });
    }

    fn restart(self, seconds: u32) {
        self.deadline.set_value(deadline_in(seconds));
        self.remaining.set(seconds);
    }
}

/// The whole seconds left at `now` until `deadline` (both in
/// milliseconds), rounded up: the clock shows 0:00 only when time is up.
fn seconds_left(deadline: f64, now: f64) -> u32 {
    ((deadline - now) / 1000.0).ceil().max(0.0) as u32
}

/// The clock's time, in milliseconds, `seconds` from now.
fn deadline_in(seconds: u32) -> f64 {
    js_sys::Date::now() + f64::from(seconds) * 1000.0
}

/// The camp as the board draws it, for the player's `side`: the pieces
/// placed, the one picked up and the one being dragged.
fn camp_cells(board: RwSignal<SetupBoard>, selection: Selection<Camp>, side: Color) -> Cells {
    let mut cells = Cells::default();
    let dragging = selection.dragging();
    board.with(|b| {
        let shape = b.rules().shape();
        for (sq, kind) in b.pieces() {
            let drawn = shape.relative_to(sq, side);
            let at = Source::Square(drawn);
            let cell = cells.cell_mut(drawn);
            cell.face = Some(Face::Own(kind));
            cell.selected = selection.is_selected(at);
            cell.dragging = dragging == Some(at);
        }
    });
    cells
}

/// The pieces not yet placed, each kind once with its count; a tap (or a
/// press, to drag) picks one up, and a tap on the tray's background puts
/// the picked piece back.
#[component]
fn Tray(
    board: RwSignal<SetupBoard>,
    selection: Selection<Camp>,
    on_pick: Callback<Kind>,
) -> impl IntoView {
    let i18n = use_i18n();
    let piece = move |kind: Kind, n: u8| {
        view! {
            <button
                type="button"
                class="tray-piece"
                data-tray-kind=format!("{kind:?}")
                aria-pressed=move || selection.is_selected(Source::Tray(kind)).to_string()
                on:click=move |_| on_pick.run(kind)
                on:pointerdown=move |ev| selection.press(Source::Tray(kind), &ev)
            >
                // Named by its content: the drawing, then its name in words.
                <span class="tray-tile">
                    <PieceFace face=Face::Own(kind) />
                </span>
                <span class="sr-only">
                    {move || format!(", {}", text::kind_name(i18n.get_locale(), kind))}
                </span>
                {(n > 1).then(|| view! { <span class="tray-count">{format!(" ×{n}")}</span> })}
            </button>
        }
    };
    // The mode's army: 21 in American 21, 25 in Classic 25.
    let total = board.with_untracked(|b| b.rules().mode.pieces());
    let pieces = move || {
        let left = board.with(|b| b.tray());
        Kind::ALL
            .into_iter()
            .filter(|&k| left[k] > 0)
            .map(|kind| piece(kind, left[kind]))
            .collect_view()
    };
    view! {
        <div
            class="tray"
            data-tray=""
            role="group"
            aria-label=t!(i18n, common.tray)
            on:click=move |ev| {
                let on_tray = crate::drag::element(&ev)
                    .is_some_and(|el| el.closest(".tray-piece").ok().flatten().is_none());
                if on_tray {
                    selection.put_selected(Target::Tray);
                }
            }
        >
            <p class="placed-count">
                {move || t_string!(i18n, common.placed_count, count = board.with(|b| b.placed()), total = total)}
            </p>
            {pieces}
            <Show when=move || board.with(SetupBoard::all_placed)>
                <p class="tray-empty">{move || t_string!(i18n, common.tray_empty, total = total)}</p>
            </Show>
        </div>
    }
}

/// The setup's buttons (Templates, Random or Random fill, Last setup,
/// Clear, Ready), the line that explains the screen, and the sheet of
/// templates the first one opens.
#[component]
fn SetupControls(
    rules: Rules,
    board: RwSignal<SetupBoard>,
    selection: Selection<Camp>,
    on_clear: Callback<()>,
    on_ready: Callback<Setup>,
) -> impl IntoView {
    let i18n = use_i18n();
    let show_templates = RwSignal::new(false);
    let ready_ref = NodeRef::<html::Button>::new();
    let clear = move |_| {
        board.update(SetupBoard::clear);
        selection.cancel();
        on_clear.run(());
    };
    let ready = move |_| {
        if let Some(setup) = board.with_untracked(SetupBoard::complete) {
            on_ready.run(setup);
        }
    };
    let choose = Callback::new(move |setup: Setup| {
        board.update(|b| b.set(setup));
        show_templates.set(false);
        // Ready is what comes next, once it is enabled.
        request_animation_frame(move || {
            if let Some(ready) = ready_ref.get_untracked() {
                focus_in_place(&ready);
            }
        });
    });
    view! {
        <div class="actions setup-actions">
            <button
                type="button"
                class="secondary"
                aria-expanded=move || show_templates.get().to_string()
                on:click=move |_| show_templates.update(|s| *s = !*s)
            >
                {t!(i18n, common.templates)}
            </button>
            <RandomButton board selection />
            <LastSetupButton rules board />
            <button type="button" class="secondary" on:click=clear>
                {t!(i18n, common.clear)}
            </button>
            <button
                type="button"
                class="primary ready"
                node_ref=ready_ref
                disabled=move || board.with(|b| b.complete().is_none())
                on:click=ready
            >
                {t!(i18n, common.ready)}
            </button>
        </div>
        <p class="intro">{t!(i18n, common.setup_intro)}</p>
        <Show when=move || show_templates.get()>
            <Templates rules on_choose=choose />
        </Show>
    }
}

/// Random, which sets up the whole camp at random, or Random fill once
/// some pieces are placed, which fills the empty nodes.
#[component]
fn RandomButton(board: RwSignal<SetupBoard>, selection: Selection<Camp>) -> impl IntoView {
    let i18n = use_i18n();
    let random = move |_| {
        board.update(|b| b.randomise(fresh_seed()));
        selection.cancel();
    };
    view! {
        <button type="button" class="secondary random" on:click=random>
            {move || {
                if board.with(SetupBoard::fills) {
                    t_string!(i18n, common.random_fill)
                } else {
                    t_string!(i18n, common.random)
                }
            }}
        </button>
    }
}

/// Last setup: the one this mode's last game began with, if it still
/// holds under `rules`.
#[component]
fn LastSetupButton(rules: Rules, board: RwSignal<SetupBoard>) -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let last_setup = move || {
        state
            .saved
            .with(|s| s.last_setup(rules.mode))
            .filter(|s| s.check(rules).is_ok())
    };
    view! {
        <button
            type="button"
            class="secondary"
            disabled=move || last_setup().is_none()
            on:click=move |_| {
                if let Some(setup) = last_setup() {
                    board.update(|b| b.set(setup));
                }
            }
        >
            {t!(i18n, common.last_setup)}
        </button>
    }
}

/// The camp being set up as the board controller moves it: pieces from
/// the tray to a node, between nodes (a swap) and back to the tray. The
/// board's nodes are the player's side's; the setup's are South's.
#[derive(Clone, Copy)]
struct Camp {
    board: RwSignal<SetupBoard>,
    side: Color,
    /// The last placement was refused (a piece its node does not take).
    refused: RwSignal<bool>,
}

impl Camp {
    /// The camp's node (South's, as the setup has it) of the board's
    /// `square`.
    fn at(&self, square: Square) -> Square {
        let shape = self.board.with_untracked(|b| b.rules().shape());
        shape.relative_to(square, self.side)
    }
}

impl Mover for Camp {
    type Square = Square;
    type Tray = Kind;
    type Face = Face;

    fn lift(&self, source: Source) -> Option<Face> {
        let kind = match source {
            Source::Square(sq) => {
                let at = self.at(sq);
                self.board
                    .with_untracked(|b| b.at(at).filter(|_| !b.fixed(at)))?
            }
            Source::Tray(kind) => kind,
        };
        Some(Face::Own(kind))
    }

    fn put(&self, source: Source, target: Target) -> bool {
        // Turned to the camp's nodes before the board is borrowed to change.
        let (source, target) = match (source, target) {
            (Source::Square(from), Target::Square(to)) => {
                (Source::Square(self.at(from)), Target::Square(self.at(to)))
            }
            (Source::Square(from), target) => (Source::Square(self.at(from)), target),
            (source, Target::Square(to)) => (source, Target::Square(self.at(to))),
            other => other,
        };
        let result = self.board.try_update(|b| match (source, target) {
            (Source::Tray(kind), Target::Square(sq)) => Some(b.place(kind, sq)),
            (Source::Square(from), Target::Square(to)) if from != to => Some(b.swap(from, to)),
            (Source::Square(from), Target::Tray | Target::Outside) => {
                b.remove(from);
                Some(Ok(()))
            }
            _ => None,
        });
        let result = result.flatten();
        self.refused.set(matches!(result, Some(Err(_))));
        result.is_some()
    }
}

/// The named formations of the mode, each with a small preview of the
/// camp.
#[component]
fn Templates(rules: Rules, on_choose: Callback<Setup>) -> impl IntoView {
    let i18n = use_i18n();
    let name = move |id: &str| match id {
        "balanced" => t_string!(i18n, common.template_balanced),
        "left-hook" => t_string!(i18n, common.template_left_hook),
        "right-hook" => t_string!(i18n, common.template_right_hook),
        "fortress" => t_string!(i18n, common.template_fortress),
        "missile-battery" => t_string!(i18n, common.template_missile_battery),
        _ => t_string!(i18n, common.template_blitz),
    };
    let items = Template::of(rules.mode)
        .iter()
        .map(|&template| {
            let setup = template.setup();
            let id = template.id;
            view! {
                <li class="template" data-template=id>
                    <h3>{move || name(id)}</h3>
                    <TemplatePreview setup />
                    <button
                        type="button"
                        class="secondary"
                        aria-label=move || format!("{}: {}", t_string!(i18n, common.use_template), name(id))
                        on:click=move |_| on_choose.run(setup)
                    >
                        {t!(i18n, common.use_template)}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="templates" aria-label=t!(i18n, common.templates)>
            <ul>{items}</ul>
        </section>
    }
}

/// A formation as a small board of its camp, front rank first: the
/// headquarters as wide as on the board, an empty node left blank.
#[component]
fn TemplatePreview(setup: Setup) -> impl IntoView {
    let i18n = use_i18n();
    let shape = *setup.shape();
    let nodes = shape
        .camp_slots()
        .iter()
        .zip(setup.slots().to_vec())
        .map(|(&sq, kind)| {
            let span = format!("grid-column: span {}", shape.files_of(sq).len());
            view! {
                <span
                    class="mini"
                    class:empty=kind.is_none()
                    style=span
                    data-square=sq.to_string()
                    data-kind=kind.map(|k| format!("{k:?}"))
                >
                    {move || kind.map(|k| text::kind_short(i18n.get_locale(), k))}
                </span>
            }
        })
        .collect_view();
    view! {
        <div
            class="template-preview"
            aria-hidden="true"
            style=format!("--files:{}", shape.files)
        >
            {nodes}
        </div>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clock_reads_minutes_and_seconds() {
        assert_eq!(super::clock(180), "3:00");
        assert_eq!(super::clock(65), "1:05");
        assert_eq!(super::clock(0), "0:00");
    }

    #[test]
    fn the_seconds_left_round_up_and_stop_at_zero() {
        assert_eq!(super::seconds_left(10_000.0, 0.0), 10);
        assert_eq!(super::seconds_left(10_000.0, 9_001.0), 1);
        assert_eq!(super::seconds_left(10_000.0, 10_000.0), 0);
        assert_eq!(super::seconds_left(10_000.0, 12_000.0), 0);
    }
}
