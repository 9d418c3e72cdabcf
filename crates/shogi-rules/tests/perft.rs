//! Perft counts pin the move generator down: the start position to depth 4
//! (depth 5 is in the benchmark), positions with hands, promotions and
//! pawn-drop mates, and the published random positions of shogiops.

use shogi_rules::{Position, perft};

fn perft_of(sfen: &str, depth: u32) -> u64 {
    perft(&Position::from_sfen(sfen).unwrap(), depth)
}

#[test]
fn start_position_to_depth_4() {
    let start = Position::start();
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

/// The "指し手生成祭り" position: 207 moves, with every kind of drop.
#[test]
fn matsuri_position() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    assert_eq!(perft_of(sfen, 1), 207);
    assert_eq!(perft_of(sfen, 2), 28_684);
}

/// The position with the most legal moves known: 593.
#[test]
fn maximum_moves_position() {
    let sfen = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    assert_eq!(perft_of(sfen, 1), 593);
    assert_eq!(perft_of(sfen, 3), 53_393_368);
}

/// Depth-1 and depth-2 counts from shogiops' generator tests
/// (`test/variant/shogi.test.ts`): hands, promoted pieces, checks.
#[test]
fn random_positions_with_hands_and_promotions() {
    let cases = [
        (
            "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbslpppp",
            107,
            20_080,
        ),
        (
            "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GSPPPPbgsnp",
            240,
            39_392,
        ),
        (
            "l+Rl2g2+R/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 b SPPPPbgsnp",
            110,
            24_582,
        ),
        (
            "l2kgb1+R1/4n3+L/p1gpps3/4np3/6P1N/PPGP2pS1/1p3P3/4P1G2/LN3KB1+p b RSPslpppp",
            158,
            21_443,
        ),
        (
            "l8/1r1gk3+L/p1Npp2S1/2Psnpg2/5+r2N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p b SPPlppp",
            109,
            10_902,
        ),
        (
            "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/8L/P1nP2PR1/1P3PS2/1SGK5/LN3G3 b BNNPPPbpp",
            7,
            755,
        ),
        (
            "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/PP1P1BPS1/5P1PS/1G6+r/LN3KB2 b GNNLPPPnpp",
            184,
            18_331,
        ),
        (
            "l+Rl2g2+R/2p+Sks2+L/p3p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GSPPPPbnp",
            2,
            326,
        ),
        (
            "l2s5/3kn2R+L/p1gpp+B3/4np3/2+r3P1N/PP1P2pS1/1pG2P3/4P1G2/LN3KB1+p b GLPsspppp",
            165,
            16_018,
        ),
        (
            "lr7/3g1kg2/p2pp2s+L/2Psnp1p1/5+rS2/PP1P5/4BPS2/1G2P1G2/LN3KB1L w NNPPPpppp",
            72,
            6_928,
        ),
        (
            "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/P2P1BPS1/1P3P3/1G3B3/LN2KG1r1 w NNNLPPPsppp",
            123,
            16_661,
        ),
        (
            "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/KG3P+n2/1p2P4/Ls7 w GSPPPPbgnp",
            188,
            30_364,
        ),
        (
            "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/7nL/P2P2PR1/1P3PN2/1SGK2S2/LN3G3 w BNPPPbpp",
            109,
            14_585,
        ),
        (
            "l1S6/r3k3+L/p1gppl3/4np+B2/2+r3P1N/PP1P2pS1/1pG2P3/4P1G2/LN3KB1+p b GSPsnpppp",
            163,
            21_883,
        ),
        (
            "lr7/3g1kg2/p2pp2sl/2Ps1ppp1/8L/P2P2PR1/1P3PS2/1G7/LN2KG3 b BNNNPPPbsppp",
            145,
            23_120,
        ),
        (
            "l8/1r1g1k3/p1Npp1gs+L/2Psnp1p1/5+rS2/PP1P2pS1/1pG1BP3/4P1G1p/LN3KB1L b NPPpp",
            84,
            4_399,
        ),
        (
            "lr7/3g1kg2/p2pp2s+L/2Ps1p1p1/5+rp2/PP1P1B1S1/5PP1S/1G2P1G2/LN3KB1L b NNPnpppp",
            86,
            8_763,
        ),
        (
            "l2kgs1+R1/4n+B2+L/p1gpp4/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p w SSPlpppp",
            95,
            10_625,
        ),
        (
            "l8/1r1gk3+L/p1Npp4/2Psnp+r2/8N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p b GSPPslppp",
            156,
            22_669,
        ),
        (
            "lr7/3g1kg2/p2pp2s+L/2Ps1ppp1/9/PP1P1BPS1/5P1P1/1G3B1g1/LN3KN1+r b SNNLPPPpp",
            181,
            12_037,
        ),
        ("7lk/9/8S/9/9/9/9/7L1/8K b P", 85, 639),
    ];
    for (sfen, depth1, depth2) in cases {
        assert_eq!(
            (perft_of(sfen, 1), perft_of(sfen, 2)),
            (depth1, depth2),
            "{sfen}"
        );
    }
}

/// Two pawns cannot share a file, so the pawn drops of a full row of pawns
/// are none; the lance and rook blocked by a gold give 5 moves each
/// (shogiops' "blockers perft").
#[test]
fn blocked_lines() {
    assert_eq!(perft_of("4k4/4g4/9/4L4/9/9/9/4K4/9 w - 1", 1), 5);
    assert_eq!(perft_of("4k4/4g4/9/4R4/9/9/9/4K4/9 w - 1", 1), 5);
}
