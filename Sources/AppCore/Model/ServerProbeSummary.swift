/// One server's latest result in the settings pane's list, where every server is tested at
/// once so the user sees which one to choose.
public struct ServerProbeSummary: Equatable, Sendable {
    public var status: ConnectionStatus
    /// Health check total time, milliseconds.
    public var responseTime: Double?
    public var httpStatus: Int?
    public var error: ConnectivityError?
    /// A warning that does not make the server fail (`cert_expiring`, with its `days`).
    public var warning: ConnectivityError?
    /// Wall-clock time of the test this word comes from (seconds since 1970); nil while a test
    /// runs that has no earlier word to keep. The pane shows its age and re-tests a row once
    /// it is older than one probe interval (SPEC §10.2).
    public var lastChecked: Double?

    public init(status: ConnectionStatus, responseTime: Double? = nil, httpStatus: Int? = nil,
                error: ConnectivityError? = nil, warning: ConnectivityError? = nil, lastChecked: Double? = nil) {
        self.status = status
        self.responseTime = responseTime
        self.httpStatus = httpStatus
        self.error = error
        self.warning = warning
        self.lastChecked = lastChecked
    }
}

extension ServerProbeSummary {
    /// The pane's one-line summary of a full test: connected iff `health` succeeded.
    public init(_ result: DetailedStatus) {
        let health = result.checks.first { $0.endpoint == .health }
        self.init(status: result.isHealthy ? .connected : .error, responseTime: result.responseTime,
                  httpStatus: health?.httpStatus, error: result.isHealthy ? nil : health?.error,
                  warning: result.warnings.first, lastChecked: result.lastChecked)
    }
}
