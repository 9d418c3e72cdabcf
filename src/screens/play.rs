use gunjin_rules::{Color, Kind, MOVE_LIMIT, Move, PieceId, Seen, Square, View};
use leptos::prelude::*;

use crate::board::{Board, Cells, Face, Mark, PieceFace};
use crate::drag::{DragGhost, Source, Target, use_dragger};
use crate::i18n::*;
use crate::model::log::{Event, LogEntry, entries};
use crate::model::tags::Tags;
use crate::route::{Route, navigate};
use crate::screens::hints::{self, HintList, HintsSwitch};
use crate::state::{AppState, PLAYER};
use crate::text;

/// Where the game on the board comes from: the local session against the
/// CPU or a seat at an online table. The board, log and actions are the same.
#[derive(Clone, Copy)]
pub struct Match {
    /// The player's side: their camp is drawn at the bottom.
    pub side: Color,
    pub view: Signal<Option<View>>,
    pub tags: RwSignal<Tags>,
    pub play: Callback<Move>,
    pub resign: Callback<()>,
    /// The player's name.
    pub me: Signal<String>,
    /// The opponent's name at a table; `None` for the local CPU.
    pub opponent: Signal<Option<String>>,
}

/// The game against the CPU, or a way back when there is none.
#[component]
pub fn Play() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let thinking = RwSignal::new(false);
    // The CPU moves on its turn; the end goes to the result page.
    Effect::new(move |_| {
        state.view.with(|v| match v {
            Some(v) if v.outcome().is_some() => navigate(Route::End),
            Some(v) if !v.is_my_turn() => state.cpu_turn(thinking),
            _ => {}
        });
    });
    let game = Match {
        side: PLAYER,
        view: state.view.into(),
        tags: state.tags,
        play: Callback::new(move |mv| {
            let _ = state.play(mv);
        }),
        resign: Callback::new(move |()| state.resign()),
        me: Signal::derive(move || {
            state
                .saved
                .with(|s| s.settings.display_name().map(str::to_owned))
                .unwrap_or_else(|| t_string!(i18n, common.you).to_string())
        }),
        opponent: Signal::stored(None),
    };
    // Only a game starting or ending re-renders the page, not every move.
    let on = Memo::new(move |_| {
        state
            .view
            .with(|v| v.as_ref().is_some_and(|v| v.outcome().is_none()))
    });
    move || {
        if on.get() {
            view! { <Game game /> }.into_any()
        } else {
            if state.is_over() {
                navigate(Route::End);
            }
            view! { <NoGame /> }.into_any()
        }
    }
}

/// Shown on the play and end pages when there is no game to show.
#[component]
pub fn NoGame() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="no-game">
            <p>{t!(i18n, common.no_game)}</p>
            <p>
                <a class="button" href=Route::Setup.hash()>
                    {t!(i18n, common.back_to_setup)}
                </a>
                " "
                <a class="button secondary" href=Route::Home.hash()>
                    {t!(i18n, common.go_home)}
                </a>
            </p>
        </section>
    }
}

/// What the log says about one move; `me` is the player's side.
pub fn entry_text(locale: Locale, e: &LogEntry, me: Color, opponent: Option<&str>) -> String {
    let mv = e.mv.to_string();
    let who = match opponent {
        _ if e.side == me => td_string!(locale, common.you_moved, mv = mv.clone()),
        None => td_string!(locale, common.cpu_moved, mv = mv.clone()),
        Some(name) => td_string!(locale, common.they_moved, name = name, mv = mv.clone()),
    };
    let what = match e.event {
        Event::Moved => String::new(),
        Event::YourPieceFell(kind) => td_string!(
            locale,
            common.ann_your_fell,
            kind = text::kind_name(locale, kind)
        )
        .to_string(),
        Event::EnemyFell(sq) => {
            td_string!(locale, common.ann_enemy_fell, square = sq.to_string())
        }
        Event::BothFell(kind, sq) => td_string!(
            locale,
            common.ann_both_fell,
            kind = text::kind_name(locale, kind),
            square = sq.to_string()
        )
        .to_string(),
    };
    if what.is_empty() {
        who
    } else {
        format!("{who} — {what}")
    }
}

/// The board cells of a game in progress, from the player's view.
fn game_cells(
    v: &View,
    tags: &crate::model::tags::Tags,
    focus: Option<Square>,
    dragging: Option<Square>,
) -> Cells {
    let mut cells = Cells::default();
    for p in v.own() {
        cells.cell_mut(p.square).face = Some(Face::Own(p.kind));
    }
    for e in v.enemies() {
        cells.cell_mut(e.square).face = Some(Face::Enemy {
            id: e.id,
            guess: tags.get(e.id),
        });
    }
    for side in Color::ALL {
        if let Some(m) = v.history().iter().rev().find(|m| m.side == side) {
            cells.cell_mut(m.mv.from).last = Some(side);
            cells.cell_mut(m.mv.to).last = Some(side);
        }
    }
    if let Some(m) = v.history().last().filter(|m| m.side != v.side())
        && !m.announcement.attacker_removed()
    {
        cells.cell_mut(m.mv.to).arrived_from = Some(m.mv.from);
    }
    if let Some(from) = focus {
        cells.cell_mut(from).selected = true;
        for to in v.destinations(from) {
            cells.cell_mut(to).mark = match v.seen(to) {
                Seen::Enemy(_) => Mark::Attack,
                _ => Mark::Move,
            };
        }
    }
    if let Some(sq) = dragging {
        cells.cell_mut(sq).dragging = true;
    }
    cells
}

