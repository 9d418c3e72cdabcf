//! The game's sounds and the phone's vibration: a short sound for a move,
//! a battle or capture, a strike, check, the end of a game and low time
//! on a table's clock, and a buzz on the opponent's move, each behind its
//! switch in the settings. Which sound an event makes is decided here from
//! what the rules crate says happened; the sounds themselves are a few
//! oscillator envelopes (`Tone`) played by `synth` (no audio files). Only
//! the pages behind the home page sound, so all of it loads with them,
//! nothing with the first screen. Browsers let a page sound only once the player has touched it,
//! so nothing plays before that.

mod synth;

use gunjin_rules::{Announcement, PublicMove};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::state::AppState;

/// What a sound says happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Move,
    /// A Gunjin battle or a Shogi capture.
    Battle,
    /// A Missile's strike (Classic 25).
    Strike,
    /// A Shogi king in check.
    Check,
    End,
    /// The player's clock at a table is nearly spent.
    LowTime,
}

impl Cue {
    pub const ALL: [Cue; 6] = [
        Cue::Move,
        Cue::Battle,
        Cue::Strike,
        Cue::Check,
        Cue::End,
        Cue::LowTime,
    ];

    /// The sound of a Gunjin move, from the referee's announcement.
    pub fn of_gunjin(step: &PublicMove) -> Cue {
        match step.announcement {
            Announcement::Moved => Cue::Move,
            Announcement::Struck(_) => Cue::Strike,
            _ => Cue::Battle,
        }
    }

    /// The sound of a Shogi game's last move: check over a capture over a
    /// plain move.
    pub fn of_shogi(game: &shogi_rules::Game) -> Option<Cue> {
        let (before, mv, _) = game.steps().last()?;
        Some(if game.position().is_check() {
            Cue::Check
        } else if before.board().piece_at(mv.to()).is_some() {
            Cue::Battle
        } else {
            Cue::Move
        })
    }

    /// Its notes, played one after another or together.
    pub fn tones(self) -> &'static [Tone] {
        use Wave::*;
        const fn tone(wave: Wave, hz: (u16, u16), at_ms: u16, length_ms: u16) -> Tone {
            Tone {
                wave,
                from_hz: hz.0,
                to_hz: hz.1,
                at_ms,
                length_ms,
            }
        }
        match self {
            // A piece set down: a short woody knock.
            Cue::Move => const { &[tone(Triangle, (520, 300), 0, 70)] },
            Cue::Battle => {
                const {
                    &[
                        tone(Square, (180, 90), 0, 140),
                        tone(Triangle, (900, 400), 0, 60),
                    ]
                }
            }
            Cue::Strike => const { &[tone(Sawtooth, (900, 60), 0, 380)] },
            Cue::Check => {
                const {
                    &[
                        tone(Sine, (880, 880), 0, 90),
                        tone(Sine, (1320, 1320), 110, 110),
                    ]
                }
            }
            Cue::End => {
                const {
                    &[
                        tone(Sine, (523, 523), 0, 140),
                        tone(Sine, (659, 659), 150, 140),
                        tone(Sine, (784, 784), 300, 260),
                    ]
                }
            }
            Cue::LowTime => {
                const {
                    &[
                        tone(Sine, (1000, 1000), 0, 70),
                        tone(Sine, (1000, 1000), 160, 70),
                    ]
                }
            }
        }
    }
}

/// An oscillator's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    Sine,
    Triangle,
    Square,
    Sawtooth,
}

/// One note: a pitch sliding from `from_hz` to `to_hz`, starting `at_ms`
/// into the sound, fading out over `length_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tone {
    pub wave: Wave,
    pub from_hz: u16,
    pub to_hz: u16,
    pub at_ms: u16,
    pub length_ms: u16,
}

/// How long a sound lasts, its last note's end.
pub fn length_ms(tones: &[Tone]) -> u16 {
    tones
        .iter()
        .map(|t| t.at_ms + t.length_ms)
        .max()
        .unwrap_or(0)
}

