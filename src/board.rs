//! The board as South sees it: North's camp at the top, South's at the
//! bottom, the front between them. Everything about its shape (which nodes
//! exist, the double-width headquarters, where the bridges are) comes from
//! the rules crate; this module only decides where each node is drawn.

use gunjin_rules::{BRIDGE_FILES, Color, FILES, Kind, RANKS, Square, is_bridge};
use leptos::prelude::*;

use crate::i18n::{self, names};
use crate::model::Pieces;

/// CSS grid row of a rank: North's ranks first, then one row for the front,
/// then South's ranks, then the file letters.
fn grid_row(rank: u8, camp: Color) -> u8 {
    let below_front = u8::from(camp == Color::South);
    RANKS - rank + below_front
}

/// The grid row the front is drawn in.
const FRONT_ROW: u8 = RANKS / 2 + 1;
/// The grid row of the file letters.
const FILE_LABEL_ROW: u8 = RANKS + 2;

/// CSS grid column of a file; column 1 holds the rank numbers.
fn grid_column(file: u8) -> u8 {
    file + 2
}

/// The letter of a 0-based file, as in square names.
pub fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// The accessible description of the whole board.
fn board_label() -> String {
    let bridges: Vec<String> = BRIDGE_FILES
        .iter()
        .map(|&f| file_letter(f).to_string())
        .collect();
    format!(
        "Board seen from South: North's camp (ranks 5–8) at the top, South's camp (ranks 1–4) \
         at the bottom, the front between ranks 4 and 5 with bridges on files {}",
        bridges.join(" and ")
    )
}

/// The board with `pieces` on it.
#[component]
pub fn Board(#[prop(into)] pieces: Signal<Pieces>) -> impl IntoView {
    let ranks = (0..RANKS)
        .rev()
        .map(|rank| {
            let squares: Vec<Square> = Square::ALL.into_iter().filter(|sq| sq.rank() == rank).collect();
            let camp = squares[0].camp();
            view! {
                <div role="row" class="rank">
                    <span
                        role="rowheader"
                        class="rank-label"
                        style=format!("grid-row:{}", grid_row(rank, camp))
                    >
                        {rank + 1}
                    </span>
                    {squares.into_iter().map(|sq| view! { <Node square=sq pieces /> }).collect_view()}
                </div>
            }
        })
        .collect_view();
    let file_labels = (0..FILES)
        .map(|file| {
            view! {
                <span
                    role="columnheader"
                    class="file-label"
                    style=format!("grid-row:{FILE_LABEL_ROW};grid-column:{}", grid_column(file))
                >
                    {file_letter(file).to_string()}
                </span>
            }
        })
        .collect_view();
    let bridges = BRIDGE_FILES
        .iter()
        .map(|&file| {
            view! {
                <div
                    class="bridge"
                    data-bridge=file_letter(file).to_string()
                    title=format!("Bridge {0}4–{0}5", file_letter(file))
                    style=format!("grid-column:{}", file + 1)
                ></div>
            }
        })
        .collect_view();

    view! {
        <div
            class="board"
            role="grid"
            aria-label=board_label()
        >
            {ranks}
            <div class="front" aria-hidden="true" style=format!("grid-row:{FRONT_ROW}")>
                {bridges}
            </div>
            <div role="row" class="file-labels">
                {file_labels}
            </div>
        </div>
    }
}

/// One node of the board; a headquarters spans two files.
#[component]
fn Node(square: Square, pieces: Signal<Pieces>) -> impl IntoView {
    // A memo per node, so a new setup only touches the nodes that changed.
    let kind = Memo::new(move |_| pieces.with(|p| p.get(square)));
    let name = square.to_string();
    let hq = square.is_hq();
    let label = {
        let name = name.clone();
        move || {
            let content = kind.get().map_or("empty", |k| names(k).english);
            let place = if hq { ", headquarters" } else { "" };
            format!("{name}: {content}{place}")
        }
    };
    let files = square.files();
    let area = format!(
        "grid-row:{};grid-column:{} / span {}",
        grid_row(square.rank(), square.camp()),
        grid_column(files[0]),
        files.len()
    );
    let camp = match square.camp() {
        Color::South => "south",
        Color::North => "north",
    };

    view! {
        <div
            role="gridcell"
            class=format!("node {camp}")
            class:hq=hq
            class:bridge-end=is_bridge(square)
            style=area
            data-square=name
            data-kind=move || kind.get().map(|k| k.to_string())
            aria-colspan=(files.len() > 1).then(|| files.len().to_string())
            aria-label=label
        >
            {hq
                .then(|| {
                    view! {
                        <span class="hq-mark" aria-hidden="true">
                            <span lang="ja">{i18n::HQ_JA}</span>
                            " HQ"
                        </span>
                    }
                })}
            {move || kind.get().map(|kind| view! { <PieceTile kind /> })}
        </div>
    }
}

/// A piece face: the Japanese name as printed on real pieces, and a short
/// English label under it.
#[component]
pub fn PieceTile(kind: Kind) -> impl IntoView {
    let n = names(kind);
    view! {
        <span
            class="piece"
            aria-hidden="true"
            style=format!("--chars:{}", n.japanese.chars().count())
        >
            <span class="kanji" lang="ja">
                {n.japanese}
            </span>
            <span class="label">{n.short}</span>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_node_has_its_own_grid_cell() {
        let mut cells = std::collections::HashSet::new();
        for sq in Square::ALL {
            let row = grid_row(sq.rank(), sq.camp());
            assert_ne!(row, FRONT_ROW);
            assert!((1..FILE_LABEL_ROW).contains(&row));
            for &file in sq.files() {
                assert!(cells.insert((row, grid_column(file))), "{sq} overlaps");
            }
        }
        // 46 nodes, two of them double width: the whole 6×8 board.
        assert_eq!(cells.len(), usize::from(FILES * RANKS));
    }

    #[test]
    fn north_is_drawn_above_the_front_and_south_below() {
        for sq in Square::ALL {
            let row = grid_row(sq.rank(), sq.camp());
            match sq.camp() {
                Color::North => assert!(row < FRONT_ROW),
                Color::South => assert!(row > FRONT_ROW),
            }
        }
    }
}
