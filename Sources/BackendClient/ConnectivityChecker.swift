import Glibc
import SettingsStore

/// Tests servers with the four checks of docs/PRODUCT.md: Checks: all at once, one attempt each, through
/// the shared libcurl engine.
public struct ConnectivityChecker: Sendable {
    /// CA bundle, connect-to rules and mDNS allowance; the timeouts come from each server's
    /// `connectionTimeout` and the body cap is always the checks' 64 KiB.
    public var settings: TransportSettings
    private let transport: any HTTPTransport
    private let clock: AppClock
    private let certificates: CertificateMemory

    public init(settings: TransportSettings = TransportSettings(),
                transport: any HTTPTransport = CurlEngine.shared,
                certificates: CertificateMemory = .shared,
                clock: AppClock = .system) {
        self.settings = settings
        self.transport = transport
        self.certificates = certificates
        self.clock = clock
    }

    /// The URL each check requests, derived structurally from the base URL (docs/PRODUCT.md: Derived addresses and custom server ids);
    /// nil when the base URL is not a server address.
    public static func urls(for baseURL: String) -> [CheckEndpoint: String]? {
        guard let address = ServerAddress(baseURL: baseURL) else { return nil }
        return [
            .health: address.healthURL,
            .api: address.apiURL(path: "/config"),
            .auth: address.apiURL(path: "/auth/me"),
            .websocket: address.socketURL + "?EIO=4&transport=polling",
        ]
    }

    /// One server: the four checks concurrently. `responseTime` is the health check's total.
    public func check(_ server: ServerConfig, accessToken: String? = nil) async -> DetailedStatus {
        let started = clock.now()
        guard let urls = Self.urls(for: server.baseUrl) else {
            let error = ClientError.transport(.connect, message: "not a server address: \(server.baseUrl)")
            let checks = CheckEndpoint.allCases.map {
                CheckResult(endpoint: $0, url: server.baseUrl, status: .failure, httpStatus: nil,
                            timings: CheckTimings(), error: error.connectivityError)
            }
            return DetailedStatus(serverId: server.id, checks: checks, responseTime: nil, lastChecked: started)
        }
        let checkSettings = settings(for: server)
        let requests = CheckEndpoint.allCases.map { endpoint in
            (endpoint, Self.request(endpoint, url: urls[endpoint] ?? server.baseUrl,
                                    accessToken: endpoint == .auth ? accessToken : nil, settings: checkSettings))
        }
        let outcomes = await transport.perform(together: requests.map { $0.1 })
        let ordered = zip(requests, outcomes).map { item, outcome in result(item.0, url: item.1.url, outcome: outcome) }
        let health = ordered.first { $0.endpoint == .health }
        let responseTime = health.flatMap { $0.timings.totalMs > 0 ? $0.timings.totalMs : nil }
        let finished = clock.now()
        // A check that got an HTTP answer went through a verified handshake, now or on the
        // connection it reused: the newest certificate seen for the server is the one in use.
        let answered = ordered.contains { $0.httpStatus != nil }
        let certificate = answered ? certificates.lastKnown(url: urls[.health] ?? server.baseUrl) : nil
        let warning = certificate?.expiryWarning(now: finished, warningDays: settings.certWarningDays)
        return DetailedStatus(serverId: server.id, checks: ordered, responseTime: responseTime, lastChecked: finished,
                              certificate: certificate, warnings: warning.map { [$0] } ?? [])
    }

    /// Many servers at once (the settings pane, `check --all`); results in the input order.
    public func checkAll(_ servers: [ServerConfig], accessTokens: [String: String] = [:]) async -> [DetailedStatus] {
        await concurrentlyInOrder(servers.count) { index in
            await check(servers[index], accessToken: accessTokens[servers[index].id])
        }
    }

    /// One check, one attempt.
    public func run(_ endpoint: CheckEndpoint, url: String, accessToken: String?,
                    settings: TransportSettings) async -> CheckResult {
        let outcome = await transport.perform(Self.request(endpoint, url: url, accessToken: accessToken,
                                                           settings: settings))
        return result(endpoint, url: url, outcome: outcome)
    }

    /// `health` connects afresh every time, as the iPads do, so a server that fails only new
    /// connections is not shown connected on the strength of a kept-alive one; the other checks
    /// reuse kept-alive connections (docs/PRODUCT.md: Transport rules).
    private static func request(_ endpoint: CheckEndpoint, url: String, accessToken: String?,
                                settings: TransportSettings) -> TransportRequest {
        var headers = [HTTPHeader(name: "Accept", value: "application/json")]
        if let accessToken {
            headers.append(HTTPHeader(name: "Authorization", value: "Bearer \(accessToken)"))
        }
        return TransportRequest(method: .get, url: url, headers: headers, settings: settings,
                                freshConnection: endpoint == .health)
    }

    /// What a check's answer or failure says.
    private func result(_ endpoint: CheckEndpoint, url: String,
                        outcome: Result<TransportResponse, ClientError>) -> CheckResult {
        switch outcome {
        case .success(let response):
            if let certificate = response.certificate { certificates.remember(certificate, url: url) }
            let verdict = CheckEvaluator.evaluate(endpoint, response: response)
            return CheckResult(endpoint: endpoint, url: url, status: verdict.status, httpStatus: response.status,
                               timings: response.timings, error: verdict.error,
                               pingInterval: verdict.pingInterval, pingTimeout: verdict.pingTimeout)
        case .failure(let error):
            return CheckResult(endpoint: endpoint, url: url, status: .failure, httpStatus: nil,
                               timings: error.timings ?? CheckTimings(), error: error.connectivityError)
        }
    }

    /// The checks' transport settings for one server.
    public func settings(for server: ServerConfig) -> TransportSettings {
        var result = settings
        if server.connectionTimeout > 0 {
            result.connectTimeoutMs = server.connectionTimeout
            result.totalTimeoutMs = server.connectionTimeout
        }
        result.maxBodyBytes = TransportSettings.checkBodyCap
        return result
    }
}
