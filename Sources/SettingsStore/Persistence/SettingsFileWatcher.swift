import CPlatform
import Glibc
import Synchronization

/// Notices changes to one file (including atomic replacement by rename) with inotify on
/// its directory, and calls `onChange` on a background thread, debounced.
///
/// The directory is watched, not the file: editors that save atomically and our own writes
/// replace the file's inode, and a watch on the old inode would go quiet. Events for other
/// names in the directory (temporary files, the lock file) are ignored.
///
/// One thread blocks in `poll(2)` on the inotify descriptor and a wake-up pipe: no timer
/// runs while nothing happens. A burst of events (an editor's create + write + close, or a
/// rename) gives one call, `debounce` after the last event of the burst and at most
/// `maximumDelay` after its first, so a change is reported well within 200 ms.
///
/// When the system refuses inotify (the user's `fs.inotify.max_user_instances`, 128 on
/// Debian, is shared by every process of the user; a busy machine runs out), the file is not
/// left unwatched: the thread looks at its identity (`FileIdentity`) every
/// `checkInterval` and asks for inotify again each time, so a drill or a mute set by another
/// process is still seen, within a second, and notification resumes once the system allows
/// it. `start()` says which way the file is watched, so the caller can log the degradation.
///
/// Our own writes are reported too; a reader that re-reads finds nothing new, which is
/// cheaper than keeping track of which change was ours. If the directory itself is removed,
/// the watch ends; `start()` again after re-creating it.
public final class SettingsFileWatcher: Sendable {
    public static let debounceMilliseconds = 30
    public static let maximumDelayMilliseconds = 100
    /// How often the file is looked at while the system refuses inotify.
    public static let checkIntervalMilliseconds = 1000

    /// How the file is watched.
    public enum Mode: Equatable, Sendable {
        /// inotify tells of every change; nothing runs in between.
        case notified
        /// inotify was refused (`reason`, the system's words): the file is looked at every
        /// `checkIntervalMilliseconds` until inotify is granted.
        case checking(reason: String)
    }

    public let path: String
    private let onChange: @Sendable () -> Void
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        var thread: pthread_t
        var wakeWrite: Int32
    }

    public init(path: String, onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.onChange = onChange
    }

    deinit { stop() }

    /// Starts watching (creating the directory, 0700, when missing) and says how. Calling it
    /// while running does nothing (and says `notified`). Throws only when no thread can watch
    /// at all (the directory cannot be made, no pipe, no thread).
    @discardableResult
    public func start() throws -> Mode {
        try running.withLock { running in
            guard running == nil else { return .notified }
            let (directory, name) = PathText.split(path)
            try AtomicFile.ensureDirectory(directory)
            var pipeFds: [Int32] = [-1, -1]
            guard pipe(&pipeFds) == 0 else { throw PersistenceError.fromErrno("pipe", directory) }
            for fd in pipeFds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let notifier = DirectoryNotifier.open(directory)
            let loop = WatchLoop(path: path, directory: directory, fileName: Array(name.utf8),
                                 inotifyFd: notifier.fd ?? -1, wakeFd: pipeFds[0], onChange: onChange)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(loop).toOpaque()
            let rc = pthread_create(&thread, nil, watcherThreadMain, context)
            guard rc == 0 else {
                Unmanaged<WatchLoop>.fromOpaque(context).release()
                if let fd = notifier.fd { close(fd) }
                close(pipeFds[0])
                close(pipeFds[1])
                throw PersistenceError.io(operation: "pthread_create", path: directory, errno: rc)
            }
            running = Running(thread: thread, wakeWrite: pipeFds[1])
            return notifier.problem.map { .checking(reason: $0) } ?? .notified
        }
    }

    /// Wakes the thread and waits for it to end; no `onChange` runs after this returns
    /// (unless called from `onChange` itself). Idempotent. The thread closes its own
    /// descriptors as it ends, so none is closed under a thread that still polls it.
    public func stop() {
        guard let r = running.withLock({ r -> Running? in defer { r = nil }; return r }) else { return }
        var byte: UInt8 = 1
        while Glibc.write(r.wakeWrite, &byte, 1) < 0 && errno == EINTR {}
        close(r.wakeWrite)
        if pthread_equal(pthread_self(), r.thread) != 0 {
            // Called from onChange: the thread ends once this call returns; it cannot join itself.
            pthread_detach(r.thread)
        } else {
            pthread_join(r.thread, nil)
        }
    }
}

