//! A Shogi table's game as the server tells it (`online/told.rs` hands
//! this part Shogi's messages), kept as text: `table.rs` reads it with the
//! rules into the play screen, so the first load carries no Shogi parser.

use gunjin_rules::Color;
use gunjin_table::ShogiNews;

/// The game as told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShogiFeed {
    /// The seat playing Sente.
    pub sente: Color,
    /// The whole record last told (`startpos moves …`).
    pub record: String,
    /// The USI moves told since.
    pub moves: Vec<String>,
}

/// What became of a message of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fed {
    /// The whole game, afresh.
    Game,
    /// One more move.
    Move,
    /// A move with no game to play it on: the whole game must come again.
    Misfit,
}

/// Applies Shogi's `news` to the game told so far.
pub fn apply(feed: &mut Option<ShogiFeed>, news: ShogiNews) -> Fed {
    match (news, feed) {
        (ShogiNews::Game { sente, record }, feed) => {
            *feed = Some(ShogiFeed {
                sente,
                record,
                moves: Vec::new(),
            });
            Fed::Game
        }
        (ShogiNews::Move(usi), Some(feed)) => {
            feed.moves.push(usi);
            Fed::Move
        }
        (ShogiNews::Move(_), None) => Fed::Misfit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_the_record_they_come_after() {
        let mut feed = None;
        assert_eq!(
            apply(&mut feed, ShogiNews::Move("7g7f".into())),
            Fed::Misfit
        );
        let game = ShogiNews::Game {
            sente: Color::North,
            record: "startpos moves 7g7f".into(),
        };
        assert_eq!(apply(&mut feed, game.clone()), Fed::Game);
        assert_eq!(apply(&mut feed, ShogiNews::Move("3c3d".into())), Fed::Move);
        let told = feed.clone().unwrap();
        assert_eq!(
            (told.sente, told.moves),
            (Color::North, vec!["3c3d".into()])
        );
        // The whole game again starts afresh.
        assert_eq!(apply(&mut feed, game), Fed::Game);
        assert!(feed.unwrap().moves.is_empty());
    }
}
