"""A test terminal: the real binary in a pseudo-terminal, its output fed into pyte.

Shared by scripts/check-caret and scripts/check-terminal-probe. pyte answers no cursor-position
report by itself; `answer_cpr=True` makes this terminal answer `ESC [ 6 n` from pyte's cursor, as
a real terminal does, and `ambiguous_wide=True` makes pyte draw East Asian Ambiguous characters
two cells wide (as mlterm in a Japanese locale, xterm -cjk_width or GNU screen with cjkwidth on).
pyte does not answer OSC 11 (the background colour) either: `background="rgb:ffff/ffff/ffff"`
makes this terminal answer it, in order with the cursor reports, as xterm does.
`answer_da1=True` answers the primary device attributes request (`ESC [ c`) as xterm does;
`sync_answer=N` answers DECRQM for mode 2026 (synchronized output) with the value N (1 set,
2 reset, 0 not recognised); None says nothing. `hold=True` keeps every answer back until
`release()`, so a test decides when the terminal answers.
Needs Debian's python3-pyte (scripts/ensure-deps installs it).
"""
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
import unicodedata

import pyte
import pyte.screens
from wcwidth import wcwidth as narrow_wcwidth


def ambiguous_wide_wcwidth(char):
    if unicodedata.east_asian_width(char) == "A" and narrow_wcwidth(char) == 1:
        return 2
    return narrow_wcwidth(char)


CPR_QUERY = b"\x1b[6n"
OSC11_QUERY = b"\x1b]11;?\x1b\\"
DA1_QUERY = b"\x1b[c"
SYNC_QUERY = b"\x1b[?2026$p"
BEGIN_SYNC = b"\x1b[?2026h"
END_SYNC = b"\x1b[?2026l"

# Arrow and editing keys as a terminal in keypad mode sends them (terminfo xterm-256color).
KEYS = {"left": b"\x1bOD", "right": b"\x1bOC", "up": b"\x1bOA", "down": b"\x1bOB", "home": b"\x1bOH",
        "end": b"\x1bOF", "tab": b"\t", "escape": b"\x1b", "ctrl-a": b"\x01", "ctrl-e": b"\x05",
        "ctrl-u": b"\x15", "ctrl-k": b"\x0b", "ctrl-w": b"\x17", "backspace": b"\x7f", "delete": b"\x1b[3~"}


class Terminal:
    def __init__(self, argv, columns, rows, environment, answer_cpr=False, ambiguous_wide=False, background=None,
                 answer_da1=False, sync_answer=None, hold=False):
        pyte.screens.wcwidth = ambiguous_wide_wcwidth if ambiguous_wide else narrow_wcwidth
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.answer_cpr = answer_cpr
        self.background = background
        self.answer_da1 = answer_da1
        self.sync_answer = sync_answer
        self.hold = hold
        self.held = []
        self.answers_sent = 0
        self.cpr_requests = 0
        self.background_requests = 0
        self.da1_requests = 0
        self.sync_requests = 0
        # Where in `output` the DA1 request ended (the end of the app's questions), once seen.
        self.questions_end = None
        self.exit_status = None
        self.is_stopped = False
        self.output = b""
        pid, fd = pty.fork()
        if pid == 0:
            # Sized before the program reads its size (PLATFORM-NOTES: raw pty).
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            # A test runner's blocked signals would reach the program (PLATFORM-NOTES: signals).
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            for number in (signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGCHLD):
                signal.signal(number, signal.SIG_DFL)
            os.execve(argv[0], argv, environment)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.pid, self.fd = pid, fd

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data
            # Feed up to each question, so a report carries the cursor as it is there, and answer
            # the questions in the order they came.
            fed = len(self.output) - len(data)
            while True:
                found = [(data.find(q), q) for q in (CPR_QUERY, OSC11_QUERY, DA1_QUERY, SYNC_QUERY) if q in data]
                if not found:
                    break
                at, query = min(found)
                self.stream.feed(data[:at])
                data = data[at + len(query):]
                fed += at + len(query)
                if query == CPR_QUERY:
                    self.cpr_requests += 1
                    if self.answer_cpr:
                        cursor = self.screen.cursor
                        self.answer(f"\x1b[{cursor.y + 1};{cursor.x + 1}R")
                elif query == OSC11_QUERY:
                    self.background_requests += 1
                    if self.background:
                        self.answer(f"\x1b]11;{self.background}\x1b\\")
                elif query == SYNC_QUERY:
                    self.sync_requests += 1
                    if self.sync_answer is not None:
                        self.answer(f"\x1b[?2026;{self.sync_answer}$y")
                else:
                    self.da1_requests += 1
                    if self.questions_end is None:
                        self.questions_end = fed
                    if self.answer_da1:
                        self.answer("\x1b[?64;1;2;6;9;15;18;21;22c")
            self.stream.feed(data)

    def answer(self, text):
        if self.hold:
            self.held.append(text.encode())
        else:
            os.write(self.fd, text.encode())
            self.answers_sent += 1

    def release(self):
        """Sends the answers held back so far, in order, and answers at once from now on."""
        self.hold = False
        for data in self.held:
            os.write(self.fd, data)
            self.answers_sent += 1
        self.held = []

    def after_questions(self):
        """What the app wrote after its questions (everything, when it asked none)."""
        return self.output[self.questions_end or 0:]

    def rows(self):
        return ["".join(self.screen.buffer[y][x].data for x in range(self.screen.columns))
                for y in range(self.screen.lines)]

    def text(self):
        return "\n".join(self.rows())

    def show(self):
        cursor = self.screen.cursor
        lines = [f"{y:2}|{row}" for y, row in enumerate(self.rows())]
        return "\n".join(lines) + f"\ncursor: column {cursor.x}, row {cursor.y}, hidden {cursor.hidden}"

    def wait_until(self, condition, seconds=20):
        """Pumps output until `condition(self)` holds (then lets the frame finish) or time runs out."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            if condition(self):
                self.pump(0.2)
                if condition(self):
                    return True
        return False

    def send(self, data):
        os.write(self.fd, data)

    def key(self, name):
        self.send(KEYS[name])

    def stopped(self):
        """Whether the program is stopped (job control: Ctrl-Z) until `resume`; keeps reading its
        output. The kernel reports a stop once."""
        self.pump(0.05)
        if not self.is_stopped:
            pid, status = os.waitpid(self.pid, os.WNOHANG | os.WUNTRACED)
            self.is_stopped = bool(pid) and os.WIFSTOPPED(status)
        return self.is_stopped

    def resume(self):
        self.is_stopped = False
        os.kill(self.pid, signal.SIGCONT)

    def wait_for_exit(self, seconds=30):
        """Pumps output until the program ends; its exit status (None if it would not end)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid and not os.WIFSTOPPED(status):
                self.pump(0.1)
                self.exit_status = os.waitstatus_to_exitcode(status)
                return self.exit_status
        return self.close()

    def close(self):
        """SIGTERM, then the exit status (None if it would not end)."""
        if self.exit_status is not None:
            return self.exit_status
        try:
            os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        end = time.monotonic() + 10
        while time.monotonic() < end:
            self.pump(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return status
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None
