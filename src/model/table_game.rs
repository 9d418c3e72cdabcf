//! A Gunjin table's game as the server tells it (`online/told.rs` hands
//! this part Gunjin's messages): the player's view, kept move by move with
//! the rules crate's `View::apply`, and at the end the result with the
//! whole record. What does not fit is set aside, never shown.

use gunjin_rules::{Outcome, Record, View};
use gunjin_table::GunjinNews;

use crate::model::log;

/// The game of a Gunjin table, as far as it was told.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableGame {
    pub view: Option<View>,
    pub over: Option<(Outcome, Record)>,
}

/// What became of a message of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// A new view to show.
    Shown,
    /// The game is over.
    Over,
    /// A view that does not hold together: set aside, the last good one
    /// kept.
    Garbled,
    /// A move that does not fit the view held: the whole view must come
    /// again.
    Misfit,
}

impl TableGame {
    pub fn apply(&mut self, news: GunjinNews) -> Applied {
        match news {
            GunjinNews::Game { view, .. } if !log::consistent(&view) => Applied::Garbled,
            GunjinNews::Game { view, .. } => {
                self.view = Some(view);
                Applied::Shown
            }
            GunjinNews::Step(step) => {
                let Some(view) = &mut self.view else {
                    return Applied::Misfit;
                };
                let mut next = view.clone();
                match next.apply(&step) {
                    Ok(()) => {
                        *view = next;
                        Applied::Shown
                    }
                    Err(_) => Applied::Misfit,
                }
            }
            GunjinNews::Over { outcome, record } => {
                self.over = Some((outcome, record));
                Applied::Over
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{ByColor, Color, Game, Rules, Template};

    use super::*;

    fn game() -> Game {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[4].setup(),
        };
        Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap()
    }

    fn play(game: &mut Game) -> gunjin_rules::PublicMove {
        let mv = game.position().legal_moves()[0];
        game.play(mv).unwrap();
        *game.history().last().unwrap()
    }

    /// Steps applied to the view told at the start give the referee's own
    /// view; a step out of order asks for the whole view again.
    #[test]
    fn steps_keep_the_view_the_referees() {
        let mut game = game();
        let mut told = TableGame::default();
        let first = play(&mut game);
        assert_eq!(told.apply(GunjinNews::Step(first)), Applied::Misfit);
        let view = game.view(Color::North);
        let start = GunjinNews::Game { view, played: None };
        assert_eq!(told.apply(start), Applied::Shown);
        let steps: Vec<_> = (0..3).map(|_| play(&mut game)).collect();
        for step in &steps {
            assert_eq!(told.apply(GunjinNews::Step(*step)), Applied::Shown);
        }
        assert_eq!(told.view, Some(game.view(Color::North)));
        assert_eq!(told.apply(GunjinNews::Step(steps[0])), Applied::Misfit);
        assert_eq!(told.view, Some(game.view(Color::North)));
    }

    /// A view whose history does not hold together is set aside.
    #[test]
    fn a_garbled_view_keeps_the_last_good_one() {
        let mut game = game();
        play(&mut game);
        let good = game.view(Color::South);
        let mut json = serde_json::to_value(&good).unwrap();
        let mut bad = json["history"][0].clone();
        bad["move"] = serde_json::json!("a5-a6");
        json["history"].as_array_mut().unwrap().push(bad);
        let garbled: View = serde_json::from_value(json).unwrap();
        let mut told = TableGame::default();
        let shown = GunjinNews::Game {
            view: good.clone(),
            played: None,
        };
        assert_eq!(told.apply(shown), Applied::Shown);
        let set_aside = GunjinNews::Game {
            view: garbled,
            played: None,
        };
        assert_eq!(told.apply(set_aside), Applied::Garbled);
        assert_eq!(told.view, Some(good));
        game.resign(Color::South).unwrap();
        let over = GunjinNews::Over {
            outcome: game.outcome().unwrap(),
            record: game.record(),
        };
        assert_eq!(told.apply(over), Applied::Over);
        assert_eq!(told.over.map(|(o, _)| o), game.outcome());
    }
}
