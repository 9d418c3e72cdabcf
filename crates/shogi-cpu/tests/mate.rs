//! The tsume search on problems with a known mate in 1, 3 and 5, and on
//! positions with none. Problems without the attacker's king (as tsume are
//! set) have it added in a far corner, where it changes nothing.

use shogi_cpu::find_mate;
use shogi_rules::Position;

const BUDGET: u64 = 2_000_000;

/// Plays the line and checks it ends in mate after exactly `plies`.
fn assert_mates(sfen: &str, plies: u32) {
    let position = Position::from_sfen(sfen).unwrap();
    let shorter = find_mate(&position, plies - 2 * u32::from(plies > 1), BUDGET);
    assert!(
        plies == 1 || shorter.is_none(),
        "{sfen}: a mate shorter than {plies}"
    );
    let line =
        find_mate(&position, plies, BUDGET).unwrap_or_else(|| panic!("{sfen}: no mate in {plies}"));
    assert_eq!(line.len() as u32, plies, "{sfen}: {line:?}");
    let mut end = position.clone();
    for (i, &mv) in line.iter().enumerate() {
        end.play(mv).unwrap();
        assert_eq!(
            end.is_check(),
            i % 2 == 0,
            "{sfen}: every attacking move checks"
        );
    }
    assert!(
        end.legal_moves().is_empty(),
        "{sfen}: the line ends in mate"
    );
}

#[test]
fn mates_in_one() {
    for sfen in [
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "3k5/9/3S5/9/9/9/9/9/8K b S2r2b4g2s4n4l17p 1",
        "kn7/ps7/9/9/N8/9/9/9/K7B b 2rb4g2s2n4l17p 1",
    ] {
        assert_mates(sfen, 1);
    }
}

#[test]
fn mates_in_three() {
    for sfen in [
        "3sks3/9/4S4/9/9/8B/9/9/K8 b S2r4g4n4l18p 1",
        "9/4k4/9/4P4/9/9/9/9/K8 b 2G2r2b4s4n4l17p 1",
        "7nl/7k1/6Ppp/9/9/9/9/9/K8 b 2G2r2b2g4s3n3l15p 1",
        "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
    ] {
        assert_mates(sfen, 3);
    }
}

#[test]
fn mates_in_five() {
    for sfen in [
        "9/9/5k3/9/4G4/4P4/9/9/K8 b 3G2r2b4s4n4l17p 1",
        "4R2nl/6sk1/6pp1/8p/9/9/9/9/K8 b BGLrb3g3s3n2l15p 1",
        "4k4/1+B4n+R1/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 b GNL4Psl4p 1",
    ] {
        assert_mates(sfen, 5);
    }
}

#[test]
fn no_mate_where_there_is_none() {
    for (sfen, plies) in [
        ("9/4k4/9/4P4/9/9/9/9/K8 b G2r2b4s4n4l17p 1", 5),
        ("k8/9/9/1+R7/9/9/9/9/P7K b LPr2b4g4s4n3l16p 1", 3),
        (shogi_rules::START_SFEN, 7),
    ] {
        let position = Position::from_sfen(sfen).unwrap();
        assert_eq!(find_mate(&position, plies, BUDGET), None, "{sfen}");
    }
}
