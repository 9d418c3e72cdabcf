//! The worker's answer to an analysis request: one position of a record
//! judged by `shogi_cpu::analysis`, and the move before it marked.

use shogi_cpu::Budget;
use shogi_cpu::analysis::{self as cpu, Judgement as CpuJudgement};
use shogi_rules::{Color, Record};

use crate::ENGINE;
use crate::protocol::{ANALYSIS_NODES, Answer, Judgement};

/// Judges the position after `ply` moves of `record`, and marks the move
/// played from the position judged `before`.
pub(crate) fn judge(
    record: Record,
    ply: usize,
    nodes: Option<u64>,
    before: Option<&Judgement>,
    now: fn() -> f64,
) -> Result<Answer, String> {
    if ply > record.moves.len() {
        return Err(format!("the record has no ply {ply}"));
    }
    let played = ply.checked_sub(1).map(|p| record.moves[p]);
    let start = now();
    let prefix = Record {
        moves: record.moves.into_iter().take(ply).collect(),
        ending: None,
        ..record
    };
    let game = prefix.replay().map_err(|err| err.to_string())?;
    let budget = Budget {
        nodes: Some(nodes.unwrap_or(ANALYSIS_NODES)),
        ..Budget::default()
    };
    let judged = ENGINE.with(|engine| engine.borrow_mut().analyse(&game, &budget));
    let mover = game.position().turn().other();
    let mark = played.zip(before).and_then(|(mv, before)| {
        let before = CpuJudgement {
            eval: before.eval,
            pv: before.pv.clone(),
            depth: before.depth,
            nodes: 0,
        };
        cpu::Mark::of(&before, mv, judged.eval, mover)
    });
    Ok(Answer::Analyse {
        judgement: Judgement {
            eval: judged.eval,
            sente_chance: judged.eval.win_chance(Color::Sente),
            pv: judged.pv,
            depth: judged.depth,
        },
        mark,
        think_us: ((now() - start) * 1000.0).round() as u32,
    })
}
