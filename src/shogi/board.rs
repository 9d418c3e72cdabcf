//! The 9×9 board, turned so that the player's side is at the bottom, with
//! file labels above and rank labels on the right as Shogi boards have
//! them, in the player's language. What stands on each square and what is
//! highlighted is handed in as plain [`Cells`] by the play screen.
//!
//! A grid with a roving focus, as the Gunjin board: arrow keys move between
//! squares, Enter or Space acts on the focused one, and every square says
//! what is on it. Pointer presses are passed on for dragging (`drag.rs`).

use leptos::html;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use shogi_rules::{Color, Piece, Position, Square};

use crate::drag::Source;
use crate::i18n::*;
use crate::shogi::labels::{file_label, piece_label, rank_label, side_piece_label, square_label};
use crate::shogi::pick::{Picked, targets};
use crate::shogi::piece::{Face, ShogiPiece};

/// Everything drawn on one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub piece: Option<Piece>,
    /// The picked piece can go here.
    pub target: bool,
    pub selected: bool,
    /// The last move left or reached this square.
    pub last: bool,
    /// The king here is in check.
    pub check: bool,
    /// The piece here is being dragged away.
    pub dragging: bool,
    /// The piece here was just moved from this square by the other side
    /// (or is replayed): it slides in from there.
    pub arrived_from: Option<Square>,
}

/// Every square's [`Cell`], by square index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells(pub [Cell; 81]);

impl Default for Cells {
    fn default() -> Cells {
        Cells([Cell::default(); 81])
    }
}

impl Cells {
    /// Marks what the player picked up: where it can go, and the piece
    /// itself when it stands on the board (lifted while dragged).
    pub fn mark_picked(&mut self, position: &Position, picked: Picked, dragging: bool) {
        for sq in targets(position, picked) {
            self.cell_mut(sq).target = true;
        }
        if let Source::Square(sq) = picked {
            self.cell_mut(sq).selected = true;
            self.cell_mut(sq).dragging = dragging;
        }
    }

    pub fn get(&self, sq: Square) -> Cell {
        self.0[sq.index()]
    }

    pub fn cell_mut(&mut self, sq: Square) -> &mut Cell {
        &mut self.0[sq.index()]
    }
}

/// The square drawn at `row` and `column` (0–8 from the top left) for the
/// player on `you`: Sente sees file 9 on the left and rank 一 at the top.
pub fn drawn(you: Color, row: u8, column: u8) -> Option<Square> {
    match you {
        Color::Sente => Square::new(9 - column, row + 1),
        Color::Gote => Square::new(column + 1, 9 - row),
    }
}

/// Where `sq` is drawn for `you`: (row, column).
fn place(you: Color, sq: Square) -> (u8, u8) {
    match you {
        Color::Sente => (sq.rank() - 1, 9 - sq.file()),
        Color::Gote => (9 - sq.rank(), sq.file() - 1),
    }
}

/// The square an arrow key moves the focus to.
fn neighbour(you: Color, sq: Square, key: &str) -> Option<Square> {
    let (row, column) = place(you, sq);
    let (row, column) = match key {
        "ArrowUp" => (row.checked_sub(1)?, column),
        "ArrowDown" => (row + 1, column),
        "ArrowLeft" => (row, column.checked_sub(1)?),
        "ArrowRight" => (row, column + 1),
        _ => return None,
    };
    (row < 9 && column < 9).then(|| drawn(you, row, column))?
}

/// A square in words, after its name: what stands there and how it is
/// highlighted.
fn describe(locale: Locale, c: Cell, you: Color, by_side: bool) -> String {
    let mut parts = vec![match c.piece {
        Some(piece) if by_side => side_piece_label(locale, piece),
        Some(piece) => piece_label(locale, piece, you),
        None => td_string!(locale, common.empty).to_string(),
    }];
    let s = &locale.pages().shogi;
    if c.check {
        parts.push(s.in_check.to_owned());
    }
    if c.target {
        parts.push(td_string!(locale, common.can_move).to_owned());
    }
    if c.selected {
        parts.push(td_string!(locale, common.selected).to_owned());
    }
    if c.last {
        parts.push(td_string!(locale, common.last_move).to_owned());
    }
    parts.join(", ")
}

