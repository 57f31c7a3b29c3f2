import BackendClient
import FoundationEssentials
import SettingsStore
import Synchronization

/// Tests servers with the four checks, sending each server's stored token to the `auth`
/// check. The transport settings can change while the app runs (the `ca_bundle` setting), so
/// they sit behind a lock and every test reads the current ones.
public final class ServerProber: Sendable {
    public let paths: AppPaths
    private let transport: any HTTPTransport
    private let checker: Mutex<ConnectivityChecker>
    /// Stamps each result (`lastChecked`): the runner's clock, so a test's virtual time holds for results too.
    private let clock: AppClock
    /// Who hears what reads of credentials files found (the app's runtime, the command line).
    private let credentialReport = Mutex<CredentialReport?>(nil)

    public init(paths: AppPaths, settings: TransportSettings, transport: any HTTPTransport = CurlEngine.shared,
                clock: AppClock = .system) {
        self.paths = paths
        self.transport = transport
        self.clock = clock
        checker = Mutex(ConnectivityChecker(settings: settings, transport: transport, clock: clock))
    }

    public var settings: TransportSettings {
        checker.withLock { $0.settings }
    }

    public func update(settings: TransportSettings) {
        checker.withLock { $0 = ConnectivityChecker(settings: settings, transport: transport, clock: clock) }
    }

    public var httpTransport: any HTTPTransport { transport }

    public func credentials(for server: ServerConfig) -> CredentialFileStore {
        CredentialFileStore(paths: paths, server: server, report: { [self] id, problems in
            self.credentialReport.withLock { $0 }?(id, problems)
        })
    }

    /// Every later read of a credentials file tells `report` what it found.
    public func reportCredentials(to report: @escaping CredentialReport) {
        credentialReport.withLock { $0 = report }
    }

    /// One test of one server: the four checks at once, one attempt each. A one-time test
    /// (`keepingConnections: false`, the pane's rows) keeps no connection behind.
    public func check(_ server: ServerConfig, keepingConnections: Bool = true) async -> DetailedStatus {
        let token = credentials(for: server).read()?.accessToken
        let checker = checker.withLock { $0 }
        return await checker.check(server, accessToken: token, keepingConnections: keepingConnections)
    }

    /// Every server at once; results in input order. `keepingConnections: false` for a
    /// one-time test (`check --all`).
    public func checkAll(_ servers: [ServerConfig], keepingConnections: Bool = true) async -> [DetailedStatus] {
        var tokens: [String: String] = [:]
        for server in servers {
            if let token = credentials(for: server).read()?.accessToken { tokens[server.id] = token }
        }
        let checker = checker.withLock { $0 }
        return await checker.checkAll(servers, accessTokens: tokens, keepingConnections: keepingConnections)
    }
}

extension ServerProber {
    /// The server's `/api/config` answer (sanitized JSON), one attempt; nil when it fails.
    public func fetchConfig(_ server: ServerConfig) async -> Data? {
        var settings = settings
        if server.connectionTimeout > 0 {
            settings.connectTimeoutMs = server.connectionTimeout
            settings.totalTimeoutMs = server.connectionTimeout
        }
        settings.maxBodyBytes = TransportSettings.checkBodyCap
        guard let client = APIClient(baseURL: server.baseUrl, settings: settings, retryPolicy: .none,
                                     transport: httpTransport),
              let response = try? await client.get("/config") else { return nil }
        return JSON.canonicalData(serverBody: response.body)
    }
}
