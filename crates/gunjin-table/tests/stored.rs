//! Messages written by the build before the game tag (`tests/fixtures/`)
//! still read, as Gunjin: a client or a stored page of today talks to
//! tomorrow's server, and an `open` for Gunjin is written as before.

use gunjin_table::{ClientMessage, GameOpen, GameTag, Open, Seating, ServerMessage, TableNews};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn an_open_of_today_reads_as_gunjin_and_writes_back_byte_for_byte() {
    for line in fixture("open-v2.jsonl").lines() {
        let open: ClientMessage = serde_json::from_str(line).unwrap();
        assert!(
            matches!(
                open,
                ClientMessage::Seat(Seating::Open(Open {
                    game: GameOpen::Gunjin { .. },
                    ..
                }))
            ),
            "{line}"
        );
        assert_eq!(serde_json::to_string(&open).unwrap(), line);
    }
}

#[test]
fn a_table_state_of_today_reads_as_gunjin() {
    let text = fixture("table-state-v2.json");
    let Ok(ServerMessage::Table(TableNews::State(state))) = serde_json::from_str(&text) else {
        panic!("{text}");
    };
    assert_eq!(state.game, GameTag::Gunjin);
    let message = ServerMessage::Table(TableNews::State(state));
    let again = serde_json::to_string(&message).unwrap();
    assert_eq!(
        serde_json::from_str::<ServerMessage>(&again).unwrap(),
        message
    );
}
