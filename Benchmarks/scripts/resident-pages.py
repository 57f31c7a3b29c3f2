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


def module_of(name):
    match = SWIFT.match(name)
    if match:
        length = int(match.group(1))
        return match.group(2)[:length]
    if name.startswith("$ss"):
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
        program, stopped = benchlib.start_until_libcurl(binary, backend.app_arguments(home), environment,
                                                        (en["app.title"], "pn51", en["key.quit"]), home)
        if not stopped:
            program.finish()
            print("RESULT resident-pages: not measured (the app did not stop at its dlopen of libcurl: no C"
                  " compiler, or a binary that links libcurl at exec)")
            return
        mappings = []
        with open(f"/proc/{program.pid}/maps") as handle:
            for line in handle:
                parts = line.split()
                if len(parts) >= 6 and os.path.realpath(parts[5]) == binary:
                    start, end = (int(value, 16) for value in parts[0].split("-"))
                    mappings.append((start, end, int(parts[2], 16), parts[1]))
        # Section addresses are link-time addresses: a position-independent binary is loaded at a base
        # to subtract; an ET_EXEC one (scripts/build-release links with -no-pie) is where it was linked.
        header = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout
        base = 0 if re.search(r"Type:\s+EXEC", header) else min(start - offset for start, _, offset, _ in mappings)
        pages = [page - base for start, end, _, _ in mappings for page in resident_pages(program.pid, start, end)]
        os.kill(program.pid, signal.SIGCONT)
        program.finish()
    finally:
        backend.stop()
        shutil.rmtree(home, ignore_errors=True)

    table = sections(binary)
    starts = [entry[0] for entry in table]
    by_section = collections.Counter()
    text_pages = []
    for page in pages:
        index = bisect.bisect_right(starts, page) - 1
        name = "?"
        if index >= 0 and page < table[index][0] + table[index][1]:
            name = table[index][2]
        elif index + 1 < len(table) and table[index + 1][0] < page + PAGE:
            name = table[index + 1][2]
        by_section[name] += 1
        if name == ".text":
            text_pages.append(page)
    addresses, names = symbols(binary)
    by_module = collections.Counter()
    for page in text_pages:
        index = bisect.bisect_right(addresses, page) - 1
        by_module[module_of(names[index]) if index >= 0 else "?"] += 1

    def mb(count):
        return count * PAGE / 1048576

    big = collections.Counter()
    objects = largest_data(binary, 8)
    for page in pages:
        for start, size, name in objects:
            if start <= page < start + size:
                big[name] += 1

    print(f"resident pages of {os.path.basename(binary)} itself at the first frame (before libcurl): {mb(len(pages)):.1f} MB")
    print("  by section: " + ", ".join(f"{name} {mb(count):.1f}" for name, count in by_section.most_common(options.top)))
    print("  .text by module: " + ", ".join(f"{name} {mb(count):.1f}" for name, count in by_module.most_common(options.top)))
    print("  largest data objects, resident of size: " + ", ".join(
        f"{name} {mb(big[name]):.2f} of {size / 1048576:.2f}" for _, size, name in reversed(objects)))
    foundation = sum(count for name, count in by_module.items()
                     if name.startswith(("Foundation", "ICU", "CoreFoundation", "_FoundationICU")))
    print(f"RESULT resident-pages: binary {mb(len(pages)):.1f} MB resident at the first frame, of which .text of"
          f" Foundation/FoundationEssentials/CoreFoundation/ICU {mb(foundation):.1f} MB (no goal: where the memory goes)")


if __name__ == "__main__":
    main()
