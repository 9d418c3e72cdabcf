//! The board as the player sees it: the enemy camp at the top, the own camp
//! at the bottom, the front between them. North's player sees it turned
//! half round, so every node is drawn where `Square::relative_to` puts it;
//! classes and `data-side` say "south" for the near (own) side as drawn. Everything about its shape comes
//! from the rules crate; what stands on each node, and what is highlighted,
//! is handed in as plain [`Cells`] by the screen that shows the board.
//!
//! The board is a grid with a roving focus: arrow keys move between nodes,
//! Enter or Space acts on the focused node, and every node says what is on
//! it. Pointer presses are passed on for dragging (see `drag.rs`).

use gunjin_rules::{Color, Kind, PieceId, Rules, Shape, Square};
use leptos::html;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

use crate::i18n::*;
use crate::long_press::{LongPress, PieceAbout};
use crate::text;

/// CSS grid row of a rank: the enemy's ranks first, then one row for the
/// front, then the own ranks, then the file letters.
fn grid_row(shape: &Shape, rank: u8, camp: Color) -> u8 {
    let below_front = u8::from(camp == Color::South);
    shape.ranks - rank + below_front
}

/// The grid row the front is drawn in.
fn front_row(shape: &Shape) -> u8 {
    shape.ranks / 2 + 1
}

/// The file drawn in column `file` for the player on `me`, and back (a
/// half turn mirrors the files).
fn drawn_file(shape: &Shape, file: u8, me: Color) -> u8 {
    match me {
        Color::South => file,
        Color::North => shape.files - 1 - file,
    }
}

/// CSS grid column of a file; column 1 holds the rank numbers.
fn grid_column(file: u8) -> u8 {
    file + 2
}

/// The letter of a 0-based file, as in square names.
pub fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// What a node shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// One of the player's pieces: its kind is shown.
    Own(Kind),
    /// An enemy piece: its back, and the player's guess if any.
    Enemy { id: PieceId, guess: Option<Kind> },
    /// Any piece once the game is over.
    Shown { side: Color, kind: Kind },
}

impl Face {
    /// The side it is drawn on for the player on `me`: South is the near one.
    fn side(self, me: Color) -> Color {
        match self {
            Face::Own(_) => Color::South,
            Face::Enemy { .. } => Color::North,
            Face::Shown { side, .. } if side == me => Color::South,
            Face::Shown { .. } => Color::North,
        }
    }

    fn kind(self) -> Option<Kind> {
        match self {
            Face::Own(kind) | Face::Shown { kind, .. } => Some(kind),
            Face::Enemy { .. } => None,
        }
    }
}

/// The rules of the game on screen, which a piece's help speaks of:
/// provided by the setup, play and end screens, else the chosen ones.
#[derive(Clone, Copy)]
pub struct PieceRules(pub Signal<Rules>);

impl PieceRules {
    pub fn provide(rules: impl Into<Signal<Rules>>) {
        provide_context(PieceRules(rules.into()));
    }

    fn get() -> Signal<Rules> {
        use_context::<PieceRules>().map_or_else(
            || {
                let chosen = use_context::<crate::state::AppState>()
                    .map(|s| s.rules())
                    .unwrap_or_default();
                Signal::stored(chosen)
            },
            |r| r.0,
        )
    }
}

/// What a piece is, for its hover, long press and accessible description:
/// an own or revealed piece's name, moves and battles; an enemy's back
/// only says it is the enemy's (and the player's own guess).
pub fn face_help(locale: Locale, rules: Rules, face: Face) -> String {
    match face {
        Face::Own(kind) | Face::Shown { kind, .. } => {
            crate::guides::piece_help(locale, rules, kind)
        }
        Face::Enemy { guess: None, .. } => td_string!(locale, guide.pieces.enemy).to_string(),
        Face::Enemy { guess: Some(g), .. } => {
            td_string!(
                locale,
                guide.pieces.enemy_guess,
                kind = text::kind_name(locale, g)
            )
        }
    }
}

