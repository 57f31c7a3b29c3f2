#!/usr/bin/env python3
"""SPEC §13: memory with probing running against the C reference (goal: resident at most 1.4 x the C program that
makes the same four checks with the same libcurl, in the same run; the app's own pages, its binary's resident pages
plus anonymous memory, at most 6 MB), what the dynamic loader does at exec, and when libcurl is loaded relative to
the first frame.

0. The C reference (Benchmarks/reference/four-checks.c, built here with cc and -lcurl) makes the four checks of
   pn51 (the URLs `verbumcare-tui check pn51 --json` reports) against the same demo backend, with the same CA
   bundle and routes, for as many rounds as the app probes here; its VmHWM once done is the peer's figure.

1. The release verbumcare-tui in a 100x30 pty against the demo backend on loopback: resident memory
   (VmRSS, VmHWM) and mapped shared objects at the instant it loads libcurl (the first probe starts right
   after the first frame, too soon to read /proc in between: a small LD_PRELOAD library stops the process
   with SIGSTOP inside its dlopen of libcurl, before the real one), then once pn51 shows as connected (the
   first probe done), then after one more probe interval.
2. The same start under `strace -f -tt -e trace=openat,write`: the time of the write that completes the
   first frame against the time libcurl.so.4 is opened (it must come after).
3. `LD_DEBUG=statistics` of `verbumcare-tui --version`: the loader's own start-up time and relocations,
   and `ldd` (libraries mapped at exec).

Both processes' resident pages are listed per mapping (/proc/PID/smaps: the binary's text, read-only data and
data, heap and other anonymous memory, libcurl, OpenSSL, libc, the rest), so a change shows where it went; with
gdb, malloc's own account (malloc_info) and then what malloc_trim(0) gives back (free memory malloc holds), and
the threads alive while probing, by name (each has a stack and a malloc cache of its own).

    python3 Benchmarks/scripts/memory-probe.py [--no-build] [--probe-interval 10]
"""
import argparse
import json
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

GOAL_RATIO = 1.4
GOAL_OWN_MB = 6.0
REFERENCE = os.path.join(benchlib.ROOT, "Benchmarks", "reference", "four-checks.c")


def snapshot(pid):
    rss, hwm = benchlib.memory_kb(pid)
    libraries = benchlib.mapped_libraries(pid)
    return {"rss": rss / 1024, "hwm": hwm / 1024, "objects": len(libraries),
            "libcurl": any(name.startswith("libcurl") for name in libraries)}