/// At file scope so it carries no actor isolation (C calls it on a new thread).
private func watcherThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let loop = Unmanaged<WatchLoop>.fromOpaque(context).takeRetainedValue()
    // Signals are the main thread's business (resize, terminal restore).
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_SETMASK, &all, nil)
    loop.run()
    return nil
}

/// The watching thread's own state: it alone reads and changes it once started (handed over
/// by `pthread_create`), hence `@unchecked Sendable`.
private final class WatchLoop: @unchecked Sendable {
    let path: String
    let directory: String
    let fileName: [UInt8]
    /// -1 while the system refuses inotify (the file's identity is checked instead).
    var inotifyFd: Int32
    let wakeFd: Int32
    let onChange: @Sendable () -> Void

    init(path: String, directory: String, fileName: [UInt8], inotifyFd: Int32, wakeFd: Int32,
         onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.directory = directory
        self.fileName = fileName
        self.inotifyFd = inotifyFd
        self.wakeFd = wakeFd
        self.onChange = onChange
    }

    /// The debounce reads the system's monotonic clock, not an injected one: this thread waits in
    /// poll(2) for inotify, and the kernel counts that timeout in real time.
    func run() {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer {
            buffer.deallocate()
            if inotifyFd >= 0 { close(inotifyFd) }
            close(wakeFd)
        }
        var burstStart: Int64?
        var lastEvent: Int64 = 0
        // Only while checking: what the file looked like, and when to look again.
        var seen = inotifyFd < 0 ? FileIdentity.current(path) : nil
        var nextCheck: Int64? = inotifyFd < 0
            ? AppClock.monotonicMilliseconds() + Int64(SettingsFileWatcher.checkIntervalMilliseconds) : nil
        func noteEvent(_ now: Int64) {
            if burstStart == nil { burstStart = now }
            lastEvent = now
        }
        while true {
            var due: Int64?
            if let start = burstStart {
                due = min(lastEvent + Int64(SettingsFileWatcher.debounceMilliseconds),
                          start + Int64(SettingsFileWatcher.maximumDelayMilliseconds))
            }
            if let check = nextCheck { due = min(due ?? check, check) }
            let timeout = due.map { Int32(clamping: max(0, $0 - AppClock.monotonicMilliseconds())) } ?? -1
            // poll(2) ignores a negative descriptor: while checking, only the wake-up pipe.
            var fds = [pollfd(fd: inotifyFd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFd, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, timeout)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let now = AppClock.monotonicMilliseconds()
            if fds[0].revents & Int16(POLLIN) != 0, drainEvents(buffer, capacity) {
                noteEvent(now)
            } else if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                return
            }
            if let check = nextCheck, now >= check {
                if let fd = DirectoryNotifier.open(directory).fd {
                    inotifyFd = fd
                    nextCheck = nil
                } else {
                    nextCheck = now + Int64(SettingsFileWatcher.checkIntervalMilliseconds)
                }
                // Compared once more when inotify comes back: a change in between is not lost.
                let current = FileIdentity.current(path)
                if current != seen {
                    seen = current
                    noteEvent(now)
                }
            }
            if let start = burstStart {
                if now >= lastEvent + Int64(SettingsFileWatcher.debounceMilliseconds)
                    || now >= start + Int64(SettingsFileWatcher.maximumDelayMilliseconds) {
                    burstStart = nil
                    onChange()
                }
            }
        }
    }

    /// Reads every queued event; true when one concerns our file (or events were lost).
    private func drainEvents(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Bool {
        var relevant = false
        while true {
            let n = Glibc.read(inotifyFd, buffer, capacity)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return relevant }
            // struct inotify_event { int wd; uint32_t mask; uint32_t cookie; uint32_t len; char name[]; }
            var offset = 0
            while offset + 16 <= n {
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + 16
                guard nameStart + length <= n else { break }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 || mask & UInt32(IN_IGNORED) != 0 {
                    relevant = true
                } else if length > 0 {
                    let name = UnsafeRawBufferPointer(start: buffer + nameStart, count: length)
                    let end = name.firstIndex(of: 0) ?? length
                    if end == fileName.count && name.prefix(end).elementsEqual(fileName) { relevant = true }
                }
                offset = nameStart + length
            }
        }
    }
}

/// An inotify descriptor watching one directory for the changes a file watcher cares about,
/// or the system's reason for refusing one.
private enum DirectoryNotifier {
    static func open(_ directory: String) -> (fd: Int32?, problem: String?) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return (nil, "inotify_init1: " + String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let problem = "inotify_add_watch: " + String(cString: strerror(errno))
            close(fd)
            return (nil, problem)
        }
        return (fd, nil)
    }
}
