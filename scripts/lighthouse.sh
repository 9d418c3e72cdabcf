#!/usr/bin/env bash
# Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the
# release build in dist/, served locally with gzip like a static host.
# A benchmark, not part of scripts/test. Build first:
#   trunk build --offline --release && ./scripts/lighthouse.sh
# Prints the performance, accessibility and best-practices scores, FCP and
# TTI, and every audit that did not pass; the full report goes to
# target/lighthouse/report.{html,json}. Extra arguments go to lighthouse.
set -euo pipefail

# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$GUNJIN_ROOT"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

if [[ ! -f dist/index.html ]]; then
    echo "lighthouse: no dist/index.html; run trunk build --offline --release first" >&2
    exit 1
fi

port="${LIGHTHOUSE_PORT:-4190}"
out=target/lighthouse
mkdir -p "$out"
node tests/e2e/static-server.mjs dist "$port" >/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 0.5

lighthouse "http://127.0.0.1:$port/" \
    --quiet \
    --only-categories=performance,accessibility,best-practices \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" \
    --output=json --output=html --output-path="$out/report" \
    "$@"

node -e '
const r = require(process.argv[1]);
const pct = (c) => Math.round(r.categories[c].score * 100);
console.log(`performance ${pct("performance")}  accessibility ${pct("accessibility")}  best-practices ${pct("best-practices")}`);
console.log(`FCP ${r.audits["first-contentful-paint"].displayValue}  TTI ${r.audits["interactive"].displayValue}  LCP ${r.audits["largest-contentful-paint"].displayValue}  TBT ${r.audits["total-blocking-time"].displayValue}`);
for (const cat of Object.values(r.categories)) {
  for (const ref of cat.auditRefs) {
    const a = r.audits[ref.id];
    if (a.score === null || a.score >= 0.9 || a.scoreDisplayMode === "informative" || a.scoreDisplayMode === "notApplicable") continue;
    console.log(`  ${cat.id}: ${a.id} (${a.score}) ${a.title}${a.displayValue ? ": " + a.displayValue : ""}`);
  }
}
' "$PWD/$out/report.report.json"
echo "full report: $out/report.report.html"
