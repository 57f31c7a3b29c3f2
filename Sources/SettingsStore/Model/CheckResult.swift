/// The four connectivity checks (SPEC §6.1), in display order.
public enum CheckEndpoint: String, Codable, Sendable, CaseIterable {
    case health
    case api
    case auth
    case websocket
}

public enum CheckOutcome: String, Codable, Sendable {
    case success
    case failure
}

/// libcurl's timing breakdown, each phase in milliseconds from the start of the request.
public struct CheckTimings: Codable, Equatable, Hashable, Sendable {
    public var dnsMs: Double
    public var connectMs: Double
    public var tlsMs: Double
    public var firstByteMs: Double
    public var totalMs: Double

    public init(dnsMs: Double = 0, connectMs: Double = 0, tlsMs: Double = 0, firstByteMs: Double = 0, totalMs: Double = 0) {
        self.dnsMs = dnsMs
        self.connectMs = connectMs
        self.tlsMs = tlsMs
        self.firstByteMs = firstByteMs
        self.totalMs = totalMs
    }
}

/// One check's result (SPEC §6.1): `{endpoint, url, status, httpStatus, timings, error}`.
public struct CheckResult: Codable, Equatable, Hashable, Sendable {
    public var endpoint: CheckEndpoint
    public var url: String
    public var status: CheckOutcome
    public var httpStatus: Int?
    public var timings: CheckTimings
    public var error: ConnectivityError?

    public init(endpoint: CheckEndpoint, url: String, status: CheckOutcome, httpStatus: Int?,
                timings: CheckTimings, error: ConnectivityError?) {
        self.endpoint = endpoint
        self.url = url
        self.status = status
        self.httpStatus = httpStatus
        self.timings = timings
        self.error = error
    }
}

/// The last connectivity test of a server.
public struct DetailedStatus: Codable, Equatable, Sendable {
    public var serverId: String
    public var checks: [CheckResult]
    /// The health check's total time, in milliseconds.
    public var responseTime: Double?
    /// Wall-clock time of the test, seconds since 1970.
    public var lastChecked: Double

    public init(serverId: String, checks: [CheckResult], responseTime: Double?, lastChecked: Double) {
        self.serverId = serverId
        self.checks = checks
        self.responseTime = responseTime
        self.lastChecked = lastChecked
    }

    /// Connected iff `health` succeeded (SPEC §6.1).
    public var isHealthy: Bool {
        checks.contains { $0.endpoint == .health && $0.status == .success }
    }
}
