//! Messages written by the build before the game tag (`tests/fixtures/`,
//! one JSON message a line): they still read and write back byte for
//! byte, so an app and a worker of different builds understand each other.

use gunjin_rules::Rules;
use gunjin_worker_protocol::{Ask, Game, Level, Reply, Request};

#[test]
fn messages_of_before_the_game_tag_read_and_write_back() {
    let path = format!(
        "{}/tests/fixtures/messages.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut requests, mut replies) = (0, 0);
    for line in text.lines() {
        let written = if line.contains(r#""ask":"#) {
            let request: Request = serde_json::from_str(line).unwrap();
            assert_eq!(request.game, Game::Gunjin);
            requests += 1;
            serde_json::to_string(&request).unwrap()
        } else {
            replies += 1;
            serde_json::to_string(&serde_json::from_str::<Reply>(line).unwrap()).unwrap()
        };
        assert_eq!(written, line);
    }
    assert_eq!((requests, replies), (3, 5));
}

#[test]
fn a_request_for_another_game_says_so() {
    let request = Request {
        id: 4,
        game: Game::Shogi,
        ask: Ask::Setup {
            level: Level::Easy,
            rules: Rules::KIRAKUKEN,
            seed: 1,
        },
    };
    let text = serde_json::to_string(&request).unwrap();
    assert!(
        text.starts_with(r#"{"id":4,"game":"shogi","ask":"#),
        "{text}"
    );
    assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
}
