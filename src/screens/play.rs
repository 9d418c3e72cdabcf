use gunjin_rules::{
    Bitboard, ByKind, Color, Kind, MOVE_LIMIT, Mode, Move, PieceId, Seen, Shape, Square, View,
};
use leptos::html;
use leptos::prelude::*;

use crate::board::{Board, Cells, Face, Mark, PieceFace, PieceRules, Source, Target};
use crate::cpu_game::CpuGame;
use crate::cpu_protocol::Hint;
use crate::drag::DragGhost;
use crate::focus::{focus_board, focus_in_place};
use crate::i18n::*;
use crate::model::log::{Event, LogEntry, entries, lost_kinds};
use crate::model::tags::Tags;
use crate::route::{Route, navigate};
use crate::screens::hints::{self, HintsSwitch};
use crate::screens::strike::{BombChoice, Put, Refusal, RefusalLine, aim, put_at};
use crate::selection::{Mover, Selection, Tap};
use crate::sound;
use crate::state::{AppState, PLAYER};
use crate::text;

/// Where the game on the board comes from: the local session against the
/// CPU or a seat at an online table. The board, log and actions are the same.
#[derive(Clone, Copy)]
pub struct Match {
    /// The player's side: their camp is drawn at the bottom.
    pub side: Color,
    /// The board of the game's mode.
    pub shape: &'static Shape,
    pub view: Signal<Option<View>>,
    pub tags: RwSignal<Tags>,
    pub play: Callback<Move>,
    pub resign: Callback<()>,
    /// The player's name.
    pub me: Signal<String>,
    /// The opponent's name at a table; `None` for the local CPU.
    pub opponent: Signal<Option<String>>,
    /// Pass-and-play: the opponent's turn is theirs once the device is passed.
    pub pass_and_play: bool,
}

