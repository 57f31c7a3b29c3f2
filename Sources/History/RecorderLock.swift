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
    case io(String)
}

/// "One recording process per home" (SPEC §15.2): the recorder holds an exclusive `flock` on
/// the state directory itself, and on `recorder.lock` inside it, where it writes `<pid> <role>`
/// so that others can say who records ("recorded by the monitor (pid 1234)"). The kernel
/// releases both when the process exits, however it exits; `release()` (or the last reference
/// going) releases them sooner and empties the file.
///
/// Why the folder is the lock that decides: `recorder.lock` is a file anybody with a shell may
/// replace (a link, a folder, another user's file, a FIFO) or hold with `flock(1)`. Were it the
/// only lock, such a file would stop recording and alerting without a word. The state folder is
/// ours (0700) and cannot be replaced while we hold it open, so the recorder is decided there;
/// a `recorder.lock` the recorder cannot use is reported (`problem`), never a reason to stop.
///
/// A class because it owns descriptors that must be closed exactly once. Not Sendable: its
/// owner releases it.
public final class RecorderLock {
    public let path: String
    public let role: RecorderRole
    /// Why `recorder.lock` itself could not be used (a link, a folder, another user's file,
    /// a special file, held by another program); nil when it names this process. The folder's
    /// lock still makes this process the one recorder.
    public let problem: String?
    private var folder: Int32
    private var descriptor: Int32

    private init(path: String, role: RecorderRole, folder: Int32, descriptor: Int32, problem: String?) {
        self.path = path
        self.role = role
        self.folder = folder
        self.descriptor = descriptor
        self.problem = problem
    }

    deinit {
        release()
    }

    /// `recorder.lock` in the state directory.
    public static func path(stateDirectory: String) -> String { stateDirectory + "/recorder.lock" }

    /// Takes the lock for this process, or says who has it. Never waits for it. The lock file
    /// is opened without following a symbolic link (O_NOFOLLOW) or blocking on a FIFO
    /// (O_NONBLOCK), created 0600, and written only when it is a regular file of ours with one
    /// name.
    public static func acquire(path: String, role: RecorderRole) -> Result<RecorderLock, RecorderLockProblem> {
        let parent = PrivateDirectory.parent(of: path)
        if let problem = PrivateDirectory.create(parent) { return .failure(.io(problem)) }
        let folder = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .failure(.io("cannot open \(parent): \(String(cString: strerror(errno)))")) }
        if vc_flock(folder, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(folder)
            guard code == EWOULDBLOCK || code == EINTR else {
                return .failure(.io("cannot lock \(parent): \(String(cString: strerror(code)))"))
            }
            return .failure(.held(by: holder(path: path)))
        }
        // O_NONBLOCK: a FIFO in place of the lock is refused below, never waited on.
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            let problem = code == ELOOP ? "\(path) is a symbolic link" : "cannot open \(path): \(String(cString: strerror(code)))"
            return .success(RecorderLock(path: path, role: role, folder: folder, descriptor: -1, problem: problem))
        }
        if let unsafe = unsafeReason(descriptor, path: path) {
            close(descriptor)
            return .success(RecorderLock(path: path, role: role, folder: folder, descriptor: -1, problem: unsafe))
        }
        _ = fchmod(descriptor, 0o600)  // private, whatever an earlier version or the umask left
        // A reader asking `holder` takes a shared lock on the file for an instant; an older
        // recorder may still hold only the file. Try a few times before calling it foreign.
        for attempt in 0..<5 {
            if vc_flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                let lock = RecorderLock(path: path, role: role, folder: folder, descriptor: descriptor, problem: nil)
                lock.writeHolder()
                return .success(lock)
            }
            guard errno == EWOULDBLOCK || errno == EINTR else { break }
            if let named = readHolder(descriptor), isAlive(named.pid) {
                close(descriptor)
                close(folder)
                return .failure(.held(by: named))
            }
            // A real pause for another process (no test clock makes it let go of the lock).
            if attempt < 4 { usleep(10_000) }
        }
        close(descriptor)
        return .success(RecorderLock(path: path, role: role, folder: folder, descriptor: -1,
                                     problem: "\(path) is held by another program"))
    }

    /// Who holds the lock at `path`; nil when nobody does, or when the holder cannot be named
    /// (`isHeld` tells those apart). Takes shared locks for an instant to find out; `acquire`
    /// allows for that.
    public static func holder(path: String) -> RecorderHolder? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)  // a FIFO: never wait
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard unsafeReason(descriptor, path: path) == nil else { return nil }
        if vc_flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = vc_flock(descriptor, LOCK_UN)
            return isHeld(path: path) ? readHolder(descriptor) : nil
        }
        return readHolder(descriptor)
    }

    /// Whether some process records in the folder of `path` (holds the folder's lock or the file's).
    public static func isHeld(path: String) -> Bool {
        let folder = open(PrivateDirectory.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        if vc_flock(folder, LOCK_SH | LOCK_NB) == 0 {
            _ = vc_flock(folder, LOCK_UN)
            let file = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard file >= 0 else { return false }
            defer { close(file) }
            guard vc_flock(file, LOCK_SH | LOCK_NB) == 0 else { return true }
            _ = vc_flock(file, LOCK_UN)
            return false
        }
        return true
    }

    /// Lets go of the lock and empties the file (a later reader then finds nobody named).
    /// Safe to call more than once.
    public func release() {
        if descriptor >= 0 {
            _ = ftruncate(descriptor, 0)
            close(descriptor)  // closing the only descriptor of the open file releases the flock
            descriptor = -1
        }
        if folder >= 0 {
            close(folder)
            folder = -1
        }
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
