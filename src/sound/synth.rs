//! The sounds themselves, in the Web Audio API: each tone an oscillator
//! through a gain that starts soft and fades out, on one `AudioContext`
//! made with the first sound (after the player touched the page, or the
//! browser would keep it suspended) and resumed if the browser paused it.
//! The API is reached through `js_sys::Reflect` rather than `web-sys`'s
//! bindings, whose glue would load with the first screen.

use std::cell::RefCell;

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use super::{Tone, Wave};

/// How loud a note starts.
const GAIN: f64 = 0.18;

thread_local! {
    static CONTEXT: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Plays `tones` now; a browser without Web Audio stays silent.
pub fn play(tones: &[Tone]) {
    CONTEXT.with_borrow_mut(|context| {
        if context.is_none() {
            *context = new_context().ok();
        }
        if let Some(context) = context {
            let _ = call(context, "resume", &[]);
            for tone in tones {
                let _ = note(context, tone);
            }
        }
    });
}

fn new_context() -> Result<JsValue, JsValue> {
    let class: Function = Reflect::get(&js_sys::global(), &"AudioContext".into())?.dyn_into()?;
    Reflect::construct(&class, &Array::new())
}

/// `target.method(args…)`.
fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let method: Function = Reflect::get(target, &method.into())?.dyn_into()?;
    method.apply(target, &args.iter().collect())
}

fn get(target: &JsValue, field: &str) -> Result<JsValue, JsValue> {
    Reflect::get(target, &field.into())
}

/// An `AudioParam` set at `start` and ramped to `to` by `end`.
fn ramp(param: &JsValue, (from, to): (f64, f64), (start, end): (f64, f64)) -> Result<(), JsValue> {
    call(param, "setValueAtTime", &[from.into(), start.into()])?;
    call(
        param,
        "exponentialRampToValueAtTime",
        &[to.into(), end.into()],
    )?;
    Ok(())
}

fn note(context: &JsValue, tone: &Tone) -> Result<(), JsValue> {
    let now = get(context, "currentTime")?.as_f64().unwrap_or(0.0);
    let start = now + f64::from(tone.at_ms) / 1000.0;
    let end = start + f64::from(tone.length_ms) / 1000.0;
    let oscillator = call(context, "createOscillator", &[])?;
    let wave = match tone.wave {
        Wave::Sine => "sine",
        Wave::Triangle => "triangle",
        Wave::Square => "square",
        Wave::Sawtooth => "sawtooth",
    };
    Reflect::set(&oscillator, &"type".into(), &wave.into())?;
    let pitch = (f64::from(tone.from_hz), f64::from(tone.to_hz));
    ramp(&get(&oscillator, "frequency")?, pitch, (start, end))?;
    let gain = call(context, "createGain", &[])?;
    ramp(&get(&gain, "gain")?, (GAIN, 0.001), (start, end))?;
    call(&oscillator, "connect", std::slice::from_ref(&gain))?;
    call(&gain, "connect", &[get(context, "destination")?])?;
    call(&oscillator, "start", &[start.into()])?;
    call(&oscillator, "stop", &[end.into()])?;
    Ok(())
}
