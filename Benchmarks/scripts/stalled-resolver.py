#!/usr/bin/env python3
"""docs/PRODUCT.md (Transport rules; Performance targets): a resolver that never answers. `verbumcare-tui check` of a host that only DNS could
resolve, in network and mount namespaces whose DNS server drops every query (with-stalled-resolver.sh:
nothing leaves the machine), for connection timeouts of 5 and 10 s, next to curl with the same limits.
Goal: every check answered within the timeout + 1 s, as `dns`.

    python3 Benchmarks/scripts/stalled-resolver.py [--no-build] [--timeouts 5 10]
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

WRAPPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "with-stalled-resolver.sh")
URL = "https://stalled.verbumcare.test/api"


def timed(argv, environment, limit):
    start = time.monotonic()
    result = subprocess.run(["/bin/sh", WRAPPER] + argv, env=environment, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=limit)
    return time.monotonic() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--timeouts", type=int, nargs="+", default=[5, 10])
    options = parser.parse_args()

    binary = benchlib.release_binary(build=not options.no_build)
    home = tempfile.mkdtemp(prefix="vc-bench-resolver-")
    environment = benchlib.app_environment(home, {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
    worst_excess, all_dns = -1e9, True
    try:
        probe = subprocess.run(["/bin/sh", WRAPPER, "true"], env=environment, capture_output=True, text=True)
        if probe.returncode != 0:
            print(f"RESULT stalled-resolver: not measured: no network namespace here ({probe.stderr.strip()})")
            return
        print("stalled resolver (DNS server that never answers, in a network namespace)")
        for seconds in options.timeouts:
            benchlib.run_cli(binary, ["--home", home, "settings", "set", "connection_timeout", str(seconds)], environment)
            elapsed, result = timed([binary, "--home", home, "--lang", "en", "check", URL, "--json"],
                                    environment, 6 * seconds)
            try:
                checks = json.loads(result.stdout)["checks"]
                codes = sorted({(check.get("error") or {}).get("code", "none") for check in checks})
                slowest = max(check["timings"]["totalMs"] for check in checks)
            except (ValueError, KeyError):
                codes, slowest = ["no JSON: " + result.stderr.strip()[:200]], 0
            curl_elapsed, curl = timed(["curl", "-sS", "-o", "/dev/null", "--connect-timeout", str(seconds),
                                        "-m", str(seconds), "https://stalled.verbumcare.test/health"],
                                       environment, 6 * seconds)
            all_dns = all_dns and codes == ["dns"]
            worst_excess = max(worst_excess, elapsed - seconds)
            print(f"  timeout {seconds:2d} s: verbumcare-tui check {elapsed:6.2f} s (slowest check {slowest / 1000:.2f} s),"
                  f" codes {', '.join(codes)}; curl {curl_elapsed:6.2f} s (exit {curl.returncode}:"
                  f" {curl.stderr.strip()[:60]})")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    ok = all_dns and worst_excess <= 1.0
    print(f"RESULT stalled-resolver: answered at most {worst_excess:+.2f} s after the timeout, codes"
          f" {'all dns' if all_dns else 'not all dns'}, goal <= timeout + 1 s as dns: {benchlib.verdict(ok)}"
          " (wall time of the whole command, process start included)")


if __name__ == "__main__":
    main()
