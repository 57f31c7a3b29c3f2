#!/usr/bin/env python3
"""docs/PRODUCT.md: Performance targets: language switch, keypress to the complete new frame flushed, in CPU time in the process (goal < 0.5 ms).

Runs the release verbumcare-tui in a 100x30 terminal (a tmux pane, or with --terminal a pty that answers
every start-up question or none) against the demo backend on loopback, recording history (the app holds
the recorder lock: no monitor runs; the raw rows it wrote during the run are counted), with
VERBUMCARE_FRAME_STATS=FILE, where the app appends one line per handled key:
`key=<name> cpu_us=<thread CPU microseconds from handling the key to the flushed frame>`.
Presses `l` N times (waiting for each key's line) and prints the median and p95 of cpu_us for `l`.

    python3 Benchmarks/scripts/language-switch.py [--presses 100] [--terminal tmux|answering|silent] [--no-build]
"""
import argparse
import os
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

LINE = re.compile(r"key=(\S+)\s+cpu_us=([0-9.]+)")
CHARACTER = re.compile(r'^character\("(.*)"\)$')


def key_name(raw):
    """`l` whether the app writes it as `l` or as the Key enum's `character("l")`."""
    match = CHARACTER.match(raw)
    return match.group(1) if match else raw


def read_stats(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return [(key_name(m.group(1)), float(m.group(2))) for m in map(LINE.search, handle) if m]
    except FileNotFoundError:
        return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--terminal", choices=benchlib.TERMINALS, default="tmux",
                        help="tmux (default), a pty that answers every question, or one that answers none")
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    options = parser.parse_args()

    binary = benchlib.release_binary(build=not options.no_build)
    ja = benchlib.catalog("ja")
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-bench-lang-")
    stats_file = os.path.join(home, "frame-stats.txt")
    tmux = benchlib.terminal(options.terminal)
    try:
        environment = benchlib.app_environment(home, {"TERM": "tmux-256color", "VERBUMCARE_FRAME_STATS": stats_file})
        benchlib.run_cli(binary, ["--home", home, "lang", "ja"], environment)
        tmux.start([binary] + backend.app_arguments(home), environment)
        tmux.wait_for(lambda screen: ja["status.connected"] in screen, 30, "pn51 connected (ja)")
        time.sleep(0.5)
        for press in range(options.presses):
            before = len(read_stats(stats_file))
            tmux.send("l")
            deadline = time.monotonic() + 5
            while len(read_stats(stats_file)) <= before:
                if time.monotonic() > deadline:
                    if press == 0:
                        print("RESULT language-switch: no frame statistics: the app did not write "
                              f"VERBUMCARE_FRAME_STATS ({stats_file}) after a key press")
                        return
                    sys.exit(f"no statistics line for press {press + 1}")
                time.sleep(0.005)
        rows = benchlib.history_rows(home)
        tmux.send("q")
    finally:
        tmux.close()
        backend.stop()
        stats = read_stats(stats_file)
        shutil.rmtree(home, ignore_errors=True)

    times = [cpu for key, cpu in stats if key == "l"]
    print(f"  terminal: {options.terminal}; history rows recorded by the app during the run: {rows}")
    if not times:
        print(f"RESULT language-switch: no key=l lines among {len(stats)} statistics lines")
        return
    print(f"language switch (l), {len(times)} presses, thread CPU from key to flushed frame")
    print(f"  median {benchlib.median(times):8.1f} us   p95 {benchlib.percentile(times, 0.95):8.1f} us"
          f"   min {min(times):8.1f} us   max {max(times):8.1f} us")
    others = sorted({key for key, _ in stats if key != "l"})
    if others:
        print(f"  (other keys in the file: {', '.join(others)})")
    verdict = benchlib.verdict(benchlib.median(times) < 500)
    recording = "recording history" if rows else "NOT recording history"
    print(f"RESULT language-switch ({options.terminal}): median {benchlib.median(times) / 1000:.3f} ms,"
          f" p95 {benchlib.percentile(times, 0.95) / 1000:.3f} ms CPU, {recording}, goal < 0.5 ms: {verdict}")


if __name__ == "__main__":
    main()
