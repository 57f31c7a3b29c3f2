import Glibc

/// `VERBUMCARE_FRAME_STATS=FILE`: one line per key press with the main thread's CPU time
/// from handling the key to the flushed frame (or to the turn that found nothing new to draw),
/// for the language-switch benchmark (docs/PRODUCT.md: Performance targets).
/// Off unless the variable is set; writes happen after the frame, outside the measured span.
@MainActor
public final class FrameStats {
    private let fd: Int32
    private var pending: [(key: String, startMicros: Int64)] = []

    public init?(environment: [String: String]) {
        guard let path = environment["VERBUMCARE_FRAME_STATS"], !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    public func keyReceived(_ name: String) {
        pending.append((name, Self.threadCPUMicros()))
    }

    public func frameFlushed() {
        guard !pending.isEmpty else { return }
        let end = Self.threadCPUMicros()
        var text = ""
        for entry in pending { text += "key=\(entry.key) cpu_us=\(end - entry.startMicros)\n" }
        pending.removeAll()
        _ = text.withCString { write(fd, $0, strlen($0)) }
    }

    /// A measurement of work (this thread's CPU time), not the time of day or an interval: no
    /// clock, virtual or real, stands in for it.
    private static func threadCPUMicros() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }
}
