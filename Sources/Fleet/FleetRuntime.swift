import AppCore
import BackendClient
import SettingsStore

/// The fleet view's query of the central Prometheus, as work for the one effect runner: the
/// runner runs it for the `queryFleet` effect and again every `refreshSeconds`, tracks it (one
/// at a time, cancelled when the runner stops) and dispatches the event it ends in. It keeps
/// nothing and never changes the state itself.
@MainActor
public final class FleetRuntime {
    /// Prometheus scrapes every 15 to 60 s; asking more often shows nothing new.
    public static let defaultRefreshSeconds = 15.0

    /// The clock the refresh runs on and the answers are stamped with (the store's).
    public let clock: AppClock
    public let refreshSeconds: Double
    private let source: FleetSource
    private let transport: any HTTPTransport

    public init(clock: AppClock, source: FleetSource, transport: any HTTPTransport = CurlEngine.shared,
                refreshSeconds: Double = FleetRuntime.defaultRefreshSeconds) {
        self.clock = clock
        self.source = source
        self.transport = transport
        self.refreshSeconds = refreshSeconds
    }

    /// One query, ending in `fleetAnswered` or `fleetQueryFailed`.
    public func query() -> @Sendable () async -> AppEvent {
        let source = source
        let transport = transport
        let now = clock.now
        return {
            switch await FleetQuery.run(source, transport: transport) {
            case .rows(let rows): .fleetAnswered(rows: rows, at: now())
            case .failed(let problem): .fleetQueryFailed(problem, at: now())
            }
        }
    }
}
