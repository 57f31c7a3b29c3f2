import Foundation
@testable import BackendClient
import SettingsStore
import TestSupport

/// One demo backend for the whole test target, with one server per fault so that tests
/// running in parallel never change a mode another test relies on.
enum SharedDemoBackend {
    /// Server id → initial mode. Host names are `<id>.demo.test`, reached only via connect-to.
    static let faults: [String: DemoBackendMode] = [
        "f-down": .down, "f-hang": .hang, "f-hang-tls": .hangTLS, "f-500": .status500, "f-502": .status502,
        "f-bad-body": .badBody, "f-bad-json": .badJSON, "f-redirect": .redirectHTTP, "f-huge": .hugeBody,
        "f-wrong-host": .wrongHostCert, "f-expired": .expiredCert, "f-untrusted": .untrustedCert,
        "f-escape": .escapeJSON, "f-retry": .status500, "f-slow": .slow,
        "f-auth-expire": .up, "f-auth-reject": .up, "f-keepalive": .up, "f-auth-rotate": .rotateTokens,
        // Start up, then fail new connections only (FreshHealthConnectionTests).
        "f-new-hang": .up, "f-new-wrong-cert": .up, "f-fresh-pool": .up,
        "f-system-ca": .up, "f-ca-env": .up,
        "f-future": .futureCert, "f-flood": .headerFlood, "f-header-guard": .up,
    ]

    static let backend = Task<DemoBackendProcess, any Error> {
        try await DemoBackendProcess.start(
            extraServers: Dictionary(uniqueKeysWithValues: faults.keys.map { ($0, "\($0).demo.test") }),
            initialModes: faults.filter { $0.value != .up }.mapValues(\.rawValue))
    }

    static func start() async throws -> DemoBackendProcess {
        try await backend.value
    }

    static func settings(_ backend: DemoBackendProcess, timeoutMs: Int = 15_000,
                         maxBodyBytes: Int = TransportSettings.apiBodyCap) throws -> TransportSettings {
        TransportSettings(connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs, maxBodyBytes: maxBodyBytes,
                          caBundle: CABundle(path: backend.caFile, source: .commandLine),
                          connectTo: try backend.connectTo.map { try ConnectToSpec(parsing: $0) })
    }

    static func server(_ backend: DemoBackendProcess, _ id: String, timeoutSeconds: Int = 3) throws -> ServerConfig {
        guard let host = backend.host(of: id),
              let config = ServerCatalog.customServer(address: "https://\(host)/api", connectionTimeoutSeconds: timeoutSeconds)
        else { throw DemoBackendError.controlFailed("no server \(id)") }
        return config
    }
}
