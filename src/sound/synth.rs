//! The sounds themselves, in the Web Audio API: each tone an oscillator
//! through a gain that starts soft and fades out, on one `AudioContext`
//! made with the first sound (after the player touched the page, or the
//! browser would keep it suspended) and resumed if the browser paused it.

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

use super::{Tone, Wave};

/// How loud a note starts.
const GAIN: f32 = 0.18;

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Plays `tones` now; a browser without Web Audio stays silent.
pub fn play(tones: &[Tone]) {
    CONTEXT.with_borrow_mut(|context| {
        if context.is_none() {
            *context = AudioContext::new().ok();
        }
        if let Some(context) = context {
            let _ = context.resume();
            for tone in tones {
                let _ = note(context, tone);
            }
        }
    });
}

fn note(context: &AudioContext, tone: &Tone) -> Result<(), wasm_bindgen::JsValue> {
    let start = context.current_time() + f64::from(tone.at_ms) / 1000.0;
    let end = start + f64::from(tone.length_ms) / 1000.0;
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(match tone.wave {
        Wave::Sine => OscillatorType::Sine,
        Wave::Triangle => OscillatorType::Triangle,
        Wave::Square => OscillatorType::Square,
        Wave::Sawtooth => OscillatorType::Sawtooth,
    });
    let pitch = oscillator.frequency();
    pitch.set_value_at_time(f32::from(tone.from_hz), start)?;
    pitch.exponential_ramp_to_value_at_time(f32::from(tone.to_hz), end)?;
    let gain = context.create_gain()?;
    gain.gain().set_value_at_time(GAIN, start)?;
    gain.gain().exponential_ramp_to_value_at_time(0.001, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end)?;
    Ok(())
}
