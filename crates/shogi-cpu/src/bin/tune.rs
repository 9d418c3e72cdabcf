//! Tunes the evaluation's weights on the engine's own games (Texel's
//! method): every quiet position of the games, labelled with how the game
//! ended for the side to move, and the weights moved by gradient descent
//! until the evaluation, through a logistic curve, predicts those results
//! best. Writes the weights as `src/weights.rs`.
//!
//! ```text
//! shogi-arena --a strong@8000 --b strong@8000 --games 2000 --opening-plies 8 \
//!     --records games.txt
//! shogi-tune [--epochs 400] [--rate 1.0] [--pull 1e-7] [--skip-plies 12]
//!     [--out crates/shogi-cpu/src/weights.rs] games.txt…
//! ```
//!
//! A tenth of the games (every tenth) is kept out of the fit and reported
//! apart, so a fit that only learns its own games shows.

use std::io::Write;
use std::process::ExitCode;

use shogi_cpu::eval::{self, index};
use shogi_cpu::see::see;
use shogi_rules::{Color, Position, Record};

/// One position: its terms and how the game ended for its side to move.
struct Sample {
    features: Vec<(u32, f32)>,
    result: f32,
}

struct Options {
    files: Vec<String>,
    epochs: usize,
    rate: f64,
    pull: f64,
    skip_plies: usize,
    out: String,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        files: Vec::new(),
        epochs: 400,
        rate: 1.0,
        pull: 1e-7,
        skip_plies: 12,
        out: "crates/shogi-cpu/src/weights.rs".to_owned(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            options.files.push(arg);
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{arg} {value}: {e}");
        match arg.as_str() {
            "--epochs" => options.epochs = value.parse().map_err(|e| bad(&e))?,
            "--rate" => options.rate = value.parse().map_err(|e| bad(&e))?,
            "--pull" => options.pull = value.parse().map_err(|e| bad(&e))?,
            "--skip-plies" => options.skip_plies = value.parse().map_err(|e| bad(&e))?,
            "--out" => options.out = value,
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if options.files.is_empty() {
        return Err("no record files".to_owned());
    }
    Ok(options)
}

/// Whether the side to move can win material at once: then the static
/// value is not what the position is worth, and it teaches nothing.
fn is_quiet(position: &Position) -> bool {
    if position.is_check() {
        return false;
    }
    let mut captures = Vec::new();
    position.legal_captures_into(&mut captures);
    captures.into_iter().all(|mv| see(position, mv) <= 0)
}

/// The quiet positions of every game in `text` (one record a line), split
/// into the fit's and the held-out ones.
fn samples(text: &str, skip_plies: usize) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let record: Record = line.parse().map_err(|e| format!("line {}: {e}", n + 1))?;
        let game = record
            .replay()
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        let Some(outcome) = game.outcome() else {
            continue;
        };
        let result = |turn: Color| match outcome.winner {
            Some(winner) if winner == turn => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let mut position = game.start().clone();
        let into = if n % 10 == 9 { &mut held } else { &mut fit };
        for (ply, &mv) in game.moves().iter().enumerate() {
            if ply >= skip_plies && is_quiet(&position) {
                into.push(Sample {
                    features: eval::features(&position)
                        .into_iter()
                        .map(|(i, count)| (i as u32, count as f32))
                        .collect(),
                    result: result(position.turn()),
                });
            }
            position.play_unchecked(mv);
        }
    }
    Ok((fit, held))
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn value(weights: &[f64], sample: &Sample) -> f64 {
    sample
        .features
        .iter()
        .map(|&(i, n)| weights[i as usize] * f64::from(n))
        .sum()
}

/// The mean squared error of the predicted results, values scaled by `k`.
fn loss(weights: &[f64], samples: &[Sample], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(value(weights, s) / k) - f64::from(s.result)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale that fits the present weights best: the curve is fitted
/// first, so the weights keep their centipawn meaning.
fn fit_scale(weights: &[f64], samples: &[Sample]) -> f64 {
    (20..=200)
        .map(|k| f64::from(k) * 5.0)
        .min_by(|&a, &b| loss(weights, samples, a).total_cmp(&loss(weights, samples, b)))
        .unwrap_or(400.0)
}

/// Adam over the whole set each step, pulled towards the starting weights
/// (a weight few positions see stays near where it was).
fn tune(start: &[f64], samples: &[Sample], held: &[Sample], k: f64, options: &Options) -> Vec<f64> {
    let mut weights = start.to_vec();
    let (mut m, mut v) = (vec![0.0; start.len()], vec![0.0; start.len()]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let n = samples.len() as f64;
    for epoch in 1..=options.epochs {
        let mut gradient: Vec<f64> = weights
            .iter()
            .zip(start)
            .map(|(w, w0)| 2.0 * options.pull * (w - w0))
            .collect();
        for sample in samples {
            let p = sigmoid(value(&weights, sample) / k);
            let common = 2.0 * (p - f64::from(sample.result)) * p * (1.0 - p) / k / n;
            for &(i, count) in &sample.features {
                gradient[i as usize] += common * f64::from(count);
            }
        }
        for i in 0..weights.len() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            weights[i] -= options.rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch % 50 == 0 || epoch == options.epochs {
            eprintln!(
                "epoch {epoch}: fit {:.5}, held out {:.5}",
                loss(&weights, samples, k),
                loss(&weights, held, k)
            );
        }
    }
    weights
}

/// The weights as the source of `src/weights.rs`.
fn source(weights: &[f64]) -> String {
    let mut out = String::from(
        "//! The evaluation's weights (`eval::index` says which is which), written\n\
         //! by `shogi-tune` from the engine's own games: not edited by hand.\n\n\
         use crate::eval::index::COUNT;\n\n\
         #[rustfmt::skip]\n\
         pub static WEIGHTS: [i16; COUNT] = [\n",
    );
    for row in weights.chunks(16) {
        let numbers: Vec<String> = row
            .iter()
            .map(|w| format!("{},", w.round().clamp(-32_000.0, 32_000.0) as i16))
            .collect();
        out += &format!("    {}\n", numbers.join(" "));
    }
    out + "];\n"
}

fn run(options: &Options) -> Result<(), String> {
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for file in &options.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let (f, h) = samples(&text, options.skip_plies)?;
        fit.extend(f);
        held.extend(h);
    }
    eprintln!("{} positions to fit, {} held out", fit.len(), held.len());
    let start: Vec<f64> = (0..index::COUNT)
        .map(|i| f64::from(shogi_cpu::eval::weight(i)))
        .collect();
    let k = fit_scale(&start, &fit);
    eprintln!(
        "scale {k}: fit {:.5}, held out {:.5} before",
        loss(&start, &fit, k),
        loss(&start, &held, k)
    );
    let weights = tune(&start, &fit, &held, k, options);
    std::fs::File::create(&options.out)
        .and_then(|mut f| f.write_all(source(&weights).as_bytes()))
        .map_err(|e| format!("{}: {e}", options.out))
}

fn main() -> ExitCode {
    match parse_options().and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogi-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
