//! KIF export and import: the text written, reading it back (UTF-8 and
//! Shift_JIS), board diagrams, handicaps, every ending, and errors.

mod common;

use common::{game_after, mv};
use shogi_rules::{
    Color, EndReason, Game, Handicap, KifEncoding, KifError, KifHeader, Outcome, decode_kif,
    read_kif, write_kif, write_kif_with,
};

#[test]
fn writes_moves_with_同_打_成_and_the_result() {
    let mut game = game_after(shogi_rules::START_SFEN, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    game.resign(Color::Gote).unwrap();
    let kif = write_kif(&game);
    let expected = "手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)
   5 ４五角打
   6 投了
まで5手で先手の勝ち
";
    assert!(kif.ends_with(expected), "{kif}");
    let read = read_kif(&kif).unwrap();
    assert_eq!(read.moves(), game.moves());
    assert_eq!(read.outcome(), game.outcome());
}

/// A file as Kakinoki's program writes it: header fields, times, 王,
/// comments, a bookmark, and a variation after the main line.
const KAKINOKI: &str = "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
開始日時：2024/01/02 10:00:00
棋戦：練習対局
手合割：平手　　
先手：先手さん
後手：後手さん
手数----指手---------消費時間--
*対局開始
   1 ２六歩(27)   ( 0:03/00:00:03)
   2 ８四歩(83)   ( 0:02/00:00:02)
&しおり
   3 ２五歩(26)   ( 0:01/00:00:04)
*次は同歩もある
   4 ８五歩(84)   ( 0:01/00:00:03)
   5 ７八金(69)   ( 0:01/00:00:05)
   6 ３二金(41)   ( 0:01/00:00:04)
   7 投了         ( 0:10/00:00:15)
まで6手で後手の勝ち

変化：3手
   3 ７六歩(77)   ( 0:01/00:00:04)
";

#[test]
fn reads_a_kakinoki_file() {
    let game = read_kif(KAKINOKI).unwrap();
    let usi: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(usi, ["2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Gote, EndReason::Resignation))
    );
}

#[test]
fn the_header_names_the_players_and_the_start() {
    let header = KifHeader::read(KAKINOKI);
    assert_eq!(header.sente.as_deref(), Some("先手さん"));
    assert_eq!(header.gote.as_deref(), Some("後手さん"));
    assert_eq!(header.started.as_deref(), Some("2024/01/02 10:00:00"));
    // Written back before the start, and read the same.
    let game = read_kif(KAKINOKI).unwrap();
    let kif = write_kif_with(&game, &header);
    assert!(
        kif.contains(
            "開始日時：2024/01/02 10:00:00\n先手：先手さん\n後手：後手さん\n手合割：平手\n"
        ),
        "{kif}"
    );
    assert_eq!(KifHeader::read(&kif), header);
    assert_eq!(read_kif(&kif).unwrap().moves(), game.moves());
    // A record without a header has none.
    assert_eq!(KifHeader::read(&write_kif(&game)), KifHeader::default());
}

#[cfg(feature = "shift-jis")]
#[test]
fn reads_shift_jis_kif_files() {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(KAKINOKI);
    assert!(String::from_utf8(bytes.to_vec()).is_err());
    let encoding = KifEncoding::for_file_name("game.KIF");
    assert_eq!(encoding, KifEncoding::ShiftJis);
    let text = decode_kif(&bytes, encoding).unwrap();
    assert_eq!(read_kif(&text).unwrap().moves().len(), 6);
    assert_eq!(
        decode_kif(&bytes, KifEncoding::Utf8),
        Err(KifError::Encoding)
    );
    // A byte-order mark means UTF-8 whatever the extension says.
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), KAKINOKI.as_bytes()].concat();
    assert_eq!(decode_kif(&with_bom, encoding).unwrap(), KAKINOKI);
}

#[test]
fn utf8_kifu_files() {
    assert_eq!(KifEncoding::for_file_name("game.kifu"), KifEncoding::Utf8);
    let text = decode_kif(KAKINOKI.as_bytes(), KifEncoding::Utf8).unwrap();
    assert_eq!(read_kif(&text).unwrap().moves().len(), 6);
}

