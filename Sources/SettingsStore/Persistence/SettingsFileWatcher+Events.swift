import Glibc

/// Reads the hub's inotify events. One small buffer for the process: events are rare, and a
/// burst larger than the buffer is read in several passes.
struct InotifyReader {
    /// One inotify event: which watch, what happened, which name in the directory.
    struct Event {
        /// -1 when the kernel lost events (`IN_Q_OVERFLOW`).
        var watch: Int32
        var mask: UInt32
        var name: [UInt8]

        /// The directory's watch ended (it was removed, or the watch taken away).
        var watchEnded: Bool { mask & UInt32(IN_IGNORED) != 0 }

        /// True when `entry` must look again: its file was named, its directory's watch ended,
        /// or events were lost.
        func concerns(_ entry: FileWatchHub.Entry) -> Bool {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return entry.watch != nil }
            guard entry.watch == watch else { return false }
            return watchEnded || name == entry.fileName
        }
    }

    /// Room for at least one event with the longest name (16 + NAME_MAX + 1 bytes).
    private var bytes = [UInt8](repeating: 0, count: 4096)

    /// Every queued event (the descriptor is non-blocking).
    mutating func read(_ fd: Int32) -> [Event] {
        var events: [Event] = []
        while true {
            let more = bytes.withUnsafeMutableBytes { Self.read(fd, into: $0, &events) }
            if !more { return events }
        }
    }

    /// One read(2) into `buffer`; false when nothing more is queued.
    private static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, _ events: inout [Event]) -> Bool {
        guard let start = buffer.baseAddress else { return false }
        let n = Glibc.read(fd, start, buffer.count)
        if n < 0 && errno == EINTR { return true }
        guard n > 0 else { return false }
        // struct inotify_event { int wd; uint32_t mask; uint32_t cookie; uint32_t len; char name[]; }
        var offset = 0
        while offset + 16 <= n {
            let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + 16
            guard nameStart + length <= n else { break }
            // The name is padded with NULs to its length.
            let name = UnsafeRawBufferPointer(rebasing: buffer[nameStart..<(nameStart + length)])
            events.append(Event(watch: watch, mask: mask, name: Array(name.prefix { $0 != 0 })))
            offset = nameStart + length
        }
        return true
    }
}

/// The system's inotify, or its reason for refusing.
enum DirectoryNotifier {
    struct Refusal: Error {
        /// The system's words, with the call that was refused.
        var reason: String
    }

    /// A new non-blocking inotify instance.
    static func instance() -> Result<Int32, Refusal> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return .failure(Refusal(reason: "inotify_init1: " + String(cString: strerror(errno)))) }
        return .success(fd)
    }

    /// A watch of `directory` for the changes a file watcher cares about: the same watch for
    /// every file in that directory (inotify gives one per directory and instance).
    static func watch(_ directory: String, with fd: Int32) -> Result<Int32, Refusal> {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        let watch = inotify_add_watch(fd, directory, mask)
        guard watch >= 0 else { return .failure(Refusal(reason: "inotify_add_watch: " + String(cString: strerror(errno)))) }
        return .success(watch)
    }
}
