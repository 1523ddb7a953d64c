# What .ci/run and scripts/package.sh share: installing what a fresh Debian machine lacks,
# from the package registries only (apt, crates.io, rustup). Sourced from the
# repository's root.

# Installs those of the Debian packages named that are not installed yet.
need_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "all present: $*"
    return 0
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      echo "missing: ${missing[*]}; as root, run: apt-get install ${missing[*]}" >&2
      return 1
    }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The browser build's tools (scripts/site.sh): the wasm32 target and wasm-bindgen-cli at
# the version Cargo.lock names, which also brings the runner of the wasm32 tests. It stays
# in ~/.cargo/bin between runs. It runs for seconds, so it is built quickly rather than
# made fast (its first install: 1 min 48 s on two cores).
fast_install() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false \
    cargo install "$@"
}
web_tools() {
  rustup target add wasm32-unknown-unknown
  local bindgen
  bindgen=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
  [ -n "$bindgen" ] || { echo "Cargo.lock names no wasm-bindgen"; return 1; }
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
    fast_install wasm-bindgen-cli --version "$bindgen"
  fi
}
