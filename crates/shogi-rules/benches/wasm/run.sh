#!/usr/bin/env bash
# Perft and random-playout speed of shogi-rules compiled to wasm32 (run in
# Node) against the same code compiled natively, measured in one run so the
# wasm/native ratio is not at the mercy of a noisy machine.
#
# Builds both from this crate with one profile, then runs them in turn
# (native, wasm, and wasm after `wasm-opt -O3` when node_modules has it),
# `repeats` times. Each program plays `games` random games per round for
# `rounds` rounds (best and median round) and then runs perft to `depth`,
# all timed in process CPU time (see src/main.rs and run.mjs).
#
# Usage: run.sh [games per round=20] [rounds=5] [seed=1] [depth=5] [repeats=5]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
games="${1:-20}" rounds="${2:-5}" seed="${3:-1}" depth="${4:-5}" repeats="${5:-5}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/shogi-wasm-bench}"

cargo build --quiet --release --manifest-path "$here/Cargo.toml" --bin shogi-bench-native
cargo build --quiet --release --manifest-path "$here/Cargo.toml" --lib --target wasm32-unknown-unknown
native="$CARGO_TARGET_DIR/release/shogi-bench-native"
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/shogi_rules_wasm_bench.wasm"
variants=(native wasm)
wasm_opt="$root/node_modules/.bin/wasm-opt"
if [[ -x "$wasm_opt" ]]; then
    "$wasm_opt" -O3 "$wasm" -o "${wasm%.wasm}.opt.wasm"
    variants+=(wasm-opt)
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "node $(node --version), $(rustc --version)"
echo "wasm module: $(wc -c <"$wasm") bytes$([[ -x "$wasm_opt" ]] && echo ", after wasm-opt -O3: $(wc -c <"${wasm%.wasm}.opt.wasm") bytes")"
echo "$games games per round, $rounds rounds, seed $seed, perft depth $depth, $repeats repeats"

# Each repeat runs the variants back to back, so the ratios within one
# repeat compare like with like even when the machine's speed drifts; the
# summary takes the median of those ratios.
declare -A playout_ratios perft_ratios
for variant in "${variants[@]}"; do playout_ratios[$variant]="" perft_ratios[$variant]=""; done
for ((i = 1; i <= repeats; i++)); do
    declare -A top=() nps=()
    for variant in "${variants[@]}"; do
        case "$variant" in
            native) out="$("$native" "$games" "$rounds" "$seed" "$depth")" ;;
            wasm) out="$(node "$here/run.mjs" "$wasm" "$games" "$rounds" "$seed" "$depth")" ;;
            wasm-opt) out="$(node "$here/run.mjs" "${wasm%.wasm}.opt.wasm" "$games" "$rounds" "$seed" "$depth")" ;;
        esac
        read -r _ t median plies n <<<"$out"
        top[$variant]=$t nps[$variant]=$n
        playout_ratios[$variant]+="$(awk -v x="$t" -v b="${top[native]}" 'BEGIN { print x / b }') "
        perft_ratios[$variant]+="$(awk -v x="$n" -v b="${nps[native]}" 'BEGIN { print x / b }') "
        printf '%-9s playout best %5.2f M plies/s (median %5.2f, %s plies in round 1, /native %.2f)   perft %6.2f M nodes/s (/native %.2f)\n' \
            "$variant:" "$(awk -v x="$t" 'BEGIN { print x / 1e6 }')" \
            "$(awk -v x="$median" 'BEGIN { print x / 1e6 }')" "$plies" \
            "$(awk -v x="$t" -v n="${top[native]}" 'BEGIN { print x / n }')" \
            "$(awk -v x="$n" 'BEGIN { print x / 1e6 }')" \
            "$(awk -v x="$n" -v b="${nps[native]}" 'BEGIN { print x / b }')"
    done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "summary (median over repeats of the ratio to native):"
for variant in "${variants[@]}"; do
    printf '  %-9s playout/native %.2f   perft/native %.2f\n' "$variant" \
        "$(median <<<"${playout_ratios[$variant]}")" "$(median <<<"${perft_ratios[$variant]}")"
done
