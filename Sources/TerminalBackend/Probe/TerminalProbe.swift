import Glibc
import Timekeeping

/// Asks the terminal, once at start, what only it knows (SPEC §10.4; docs/ARCHITECTURE.md: The
/// start sequence and the terminal probe):
///
/// - how wide it draws an East Asian Ambiguous character: one (`─`, U+2500) is written at the
///   top left, then a cursor-position report (DSR, `ESC [ 6 n`) is asked for; the cursor at
///   column 3 means two cells;
/// - its background colour (OSC 11);
/// - whether it draws frames atomically: DECRQM for mode 2026 (synchronized output);
/// - and last the primary device attributes (DA1, `ESC [ c`), which every terminal answers:
///   terminals answer in order, so once DA1's answer is in, no other answer is on its way.
///
/// The app sends the questions in the same write as its first frame and never waits for them
/// (`ProbeSession`): the answers arrive with the keys and are applied when they come. `doctor`,
/// off the full screen, waits for them (`askOnLine`).
public enum TerminalProbe {
    public struct Questions: Equatable, Sendable {
        public var width: Bool
        public var background: Bool
        public var synchronizedOutput: Bool

        public init(width: Bool, background: Bool, synchronizedOutput: Bool = false) {
            self.width = width
            self.background = background
            self.synchronizedOutput = synchronizedOutput
        }

        public var isEmpty: Bool { !width && !background && !synchronizedOutput }
    }

    public struct Answers: Equatable, Sendable {
        /// nil: not asked, or not answered (yet).
        public var ambiguousWide: Bool?
        /// nil: not asked, or not answered (no OSC 11 before DA1's answer).
        public var background: TerminalBackground?
        /// nil: not asked or not answered; true when DECRPM said "set" or "reset" (the terminal knows the mode).
        public var synchronizedOutput: Bool?
        /// DA1's answer came: every question has had its answer.
        public var complete: Bool

        public init(ambiguousWide: Bool? = nil, background: TerminalBackground? = nil,
                    synchronizedOutput: Bool? = nil, complete: Bool) {
            self.ambiguousWide = ambiguousWide
            self.background = background
            self.synchronizedOutput = synchronizedOutput
            self.complete = complete
        }
    }

    /// DEC private mode 2026: begin (`h`) and end (`l`) of a synchronized update.
    public static let synchronizedOutputMode = 2026
    public static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
    public static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

    /// The bytes of the questions, DA1 last: the character at the top left of the screen, or at
    /// the start of the cursor's line (`onLine`, off the full screen).
    public static func query(_ questions: Questions, onLine: Bool = false) -> [UInt8] {
        guard !questions.isEmpty else { return [] }
        var text = ""
        if questions.width {
            text += (onLine ? "\r" : "\u{1B}[1;1H") + "\u{2500}\u{1B}[6n"
        }
        if questions.background {
            text += "\u{1B}]11;?\u{1B}\\"
        }
        if questions.synchronizedOutput {
            text += "\u{1B}[?\(synchronizedOutputMode)$p"
        }
        return Array((text + "\u{1B}[c").utf8)
    }

    /// What the replies so far say.
    public static func answers(_ questions: Questions, _ replies: TerminalReplies) -> Answers {
        var answers = Answers(complete: replies.deviceAttributesCame)
        if questions.width, let first = replies.cursorReports.first {
            answers.ambiguousWide = AmbiguousWidth.fromColumn(first.column)
        }
        if questions.background, let colour = replies.background {
            answers.background = TerminalBackground.fromColour(red: colour.red, green: colour.green, blue: colour.blue)
        }
        if questions.synchronizedOutput, let value = replies.modeValue(synchronizedOutputMode) {
            // DECRPM: 1 set, 2 reset (both: the terminal knows the mode), 0 unknown, 3 and 4 permanent.
            answers.synchronizedOutput = value == 1 || value == 2
        }
        return answers
    }

    /// Off the full screen (`doctor`): the terminal in non-canonical mode without echo for the
    /// questions, then back as it was, and the probe character erased from the line. Waits for
    /// DA1's answer (doctor is not a start), then drops whatever came, so nothing reaches the
    /// shell as typed text.
    public static func askOnLine(_ questions: Questions, input: Int32, output: Int32,
                                 milliseconds: Int = 500) -> Answers? {
        guard isatty(input) == 1, isatty(output) == 1, !questions.isEmpty else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        var replies = TerminalReplies()
        StandardOutput.write(query(questions, onLine: true), to: output)
        read(input: input, milliseconds: milliseconds, into: &replies) { $0.deviceAttributesCame }
        StandardOutput.write(Array("\r\u{1B}[2K".utf8), to: output)
        _ = tcsetattr(input, TCSAFLUSH, &saved)
        return answers(questions, replies)
    }

    /// Reads what arrives into `replies` until `done` says so, the input ends, or `milliseconds` pass.
    /// On the system's clock, not an injected one: it waits in poll(2) for a real terminal,
    /// before the app's loop (and its clock) exist, and the kernel counts that wait in real time.
    static func read(input: Int32, milliseconds: Int, into replies: inout TerminalReplies,
                     until done: (TerminalReplies) -> Bool) {
        let deadline = Int(AppClock.monotonicMilliseconds()) + milliseconds
        while !done(replies) {
            let left = deadline - Int(AppClock.monotonicMilliseconds())
            guard left > 0 else { break }
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let result = poll(&ready, 1, Int32(left))
            if result < 0 && errno == EINTR { continue }
            guard result > 0, ready.revents & Int16(POLLIN) != 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = Glibc.read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            replies.feed(Array(buffer.prefix(count)))
        }
    }
}
