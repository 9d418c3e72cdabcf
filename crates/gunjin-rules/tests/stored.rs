//! Records and views written by the build before the redesign
//! (`tests/fixtures/`): they still read, replay to the same views, and
//! write back byte for byte, so stored games, exported files, server
//! tables and protocol messages of today keep their meaning.

use gunjin_rules::{Color, Preset, Record, View};

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
