import CPlatform
import Glibc
import Synchronization

/// Appends whole lines to the log file, from any thread. The file (0600) and its directory
/// (0700) are created on the first line; O_APPEND keeps lines from two processes whole.
/// Failures are swallowed: logging must never break or slow the app, and the screen is
/// never an alternative destination.
///
/// Only a regular file is written: a FIFO, device or directory in its place (or a symbolic
/// link) is left alone and the line dropped, never waited on. The log is capped: when it
/// reaches `rotationSize` it becomes `NAME.1` (the previous `NAME.1` becomes `NAME.2`, the
/// previous `NAME.2` goes), so at most three files of about 1 MB exist.
public final class LogFileWriter: Sendable {
    public static let rotationSize: Int64 = 1 << 20
    /// Old files kept beside the log.
    public static let keptFiles = 2

    public let path: String
    private let rotationSize: Int64
    private let descriptor = Mutex<Int32>(-1)

    public init(path: String, rotationSize: Int64 = LogFileWriter.rotationSize) {
        self.path = path
        self.rotationSize = rotationSize
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
            if fd < 0 { fd = openLog() }
            guard fd >= 0 else { return }
            var st = stat()
            if fstat(fd, &st) == 0, Int64(st.st_size) + Int64(bytes.count) > rotationSize, st.st_size > 0 {
                rotate(&fd)
                guard fd >= 0 else { return }
            }
            try? AtomicFile.writeAll(fd, bytes, path: path)
        }
    }

    private func openLog() -> Int32 {
        try? AtomicFile.ensureDirectory(PathText.split(path).0)
        let opened = try? RegularFile.open(path, flags: O_WRONLY | O_APPEND | O_CREAT, followLinks: false)
        return opened?.fd ?? -1
    }

    /// Renames under a lock shared with other copies of the app; a copy that finds the log
    /// already rotated by another (its descriptor no longer names `path`) only reopens.
    private func rotate(_ fd: inout Int32) {
        try? FileLock.withExclusiveLock(for: path, createDirectory: false) {
            var mine = stat()
            var named = stat()
            let stillCurrent = fstat(fd, &mine) == 0 && stat(path, &named) == 0
                && mine.st_dev == named.st_dev && mine.st_ino == named.st_ino
            if stillCurrent {
                for index in stride(from: Self.keptFiles, to: 1, by: -1) {
                    _ = rename(path + "." + String(index - 1), path + "." + String(index))
                }
                _ = rename(path, path + ".1")
            }
            close(fd)
            fd = openLog()
        }
    }
}