/// A clock with this much left (milliseconds) is running low.
pub fn low_time(left_ms: f64) -> bool {
    left_ms <= 10_000.0
}

/// Whether the page has been touched, clicked or typed in (the browser's
/// sticky user activation): before that a sound would not play.
fn touched() -> bool {
    let activation =
        js_sys::Reflect::get(&window().navigator(), &JsValue::from_str("userActivation"));
    match activation {
        Ok(activation) if !activation.is_undefined() => {
            js_sys::Reflect::get(&activation, &JsValue::from_str("hasBeenActive"))
                .is_ok_and(|active| active.is_truthy())
        }
        // A browser without the API: it will say if it refuses.
        _ => true,
    }
}

/// Counts what was played on the page's root (`data-sounds`,
/// `data-vibrations`): what the browser tests read.
fn count(name: &str) {
    if let Some(root) = document().document_element() {
        let n = root
            .get_attribute(name)
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(0);
        let _ = root.set_attribute(name, &(n + 1).to_string());
    }
}

/// Plays `cue` if the sound is on and the page has been touched.
pub fn play(cue: Cue) {
    let on =
        use_context::<AppState>().is_some_and(|s| s.saved.with_untracked(|s| s.settings.sound));
    if !on || !touched() {
        return;
    }
    count("data-sounds");
    synth::play(cue.tones());
}

/// The opponent moved: a short buzz, where the phone can and the player
/// wants it.
pub fn opponent_moved() {
    let on =
        use_context::<AppState>().is_some_and(|s| s.saved.with_untracked(|s| s.settings.vibration));
    if !on || !touched() {
        return;
    }
    // Through `Reflect`, as `synth` does: no binding in the first load.
    let navigator = JsValue::from(window().navigator());
    let vibrate = js_sys::Reflect::get(&navigator, &JsValue::from_str("vibrate"));
    let buzzed = vibrate
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(&navigator, &JsValue::from(40)).ok());
    if buzzed.is_some_and(|b| b.is_truthy()) {
        count("data-vibrations");
    }
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{Color, Move, Square};
    use shogi_rules::Game;

    use super::*;

    #[test]
    fn every_sound_is_short() {
        for cue in Cue::ALL {
            let tones = cue.tones();
            assert!(!tones.is_empty(), "{cue:?}");
            assert!(length_ms(tones) <= 600, "{cue:?}");
            assert!(tones.iter().all(|t| t.from_hz >= 40 && t.to_hz >= 40));
        }
    }

    #[test]
    fn a_gunjin_move_sounds_as_the_referee_announced_it() {
        let step = |announcement| PublicMove {
            side: Color::South,
            mv: Move::step(Square::new(1, 2).unwrap(), Square::new(1, 3).unwrap()),
            announcement,
        };
        assert_eq!(Cue::of_gunjin(&step(Announcement::Moved)), Cue::Move);
        assert_eq!(
            Cue::of_gunjin(&step(Announcement::BothRemoved)),
            Cue::Battle
        );
        assert_eq!(
            Cue::of_gunjin(&step(Announcement::DefenderRemoved)),
            Cue::Battle
        );
    }

    #[test]
    fn a_shogi_move_sounds_as_the_rules_see_it() {
        let start = shogi_rules::Position::from_sfen(shogi_rules::START_SFEN).unwrap();
        let mut game = Game::new(start);
        assert_eq!(Cue::of_shogi(&game), None);
        for (text, cue) in [
            ("7g7f", Cue::Move),
            ("3c3d", Cue::Move),
            // The bishops' exchange: a capture, then a capture back.
            ("8h2b+", Cue::Battle),
            ("3a2b", Cue::Battle),
            // A bishop dropped where it checks the king.
            ("B*4b", Cue::Check),
        ] {
            game.play(text.parse().unwrap()).unwrap();
            assert_eq!(Cue::of_shogi(&game), Some(cue), "{text}");
        }
    }
}