def build_reference(directory):
    """Compiles the C reference with cc and libcurl's headers; None (with the reason on stderr) when it cannot."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not compiler:
        benchlib.log("no C compiler: the C reference is not measured")
        return None
    program = os.path.join(directory, "four-checks")
    result = subprocess.run([compiler, "-O2", "-o", program, REFERENCE, "-lcurl"], capture_output=True, text=True)
    if result.returncode != 0:
        benchlib.log(f"the C reference did not build (libcurl4-openssl-dev missing?): {result.stderr.strip()}")
        return None
    return program


def run_reference(program, backend, urls, rounds, interval_ms):
    """Runs the C reference to the end of its rounds and reads it while it holds what probing left:
    (VmHWM MB, mapping breakdown), or None when a check failed."""
    argv = [program, "--cacert", backend.ready["ca"], "--rounds", str(rounds), "--interval-ms", str(interval_ms)]
    for spec in backend.ready["connectTo"]:
        argv += ["--connect-to", spec]
    process = subprocess.Popen(argv + urls, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})
    try:
        lines = []
        for line in process.stdout:
            lines.append(line.strip())
            if line.strip() == "done":
                break
        if not lines or lines[-1] != "done" or any(line.endswith("failed") for line in lines):
            benchlib.log(f"the C reference's checks failed: {lines}")
            return None
        hwm = benchlib.memory_kb(process.pid)[1] / 1024
        return hwm, breakdown(process.pid, program), anonymous_mb(process.pid)
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def anonymous_mb(pid):
    return int(benchlib.proc_status(pid, "RssAnon").split()[0]) / 1024


# Shared objects named on their own in the breakdown (the rest are summed as "other libraries"):
# libcurl and the libraries it brings are Debian's, shared with the C reference; the Swift runtime's
# libraries appear only in a binary that links them dynamically (the shipped one has them inside).
NAMED_LIBRARIES = {"libcurl": "libcurl", "libssl": "libssl", "libcrypto": "libcrypto", "libc": "libc", "libm": "libm",
                   "libncursesw": "ncurses", "libtinfo": "ncurses", "ld-linux-x86-64": "ld.so",
                   "libsqlite3": "libsqlite3", "libsnappy": "libsnappy", "libstdc++": "libstdc++",
                   "libswiftCore": "libswiftCore", "libswift_Concurrency": "libswift_Concurrency",
                   "libswift_StringProcessing": "libswift_StringProcessing",
                   "libswift_RegexParser": "libswift_RegexParser", "libFoundationEssentials": "libFoundationEssentials",
                   "libFoundation": "libFoundation", "libFoundationInternationalization": "libFoundationInternationalization",
                   "lib_FoundationICU": "lib_FoundationICU (ICU data)", "libdispatch": "libdispatch",
                   "libswiftDispatch": "libswiftDispatch"}
STACK_KB = 8192  # glibc's default thread stack (RLIMIT_STACK), the size of every thread's stack mapping


def mappings(pid):
    """/proc/PID/smaps as a list of (start, end, permissions, path, {field: kB})."""
    result = []
    with open(f"/proc/{pid}/smaps") as handle:
        for line in handle:
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                start, end = (int(value, 16) for value in head[0].split("-"))
                result.append((start, end, head[1], head[5] if len(head) >= 6 else "", {}))
            elif result and len(head) >= 2 and head[0].endswith(":") and head[1].isdigit():
                result[-1][4][head[0][:-1]] = int(head[1])
    return result


def breakdown(pid, binary):
    """Resident MB per kind of mapping, from /proc/PID/smaps: the binary's own mappings by permission
    (text r-x, read-only data r--, data rw-, and its .bss, the anonymous mapping right after it), the heap
    (brk: malloc's main arena), thread stacks (8 MiB anonymous mappings after a guard page), other
    anonymous memory (malloc's mmaps of large blocks, the Swift runtime's, libcurl's), the main stack, and
    shared objects by library. The "dirty" groups are copy-on-write pages of file mappings (relocated data
    of the libraries, written statics), which the kernel counts as anonymous (RssAnon) too."""
    binary = os.path.realpath(binary)
    groups = {}
    binary_end = None
    previous = None
    for start, end, permissions, path, fields in mappings(pid):
        rss = fields.get("Rss", 0) / 1024
        anonymous = fields.get("Anonymous", 0) / 1024
        if path and os.path.realpath(path) == binary:
            group = {"r-xp": "binary text", "r--p": "binary rodata"}.get(permissions, "binary data")
            binary_end = end
        elif not path and start == binary_end and permissions.startswith("rw"):
            group = "binary bss"
        elif path == "[heap]":
            group = "heap"
        elif path == "[stack]":
            group = "main stack"
        elif not path and (end - start) // 1024 in (STACK_KB, STACK_KB - 4) and previous \
                and previous[1] == start and previous[2] == "---p":
            group = "thread stacks"
        elif not path:
            group = "anonymous"
        elif path.startswith("["):
            group = path
        else:
            group = NAMED_LIBRARIES.get(re.sub(r"\.so.*$", "", os.path.basename(path)), "other libraries")
            if anonymous:
                groups["libraries' dirty"] = groups.get("libraries' dirty", 0) + anonymous
        previous = (start, end, permissions)
        groups[group] = groups.get(group, 0) + rss
        if group.startswith("binary") and group != "binary bss" and anonymous:
            groups["binary dirty"] = groups.get("binary dirty", 0) + anonymous
    return groups


ANONYMOUS_GROUPS = ("binary bss", "heap", "thread stacks", "anonymous", "main stack")


def binary_mb(groups):
    """The binary's resident pages: its file mappings (clean and copied-on-write) and its .bss."""
    return sum(groups.get(name, 0) for name in ("binary text", "binary rodata", "binary data", "binary bss"))


def own_mb(groups):
    """SPEC §13's own pages: the binary's resident pages plus anonymous memory (RssAnon), each page once:
    the binary's written data pages are in both, and the libraries' copied-on-write pages are kept in."""
    return binary_mb(groups) + sum(groups.get(name, 0) for name in ANONYMOUS_GROUPS if name != "binary bss") \
        + groups.get("libraries' dirty", 0)


def describe_breakdown(label, groups):
    order = ["binary text", "binary rodata", "binary data", "binary dirty", "binary bss", "heap", "thread stacks",
             "anonymous", "main stack", "libraries' dirty", "libcurl", "libssl", "libcrypto", "libc", "libm", "ncurses",
             "libsqlite3", "libsnappy", "ld.so", "other libraries"]
    names = [name for name in order if name in groups] + sorted(name for name in groups if name not in order)
    return f"  {label:<16}" + ", ".join(f"{name} {groups[name]:.2f}" for name in names if groups[name] >= 0.005)


def malloc_figures(pid, directory):
    """glibc malloc's own account of the process (malloc_info, called in it by gdb when gdb is installed):
    (bytes the arenas hold from the system, bytes of them free, blocks mmapped on their own), or None."""
    gdb = shutil.which("gdb")
    if not gdb:
        return None
    path = os.path.join(directory, "malloc-info.xml")
    commands = [f'set $file = (void *) fopen("{path}", "w")', "call (int) malloc_info(0, $file)",
                "call (int) fclose($file)"]
    argv = [gdb, "-nx", "-batch", "-p", str(pid)]
    for command in commands:
        argv += ["-ex", command]
    subprocess.run(argv, capture_output=True, text=True, timeout=60)
    try:
        with open(path) as handle:
            text = handle.read()
    except OSError:
        return None
    # The document's last <system type="current"> and <total type="mmap"> are the totals over all arenas;
    # free is fastbins + the rest (<total type="fast"> and <total type="rest">).
    totals = re.findall(r'<total type="(\w+)" count="\d+" size="(\d+)"/>', text)
    system = re.findall(r'<system type="current" size="(\d+)"/>', text)
    if not totals or not system:
        return None
    sizes = dict(totals)
    free = int(sizes.get("fast", 0)) + int(sizes.get("rest", 0))
    return int(system[-1]) / 1048576, free / 1048576, int(sizes.get("mmap", 0)) / 1048576


def threads(pid):
    """The process's live threads by name (/proc/PID/task/*/comm): {name: count}."""
    names = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as handle:
                name = handle.read().strip()
        except OSError:
            continue  # ended meanwhile
        names[name] = names.get(name, 0) + 1
    return names


def trimmed_mb(pid):
    """What glibc's malloc_trim(0), called in the process by gdb, gives back: RssAnon (MB) before and after,
    or None without gdb. It returns the free pages inside the heap, not only its top, so the difference is
    anonymous memory malloc held after the work that freed it."""
    gdb = shutil.which("gdb")
    if not gdb:
        return None
    before = anonymous_mb(pid)
    subprocess.run([gdb, "-nx", "-batch", "-p", str(pid), "-ex", "call (int) malloc_trim(0)"], capture_output=True,
                   text=True, timeout=60)
    return before, anonymous_mb(pid)


def describe_anonymous(label, groups):
    parts = [(name, groups.get(name, 0)) for name in ANONYMOUS_GROUPS + ("binary dirty", "libraries' dirty")]
    return f"  {label:<36}" + ", ".join(f"{name} {size:.2f}" for name, size in parts if size >= 0.005)


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
        frame_groups = breakdown(program.pid, binary)
        if stopped:
            os.kill(program.pid, signal.SIGCONT)
        if program.read_until(lambda text: en["status.connected"] in text, 30) is None:
            sys.exit("pn51 never showed as connected")
        time.sleep(1.0)
        after_probe = snapshot(program.pid)
        program.drain(options.probe_interval + 1.0)
        steady = snapshot(program.pid)
        app_groups = breakdown(program.pid, binary)
        app_anonymous = anonymous_mb(program.pid)
        allocator = malloc_figures(program.pid, home)
        live_threads = threads(program.pid)
        trim = trimmed_mb(program.pid)
        program.finish()
        # The C reference: as many rounds as the app made (the first probe, then one per interval).
        checked = json.loads(benchlib.run_cli(binary, backend.app_arguments(home) + ["check", "pn51", "--json"],
                                              environment))
        urls = [check["url"] for check in checked["checks"]]
        compiled = build_reference(home)
        reference = run_reference(compiled, backend, urls, 2, options.probe_interval * 1000) if compiled else None
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
    own = own_mb(app_groups)
    print(f"  resident pages per mapping, MB (smaps Rss, probing on):")
    print(describe_breakdown("verbumcare-tui:", app_groups))
    print("  anonymous memory of verbumcare-tui, MB (smaps; dirty = copied-on-write pages of file mappings):")
    print(describe_anonymous("first frame drawn, loading libcurl:", frame_groups))
    print(describe_anonymous("probing on:", app_groups))
    if allocator:
        system, free, mapped = allocator
        print(f"  malloc (malloc_info, probing on): arena {system:.2f} MB from the system, of which {free:.2f} MB free;"
              f" {mapped:.2f} MB in blocks mmapped on their own")
    print(f"  threads while probing: {sum(live_threads.values())} ("
          + ", ".join(f"{count} {name}" for name, count in sorted(live_threads.items())) + ")")
    if trim:
        print(f"  malloc_trim(0) in the process (probing on): RssAnon {trim[0]:.2f} -> {trim[1]:.2f} MB"
              f" ({trim[0] - trim[1]:.2f} MB held free by malloc)")
    if reference:
        reference_peak, reference_groups, reference_anonymous = reference
        print(describe_breakdown("C reference:", reference_groups))
        print(f"  anonymous (RssAnon): verbumcare-tui {app_anonymous:.2f} MB, C reference {reference_anonymous:.2f} MB")
        ratio = peak / reference_peak
        print(f"RESULT memory-ratio: resident with probing {peak:.1f} MB VmHWM (before the first probe"
              f" {at_frame['hwm']:.1f} MB) vs the C reference's {reference_peak:.1f} MB = {ratio:.2f} x,"
              f" goal <= {GOAL_RATIO} x: {benchlib.verdict(ratio <= GOAL_RATIO)}")
    else:
        print(f"RESULT memory-ratio: resident with probing {peak:.1f} MB VmHWM; the C reference was not measured"
              f" (see above): no ratio")
    print(f"RESULT own-pages: binary resident {binary_mb(app_groups):.1f} MB + anonymous {own - binary_mb(app_groups):.1f} MB"
          f" (RssAnon {app_anonymous:.1f} less the binary's written pages, counted in both)"
          f" = {own:.1f} MB, goal <= {GOAL_OWN_MB:.0f} MB: {benchlib.verdict(own <= GOAL_OWN_MB)}")
    print(f"RESULT libcurl-at-exec: libcurl mapped at the first frame: {'yes' if at_frame['libcurl'] else 'no'},"
          f" after the first probe: {'yes' if after_probe['libcurl'] else 'no'}, in ldd:"
          f" {'yes' if any('libcurl' in name for name in libraries) else 'no'}, goal no/yes/no:"
          f" {benchlib.verdict(not at_frame['libcurl'] and after_probe['libcurl'] and not any('libcurl' in n for n in libraries))}")


if __name__ == "__main__":
    main()
