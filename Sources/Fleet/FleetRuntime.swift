import AppCore
import BackendClient
import SettingsStore

/// Runs the fleet view's queries (the `queryFleet` effect, and again every `refreshSeconds`)
/// and reports each answer to the store as an event; it never changes the state itself. One
/// query at a time: a refresh asked for while one is in flight waits for it.
@MainActor
public final class FleetRuntime {
    /// Prometheus scrapes every 15 to 60 s; asking more often shows nothing new.
    public static let defaultRefreshSeconds = 15.0

    private let store: AppSettingsStore
    private let source: FleetSource
    private let transport: any HTTPTransport
    private let refreshSeconds: Double
    private var inFlight: Task<Void, Never>?
    /// The refresh (`.fleetRefresh`) on the store's clock.
    private let timers: Timers
    /// Answers received so far (tests wait on it).
    public private(set) var answers = 0

    public init(store: AppSettingsStore, source: FleetSource, transport: any HTTPTransport = CurlEngine.shared,
                refreshSeconds: Double = FleetRuntime.defaultRefreshSeconds) {
        self.store = store
        self.source = source
        self.transport = transport
        self.refreshSeconds = refreshSeconds
        timers = Timers(clock: store.clock)
    }

    /// Queries every `refreshSeconds` until `stop`.
    public func start() {
        // The first query is the `queryFleet` effect of `fleetOpened`; this repeats it.
        timers.schedule(.fleetRefresh, after: refreshSeconds) { [weak self] in
            self?.queryNow()
            self?.start()
        }
    }

    public func stop() {
        timers.cancelAll()
        inFlight?.cancel()
        inFlight = nil
    }

    /// One query, unless one is already on its way.
    public func queryNow() {
        guard inFlight == nil else { return }
        let source = source
        let transport = transport
        inFlight = Task { @MainActor [weak self] in
            let result = await FleetQuery.run(source, transport: transport)
            guard let self, !Task.isCancelled else { return }
            self.inFlight = nil
            self.answers += 1
            let at = self.store.clock.now()
            switch result {
            case .rows(let rows): self.store.dispatch(.fleetAnswered(rows: rows, at: at))
            case .failed(let problem): self.store.dispatch(.fleetQueryFailed(problem, at: at))
            }
        }
    }
}

extension TimerID {
    /// The fleet view's refresh, every `refreshSeconds` until `stop`.
    public static let fleetRefresh: TimerID = "fleetRefresh"
}
