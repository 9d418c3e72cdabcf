#!/usr/bin/env bash
# Random-playout speed of the rules engine compiled to wasm32 (run in Node)
# against the same loop compiled natively, measured in one run so the
# wasm/native ratio is not at the mercy of a noisy machine.
#
# Builds both from this crate with one profile, then runs them in turn
# (native, wasm, and wasm after `wasm-opt -O3` as the app's build does,
# when node_modules has it), `repeats` times. Each program plays `games`
# random games per round for `rounds` rounds and reports its best and
# median round, timed in process CPU time (see src/main.rs and run.mjs).
#
# Usage: run.sh [games per round=100] [rounds=5] [seed=1] [repeats=21]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
games="${1:-100}" rounds="${2:-5}" seed="${3:-1}" repeats="${4:-21}"
export CARGO_TARGET_DIR="$root/target/wasm-bench"

cargo build --quiet --release --manifest-path "$here/Cargo.toml" --bin playout-native
cargo build --quiet --release --manifest-path "$here/Cargo.toml" --lib --target wasm32-unknown-unknown
native="$CARGO_TARGET_DIR/release/playout-native"
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/gunjin_rules_wasm_bench.wasm"
variants=(native wasm)
wasm_opt="$root/node_modules/.bin/wasm-opt"
if [[ -x "$wasm_opt" ]]; then
    "$wasm_opt" -O3 "$wasm" -o "${wasm%.wasm}.opt.wasm"
    variants+=(wasm-opt)
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "node $(node --version), $(rustc --version)"
echo "wasm module: $(wc -c <"$wasm") bytes$([[ -x "$wasm_opt" ]] && echo ", after wasm-opt -O3: $(wc -c <"${wasm%.wasm}.opt.wasm") bytes")"
echo "$games games per round, $rounds rounds, seed $seed, $repeats repeats"
echo "(SmallRng is a different generator on wasm32 and x86_64: the games differ, the work per ply does not)"

# Each repeat runs the variants back to back, so the ratio of their best
# rounds within one repeat compares like with like even when the machine's
# speed drifts between repeats; the summary takes the median of those.
declare -A best ratios
for variant in "${variants[@]}"; do best[$variant]=0 ratios[$variant]=""; done
for ((i = 1; i <= repeats; i++)); do
    declare -A top=()
    for variant in "${variants[@]}"; do
        case "$variant" in
            native) out="$("$native" "$games" "$rounds" "$seed")" ;;
            wasm) out="$(node "$here/run.mjs" "$wasm" "$games" "$rounds" "$seed")" ;;
            wasm-opt) out="$(node "$here/run.mjs" "${wasm%.wasm}.opt.wasm" "$games" "$rounds" "$seed")" ;;
        esac
        read -r _ t median plies <<<"$out"
        top[$variant]=$t
        ratio=$(awk -v x="$t" -v n="${top[native]}" 'BEGIN { printf "%.3f", x / n }')
        ratios[$variant]+="$ratio "
        printf '%-9s best %5.2f M plies/s   median %5.2f M plies/s   /native %.2f   (%s plies in round 1)\n' \
            "$variant:" "$(awk -v x="$t" 'BEGIN { print x / 1e6 }')" \
            "$(awk -v x="$median" 'BEGIN { print x / 1e6 }')" "$ratio" "$plies"
        best[$variant]=$(awk -v a="${best[$variant]}" -v b="$t" 'BEGIN { print (b > a) ? b : a }')
    done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "summary (best round of all repeats; median over repeats of the ratio to native):"
for variant in "${variants[@]}"; do
    printf '  %-9s %5.2f M plies/s   %s/native %.2f\n' "$variant" \
        "$(awk -v x="${best[$variant]}" 'BEGIN { print x / 1e6 }')" "$variant" \
        "$(median <<<"${ratios[$variant]}")"
done
