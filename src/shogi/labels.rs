//! Shogi's words on screen in the player's language: the files and ranks
//! (９…１ and 一…九 in Japanese, 9…1 and a…i in English and Thai, as USI
//! writes them), square and piece names, and the result. The Japanese forms are
//! the rules crate's own (`square_name`, `role_name`), so a label and the
//! notation never disagree.

use shogi_rules::{Color, EndReason, Outcome, Piece, Role, Square, role_name, square_name};

use crate::i18n::*;

/// The label of a file, 1–9.
pub fn file_label(locale: Locale, file: u8) -> String {
    let sq = Square::new(file, 1).unwrap_or(Square::ALL[0]);
    match locale {
        Locale::ja => square_name(sq).chars().take(1).collect(),
        Locale::en | Locale::th => file.to_string(),
    }
}

/// The label of a rank, 1–9.
pub fn rank_label(locale: Locale, rank: u8) -> String {
    let sq = Square::new(1, rank).unwrap_or(Square::ALL[0]);
    match locale {
        Locale::ja => square_name(sq).chars().skip(1).collect(),
        Locale::en | Locale::th => sq.to_string().chars().skip(1).collect(),
    }
}

/// A square's name: ７六 or 7f.
pub fn square_label(locale: Locale, sq: Square) -> String {
    match locale {
        Locale::ja => square_name(sq),
        Locale::en | Locale::th => sq.to_string(),
    }
}

/// A kind of piece in words.
pub fn role_label(locale: Locale, role: Role) -> &'static str {
    let s = &locale.pages().shogi;
    match role {
        Role::Pawn => s.pawn,
        Role::Lance => s.lance,
        Role::Knight => s.knight,
        Role::Silver => s.silver,
        Role::Gold => s.gold,
        Role::Bishop => s.bishop,
        Role::Rook => s.rook,
        Role::King => s.king,
        Role::Tokin => s.tokin,
        Role::PromotedLance => s.promoted_lance,
        Role::PromotedKnight => s.promoted_knight,
        Role::PromotedSilver => s.promoted_silver,
        Role::Horse => s.horse,
        Role::Dragon => s.dragon,
    }
}

/// The kanji drawn on a piece.
pub fn kanji(role: Role) -> &'static str {
    role_name(role)
}

/// Whose a piece is, from the player's seat: "your pawn", "CPU's rook".
pub fn piece_label(locale: Locale, piece: Piece, you: Color) -> String {
    let role = role_label(locale, piece.role);
    if piece.color == you {
        td_string!(locale, shogi.yours, piece = role)
    } else {
        td_string!(locale, shogi.theirs, piece = role)
    }
}

/// Whose a piece is, by side: "Sente's pawn" (two players, one device).
pub fn side_piece_label(locale: Locale, piece: Piece) -> String {
    let role = role_label(locale, piece.role);
    match piece.color {
        Color::Sente => td_string!(locale, shogi.sente_piece, piece = role),
        Color::Gote => td_string!(locale, shogi.gote_piece, piece = role),
    }
}

/// Why the game ended, in a sentence.
pub fn reason_label(locale: Locale, reason: EndReason) -> &'static str {
    let s = &locale.pages().shogi;
    match reason {
        EndReason::Checkmate => s.by_checkmate,
        EndReason::Resignation => s.by_resignation,
        EndReason::TimeOut => s.by_time,
        EndReason::Impasse => s.by_impasse,
        EndReason::FalseDeclaration => s.by_false_declaration,
        EndReason::Repetition => s.by_repetition,
        EndReason::PerpetualCheck => s.by_perpetual_check,
        EndReason::MoveLimit => s.by_move_limit,
        EndReason::Agreement => s.by_agreement,
    }
}

/// Who won, from the player's seat; the other side is the CPU unless
/// `cpu` is false (an online table).
pub fn result_label(locale: Locale, outcome: Outcome, you: Color, cpu: bool) -> &'static str {
    let s = &locale.pages().shogi;
    match outcome.winner {
        Some(w) if w == you => s.you_won,
        Some(_) if cpu => s.cpu_won,
        Some(_) => s.you_lost,
        None => s.draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_language() {
        assert_eq!(file_label(Locale::ja, 7), "７");
        assert_eq!(rank_label(Locale::ja, 6), "六");
        assert_eq!(file_label(Locale::en, 7), "7");
        assert_eq!(rank_label(Locale::en, 6), "f");
        let sq = Square::new(7, 6).unwrap();
        assert_eq!(square_label(Locale::ja, sq), "７六");
        assert_eq!(square_label(Locale::en, sq), "7f");
        assert_eq!(square_label(Locale::th, sq), "7f");
        assert_eq!(kanji(Role::Dragon), "龍");
    }
}
