#!/bin/bash
# Runs one fuzz target for a while: Tests/fuzz/run.sh BINARY NAME SECONDS (make fuzz, make
# fuzz-short; docs/fuzzing.md).
#
# The committed seeds are Tests/fuzz/corpus/NAME; what a run adds to them is kept in
# build/fuzz/corpus/NAME, so the next run starts from there. An input that crashes or breaks a
# property is written to build/fuzz/findings/NAME/, the run's output to build/fuzz/logs/NAME.log.
# Prints one line: executions, time and coverage (libFuzzer's cov: and ft: at the end).
set -euo pipefail

binary=$1 name=$2 seconds=$3
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$(dirname "$binary")/.." && pwd)
seeds=$here/corpus/$name
corpus=$out/corpus/$name
findings=$out/findings/$name
log=$out/logs/$name.log
mkdir -p "$corpus" "$findings" "$out/logs"
options=(-timeout=20 -rss_limit_mb=2048 -max_total_time="$seconds" -artifact_prefix="$findings/")
[ -f "$here/dict/$name.dict" ] && options+=(-dict="$here/dict/$name.dict")

# Each job runs in a child process (-fork=1): Foundation leaks a little on each malformed input
# it refuses (XMLParser's errors), which a run of an hour would pile up; jobs keep it bounded.
# A crash, a broken property, a timeout or running out of memory still ends the run.
# The Swift runtime's own crash reporter would print instead of libFuzzer's: it is turned off.
# What earlier runs found stays in $findings; only what this run finds counts.
started=$out/logs/$name.started
touch "$started"
status=0
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 nice -n "${FUZZ_NICE:-10}" \
  "$binary" -fork=1 -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0 "${options[@]}" \
  "$corpus" "$seeds" >"$log" 2>&1 || status=$?

last=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -n 1 || true)
executions=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
coverage=$(sed -nE 's/.* (cov: [0-9]+ ft: [0-9]+).*/\1/p' <<<"$last")
elapsed=$(sed -nE 's/.* time: ([0-9]+)s.*/\1/p' <<<"$last")
found=$(find "$findings" -type f -newer "$started" | sort)
if [ "$status" -ne 0 ] || [ -n "$found" ]; then
  echo "fuzz $name: FAILED after ${executions:-0} executions (log: $log)"
  [ -n "$found" ] || grep -E 'property failed|ERROR: |Fatal error|SUMMARY: ' "$log" | head -n 5 | sed 's/^/  /' || true
  for input in $found; do
    echo "  input: $input"
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$input" 2>&1 \
      | grep -E 'property failed|ERROR: AddressSanitizer|Fatal error|SUMMARY: ' | head -n 3 | cut -c1-300 | sed 's/^/    /' || true
    echo "    reproduce: SWIFT_BACKTRACE=enable=no $binary $input"
  done
  exit 1
fi
echo "fuzz $name: ${executions:-0} executions in ${elapsed:-$seconds} s, ${coverage:-no coverage line}, corpus $(ls "$corpus" | wc -l) (log: $log)"
