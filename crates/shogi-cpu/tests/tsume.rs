//! Every tsume puzzle the app ships (`assets/tsume.txt`) re-derived by the
//! composer: legal, mate at the end, the shortest mate, one solution.

use std::collections::HashSet;

use shogi_cpu::tsume;
use shogi_rules::Record;

const PUZZLES: &str = include_str!("../../../assets/tsume.txt");

#[test]
fn every_shipped_puzzle_has_one_solution() {
    let mut starts = HashSet::new();
    let mut lengths = Vec::new();
    for (i, line) in PUZZLES.lines().enumerate() {
        let record: Record = line
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert_eq!(tsume::verify(&record, 1_000_000), Ok(()), "line {}", i + 1);
        assert!(starts.insert(record.start), "line {}: a second time", i + 1);
        lengths.push(record.moves.len());
    }
    assert!(lengths.len() >= 300, "{} puzzles", lengths.len());
    assert!(lengths.is_sorted(), "not by rising length");
    for plies in [1, 3, 5] {
        assert!(lengths.contains(&plies), "none of {plies} plies");
    }
}
