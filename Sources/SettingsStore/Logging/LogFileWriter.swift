import Glibc
import Synchronization

/// Appends whole lines to the log file, from any thread. The file (0600) and its directory
/// (0700) are created on the first line; O_APPEND keeps lines from two processes whole.
/// Failures are swallowed: logging must never break or slow the app, and the screen is
/// never an alternative destination.
public final class LogFileWriter: Sendable {
    public let path: String
    private let descriptor = Mutex<Int32>(-1)

    public init(path: String) {
        self.path = path
    }

    deinit {
        descriptor.withLock { fd in
            if fd >= 0 { close(fd) }
        }
    }

    /// Writes `line` and a newline in one `write(2)`.
    public func append(line: String) {
        let bytes = Array((line + "\n").utf8)
        descriptor.withLock { fd in
            if fd < 0 {
                try? AtomicFile.ensureDirectory(PathText.split(path).0)
                fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, AtomicFile.fileMode)
                guard fd >= 0 else { return }
            }
            try? AtomicFile.writeAll(fd, bytes, path: path)
        }
    }
}