/// Where a drag on this board starts: a node, or a kind from the setup's
/// tray.
pub type Source = crate::drag::Source<Square, Kind>;
/// Where a drag on this board ends.
pub type Target = crate::drag::Target<Square>;

impl crate::drag::Ghost for Face {
    fn ghost(self) -> AnyView {
        view! { <PieceFace face=self /> }.into_any()
    }
}

/// A highlighted destination.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    None,
    Move,
    Attack,
    /// A node the selected Missile may strike (Classic 25).
    Strike,
}

/// The blast of a strike being aimed: the nodes it would hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blast {
    #[default]
    None,
    /// Hit by the strike, with or without the bomb.
    Plain,
    /// Hit only if the Missile carries the Atomic bomb.
    Bomb,
}

/// Everything drawn on one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub face: Option<Face>,
    pub mark: Mark,
    pub selected: bool,
    /// Part of the last move of this side.
    pub last: Option<Color>,
    /// The piece here just arrived from this node (it animates in).
    pub arrived_from: Option<Square>,
    /// The piece here is being dragged away.
    pub dragging: bool,
    /// The enemy piece here is likeliest this kind, with this chance in
    /// percent (the hints, when they are on).
    pub hint: Option<(Kind, u8)>,
    /// In the blast of the strike being aimed.
    pub blast: Blast,
    /// Cleared by the strike just made (it flashes).
    pub struck: bool,
}

impl Cell {
    /// The classes the stylesheet draws this node's state by, the player
    /// being on `me`.
    fn state_classes(self, me: Color) -> String {
        let on = [
            (self.mark == Mark::Move, "mark-move"),
            (self.mark == Mark::Attack, "mark-attack"),
            (self.mark == Mark::Strike, "mark-strike"),
            (self.blast == Blast::Plain, "blast"),
            (self.blast == Blast::Bomb, "blast-bomb"),
            (self.struck, "struck"),
            (self.selected, "selected"),
            (self.last == Some(me), "last-south"),
            (self.last == Some(!me), "last-north"),
            (self.dragging, "dragging"),
        ];
        let names: Vec<&str> = on
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| name)
            .collect();
        names.join(" ")
    }

    /// The kind shown here (`data-kind`), by its name in the code.
    fn kind_name(self) -> Option<String> {
        self.face.and_then(Face::kind).map(|k| format!("{k:?}"))
    }

    /// The enemy piece here (`data-enemy`), by its id.
    fn enemy_id(self) -> Option<String> {
        match self.face {
            Some(Face::Enemy { id, .. }) => Some(id.0.to_string()),
            _ => None,
        }
    }

    /// The player's guess for the enemy piece here (`data-guess`).
    fn guess_name(self) -> Option<String> {
        match self.face {
            Some(Face::Enemy { guess: Some(g), .. }) => Some(format!("{g:?}")),
            _ => None,
        }
    }

    /// The hint's likeliest kind for the enemy piece here (`data-hint`).
    fn hint_name(self) -> Option<String> {
        self.hint.map(|(kind, _)| format!("{kind:?}"))
    }

    /// The highlight here (`data-mark`).
    fn mark_name(self) -> Option<&'static str> {
        match self.mark {
            Mark::None => None,
            Mark::Move => Some("move"),
            Mark::Attack => Some("attack"),
            Mark::Strike => Some("strike"),
        }
    }
}

/// Every node's [`Cell`], by square code (the same on every board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells(pub [Cell; Square::INDICES]);

impl Default for Cells {
    fn default() -> Cells {
        Cells([Cell::default(); Square::INDICES])
    }
}

impl Cells {
    pub fn get(&self, sq: Square) -> Cell {
        self.0[sq.index()]
    }

    pub fn cell_mut(&mut self, sq: Square) -> &mut Cell {
        &mut self.0[sq.index()]
    }

    /// How many nodes hold a piece.
    pub fn occupied(&self) -> usize {
        self.0.iter().filter(|c| c.face.is_some()).count()
    }
}

