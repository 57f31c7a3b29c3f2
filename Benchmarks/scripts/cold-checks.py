#!/usr/bin/env python3
"""docs/PRODUCT.md: Performance targets: a cold test of the four checks (new process, new connections, new TLS handshakes) against
curl fetching the same four URLs at once. `verbumcare-tui check pn51 --json` and
`curl --parallel --parallel-immediate` with the same four URLs, --cacert and --connect-to, each timed from
spawn to exit, alternately, against the demo backend on loopback. Goal: within 10 % of curl.

    python3 Benchmarks/scripts/cold-checks.py [--runs 21] [--no-build]
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

GOAL_RATIO = 1.10


def timed(argv, environment):
    start = time.monotonic_ns()
    result = subprocess.run(argv, env=environment, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            timeout=60)
    return (time.monotonic_ns() - start) / 1e6, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    options = parser.parse_args()

    binary = benchlib.release_binary(build=not options.no_build)
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-bench-cold-")
    try:
        environment = benchlib.app_environment(home)
        app = [binary] + backend.app_arguments(home) + ["check", "pn51", "--json"]
        first = json.loads(benchlib.run_cli(binary, app[1:], environment))
        urls = [check["url"] for check in first["checks"]]
        curl = ["curl", "-s", "--parallel", "--parallel-immediate", "--cacert", backend.ready["ca"]]
        for spec in backend.ready["connectTo"]:
            curl += ["--connect-to", spec]
        curl += ["-w", "%{time_total}\\n"]
        for url in urls:
            curl += ["-o", "/dev/null", url]
        app_times, curl_times, app_inner, curl_inner = [], [], [], []
        timed(app, environment)
        timed(curl, environment)
        for _ in range(options.runs):
            elapsed, result = timed(app, environment)
            checks = json.loads(result.stdout)["checks"]
            if any(check["status"] != "success" for check in checks):
                sys.exit(f"a check failed: {result.stdout}")
            app_times.append(elapsed)
            app_inner.append(max(check["timings"]["totalMs"] for check in checks))
            elapsed, result = timed(curl, environment)
            if result.returncode != 0:
                sys.exit(f"curl failed: {result.stderr}")
            curl_times.append(elapsed)
            curl_inner.append(max(float(value) for value in result.stdout.split()) * 1000)
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    app_median, curl_median = benchlib.median(app_times), benchlib.median(curl_times)
    ratio = app_median / curl_median
    print(f"cold four checks of pn51, {options.runs} runs each, spawn to exit")
    print(f"  verbumcare-tui check  median {app_median:7.2f} ms   min {min(app_times):7.2f}"
          f"   (slowest check inside: median {benchlib.median(app_inner):.2f} ms)")
    print(f"  curl --parallel       median {curl_median:7.2f} ms   min {min(curl_times):7.2f}"
          f"   (slowest time_total inside: median {benchlib.median(curl_inner):.2f} ms)")
    print(f"RESULT cold-checks: {app_median:.1f} ms vs curl {curl_median:.1f} ms = {ratio:.3f} x,"
          f" goal <= {GOAL_RATIO} x: {benchlib.verdict(ratio <= GOAL_RATIO)}")


if __name__ == "__main__":
    main()
