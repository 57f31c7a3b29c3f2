import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with posix_spawn and waits for it: the cheapest way to start a process, so
/// the comparison with `curl` is fair to curl. Output goes to /dev/null.
enum Spawn {
    /// Wall time in milliseconds from spawn to exit, and the exit status.
    static func timed(_ arguments: [String]) -> (ms: Double, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return (0, -1) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let end = DispatchTime.now().uptimeNanoseconds
        return (Double(end - start) / 1_000_000, status)
    }

    /// Runs a program and returns its standard output. posix_spawn with a close-on-exec pipe
    /// rather than Foundation.Process, whose pipes can leak into other children (then EOF never
    /// comes and the read hangs, as seen with curl here).
    static func output(_ arguments: [String]) throws -> String {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError.pipe }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { throw SpawnError.spawn(rc) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { bytes += buffer[0..<n] } else if n < 0, errno == EINTR { continue } else { break }
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum SpawnError: Error {
    case pipe
    case spawn(Int32)
}

/// Order statistics of a sample, in milliseconds.
struct Sample {
    var values: [Double]

    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * p).rounded())))
        return sorted[index]
    }

    var median: Double { percentile(0.5) }
    var summary: String {
        String(format: "median %.3f ms  p10 %.3f  p90 %.3f  (n=%d)", median, percentile(0.1), percentile(0.9), values.count)
    }
}

func monotonicMs() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
}

/// Peak resident memory of this process in MiB (Linux reports ru_maxrss in KiB).
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}