/// The node a key press moves the focus to.
fn neighbour(shape: &Shape, sq: Square, key: &str) -> Option<Square> {
    let files = shape.files_of(sq);
    let (file, rank) = (i16::from(files[0]), i16::from(sq.rank()));
    let (f, r) = match key {
        "ArrowUp" => (file, rank + 1),
        "ArrowDown" => (file, rank - 1),
        "ArrowLeft" => (file - 1, rank),
        "ArrowRight" => (i16::from(files[files.len() - 1]) + 1, rank),
        _ => return None,
    };
    let f = u8::try_from(f).ok()?;
    let r = u8::try_from(r).ok()?;
    shape.square(f, r)
}

/// The board with `cells` on it, drawn for the player on side `me` (their
/// camp at the bottom). `on_tap` gets a node clicked, tapped, or activated
/// from the keyboard; `on_press` a pointer going down on a node (for
/// dragging); `on_point` a node the pointer or the focus comes to (to
/// preview what a tap would do there). `shape` is the board of the game's
/// mode.
#[component]
pub fn Board(
    #[prop(into)] cells: Signal<Cells>,
    on_tap: Callback<Square>,
    #[prop(optional)] on_press: Option<Callback<(Square, web_sys::PointerEvent)>>,
    #[prop(optional)] on_point: Option<Callback<Square>>,
    #[prop(default = Color::South)] me: Color,
    #[prop(default = &Shape::STANDARD)] shape: &'static Shape,
) -> impl IntoView {
    let i18n = use_i18n();
    let board_ref = NodeRef::<html::Div>::new();
    let focus = RwSignal::new(shape.hq(me));
    let move_focus = Callback::new(move |to: Square| {
        focus.set(to);
        if let Some(board) = board_ref.get_untracked() {
            let selector = format!("[data-square=\"{to}\"]");
            if let Ok(Some(el)) = board.query_selector(&selector) {
                let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
            }
        }
    });
    let input = NodeInput {
        focus,
        on_tap,
        on_press,
        on_point,
        move_focus,
    };
    // More files than the standard board's: each node is narrower.
    let wide = shape.files > Shape::STANDARD.files;
    // The rows as drawn, top first.
    let ranks = (0..shape.ranks)
        .rev()
        .map(|drawn_rank| view! { <Rank drawn_rank me shape cells input /> })
        .collect_view();
    view! {
        <div
            class="board"
            class:wide=wide
            role="grid"
            node_ref=board_ref
            style=format!("--files:{}", shape.files)
            aria-label=move || board_label(i18n.get_locale(), shape)
        >
            {ranks}
            <Front shape me />
            <FileLabels shape me />
        </div>
    }
}

/// What the board does with the player's input on a node: the roving
/// focus and the screen's callbacks, handed to every node as one value.
#[derive(Clone, Copy)]
struct NodeInput {
    focus: RwSignal<Square>,
    on_tap: Callback<Square>,
    on_press: Option<Callback<(Square, web_sys::PointerEvent)>>,
    on_point: Option<Callback<Square>>,
    /// Moves the focus to a node, the browser's with it.
    move_focus: Callback<Square>,
}

impl NodeInput {
    fn tap(self, square: Square) {
        self.focus.set(square);
        self.on_tap.run(square);
    }

    fn press(self, square: Square, ev: web_sys::PointerEvent) {
        if let Some(press) = self.on_press {
            press.run((square, ev));
        }
    }

    fn point(self, square: Square) {
        if let Some(point) = self.on_point {
            point.run(square);
        }
    }

    /// Enter or Space taps `square`; an arrow moves the focus to the node
    /// drawn next to it on the board of `shape` as `me` sees it.
    fn key(self, ev: &web_sys::KeyboardEvent, square: Square, shape: &Shape, me: Color) {
        let drawn = shape.relative_to(square, me);
        crate::focus::board_key(
            ev,
            || self.on_tap.run(square),
            |key| neighbour(shape, drawn, key).map(|to| shape.relative_to(to, me)),
            |to| self.move_focus.run(to),
        );
    }
}

