#!/usr/bin/env python3
"""SPEC §13 figures measured in-process by `verbumcare-bench`, built in release with the shipped
binary's options (scripts/build-release --product verbumcare-bench, same scratch folder), each
turned into a RESULT line next to its goal:

  ui        language switch (keypress → reduce → render → diff), CPU per switch, goal < 0.5 ms;
            the pane with 200 custom servers, one full frame, goal < 2 ms
  probe     a kept-alive probe against one `curl` process fetching /health (wall, same run);
            a cold probe against curl's own time_total (goal within 10 %);
            the system CA store against the same file named as a bundle (CPU, goal <= 1.1 x)
  report    the BCP report of a year of 10 servers in the four formats (goal < 1 s)
  fleet     `fleet`'s frame with 500 boxes once the query has answered (render + full diff,
            120x40 and with all 500 rows drawn), goal < 2 ms
  history   a year of 10 s probes on disk (goal <= 5 MB per server); 30 days of 10 servers
            queried (goal < 100 ms)

    python3 Benchmarks/scripts/bench-figures.py [--no-build] [--quick]
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def bench_binary(build):
    binary = os.path.join(benchlib.SCRATCH, "release", "verbumcare-bench")
    if build:
        benchlib.log("building: scripts/build-release --scratch-path .build-release-static --product verbumcare-bench")
        binary = subprocess.run(benchlib.BUILD + ["--product", "verbumcare-bench"], cwd=benchlib.ROOT, check=True,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is missing: build it (or leave out --no-build)")
    return binary


def run(binary, *arguments):
    """The subcommand's output, echoed as it is printed to our stdout as well."""
    completed = subprocess.run([binary, *arguments], cwd=benchlib.ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=dict(os.environ, LANG="C.UTF-8"))
    print(completed.stdout, end="", flush=True)
    if completed.returncode != 0:
        print(f"RESULT bench-{'-'.join(arguments[:2])}: exited with {completed.returncode}")
    return completed.stdout


def figure(text, pattern):
    match = re.search(pattern, text, re.MULTILINE)
    return float(match.group(1)) if match else None


def result(name, value, unit, goal_text, holds):
    if value is None:
        print(f"RESULT {name}: no figure in the output")
    else:
        print(f"RESULT {name}: {value:.3f} {unit}, goal {goal_text}: {benchlib.verdict(holds(value))}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release verbumcare-bench as it is")
    parser.add_argument("--quick", action="store_true", help="fewer iterations")
    options = parser.parse_args()
    binary = bench_binary(build=not options.no_build)
    iterations = "300" if options.quick else "2000"
    probes = "40" if options.quick else "200"

    ui = run(binary, "ui", "--iterations", iterations)
    switch_us = figure(ui, r"^ui\.language-switch[^:]*:.* CPU ([0-9.]+) µs")
    result("switch-cpu", None if switch_us is None else switch_us / 1000, "ms CPU per language switch", "< 0.5 ms",
           lambda value: value < 0.5)
    pane_us = figure(ui, r"^ui\.pane-200-servers[^:]*: mean ([0-9.]+) µs")
    result("pane-200-frame", None if pane_us is None else pane_us / 1000, "ms per frame with 200 servers", "< 2 ms",
           lambda value: value < 2)

    fleet = run(binary, "fleet", "--iterations", iterations)
    result("fleet-500-frame", figure(fleet, r"^fleet\.frame-500-boxes\.ja\.120x40[^:]*: mean ([0-9.]+) µs"),
           "ms per frame with 500 boxes (ja, 120x40)", "< 2 ms", lambda value: value / 1000 < 2)
    result("fleet-500-all-rows", figure(fleet, r"^fleet\.frame-500-boxes\.ja\.120x506[^:]*: mean ([0-9.]+) µs"),
           "ms per frame with all 500 rows drawn (ja, 120x506)", "< 2 ms", lambda value: value / 1000 < 2)

    keepalive = run(binary, "probe", "keepalive", "--iterations", probes)
    result("probe-keepalive", figure(keepalive, r"ratio probe/curl \(medians\): ([0-9.]+)"),
           "x one curl process (wall)", "< 1", lambda value: value < 1)
    cold = run(binary, "probe", "cold", "--iterations", probes)
    result("probe-cold", figure(cold, r"ratio probe wall/curl time_total \(medians\): ([0-9.]+)"),
           "x curl's time_total", "<= 1.10", lambda value: value <= 1.10)
    store = run(binary, "probe", "ca-store", "--iterations", "40" if options.quick else "100",
                "--repeats", "3" if options.quick else "5")
    result("ca-store", figure(store, r"ratio system store / named bundle \(same file\): ([0-9.]+)"),
           "x the same file named as a bundle (CPU per round)", "<= 1.10", lambda value: value <= 1.10)

    history = run(binary, "history")
    result("history-size", figure(history, r"database after 365 days: ([0-9.]+) MB"), "MB per server",
           "<= 5 MB per server-year", lambda value: value <= 5)
    result("history-query", figure(history, r"incidents of all servers, open included: median ([0-9.]+) ms"), "ms",
           "< 100 ms", lambda value: value < 100)
    report = run(binary, "report")
    result("bcp-report", figure(report, r"read \+ model \+ md, csv, html, json: median ([0-9.]+) ms"), "ms",
           "< 1000 ms for a year of 10 servers", lambda value: value < 1000)


if __name__ == "__main__":
    main()
