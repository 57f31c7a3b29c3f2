import CNcursesw
import TerminalRendering
import CTerminalGuard
import Glibc

/// The terminal side of the app: sets the terminal up, writes the cells the renderer says
/// changed, reads keys, and puts the terminal back. Every call must come from the main thread.
///
/// ncurses sets the terminal up (modes, alternate screen, keypad), decodes keys and restores
/// it; frames are written by `FrameEncoder` (see there for why). ncurses reads its keys from a
/// pipe that `TerminalInputPipe` fills with what the terminal sent, its answers taken out. A terminal that cannot address
/// the cursor runs `LineScreen` instead.
@MainActor
public final class NcursesScreen {
    public private(set) var colorMode: ColorMode = .none
    /// The terminal description in use, and whether `TERM` had to be replaced.
    public private(set) var terminalChoice: TerminalTypeChoice = .lines(term: "")
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var isActive = false
    private var lines: LineScreen?
    private var encoder: FrameEncoder?
    private var pending: [UInt8] = []
    private var cursor: Point?
    private var cursorVisible = false
    private var screenSize = (width: 0, height: 0)
    /// What the app lays out for: the environment's overrides, then the terminal's answers as
    /// they come, before them what this TERM measured last time (`start`'s `remembered`).
    public private(set) var measurement = TerminalMeasurement(ambiguous: AmbiguousWidth(isWide: false, source: .notMeasured),
                                                              background: .dark)
    /// Frames are written between the begin and end marks of a synchronized update: the
    /// terminal answered DECRQM 2026 with "set" or "reset".
    public private(set) var synchronizedOutput = false
    private var environment: [String: String] = [:]
    /// The terminal's input, answers taken out, on its way to ncurses (nil in line mode).
    private var input: TerminalInputPipe?
    private var answerChange: AnswerChange?
    /// The terminal has no alternate screen (TERM=linux, vt100): the app's last frame stays on
    /// the shell's screen unless it is cleared on the way out.
    public private(set) var hasAlternateScreen = true

    public init() {}

    /// Current size in cells (columns, rows).
    public var size: (columns: Int, rows: Int) {
        if let lines { return lines.size }
        return (Int(vc_cols()), Int(vc_lines()))
    }

