import Foundation
import Glibc

/// Writes a test's files with a close-on-exec descriptor. Tests start programs concurrently
/// (posix_spawn), and a child that inherited a descriptor from Foundation's `Data.write` (which
/// does not set close-on-exec) holds the file open for writing long after the write: the app
/// then rightly refuses to replace a file "being written in another program".
public enum TestFile {
    public static func write(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TestSupportError.setupFailed("cannot write \(path): errno \(errno)") }
        defer { close(fd) }
        var written = 0
        while written < data.count {
            let n = data[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw TestSupportError.setupFailed("cannot write \(path): errno \(errno)") }
            written += n
        }
    }
}
