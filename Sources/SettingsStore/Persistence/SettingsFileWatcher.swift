import Glibc
import Synchronization

/// Notices changes to one file (including atomic replacement by rename) with inotify on
/// its directory, and calls `onChange` on a background thread, debounced.
///
/// The directory is watched, not the file: editors that save atomically and our own writes
/// replace the file's inode, and a watch on the old inode would go quiet. Events for other
/// names in the directory (temporary files, the lock file) are ignored.
///
/// Every watcher of the process shares one inotify instance and one thread (`FileWatchHub`):
/// the thread blocks in `poll(2)` and no timer runs while nothing happens. A burst of events
/// for this file (an editor's create + write + close, or a rename) gives one call, `debounce`
/// after the last event of the burst and at most `maximumDelay` after its first, so a change
/// is reported well within 200 ms.
///
/// When the system refuses inotify (the user's `fs.inotify.max_user_instances`, 128 on
/// Debian, is shared by every process of the user; a busy machine runs out), the file is not
/// left unwatched: the thread looks at its identity (`FileIdentity`) every
/// `checkInterval` and asks for inotify again each time, so a drill or a mute set by another
/// process is still seen, within a second, and notification resumes once the system allows
/// it. `start()` says which way the file is watched, so the caller can log the degradation.
///
/// Our own writes are reported too; a reader that re-reads finds nothing new. If the
/// directory itself is removed, the watch ends; `stop()` and `start()` again after
/// re-creating it.
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
    private let hub: FileWatchHub
    /// The hub's number for this watch while it runs.
    private let registration = Mutex<UInt64?>(nil)

    public convenience init(path: String, onChange: @escaping @Sendable () -> Void) {
        self.init(path: path, hub: .shared, onChange: onChange)
    }

    /// A watcher served by `hub` (tests give one of their own, whose thread nothing else wakes).
    init(path: String, hub: FileWatchHub, onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.onChange = onChange
        self.hub = hub
    }

    deinit { stop() }

    /// Starts watching (creating the directory, 0700, when missing) and says how. Calling it
    /// while running does nothing (and says `notified`). Throws only when no thread can watch
    /// at all (the directory cannot be made, no pipe, no thread).
    @discardableResult
    public func start() throws -> Mode {
        try registration.withLock { registration in
            guard registration == nil else { return .notified }
            let (directory, name) = PathText.split(path)
            try AtomicFile.ensureDirectory(directory)
            let (id, mode) = try hub.add(path: path, directory: directory, fileName: Array(name.utf8), onChange: onChange)
            registration = id
            return mode
        }
    }

    /// Ends the watch; no `onChange` of this watcher runs after this returns (unless called
    /// from an `onChange`, on the hub's thread, where none runs meanwhile). Idempotent.
    public func stop() {
        guard let id = registration.withLock({ r -> UInt64? in defer { r = nil }; return r }) else { return }
        hub.remove(id)
    }
}
