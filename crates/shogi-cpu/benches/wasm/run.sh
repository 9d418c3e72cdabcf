#!/usr/bin/env bash
# Search speed of shogi-cpu compiled to wasm32 (run in Node) against the
# same code compiled natively, in one run so the ratio is not at the mercy
# of a noisy machine: the top level's node budget on each benchmark
# position (nodes per second) and the depth completed in one second, all
# in process CPU time.
#
# Usage: run.sh [repeats=3]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
repeats="${1:-3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/shogi-cpu-wasm-bench}"

cargo build --quiet --release --manifest-path "$here/Cargo.toml" --bin shogi-cpu-bench-native
cargo build --quiet --release --manifest-path "$here/Cargo.toml" --lib --target wasm32-unknown-unknown
native="$CARGO_TARGET_DIR/release/shogi-cpu-bench-native"
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/shogi_cpu_wasm_bench.wasm"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "node $(node --version), $(rustc --version)"
echo "wasm module: $(wc -c <"$wasm") bytes"
for ((i = 1; i <= repeats; i++)); do
    echo "repeat $i (variant, position, nodes, nodes/s, depth in 1 s):"
    "$native"
    node "$here/run.mjs" "$wasm"
done
