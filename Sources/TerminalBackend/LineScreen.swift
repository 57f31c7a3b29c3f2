import Glibc
import TerminalRendering

/// The app on a terminal that cannot address the cursor (`TERM=dumb`, an Emacs shell buffer, a
/// serial console, a hard-copy terminal): frames become printed lines, keys come as typed lines.
///
/// Printing: the whole screen after every line the person enters (and first of all), without
/// blank rows; in between, only rows not printed since then, so a status change shows up as
/// one new line. Changes in numbers alone (a response time, "3 s ago") are not news on paper:
/// they wait for the next full screen.
///
/// Typing: the terminal's own line editing stays on (canonical mode, echo). Every character of
/// an entered line is one key, so `l` Enter switches the language; an empty line is Enter.
@MainActor
final class LineScreen {
    private var shadow = CellBuffer(width: 0, height: 0)
    /// The words of every row printed since the last whole screen.
    private var seen: Set<String> = []
    private var printWhole = true
    private var lineHasText = false
    private var pendingUTF8: [UInt8] = []
    /// The screen-reader mode's news (SPEC §10.4): when set, between two whole screens only a
    /// row it accepts is printed (the line of a confirmed change of status), once per change.
    var news: ((String) -> Bool)?
    private var lastNews: String?

    var size: (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col >= 20, ws.ws_row >= 5 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    func present(_ changes: [BufferChange]) {
        shadow.apply(changes)
    }

    func flush() {
        let rows = Self.visibleRows(shadow)
        var lines: [String]
        let newsNow = news.flatMap { accepts in rows.first(where: accepts) }
        if printWhole {
            lines = [""] + rows
            printWhole = false
            seen = []
        } else if news != nil {
            lines = newsNow.map { $0 == lastNews ? [] : [$0] } ?? []
        } else {
            lines = rows.filter { !seen.contains(Self.words($0)) }
        }
        lastNews = newsNow ?? lastNews
        seen.formUnion(rows.map(Self.words))
        guard !lines.isEmpty else { return }
        StandardOutput.write(Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// What the person typed since the last call; the end of input (Ctrl-D) quits like Ctrl-C.
    func readKeys() -> [Key] {
        var available: Int32 = 0
        guard ioctl(STDIN_FILENO, UInt(FIONREAD), &available) == 0 else { return [] }
        guard available > 0 else {
            var probe = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let readableAtEOF = poll(&probe, 1, 0) > 0 && probe.revents & Int16(POLLIN | POLLHUP) != 0
            return readableAtEOF ? [.ctrl("c")] : []
        }
        var buffer = [UInt8](repeating: 0, count: Int(available))
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return count == 0 ? [.ctrl("c")] : [] }
        return decode(Array(buffer.prefix(count)))
    }

    /// Bytes of entered lines into keys; a multi-byte character split across reads waits.
    func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var text = pendingUTF8 + bytes
        pendingUTF8 = []
        if let cut = Self.incompleteSuffixStart(text) {
            pendingUTF8 = Array(text[cut...])
            text.removeSubrange(cut...)
        }
        for character in String(decoding: text, as: UTF8.self) {
            switch character {
            case "\n", "\r", "\r\n":
                if !lineHasText { keys.append(.enter) }
                lineHasText = false
                printWhole = true
            case "\u{1B}": keys.append(.escape); lineHasText = true
            case "\u{7F}", "\u{08}": keys.append(.backspace); lineHasText = true
            case "\t": keys.append(.tab); lineHasText = true
            default:
                lineHasText = true
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 {
                    if let letter = Unicode.Scalar(scalar.value + 0x60) { keys.append(.ctrl(Character(letter))) }
                } else {
                    keys.append(.character(character))
                }
            }
        }
        return keys
    }

    /// Rows with their trailing spaces cut, blank rows dropped.
    nonisolated static func visibleRows(_ buffer: CellBuffer) -> [String] {
        buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    /// A row without its digits and spacing, to tell news from ticking numbers.
    nonisolated static func words(_ row: String) -> String {
        String(row.filter { !$0.isNumber && $0 != " " })
    }

    /// Where a UTF-8 sequence cut short at the end of `bytes` starts, if one is.
    private nonisolated static func incompleteSuffixStart(_ bytes: [UInt8]) -> Int? {
        var index = bytes.count - 1
        var continuation = 0
        while index >= 0 && continuation < 3 && bytes[index] & 0xC0 == 0x80 {
            continuation += 1
            index -= 1
        }
        guard index >= 0 else { return nil }
        let lead = bytes[index]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        return needed > continuation ? index : nil
    }
}