/// One row of nodes, drawn `drawn_rank` from the bottom, headed by its
/// rank as the player `me` counts it.
#[component]
fn Rank(
    drawn_rank: u8,
    me: Color,
    shape: &'static Shape,
    cells: Signal<Cells>,
    input: NodeInput,
) -> impl IntoView {
    // A half turn maps the nodes of a rank onto those of another.
    let squares: Vec<Square> = shape.rank_nodes(drawn_rank).collect();
    let camp = shape.camp(squares[0]);
    let rank = shape.relative_to(squares[0], me).rank();
    let nodes = squares
        .into_iter()
        .map(|drawn| {
            let square = shape.relative_to(drawn, me);
            view! { <Node square me shape cells input /> }
        })
        .collect_view();
    view! {
        <div role="row" class="rank">
            <span
                role="rowheader"
                class="rank-label"
                style=format!("grid-row:{}", grid_row(shape, drawn_rank, camp))
            >
                {rank + 1}
            </span>
            {nodes}
        </div>
    }
}

/// The front between the camps, with its bridges where they are drawn
/// for `me`.
#[component]
fn Front(shape: &'static Shape, me: Color) -> impl IntoView {
    let bridges = (0..shape.files)
        .filter(|&file| shape.has_bridge(file))
        .map(|file| {
            view! {
                <div
                    class="bridge"
                    data-bridge=file_letter(file).to_string()
                    style=format!("grid-column:{}", drawn_file(shape, file, me) + 1)
                ></div>
            }
        })
        .collect_view();
    view! {
        <div class="front" aria-hidden="true" style=format!("grid-row:{}", front_row(shape))>
            {bridges}
        </div>
    }
}

/// The file letters under the board, in the order `me` sees the files.
#[component]
fn FileLabels(shape: &'static Shape, me: Color) -> impl IntoView {
    let row = shape.ranks + 2;
    let labels = (0..shape.files)
        .map(|column| {
            let file = drawn_file(shape, column, me);
            view! {
                <span
                    role="columnheader"
                    class="file-label"
                    style=format!("grid-row:{row};grid-column:{}", grid_column(column))
                >
                    {file_letter(file).to_string()}
                </span>
            }
        })
        .collect_view();
    view! { <div role="row" class="file-labels">{labels}</div> }
}

/// The board in words: which ranks are whose and where the bridges are.
fn board_label(locale: Locale, shape: &Shape) -> String {
    let half = shape.ranks / 2;
    let near = format!("1–{half}");
    let far = format!("{}–{}", half + 1, shape.ranks);
    let files: Vec<char> = (0..shape.files)
        .filter(|&f| shape.has_bridge(f))
        .map(file_letter)
        .collect();
    let bridges = match locale {
        Locale::ja => files
            .iter()
            .map(|f| format!("{f}列"))
            .collect::<Vec<_>>()
            .join("と"),
        Locale::en => series(&files, "and"),
        Locale::th => series(&files, "และ"),
    };
    td_string!(locale, common.board_label, far, near, bridges)
}

/// `a, b and c`, with `and` in the reader's language.
fn series(items: &[char], and: &str) -> String {
    match items.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => {
            let rest: Vec<String> = rest.iter().map(char::to_string).collect();
            format!("{} {and} {last}", rest.join(", "))
        }
        None => String::new(),
    }
}

/// Where the node drawn at `drawn` sits in the board's grid: its row, and
/// the columns it spans (a headquarters two or three).
fn node_area(shape: &Shape, drawn: Square) -> String {
    let files = shape.files_of(drawn);
    format!(
        "grid-row:{};grid-column:{} / span {}",
        grid_row(shape, drawn.rank(), shape.camp(drawn)),
        grid_column(files[0]),
        files.len()
    )
}

/// The classes of what `square` is on the board: a headquarters, a
/// bridge's end.
fn place_classes(shape: &Shape, square: Square) -> String {
    [
        (shape.is_hq(square), " hq"),
        (shape.is_bridge(square), " bridge-end"),
    ]
    .map(|(on, class)| if on { class } else { "" })
    .concat()
}

