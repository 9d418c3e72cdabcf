#!/usr/bin/env bash
# Installs what building and testing the app needs, and only what is missing,
# so a warm machine gets through it in seconds and a fresh one (CI) gets all
# of it. Source it (the scripts here do) to also get the PATH it sets up.
#
# Pinned tools: trunk 0.21.14; wasm-bindgen-cli at the exact wasm-bindgen
# version in Cargo.lock (the CLI and the library must match); wasm-opt from
# the npm package binaryen@132 (trunk would otherwise try to download one);
# wasm-split-cli from wasm_split_cli_support 0.2.4 (scripts/split.mjs);
# Debian's chromium and chromedriver (no browser downloads on this network);
# Debian's postgresql and haproxy for the scale check (scripts/scale).

set -euo pipefail

GUNJIN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export GUNJIN_ROOT
export PATH="$GUNJIN_ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
WASM_SPLIT_VERSION=0.2.4

setup_log() { printf '[setup] %s\n' "$*"; }

# cargo install with a profile for tools, not for shipping: no fat LTO, one
# codegen unit per core's worth of work, light optimisation, no debug info.
# Trunk, wasm-bindgen-cli and wasm-split-cli spend their time in other
# programs (rustc, wasm-opt) or on small inputs, so this costs nothing at run
# time and halves the install on a 2-core machine (docs/BENCHMARKS.md, "A
# fresh machine"). Profiles set in the environment override the crates' own
# [profile.release]. One target directory for the three shares the crates
# they have in common.
install_tool() {
    CARGO_PROFILE_RELEASE_LTO=off \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
        CARGO_PROFILE_RELEASE_DEBUG=false \
        CARGO_PROFILE_RELEASE_STRIP=true \
        CARGO_PROFILE_RELEASE_INCREMENTAL=false \
        CARGO_TARGET_DIR="${GUNJIN_TOOLS_TARGET:-$HOME/.cache/gunjin-tools-target}" \
        cargo install "$@"
}

setup_rust() {
    local installed
    installed="$(rustup target list --installed)"
    if ! grep -qx wasm32-unknown-unknown <<<"$installed"; then
        setup_log "adding rustup target wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown
    fi
    installed="$(rustup component list --installed)"
    local component
    for component in rustfmt clippy; do
        if ! grep -q "^$component" <<<"$installed"; then
            setup_log "adding rustup component $component"
            rustup component add "$component"
        fi
    done
}

setup_trunk() {
    if [[ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]]; then
        setup_log "installing trunk $TRUNK_VERSION (takes several minutes)"
        # Without default features: no TLS stack and no update check, which
        # an offline build (`trunk build --offline`) never uses.
        install_tool trunk --version "$TRUNK_VERSION" --locked --no-default-features
    fi
}

# The version of the `wasm-bindgen` package recorded in Cargo.lock.
wasm_bindgen_lock_version() {
    awk '/^\[\[package\]\]/ { name = "" }
         /^name = "wasm-bindgen"$/ { name = "wasm-bindgen" }
         name == "wasm-bindgen" && /^version = / { gsub(/"/, "", $3); print $3; exit }' \
        "$GUNJIN_ROOT/Cargo.lock"
}

setup_wasm_bindgen() {
    # `cargo fetch` writes Cargo.lock when it is missing and downloads every
    # crate so the builds below can run offline; it is quick when cached.
    (cd "$GUNJIN_ROOT" && cargo fetch --quiet)
    local want
    want="$(wasm_bindgen_lock_version)"
    if [[ -z "$want" ]]; then
        echo "setup: no wasm-bindgen version in Cargo.lock" >&2
        return 1
    fi
    if [[ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $want" ]] ||
        [[ "$(wasm-bindgen-test-runner --version 2>/dev/null || true)" != "wasm-bindgen-test-runner $want" ]]; then
        # Not --locked: the CLI's own lock file can pin crates that no longer
        # build with this toolchain.
        setup_log "installing wasm-bindgen-cli $want (takes a few minutes)"
        install_tool wasm-bindgen-cli --version "=$want"
    fi
}

# The tool that moves the pages behind the home page into a module of their
# own (scripts/split.mjs). It prints no version, so cargo's list of
# installed packages says which one is there.
setup_wasm_split() {
    if ! command -v wasm-split-cli >/dev/null ||
        ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
        setup_log "installing wasm-split-cli $WASM_SPLIT_VERSION (takes a few minutes)"
        install_tool wasm_split_cli_support --version "=$WASM_SPLIT_VERSION" --features build-binary --locked
    fi
}

setup_npm() {
    local stamp="$GUNJIN_ROOT/node_modules/.gunjin-lock.sha256"
    local want
    want="$(sha256sum "$GUNJIN_ROOT/package-lock.json" | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" &&
        -x "$GUNJIN_ROOT/node_modules/.bin/wasm-opt" &&
        -x "$GUNJIN_ROOT/node_modules/.bin/playwright" ]]; then
        return
    fi
    setup_log "npm ci"
    # Playwright would fetch its own browsers; we use Debian's chromium.
    (cd "$GUNJIN_ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
    printf '%s\n' "$want" >"$stamp"
}

setup_chromium() {
    if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
        return
    fi
    setup_log "installing chromium and chromium-driver from Debian"
    local sudo=""
    if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver
}

# The scale check's services: PostgreSQL (its initdb and pg_ctl, which it
# runs itself in a temporary directory; the package's own cluster is not
# used) and HAProxy.
setup_scale_services() {
    if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && command -v psql >/dev/null &&
        command -v haproxy >/dev/null; then
        return
    fi
    setup_log "installing postgresql and haproxy from Debian"
    local sudo=""
    if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql haproxy
}

setup_all() {
    setup_rust
    setup_npm
    setup_chromium
    setup_scale_services
    setup_wasm_bindgen
    setup_wasm_split
    setup_trunk
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    setup_all
    setup_log "ready"
fi
