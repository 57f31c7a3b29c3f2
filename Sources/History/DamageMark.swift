import Glibc

/// `history.sqlite3.damaged`: left by any handle, reader or writer, that read a value out of
/// range (`StoredRange`) or malformed. SQLite finds nothing wrong with such a file, so the
/// page check behind `needs-check` would keep it; the next open for writing moves it aside
/// instead (SPEC §15.2: damage, never a crash). The mark holds the identity of the file it is
/// about: a mark left about a file that has since been replaced is dropped, not applied to the
/// new one.
enum DamageMark {
    static func path(_ database: String) -> String {
        database + ".damaged"
    }

    /// Marks the file `identity` (the one the handle has open) as damaged.
    static func mark(_ database: String, identity: FileIdentity?) {
        guard let identity else { return }
        let descriptor = open(path(database), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                              HistoryFiles.mode)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let text = Array(identity.text.utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Whether the file now at `database` is the one a mark names. A mark about another file
    /// (or one that cannot be read) is removed.
    static func applies(_ database: String) -> Bool {
        let markPath = path(database)
        let descriptor = open(markPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        var info = stat()
        let count = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            ? buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } : -1
        close(descriptor)
        let named = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        if let named, let current = FileIdentity.of(database), named == current.text { return true }
        clear(database)
        return false
    }

    static func clear(_ database: String) {
        unlink(path(database))
    }
}
