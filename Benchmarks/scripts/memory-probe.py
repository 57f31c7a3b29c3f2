#!/usr/bin/env python3
"""docs/PRODUCT.md: Performance targets: peak memory before and after the first probe (goal <= 16 MB resident with probing on), what
the dynamic loader does at exec, and when libcurl is loaded relative to the first frame.

1. The release verbumcare-tui in a 100x30 pty against the demo backend on loopback: resident memory
   (VmRSS, VmHWM) and mapped shared objects at the instant it loads libcurl (the first probe starts right
   after the first frame, too soon to read /proc in between: a small LD_PRELOAD library stops the process
   with SIGSTOP inside its dlopen of libcurl, before the real one), then once pn51 shows as connected (the
   first probe done), then after one more probe interval.
2. The same start under `strace -f -tt -e trace=openat,write`: the time of the write that completes the
   first frame against the time libcurl.so.4 is opened (it must come after).
3. `LD_DEBUG=statistics` of `verbumcare-tui --version`: the loader's own start-up time and relocations,
   and `ldd` (libraries mapped at exec).

    python3 Benchmarks/scripts/memory-probe.py [--no-build] [--probe-interval 10]
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

GOAL_MB = 16


def snapshot(pid):
    rss, hwm = benchlib.memory_kb(pid)
    libraries = benchlib.mapped_libraries(pid)
    return {"rss": rss / 1024, "hwm": hwm / 1024, "objects": len(libraries),
            "libcurl": any(name.startswith("libcurl") for name in libraries)}


def describe(label, state):
    return (f"  {label:<34} resident {state['rss']:5.1f} MB, peak {state['hwm']:5.1f} MB,"
            f" {state['objects']:3d} shared objects, libcurl {'mapped' if state['libcurl'] else 'not mapped'}")


def strace_order(binary, backend, home, environment, en):
    """Milliseconds from exec to the frame's last write and to libcurl's openat, from strace -tt."""
    if not shutil.which("strace"):
        return None
    log = os.path.join(home, "strace.log")
    argv = [shutil.which("strace"), "-f", "-tt", "-s", "4096", "-e", "trace=execve,openat,write", "-o", log,
            binary] + backend.app_arguments(home)
    program = benchlib.PtyProgram(argv, environment)
    program.read_until(lambda text: en["status.connected"] in text, 30)
    program.finish()
    stamp = re.compile(r"^\d+\s+(\d+):(\d+):(\d+\.\d+)\s+(.*)$")
    exec_at = frame_at = curl_at = None
    with open(log, errors="replace") as handle:
        for line in handle:
            match = stamp.match(line)
            if not match:
                continue
            seconds = int(match.group(1)) * 3600 + int(match.group(2)) * 60 + float(match.group(3))
            call = match.group(4)
            if exec_at is None and call.startswith("execve(") and binary in call:
                exec_at = seconds
            elif frame_at is None and call.startswith("write(1,") and en["key.quit"] in call:
                frame_at = seconds
            elif curl_at is None and call.startswith("openat(") and "libcurl.so" in call and "ENOENT" not in call:
                curl_at = seconds
    if exec_at is None:
        return None
    return tuple(None if at is None else (at - exec_at) * 1000 for at in (frame_at, curl_at))


def loader_statistics(binary, environment):
    result = subprocess.run([binary, "--version"], env=dict(environment, LD_DEBUG="statistics"),
                            capture_output=True, text=True, timeout=30)
    lines = [re.sub(r"^\s*\d+:\s*", "", line).strip() for line in result.stderr.splitlines()]
    wanted = [line for line in lines if line.startswith(("total startup time", "number of relocations",
                                                         "final number of relocations", "time needed for relocation"))]
    ldd = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout.splitlines()
    return wanted, [line.split()[0] for line in ldd if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--probe-interval", type=int, default=10)
    options = parser.parse_args()

    binary = benchlib.release_binary(build=not options.no_build)
    en = benchlib.catalog("en")
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-bench-memory-")
    try:
        environment = benchlib.app_environment(home)
        benchlib.run_cli(binary, ["--home", home, "lang", "en"], environment)
        benchlib.run_cli(binary, ["--home", home, "settings", "set", "probe_interval", str(options.probe_interval)],
                         environment)
        program, stopped = benchlib.start_until_libcurl(binary, backend.app_arguments(home), environment,
                                                        (en["app.title"], "pn51", en["key.quit"]), home)
        at_frame = snapshot(program.pid)
        if stopped:
            os.kill(program.pid, signal.SIGCONT)
        if program.read_until(lambda text: en["status.connected"] in text, 30) is None:
            sys.exit("pn51 never showed as connected")
        time.sleep(1.0)
        after_probe = snapshot(program.pid)
        program.drain(options.probe_interval + 1.0)
        steady = snapshot(program.pid)
        program.finish()
        order = strace_order(binary, backend, home, environment, en)
        statistics, libraries = loader_statistics(binary, environment)
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    print(f"memory of the release verbumcare-tui, 100x30 pty, demo backend, probe_interval {options.probe_interval} s")
    print(describe("first frame drawn, loading libcurl:", at_frame))
    print(describe("after the first probe:", after_probe))
    print(describe(f"after {options.probe_interval + 1} s more (probing on):", steady))
    if order:
        frame_ms, curl_ms = order
        frame_text = f"{frame_ms:.1f} ms" if frame_ms is not None else "not seen"
        curl_text = f"{curl_ms:.1f} ms" if curl_ms is not None else "never"
        print(f"  under strace (slower): frame's last write at {frame_text} after exec, libcurl.so.4 opened at {curl_text}")
    print(f"  loader at exec (LD_DEBUG=statistics, --version): {'; '.join(statistics) or 'no statistics'}")
    print(f"  ldd: {len(libraries)} libraries: {' '.join(libraries)}")
    peak = steady["hwm"]
    print(f"RESULT peak-memory: before the first probe {at_frame['hwm']:.1f} MB, after {after_probe['hwm']:.1f} MB,"
          f" with probing {peak:.1f} MB VmHWM, goal <= {GOAL_MB} MB: {benchlib.verdict(peak <= GOAL_MB)}")
    print(f"RESULT libcurl-at-exec: libcurl mapped at the first frame: {'yes' if at_frame['libcurl'] else 'no'},"
          f" after the first probe: {'yes' if after_probe['libcurl'] else 'no'}, in ldd:"
          f" {'yes' if any('libcurl' in name for name in libraries) else 'no'}, goal no/yes/no:"
          f" {benchlib.verdict(not at_frame['libcurl'] and after_probe['libcurl'] and not any('libcurl' in n for n in libraries))}")


if __name__ == "__main__":
    main()
