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
/// Our own writes are reported too; a reader that re-reads finds nothing new, which is
/// cheaper than keeping track of which change was ours. If the directory itself is removed,
/// the watch ends; `start()` again after re-creating it.
public final class SettingsFileWatcher: Sendable {
    public static let debounceMilliseconds = 30
    public static let maximumDelayMilliseconds = 100

    public let path: String
    private let onChange: @Sendable () -> Void
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        var thread: pthread_t
        var inotifyFd: Int32
        var wakeRead: Int32
        var wakeWrite: Int32
    }

    public init(path: String, onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.onChange = onChange
    }

    deinit { stop() }

    /// Starts watching (creating the directory, 0700, when missing). Calling it while
    /// running does nothing.
    public func start() throws {
        try running.withLock { running in
            guard running == nil else { return }
            let (directory, name) = PathText.split(path)
            try AtomicFile.ensureDirectory(directory)
            let ifd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard ifd >= 0 else { throw PersistenceError.fromErrno("inotify_init", directory) }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
            guard inotify_add_watch(ifd, directory, mask) >= 0 else {
                let error = PersistenceError.fromErrno("inotify_add_watch", directory)
                close(ifd)
                throw error
            }
            var pipeFds: [Int32] = [-1, -1]
            guard pipe(&pipeFds) == 0 else {
                let error = PersistenceError.fromErrno("pipe", directory)
                close(ifd)
                throw error
            }
            for fd in pipeFds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let loop = WatchLoop(inotifyFd: ifd, wakeFd: pipeFds[0], fileName: Array(name.utf8), onChange: onChange)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(loop).toOpaque()
            let rc = pthread_create(&thread, nil, watcherThreadMain, context)
            guard rc == 0 else {
                Unmanaged<WatchLoop>.fromOpaque(context).release()
                close(ifd)
                close(pipeFds[0])
                close(pipeFds[1])
                throw PersistenceError.io(operation: "pthread_create", path: directory, errno: rc)
            }
            running = Running(thread: thread, inotifyFd: ifd, wakeRead: pipeFds[0], wakeWrite: pipeFds[1])
        }
    }

    /// Wakes the thread and waits for it to end; no `onChange` runs after this returns
    /// (unless called from `onChange` itself). Idempotent.
    public func stop() {
        guard let r = running.withLock({ r -> Running? in defer { r = nil }; return r }) else { return }
        var byte: UInt8 = 1
        while Glibc.write(r.wakeWrite, &byte, 1) < 0 && errno == EINTR {}
        if pthread_equal(pthread_self(), r.thread) != 0 {
            // Called from onChange: the thread ends once this call returns; it cannot join itself.
            pthread_detach(r.thread)
        } else {
            pthread_join(r.thread, nil)
        }
        close(r.inotifyFd)
        close(r.wakeRead)
        close(r.wakeWrite)
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

private final class WatchLoop: Sendable {
    let inotifyFd: Int32
    let wakeFd: Int32
    let fileName: [UInt8]
    let onChange: @Sendable () -> Void

    init(inotifyFd: Int32, wakeFd: Int32, fileName: [UInt8], onChange: @escaping @Sendable () -> Void) {
        self.inotifyFd = inotifyFd
        self.wakeFd = wakeFd
        self.fileName = fileName
        self.onChange = onChange
    }

    /// The debounce reads the system's monotonic clock, not an injected one: this thread waits in
    /// poll(2) for inotify, and the kernel counts that timeout in real time.
    func run() {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        var burstStart: Int64?
        var lastEvent: Int64 = 0
        while true {
            var timeout: Int32 = -1
            if let start = burstStart {
                let due = min(lastEvent + Int64(SettingsFileWatcher.debounceMilliseconds),
                              start + Int64(SettingsFileWatcher.maximumDelayMilliseconds))
                timeout = Int32(clamping: max(0, due - AppClock.monotonicMilliseconds()))
            }
            var fds = [pollfd(fd: inotifyFd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFd, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, timeout)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLIN) != 0, drainEvents(buffer, capacity) {
                let now = AppClock.monotonicMilliseconds()
                if burstStart == nil { burstStart = now }
                lastEvent = now
            } else if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                return
            }
            if let start = burstStart {
                let now = AppClock.monotonicMilliseconds()
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
