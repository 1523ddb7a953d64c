#!/usr/bin/env bash
# The browser build: the app compiled to WebAssembly with the `web` profile (Cargo.toml),
# its JavaScript glue made by wasm-bindgen, and the page's own files (web/), written to a
# folder any static file server can serve (dist/ unless named).
#
#   scripts/site.sh [FOLDER]          build the site
#   scripts/site.sh --serve [FOLDER]  build it, then serve it at http://127.0.0.1:8080
#
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version Cargo.lock
# names (scripts/lib.sh's `web_tools` installs both; docs/INSTALL.md says how by hand).
set -euo pipefail
cd "$(dirname "$0")/.."

serve=false
if [ "${1:-}" = "--serve" ]; then
  serve=true
  shift
fi
out=${1:-dist}
[ $# -le 1 ] || { echo "usage: scripts/site.sh [--serve] [FOLDER]" >&2; exit 2; }

bindgen=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
have=$(wasm-bindgen --version 2>/dev/null || true)
if [ "$have" != "wasm-bindgen $bindgen" ]; then
  echo "the site needs wasm-bindgen $bindgen (the version Cargo.lock names); found: ${have:-none}" >&2
  echo "install it with: cargo install wasm-bindgen-cli --version $bindgen" >&2
  exit 1
fi
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown || {
  echo "the site needs the wasm32 target; add it with: rustup target add wasm32-unknown-unknown" >&2
  exit 1
}

cargo build --target wasm32-unknown-unknown --profile web --bin searchlab
# A fresh folder each time, so that nothing of an older build is served with this one.
rm -rf "$out"
mkdir -p "$out"
# `--target web`: an ES module that the page and the Web Worker (web/worker.js) both import
# by its plain name, searchlab.js, with the module beside it as searchlab_bg.wasm.
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/web/searchlab.wasm
cp web/index.html web/worker.js web/sw.js assets/icon-256.png "$out/"
echo "the site is in $out/ ($(du -sh "$out" | cut -f1))"

if $serve; then
  echo "serving $out/ at http://127.0.0.1:8080 (Ctrl-C stops)"
  exec python3 -m http.server 8080 --bind 127.0.0.1 --directory "$out"
fi
