import CPlatform
import Glibc
import Synchronization

/// The one inotify instance and the one thread that every `SettingsFileWatcher` of the process
/// shares (`shared`; tests make hubs of their own) (the app watches settings.json, app-state.json, mutes.json and drills.json: before,
/// each had an instance, a thread and a 64 KiB buffer of its own).
///
/// Each watched file is an entry: its directory's watch (directories with several watched
/// files share one, counted), its debounce, and while inotify is refused its identity, looked
/// at every `checkIntervalMilliseconds`. The thread starts with the first watch and, like
/// libcurl's engine thread, lives as long as the process; with nothing to do it sleeps in
/// `poll(2)` with no timeout.
final class FileWatchHub: Sendable {
    static let shared = FileWatchHub(threadName: threadName)
    /// The shared thread's name in /proc (at most 15 bytes), for `top -H`, perf and the tests.
    static let threadName = "vc-file-watch"

    /// This hub's thread's name.
    let threadName: String

    init(threadName: String) {
        self.threadName = threadName
    }

    struct Entry {
        let path: String
        let directory: String
        let fileName: [UInt8]
        let onChange: @Sendable () -> Void
        var how: How
        var burstStart: Int64?
        var lastEvent: Int64 = 0

        enum How {
            /// Told by the directory's watch.
            case notified(watch: Int32)
            /// inotify refused: looked at every interval; what the file looked like last.
            case checking(seen: FileIdentity?)
            /// The directory was removed: nothing more comes (`stop` and `start` again).
            case ended
        }

        var watch: Int32? {
            if case .notified(let watch) = how { return watch }
            return nil
        }

        var isChecked: Bool {
            if case .checking = how { return true }
            return false
        }
    }

    struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        /// -1 while the system refuses inotify.
        var inotifyFd: Int32 = -1
        var wakeRead: Int32 = -1
        var wakeWrite: Int32 = -1
        var thread: pthread_t?
        /// When the checked files are looked at next (nil: none is checked).
        var nextCheck: Int64?
    }

    private let state = Mutex(State())
    /// The thread's id in /proc/self/task once it runs (tests look at what it waits for).
    private let task = Mutex<String?>(nil)
    /// Held by the thread while it calls `onChange`s, so that `remove` can wait for a call in
    /// progress (the promise of `SettingsFileWatcher.stop`).
    private let calling = Mutex(())

    /// Registers a file (its directory exists) and says how it is watched. Throws only when no
    /// thread can watch (no pipe, no thread).
    func add(path: String, directory: String, fileName: [UInt8],
             onChange: @escaping @Sendable () -> Void) throws -> (UInt64, SettingsFileWatcher.Mode) {
        let (id, mode) = try state.withLock { state -> (UInt64, SettingsFileWatcher.Mode) in
            var refusal: String?
            if state.inotifyFd < 0 {
                switch DirectoryNotifier.instance() {
                case .success(let fd): state.inotifyFd = fd
                case .failure(let problem): refusal = problem.reason
                }
            }
            try startThread(&state)
            var entry = Entry(path: path, directory: directory, fileName: fileName, onChange: onChange,
                              how: .checking(seen: FileIdentity.current(path)))
            if refusal == nil {
                switch DirectoryNotifier.watch(directory, with: state.inotifyFd) {
                case .success(let watch): entry.how = .notified(watch: watch)
                case .failure(let problem): refusal = problem.reason
                }
            }
            if refusal != nil {
                state.nextCheck = state.nextCheck
                    ?? AppClock.monotonicMilliseconds() + Int64(SettingsFileWatcher.checkIntervalMilliseconds)
            }
            state.nextID += 1
            state.entries[state.nextID] = entry
            return (state.nextID, refusal.map { .checking(reason: $0) } ?? .notified)
        }
        // A checked file changes when the thread must wake next; a notified one needs nothing.
        if case .checking = mode { wake() }
        return (id, mode)
    }

    /// Ends a watch: its directory's watch goes with the last file in it. After this returns no
    /// `onChange` of the entry runs, except when called from an `onChange` (on the thread).
    func remove(_ id: UInt64) {
        let thread = state.withLock { state -> pthread_t? in
            guard let entry = state.entries.removeValue(forKey: id) else { return state.thread }
            if let watch = entry.watch, !state.entries.values.contains(where: { $0.watch == watch }) {
                inotify_rm_watch(state.inotifyFd, watch)
            }
            return state.thread
        }
        guard let thread, pthread_equal(pthread_self(), thread) == 0 else { return }
        calling.withLock { _ in } // a call in progress ends first
    }

    private func startThread(_ state: inout State) throws {
        guard state.thread == nil else { return }
        var fds: [Int32] = [-1, -1]
        guard vc_pipe_cloexec(&fds) == 0 else { throw PersistenceError.fromErrno("pipe", "file watch") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var thread = pthread_t()
        // The thread runs as long as the process and keeps its hub.
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, fileWatchThreadMain, context)
        guard rc == 0 else {
            Unmanaged<FileWatchHub>.fromOpaque(context).release()
            close(fds[0])
            close(fds[1])
            throw PersistenceError.io(operation: "pthread_create", path: "file watch", errno: rc)
        }
        pthread_detach(thread)
        state.wakeRead = fds[0]
        state.wakeWrite = fds[1]
        state.thread = thread
    }

    private func wake() {
        let fd = state.withLock { $0.wakeWrite }
        var byte: UInt8 = 1
        while Glibc.write(fd, &byte, 1) < 0 && errno == EINTR {}
    }

    // MARK: The thread

    /// The debounce and the checks read the system's monotonic clock, not an injected one: this
    /// thread waits in poll(2) for inotify, and the kernel counts that timeout in real time.
    /// The thread's id (its folder in /proc/self/task) once it runs.
    var threadTaskID: String? { task.withLock { $0 } }

    fileprivate func run() {
        task.withLock { $0 = ThreadFolder.current() }
        var reader = InotifyReader()
        while true {
            let (inotifyFd, wakeRead, timeout) = state.withLock { state in
                (state.inotifyFd, state.wakeRead, Self.timeout(state, now: AppClock.monotonicMilliseconds()))
            }
            // poll(2) ignores a negative descriptor: while inotify is refused, only the wake-up pipe.
            var fds = [pollfd(fd: inotifyFd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, timeout) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { drainWakes(wakeRead) }
            let events = fds[0].revents & Int16(POLLIN) != 0 ? reader.read(inotifyFd) : []
            let due = state.withLock { state in
                let now = AppClock.monotonicMilliseconds()
                Self.note(events, in: &state, now: now)
                Self.checkIfDue(&state, now: now)
                return Self.takeDue(&state, now: now)
            }
            guard !due.isEmpty else { continue }
            calling.withLock { _ in
                for (id, onChange) in due where state.withLock({ $0.entries[id] != nil }) { onChange() }
            }
        }
    }

    /// How long poll(2) may wait: until the first debounce ends or the next check (-1: no limit).
    private static func timeout(_ state: State, now: Int64) -> Int32 {
        var due = state.nextCheck
        for entry in state.entries.values {
            guard let start = entry.burstStart else { continue }
            let end = min(entry.lastEvent + Int64(SettingsFileWatcher.debounceMilliseconds),
                          start + Int64(SettingsFileWatcher.maximumDelayMilliseconds))
            due = min(due ?? end, end)
        }
        return due.map { Int32(clamping: max(0, $0 - now)) } ?? -1
    }

    /// Starts or extends the bursts of the files the events name (every file, when events
    /// were lost); a directory whose watch ended (removed) ends its files' watches.
    private static func note(_ events: [InotifyReader.Event], in state: inout State, now: Int64) {
        for event in events {
            for (id, entry) in state.entries where event.concerns(entry) {
                noteEvent(&state.entries[id, default: entry], now: now)
                if event.watchEnded { state.entries[id]?.how = .ended }
            }
        }
    }

    private static func noteEvent(_ entry: inout Entry, now: Int64) {
        if entry.burstStart == nil { entry.burstStart = now }
        entry.lastEvent = now
    }

    /// While some file is checked: once per interval asks for inotify again (and a watch of
    /// each such file's directory) and looks at each file's identity; a file whose watch is
    /// granted is compared once more, so a change in between is not lost.
    private static func checkIfDue(_ state: inout State, now: Int64) {
        guard let check = state.nextCheck, now >= check else { return }
        if state.inotifyFd < 0, case .success(let fd) = DirectoryNotifier.instance() { state.inotifyFd = fd }
        for (id, entry) in state.entries {
            guard case .checking(let seen) = entry.how else { continue }
            var entry = entry
            if state.inotifyFd >= 0, case .success(let watch) = DirectoryNotifier.watch(entry.directory, with: state.inotifyFd) {
                entry.how = .notified(watch: watch)
            }
            // Looked at after the watch is granted: a change in between is not lost.
            let current = FileIdentity.current(entry.path)
            if entry.isChecked { entry.how = .checking(seen: current) }
            if current != seen { noteEvent(&entry, now: now) }
            state.entries[id] = entry
        }
        let stillChecked = state.entries.values.contains { $0.isChecked }
        state.nextCheck = stillChecked ? now + Int64(SettingsFileWatcher.checkIntervalMilliseconds) : nil
    }

    /// The files whose burst has ended (or gone on for `maximumDelay`), with their callbacks.
    private static func takeDue(_ state: inout State, now: Int64) -> [(UInt64, @Sendable () -> Void)] {
        var due: [(UInt64, @Sendable () -> Void)] = []
        for (id, entry) in state.entries {
            guard let start = entry.burstStart,
                  now >= entry.lastEvent + Int64(SettingsFileWatcher.debounceMilliseconds)
                    || now >= start + Int64(SettingsFileWatcher.maximumDelayMilliseconds) else { continue }
            state.entries[id]?.burstStart = nil
            due.append((id, entry.onChange))
        }
        return due
    }

    private func drainWakes(_ fd: Int32) {
        var bytes = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { Glibc.read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// At file scope so it carries no actor isolation (C calls it on a new thread).
private func fileWatchThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let hub = Unmanaged<FileWatchHub>.fromOpaque(context).takeRetainedValue()
    // Signals are the main thread's business (resize, terminal restore).
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_SETMASK, &all, nil)
    nameThisThread(hub.threadName)
    hub.run()
    return nil
}

/// Names the calling thread through /proc (Swift's Glibc hides `pthread_setname_np`).
private func nameThisThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = name.withCString { Glibc.write(fd, $0, strlen($0)) }
    close(fd)
}
