#!/usr/bin/env bash
# SearchLab's packages, built from a clone on a Debian 12 (or Ubuntu) x86-64 machine, which
# gets what it lacks from the package registries only (apt, crates.io, rustup):
#
#   searchlab-VERSION-x86_64-linux.tar.gz      the program, README, licence, icon, .desktop,
#                                               install.sh (for one user, in ~/.local)
#   searchlab_VERSION_amd64.deb                 the command, a menu entry, run files opened
#   searchlab-VERSION-x86_64-windows.zip        searchlab.exe (command line), searchlab-app.exe
#   searchlab-VERSION-x86_64-windows-setup.exe  an installer for one user, no admin rights
#   searchlab-VERSION-web.zip                   the browser build, for any static web host
#
# Usage: scripts/package.sh [--out DIR] [linux] [windows] [web]
#   (no kind named: all three; DIR defaults to packages/). From a fresh clone all three
#   take about ten minutes on two cores, the tools once installed (docs/INSTALL.md).
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
source scripts/lib.sh

out=packages
kinds=()
while [ $# -gt 0 ]; do
  case "$1" in
    # A relative folder is the caller's, not the repository's.
    --out) out=${2:?--out needs a folder}; [[ "$out" = /* ]] || out="$caller/$out"; shift 2 ;;
    linux | windows | web) kinds+=("$1"); shift ;;
    *) echo "usage: scripts/package.sh [--out DIR] [linux] [windows] [web]" >&2; exit 2 ;;
  esac
done
[ ${#kinds[@]} -gt 0 ] || kinds=(linux windows web)
wants() { [[ " ${kinds[*]} " == *" $1 "* ]]; }

version=$(cargo pkgid | sed 's/.*[#@]//')
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
step() { printf '\n=== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

need_packages zip imagemagick
# The icon for Windows and the installer, from the app's own (assets/icon-256.png).
convert assets/icon-256.png -define icon:auto-resize=256,48,32,16 "$stage/searchlab.ico"

if wants linux; then
  step "Linux: the release build, the archive and the .deb"
  need_packages dpkg-dev desktop-file-utils
  desktop-file-validate packaging/linux/searchlab.desktop
  command -v cargo-deb >/dev/null || cargo install --locked cargo-deb
  cargo build --release
  name="searchlab-$version-x86_64-linux"
  mkdir "$stage/$name"
  cp target/release/searchlab README.md LICENSE packaging/linux/install.sh \
    packaging/linux/searchlab.desktop packaging/linux/searchlab.xml "$stage/$name/"
  cp assets/icon-256.png "$stage/$name/searchlab.png"
  tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
  # The binary as built (its debug info stripped by the release profile, its symbols kept).
  cargo deb --no-build --no-strip --output "$out/searchlab_${version}_amd64.deb"
fi

if wants windows; then
  step "Windows: the cross build, the zip and the installer"
  need_packages gcc-mingw-w64-x86-64 nsis
  rustup target add x86_64-pc-windows-gnu
  cargo build --release --target x86_64-pc-windows-gnu --features windows-app --bins
  name="searchlab-$version-x86_64-windows"
  mkdir "$stage/$name"
  cp target/x86_64-pc-windows-gnu/release/searchlab.exe \
    target/x86_64-pc-windows-gnu/release/searchlab-app.exe "$stage/searchlab.ico" \
    README.md "$stage/$name/"
  # Windows' own line ends, so that Notepad shows the licence as written.
  sed 's/$/\r/' LICENSE > "$stage/$name/LICENSE.txt"
  rm -f "$out/$name.zip"
  (cd "$stage" && zip -qr9 "$out/$name.zip" "$name")
  makensis -V2 -DVERSION="$version" -DSTAGE="$stage/$name" \
    -DOUTFILE="$out/$name-setup.exe" packaging/windows/searchlab.nsi
fi

if wants web; then
  step "The browser build (scripts/site.sh) as a zip"
  web_tools
  scripts/site.sh dist
  rm -f "$out/searchlab-$version-web.zip"
  (cd dist && zip -qr9 "$out/searchlab-$version-web.zip" .)
fi

step "Packages in $out"
ls -l "$out"
