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

    public init(status: ConnectionStatus, responseTime: Double? = nil, httpStatus: Int? = nil,
                error: ConnectivityError? = nil, warning: ConnectivityError? = nil) {
        self.status = status
        self.responseTime = responseTime
        self.httpStatus = httpStatus
        self.error = error
        self.warning = warning
    }
}

extension ServerProbeSummary {
    /// The pane's one-line summary of a full test: connected iff `health` succeeded.
    public init(_ result: DetailedStatus) {
        let health = result.checks.first { $0.endpoint == .health }
        self.init(status: result.isHealthy ? .connected : .error, responseTime: result.responseTime,
                  httpStatus: health?.httpStatus, error: result.isHealthy ? nil : health?.error,
                  warning: result.warnings.first)
    }
}