/// One node of the board; a headquarters spans two or three files.
#[component]
fn Node(
    square: Square,
    me: Color,
    shape: &'static Shape,
    cells: Signal<Cells>,
    input: NodeInput,
) -> impl IntoView {
    let i18n = use_i18n();
    // A memo per node, so a change only touches the nodes it changes.
    let cell = Memo::new(move |_| cells.with(|c| c.get(square)));
    let name = square.to_string();
    let description = move || describe(i18n.get_locale(), cell.get(), me);
    let rules = PieceRules::get();
    let help = move || Some(face_help(i18n.get_locale(), rules.get(), cell.get().face?));
    let drawn = shape.relative_to(square, me);
    let span = shape.files_of(drawn).len();
    let classes = format!(
        "node {}{}",
        side_name(drawn.camp()),
        place_classes(shape, square)
    );
    view! {
        <div
            role="gridcell"
            class=move || format!("{classes} {}", cell.get().state_classes(me))
            style=node_area(shape, drawn)
            tabindex=move || if input.focus.get() == square { "0" } else { "-1" }
            data-square=name.clone()
            data-kind=move || cell.get().kind_name()
            data-side=move || cell.get().face.map(|f| side_name(f.side(me)))
            data-enemy=move || cell.get().enemy_id()
            data-guess=move || cell.get().guess_name()
            data-hint=move || cell.get().hint_name()
            data-mark=move || cell.get().mark_name()
            aria-colspan=(span > 1).then(|| span.to_string())
            aria-selected=move || cell.get().selected.to_string()
            aria-description=help
            on:click=move |_| input.tap(square)
            on:keydown=move |ev| input.key(&ev, square, shape, me)
            on:pointerdown=move |ev| input.press(square, ev)
            on:pointerenter=move |_| input.point(square)
            on:focus=move |_| input.point(square)
        >
            // The name is the node's content: its square, what it shows, and
            // in words what the drawing says (so it holds the visible text).
            <span class="sr-only">{format!("{name}: ")}</span>
            {shape.is_hq(square).then(|| view! { <HqMark /> })}
            <NodePiece cell me shape drawn />
            <NodeHint cell />
            <span class="sr-only">{move || format!(", {}", description())}</span>
        </div>
    }
}

/// The mark of a headquarters, in both its names.
#[component]
fn HqMark() -> impl IntoView {
    view! {
        <span class="hq-mark">
            <span lang="ja">"司令部"</span>
            " HQ"
        </span>
    }
}

/// The piece on a node (drawn at `drawn` for the player `me`), sliding in
/// from the node it came from when it has just moved.
#[component]
fn NodePiece(cell: Memo<Cell>, me: Color, shape: &'static Shape, drawn: Square) -> impl IntoView {
    let grid = |sq: Square| {
        (
            i16::from(grid_column(shape.files_of(sq)[0])),
            i16::from(grid_row(shape, sq.rank(), shape.camp(sq))),
        )
    };
    move || {
        let c = cell.get();
        c.face.map(|face| {
            let offset = c.arrived_from.map(|from| {
                let ((x0, y0), (x1, y1)) = (grid(shape.relative_to(from, me)), grid(drawn));
                (x0 - x1, y0 - y1)
            });
            match offset {
                Some(offset) => view! { <PieceFace face me offset /> }.into_any(),
                None => view! { <PieceFace face me /> }.into_any(),
            }
        })
    }
}

/// The hint on a node: the kind the CPU's deduction expects there and how
/// likely it is.
#[component]
fn NodeHint(cell: Memo<Cell>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        cell.get().hint.map(|(kind, percent)| {
            view! {
                <span class="hint">
                    {move || text::kind_short(i18n.get_locale(), kind)}
                    " "
                    <small>{format!("{percent}%")}</small>
                </span>
            }
        })
    }
}

/// A side as the board's classes and data attributes name it.
fn side_name(side: Color) -> &'static str {
    match side {
        Color::South => "south",
        Color::North => "north",
    }
}

