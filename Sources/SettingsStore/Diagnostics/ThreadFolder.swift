import Glibc

/// The calling thread's folder in /proc/self/task (its kernel id), from /proc/thread-self
/// ("PID/task/TID"): Swift's Glibc offers no gettid. Long-lived threads (the file watcher's,
/// libcurl's engine) keep it so that tests can look at what they wait for.
public enum ThreadFolder {
    public static func current() -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.map(String.init)
    }
}