    /// Ctrl-C is a quit key like `q` (exit 0), not an interrupt: the tty's interrupt character
    /// is switched off so the byte reaches the app, while `kill -INT` stays a signal (exit 130)
    /// and Ctrl-Z still suspends through the tty. ncurses is told, so a resume keeps it.
    private static func deliverInterruptAsKey() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in cc[Int(VINTR)] = 0 }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        _ = def_prog_mode()
    }

    /// Whether frames go out as printed lines (a terminal without cursor addressing).
    public var isLineMode: Bool { lines != nil }

    /// In the line mode: the rows worth printing between two whole screens (`LineScreen.news`).
    public var lineNews: ((String) -> Bool)? {
        get { lines?.news }
        set { lines?.news = newValue }
    }

    /// Enters curses mode on the alternate screen (or line mode, see `TerminalTypeChoice`) and
    /// lays out as expected (`measurement`: the overrides, what this TERM measured last time
    /// (`remembered`), else narrow). The questions to the terminal (`TerminalProbe`) go out with
    /// the first frame, in the same write; their answers come with the keys (`takeAnswerChange`).
    /// Whether the terminal's cursor shows is decided with every frame (`setCursorVisible`):
    /// in text fields, and under `--plain`.
    ///
    /// With `mouse`, the terminal reports clicks and the wheel where it can (SPEC §10.3; not in
    /// the line mode, and the caller leaves it off under `--plain`); every way out turns it off.
    public func start(noColor: Bool, environment: [String: String], mouse: Bool = false,
                      remembered: (String) -> TerminalMeasurementCache.Entry? = { _ in nil }) throws {
        Self.ensureUTF8Locale()
        terminalChoice = TerminalTypeChoice.resolve(environment: environment)
        guard case .screen(let type, let replacing) = terminalChoice else {
            lines = LineScreen()
            colorMode = .none
            // Nothing to ask a terminal that cannot move the cursor; the overrides still count.
            measurement = TerminalMeasurement.decide(environment: environment, answers: nil)
            return
        }
        // The guard must remember the terminal as the shell left it: newterm/cbreak/noecho
        // change the modes, and a handler restoring those would leave the shell without echo.
        _ = Self.restoreSequence().withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { vc_guard_prepare(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        self.environment = environment
        let questions = TerminalMeasurement.questions(environment: environment, term: type)
        guard let input = TerminalInputPipe(questions: questions),
              let scr = newterm(type, vc_stdout(), input.file) else { throw TerminalError.cannotInitialize }
        self.input = input
        screen = scr
        set_term(scr)
        window = vc_stdscr()
        isActive = true
        cbreak()
        Self.deliverInterruptAsKey()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        _ = vc_set_escdelay(25)
        leaveok(window, true)
        scrollok(window, false)
        // One ncurses update enters the alternate screen and clears it; after that ncurses never
        // draws again (stdscr stays untouched, so get_wch does not refresh it).
        wnoutrefresh(window)
        doupdate()
        // Now that terminfo is loaded, the terminal's own undo sequences replace the defaults.
        hasAlternateScreen = TerminfoString.lookup("smcup") != nil
        // Mouse reporting is turned off by the same restore as the other modes, signals and crashes included.
        mouseReporting = mouse && vc_mouse_start() == 1
        let mouseOff = mouseReporting ? Self.mouseReportingOff : []
        _ = (Self.restoreSequence(alternateScreen: hasAlternateScreen) + mouseOff).withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { vc_guard_set_restore_bytes($0.baseAddress, $0.count) }
        }
        _ = vc_guard_install_crash_handlers()
        guard let capabilities = TerminalCapabilities.fromTerminfo() else { throw TerminalError.cannotInitialize }
        measurement = TerminalMeasurement.expected(environment: environment, remembered: remembered(replacing ?? type))
        // The questions go out in the same write as the first frame, which clears the probe's
        // character; nothing waits for the answers.
        pending = TerminalProbe.query(questions)
        colorMode = ColorMode.decide(noColorFlag: noColor, environment: environment, terminalColors: capabilities.colors)
        encoder = FrameEncoder(capabilities: capabilities, colorMode: colorMode, background: measurement.background)
    }

    /// What the terminal's answers changed since the last call: the layout (the ambiguous
    /// width: lay out anew), the palette (the background: draw every cell again), and whether
    /// every question has been answered (DA1 came: the answers can be remembered for this TERM).
    public struct AnswerChange: Equatable, Sendable {
        public var layout = false
        public var palette = false
        /// The answers so far, once the terminal has answered DA1.
        public var complete: TerminalProbe.Answers?
    }

    public func takeAnswerChange() -> AnswerChange? {
        defer { answerChange = nil }
        return answerChange
    }

    /// Whether the start of an answer waits for its rest: read again (`readKeys`) after
    /// `answerHoldMilliseconds` so it is given out as keys if no rest came.
    /// The `TERM` the measurement is kept for: the one asked for, even when a close entry is used.
    public var measuredTerm: String? {
        if case .screen(let type, let replacing) = terminalChoice { return replacing ?? type }
        return nil
    }

    public var isHoldingInput: Bool { input?.isHolding ?? false }
    public static let answerHoldMilliseconds = Int(TerminalInputPipe.holdMilliseconds)

    private func apply(_ answers: TerminalProbe.Answers) {
        var change = answerChange ?? AnswerChange()
        let updated = measurement.applying(answers, environment: environment)
        change.layout = change.layout || updated.ambiguous.isWide != measurement.ambiguous.isWide
        if updated.background != measurement.background, let encoder {
            change.palette = true
            self.encoder = FrameEncoder(capabilities: encoder.capabilities, colorMode: colorMode, background: updated.background)
        }
        measurement = updated
        if answers.synchronizedOutput == true && !synchronizedOutput {
            synchronizedOutput = true
            vc_guard_set_synchronized_output(1)
        }
        if answers.complete && change.complete == nil { change.complete = answers }
        answerChange = change
    }

    /// Leaves curses mode and restores the terminal. Safe to call more than once.
    public func stop() {
        lines = nil
        guard isActive else { return }
        isActive = false
        endwin()
        // Ends a synchronized update too (SPEC §10.4: the mode is left on no exit path).
        vc_guard_restore()
        if let screen { delscreen(screen) }
        screen = nil
        window = nil
        input?.shutDown()
        input = nil
    }

    /// Re-reads the terminal size after SIGWINCH; ncurses queues KEY_RESIZE, which `readKeys`
    /// then returns.
    public func handleResize() {
        guard lines == nil else { return }
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            _ = resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
            // ncurses clears its resized screen now rather than at some later get_wch, so it
            // cannot wipe a frame drawn after this; the next frame is redrawn whole (new size).
            if let window {
                wnoutrefresh(window)
                doupdate()
            }
        }
    }

    /// Everything typed since the last call (non-blocking); the terminal's answers among the
    /// bytes are applied (`takeAnswerChange`), never given out as keys. When the terminal has
    /// gone away (hung up: end of file or EIO on every read), `inputEnded` becomes true.
    public func readKeys() -> [Key] {
        readInput().compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// Everything the terminal sent since the last call, keys and mouse reports in order.
    public func readInput() -> [TerminalInput] {
        if let lines {
            let keys = lines.readKeys()
            inputEnded = inputEnded || (keys.isEmpty && TerminalHangup.hasHappened(on: STDIN_FILENO))
            return keys.map(TerminalInput.key)
        }
        guard let window, let input else { return [] }
        let (answered, ended) = input.pump(from: STDIN_FILENO)
        if answered { apply(input.session.answers) }
        var received: [TerminalInput] = []
        var ch: wint_t = 0
        while true {
            let r = wget_wch(window, &ch)
            if r == ERR { break }
            if r == KEY_CODE_YES, Int32(bitPattern: UInt32(ch)) == vc_key_mouse() {
                if let event = Self.mouseEvent() { received.append(.mouse(event)) }
            } else if let key = KeyDecoder.decode(result: r, code: UInt32(ch)) {
                received.append(.key(key))
            }
        }
        // ncurses says ERR both for "nothing more now" and for end of file or EIO; only a
        // wakeup that brought no key asks the terminal which one it was.
        if ended || (received.isEmpty && !answered && TerminalHangup.hasHappened(on: STDIN_FILENO)) { inputEnded = true }
        return received
    }

    /// Whether the terminal reports the mouse (`start(mouse:)`).
    public private(set) var mouseReporting = false

    /// Turns off what ncurses turns on for clicks and the wheel, in either encoding (X10 1000,
    /// SGR 1006): the restore sends it on every way out.
    static let mouseReportingOff = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

    /// The mouse report ncurses decoded, as a click or a wheel turn; nil for anything else.
    private static func mouseEvent() -> MouseEvent? {
        var x: Int32 = 0
        var y: Int32 = 0
        switch vc_get_mouse(&x, &y) {
        case 1: return MouseEvent(.press, x: Int(x), y: Int(y))
        case 4: return MouseEvent(.wheelUp, x: Int(x), y: Int(y))
        case 5: return MouseEvent(.wheelDown, x: Int(x), y: Int(y))
        default: return nil
        }
    }

    /// Whether the terminal went away: the app should quit (its state saved) rather than
    /// wake for ever on a terminal that will never send a key again.
    public private(set) var inputEnded = false

    /// Takes the renderer's changes; `flush` sends them. The buffer guarantees that a wide
    /// cluster never starts in the last column and that runs never split a wide character.
    public func present(_ changes: [BufferChange]) {
        if let lines {
            lines.present(changes)
            return
        }
        for change in changes {
            if case .resize(let width, let height) = change { screenSize = (width, height) }
        }
        guard let encoder, !changes.isEmpty else { return }
        encoder.encode(changes, size: screenSize, cursor: nil, into: &pending)
    }

    /// Places the terminal cursor (used in `--plain` mode and in text fields).
    public func moveCursor(row: Int, column: Int) {
        cursor = Point(x: column, y: row)
    }

    public func setCursorVisible(_ visible: Bool) {
        cursorVisible = visible
    }

    /// Sends the frame to the terminal in one write, the cursor last.
    public func flush() {
        if let lines {
            lines.flush()
            return
        }
        guard let encoder else { return }
        let shown = cursorVisible ? cursor : nil
        encoder.encode([], size: screenSize, cursor: shown, into: &pending)
        // One write either way; marked, the terminal shows the frame whole or not at all.
        if synchronizedOutput {
            StandardOutput.write(TerminalProbe.beginSynchronizedUpdate + pending + TerminalProbe.endSynchronizedUpdate)
        } else {
            StandardOutput.write(pending)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Ctrl-Z: gives the terminal back to the shell as it was, stops, and takes it again when
    /// continued; the caller then redraws every cell. ncurses' own SIGTSTP handler is not used:
    /// it repaints from the signal handler's thread, racing the frames this thread writes.
    public func suspend() {
        let curses = lines == nil && isActive
        // Every frame ends its update; this makes sure no shell runs under one.
        if curses && synchronizedOutput { StandardOutput.write(TerminalProbe.endSynchronizedUpdate) }
        if curses { endwin() }
        vc_guard_stop_self()
        if curses, let window {
            // The first update after endwin restores the program's modes, the alternate screen
            // and the keypad, and clears it.
            wnoutrefresh(window)
            doupdate()
        }
    }

    /// Under a C locale ncurses draws VT100 line characters and drops CJK text; this machine's
    /// only UTF-8 locale is C.UTF-8, which is the fallback.
    private static func ensureUTF8Locale() {
        // What ncursesw needs is a UTF-8 character type, and glibc names that codeset "UTF-8"
        // whatever the locale's name says ("C" and "POSIX" have another). Asked of the C library
        // rather than searched for in the locale's name, which may be a list of categories.
        if setlocale(LC_ALL, "") == nil || nl_langinfo(nl_item(CODESET)).map({ String(cString: $0) }) != "UTF-8" {
            _ = setlocale(LC_ALL, "C.UTF-8")
        }
    }

    /// Bytes that undo our setup, on the way out and from a signal handler: leave the alternate
    /// screen, keypad transmit off, cursor visible, attributes reset. Taken from terminfo where
    /// it has them. A terminal without an alternate screen is cleared instead (SPEC §10.4), so
    /// the shell's prompt does not land on the app's footer.
    private static func restoreSequence(alternateScreen: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        let leave = alternateScreen ? [("rmcup", "\u{1B}[?1049l")] : []
        let clear = alternateScreen ? [] : [("clear", "\u{1B}[H\u{1B}[2J")]
        let modes = [("rmkx", "\u{1B}[?1l\u{1B}>"), ("cnorm", "\u{1B}[?25h"), ("sgr0", "\u{1B}[0m")]
        for (cap, fallback) in leave + modes + clear {
            if let s = TerminfoString.lookup(cap) { bytes += s } else { bytes += Array(fallback.utf8) }
        }
        return bytes
    }
}

public enum TerminalError: Error, Equatable {
    case cannotInitialize
}

