/// The four connectivity checks (docs/PRODUCT.md: Checks), in display order.
public enum CheckEndpoint: String, Sendable, CaseIterable {
    case health
    case api
    case auth
    case websocket
}

public enum CheckOutcome: String, Sendable {
    case success
    case failure
}

/// libcurl's timing breakdown, each phase in milliseconds from the start of the request.
public struct CheckTimings: Equatable, Hashable, Sendable {
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

/// One check's result (docs/PRODUCT.md: Checks): `{endpoint, url, status, httpStatus, timings, error}`.
public struct CheckResult: Equatable, Hashable, Sendable {
    public var endpoint: CheckEndpoint
    public var url: String
    public var status: CheckOutcome
    public var httpStatus: Int?
    public var timings: CheckTimings
    public var error: ConnectivityError?
    /// The websocket check's Engine.IO handshake values, milliseconds.
    public var pingInterval: Int?
    public var pingTimeout: Int?

    public init(endpoint: CheckEndpoint, url: String, status: CheckOutcome, httpStatus: Int?,
                timings: CheckTimings, error: ConnectivityError?, pingInterval: Int? = nil, pingTimeout: Int? = nil) {
        self.endpoint = endpoint
        self.url = url
        self.status = status
        self.httpStatus = httpStatus
        self.timings = timings
        self.error = error
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
    }
}

/// The last connectivity test of a server.
public struct DetailedStatus: Equatable, Sendable {
    public var serverId: String
    public var checks: [CheckResult]
    /// The health check's total time, in milliseconds.
    public var responseTime: Double?
    /// Wall-clock time of the test, seconds since 1970.
    public var lastChecked: Double
    /// The server's certificate; nil when no handshake completed.
    public var certificate: CertificateInfo?
    /// Warnings that do not make the server fail (`cert_expiring`).
    public var warnings: [ConnectivityError]

    public init(serverId: String, checks: [CheckResult], responseTime: Double?, lastChecked: Double,
                certificate: CertificateInfo? = nil, warnings: [ConnectivityError] = []) {
        self.serverId = serverId
        self.checks = checks
        self.responseTime = responseTime
        self.lastChecked = lastChecked
        self.certificate = certificate
        self.warnings = warnings
    }

    /// Days the certificate has left at the time of the test.
    public var certificateDaysLeft: Int? { certificate?.daysLeft(now: lastChecked) }

    /// Connected iff `health` succeeded (docs/PRODUCT.md: Checks).
    public var isHealthy: Bool {
        checks.contains { $0.endpoint == .health && $0.status == .success }
    }
}
