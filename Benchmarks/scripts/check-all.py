#!/usr/bin/env python3
"""SPEC §13 "200 custom servers: testing all of them takes about as long as the slowest one": the
release verbumcare-tui runs `check --all --json` with N custom servers (the demo backend's bench
servers: every sN.bench.example answers on one listener with one wildcard certificate, routed with a
catch-all --connect-to) and, as the peer in the same run, `check` of one of those servers alone.
Printed per run: the wall time of each, the slowest single check inside the --all run (what "the
slowest one" is when all run at once), CPU of the check process and of the demo backend.

All N servers are one Python process here: its TLS handshakes share one interpreter, so on a busy
machine the ratio to one server alone says as much about the listener as about the client.

    python3 Benchmarks/scripts/check-all.py [--servers 200] [--runs 5] [--nofile 0] [--no-build]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--servers", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--nofile", type=int, default=0, help="RLIMIT_NOFILE for check (prlimit); 0: as it is")
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()
    binary = benchlib.release_binary(build=not options.no_build)
    demo = benchlib.DemoBackend(initial=(), extra=["--bench-servers", "1"])
    home = tempfile.mkdtemp(prefix="check-all-")
    try:
        os.makedirs(home + "/config/verbumcare")
        with open(home + "/config/verbumcare/settings.json", "w") as handle:
            json.dump({"custom_servers": [f"https://s{i}.bench.example/api" for i in range(1, options.servers + 1)]}, handle)
        port = demo.ready["servers"]["bench-1"]["port"]
        arguments = demo.app_arguments(home) + ["--connect-to", f"::127.0.0.1:{port}", "--lang", "en"]
        limit = ["prlimit", f"--nofile={options.nofile}:{options.nofile}", "--"] if options.nofile else []
        environment = benchlib.app_environment(home)
        ratios = []
        to_slowest = []
        totals = []
        for run in range(options.runs):
            before = cpu_seconds(demo.process.pid)
            start = time.monotonic()
            result = subprocess.run(limit + ["/usr/bin/time", "-f", "%U %S", binary] + arguments + ["check", "--all", "--json"],
                                    env=environment, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
            total = time.monotonic() - start
            demo_cpu = cpu_seconds(demo.process.pid) - before
            user, system = (float(x) for x in result.stderr.strip().splitlines()[-1].split())
            servers = json.loads(result.stdout)
            connected = sum(1 for s in servers if s["connectionStatus"] == "connected")
            slowest = max(c["timings"]["totalMs"] for s in servers for c in s["checks"]) / 1000
            start = time.monotonic()
            subprocess.run([binary] + arguments + ["check", "--json", f"https://s{options.servers // 2 + 1}.bench.example/api"],
                           env=environment, capture_output=True, stdin=subprocess.DEVNULL, timeout=60, check=True)
            alone = time.monotonic() - start
            ratios.append(total / alone)
            to_slowest.append(total / slowest)
            totals.append(total)
            print(f"run {run + 1}: {len(servers)} servers {total:.2f} s ({connected} connected, "
                  f"{len(servers) / total:.0f} servers/s); slowest check inside {slowest:.2f} s; "
                  f"one server alone {alone:.2f} s; check CPU {user + system:.2f} s, demo backend CPU {demo_cpu:.2f} s")
        print(f"median: all / one alone = {benchlib.median(ratios):.1f}")
        ratio = benchlib.median(to_slowest)
        # "About as long as the slowest one": the run's wall time over its slowest single check
        # (the process's start and the JSON are the rest); 1.5 is where "about" stops.
        print(f"RESULT check-all: {options.servers} servers in {benchlib.median(totals):.2f} s ="
              f" {ratio:.2f} x the slowest check inside the run, goal about 1 (<= 1.5): {benchlib.verdict(ratio <= 1.5)}")
    finally:
        demo.stop()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
