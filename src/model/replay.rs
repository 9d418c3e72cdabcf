//! A finished game move by move with everything visible: built from the
//! record a view reveals once the game is over.

use gunjin_rules::{Color, Kind, PublicMove, Record, Shape, Square};

/// The board after some number of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub pieces: Vec<(Square, Color, Kind)>,
    /// The move that led here.
    pub last: Option<PublicMove>,
}

impl Frame {
    pub fn at(&self, sq: Square) -> Option<(Color, Kind)> {
        self.pieces
            .iter()
            .find(|(s, ..)| *s == sq)
            .map(|&(_, c, k)| (c, k))
    }
}

/// Every position of a game, from the setups to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    frames: Vec<Frame>,
    /// The board of the game's mode.
    shape: &'static Shape,
}

impl Replay {
    /// Replays `record` through the rules; `None` if it does not replay.
    pub fn new(record: &Record) -> Option<Replay> {
        let mut game = record.start.game().ok()?;
        let snapshot = |game: &gunjin_rules::Game| -> Vec<(Square, Color, Kind)> {
            let board = game.position().board();
            Color::ALL
                .into_iter()
                .flat_map(|c| board.pieces(c).map(move |(sq, p)| (sq, c, p.kind)))
                .collect()
        };
        let mut frames = vec![Frame {
            pieces: snapshot(&game),
            last: None,
        }];
        for &mv in &record.moves {
            game.play(mv).ok()?;
            frames.push(Frame {
                pieces: snapshot(&game),
                last: game.history().last().copied(),
            });
        }
        let shape = game.rules().shape();
        Some(Replay { frames, shape })
    }

    pub fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// How many moves the game had.
    pub fn moves(&self) -> usize {
        self.frames.len() - 1
    }

    /// The position after `ply` moves (clamped to the end).
    pub fn frame(&self, ply: usize) -> &Frame {
        &self.frames[ply.min(self.moves())]
    }

    /// What move `ply` (1-based) did, named with everything visible.
    pub fn step(&self, ply: usize) -> Option<Step> {
        let mv = self.frame(ply).last?;
        let before = self.frame(ply.checked_sub(1)?);
        Some(Step {
            mv,
            attacker: before.at(mv.mv.from())?.1,
            defender: before.at(mv.mv.to()).map(|(_, kind)| kind),
        })
    }
}

/// One move of a finished game: the public move, the kind that moved and
/// the kind it attacked, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub mv: PublicMove,
    pub attacker: Kind,
    pub defender: Option<Kind>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gunjin_rules::{ByColor, Game, Rules, Template};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn frames_follow_the_game() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[1].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        game.play("b4-b5".parse().unwrap()).unwrap();
        game.resign(Color::North).unwrap();
        let replay = Replay::new(&game.record()).unwrap();
        assert_eq!(replay.moves(), 1);
        assert_eq!(replay.frame(0).pieces.len(), 46);
        assert_eq!(
            replay.frame(0).at("b4".parse().unwrap()).map(|p| p.0),
            Some(Color::South)
        );
        let last = replay.frame(9);
        assert_eq!(last.last.unwrap().mv.to_string(), "b4-b5");
        assert_eq!(replay.step(0), None);
        let step = replay.step(1).unwrap();
        assert_eq!(step.mv.mv.to_string(), "b4-b5");
        let kind_at = |sq: &str| replay.frame(0).at(sq.parse().unwrap()).map(|p| p.1);
        assert_eq!(Some(step.attacker), kind_at("b4"));
        // b4-b5 crosses the bridge onto North's front piece.
        assert_eq!(step.defender, kind_at("b5"));
    }

    #[test]
    fn a_step_names_both_kinds_of_a_battle() {
        let setups = ByColor {
            south: Template::ALL[0].setup(),
            north: Template::ALL[1].setup(),
        };
        let mut game = Game::new(Rules::KIRAKUKEN, setups, Color::South).unwrap();
        let mut rng = SmallRng::seed_from_u64(7);
        // Random moves, attacking whenever possible, until a battle.
        let (ply, battle) = (1..=300)
            .find_map(|ply| {
                let view = game.view(game.position().turn());
                let moves = view.legal_moves();
                let attack = moves
                    .iter()
                    .find(|m| matches!(view.seen(m.to()), gunjin_rules::Seen::Enemy(_)));
                let mv = *attack.unwrap_or_else(|| &moves[rng.random_range(0..moves.len())]);
                let board = game.position().board();
                let kinds = (board.piece_at(mv.from())?.kind, board.piece_at(mv.to()));
                game.play(mv).unwrap();
                kinds.1.map(|defender| (ply, (kinds.0, defender.kind)))
            })
            .expect("a battle within 300 moves");
        let step = Replay::new(&game.record()).unwrap().step(ply).unwrap();
        assert_eq!((step.attacker, step.defender), (battle.0, Some(battle.1)));
    }
}
