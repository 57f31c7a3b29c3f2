#!/usr/bin/env python3
"""Records which functions of the release binary run from start to the first frame and through two
probe rounds, and writes them, in the order they first ran, to scripts/release-symbol-order.txt: the
order file scripts/build-release gives the linker (lld --symbol-ordering-file), so that the code the app
runs sits together at the start of .text and the kernel's fault-around (64 KiB around each touched page)
maps code that runs instead of its neighbours (docs/ARCHITECTURE.md: The shipped binary's link).

The app runs under valgrind's callgrind with --dump-instr=yes (every executed instruction's address, in every
thread) in a 100x30 pty against the demo backend, the way memory-probe.py runs it: the settings screen, pn51
connected, one more probe interval, then `q`. Each address is mapped to the symbol that covers it (callgrind's
own function names miss code entered by a jump and name folded functions differently). Valgrind 3.19 cannot
read the DWARF 5 of this toolchain, so it runs a copy of the binary without debug sections (same addresses).

The toolchain's prebuilt libraries are not all compiled with function sections: libswiftCore's Swift.o,
_Concurrency, _StringProcessing, _RegexParser and each FoundationEssentials file have one .text section each,
which the linker moves as a whole. A function that lives in one of those is written after all the functions
that have sections of their own, so that the blocks (1.6 MB for Swift.o alone) do not split the compact run
of the others; which section holds a symbol is read from a link map (the release link, relinked with -Map).
Callgrind's record misses functions that the same run at full speed executes (under valgrind the app is
about 50 times slower, so its terminal probe and probe rounds interleave differently; a plain run's page
faults show dozens of metadata accessors, value witnesses and reducer paths the record lacks, each one
pulling a 64 KiB window of unordered code in). So the order is completed from page faults: the binary,
relinked with the order, runs the same scenario under `perf record -e page-faults -d` (the address of every
first touch), and the functions and data objects whose first touch is missing from the order are added;
each round uncovers what sat behind the previous round's windows (--fault-rounds, default 3).
Run it again when start-up or probing code changes; a stale file costs memory, not correctness (symbols it
names that are gone are skipped). A run keeps, after what it recorded, the names of the file already there that
its record lacks and the binary still has (what runs depends on timing, so records add up); --fresh forgets them.

    python3 Benchmarks/scripts/symbol-order.py [--no-build] [--output scripts/release-symbol-order.txt] [--fault-rounds 3]
        [--fresh]
"""
import argparse
import bisect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

OUTPUT = os.path.join(benchlib.ROOT, "scripts", "release-symbol-order.txt")


def executed_functions(profile, binary, addresses, symbols):
    """The symbols of `binary` whose instructions callgrind saw run, first appearance first."""
    in_binary, names, seen = False, [], set()
    with open(profile, errors="replace") as handle:
        for line in handle:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == binary
            elif in_binary and line.startswith("0x"):
                index = bisect.bisect_right(addresses, int(line.split()[0], 16)) - 1
                if index >= 0 and symbols[index] not in seen:
                    seen.add(symbols[index])
                    names.append(symbols[index])
    return names


def input_sections(order_file, directory):
    """{symbol: input section} of the release link, relinked (the command SwiftPM recorded in the build
    manifest) with this order and a link map, into DIRECTORY/relinked."""
    manifest = os.path.join(benchlib.SCRATCH, "release.yaml")
    with open(manifest) as handle:
        text = handle.read()
    marker = 'description: "Linking ./.build-release-static/x86_64-unknown-linux-gnu/release/verbumcare-tui"'
    line = text[text.index(marker):].split("\n")[1].strip()
    arguments = json.loads(line[len("args: "):])
    arguments[arguments.index("-o") + 1] = os.path.join(directory, "relinked")
    arguments = [f"--symbol-ordering-file={order_file}" if argument.startswith("--symbol-ordering-file=") else argument
                 for argument in arguments if argument != "-v"]
    link_map = os.path.join(directory, "link.map")
    subprocess.run(arguments + ["-Xlinker", f"-Map={link_map}", "-Xlinker", "--no-demangle"], check=True,
                   capture_output=True)
    sections, current = {}, None
    with open(link_map) as handle:
        for line in handle:
            parts = line.split(None, 4)
            if len(parts) < 5:
                continue
            if parts[4].startswith(("/", "<")):
                current = parts[4].strip()
            elif current is not None:
                sections.setdefault(parts[4].strip(), current)
    return sections


def faulted_symbols(binary, backend, home, environment, en, probe_interval):
    """The symbols (functions and data objects of the binary) whose first touch raised a page fault in the
    scenario, run at full speed under perf: {name: kind}, kind "text" or "data". Objects of .bss count as
    data: its pages are anonymous, with no fault-around, but each page written is resident, so the objects
    the app touches, placed together, hold fewer pages."""
    data = os.path.join(home, "faults.data")
    argv = [shutil.which("perf"), "record", "-q", "-e", "page-faults", "-c", "1", "-d", "-o", data, binary]
    program = benchlib.PtyProgram(argv + backend.app_arguments(home), environment)
    if program.read_until(lambda text: en["status.connected"] in text, 60) is None:
        program.finish()
        sys.exit("pn51 never showed as connected under perf")
    program.drain(probe_interval + 2.0)
    program.finish(timeout=60)
    script = subprocess.run([shutil.which("perf"), "script", "-i", data, "-F", "addr,ip"], capture_output=True,
                            text=True).stdout
    addresses, typed = code_symbols(binary, kinds="tTwWdDrRbB")
    names = [(name, "text" if kind in "tTwW" else "data") for name, kind in typed]
    found = {}
    for line in script.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        address, ip = int(parts[0], 16), int(parts[1], 16)
        index = bisect.bisect_right(addresses, address) - 1
        if index < 0 or not addresses[0] <= address < 1 << 32:
            continue
        name, kind = names[index]
        if kind == "text" and address != ip:
            continue  # a read of code (a constant in .text): nothing to order
        found.setdefault(name, kind)
    return found


