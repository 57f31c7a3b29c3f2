import CPlatform
import Glibc

/// Who records history in a home (SPEC §15.2: one process per home, the monitor when it runs,
/// otherwise the interactive app).
public enum RecorderRole: String, Sendable {
    case monitor
    case app
}

/// The process holding the recorder lock, as its lock file says.
public struct RecorderHolder: Sendable, Equatable {
    public var pid: Int32
    public var role: RecorderRole

    public init(pid: Int32, role: RecorderRole) {
        self.pid = pid
        self.role = role
    }
}

/// Why `RecorderLock.acquire` did not get the lock.
public enum RecorderLockProblem: Error, Sendable, Equatable {
    /// Another process records; nil when its lock file does not (yet) say who.
    case held(by: RecorderHolder?)
    /// The lock path is a symbolic link, not a regular file, another user's file, or has other
    /// names (hard links): writing our pid into it could change a file that is not ours.
    case unsafePath(String)
    case io(String)
}

/// "One recording process per home": an exclusive `flock` on `history.lock` beside the
/// database. The holder writes `<pid> <role>` into the file so that others can say who
/// records ("recorded by the monitor (pid 1234)"). The kernel releases the lock when the
/// process exits, however it exits; `release()` (or the last reference going) releases it
/// sooner and empties the file.
///
/// A class because it owns a descriptor that must be closed exactly once. Not Sendable: its
/// owner releases it.
public final class RecorderLock {
    public let path: String
    public let role: RecorderRole
    private var descriptor: Int32

    private init(path: String, role: RecorderRole, descriptor: Int32) {
        self.path = path
        self.role = role
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// Takes the lock at `path` for this process, or says who has it. Never waits for it.
    /// The file is opened without following a symbolic link (O_NOFOLLOW), created 0600, and
    /// used only when it is a regular file of ours with one name.
    public static func acquire(path: String, role: RecorderRole) -> Result<RecorderLock, RecorderLockProblem> {
        if let problem = PrivateDirectory.create(PrivateDirectory.parent(of: path)) { return .failure(.io(problem)) }
        // O_NONBLOCK: a FIFO in place of the lock is refused below, never waited on.
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ELOOP ? .unsafePath("\(path) is a symbolic link")
                                          : .io("cannot open \(path): \(String(cString: strerror(code)))"))
        }
        if let unsafe = unsafeReason(descriptor, path: path) {
            close(descriptor)
            return .failure(.unsafePath(unsafe))
        }
        _ = fchmod(descriptor, 0o600)  // private, whatever an earlier version or the umask left
        // A reader asking `holder` takes a shared lock for an instant; a lock file that names no
        // living process means that is what we met, so try again a few times before giving up.
        for attempt in 0..<5 {
            if vc_flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                let lock = RecorderLock(path: path, role: role, descriptor: descriptor)
                lock.writeHolder()
                return .success(lock)
            }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                return .failure(.io("cannot lock \(path): \(String(cString: strerror(code)))"))
            }
            let named = readHolder(descriptor)
            if let named, isAlive(named.pid) {
                close(descriptor)
                return .failure(.held(by: named))
            }
            if attempt < 4 { usleep(10_000) }
        }
        close(descriptor)
        return .failure(.held(by: nil))
    }

    /// Who holds the lock at `path`; nil when nobody does (or there is no lock file). The
    /// screen asks this to say which process records. Takes a shared lock for an instant to
    /// find out; `acquire` allows for that.
    public static func holder(path: String) -> RecorderHolder? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)  // a FIFO: never wait
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard unsafeReason(descriptor, path: path) == nil else { return nil }
        if vc_flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = vc_flock(descriptor, LOCK_UN)
            return nil
        }
        return readHolder(descriptor)
    }

    /// Lets go of the lock and empties the file (a later reader then finds nobody named).
    /// Safe to call more than once.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        close(descriptor)  // closing the only descriptor of the open file releases the flock
        descriptor = -1
    }

    /// `<pid> <role>\n`, written over the old content and then cut to length, so a reader never
    /// sees an empty file while the lock is held by a process that has written its name.
    private func writeHolder() {
        let text = Array("\(getpid()) \(role.rawValue)\n".utf8)
        let written = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if written == text.count { _ = ftruncate(descriptor, off_t(text.count)) }
    }

    private static func readHolder(_ descriptor: Int32) -> RecorderHolder? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let words = String(decoding: buffer[..<count], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count >= 2, let pid = Int32(words[0]), pid > 0, let role = RecorderRole(rawValue: String(words[1])) else {
            return nil
        }
        return RecorderHolder(pid: pid, role: role)
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Why the opened file must not be used, or nil.
    private static func unsafeReason(_ descriptor: Int32, path: String) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot inspect \(path)" }
        if (info.st_mode & S_IFMT) != S_IFREG { return "\(path) is not a regular file" }
        if info.st_uid != geteuid() { return "\(path) belongs to another user" }
        if info.st_nlink != 1 { return "\(path) has other names (hard links)" }
        return nil
    }
}
