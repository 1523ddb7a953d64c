#!/usr/bin/env bash
# Measures the app's frame times under Xvfb while a solver runs.
#
#   scripts/frame-stats.sh COLS ROWS ALGORITHM SECONDS [end]
#                                                          a knight's tour solver (with
#                                                          `end`, its answer drawn whole
#                                                          at once instead of animated)
#   scripts/frame-stats.sh queens N ALGORITHM SECONDS      an N-Queens solver (heuristic h2,
#                                                          the cultural one without a
#                                                          generation limit)
#   scripts/frame-stats.sh compare COLSxROWS A,B,… SECONDS the Compare tab: the knight
#                                                          algorithms A, B, … together, then
#                                                          50 trials each on every core
#
# Starts the release binary in a 1280x800 virtual screen with SEARCHLAB_FRAME_STATS=1 (the
# app then repaints continuously and prints eframe's frame times every 2 s), with a fresh
# saved state for the given board and algorithm, presses R to run, and samples the
# process's resident memory once a second. Needs xvfb, xdotool and imagemagick (.ci/run
# installs them) and `cargo build --release` (or another build named by SEARCHLAB_BIN, to
# compare two). Leaves out/frame-stats/{stats.log,rss.log,screen.png}.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { [ $# -eq 5 ] && [ "$5" = end ]; } || { echo "usage: $0 COLS ROWS ALGORITHM SECONDS [end] | queens N ALGORITHM SECONDS | compare COLSxROWS A,B,... SECONDS" >&2; exit 2; }
cols=$1 rows=$2 algo=$3 secs=$4
speed=12.0
[ "${5:-}" = end ] && speed=1000.0
out=out/frame-stats
mkdir -p "$out"
XDG_DATA_HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d)
chmod 700 "$XDG_RUNTIME_DIR"
export XDG_DATA_HOME XDG_RUNTIME_DIR
mkdir -p "$XDG_DATA_HOME/searchlab"
if [ "$cols" = compare ]; then
  list=""
  IFS=, read -ra chosen <<< "$algo"
  for a in "${chosen[@]}"; do list+="\\\"$a\\\", "; done
  state="(version: 1, dark: true, welcomed: true, knight: (), tab: Compare, compare: (puzzle: Knight, cols: ${rows%x*}, rows: ${rows#*x}, knight_algorithms: [$list], trials: 50, time_limit_s: 600.0))"
elif [ "$cols" = queens ]; then
  state="(version: 1, dark: true, welcomed: true, knight: (), tab: Queens, queens: (n: $rows, algorithm: \\\"$algo\\\", heuristic: \\\"h2\\\", params: {\\\"cultural.generations\\\": \\\"100000000\\\"}, time_limit_s: 600.0))"
else
  closed=false
  [ "$algo" = closed-construct ] && closed=true
  state="(version: 1, dark: true, welcomed: true, knight: (cols: $cols, rows: $rows, closed: $closed, algorithm: \\\"$algo\\\", time_limit_s: 600.0, speed: $speed))"
fi
printf '{"searchlab": "%s"}\n' "$state" > "$XDG_DATA_HOME/searchlab/app.ron"

rm -f "$out/rss.log"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  out=$1 secs=$2
  SEARCHLAB_FRAME_STATS=1 "${SEARCHLAB_BIN:-target/release/searchlab}" 2> "$out/stats.log" &
  pid=$!
  for _ in $(seq 1 60); do
    xdotool search --name "^SearchLab$" >/dev/null 2>&1 && break
    sleep 0.5
  done
  sleep 2
  wid=$(xdotool search --name "^SearchLab$" | head -1)
  xdotool mousemove --window "$wid" 700 5 click 1
  xdotool windowfocus "$wid" 2>/dev/null || true
  sleep 0.3
  xdotool key r
  for i in $(seq 1 "$secs"); do
    sleep 1
    echo "t=$i rss_kb=$(ps -o rss= -p $pid)" >> "$out/rss.log"
  done
  import -window root "$out/screen.png"
  kill $pid
' _ "$out" "$secs" 2>&1 | grep -v XGetInputFocus || true
# The first report covers start-up; the rest are the run (and its animation).
tail -n +2 "$out/stats.log" | awk '
  { frames += $3; secs += $6; mean += $13; if ($16 > max) max = $16; n++; if ($NF == "true") busy++ }
  END { if (n) printf "%.0f frames/s; eframe frame time mean %.2f ms, worst %.2f ms (%d of %d reports with the solver running)\n", frames / secs, mean / n, max, busy, n }'
awk -F= 'NR == 1 { first = $3 } END { printf "resident memory: %.0f MB after 1 s, %.0f MB at the end\n", first / 1024, $3 / 1024 }' "$out/rss.log"
