#!/usr/bin/env python3
"""docs/PRODUCT.md#performance-targets: time from exec to the first complete frame in a 100x30 pty, verbumcare-tui side by side with htop.

Each run starts the program in a fresh pseudo terminal sized 100x30 before exec, and timestamps the read
that completes the frame: every marker text of the program's screen has been written, the last of them
being on the last row (the app's footer key hint, htop's F10 "Quit"). Time zero is CLOCK_MONOTONIC in the
child just before execve. The app runs against the demo backend on loopback (pn51 and Mac Mini up, Mac
Mini Tailscale down), in English. Goal: app < 15 ms (htop about 90 ms).

    python3 Benchmarks/scripts/first-frame.py [--runs 21] [--no-build] [--no-htop]
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def measure(argv, environment, markers, timeout=10.0, quit_keys=b"q"):
    program = benchlib.PtyProgram(argv, environment, columns=100, rows=30)
    done = program.read_until(lambda text: all(marker in text for marker in markers), timeout)
    ended_by = program.finish(quit_keys)
    if done is None:
        text = benchlib.visible_text(program.output)
        sys.exit(f"{argv[0]}: no complete frame within {timeout} s (markers {markers}); output:\n{text[-2000:]}")
    return (done - program.exec_ns) / 1e6, ended_by


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--no-htop", action="store_true")
    options = parser.parse_args()

    binary = benchlib.release_binary(build=not options.no_build)
    htop = None if options.no_htop else shutil.which("htop")
    en = benchlib.catalog("en")
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-bench-first-frame-")
    try:
        environment = benchlib.app_environment(home)
        benchlib.run_cli(binary, ["--home", home, "lang", "en"], environment)
        app_argv = [binary] + backend.app_arguments(home)
        # The title, the server and the footer's last hint (on the last row).
        app_markers = [en["app.title"], "pn51", en["key.quit"]]
        htop_environment = {"PATH": environment["PATH"], "HOME": home, "LANG": "C.UTF-8", "TERM": "xterm-256color"}
        htop_markers = ["PID", "Quit"]

        app_times, htop_times, endings = [], [], set()
        # One warm-up run of each (page cache, dynamic loader), not counted.
        measure(app_argv, environment, app_markers)
        if htop:
            measure([htop], htop_environment, htop_markers)
        for _ in range(options.runs):
            elapsed, ended_by = measure(app_argv, environment, app_markers)
            app_times.append(elapsed)
            endings.add(ended_by)
            if htop:
                htop_times.append(measure([htop], htop_environment, htop_markers)[0])
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    print(f"first complete frame, 100x30 pty, {options.runs} runs each (exec to the read completing the frame)")
    print(f"  verbumcare-tui  median {benchlib.median(app_times):7.2f} ms   min {min(app_times):7.2f}"
          f"   p90 {benchlib.percentile(app_times, 0.9):7.2f}   (goal < 15 ms; quit by {', '.join(sorted(endings))})")
    if htop_times:
        print(f"  htop            median {benchlib.median(htop_times):7.2f} ms   min {min(htop_times):7.2f}"
              f"   p90 {benchlib.percentile(htop_times, 0.9):7.2f}")
    verdict = "PASS" if benchlib.median(app_times) < 15 else "FAIL"
    htop_note = f" (htop {benchlib.median(htop_times):.1f} ms)" if htop_times else ""
    print(f"RESULT first-frame: {benchlib.median(app_times):.2f} ms median, goal < 15 ms: {verdict}{htop_note}")


if __name__ == "__main__":
    main()
