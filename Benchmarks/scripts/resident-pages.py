#!/usr/bin/env python3
"""What the binary's own resident memory is made of when the first frame is drawn (before the first probe).

Starts the release verbumcare-tui in a 100x30 pty against the demo backend, stops it just before it loads
libcurl (benchlib.stop_at_libcurl_library), then reads /proc/PID/pagemap (needs root) for the binary's
mappings: every resident page is attributed to its ELF section, and pages of .text to the module of the
symbol that covers the page start (Swift mangling `$s<len><Module>`, ICU's C/C++ symbols, libdispatch, the
Swift runtime). A page is 4 KiB; the kernel maps neighbours of a touched page too (fault-around), so these
are the pages a start-up pays for, not only the bytes it runs.

    python3 Benchmarks/scripts/resident-pages.py [--no-build] [--top 12]
"""
import argparse
import bisect
import collections
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

PAGE = os.sysconf("SC_PAGE_SIZE")
SWIFT = re.compile(r"^\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)")


def sections(binary):
    result = []
    output = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16):
            result.append((int(match.group(2), 16), int(match.group(4), 16), match.group(1)))
    return sorted(result)


def symbols(binary, kinds="tTwW"):
    output = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout
    addresses, names = [], []
    for line in output.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in kinds:
            addresses.append(int(parts[0], 16))
            names.append(parts[2])
    return addresses, names


def largest_data(binary, count):
    """The `count` largest data objects (ICU's data is one of them): (start, size, name)."""
    output = subprocess.run(["nm", "-S", "--size-sort", "--defined-only", binary], capture_output=True, text=True).stdout
    objects = []
    for line in output.splitlines():
        parts = line.split(maxsplit=3)
        if len(parts) == 4 and parts[2] in "dDrRbB":
            objects.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return objects[-count:]


# Modules whose extensions of standard types (`$sSS17_StringProcessingE…`: String's `contains(_:)`,
# `firstRange(of:)`, `replacing(_:with:)`) are named after the type, not the module, in the mangling.
EXTENDING = ("_StringProcessing", "_RegexParser", "FoundationEssentials", "_Concurrency", "ArgumentParser",
             "Synchronization", "Dispatch")


def module_of(name):
    match = SWIFT.match(name)
    if match:
        length = int(match.group(1))
        return match.group(2)[:length]
    if name.startswith(("$s", "_$s")):
        for module in EXTENDING:
            if f"{len(module)}{module}" in name[:96]:
                return module
    if name.startswith("$ss") or name.startswith("$sS"):
        return "Swift stdlib"
    if name.startswith(("swift", "_swift", "__swift", "_ZN5swift", "_ZL")) and "icu" not in name:
        return "Swift runtime"
    if "icu_" in name or re.match(r"^_?u[a-z]*_", name):
        return "ICU (_FoundationICU)"
    if re.match(r"^_*CF", name) or name.startswith(("_cf", "__cf", "_foundation")):
        return "CoreFoundation"
    if "dispatch" in name or name.startswith(("_os", "_voucher", "_Block", "block")):
        return "libdispatch/Blocks"
    if name.startswith("_Z"):
        return "C++ (other)"
    return "C (other)"


