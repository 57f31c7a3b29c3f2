import Glibc
import SettingsStore
import Synchronization

/// At most one token refresh per server per minute, across every `APIClient` of the process
/// (the app makes a new client for each probe, so a limit per client would limit nothing).
///
/// A server that accepts each refreshed access token only once would otherwise drive a
/// refresh after every request; the limiter turns the second 401 into "sign in again".
public final class RefreshLimiter: Sendable {
    /// Shared by the whole process.
    public static let shared = RefreshLimiter()
    public static let defaultInterval = 60.0

    public enum Decision: Equatable, Sendable {
        /// No refresh of this server in the last interval: go ahead.
        case allowed
        /// A refresh succeeded moments ago and its token is refused already: ask for sign-in.
        case signInInstead
        /// A refresh could not reach the server moments ago: do not try again yet.
        case waitInstead
    }

    private struct Record: Sendable {
        var at: Double
        var succeeded: Bool
    }

    private let interval: Double
    private let clock: AppClock
    private let records = Mutex<[String: Record]>([:])

    /// - Parameters:
    ///   - interval: seconds between two refreshes of one server.
    ///   - clock: its monotonic time spaces the refreshes (tests pass their own).
    public init(interval: Double = RefreshLimiter.defaultInterval,
                clock: AppClock = .system) {
        self.interval = interval
        self.clock = clock
    }

    /// Decides for `server` (its refresh URL) and, when allowed, records the attempt at once,
    /// so two clients deciding together do not both go ahead.
    func begin(_ server: String) -> Decision {
        let time = clock.monotonic()
        return records.withLock { records in
            if let last = records[server], time - last.at < interval {
                return last.succeeded ? .signInInstead : .waitInstead
            }
            records[server] = Record(at: time, succeeded: false)
            return .allowed
        }
    }

    /// Records how the attempt `begin` allowed ended.
    func finish(_ server: String, succeeded: Bool) {
        records.withLock { $0[server]?.succeeded = succeeded }
    }
}
