"""Shared helpers of the app benchmarks (python3 standard library only).

Locates or builds the release binary, starts the demo backend on loopback, runs programs in a pseudo
terminal of a given size, and drives tmux on a private socket. Nothing here contacts an outside address:
every server host name is routed to 127.0.0.1 with --connect-to.
"""
import fcntl
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The app is measured as it ships: a release build with the Swift runtime linked statically
# (about 7 ms less start-up than loading libswiftCore/Foundation/ICU at run time).
SCRATCH = os.path.join(ROOT, ".build-release-static")
BUILD = [os.path.join(ROOT, "scripts", "build-release"), "--scratch-path", SCRATCH]
DEMO = os.path.join(ROOT, "DemoBackend", "demo_backend.py")
STRINGS = os.path.join(ROOT, "Resources", "strings")

ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78MDEHc])")


def log(message):
    print(message, file=sys.stderr, flush=True)


def release_binary(build=True):
    """The release verbumcare-tui (VERBUMCARE_TUI_BINARY overrides); builds it unless told not to."""
    explicit = os.environ.get("VERBUMCARE_TUI_BINARY")
    if explicit:
        return explicit
    binary = os.path.join(SCRATCH, "release", "verbumcare-tui")
    if build:
        log("building: scripts/build-release --scratch-path .build-release-static")
        binary = subprocess.run(BUILD, cwd=ROOT, check=True, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout.strip()
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is missing: build it (or leave out --no-build)")
    return binary


def catalog(language):
    with open(os.path.join(STRINGS, f"{language}.json"), encoding="utf-8") as handle:
        return json.load(handle)


class DemoBackend:
    """demo_backend.py run: exits when our end of its stdin closes, so it never outlives the benchmark."""

    def __init__(self, initial=("mac-mini-tailscale=down",), extra=()):
        arguments = [sys.executable, DEMO, "run", "--exit-on-stdin-close"]
        for item in initial:
            arguments += ["--initial", item]
        arguments += list(extra)
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        line = self.process.stdout.readline()
        if not line:
            sys.exit("the demo backend did not start")
        self.ready = json.loads(line)
        self.process.stdout.close()

    def app_arguments(self, home):
        arguments = ["--home", home, "--cacert", self.ready["ca"]]
        for spec in self.ready["connectTo"]:
            arguments += ["--connect-to", spec]
        return arguments

    def set_mode(self, server, mode):
        """Changes one server's fault mode (up, down, hang, slow...) through the control port."""
        url = f"http://127.0.0.1:{self.ready['control']}/mode/{server}/{mode}"
        request = urllib.request.Request(url, method="POST", data=b"")
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request, timeout=10) as response:
            response.read()

    def requests_seen(self, server):
        """How many requests `server` has read so far (a hanging server counts each one it holds)."""
        url = f"http://127.0.0.1:{self.ready['control']}/stats"
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(url, timeout=10) as response:
            return json.load(response)["servers"][server]["totalRequests"]

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def app_environment(home, extra=None):
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
                   "TERM": "xterm-256color", "VERBUMCARE_HOME": home}
    environment.update(extra or {})
    return environment


