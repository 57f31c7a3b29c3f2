#!/bin/bash
# Runs the app benchmarks of docs/PRODUCT.md: Performance targets in one go on the binary scripts/install produces (the release build
# with the Swift runtime linked statically) and prints their RESULT lines together at the end, each figure
# next to its goal:
#   first complete frame against htop, btop, mc and whiptail; memory before and after the first probe and
#   when libcurl is loaded; what the binary's resident pages at the first frame are (root only); language switch CPU; idle CPU over 60 s
#   with a named bundle and with the system CA store (a mount namespace of its own), the app recording history in both
#   (the rows it wrote are counted), in tmux and in a terminal that answers nothing; a hung and a returning server; a
#   stalled resolver (network namespace); the cold four checks against curl; 200 custom servers checked at once;
#   and the in-process figures of verbumcare-bench (switch CPU, the 200-server frame, a probe against curl, the
#   system CA store against a named bundle, history size and query time, the `fleet` frame with 500 boxes);
#   the remote write of a round (CPU) and a 7-day backfill of 10 servers against Debian's prometheus
#   (remote-write.py).
#
#   Benchmarks/scripts/run-all.sh [--quick]     (--quick: 10 s idle window, fewer runs)
#
# The comparison programs are installed with apt-get when missing (Debian packages htop, btop, mc,
# whiptail), as are strace and curl. VERBUMCARE_TUI_BINARY=PATH measures another binary (no build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

runs=21; seconds=60; presses=100; change_runs=2; outage=70; cold_runs=21
if [[ "${1:-}" == "--quick" ]]; then runs=7; seconds=10; presses=30; change_runs=1; outage=30; cold_runs=7; fi

missing=()
for tool in htop btop mc whiptail strace curl tmux; do
    command -v "$tool" > /dev/null || missing+=("$tool")
done
if (( ${#missing[@]} )); then
    echo "== installing ${missing[*]}"
    if [[ $(id -u) == 0 ]]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get install -y -q "${missing[@]}" > /dev/null || echo "   (could not install: those figures are skipped)"
fi

if [[ -z "${VERBUMCARE_TUI_BINARY:-}" ]]; then
    echo "== building the release binary: scripts/build-release --scratch-path .build-release-static"
    scripts/build-release --scratch-path .build-release-static > /dev/null 2>&1
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
run() {
    echo "== $*"
    if ! python3 "$@" --no-build 2>&1 | tee -a "$log"; then
        echo "RESULT $(basename "$1" .py): did not complete" | tee -a "$log"
        status=1
    fi
}
run "$here/first-frame.py" --runs "$runs"
run "$here/memory-probe.py"
run "$here/resident-pages.py"
# The app records history in each (no monitor runs), in tmux and in a terminal that answers nothing.
run "$here/language-switch.py" --presses "$presses"
run "$here/language-switch.py" --presses "$presses" --terminal silent
run "$here/idle-cpu.py" --seconds "$seconds" --ca bundle
run "$here/idle-cpu.py" --seconds "$seconds" --ca system
run "$here/idle-cpu.py" --seconds "$seconds" --ca bundle --terminal silent
run "$here/server-changes.py" --runs "$change_runs" --outage "$outage"
run "$here/stalled-resolver.py"
run "$here/cold-checks.py" --runs "$cold_runs"
run "$here/check-all.py" --servers 200 --runs "$change_runs"
if [[ -z "${VERBUMCARE_TUI_BINARY:-}" ]]; then
    echo "== building verbumcare-bench the same way: scripts/build-release --product verbumcare-bench"
    scripts/build-release --scratch-path .build-release-static --product verbumcare-bench > /dev/null 2>&1
fi
if [[ "${1:-}" == "--quick" ]]; then run "$here/bench-figures.py" --quick; else run "$here/bench-figures.py"; fi
if [[ "${1:-}" == "--quick" ]]; then run "$here/remote-write.py" --quick; else run "$here/remote-write.py"; fi

echo
echo "== summary ($(uname -sr), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), binary ${VERBUMCARE_TUI_BINARY:-.build-release-static})"
grep '^RESULT' "$log" | sed 's/^RESULT /  /'
exit $status
