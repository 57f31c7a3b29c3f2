import Glibc
import Timekeeping

/// Asks the terminal, once at start, what only it knows (SPEC §10.4; docs/ARCHITECTURE.md: The
/// start sequence and the terminal probe):
///
/// - how wide it draws an East Asian Ambiguous character: one (`─`, U+2500) is written at the
///   top left, then a cursor-position report (DSR, `ESC [ 6 n`) is asked for; the cursor at
///   column 3 means two cells;
/// - its background colour (OSC 11), followed by a second report as a sentinel: terminals answer
///   in order, so once the sentinel's report is in, an OSC 11 answer would have come before it.
///
/// Everything is sent in one write and read back within one deadline (100 ms): a terminal that
/// does not answer costs at most that, and the app starts narrow and dark. What was written is
/// erased by the caller's first frame (or here, off the full screen: `erase`).
public enum TerminalProbe {
    public struct Questions: Equatable, Sendable {
        public var width: Bool
        public var background: Bool

        public init(width: Bool, background: Bool) {
            self.width = width
            self.background = background
        }

        public var isEmpty: Bool { !width && !background }

        /// Cursor-position reports the terminal sends back for these questions.
        public var reports: Int { (width ? 1 : 0) + (background ? 1 : 0) }
    }

    public struct Answers: Equatable, Sendable {
        /// nil: not asked, or not answered in time.
        public var ambiguousWide: Bool?
        /// nil: not asked, or not answered in time (no OSC 11 before the sentinel).
        public var background: TerminalBackground?
        /// Every report asked for came back before the deadline.
        public var complete: Bool
    }

    public static let deadlineMilliseconds = 100

    /// The bytes of the questions: the character at the top left of the screen, or at the start
    /// of the cursor's line (`onLine`, off the full screen).
    public static func query(_ questions: Questions, onLine: Bool = false) -> [UInt8] {
        var text = ""
        if questions.width {
            text += (onLine ? "\r" : "\u{1B}[1;1H") + "\u{2500}\u{1B}[6n"
        }
        if questions.background {
            text += "\u{1B}]11;?\u{1B}\\\u{1B}[6n"
        }
        return Array(text.utf8)
    }

    /// Reads answers into `replies` until every report is in or the deadline passes.
    /// `replies` keeps the keys typed meanwhile and anything cut short.
    public static func ask(_ questions: Questions, input: Int32, output: Int32,
                           replies: inout TerminalReplies, onLine: Bool = false,
                           deadlineMilliseconds: Int = deadlineMilliseconds) -> Answers {
        guard !questions.isEmpty else { return Answers(ambiguousWide: nil, background: nil, complete: true) }
        StandardOutput.write(query(questions, onLine: onLine), to: output)
        read(input: input, milliseconds: deadlineMilliseconds, into: &replies) {
            $0.cursorReports.count >= questions.reports
        }
        return answers(questions, replies)
    }

    /// What the replies so far say.
    public static func answers(_ questions: Questions, _ replies: TerminalReplies) -> Answers {
        let reports = replies.cursorReports
        var wide: Bool?
        if questions.width, let first = reports.first {
            wide = AmbiguousWidth.fromColumn(first.column)
        }
        var background: TerminalBackground?
        if questions.background, let colour = replies.background {
            background = TerminalBackground.fromColour(red: colour.red, green: colour.green, blue: colour.blue)
        }
        return Answers(ambiguousWide: wide, background: background, complete: reports.count >= questions.reports)
    }

    /// Off the full screen (`doctor`): the terminal in non-canonical mode without echo for the
    /// question, then back as it was, and the probe character erased from the line.
    public static func askOnLine(_ questions: Questions, input: Int32, output: Int32) -> Answers? {
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
        var answers = ask(questions, input: input, output: output, replies: &replies, onLine: true)
        // A late answer must not reach the shell as typed text: wait a little longer for it
        // here (doctor is not a start), then drop whatever came.
        if !answers.complete {
            read(input: input, milliseconds: 400, into: &replies) { $0.cursorReports.count >= questions.reports }
            answers = Self.answers(questions, replies)
        }
        StandardOutput.write(Array("\r\u{1B}[2K".utf8), to: output)
        _ = tcsetattr(input, TCSAFLUSH, &saved)
        return answers
    }

    /// Reads what arrives into `replies` until `done` says so, the input ends, or `milliseconds` pass.
    static func read(input: Int32, milliseconds: Int, into replies: inout TerminalReplies,
                     until done: (TerminalReplies) -> Bool = { _ in false }) {
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