def run_cli(binary, arguments, environment):
    result = subprocess.run([binary] + arguments, env=environment, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=60)
    if result.returncode != 0:
        sys.exit(f"verbumcare-tui {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


class PtyProgram:
    """A program started in a new pseudo terminal of columns x rows (sized before exec).

    `exec_ns` is CLOCK_MONOTONIC just before execve in the child (sent back through a close-on-exec pipe),
    so times measured from it include nothing of Python's fork.
    """

    def __init__(self, argv, environment, columns=100, rows=30, answers=True):
        self.answers = answers
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        report_read, report_write = os.pipe2(os.O_CLOEXEC)
        pid = os.fork()
        if pid == 0:
            try:
                os.close(master)
                os.close(report_read)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                os.write(report_write, struct.pack("q", time.monotonic_ns()))
                os.execve(argv[0], argv, environment)
            finally:
                os._exit(127)
        os.close(slave)
        os.close(report_write)
        self.pid = pid
        self.master = master
        data = b""
        while len(data) < 8:
            chunk = os.read(report_read, 8 - len(data))
            if not chunk:
                break
            data += chunk
        os.close(report_read)
        self.exec_ns = struct.unpack("q", data)[0] if len(data) == 8 else time.monotonic_ns()
        self.output = bytearray()
        self.status = None

    def read_until(self, predicate, timeout):
        """Reads until predicate(output without escape sequences) holds; returns the monotonic ns of the read
        that made it hold, or None on timeout or end of output."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:
                return None
            now = time.monotonic_ns()
            if not chunk:
                return None
            self.answer_probe(chunk)
            self.output += chunk
            if predicate(visible_text(self.output)):
                return now
        return None

    def drain(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                try:
                    chunk = os.read(self.master, 1 << 16)
                    if not chunk:
                        return
                    self.answer_probe(chunk)
                except OSError:
                    return

    def answer_probe(self, chunk):
        """Answers the app's start-up questions as a narrow, dark terminal with synchronized output
        does, in order: a cursor report (column 2 after the one ambiguous character), the background
        colour, DECRQM 2026 ("reset") and DA1 (docs/ARCHITECTURE.md: The start sequence and the
        terminal probe). `answers=False` is a terminal that answers nothing."""
        if not self.answers:
            return
        queries = ((b"\x1b[6n", b"\x1b[1;2R"), (b"\x1b]11;?\x1b\\", b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
                   (b"\x1b[?2026$p", b"\x1b[?2026;2$y"), (b"\x1b[c", b"\x1b[?64;1;2;6;9;15;18;21;22c"))
        while True:
            found = [(chunk.find(query), query, answer) for query, answer in queries if query in chunk]
            if not found:
                return
            at, query, answer = min(found)
            self.send(answer)
            chunk = chunk[at + len(query):]

    def send(self, data):
        os.write(self.master, data)

    def finish(self, keys=b"q", timeout=3.0):
        """Asks the program to quit with `keys`, then SIGTERM, then SIGKILL; reaps it."""
        for action in ("keys", "term", "kill"):
            try:
                if action == "keys":
                    self.send(keys)
                elif action == "term":
                    os.kill(self.pid, signal.SIGTERM)
                else:
                    os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                self.drain(0.02)
                done, status = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    self.status = status
                    os.close(self.master)
                    return action
        return "lost"


def visible_text(output):
    return ESCAPES.sub(b"", bytes(output)).decode("utf-8", "replace")


def wait_for_screen(capture, predicate, timeout, what, shown, tail=None):
    """Looks at the terminal every 50 ms until `predicate` holds (its screen), or exits saying what
    was waited for and what was last seen (its last `tail` characters, when given)."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = capture()
        if predicate(screen):
            return screen
        time.sleep(0.05)
    sys.exit(f"timed out waiting for {what}; {shown}:\n{screen[-tail:] if tail else screen}")


class Tmux:
    """tmux on a private socket with an empty configuration."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="vc-bench-tmux-")
        self.socket = os.path.join(self.directory, "sock")
        self.environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
                            "LC_ALL": "C.UTF-8", "HOME": self.directory}

    def run(self, *arguments, capture=False):
        result = subprocess.run(["tmux", "-u", "-S", self.socket, "-f", "/dev/null"] + list(arguments),
                                env=self.environment, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, check=True)
        return result.stdout if capture else None

    def start(self, argv, environment, columns=100, rows=30):
        """Starts argv in the pane through `sh` writing its pid to DIR/app.pid; returns that pid."""
        pid_file = os.path.join(self.directory, "app.pid")
        command = ["/usr/bin/env", "-i"] + [f"{k}={v}" for k, v in sorted(environment.items())] + [
            "/bin/sh", "-c", 'echo $$ > "$0"; exec "$@"', pid_file] + list(argv)
        self.run("set-option", "-g", "remain-on-exit", "on", ";", "new-session", "-d", "-s", "app",
                 "-x", str(columns), "-y", str(rows), "--", *command)
        for _ in range(500):
            try:
                with open(pid_file) as handle:
                    text = handle.read().strip()
                if text:
                    return int(text)
            except FileNotFoundError:
                pass
            time.sleep(0.01)
        sys.exit("the program in tmux never started")

    def capture(self):
        return self.run("capture-pane", "-p", "-t", "app", capture=True)

    def wait_for(self, predicate, timeout, what):
        return wait_for_screen(self.capture, predicate, timeout, what, "last screen")

    def send(self, *keys):
        self.run("send-keys", "-t", "app", *keys)

    def close(self):
        try:
            self.run("kill-server")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.directory, ignore_errors=True)


class PtyTerminal:
    """The app in a pty of its own, read by a thread (so it never blocks on a full pty), with the same
    start/wait_for/send/capture/close as `Tmux`: `answers=True` answers the start-up questions as a
    narrow dark terminal does (`PtyProgram.answer_probe`), `answers=False` is a terminal that answers
    nothing (SPEC §13: the figures hold in both)."""

    def __init__(self, answers):
        import threading
        self.answers = answers
        self.program = None
        self.lock = threading.Lock()
        self.reader = None
        self.stopped = False

    def start(self, argv, environment, columns=100, rows=30):
        import threading
        self.program = PtyProgram(argv, environment, columns=columns, rows=rows, answers=self.answers)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        return self.program.pid

    def _read(self):
        program = self.program
        while not self.stopped:
            ready, _, _ = select.select([program.master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(program.master, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            program.answer_probe(chunk)
            with self.lock:
                program.output += chunk
                # Only the recent output matters for what is on screen now; the rest is dropped.
                if len(program.output) > 1 << 20:
                    del program.output[:len(program.output) - (1 << 19)]

    def capture(self):
        with self.lock:
            return visible_text(self.program.output[-(1 << 16):])

    def wait_for(self, predicate, timeout, what):
        return wait_for_screen(self.capture, predicate, timeout, what, "last output", tail=2000)

    def send(self, *keys):
        for key in keys:
            self.program.send(key.encode() if isinstance(key, str) else key)

    def close(self):
        if self.program is None:
            return
        self.stopped = True
        if self.reader:
            self.reader.join(timeout=1)
        self.program.finish()


def terminal(kind):
    """Where an app benchmark runs the app: `tmux` (a 100x30 pane; tmux answers the start-up questions
    itself), `answering` (a pty whose terminal answers every question) or `silent` (one that answers
    none)."""
    return Tmux() if kind == "tmux" else PtyTerminal(answers=kind == "answering")


TERMINALS = ("tmux", "answering", "silent")


def history_rows(home):
    """Raw probe rows in the home's history database (0 when there is none yet), read through a
    read-only handle as `history` reads it: the benchmarks run with the app recording (SPEC §13)."""
    import glob
    import sqlite3
    total = 0
    for path in glob.glob(os.path.join(home, "**", "history.sqlite3"), recursive=True):
        try:
            connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
            try:
                total += connection.execute("SELECT count(*) FROM raw").fetchone()[0]
            finally:
                connection.close()
        except sqlite3.Error:
            pass
    return total


def proc_cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    # fields[0] is the state (field 3); utime and stime are fields 14 and 15.
    return int(fields[11]) + int(fields[12])


def thread_cpu_ms(pid):
    """CPU time of each live thread of pid so far, in ms ({tid: ms}), from the scheduler's nanosecond
    counters (/proc/PID/task/*/schedstat): user plus system, exact where utime/stime count 10 ms ticks,
    and unlike wall-clock time not stretched by other processes on a loaded machine. A thread that has
    ended is no longer listed."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as handle:
                times[int(task)] = int(handle.read().split()[0]) / 1e6
        except (FileNotFoundError, ProcessLookupError):
            pass
    return times


def cpu_ms(pid):
    """CPU time of every live thread of pid so far, in ms (thread_cpu_ms summed)."""
    return sum(thread_cpu_ms(pid).values())


def cpu_ms_between(before, after):
    """CPU time spent between two thread_cpu_ms readings, and how many threads ended in between (their
    time after the first reading is not counted: the kernel keeps it only in 10 ms ticks)."""
    spent = sum(ms - before.get(tid, 0.0) for tid, ms in after.items())
    return spent, len(set(before) - set(after))


def proc_status(pid, key):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(key + ":"):
                return line.split(":", 1)[1].strip()
    return None


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def mapped_libraries(pid):
    """The shared objects mapped into a process (file names), from /proc/PID/maps."""
    names = set()
    with open(f"/proc/{pid}/maps") as handle:
        for line in handle:
            path = line.split(maxsplit=5)[-1].strip() if len(line.split()) >= 6 else ""
            if ".so" in os.path.basename(path):
                names.add(os.path.basename(path))
    return names


def memory_kb(pid):
    """(VmRSS, VmHWM) in kB."""
    return (int(proc_status(pid, "VmRSS").split()[0]), int(proc_status(pid, "VmHWM").split()[0]))


def verdict(ok):
    return "PASS" if ok else "FAIL"


STOP_AT_DLOPEN = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <string.h>
// Stops the process when it is about to load libcurl, so that its memory before the first probe can be read.
void *dlopen(const char *file, int mode) {
    static void *(*real)(const char *, int);
    if (!real) real = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
    if (file && strstr(file, "libcurl")) raise(SIGSTOP);
    return real(file, mode);
}
"""


def stop_at_libcurl_library(directory):
    """Builds (with cc) a preload library whose dlopen stops the process with SIGSTOP just before it loads
    libcurl: the moment after the first frame and before the first probe. None without a C compiler."""
    source = os.path.join(directory, "stop-at-dlopen.c")
    library = os.path.join(directory, "stop-at-dlopen.so")
    with open(source, "w") as handle:
        handle.write(STOP_AT_DLOPEN)
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not compiler:
        return None
    result = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"],
                            capture_output=True, text=True)
    return library if result.returncode == 0 else None


def start_until_libcurl(binary, arguments, environment, markers, directory):
    """Starts the app in a 100x30 pty with the stop library preloaded and waits for its first frame (all
    `markers` written) and then for the stop just before it loads libcurl: the moment between the first
    frame and the first probe. Returns (program, stopped); `stopped` is False when the binary never stopped
    (no C compiler, or a binary that links libcurl at exec). The caller sends SIGCONT to go on."""
    preload = stop_at_libcurl_library(directory)
    program = PtyProgram([binary] + arguments, dict(environment, LD_PRELOAD=preload) if preload else environment)
    if program.read_until(lambda text: all(marker in text for marker in markers), 10) is None:
        program.finish()
        sys.exit("no first frame")
    deadline = time.monotonic() + (3 if preload else 0)
    while time.monotonic() < deadline:
        pid, status = os.waitpid(program.pid, os.WUNTRACED | os.WNOHANG)
        if pid and os.WIFSTOPPED(status):
            return program, True
        time.sleep(0.005)
    return program, False

