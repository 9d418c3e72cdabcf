//! Records out and in: a game written as KIF (the rules crate's Japanese
//! KIF) or as SFEN with USI moves (`sfen … moves …`), and a pasted or
//! chosen text read back as a game. Reading asks the rules crate's readers
//! and says where it stopped: the line, and the move when it was one.

use shogi_rules::{
    Game, KifError, KifHeader, Record, RecordError, Setup, read_kif, write_kif_with,
};

/// How a record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Kif,
    Sfen,
}

impl Format {
    /// The file name's extension.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Sfen => "sfen",
        }
    }
}

/// The game as a record in `format`. A KIF is the rules crate's, under
/// `header` (the players, the start); the SFEN form is the rules crate's
/// record, its start always as `sfen …`.
pub fn export(game: &Game, header: &KifHeader, format: Format) -> String {
    match format {
        Format::Kif => write_kif_with(game, header),
        Format::Sfen => {
            let record = game.record().to_string();
            match record.strip_prefix("startpos") {
                Some(rest) => format!("sfen {}{rest}\n", Setup::start()),
                None => format!("{record}\n"),
            }
        }
    }
}

/// Why a text did not read, and where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The line (from 1) reading stopped at.
    pub line: usize,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Nothing to read.
    Empty,
    /// Neither KIF nor SFEN.
    NotARecord,
    /// The starting position (a handicap, a board diagram, an SFEN) does
    /// not read or is not a position.
    Start,
    /// Move `ply` (from 1) does not read or is not legal there.
    Move { ply: usize, text: String },
    /// Move `ply` comes after the end of the game.
    AfterEnd { ply: usize },
}

/// The lines that say something (not blank, not a KIF comment), with
/// their numbers from 1.
fn meaningful(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with(['#', '*', '&']))
}

/// A text read as a game: SFEN (`sfen …`, `startpos …`, `position …`, or a
/// bare SFEN position) when its first line is one, else KIF.
pub fn import(text: &str) -> Result<Game, ImportError> {
    let Some((line, first)) = meaningful(text).next() else {
        return Err(ImportError {
            line: 1,
            problem: Problem::Empty,
        });
    };
    let usi = first.strip_prefix("position ").unwrap_or(first);
    let bare_sfen = usi
        .split_ascii_whitespace()
        .next()
        .is_some_and(|board| board.matches('/').count() == 8);
    if usi.starts_with("sfen ") || usi.starts_with("startpos") {
        import_sfen(usi, line)
    } else if bare_sfen {
        import_sfen(&format!("sfen {usi}"), line)
    } else {
        import_kif(text, line)
    }
}

fn import_sfen(text: &str, line: usize) -> Result<Game, ImportError> {
    let tokens: Vec<&str> = text
        .split_ascii_whitespace()
        .skip_while(|&t| t != "moves")
        .skip(1)
        .take_while(|&t| t != "end")
        .collect();
    let at = |problem| ImportError { line, problem };
    let bad_move = |ply: usize| Problem::Move {
        ply,
        text: tokens.get(ply - 1).copied().unwrap_or_default().to_owned(),
    };
    let problem = |e: RecordError| match e {
        RecordError::Syntax(_) => Problem::NotARecord,
        RecordError::Sfen(_) | RecordError::Position(_) => Problem::Start,
        RecordError::Usi(_) => {
            let ply = tokens
                .iter()
                .position(|t| t.parse::<shogi_rules::Move>().is_err())
                .map_or(1, |i| i + 1);
            bad_move(ply)
        }
        RecordError::Play { ply, .. } => bad_move(ply),
        RecordError::EndingAfterEnd => Problem::AfterEnd {
            ply: tokens.len() + 1,
        },
    };
    let record: Record = text.parse().map_err(|e| at(problem(e)))?;
    record.replay().map_err(|e| at(problem(e)))
}

