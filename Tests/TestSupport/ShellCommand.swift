import Glibc

/// `/bin/sh -c command`, waited for by its own pid (posix_spawn + waitpid), with the signal
/// mask reset. `Foundation.Process` can hang in a test run where other tests spawn children at
/// the same time (its pipe's write end leaks into them, or its termination is reaped by
/// another waiter); this does not. For short commands whose output goes to a file.
public enum ShellCommand {
    @discardableResult
    public static func run(_ command: String) -> Int32 {
        var pid: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, arguments, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
