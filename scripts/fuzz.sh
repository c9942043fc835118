#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/fuzz_targets/) for SECONDS each (default 600).
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# FUZZ_JOBS=2 runs two targets at a time. The checked-in seeds (fuzz/corpus/<target>/) are only read;
# what the fuzzer learns goes to fuzz/target/corpus/<target>/ (not committed) and crashes to
# fuzz/artifacts/<target>/. Exits non-zero when any target finds a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SECONDS_EACH="${1:-600}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(position_strings json_state moves match_actions records)
fi
JOBS="${FUZZ_JOBS:-1}"
# FUZZ_SANITIZER=none runs faster (the core has no unsafe code); the default is cargo-fuzz's address.
SANITIZER="${FUZZ_SANITIZER:-address}"
export SANITIZER
NIGHTLY="$(cat scripts/nightly)"
export NIGHTLY
if ! rustup toolchain list | grep -q "^$NIGHTLY-"; then
  echo "fuzz.sh: the $NIGHTLY toolchain is needed: bash scripts/setup.sh installs it" >&2
  exit 2
fi

cargo +"$NIGHTLY" fuzz build -s "$SANITIZER" >/dev/null
mkdir -p fuzz/target/logs

run_one() {
  local t="$1" secs="$2"
  mkdir -p "fuzz/target/corpus/$t" "fuzz/corpus/$t"
  local log="fuzz/target/logs/$t.log" status=0
  cargo +"$NIGHTLY" fuzz run -s "$SANITIZER" "$t" "fuzz/target/corpus/$t" "fuzz/corpus/$t" -- \
    -max_total_time="$secs" -max_len=4096 -timeout=20 -rss_limit_mb=1024 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  local runs
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  printf '%s %s: %s s, %s runs, sanitizer %s, exit %s\n' "$(date -u +%FT%TZ)" "$t" "$secs" "$runs" \
    "$SANITIZER" "$status" |
    tee -a fuzz/target/logs/summary.txt
  return "$status"
}
export -f run_one

printf '%s\n' "${TARGETS[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {} "$SECONDS_EACH"