/// A node in words, after its square's name and its visible text: what
/// stands there, the hint, the highlights.
fn describe(locale: Locale, c: Cell, me: Color) -> String {
    let mut parts = vec![match c.face {
        None => td_string!(locale, common.empty).to_string(),
        // In Japanese the kanji on the piece already is its whole name.
        Some(Face::Own(kind)) if text::kind_name(locale, kind) == text::kanji(kind) => {
            td_string!(locale, common.own_piece).to_string()
        }
        Some(Face::Own(kind)) => text::kind_name(locale, kind).to_string(),
        Some(Face::Enemy { guess, .. }) => match guess {
            Some(g) => td_string!(
                locale,
                common.enemy_guessed,
                kind = text::kind_name(locale, g)
            ),
            None => td_string!(locale, common.enemy_piece).to_string(),
        },
        Some(Face::Shown { side, kind }) => {
            let whose = if side == me {
                td_string!(locale, common.your_piece)
            } else {
                td_string!(locale, common.their_piece)
            };
            format!("{whose} {}", text::kind_name(locale, kind))
        }
    }];
    if let Some((kind, percent)) = c.hint {
        parts.push(hints_words(locale, kind, percent));
    }
    match c.mark {
        Mark::Move => parts.push(td_string!(locale, common.can_move).to_string()),
        Mark::Attack => parts.push(td_string!(locale, common.can_attack).to_string()),
        Mark::Strike => parts.push(td_string!(locale, common.can_strike).to_string()),
        Mark::None => {}
    }
    match c.blast {
        Blast::Plain => parts.push(td_string!(locale, common.in_blast).to_string()),
        Blast::Bomb => parts.push(td_string!(locale, common.in_bomb_blast).to_string()),
        Blast::None => {}
    }
    if c.selected {
        parts.push(td_string!(locale, common.selected).to_string());
    }
    if c.last.is_some() {
        parts.push(td_string!(locale, common.last_move).to_string());
    }
    parts.join(", ")
}

/// What a hint on the board says: a chance, or a certainty at 100%.
pub fn hints_words(locale: Locale, kind: Kind, percent: u8) -> String {
    let kind = text::kind_name(locale, kind);
    if percent >= 100 {
        td_string!(locale, common.hint_certain, kind = kind)
    } else {
        td_string!(locale, common.hint_chance, kind = kind, percent = percent)
    }
}