def resident_pages(pid, start, end):
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as handle:
        handle.seek(start // PAGE * 8)
        data = handle.read((end - start) // PAGE * 8)
    for index in range(len(data) // 8):
        (entry,) = struct.unpack_from("<Q", data, index * 8)
        if entry >> 63 & 1:
            pages.append(start + index * PAGE)
    return pages


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--probe-interval", type=int, default=10)
    options = parser.parse_args()
    if os.geteuid() != 0:
        print("RESULT resident-pages: not measured (reading /proc/PID/pagemap needs root)")
        return

    binary = os.path.realpath(benchlib.release_binary(build=not options.no_build))
    en = benchlib.catalog("en")
    backend = benchlib.DemoBackend()
    home = tempfile.mkdtemp(prefix="vc-bench-pages-")
    try:
        environment = benchlib.app_environment(home)
        benchlib.run_cli(binary, ["--home", home, "lang", "en"], environment)
        benchlib.run_cli(binary, ["--home", home, "settings", "set", "probe_interval", str(options.probe_interval)],
                         environment)
        program, stopped = benchlib.start_until_libcurl(binary, backend.app_arguments(home), environment,
                                                        (en["app.title"], "pn51", en["key.quit"]), home)
        if not stopped:
            program.finish()
            print("RESULT resident-pages: not measured (the app did not stop at its dlopen of libcurl: no C"
                  " compiler, or a binary that links libcurl at exec)")
            return
        at_frame, base = binary_pages(program.pid, binary)
        os.kill(program.pid, signal.SIGCONT)
        if program.read_until(lambda text: en["status.connected"] in text, 30) is None:
            program.finish()
            sys.exit("pn51 never showed as connected")
        program.drain(options.probe_interval + 1.0)
        probing, _ = binary_pages(program.pid, binary)
        program.finish()
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    table = sections(binary)
    addresses, names = symbols(binary)
    data = symbols(binary, "dDrR")
    objects = largest_data(binary, 8)
    print(f"resident pages of {os.path.basename(binary)} itself (MB of 4 KiB pages; the kernel maps 64 KiB around"
          f" each page touched):")
    for label, pages in (("at the first frame (before libcurl)", at_frame),
                         (f"probing on ({options.probe_interval + 1} s after the first probe)", probing)):
        report(label, [page - base for page in pages], table, addresses, names, data, objects, options.top)
    # What probing added: the pages resident now that were not at the first frame, by section and module.
    added = sorted(set(probing) - set(at_frame))
    report("added by probing", [page - base for page in added], table, addresses, names, data, objects, options.top)
    by_module = text_modules([page - base for page in at_frame], table, addresses, names)
    foundation = sum(count for name, count in by_module.items()
                     if name.startswith(("Foundation", "ICU", "CoreFoundation", "_FoundationICU")))
    regex = sum(count for name, count in by_module.items() if name in ("_StringProcessing", "_RegexParser"))
    print(f"RESULT resident-pages: binary {mb(len(at_frame)):.1f} MB resident at the first frame, {mb(len(probing)):.1f} MB"
          f" probing on; .text of Foundation/FoundationEssentials/CoreFoundation/ICU at the frame {mb(foundation):.1f} MB,"
          f" of _StringProcessing/_RegexParser {mb(regex):.1f} MB (no goal: where the memory goes)")


def binary_pages(pid, binary):
    """The resident pages (run-time addresses) of the binary's own mappings, and the load base to subtract
    to get link-time addresses: a position-independent binary is loaded at a base; an ET_EXEC one
    (scripts/build-release links with -no-pie) is where it was linked."""
    mappings = []
    with open(f"/proc/{pid}/maps") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) >= 6 and os.path.realpath(parts[5]) == binary:
                start, end = (int(value, 16) for value in parts[0].split("-"))
                mappings.append((start, end, int(parts[2], 16), parts[1]))
    header = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout
    base = 0 if re.search(r"Type:\s+EXEC", header) else min(start - offset for start, _, offset, _ in mappings)
    return [page for start, end, _, _ in mappings for page in resident_pages(pid, start, end)], base


def section_of(page, table, starts):
    index = bisect.bisect_right(starts, page) - 1
    if index >= 0 and page < table[index][0] + table[index][1]:
        return table[index][2]
    if index + 1 < len(table) and table[index + 1][0] < page + PAGE:
        return table[index + 1][2]
    return "?"


def text_modules(pages, table, addresses, names):
    starts = [entry[0] for entry in table]
    by_module = collections.Counter()
    for page in pages:
        if section_of(page, table, starts) == ".text":
            index = bisect.bisect_right(addresses, page) - 1
            by_module[module_of(names[index]) if index >= 0 else "?"] += 1
    return by_module


def mb(count):
    return count * PAGE / 1048576


def data_modules(pages, table, data):
    """Pages of the data sections (metadata, descriptors, constants) by the module of the data object that
    covers the page start."""
    starts = [entry[0] for entry in table]
    addresses, names = data
    by_module = collections.Counter()
    for page in pages:
        if section_of(page, table, starts) in (".text", ".bss", "?"):
            continue
        index = bisect.bisect_right(addresses, page) - 1
        by_module[module_of(names[index]) if index >= 0 else "?"] += 1
    return by_module


def report(label, pages, table, addresses, names, data, objects, top):
    starts = [entry[0] for entry in table]
    by_section = collections.Counter(section_of(page, table, starts) for page in pages)
    by_module = text_modules(pages, table, addresses, names)
    by_data_module = data_modules(pages, table, data)
    big = collections.Counter()
    for page in pages:
        for start, size, name in objects:
            if start <= page < start + size:
                big[name] += 1
    print(f"  {label}: {mb(len(pages)):.1f} MB")
    print("    by section: " + ", ".join(f"{name} {mb(count):.2f}" for name, count in by_section.most_common(top)))
    print("    .text by module: " + ", ".join(f"{name} {mb(count):.2f}" for name, count in by_module.most_common(top)))
    print("    data sections by module: " + ", ".join(f"{name} {mb(count):.2f}"
                                                  for name, count in by_data_module.most_common(top)))
    print("    largest data objects, resident of size: " + ", ".join(
        f"{name} {mb(big[name]):.2f} of {size / 1048576:.2f}" for _, size, name in reversed(objects)))


if __name__ == "__main__":
    main()
