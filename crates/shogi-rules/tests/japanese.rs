//! Japanese notation: the disambiguators (the cases of shogiops' notation
//! tests, for both sides), 同, 打, 成/不成, and reading it back.

mod common;

use common::{mv, position};
use shogi_rules::{ParseJapaneseError, Position, Square, japanese_move, parse_japanese_move};

fn japanese(sfen: &str, usi: &str) -> String {
    japanese_move(&position(sfen), mv(usi), None)
}

fn assert_moves(sfen: &str, cases: &[(&str, &str)]) {
    let p = position(sfen);
    for &(usi, expected) in cases {
        assert_eq!(japanese_move(&p, mv(usi), None), expected, "{sfen} {usi}");
        assert_eq!(
            parse_japanese_move(&p, expected, None),
            Ok(mv(usi)),
            "{expected}"
        );
    }
}

#[test]
fn plain_moves() {
    let mut p = Position::start();
    assert_eq!(japanese_move(&p, mv("7g7f"), None), "７六歩");
    p.play(mv("7g7f")).unwrap();
    assert_eq!(japanese_move(&p, mv("3c3d"), None), "３四歩");
}

#[test]
fn drops_say_打_only_when_a_piece_could_also_move_there() {
    let sfen = "k7K/9/9/9/9/9/S8/8g/9 b SPg 1";
    assert_eq!(japanese(sfen, "S*9f"), "９六銀打");
    assert_eq!(japanese(sfen, "S*5e"), "５五銀");
    let p = position(sfen);
    // 打 is accepted where it is not needed (KIF always writes it).
    assert_eq!(parse_japanese_move(&p, "５五銀打", None), Ok(mv("S*5e")));
    // Without 打 it is the silver on 9g moving up.
    assert_eq!(parse_japanese_move(&p, "９六銀", None), Ok(mv("9g9f")));
    assert_eq!(parse_japanese_move(&p, "９六銀打", None), Ok(mv("S*9f")));
}

#[test]
fn motion_and_side_disambiguators_for_sente() {
    assert_moves(
        "k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1",
        &[
            ("7g7h", "７八金引"),
            ("6h7h", "７八金寄"),
            ("7i7h", "７八金直"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/5B3/9/9/9/1B7/9 b - 1",
        &[("4d6f", "６六角引"), ("8h6f", "６六角上")],
    );
    assert_moves(
        "3k1K3/9/9/3S1S3/9/3S1S3/9/9/9 b - 1",
        &[
            ("4d5e", "５五銀右引"),
            ("4f5e", "５五銀右上"),
            ("6d5e", "５五銀左引"),
            ("6f5e", "５五銀左上"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/9/9/3GGG3/9/9/9 b - 1",
        &[
            ("4f5e", "５五金右"),
            ("5f5e", "５五金直"),
            ("6f5e", "５五金左"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/9/9/9/3+B+B4/9/9 b - 1",
        &[("6g5f", "５六馬左"), ("5g5f", "５六馬右")],
    );
}

#[test]
fn motion_and_side_disambiguators_for_gote() {
    assert_moves(
        "k7K/9/9/9/9/9/2g6/3g5/2g6 w - 1",
        &[
            ("7g7h", "７八金直"),
            ("6h7h", "７八金寄"),
            ("7i7h", "７八金引"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/5b3/9/9/9/1b7/9 w - 1",
        &[("4d6f", "６六角上"), ("8h6f", "６六角引不成")],
    );
    assert_moves(
        "3k1K3/9/9/3s1s3/9/3s1s3/9/9/9 w - 1",
        &[
            ("4d5e", "５五銀左上"),
            ("4f5e", "５五銀左引"),
            ("6d5e", "５五銀右上"),
            ("6f5e", "５五銀右引"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/9/9/3ggg3/9/9/9 w - 1",
        &[
            ("4f5g", "５七金左"),
            ("5f5g", "５七金直"),
            ("6f5g", "５七金右"),
        ],
    );
    assert_moves(
        "3k1K3/9/9/9/9/9/3+b+b4/9/9 w - 1",
        &[("6g5f", "５六馬右"), ("5g5f", "５六馬左")],
    );
}

#[test]
fn promotion_and_同() {
    let mut p = Position::start();
    for usi in ["7g7f", "3c3d"] {
        p.play(mv(usi)).unwrap();
    }
    assert_eq!(japanese_move(&p, mv("8h2b+"), None), "２二角成");
    assert_eq!(japanese_move(&p, mv("8h2b"), None), "２二角不成");
    p.play(mv("8h2b+")).unwrap();
    let previous = Some(Square::new(2, 2).unwrap());
    assert_eq!(japanese_move(&p, mv("3a2b"), previous), "同　銀");
    for text in ["△同　銀", "同銀", "２二同銀", "△２二銀"] {
        assert_eq!(
            parse_japanese_move(&p, text, previous),
            Ok(mv("3a2b")),
            "{text}"
        );
    }
}

#[test]
fn reading_errors() {
    let p = Position::start();
    assert_eq!(
        parse_japanese_move(&p, "△３四歩", None),
        Err(ParseJapaneseError::WrongSide("△３四歩".into()))
    );
    assert_eq!(
        parse_japanese_move(&p, "５五歩", None),
        Err(ParseJapaneseError::NoSuchMove("５五歩".into()))
    );
    let golds = position("k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1");
    assert_eq!(
        parse_japanese_move(&golds, "７八金", None),
        Err(ParseJapaneseError::Ambiguous("７八金".into()))
    );
    assert_eq!(parse_japanese_move(&p, "7六歩", None), Ok(mv("7g7f")));
}
