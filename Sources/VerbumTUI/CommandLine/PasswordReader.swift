#if canImport(Glibc)
import Glibc
#endif
import SettingsStore

/// Reads what a person types for `login`: the user name with echo, the password without, both
/// from the controlling terminal (not stdin, which may be a pipe); or the password as the
/// first line of stdin for `--password-stdin`. Never from the command line.
enum PasswordReader {
    enum Failure: Error {
        case noTerminal
        case empty
    }

    /// No core file may hold the password or the tokens that follow (docs/PRODUCT.md: Switching, fallback, server data and sign-in).
    static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    }

    /// A line typed at the terminal; an empty one takes `offered` when there is one (the user
    /// name of the last sign-in, shown in the prompt).
    static func prompt(_ text: String, echo: Bool, offered: String? = nil) throws(Failure) -> String {
        do throws(Failure) {
            return String(decoding: try promptBytes(text, echo: echo).bytes, as: UTF8.self)
        } catch {
            guard error == .empty, let offered, !offered.isEmpty else { throw error }
            return offered
        }
    }

    /// The password typed at the terminal, in its one owned buffer.
    static func promptSecret(_ text: String) throws(Failure) -> SecretText {
        SecretText(bytes: try promptBytes(text, echo: false).bytes)
    }

    /// The first line of stdin, in its one owned buffer.
    static func standardInputSecret() throws(Failure) -> SecretText {
        SecretText(bytes: try line(from: STDIN_FILENO).bytes)
    }

    private static func promptBytes(_ text: String, echo: Bool) throws(Failure) -> Line {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw .noTerminal }
        defer { close(fd) }
        var saved = termios()
        let isTerminal = tcgetattr(fd, &saved) == 0
        guard isTerminal else { throw .noTerminal }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(fd, TCSAFLUSH, &quiet)
        }
        defer {
            if !echo {
                tcsetattr(fd, TCSAFLUSH, &saved)
                _ = write(fd, "\n", 1)
            }
        }
        return try line(from: fd)
    }

    /// Bytes read, handed on whole (the array's one buffer moves into a `SecretText`).
    private struct Line {
        var bytes: [UInt8]
    }

    /// One line without its end; empty input is refused.
    private static func line(from fd: Int32) throws(Failure) -> Line {
        var bytes: [UInt8] = []
        // Room for the longest line up front: growing would leave copies of the password in
        // freed memory.
        bytes.reserveCapacity(4_098)
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
            if bytes.count > 4096 { break }
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { throw .empty }
        return Line(bytes: bytes)
    }
}