#[test]
fn other_starts_use_a_board_diagram() {
    let start = game_after(shogi_rules::START_SFEN, "7g7f 3c3d 8h2b+");
    let game = game_after(&start.position().to_string(), "3a2b B*3c 2b3c");
    let kif = write_kif(&game);
    assert!(kif.contains("後手の持駒：なし\n"), "{kif}");
    assert!(kif.contains("|v香v桂v銀v金v玉v金v銀v桂v香|一\n"), "{kif}");
    assert!(kif.contains("| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二\n"), "{kif}");
    assert!(kif.contains("先手の持駒：角　\n後手番\n手数＝3\n"), "{kif}");
    assert!(
        kif.contains("   1 ２二銀(31)\n   2 ３三角打\n   3 同　銀(22)\n"),
        "{kif}"
    );
    let read = read_kif(&kif).unwrap();
    assert_eq!(read.start(), game.start());
    assert_eq!(read.moves(), game.moves());
}

#[test]
fn writes_不成_where_promotion_was_declined() {
    let game = game_after("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d2c");
    assert!(write_kif(&game).contains("   1 ２三銀不成(34)\n"));
    let promoted = game_after("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d2c+");
    let kif = write_kif(&promoted);
    assert!(kif.contains("   1 ２三銀成(34)\n"));
    assert_eq!(read_kif(&kif).unwrap().moves(), promoted.moves());
}

#[test]
fn handicap_games_name_the_giver_上手() {
    let mut game = game_after(Handicap::Lance.sfen(), "5a4b 7g7f");
    game.resign(Color::Gote).unwrap();
    let kif = write_kif(&game);
    assert!(kif.contains("手合割：香落ち\n"));
    assert!(kif.contains("   1 ４二玉(51)\n"));
    assert!(kif.ends_with("   3 投了\nまで2手で下手の勝ち\n"), "{kif}");
    let read = read_kif(&kif).unwrap();
    assert_eq!(read.start(), &Handicap::Lance.position());
    assert_eq!(read.outcome(), game.outcome());
    // The players are named as the sides are: 下手 moves second, 上手 gives.
    let header = KifHeader {
        sente: Some("Aki".into()),
        gote: Some("CPU".into()),
        started: None,
    };
    let kif = write_kif_with(&game, &header);
    assert!(kif.contains("下手：Aki\n上手：CPU\n"), "{kif}");
    assert_eq!(KifHeader::read(&kif), header);
}

#[test]
fn every_ending_survives_the_round_trip() {
    let base = || game_after(shogi_rules::START_SFEN, "7g7f 3c3d");
    let mut resigned_off_turn = base();
    resigned_off_turn.resign(Color::Gote).unwrap(); // on Sente's turn
    let mut timed_out = base();
    timed_out.time_out(Color::Sente).unwrap();
    let mut declared = base();
    declared.declare().unwrap(); // a false declaration: Sente loses
    let mate = game_after("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
    let repetition = game_after(shogi_rules::START_SFEN, &"2h3h 8b7b 3h2h 7b8b ".repeat(3));
    let perpetual = game_after(
        "8k/9/6R2/9/9/9/9/9/K8 b - 1",
        &format!("3c3a {}", "1a1b 3a3b 1b1a 3b3a ".repeat(3)),
    );
    for game in [
        resigned_off_turn,
        timed_out,
        declared,
        mate,
        repetition,
        perpetual,
    ] {
        assert!(game.outcome().is_some());
        let kif = write_kif(&game);
        let read = read_kif(&kif).unwrap();
        assert_eq!(read.outcome(), game.outcome(), "{kif}");
        assert_eq!(read.record(), game.record(), "{kif}");
    }
}

#[test]
fn errors_name_the_move() {
    let bad = "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    let error = |kif: &str| read_kif(kif).unwrap_err();
    assert_eq!(
        error(bad),
        KifError::Move {
            ply: 2,
            text: "７六歩(77)".into()
        }
    );
    assert_eq!(
        error("手合割：九枚落ち\n"),
        KifError::Handicap("九枚落ち".into())
    );
    assert!(matches!(error("|v香v桂|一\n"), KifError::Board(_)));
    let after_end = "   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n";
    assert_eq!(error(after_end), KifError::AfterEnd { ply: 3 });
    // An act the rules have no outcome for leaves the game unfinished.
    let unfinished = read_kif("   1 ７六歩(77)\n   2 反則負け\n").unwrap();
    assert_eq!((unfinished.moves().len(), unfinished.outcome()), (1, None));
    // Moves without origins read as Japanese notation.
    let bare = read_kif("   1 ７六歩\n   2 ３四歩\n   3 ２二角成\n   4 同銀\n").unwrap();
    assert_eq!(bare.moves()[3], mv("3a2b"));
    assert_eq!(
        Game::new(shogi_rules::Position::start()).moves(),
        read_kif("").unwrap().moves()
    );
}
