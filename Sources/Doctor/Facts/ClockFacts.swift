import Glibc

/// The wall clock and when this program's file was last written (installed), which a
/// correct clock cannot be earlier than.
public struct ClockFacts: Equatable, Sendable {
    public var now: Double
    public var executableModified: Double?

    public init(now: Double, executableModified: Double?) {
        self.now = now
        self.executableModified = executableModified
    }

    /// `now` from the run's clock (`AppClock`), never read here.
    public static func read(now: Double) -> ClockFacts {
        var info = stat()
        // stat (not lstat) follows /proc/self/exe to the program's file.
        let modified = stat("/proc/self/exe", &info) == 0 ? Double(info.st_mtim.tv_sec) : nil
        return ClockFacts(now: now, executableModified: modified)
    }
}