/// The board of a game in progress, its log and the player's actions.
#[component]
pub fn Game(game: Match) -> impl IntoView {
    let i18n = use_i18n();
    let view = Memo::new(move |_| game.view.get());
    let selected = RwSignal::new(None::<Square>);
    let tag_target = RwSignal::new(None::<PieceId>);
    let confirm = RwSignal::new(false);
    let hints = hints::use_hints(view);
    let side = game.side;

    let with_view =
        move |f: &dyn Fn(&View) -> bool| view.with_untracked(|v| v.as_ref().is_some_and(f));
    let try_move = move |from: Square, to: Square| -> bool {
        let legal = with_view(&|v| v.is_my_turn() && v.destinations(from).contains(to));
        if legal {
            selected.set(None);
            game.play.run(Move { from, to });
        }
        legal
    };
    let dragger = use_dragger(move |source, target| {
        if let (Source::Square(from), Target::Square(to)) = (source, target) {
            try_move(from, to);
        }
    });
    let on_tap = Callback::new(move |sq: Square| {
        if dragger.swallow_click() {
            return;
        }
        if let Some(from) = selected.get_untracked()
            && try_move(from, sq)
        {
            return;
        }
        let seen = view.with_untracked(|v| v.as_ref().map(|v| v.seen(sq)));
        match seen {
            Some(Seen::Own(_)) => {
                tag_target.set(None);
                selected.update(|s| *s = if *s == Some(sq) { None } else { Some(sq) });
            }
            Some(Seen::Enemy(e)) => {
                selected.set(None);
                tag_target.update(|t| *t = if *t == Some(e.id) { None } else { Some(e.id) });
            }
            _ => {
                selected.set(None);
                tag_target.set(None);
            }
        }
    });
    let on_press = Callback::new(move |(sq, ev): (Square, web_sys::PointerEvent)| {
        let own = view.with_untracked(|v| match v.as_ref().map(|v| (v.is_my_turn(), v.seen(sq))) {
            Some((true, Seen::Own(p)))
                if !v.as_ref().is_some_and(|v| v.destinations(sq).is_empty()) =>
            {
                Some(p.kind)
            }
            _ => None,
        });
        if let Some(kind) = own {
            dragger.press(Source::Square(sq), Face::Own(kind), &ev);
        }
    });
    let cells = Signal::derive(move || {
        let dragging = dragger.active().and_then(|d| match d.source {
            Source::Square(sq) => Some(sq),
            Source::Tray(_) => None,
        });
        let focus = dragging.or_else(|| selected.get());
        view.with(|v| {
            v.as_ref()
                .map(|v| {
                    let mut cells = game.tags.with(|t| game_cells(v, t, focus, dragging));
                    hints.with(|h| h.as_deref().map(|h| hints::label(&mut cells, v, h)));
                    cells
                })
                .unwrap_or_default()
        })
    });
    let my_turn = move || view.with(|v| v.as_ref().is_some_and(View::is_my_turn));
    let ply = move || view.with(|v| v.as_ref().map_or(0, View::ply));
    let log = move || view.with(|v| v.as_ref().map(entries).unwrap_or_default());
    let opponent_name = move || {
        game.opponent
            .get()
            .unwrap_or_else(|| t_string!(i18n, common.cpu).to_string())
    };
    let first_line = move || {
        let first = view.with(|v| v.as_ref().map(View::first));
        match game.opponent.get() {
            _ if first == Some(side) => t_string!(i18n, common.first_you).to_string(),
            None => t_string!(i18n, common.first_cpu).to_string(),
            Some(name) => t_string!(i18n, common.first_them, name = name),
        }
    };
    let entry = move |e: &LogEntry| {
        game.opponent
            .with(|o| entry_text(i18n.get_locale(), e, side, o.as_deref()))
    };
    let losses = move || {
        let lost = view.with(|v| v.as_ref().map(|v| *v.own_losses()).unwrap_or_default());
        let items: Vec<(Kind, u8)> = lost
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (k, *n))
            .collect();
        if items.is_empty() {
            return view! { <p class="none">{t!(i18n, common.no_losses)}</p> }.into_any();
        }
        view! {
            <ul class="losses">
                {items
                    .into_iter()
                    .map(|(kind, n)| {
                        view! {
                            <li data-lost-kind=format!("{kind:?}")>
                                <span class="loss-tile">
                                    <PieceFace face=Face::Own(kind) />
                                </span>
                                <span>
                                    {move || text::kind_name(i18n.get_locale(), kind)}
                                    {(n > 1).then(|| format!(" ×{n}"))}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        }
        .into_any()
    };
    let enemy_lost = move || view.with(|v| v.as_ref().map_or(0, View::enemy_losses));

    view! {
        <section class="play" aria-labelledby="play-title">
            <h2 id="play-title" class="sr-only">
                {t!(i18n, common.play_title)}
            </h2>
            <div class="status">
                <p class="players">{move || game.me.get()} " vs " {opponent_name}</p>
                <p class="turn" data-turn=move || if my_turn() { "you" } else { "cpu" }>
                    {move || match game.opponent.get() {
                        _ if my_turn() => t_string!(i18n, common.your_turn).to_string(),
                        None => t_string!(i18n, common.cpu_turn).to_string(),
                        Some(name) => t_string!(i18n, common.their_turn, name = name),
                    }}
                </p>
                <p class="move-count">
                    {move || t_string!(i18n, common.move_count, ply = ply())}
                    <meter min="0" max=MOVE_LIMIT.to_string() value=move || ply().to_string()></meter>
                </p>
            </div>
            <div class="play-layout">
                <Board cells on_tap on_press me=side />
                <div class="play-side">
                    <HintsSwitch />
                    <HintList view hints selected=tag_target />
                    <TagPicker view tags=game.tags tag_target />
                    <section class="lost" aria-labelledby="lost-title">
                        <h3 id="lost-title">{t!(i18n, common.your_losses)}</h3>
                        {losses}
                        <p class="enemy-lost">
                            {move || t_string!(i18n, common.enemy_losses, count = enemy_lost())}
                        </p>
                    </section>
                    <section class="log-panel" aria-labelledby="log-title">
                        <h3 id="log-title">{t!(i18n, common.log_title)}</h3>
                        <ol class="log">
                            {move || {
                                log()
                                    .iter()
                                    .rev()
                                    .map(|e| {
                                        let battle = e.event != Event::Moved;
                                        view! {
                                            <li class:battle=battle value=e.ply.to_string()>
                                                {entry(e)}
                                            </li>
                                        }
                                    })
                                    .collect_view()
                            }}
                            <li class="log-first">{first_line}</li>
                        </ol>
                        <p class="sr-only announcer" role="status" aria-live="polite">
                            {move || log().last().map(&entry)}
                        </p>
                    </section>
                    <div class="actions">
                        <Show
                            when=move || confirm.get()
                            fallback=move || {
                                view! {
                                    <button
                                        type="button"
                                        class="secondary resign"
                                        on:click=move |_| confirm.set(true)
                                    >
                                        {t!(i18n, common.resign)}
                                    </button>
                                }
                            }
                        >
                            <div class="confirm" role="alertdialog" aria-labelledby="resign-q">
                                <p id="resign-q">{t!(i18n, common.resign_confirm)}</p>
                                <button
                                    type="button"
                                    class="primary resign-yes"
                                    on:click=move |_| game.resign.run(())
                                >
                                    {t!(i18n, common.resign_yes)}
                                </button>
                                <button
                                    type="button"
                                    class="secondary"
                                    on:click=move |_| confirm.set(false)
                                >
                                    {t!(i18n, common.resign_no)}
                                </button>
                            </div>
                        </Show>
                    </div>
                </div>
            </div>
            <DragGhost dragger />
        </section>
    }
}

/// Guess tags for the selected enemy piece: a kind with a question mark, or
/// none. The tag is kept by the piece's identity, so it follows the piece.
#[component]
fn TagPicker(
    view: Memo<Option<View>>,
    tags: RwSignal<Tags>,
    tag_target: RwSignal<Option<PieceId>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let square = move || {
        let id = tag_target.get()?;
        view.with(|v| {
            v.as_ref()?
                .enemies()
                .iter()
                .find(|e| e.id == id)
                .map(|e| e.square)
        })
    };
    let set = move |guess: Option<Kind>| {
        if let Some(id) = tag_target.get_untracked() {
            tags.update(|t| t.set(id, guess));
        }
        tag_target.set(None);
    };
    move || {
        square().map(|sq| {
            let buttons = Kind::ALL
                .into_iter()
                .map(|kind| {
                    view! {
                        <button
                            type="button"
                            class="guess-option"
                            data-guess-option=format!("{kind:?}")
                            on:click=move |_| set(Some(kind))
                        >
                            {move || format!("{}?", text::kind_name(i18n.get_locale(), kind))}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <section class="tag-picker" role="group" aria-labelledby="tag-title">
                    <h3 id="tag-title">
                        {move || t_string!(i18n, common.tag_title, square = sq.to_string())}
                    </h3>
                    <div class="guess-options">
                        {buttons}
                        <button type="button" class="guess-option clear" on:click=move |_| set(None)>
                            {t!(i18n, common.tag_clear)}
                        </button>
                    </div>
                </section>
            }
        })
    }
}
