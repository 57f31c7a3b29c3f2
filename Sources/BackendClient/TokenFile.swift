import Glibc

/// A bearer token in a file (`remote_write_token_file`, `fleet --token-file`: the one reader of
/// both), in a regular file that only its owner (this user) can read or write. Read afresh for each push, so a rotated token is used
/// at once; the token is never logged or printed, and a refusal never quotes the file.
public enum TokenFile {
    /// Why the file is not used; each is told in the person's language (`key`).
    public enum Problem: Error, Equatable, Sendable {
        case missing
        case notRegular
        /// Readable or writable by group or others (0644): the token is no secret there.
        case openToOthers(mode: String)
        case foreignOwner
        case lineBreak
        /// Another control character (NUL, ESC, DEL…): an HTTP header may not carry it.
        case controlCharacter
        case empty
        case tooLarge
        case unreadable(String)

        public var key: String {
            switch self {
            case .missing: "cli.token_file.missing"
            case .notRegular: "cli.token_file.not_regular"
            case .openToOthers: "cli.token_file.open"
            case .foreignOwner: "cli.token_file.foreign"
            case .lineBreak: "cli.token_file.line_break"
            case .controlCharacter: "cli.token_file.control"
            case .empty: "cli.token_file.empty"
            case .tooLarge: "cli.token_file.too_large"
            case .unreadable: "cli.token_file.unreadable"
            }
        }

        public func parameters(path: String) -> [String: String] {
            switch self {
            case .openToOthers(let mode): ["path": path, "mode": mode]
            case .unreadable(let reason): ["path": path, "reason": reason]
            default: ["path": path]
            }
        }

        /// A stable code for the log and the state file.
        public var code: String {
            switch self {
            case .missing: "token_missing"
            case .notRegular: "token_not_regular"
            case .openToOthers: "token_open_to_others"
            case .foreignOwner: "token_foreign_owner"
            case .lineBreak: "token_line_break"
            case .controlCharacter: "token_control"
            case .empty: "token_empty"
            case .tooLarge: "token_too_large"
            case .unreadable: "token_unreadable"
            }
        }
    }

    /// A token is a line of text; a few kilobytes is far beyond any real one.
    public static let maxBytes = 4096

    /// The token's bytes: one trailing line feed (as `echo` writes it) is dropped; any other CR
    /// or LF is refused (it would split the Authorization header).
    public static func read(path: String) -> Result<[UInt8], Problem> {
        // O_NONBLOCK: a FIFO in its place is refused by fstat below, never waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(.missing) }
            if code == ELOOP { return .failure(.notRegular) }
            return .failure(.unreadable(String(cString: strerror(code))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard info.st_uid == geteuid() else { return .failure(.foreignOwner) }
        guard info.st_mode & 0o077 == 0 else { return .failure(.openToOthers(mode: String(info.st_mode & 0o777, radix: 8))) }
        guard info.st_size <= maxBytes else { return .failure(.tooLarge) }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }  // non-empty buffer
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if n == 0 { break }
            count += n
        }
        guard count <= maxBytes else { return .failure(.tooLarge) }
        var token = Array(bytes.prefix(count))
        if token.last == 0x0A { token.removeLast() }
        guard !token.contains(0x0A), !token.contains(0x0D) else { return .failure(.lineBreak) }
        guard !token.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return .failure(.controlCharacter) }
        guard !token.isEmpty else { return .failure(.empty) }
        return .success(token)
    }
}