/// A piece's name as printed on it: on one line, or a long one (the
/// variant kinds' ジェット機, ミサイル, 原子爆弾) on two, so that it
/// stays legible on the nine-file board.
fn kanji_lines(kanji: &'static str) -> Vec<&'static str> {
    let chars = kanji.chars().count();
    if chars < 4 {
        return vec![kanji];
    }
    let split = kanji
        .char_indices()
        .nth(chars.div_ceil(2))
        .map_or(kanji.len(), |(at, _)| at);
    vec![&kanji[..split], &kanji[split..]]
}

/// A piece as drawn on a node, in the tray or under a dragging finger, for
/// the player on `me`.
#[component]
pub fn PieceFace(
    face: Face,
    #[prop(default = Color::South)] me: Color,
    #[prop(optional)] offset: Option<(i16, i16)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let style = offset.map(|(dx, dy)| format!("--dx:{dx};--dy:{dy}"));
    let north = face.side(me) == Color::North;
    let rules = PieceRules::get();
    let about = Signal::derive(move || face_help(i18n.get_locale(), rules.get(), face));
    let press = LongPress::default();
    let piece = match face {
        Face::Own(kind) | Face::Shown { kind, .. } => {
            let lines = kanji_lines(text::kanji(kind));
            let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1);
            let style = format!(
                "--chars:{widest};--lines:{};{}",
                lines.len(),
                style.unwrap_or_default(),
            );
            view! {
                <span
                    class="piece"
                    {..press.on()}
                    class:north=north
                    class:arrive=offset.is_some()
                    style=style
                    title=about
                >
                    <span class="kanji" lang="ja">
                        {lines.into_iter().map(|line| view! { <span>{line}</span> }).collect_view()}
                    </span>
                    " "
                    <span class="label">{move || text::kind_short(i18n.get_locale(), kind)}</span>
                </span>
            }
            .into_any()
        }
        Face::Enemy { guess, .. } => view! {
            <span
                class="piece back north"
                {..press.on()}
                class:arrive=offset.is_some()
                style=style.unwrap_or_default()
                title=about
            >
                {guess
                    .map(|g| {
                        view! {
                            <span class="guess">
                                {move || format!("{}?", text::kind_short(i18n.get_locale(), g))}
                            </span>
                        }
                    })}
            </span>
        }
        .into_any(),
    };
    view! {
        {piece}
        <PieceAbout press about />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [&Shape; 2] = [&Shape::STANDARD, &Shape::CLASSIC_25];

    fn nodes(shape: &Shape) -> impl Iterator<Item = Square> + '_ {
        (0..shape.ranks).flat_map(|rank| shape.rank_nodes(rank))
    }

    #[test]
    fn a_nodes_state_is_drawn_by_its_classes_and_data() {
        let mine = Cell {
            face: Some(Face::Own(Kind::Tank)),
            mark: Mark::Move,
            last: Some(Color::North),
            ..Cell::default()
        };
        assert_eq!(mine.state_classes(Color::North), "mark-move last-south");
        assert_eq!(mine.state_classes(Color::South), "mark-move last-north");
        assert_eq!(mine.kind_name().as_deref(), Some("Tank"));
        assert_eq!(mine.mark_name(), Some("move"));
        assert_eq!(Cell::default().state_classes(Color::South), "");
        let enemy = Cell {
            face: Some(Face::Enemy {
                id: PieceId(7),
                guess: Some(Kind::Spy),
            }),
            hint: Some((Kind::Mine, 60)),
            blast: Blast::Bomb,
            ..Cell::default()
        };
        assert_eq!(enemy.kind_name(), None);
        assert_eq!(enemy.enemy_id().as_deref(), Some("7"));
        assert_eq!(enemy.guess_name().as_deref(), Some("Spy"));
        assert_eq!(enemy.hint_name().as_deref(), Some("Mine"));
        assert_eq!(enemy.state_classes(Color::South), "blast-bomb");
    }

    #[test]
    fn an_enemy_back_names_no_kind_but_the_players_guess() {
        for locale in Locale::ALL {
            let back = |guess| {
                face_help(
                    locale,
                    Rules::KIRAKUKEN,
                    Face::Enemy {
                        id: PieceId(3),
                        guess,
                    },
                )
            };
            let plain = back(None);
            assert!(
                Kind::ALL
                    .iter()
                    .all(|&k| !plain.contains(text::kind_name(locale, k)))
            );
            let guessed = back(Some(Kind::Mine));
            assert!(
                guessed.contains(text::kind_name(locale, Kind::Mine)),
                "{guessed}"
            );
            let others = Kind::ALL.iter().filter(|&&k| k != Kind::Mine);
            assert!(
                others
                    .into_iter()
                    .all(|&k| !guessed.contains(text::kind_name(locale, k)))
            );
        }
        let own = face_help(Locale::en, Rules::KIRAKUKEN, Face::Own(Kind::Tank));
        assert!(own.starts_with("Tank: "), "{own}");
    }

    #[test]
    fn long_names_go_on_two_lines() {
        assert_eq!(kanji_lines("大将"), ["大将"]);
        assert_eq!(kanji_lines("飛行機"), ["飛行機"]);
        assert_eq!(kanji_lines("原子爆弾"), ["原子", "爆弾"]);
        assert_eq!(kanji_lines("ジェット機"), ["ジェッ", "ト機"]);
    }

    #[test]
    fn every_node_has_its_own_grid_cell() {
        for shape in SHAPES {
            let mut cells = std::collections::HashSet::new();
            for sq in nodes(shape) {
                let row = grid_row(shape, sq.rank(), shape.camp(sq));
                assert_ne!(row, front_row(shape));
                assert!((1..shape.ranks + 2).contains(&row));
                for &file in shape.files_of(sq) {
                    assert!(cells.insert((row, grid_column(file))), "{sq} overlaps");
                }
            }
            assert_eq!(cells.len(), usize::from(shape.files * shape.ranks));
        }
    }

    #[test]
    fn a_node_spans_its_files_and_is_classed_by_its_place() {
        let standard = &Shape::STANDARD;
        let sq = |s: &str| standard.parse_square(s).unwrap();
        assert_eq!(
            node_area(standard, sq("a1")),
            "grid-row:9;grid-column:2 / span 1"
        );
        assert_eq!(
            node_area(standard, sq("c1")),
            "grid-row:9;grid-column:4 / span 2"
        );
        assert_eq!(
            node_area(standard, sq("a8")),
            "grid-row:1;grid-column:2 / span 1"
        );
        assert_eq!(place_classes(standard, sq("a1")), "");
        assert_eq!(place_classes(standard, sq("c1")), " hq");
        assert_eq!(place_classes(standard, sq("b4")), " bridge-end");
        let classic = &Shape::CLASSIC_25;
        let e1 = classic.parse_square("e1").unwrap();
        assert!(node_area(classic, e1).ends_with(" / span 3"));
    }

    #[test]
    fn north_is_drawn_above_the_front_and_south_below() {
        for shape in SHAPES {
            for sq in nodes(shape) {
                let row = grid_row(shape, sq.rank(), shape.camp(sq));
                match shape.camp(sq) {
                    Color::North => assert!(row < front_row(shape)),
                    Color::South => assert!(row > front_row(shape)),
                }
            }
        }
    }

    #[test]
    fn arrow_keys_walk_the_grid_and_cross_the_headquarters() {
        let standard = &Shape::STANDARD;
        let sq = |s: &str| standard.parse_square(s).unwrap();
        let step = |from: &str, key: &str| neighbour(standard, sq(from), key);
        assert_eq!(step("b1", "ArrowRight"), Some(sq("c1")));
        assert_eq!(step("c1", "ArrowRight"), Some(sq("e1")));
        assert_eq!(step("e1", "ArrowLeft"), Some(sq("c1")));
        assert_eq!(step("d2", "ArrowDown"), Some(sq("c1")));
        assert_eq!(step("a1", "ArrowDown"), None);
        assert_eq!(step("f8", "ArrowRight"), None);
        assert_eq!(step("b4", "ArrowUp"), Some(sq("b5")));

        // Classic 25: the headquarters spans d1-f1 as one node.
        let classic = &Shape::CLASSIC_25;
        let sq = |s: &str| classic.parse_square(s).unwrap();
        let step = |from: &str, key: &str| neighbour(classic, sq(from), key);
        assert_eq!(step("c1", "ArrowRight"), Some(sq("e1")));
        assert_eq!(step("e1", "ArrowRight"), Some(sq("g1")));
        assert_eq!(step("g1", "ArrowLeft"), Some(sq("e1")));
        assert_eq!(step("f2", "ArrowDown"), Some(sq("e1")));
        assert_eq!(step("d2", "ArrowDown"), Some(sq("e1")));
        assert_eq!(step("i6", "ArrowRight"), None);
        assert_eq!(step("h3", "ArrowUp"), Some(sq("h4")));
    }

    #[test]
    fn the_board_says_whose_ranks_and_where_the_bridges_are() {
        let standard = board_label(Locale::en, &Shape::STANDARD);
        assert!(standard.contains("(ranks 5–8) at the top"), "{standard}");
        assert!(standard.ends_with("bridges on files b and e"), "{standard}");
        let classic = board_label(Locale::en, &Shape::CLASSIC_25);
        assert!(classic.contains("(ranks 4–6) at the top"), "{classic}");
        assert!(
            classic.ends_with("bridges on files b, e and h"),
            "{classic}"
        );
        assert!(board_label(Locale::ja, &Shape::CLASSIC_25).ends_with("橋はb列とe列とh列"));
        let thai = board_label(Locale::th, &Shape::CLASSIC_25);
        assert!(thai.ends_with("สะพานอยู่ที่แถวตั้ง b, e และ h"), "{thai}");
    }
}
