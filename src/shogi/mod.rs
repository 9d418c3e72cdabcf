//! Shogi (将棋), the parlour's other game, beside Gunjin Shogi: its pages
//! live under `#/shogi/…` and its choices and game in storage entries of
//! their own. What the home page needs (`settings`, `home`) is in the
//! app's first module; the play screen and everything under it load with
//! the `shogi` split module (`src/lib.rs`), and the CPU thinks in a worker
//! of its own (`crates/shogi-worker`, asked through [`cpu`]).
//!
//! - `settings`, `session`, `pick`: plain state (the choices, the game
//!   against the CPU, from a picked piece to a move), tested natively;
//! - `labels`: Shogi's words in every language;
//! - `record_io`, `replay`: records out and in (KIF, SFEN) and the
//!   position at any move;
//! - `board`, `hand`, `piece`, `moves`, `play`: the play screen (also the
//!   replay of a record: `#/shogi/replay`, and the game of an online table,
//!   fed by the server through `online/` and `feed`), with `export` and `replay`'s
//!   bar;
//! - `analysis`, `analysis_panel`: the engine's analysis of a replayed
//!   game (the judgements, marks and graph; Analyse, Stop, the graph and
//!   the engine's line) and the side line's live evaluation;
//! - `import`: the page that reads a record (`#/shogi/import`); `link`:
//!   the replay a review link opens (`#/review/S…`);
//! - `new_game`: a new game from the home page, asked about first over a
//!   game in progress;
//! - `guide`: how to play and the pieces' moves;
//! - `tsume`, `tsume_page`: mate puzzles (`#/shogi/tsume`), the daily one
//!   and the player's streak.

pub mod analysis;
pub mod analysis_panel;
pub mod board;
pub mod cpu;
pub mod export;
pub mod feed;
pub mod guide;
pub mod hand;
pub mod home;
pub mod import;
pub mod labels;
pub mod link;
pub mod moves;
pub mod new_game;
pub mod pick;
pub mod piece;
pub mod play;
pub mod record_io;
pub mod replay;
mod screen;
pub mod session;
pub mod settings;
pub mod table;
pub mod tsume;
pub mod tsume_page;

use leptos::prelude::*;

use crate::route::ShogiPage;
use crate::shogi::new_game::NewGame;
use crate::shogi::session::Opponent;

/// A Shogi page (what the `shogi` split module holds).
pub fn page(page: ShogiPage) -> AnyView {
    match page {
        ShogiPage::Play => view! { <play::ShogiPlay /> }.into_any(),
        ShogiPage::New => view! { <NewGame opponent=Opponent::Cpu /> }.into_any(),
        ShogiPage::Friend => view! { <NewGame opponent=Opponent::Friend /> }.into_any(),
        ShogiPage::Import => view! { <import::ShogiImport /> }.into_any(),
        ShogiPage::Replay => view! { <play::ShogiPlay review=true /> }.into_any(),
        ShogiPage::GuideHow => view! { <guide::ShogiHowToPlay /> }.into_any(),
        ShogiPage::GuidePieces => view! { <guide::ShogiPieceGuide /> }.into_any(),
        ShogiPage::Table => view! { <play::ShogiPlay table=true /> }.into_any(),
        ShogiPage::Tsume => view! { <tsume_page::TsumePage /> }.into_any(),
        ShogiPage::Link => view! { <link::ShogiLinkPage /> }.into_any(),
    }
}