/// The board for the player on `you`. `on_tap` gets a square clicked,
/// tapped or activated from the keyboard; `on_press` a pointer going down
/// on one (for dragging). `by_side` names pieces Sente's and Gote's (two
/// players on one device) instead of yours and the CPU's.
#[component]
pub fn ShogiBoard(
    #[prop(into)] cells: Signal<Cells>,
    you: Color,
    #[prop(optional)] by_side: bool,
    on_tap: Callback<Square>,
    on_press: Callback<(Square, web_sys::PointerEvent)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let focus = RwSignal::new(drawn(you, 6, 2).unwrap_or(Square::ALL[0]));
    let board_ref = NodeRef::<html::Div>::new();
    let move_focus = move |to: Square| {
        focus.set(to);
        if let Some(board) = board_ref.get_untracked()
            && let Ok(Some(el)) = board.query_selector(&format!("[data-square=\"{to}\"]"))
        {
            let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    };
    let files = (0..9)
        .map(|column| {
            let file = drawn(you, 0, column).map_or(0, Square::file);
            view! {
                <span role="columnheader" class="shogi-label">
                    {move || file_label(i18n.get_locale(), file)}
                </span>
            }
        })
        .collect_view();
    let rows = (0..9)
        .map(|row| {
            let squares = (0..9)
                .filter_map(|column| drawn(you, row, column))
                .map(|square| view! { <SquareCell square you by_side cells focus on_tap on_press move_focus /> })
                .collect_view();
            let rank = drawn(you, row, 0).map_or(0, Square::rank);
            view! {
                <div role="row" class="shogi-row">
                    {squares}
                    <span role="rowheader" class="shogi-label">
                        {move || rank_label(i18n.get_locale(), rank)}
                    </span>
                </div>
            }
        })
        .collect_view();
    view! {
        <div
            class="shogi-board"
            role="grid"
            node_ref=board_ref
            aria-label=move || td_string!(i18n.get_locale(), shogi.board_label)
        >
            <div role="row" class="shogi-row">
                {files}
                <span role="columnheader" class="shogi-label"></span>
            </div>
            {rows}
        </div>
    }
}

#[component]
fn SquareCell(
    square: Square,
    you: Color,
    by_side: bool,
    cells: Signal<Cells>,
    focus: RwSignal<Square>,
    on_tap: Callback<Square>,
    on_press: Callback<(Square, web_sys::PointerEvent)>,
    move_focus: impl Fn(Square) + Copy + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    // A memo per square, so a change only touches the squares it changes.
    let cell = Memo::new(move |_| cells.with(|c| c.get(square)));
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        crate::focus::board_key(
            &ev,
            || on_tap.run(square),
            |key| neighbour(you, square, key),
            move_focus,
        );
    };
    view! {
        <div
            role="gridcell"
            class="shogi-square"
            class:target=move || cell.get().target
            class:selected=move || cell.get().selected
            class:last=move || cell.get().last
            class:check=move || cell.get().check
            class:dragging=move || cell.get().dragging
            tabindex=move || if focus.get() == square { "0" } else { "-1" }
            data-square=square.to_string()
            data-role=move || cell.get().piece.map(|p| format!("{:?}", p.role).to_lowercase())
            data-color=move || cell.get().piece.map(|p| p.color.to_string().to_lowercase())
            data-target=move || cell.get().target.then_some("")
            aria-selected=move || cell.get().selected.to_string()
            on:click=move |_| {
                focus.set(square);
                on_tap.run(square);
            }
            on:keydown=on_keydown
            on:pointerdown=move |ev| on_press.run((square, ev))
        >
            <span class="sr-only">
                {move || {
                    let locale = i18n.get_locale();
                    format!("{}: {}", square_label(locale, square), describe(locale, cell.get(), you, by_side))
                }}
            </span>
            {move || {
                let c = cell.get();
                let offset = c.arrived_from.map(|from| offset(you, from, square));
                c.piece.map(|piece| view! { <ShogiPiece face=Face { piece, you } offset /> })
            }}
        </div>
    }
}

/// How many squares across and down `from` is drawn from `to`, for the
/// player on `you`.
fn offset(you: Color, from: Square, to: Square) -> (i16, i16) {
    let ((r0, c0), (r1, c1)) = (place(you, from), place(you, to));
    (i16::from(c0) - i16::from(c1), i16::from(r0) - i16::from(r1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_turns_for_gote_and_every_square_is_drawn_once() {
        for you in Color::ALL {
            let mut seen = std::collections::HashSet::new();
            for row in 0..9 {
                for column in 0..9 {
                    let sq = drawn(you, row, column).unwrap();
                    assert_eq!(place(you, sq), (row, column));
                    assert!(seen.insert(sq));
                }
            }
        }
        assert_eq!(drawn(Color::Sente, 0, 0), Square::new(9, 1));
        assert_eq!(drawn(Color::Gote, 0, 0), Square::new(1, 9));
    }

    #[test]
    fn a_piece_slides_in_from_where_its_square_is_drawn() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        // 7g-7f: from one square below for Sente, above for Gote.
        assert_eq!(offset(Color::Sente, sq("7g"), sq("7f")), (0, 1));
        assert_eq!(offset(Color::Gote, sq("7g"), sq("7f")), (0, -1));
        // 8h-2b: six files right and six ranks down for Sente.
        assert_eq!(offset(Color::Sente, sq("8h"), sq("2b")), (-6, 6));
        assert_eq!(offset(Color::Gote, sq("8h"), sq("2b")), (6, -6));
    }

    #[test]
    fn arrow_keys_move_as_drawn() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(neighbour(Color::Sente, sq("7g"), "ArrowUp"), Some(sq("7f")));
        assert_eq!(
            neighbour(Color::Sente, sq("7g"), "ArrowLeft"),
            Some(sq("8g"))
        );
        assert_eq!(neighbour(Color::Gote, sq("7g"), "ArrowUp"), Some(sq("7h")));
        assert_eq!(neighbour(Color::Sente, sq("9a"), "ArrowUp"), None);
        assert_eq!(neighbour(Color::Sente, sq("1i"), "ArrowRight"), None);
    }
}
