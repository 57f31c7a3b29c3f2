#!/bin/bash
# Runs the app benchmarks of docs/PRODUCT.md#performance-targets (first frame, idle CPU and memory, language switch) on the release
# build and prints their RESULT lines together at the end.
#   Benchmarks/scripts/run-all.sh [--quick]     (--quick: 10 s idle window, fewer runs)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

runs=21; seconds=60; presses=100
if [[ "${1:-}" == "--quick" ]]; then runs=7; seconds=10; presses=30; fi

echo "== building the release binary: swift build -c release --static-swift-stdlib --scratch-path .build-release-static --product verbumcare-tui"
swift build -c release --static-swift-stdlib --scratch-path .build-release-static --product verbumcare-tui > /dev/null 2>&1

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
run() {
    echo "== $*"
    if ! python3 "$@" --no-build 2>&1 | tee -a "$log"; then
        echo "RESULT $1: did not complete" | tee -a "$log"
        status=1
    fi
}
run "$here/first-frame.py" --runs "$runs"
run "$here/idle-cpu.py" --seconds "$seconds"
run "$here/language-switch.py" --presses "$presses"

echo
echo "== summary ($(uname -sr), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ))"
grep '^RESULT' "$log" | sed 's/^RESULT /  /'
exit $status