fn import_kif(text: &str, first: usize) -> Result<Game, ImportError> {
    // The line of move `ply`: the first that starts with its number.
    let line_of_move = |ply: usize| {
        meaningful(text)
            .find(|(_, l)| l.split_ascii_whitespace().next() == Some(&ply.to_string()))
            .map_or(first, |(n, _)| n)
    };
    let line_with = |needle: &str| {
        meaningful(text)
            .find(|(_, l)| l.contains(needle))
            .map_or(first, |(n, _)| n)
    };
    match read_kif(text) {
        Ok(game) => {
            // A KIF says how it starts (手合割 or a diagram) or numbers its
            // moves; a text with none of that read nothing.
            let kif_like = meaningful(text).any(|(_, l)| {
                l.starts_with("手合割") || l.starts_with('|') || l.starts_with("手数")
            });
            if game.moves().is_empty() && !kif_like {
                return Err(ImportError {
                    line: first,
                    problem: Problem::NotARecord,
                });
            }
            Ok(game)
        }
        Err(KifError::Move { ply, text }) => Err(ImportError {
            line: line_of_move(ply),
            problem: Problem::Move { ply, text },
        }),
        Err(KifError::AfterEnd { ply }) => Err(ImportError {
            line: line_of_move(ply),
            problem: Problem::AfterEnd { ply },
        }),
        Err(KifError::Handicap(_)) => Err(ImportError {
            line: line_with("手合割"),
            problem: Problem::Start,
        }),
        Err(KifError::Board(row)) => Err(ImportError {
            line: line_with(row.trim()),
            problem: Problem::Start,
        }),
        Err(KifError::Position(_) | KifError::Encoding) => Err(ImportError {
            line: line_with("|"),
            problem: Problem::Start,
        }),
    }
}

#[cfg(test)]
mod tests {
    use shogi_rules::{Color, Handicap, Move, Position};

    use super::*;

    fn game(moves: &[&str]) -> Game {
        let mut game = Game::new(Position::start());
        for usi in moves {
            game.play(usi.parse::<Move>().unwrap()).unwrap();
        }
        game
    }

    const MOVES: [&str; 6] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*6e"];

    #[test]
    fn kif_and_sfen_round_trip() {
        let mut played = game(&MOVES);
        played.resign(Color::Sente).unwrap();
        for format in [Format::Kif, Format::Sfen] {
            let text = export(&played, &KifHeader::default(), format);
            let back = import(&text).unwrap();
            assert_eq!(back.moves(), played.moves(), "{format:?}");
            assert_eq!(back.position(), played.position());
            assert_eq!(back.outcome(), played.outcome());
        }
        let sfen = export(&game(&["7g7f"]), &KifHeader::default(), Format::Sfen);
        assert_eq!(
            sfen,
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f\n"
        );
        assert!(
            export(&game(&["7g7f"]), &KifHeader::default(), Format::Kif).contains("７六歩(77)")
        );
    }

    #[test]
    fn a_handicap_start_and_the_other_sfen_forms_read() {
        let handicap = Game::handicap(Handicap::Bishop);
        let back = import(&export(&handicap, &KifHeader::default(), Format::Kif)).unwrap();
        assert_eq!(back.start(), handicap.start());
        let bare = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        assert_eq!(import(bare).unwrap().position().turn(), Color::Gote);
        let usi = "position startpos moves 7g7f 3c3d";
        assert_eq!(import(usi).unwrap().moves().len(), 2);
    }

    #[test]
    fn errors_say_where_reading_stopped() {
        let at = |text: &str| import(text).unwrap_err();
        assert_eq!(at("").problem, Problem::Empty);
        assert_eq!(
            at("hello\nworld"),
            ImportError {
                line: 1,
                problem: Problem::NotARecord
            }
        );
        // An illegal third move in a KIF: its line and number.
        let mut kif = export(&game(&MOVES[..2]), &KifHeader::default(), Format::Kif);
        kif.push_str("   3 ５五飛(28)\n");
        let error = at(&kif);
        assert_eq!(
            error.problem,
            Problem::Move {
                ply: 3,
                text: "５五飛(28)".into()
            }
        );
        assert_eq!(kif.lines().nth(error.line - 1), Some("   3 ５五飛(28)"));
        assert_eq!(at("手合割：三枚落ち").problem, Problem::Start);
        // SFEN: a move that is not USI, one that is not legal, a bad board.
        let moves = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves";
        assert_eq!(
            at(&format!("\n{moves} 7g7f zz")),
            ImportError {
                line: 2,
                problem: Problem::Move {
                    ply: 2,
                    text: "zz".into()
                }
            }
        );
        assert_eq!(
            at(&format!("{moves} 7g7f 7g7f")).problem,
            Problem::Move {
                ply: 2,
                text: "7g7f".into()
            }
        );
        assert_eq!(at("sfen 9/9/9 b - 1").problem, Problem::Start);
        // Bad bytes never panic.
        for junk in [
            "sfen",
            "startpos moves",
            "position",
            "1 ",
            "|",
            "まで",
            "sfen /////////",
        ] {
            let _ = import(junk);
        }
    }
}