def has_own_section(section):
    match = re.search(r":\((\.text[^)]*)\)$", section)
    return bool(match) and match.group(1).startswith(".text.") and match.group(1) != ".text.startup"


def code_symbols(binary, kinds=None):
    """(addresses, names) of the binary's functions, in address order; with `kinds` (nm's type letters),
    the symbols of those types, each name paired with its letter."""
    output = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    addresses, names = [], []
    for line in output.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in (kinds or "tTwW"):
            addresses.append(int(parts[0], 16))
            names.append((parts[2], parts[1]) if kinds else parts[2])
    return addresses, names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--output", default=OUTPUT)
    parser.add_argument("--probe-interval", type=int, default=10)
    parser.add_argument("--fault-rounds", type=int, default=3,
                        help="rounds of completion from page faults (0: callgrind's record alone)")
    parser.add_argument("--fresh", action="store_true",
                        help="forget the names of the order file already there (by default those this record lacks"
                             " and the binary still has are kept, after the ones recorded)")
    options = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is needed (Debian: apt-get install valgrind)")
    if options.fault_rounds and not shutil.which("perf"):
        sys.exit("perf is needed for --fault-rounds (Debian: apt-get install linux-perf), or pass --fault-rounds 0")

    binary = benchlib.release_binary(build=not options.no_build)
    previous = [] if options.fresh else earlier_order(options.output)
    en = benchlib.catalog("en")
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-symbol-order-")
    try:
        traced = os.path.join(home, "verbumcare-tui")
        subprocess.run(["objcopy", "--strip-debug", binary, traced], check=True)
        profile = os.path.join(home, "callgrind.out")
        environment = benchlib.app_environment(home)
        benchlib.run_cli(traced, ["--home", home, "lang", "en"], environment)
        benchlib.run_cli(traced, ["--home", home, "settings", "set", "probe_interval", str(options.probe_interval)],
                         environment)
        argv = [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                "--compress-pos=no", "--dump-instr=yes", f"--callgrind-out-file={profile}",
                traced] + backend.app_arguments(home)
        program = benchlib.PtyProgram(argv, environment)
        if program.read_until(lambda text: en["status.connected"] in text, 300) is None:
            program.finish()
            sys.exit("pn51 never showed as connected under valgrind")
        program.drain(options.probe_interval + 2.0)
        program.finish(timeout=60)
        addresses, symbols = code_symbols(traced)
        ordered = executed_functions(profile, os.path.realpath(traced), addresses, symbols)
        draft = os.path.join(home, "order.txt")
        with open(draft, "w") as handle:
            handle.write("\n".join(ordered) + "\n")
        sections = input_sections(draft, home)
        recorded = len(ordered)
        data_objects = []
        for _ in range(options.fault_rounds):
            with open(draft, "w") as handle:
                handle.write("\n".join(arranged(ordered, data_objects, sections)) + "\n")
            sections = input_sections(draft, home)
            found = faulted_symbols(os.path.join(home, "relinked"), backend, home, environment, en,
                                    options.probe_interval)
            known = set(ordered) | set(data_objects)
            added = [name for name, kind in found.items() if name not in known]
            ordered += [name for name in added if found[name] == "text"]
            data_objects += [name for name in added if found[name] == "data"]
            benchlib.log(f"page faults: {len(added)} symbols added")
            if not added:
                break
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    kept_functions, kept_data = still_defined(previous, set(ordered) | set(data_objects), binary)
    result = arranged(ordered + kept_functions, data_objects + kept_data, sections)
    with open(options.output, "w") as handle:
        handle.write("\n".join(result) + "\n")
    own = sum(1 for name in ordered if has_own_section(sections.get(name, "")))
    print(f"{recorded} functions ran under callgrind, {len(ordered) - recorded} more and {len(data_objects)} data"
          f" objects first touched at full speed ({own} functions with sections of their own,"
          f" {len(ordered) - own} in shared ones); kept from the order file already there:"
          f" {len(kept_functions)} functions and {len(kept_data)} data objects this record lacks;"
          f" written to {os.path.relpath(options.output, benchlib.ROOT)}")


def earlier_order(path):
    """The names of the order file already at `path` (none when there is none)."""
    try:
        with open(path) as handle:
            return [line.strip() for line in handle if line.strip()]
    except FileNotFoundError:
        return []


def still_defined(previous, recorded, binary):
    """The names of an earlier order that this record lacks and the binary still defines, as (functions, data
    objects), in the earlier order. What runs depends on timing (the terminal's answers, the probe rounds, the
    ticks), so no single record holds every function a run at full speed executes; each record adds to the
    earlier ones instead of replacing them (docs/ARCHITECTURE.md: Memory). Names gone from the binary are
    dropped."""
    _, typed = code_symbols(binary, kinds="tTwWdDrRbB")
    kinds = dict(typed)
    functions = [name for name in previous if name not in recorded and kinds.get(name, "") in ("t", "T", "w", "W")]
    data = [name for name in previous if name not in recorded and kinds.get(name, "") in ("d", "D", "r", "R", "b", "B")]
    return functions, data


def arranged(functions, data_objects, sections):
    """Functions with sections of their own first, then those in shared sections (which move as blocks),
    then the data objects (they order only the data sections)."""
    own = [name for name in functions if has_own_section(sections.get(name, ""))]
    shared = [name for name in functions if not has_own_section(sections.get(name, ""))]
    return own + shared + data_objects


if __name__ == "__main__":
    main()
