//! A Shogi step's board and hands, for Sente. Tap a piece or a piece in
//! hand, then a square: the try goes to the lesson, legal or not, so that
//! a wrong one (nifu, a pawn-drop mate, a dead square...) is explained.
//! Where the rules leave promotion to the player, they are asked; where
//! only promoting is legal, the piece promotes. The goal's squares are
//! marked as targets.

use leptos::prelude::*;
use lessons::{Board as LessonBoard, Lesson, ShogiGoal, Verdict};
use shogi_rules::{Color, Hand, Move, Position, Role, Square};

use crate::i18n::*;
use crate::shogi::board::{Cells, ShogiBoard};
use crate::shogi::hand::HandTray;
use crate::shogi::pick::Picked;
use crate::shogi::play::PromotionChoice;

fn position(lesson: &Lesson) -> Option<&Position> {
    match lesson.board() {
        LessonBoard::Shogi(position) => Some(position),
        _ => None,
    }
}

/// The square a goal names, if any.
fn goal_square(goal: &ShogiGoal) -> Option<Square> {
    match *goal {
        ShogiGoal::Reach(sq)
        | ShogiGoal::Capture(sq)
        | ShogiGoal::Drop(_, sq)
        | ShogiGoal::Promote(sq) => sq.parse().ok(),
        ShogiGoal::Check | ShogiGoal::Mate => None,
    }
}

fn cells(position: &Position, picked: Option<Picked>, targets: &[Square]) -> Cells {
    let mut cells = Cells::default();
    for (sq, piece) in position.board().pieces() {
        cells.cell_mut(sq).piece = Some(piece);
    }
    for &sq in targets {
        cells.cell_mut(sq).target = true;
    }
    if let Some(Picked::Square(sq)) = picked {
        cells.cell_mut(sq).selected = true;
    }
    if position.is_check() {
        cells.cell_mut(position.king(position.turn())).check = true;
    }
    cells
}

/// The move of `picked` to `to` to try: a drop, or a move with the
/// promotion the rules allow; both ways legal: the two, for the player
/// to choose.
fn try_of(position: &Position, picked: Picked, to: Square) -> Result<Move, (Move, Move)> {
    let from = match picked {
        Picked::Tray(role) => return Ok(Move::Drop { role, to }),
        Picked::Square(from) => from,
    };
    let stay = Move::Normal {
        from,
        to,
        promote: false,
    };
    let promote = Move::Normal {
        from,
        to,
        promote: true,
    };
    match (position.is_legal(stay), position.is_legal(promote)) {
        (true, true) => Err((promote, stay)),
        (false, true) => Ok(promote),
        _ => Ok(stay),
    }
}

#[component]
pub fn ShogiTask(
    lesson: RwSignal<Lesson>,
    goals: &'static [ShogiGoal],
    answer: Callback<Verdict>,
) -> impl IntoView {
    let i18n = use_i18n();
    let picked = RwSignal::new(None::<Picked>);
    let promotion = RwSignal::new(None::<(Move, Move)>);
    let targets: Vec<Square> = goals.iter().filter_map(goal_square).collect();
    let board_cells = Signal::derive(move || {
        lesson.with(|l| {
            position(l)
                .map(|p| cells(p, picked.get(), &targets))
                .unwrap_or_default()
        })
    });
    let play = move |mv: Move| {
        picked.set(None);
        promotion.set(None);
        if let Some(verdict) = lesson.try_update(|l| l.try_shogi(mv)) {
            answer.run(verdict);
        }
    };
    let tap = move |sq: Square| {
        let (own, tried) = lesson.with_untracked(|l| {
            let Some(position) = position(l) else {
                return (false, None);
            };
            let own = position
                .board()
                .piece_at(sq)
                .is_some_and(|p| p.color == position.turn());
            let tried = picked.get_untracked().filter(|_| !own);
            (own, tried.map(|picked| try_of(position, picked, sq)))
        });
        match tried {
            _ if own => picked
                .update(|p| *p = (*p != Some(Picked::Square(sq))).then_some(Picked::Square(sq))),
            Some(Ok(mv)) => play(mv),
            Some(Err(both)) => promotion.set(Some(both)),
            None => {}
        }
    };
    let hand = move |side: Color| {
        Signal::derive(move || {
            lesson.with(|l| position(l).map_or(Hand::default(), |p| p.hand(side)))
        })
    };
    let picked_role = Signal::derive(move || match picked.get() {
        Some(Picked::Tray(role)) => Some(role),
        _ => None,
    });
    let pick_hand = Callback::new(move |role: Role| picked.set(Some(Picked::Tray(role))));
    let no_press = Callback::new(|_: (Role, web_sys::PointerEvent)| {});
    view! {
        <div class="shogi-table lesson-shogi">
            <HandTray side=Color::Gote you=Color::Sente name=t!(i18n, shogi.cpu_hand) mine=false hand=hand(Color::Gote) picked=picked_role on_pick=pick_hand on_press=no_press />
            <div class="shogi-board-wrap">
                <ShogiBoard cells=board_cells you=Color::Sente on_tap=Callback::new(tap) on_press=Callback::new(|_: (Square, web_sys::PointerEvent)| {}) />
                <PromotionChoice promotion play />
            </div>
            <HandTray side=Color::Sente you=Color::Sente name=t!(i18n, shogi.your_hand) mine=true hand=hand(Color::Sente) picked=picked_role on_pick=pick_hand on_press=no_press />
        </div>
    }
}
