#!/bin/sh
# The arena's fixed-seed games as digests: 200 games per pairing at a fixed
# number of worlds per move (no clock, so deterministic). Two builds that
# play alike print the same lines; see docs/BENCHMARKS.md, "Digests".
set -eu
arena=${1:-target/release/arena}
for pairing in "easy random" "normal random" "hard random" "hard normal"; do
    set -- $pairing
    printf '%s vs %s: ' "$1" "$2"
    "$arena" --a "$1" --b "$2" --games 200 --seed 1 --worlds 4 --digest 2>/dev/null |
        grep '^digest' | sha256sum | cut -c1-16
done