/// The game against the CPU, or a way back when there is none.
#[component]
pub fn Play() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let cpu_game = CpuGame::get();
    let thinking = RwSignal::new(false);
    // The CPU moves on its turn; the end goes to the result page.
    Effect::new(move |_| {
        cpu_game.view.with(|v| match v {
            Some(v) if v.outcome().is_some() => navigate(Route::End),
            Some(v) if !v.is_my_turn() => cpu_game.cpu_turn(thinking),
            _ => {}
        });
    });
    // On the board of the game that started (or was resumed).
    let game = move |shape| Match {
        side: PLAYER,
        shape,
        view: cpu_game.view.into(),
        tags: cpu_game.tags,
        play: Callback::new(move |mv| {
            let _ = cpu_game.play(mv);
        }),
        resign: Callback::new(move |()| cpu_game.resign()),
        me: Signal::derive(move || {
            state
                .saved
                .with(|s| s.settings.display_name().map(str::to_owned))
                .unwrap_or_else(|| t_string!(i18n, common.you).to_string())
        }),
        opponent: Signal::stored(None),
        pass_and_play: false,
    };
    // Only a game starting or ending re-renders the page, not every move.
    let on = Memo::new(move |_| {
        cpu_game
            .view
            .with(|v| v.as_ref().is_some_and(|v| v.outcome().is_none()))
    });
    move || {
        if on.get() {
            let rules = cpu_game
                .view
                .with_untracked(|v| v.as_ref().map(View::rules));
            let game = game(rules.unwrap_or_default().shape());
            view! { <Game game /> }.into_any()
        } else {
            if cpu_game.is_over() {
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

/// The players' names as a screen speaks of them: `me` is `None` for
/// "you", `opponent` `None` for the CPU (pass-and-play names both).
#[derive(Clone, Copy, Default)]
pub struct Names<'a> {
    pub me: Option<&'a str>,
    pub opponent: Option<&'a str>,
}

impl<'a> Names<'a> {
    /// "You" against `opponent` (`None`: the CPU).
    pub fn against(opponent: Option<&'a str>) -> Names<'a> {
        Names { me: None, opponent }
    }
}

/// Who a text is about, from the player's side.
#[derive(Clone, Copy)]
pub enum Who<'a> {
    Me,
    Cpu,
    Named(&'a str),
}

impl<'a> Who<'a> {
    /// The player on `side`, seen by the player on `me`.
    pub fn of(side: Color, me: Color, names: Names<'a>) -> Who<'a> {
        let name = if side == me { names.me } else { names.opponent };
        match name {
            Some(name) => Who::Named(name),
            None if side == me => Who::Me,
            None => Who::Cpu,
        }
    }
}

/// Who played `mv`: "You: b4-b5", "CPU: …", "Aki: …".
pub fn who_moved(locale: Locale, who: Who, mv: Move) -> String {
    let mv = mv.to_string();
    match who {
        Who::Me => td_string!(locale, common.you_moved, mv = mv),
        Who::Cpu => td_string!(locale, common.cpu_moved, mv = mv),
        Who::Named(name) => td_string!(locale, common.they_moved, name = name, mv = mv),
    }
}

/// What the log says about one move; `me` is the player's side (named
/// when `names.me` is: pass-and-play's end screen).
pub fn entry_text(locale: Locale, e: &LogEntry, me: Color, names: Names) -> String {
    let who = who_moved(locale, Who::of(e.side, me, names), e.mv);
    let named = names.me.map(|me| (me, names.opponent.unwrap_or_default()));
    let what = match (e.event, named) {
        (Event::Moved, _) => String::new(),
        (Event::YourPieceFell(kind), None) => td_string!(
            locale,
            common.ann_your_fell,
            kind = text::kind_name(locale, kind)
        )
        .to_string(),
        (Event::YourPieceFell(kind), Some((name, _))) => td_string!(
            locale,
            friend.ann_fell,
            name = name,
            kind = text::kind_name(locale, kind)
        ),
        (Event::EnemyFell(sq), None) => {
            td_string!(locale, common.ann_enemy_fell, square = sq.to_string())
        }
        (Event::EnemyFell(sq), Some((_, other))) => td_string!(
            locale,
            friend.ann_enemy_fell,
            name = other,
            square = sq.to_string()
        ),
        (Event::BothFell(kind, sq), None) => td_string!(
            locale,
            common.ann_both_fell,
            kind = text::kind_name(locale, kind),
            square = sq.to_string()
        )
        .to_string(),
        (Event::BothFell(kind, sq), Some((name, other))) => td_string!(
            locale,
            friend.ann_both_fell,
            name = name,
            kind = text::kind_name(locale, kind),
            other = other,
            square = sq.to_string()
        ),
        (
            Event::Struck {
                cleared,
                yours,
                collided,
            },
            named,
        ) => struck_text(locale, cleared, &yours, named, collided),
    };
    if what.is_empty() {
        who
    } else {
        format!("{who} — {what}")
    }
}

/// What a strike's log line says: every node it cleared, and the kinds
/// the player (named, if `named`) lost there; after a collision in the
/// air, that and why it cleared no more.
fn struck_text(
    locale: Locale,
    cleared: Bitboard,
    yours: &ByKind<u8>,
    named: Option<(&str, &str)>,
    collided: bool,
) -> String {
    let squares = cleared
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let kinds = lost_kinds(yours)
        .map(|(kind, n)| match n {
            1 => text::kind_name(locale, kind).to_string(),
            n => format!("{} ×{n}", text::kind_name(locale, kind)),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let cleared = match named {
        _ if kinds.is_empty() => td_string!(locale, common.ann_struck, squares = squares),
        None => td_string!(locale, common.ann_struck_lost, squares, kinds),
        Some((name, _)) => td_string!(locale, friend.ann_struck_lost, squares, name, kinds),
    };
    match collided {
        true => format!("{} {cleared}", td_string!(locale, common.ann_collided)),
        false => cleared,
    }
}

/// The board cells of a game in progress, from the player's view.
pub(crate) fn game_cells(
    v: &View,
    tags: &Tags,
    focus: Option<Square>,
    dragging: Option<Square>,
) -> Cells {
    let mut cells = Cells::default();
    for p in v.own() {
        cells.cell_mut(p.square).face = Some(Face::Own(p.kind));
    }
    for e in v.enemies() {
        cells.cell_mut(e.square).face = Some(match e.kind {
            // A face-up kind (Classic 25's Marshal) shows on both sides.
            Some(kind) => Face::Shown {
                side: !v.side(),
                kind,
            },
            None => Face::Enemy {
                id: e.id,
                guess: tags.get(e.id),
            },
        });
    }
    for side in Color::ALL {
        if let Some(m) = v.history().iter().rev().find(|m| m.side == side) {
            cells.cell_mut(m.mv.from()).last = Some(side);
            cells.cell_mut(m.mv.to()).last = Some(side);
        }
    }
    if let Some(m) = v.history().last() {
        if m.mv.is_strike() {
            for sq in m.announcement.cleared(m.mv) {
                cells.cell_mut(sq).struck = true;
            }
        } else if m.side != v.side() && !m.announcement.attacker_removed() {
            cells.cell_mut(m.mv.to()).arrived_from = Some(m.mv.from());
        }
    }
    if let Some(from) = focus {
        cells.cell_mut(from).selected = true;
        for to in v.destinations(from) {
            cells.cell_mut(to).mark = match v.seen(to) {
                Seen::Enemy(_) => Mark::Attack,
                _ => Mark::Move,
            };
        }
        for to in v.strike_targets(from) {
            cells.cell_mut(to).mark = Mark::Strike;
        }
    }
    if let Some(sq) = dragging {
        cells.cell_mut(sq).dragging = true;
    }
    cells
}

/// The board of a game in progress, its log and the player's actions.
/// A sound for each move that comes in after the board opened (a buzz
/// too for the opponent's), none for the moves it opened on.
fn sound_each_move(view: Memo<Option<View>>) {
    let plies = move || view.with(|v| v.as_ref().map_or(0, View::ply));
    Effect::new(move |heard: Option<usize>| {
        let now = plies();
        if heard.is_some_and(|heard| now > heard) {
            view.with_untracked(|v| {
                let Some(v) = v else { return };
                if let Some(step) = v.history().last() {
                    sound::play(sound::Cue::of_gunjin(step));
                    if step.side != v.side() {
                        sound::opponent_moved();
                    }
                }
            });
        }
        now
    });
}

#[component]
pub fn Game(game: Match) -> impl IntoView {
    let view = Memo::new(move |_| game.view.get());
    PieceRules::provide(Signal::derive(move || {
        view.with(|v| v.as_ref().map(View::rules).unwrap_or_default())
    }));
    sound_each_move(view);
    let tag_target = RwSignal::new(None::<PieceId>);
    let hints = hints::use_hints(view);
    let section_ref = NodeRef::<html::Section>::new();
    let focus_board_now = move || {
        if let Some(section) = section_ref.get_untracked() {
            focus_board(&section);
        }
    };
    // The board is where the game goes on: it takes the focus as it opens.
    Effect::new(move |_| {
        if let Some(section) = section_ref.get() {
            focus_board(&section);
        }
    });

    let moves = Moves {
        view,
        play: game.play,
        bomb_choice: RwSignal::new(None),
        refusal: RwSignal::new(None),
    };
    let selection = Selection::new(moves);
    let on_tap = Callback::new(move |sq: Square| {
        let tap = selection.tap(Source::Square(sq), Target::Square(sq));
        if tap != Tap::Missed {
            moves.refusal.set(None);
        }
        match tap {
            Tap::Picked | Tap::Deselected => tag_target.set(None),
            Tap::Missed => view.with_untracked(|v| {
                let enemy = v.as_ref().and_then(|v| to_tag(v, sq));
                tag_target.update(|t| *t = enemy.filter(|&id| *t != Some(id)));
            }),
            Tap::Put | Tap::Swallowed => {}
        }
    });
    let pointed = RwSignal::new(None::<Square>);
    let on_point = Callback::new(move |sq| pointed.set(Some(sq)));
    let on_press = Callback::new(move |(sq, ev): (Square, web_sys::PointerEvent)| {
        selection.press(Source::Square(sq), &ev);
    });
    let cells = Signal::derive(move || {
        let square = |source| match source {
            Source::Square(sq) => Some(sq),
            Source::Tray(_) => None,
        };
        let dragging = selection.dragging().and_then(square);
        let focus = dragging.or_else(|| selection.selected.get().and_then(square));
        let shown = Shown {
            focus,
            dragging,
            tag_target: tag_target.get(),
            aiming: moves
                .bomb_choice
                .get()
                .or_else(|| Some((focus?, pointed.get()?))),
        };
        view.with(|v| {
            let v = v.as_ref()?;
            Some(
                game.tags
                    .with(|t| hints.with(|h| shown.cells(v, t, h.as_deref()))),
            )
        })
        .unwrap_or_default()
    });
    let close_sheet = Callback::new(move |()| {
        tag_target.set(None);
        focus_board_now();
    });

    view! {
        <section
            class="play"
            aria-labelledby="play-title"
            node_ref=section_ref
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    selection.cancel();
                    if tag_target.get_untracked().is_some() {
                        close_sheet.run(());
                    }
                }
            }
        >
            <Status game view />
            <div class="play-layout">
                <div class="board-wrap">
                    <Board cells on_tap on_press on_point me=game.side shape=game.shape />
                    <TagSheet view tags=game.tags tag_target hints close=close_sheet />
                    <BombChoice
                        pending=moves.bomb_choice
                        play=game.play
                        close=Callback::new(move |()| focus_board_now())
                    />
                </div>
                <PlaySide game view refusal=moves.refusal />
            </div>
            <p class="keys-help">{t!(use_i18n(), common.play_keys)}</p>
            <DragGhost dragger=selection.dragger />
        </section>
    }
}

/// Beside the board: a refused move's reason, the hints' switch, the
/// losses, the log and the resignation.
#[component]
fn PlaySide(
    game: Match,
    view: Memo<Option<View>>,
    refusal: RwSignal<Option<Refusal>>,
) -> impl IntoView {
    view! {
        <div class="play-side">
            <RefusalLine refusal view />
            <HintsSwitch />
            <Losses view />
            <LogPanel game view />
            <ResignButton resign=game.resign />
        </div>
    }
}

/// The enemy piece on `sq` whose kind the player can only guess (a
/// face-up piece needs no guess).
fn to_tag(v: &View, sq: Square) -> Option<PieceId> {
    match v.seen(sq) {
        Seen::Enemy(e) if e.kind.is_none() => Some(e.id),
        _ => None,
    }
}

/// What the board shows over the game: the piece picked up or dragged,
/// the enemy piece being tagged, and the strike being aimed (a Missile's
/// square and its target).
#[derive(Clone, Copy, Default)]
struct Shown {
    focus: Option<Square>,
    dragging: Option<Square>,
    tag_target: Option<PieceId>,
    aiming: Option<(Square, Square)>,
}

impl Shown {
    /// The board's cells in `v`, with the player's `tags` and the `hints`
    /// when they are on.
    fn cells(self, v: &View, tags: &Tags, hints: Option<&[Hint]>) -> Cells {
        let mut cells = game_cells(v, tags, self.focus, self.dragging);
        if let Some(sq) = self.tag_target.and_then(|id| enemy_square(v, id)) {
            cells.cell_mut(sq).selected = true;
        }
        if let Some((missile, target)) = self.aiming
            && v.strike_targets(missile).contains(target)
        {
            aim(&mut cells, v, missile, target);
        }
        if let Some(hints) = hints {
            hints::label(&mut cells, v, hints);
        }
        cells
    }
}

/// The player's own pieces as the board controller moves them: any can be
/// picked up to see its moves, and one goes where a legal move takes it; a
/// Missile strikes where it is put down.
#[derive(Clone, Copy)]
struct Moves {
    view: Memo<Option<View>>,
    play: Callback<Move>,
    /// A strike waiting for the player to say whether the Missile carries
    /// the Atomic bomb next to it: (Missile, target).
    bomb_choice: RwSignal<Option<(Square, Square)>>,
    /// Why the last move tried could not be made.
    refusal: RwSignal<Option<Refusal>>,
}

impl Moves {
    fn with_view(&self, f: impl Fn(&View) -> bool) -> bool {
        self.view.with_untracked(|v| v.as_ref().is_some_and(f))
    }
}

impl Mover for Moves {
    type Square = Square;
    type Tray = Kind;
    type Face = Face;

    fn lift(&self, source: Source) -> Option<Face> {
        let Source::Square(sq) = source else {
            return None;
        };
        self.view.with_untracked(|v| match v.as_ref()?.seen(sq) {
            Seen::Own(p) => Some(Face::Own(p.kind)),
            _ => None,
        })
    }

    fn drags(&self, source: Source) -> bool {
        matches!(source, Source::Square(sq)
            if self.with_view(|v| v.is_my_turn() && !v.destinations(sq).is_empty()))
    }

    fn put(&self, source: Source, target: Target) -> bool {
        let (Source::Square(from), Target::Square(to)) = (source, target) else {
            return false;
        };
        let put = self
            .view
            .with_untracked(|v| v.as_ref().and_then(|v| put_at(v, from, to)));
        self.refusal.set(None);
        match put {
            Some(Put::Play(mv)) => self.play.run(mv),
            Some(Put::AskBomb) => self.bomb_choice.set(Some((from, to))),
            Some(Put::Refused(why)) => self.refusal.set(Some(why)),
            None => {}
        }
        matches!(put, Some(Put::Play(_) | Put::AskBomb))
    }
}

/// The node of the enemy piece `id`, while it is on the board.
fn enemy_square(v: &View, id: PieceId) -> Option<Square> {
    v.enemies().iter().find(|e| e.id == id).map(|e| e.square)
}

/// Who plays whom, whose turn it is, and the move count towards the limit.
#[component]
fn Status(game: Match, view: Memo<Option<View>>) -> impl IntoView {
    let i18n = use_i18n();
    let my_turn = move || view.with(|v| v.as_ref().is_some_and(View::is_my_turn));
    let ply = move || view.with(|v| v.as_ref().map_or(0, View::ply));
    let opponent_name = move || {
        game.opponent
            .get()
            .unwrap_or_else(|| t_string!(i18n, common.cpu).to_string())
    };
    view! {
        <h2 id="play-title" class="sr-only">
            {t!(i18n, common.play_title)}
        </h2>
        <div class="status">
            <p class="players">{move || game.me.get()} " vs " {opponent_name}</p>
            <p class="turn" data-turn=move || if my_turn() { "you" } else { "cpu" }>
                {move || match game.opponent.get() {
                    _ if my_turn() => t_string!(i18n, common.your_turn).to_string(),
                    None => t_string!(i18n, common.cpu_turn).to_string(),
                    Some(name) if game.pass_and_play => t_string!(i18n, friend.pass_device, name = name),
                    Some(name) => t_string!(i18n, common.their_turn, name = name),
                }}
            </p>
            <p class="move-count">
                {move || t_string!(i18n, common.move_count, ply = ply())}
                <meter min="0" max=MOVE_LIMIT.to_string() value=move || ply().to_string()></meter>
            </p>
        </div>
    }
}

/// The player's lost pieces by kind, and how many the enemy lost.
#[component]
fn Losses(view: Memo<Option<View>>) -> impl IntoView {
    let i18n = use_i18n();
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
                                <span class="loss-tile" aria-hidden="true">
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
        <section class="lost" aria-labelledby="lost-title">
            <h3 id="lost-title">{t!(i18n, common.your_losses)}</h3>
            {losses}
            <p class="enemy-lost">
                {move || t_string!(i18n, common.enemy_losses, count = enemy_lost())}
            </p>
        </section>
    }
}

/// How many of the latest announcements the live region keeps: enough
/// for the player's move and the reply that follows it at once.
const SPOKEN: usize = 4;

/// The referee's announcements on the play screen, and the same spoken in
/// order (a live region that only ever appends, so a quick reply never
/// replaces the player's own result before it is read).
#[component]
fn LogPanel(game: Match, view: Memo<Option<View>>) -> impl IntoView {
    let i18n = use_i18n();
    let side = game.side;
    let log = Memo::new(move |_| view.with(|v| v.as_ref().map(entries).unwrap_or_default()));
    let first = view.with_untracked(|v| v.as_ref().map_or(side, View::first));
    let recent = move || {
        log.with(|l| {
            let from = l.len().saturating_sub(SPOKEN);
            l[from..].to_vec()
        })
    };
    view! {
        <section class="log-panel" aria-labelledby="log-title">
            <h3 id="log-title">{t!(i18n, common.log_title)}</h3>
            <LogList log side first opponent=game.opponent />
            <div class="sr-only announcer" role="log" aria-live="polite" aria-relevant="additions">
                <For each=recent key=|e| e.ply let(e)>
                    <p>
                        {move || {
                            game.opponent
                                .with(|o| {
                                    entry_text(i18n.get_locale(), &e, side, Names::against(o.as_deref()))
                                })
                        }}
                    </p>
                </For>
            </div>
        </section>
    }
}

/// A game's announcements, newest first, down to who moved first: for the
/// player on `side` against `opponent` (`None`: the CPU); with `me_name`
/// (pass-and-play's end screen) that player is named, not "you".
#[component]
pub fn LogList(
    #[prop(into)] log: Signal<Vec<LogEntry>>,
    side: Color,
    first: Color,
    opponent: Signal<Option<String>>,
    #[prop(optional_no_strip)] me_name: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let me_name = StoredValue::new(me_name);
    let with_names = move |f: &dyn Fn(Names) -> String| {
        me_name.with_value(|me| {
            opponent.with(|o| {
                f(Names {
                    me: me.as_deref(),
                    opponent: o.as_deref(),
                })
            })
        })
    };
    let first_line = move || {
        with_names(&|names| match Who::of(first, side, names) {
            Who::Me => t_string!(i18n, common.first_you).to_string(),
            Who::Cpu => t_string!(i18n, common.first_cpu).to_string(),
            Who::Named(name) => t_string!(i18n, common.first_them, name = name),
        })
    };
    view! {
        // It scrolls when long: the keyboard can reach it too.
        <ol class="log" tabindex="0" aria-label=move || t_string!(i18n, common.log_title)>
            {move || {
                let locale = i18n.get_locale();
                log.get()
                    .iter()
                    .rev()
                    .map(|e| {
                        let battle = e.event != Event::Moved;
                        let text = with_names(&|names| entry_text(locale, e, side, names));
                        view! { <li class:battle=battle value=e.ply.to_string()>{text}</li> }
                    })
                    .collect_view()
            }}
            <li class="log-first">{first_line}</li>
        </ol>
    }
}

/// Resign, after a question.
#[component]
fn ResignButton(resign: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <ConfirmButton
            name="resign"
            label=t!(i18n, common.resign)
            question=t!(i18n, common.resign_confirm)
            yes=t!(i18n, common.resign_yes)
            on_yes=resign
        />
    }
}

/// A button (`label`, class `name`) that asks `question` first: `yes`
/// (class `{name}-yes`) runs `on_yes`, "Keep playing" puts the button back.
#[component]
pub fn ConfirmButton(
    name: &'static str,
    label: Signal<&'static str>,
    question: Signal<&'static str>,
    yes: Signal<&'static str>,
    on_yes: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let confirm = RwSignal::new(false);
    let yes_ref = NodeRef::<html::Button>::new();
    let button_ref = NodeRef::<html::Button>::new();
    let kept = StoredValue::new(false);
    // The question's answer takes the focus, so the keyboard is where it
    // is; answering no gives it back to the button.
    Effect::new(move |_| {
        if let Some(yes) = yes_ref.get() {
            let _ = yes.focus();
        }
    });
    Effect::new(move |_| {
        if let Some(button) = button_ref.get()
            && kept.get_value()
        {
            kept.set_value(false);
            let _ = button.focus();
        }
    });
    let question_id = format!("{name}-q");
    view! {
        <div class="actions">
            <Show
                when=move || confirm.get()
                fallback=move || {
                    view! {
                        <button
                            type="button"
                            class=format!("secondary {name}")
                            node_ref=button_ref
                            on:click=move |_| confirm.set(true)
                        >
                            {label}
                        </button>
                    }
                }
            >
                <div class="confirm" role="alertdialog" aria-labelledby=question_id.clone()>
                    <p id=question_id.clone()>{question}</p>
                    <button
                        type="button"
                        class=format!("primary {name}-yes")
                        node_ref=yes_ref
                        on:click=move |_| on_yes.run(())
                    >
                        {yes}
                    </button>
                    <button
                        type="button"
                        class="secondary"
                        on:click=move |_| {
                            kept.set_value(true);
                            confirm.set(false);
                        }
                    >
                        {t!(i18n, common.resign_no)}
                    </button>
                </div>
            </Show>
        </div>
    }
}

/// The kinds a guess can name, in the order the sheet offers them: with the
/// hints, the kinds the piece can still be, likeliest first with their
/// chance, then the rest; without, every hidden kind of the `mode` in rank
/// order.
fn guess_order(mode: Mode, chances: Option<Vec<(Kind, u8)>>) -> Vec<(Kind, Option<u8>)> {
    let chances = chances.unwrap_or_default();
    let mut order: Vec<(Kind, Option<u8>)> = chances.iter().map(|&(k, c)| (k, Some(c))).collect();
    let hidden = move |k: &Kind| mode.in_hq() != Some(*k);
    order.extend(
        mode.kinds()
            .filter(hidden)
            .filter(|k| !chances.iter().any(|(c, _)| c == k))
            .map(|k| (k, None)),
    );
    order
}

/// The sheet that opens over the board when an enemy piece is tapped: a
/// guess in one tap (the kinds it can still be first, with their chances,
/// when the hints are on), no guess, or close. The tag is kept by the
/// piece's identity, so it follows the piece.
#[component]
fn TagSheet(
    view: Memo<Option<View>>,
    tags: RwSignal<Tags>,
    tag_target: RwSignal<Option<PieceId>>,
    hints: ReadSignal<Option<Vec<Hint>>>,
    close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let target = move || {
        let id = tag_target.get()?;
        let square = view.with(|v| enemy_square(v.as_ref()?, id))?;
        Some((id, square))
    };
    let set = move |guess: Option<Kind>| {
        if let Some(id) = tag_target.get_untracked() {
            tags.update(|t| t.set(id, guess));
        }
        close.run(());
    };
    let first_ref = NodeRef::<html::Button>::new();
    // The sheet takes the focus as it opens, so the keyboard can choose too.
    Effect::new(move |_| {
        if let Some(first) = first_ref.get() {
            focus_in_place(&first);
        }
    });
    move || {
        target().map(|(id, sq)| {
            let hinted = hints.with(|h| hints::chances(h, id));
            let with_hints = hinted.is_some();
            let current = tags.with_untracked(|t| t.get(id));
            let mode = view.with(|v| v.as_ref().map_or(Mode::Standard, |v| v.rules().mode));
            let buttons = guess_order(mode, hinted)
                .into_iter()
                .enumerate()
                .map(|(i, (kind, chance))| {
                    let node_ref = if i == 0 { first_ref } else { NodeRef::new() };
                    view! {
                        <button
                            type="button"
                            class="guess-option"
                            class:ruled-out=with_hints && chance.is_none()
                            data-guess-option=format!("{kind:?}")
                            aria-pressed=(current == Some(kind)).to_string()
                            node_ref=node_ref
                            on:click=move |_| set(Some(kind))
                        >
                            {move || format!("{}?", text::kind_name(i18n.get_locale(), kind))}
                            {chance.map(|c| view! { <span class="chance">{format!("{c}%")}</span> })}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="tag-sheet" role="dialog" aria-labelledby="tag-title">
                    <div class="tag-head">
                        <h3 id="tag-title">
                            {move || t_string!(i18n, common.tag_title, square = sq.to_string())}
                        </h3>
                        <button
                            type="button"
                            class="secondary tag-close"
                            aria-label=move || t_string!(i18n, common.close)
                            on:click=move |_| close.run(())
                        >
                            "×"
                        </button>
                    </div>
                    {with_hints.then(|| view! { <p class="tag-note">{t!(i18n, common.tag_hinted)}</p> })}
                    <div class="guess-options">
                        {buttons}
                        <button type="button" class="guess-option clear" on:click=move |_| set(None)>
                            {t!(i18n, common.tag_clear)}
                        </button>
                    </div>
                </div>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{Rules, random_game};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    #[test]
    fn the_board_shows_the_tagged_enemy_and_no_enemy_kind() {
        let game = random_game(Rules::KIRAKUKEN, &mut SmallRng::seed_from_u64(5));
        let v = game.view(Color::South);
        let enemy = v.enemies()[0];
        let mut tags = Tags::default();
        tags.set(enemy.id, Some(Kind::Spy));
        let plain = Shown::default().cells(&v, &tags, None);
        assert!(!plain.get(enemy.square).selected);
        assert_eq!(to_tag(&v, enemy.square), Some(enemy.id));
        let tagging = Shown {
            tag_target: to_tag(&v, enemy.square),
            ..Shown::default()
        };
        let cells = tagging.cells(&v, &tags, None);
        assert!(cells.get(enemy.square).selected);
        for e in v.enemies() {
            let face = cells.get(e.square).face;
            assert!(matches!(face, Some(Face::Enemy { id, .. }) if id == e.id));
        }
        // An own piece is not tagged, nor is an empty node.
        assert_eq!(to_tag(&v, v.own()[0].square), None);
    }

    #[test]
    fn the_sheet_offers_every_kind_once_the_hinted_ones_first() {
        let order = guess_order(
            Mode::Standard,
            Some(vec![(Kind::Mine, 60), (Kind::Flag, 40)]),
        );
        assert_eq!(order[..2], [(Kind::Mine, Some(60)), (Kind::Flag, Some(40))]);
        assert_eq!(order.len(), Mode::Standard.kinds().count());
        assert!(
            order[2..]
                .iter()
                .all(|(k, c)| c.is_none() && !matches!(k, Kind::Mine | Kind::Flag))
        );
        let plain = guess_order(Mode::Standard, None);
        let standard: Vec<Kind> = Mode::Standard.kinds().collect();
        assert_eq!(plain.iter().map(|(k, _)| *k).collect::<Vec<_>>(), standard);
        // A mode's own kinds, but the face-up Marshal of Classic 25.
        let classic: Vec<Kind> = guess_order(Mode::Classic25, None)
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(classic.len(), Mode::Classic25.kinds().count() - 1);
        assert!(classic.contains(&Kind::Missile) && !classic.contains(&Kind::Marshal));
        let american: Vec<Kind> = guess_order(Mode::American21, None)
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert!(american.contains(&Kind::Marshal) && !american.contains(&Kind::Tank));
    }

    #[test]
    fn a_named_log_speaks_of_both_players_never_of_you() {
        let mv: Move = "b4-b5".parse().unwrap();
        let sq = mv.to();
        let names = Names {
            me: Some("Aki"),
            opponent: Some("Ben"),
        };
        for event in [
            Event::Moved,
            Event::YourPieceFell(Kind::Tank),
            Event::EnemyFell(sq),
            Event::BothFell(Kind::Tank, sq),
        ] {
            for side in Color::ALL {
                let e = LogEntry {
                    ply: 1,
                    side,
                    mv,
                    event,
                };
                for locale in Locale::ALL {
                    let text = entry_text(locale, &e, Color::South, names);
                    let mover = if side == Color::South { "Aki" } else { "Ben" };
                    assert!(text.starts_with(mover), "{text}");
                    assert!(!text.contains("You") && !text.contains("your"), "{text}");
                    assert!(!text.contains("あなた") && !text.contains("{{"), "{text}");
                    assert!(!text.contains("คุณ"), "{text}");
                }
                let plain = entry_text(Locale::en, &e, Color::South, Names::against(None));
                assert_eq!(plain.starts_with("You:"), side == Color::South, "{plain}");
            }
        }
    }
}
