import Glibc

/// The one real-time wait of the file code for another program to let go of a file: a writer
/// to close it (no read lease is granted while it is open for writing), or a lease holder to
/// release it (an open with `O_NONBLOCK` is refused with `EWOULDBLOCK` meanwhile). Both take
/// milliseconds; the bound is for a person typing into `cat > settings.json`.
enum LeaseWait {
    /// How long a wait lasts before the caller gives up.
    static let limitMicroseconds: useconds_t = 2_000_000

    /// `attempt` until it returns a value, 1 ms apart doubling to 25 ms; nil after the limit.
    static func until<T>(_ attempt: () throws -> T?) rethrows -> T? {
        var waited: useconds_t = 0
        var pause: useconds_t = 1_000
        while true {
            if let done = try attempt() { return done }
            guard waited < limitMicroseconds else { return nil }
            usleep(pause)  // real time for another process: no test clock makes it let go
            waited += pause
            pause = min(pause * 2, 25_000)
        }
    }
}
