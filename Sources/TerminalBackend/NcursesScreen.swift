import CNcursesw
import TerminalRendering
import CTerminalGuard
import Glibc

/// The ncurses side of the app: sets the terminal up, draws cells the renderer says changed,
/// reads keys, and puts the terminal back. Every call must come from the main thread.
@MainActor
public final class NcursesScreen {
    public private(set) var colorMode: ColorMode = .none
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var isActive = false

    public init() {}

    /// Current size in cells (columns, rows).
    public var size: (columns: Int, rows: Int) {
        (Int(vc_cols()), Int(vc_lines()))
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

    /// Enters curses mode on the alternate screen. `cursorVisible` is for `--plain`, where the
    /// terminal cursor marks the focused item for screen readers.
    public func start(noColor: Bool, environment: [String: String], cursorVisible: Bool) throws {
        Self.ensureUTF8Locale()
        // The guard must remember the terminal as the shell left it: newterm/cbreak/noecho
        // change the modes, and a handler restoring those would leave the shell without echo.
        _ = Self.restoreSequence().withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { vc_guard_prepare(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        guard let scr = newterm(nil, vc_stdout(), vc_stdin()) else { throw TerminalError.cannotInitialize }
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
        _ = curs_set(cursorVisible ? 1 : 0)
        leaveok(window, !cursorVisible)
        scrollok(window, false)
        // Now that terminfo is loaded, the terminal's own undo sequences replace the defaults.
        _ = Self.restoreSequence().withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { vc_guard_set_restore_bytes($0.baseAddress, $0.count) }
        }
        _ = vc_guard_install_crash_handlers()
        var colors = 0
        if has_colors() {
            start_color()
            _ = use_default_colors()
            colors = Int(vc_colors())
        }
        colorMode = ColorMode.decide(noColorFlag: noColor, environment: environment, terminalColors: colors)
        setUpColorPairs()
    }

    /// Leaves curses mode and restores the terminal. Safe to call more than once.
    public func stop() {
        guard isActive else { return }
        isActive = false
        endwin()
        vc_guard_restore()
        if let screen { delscreen(screen) }
        screen = nil
        window = nil
    }

    /// Re-reads the terminal size after SIGWINCH; ncurses queues KEY_RESIZE, which `readKeys`
    /// then returns.
    public func handleResize() {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            _ = resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        }
    }

    /// Everything typed since the last call (non-blocking).
    public func readKeys() -> [Key] {
        guard let window else { return [] }
        var keys: [Key] = []
        var ch: wint_t = 0
        while true {
            let r = wget_wch(window, &ch)
            if r == ERR { break }
            if let key = KeyDecoder.decode(result: r, code: UInt32(ch)) { keys.append(key) }
        }
        return keys
    }

    /// Writes the renderer's changes. The buffer guarantees that a wide cluster never starts
    /// in the last column and that runs never split a wide character, so ncurses and the
    /// terminal agree on every cell's position.
    public func present(_ changes: [BufferChange]) {
        guard let window else { return }
        for change in changes {
            switch change {
            case .resize:
                _ = werase(window)
            case let .run(x, y, cells):
                var column = x
                for cell in cells {
                    defer { column += 1 }
                    if cell.isContinuation { continue }
                    put(row: y, column: column, cell: cell, window: window)
                }
            }
        }
    }

    private func put(row: Int, column: Int, cell: Cell, window: UnsafeMutablePointer<WINDOW>) {
        var wide = Array(cell.content.unicodeScalars.prefix(Int(CCHARW_MAX) - 1).map { wchar_t(bitPattern: $0.value) })
        if wide.isEmpty { wide = [wchar_t(0x20)] }
        wide.append(0)
        var cchar = cchar_t()
        let pair = colorMode == .none ? Int16(0) : Int16(cell.style.color.rawValue)
        _ = setcchar(&cchar, wide, attributes(for: cell.style), pair, nil)
        // Writing the bottom-right cell makes ncurses report ERR (it cannot scroll); the
        // cell is still drawn, so the result is ignored.
        _ = mvwadd_wch(window, Int32(row), Int32(column), &cchar)
    }

    /// Places the terminal cursor (used in `--plain` mode and in text fields).
    public func moveCursor(row: Int, column: Int) {
        guard let window else { return }
        _ = wmove(window, Int32(row), Int32(column))
    }

    public func setCursorVisible(_ visible: Bool) {
        _ = curs_set(visible ? 1 : 0)
    }

    /// Sends the frame to the terminal in one write.
    public func flush() {
        guard let window else { return }
        wnoutrefresh(window)
        doupdate()
    }

    /// Ctrl-L: forget what ncurses believes is on screen and repaint everything.
    public func clearAndRepaint() {
        guard let window else { return }
        _ = clearok(window, true)
    }

    private func attributes(for style: Style) -> attr_t {
        var a = vc_a_normal()
        if style.attributes.contains(.bold) { a |= vc_a_bold() }
        if style.attributes.contains(.dim) { a |= vc_a_dim() }
        if style.attributes.contains(.reverse) { a |= vc_a_reverse() }
        if style.attributes.contains(.underline) { a |= vc_a_underline() }
        return a
    }

    private func setUpColorPairs() {
        guard colorMode != .none else { return }
        for color in SemanticColor.allCases where color != .default {
            let (fg, bg) = Palette.colors(for: color, mode: colorMode)
            _ = init_pair(Int16(color.rawValue), fg, bg)
        }
    }

    /// Under a C locale ncurses draws VT100 line characters and drops CJK text; this machine's
    /// only UTF-8 locale is C.UTF-8, which is the fallback.
    private static func ensureUTF8Locale() {
        let current = setlocale(LC_ALL, "").map { String(cString: $0) } ?? "C"
        if current == "C" || current == "POSIX" || !current.localizedUTF8 {
            _ = setlocale(LC_ALL, "C.UTF-8")
        }
    }

    /// Bytes that undo our setup from a signal handler: leave the alternate screen, keypad
    /// transmit off, cursor visible, attributes reset. Taken from terminfo where it has them.
    private static func restoreSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for (cap, fallback) in [("rmcup", "\u{1B}[?1049l"), ("rmkx", "\u{1B}[?1l\u{1B}>"),
                                ("cnorm", "\u{1B}[?25h"), ("sgr0", "\u{1B}[0m")] {
            if let s = TerminfoString.lookup(cap) { bytes += s } else { bytes += Array(fallback.utf8) }
        }
        return bytes
    }
}

public enum TerminalError: Error, Equatable {
    case cannotInitialize
}

private extension String {
    var localizedUTF8: Bool {
        let lower = lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}
