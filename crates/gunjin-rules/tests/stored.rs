//! Records and views written by the build before the redesign
//! (`tests/fixtures/`): they still read, replay to the same views, and
//! write back byte for byte, so stored games, exported files, server
//! tables and protocol messages of today keep their meaning. Likewise
//! setups and drafts (`PartialSetup`'s JSON, as the app and the server
//! store them): the first two drafts were written before boards differed,
//! the third is a Classic 25 camp, and the setup texts include empty nodes
//! and Classic 25's board.

use gunjin_rules::{Color, PartialSetup, Preset, Record, Setup, Shape, View};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn records() -> Vec<(String, Record)> {
    fixture("records.txt")
        .lines()
        .map(|line| (line.to_owned(), line.parse().unwrap()))
        .collect()
}

#[test]
fn records_read_replay_and_print_back() {
    for (text, record) in records() {
        assert_eq!(record.to_string(), text);
        assert_eq!(serde_json::to_value(&record).unwrap(), text.as_str());
        assert_eq!(record.replay().unwrap().record(), record);
    }
}

#[test]
fn views_read_write_back_and_match_the_replay() {
    let records = records();
    for (preset, (_, record)) in Preset::ALL.into_iter().zip(&records) {
        let rules = preset.rules();
        for (name, side, plies) in [
            ("mid-south", Color::South, 40),
            ("end-north", Color::North, record.moves.len()),
        ] {
            let text = fixture(&format!("view-{rules}-{name}.json"));
            let view: View = serde_json::from_str(&text).unwrap();
            assert_eq!(
                serde_json::to_string(&view).unwrap(),
                text,
                "{rules} {name}"
            );
            let partial = Record {
                moves: record.moves[..plies].to_vec(),
                ..record.clone()
            };
            assert_eq!(partial.replay().unwrap().view(side), view, "{rules} {name}");
        }
    }
}

#[test]
fn setups_and_drafts_read_and_write_back() {
    let drafts: Vec<PartialSetup> = fixture("partial-setups-v1.jsonl")
        .lines()
        .map(|line| {
            let draft: PartialSetup = serde_json::from_str(line).unwrap();
            assert_eq!(serde_json::to_string(&draft).unwrap(), line);
            draft
        })
        .collect();
    let shapes: Vec<Shape> = drafts.iter().map(|d| *d.shape()).collect();
    assert_eq!(
        shapes,
        [Shape::STANDARD, Shape::STANDARD, Shape::CLASSIC_25]
    );
    let setups: Vec<Setup> = fixture("setups.txt")
        .lines()
        .map(|line| {
            let setup: Setup = line.parse().unwrap();
            assert_eq!(setup.to_string(), line);
            assert_eq!(serde_json::to_value(setup).unwrap(), line);
            setup
        })
        .collect();
    let pieces: Vec<usize> = setups.iter().map(|s| s.pieces().count()).collect();
    assert_eq!(pieces, [23, 21, 24]);
    assert_eq!(*setups[2].shape(), Shape::CLASSIC_25);
}
