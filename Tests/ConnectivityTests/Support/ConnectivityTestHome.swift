import Foundation
import Localization
import Logging
import SettingsStore
import TestSupport
@testable import Connectivity

/// A temporary home with settings.json written as a test wants it, and a store loaded from it.
@MainActor
final class ConnectivityTestHome {
    let home: TemporaryHome
    let paths: AppPaths

    init() throws {
        home = try TemporaryHome(prefix: "connectivity-test")
        paths = AppPaths.resolve(environment: .production, home: home.path, environmentVariables: [:])
    }

    /// settings.json from key/value pairs (values are JSON-encodable).
    func writeSettings(_ settings: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])
        try AtomicFile.write(Array(data), to: paths.settingsFile)
    }

    func loadedStore() -> AppSettingsStore {
        let store = AppSettingsStore(paths: paths, environment: .production, languageOverride: .en,
                                     processEnvironment: ["LANG": "C"])
        store.loadSettings()
        return store
    }
}

/// Polls a condition on the main actor until it holds or a generous deadline passes. The
/// deadline only stops a broken test from hanging; nothing asserts how fast things happen.
@MainActor
func waitUntil(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Servers whose health a test sets; a probe answers from it, optionally after waiting for
/// the test to release it (to hold a switch in its testing step).
final class FakeServers: @unchecked Sendable {
    private let lock = NSLock()
    private var healthy: [String: Bool] = [:]
    private var held: Set<String> = []
    private var probes: [String] = []

    init(healthy: [String: Bool] = [:]) {
        self.healthy = healthy
    }

    func set(_ id: String, healthy value: Bool) {
        lock.withLock { healthy[id] = value }
    }

    func hold(_ id: String) { _ = lock.withLock { held.insert(id) } }
    func release(_ id: String) { _ = lock.withLock { held.remove(id) } }

    var probeLog: [String] { lock.withLock { probes } }

    func isHealthy(_ id: String) -> Bool { lock.withLock { healthy[id] ?? true } }
    private func isHeld(_ id: String) -> Bool { lock.withLock { held.contains(id) } }

    var probe: ConnectionMonitor.Probe {
        { [self] server in
            lock.withLock { probes.append(server.id) }
            while isHeld(server.id) {
                if Task.isCancelled { break }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return Self.status(for: server, healthy: isHealthy(server.id))
        }
    }

    static func status(for server: ServerConfig, healthy: Bool, time: Double = 5) -> DetailedStatus {
        let checks = CheckEndpoint.allCases.map { endpoint in
            CheckResult(endpoint: endpoint, url: server.baseUrl, status: healthy ? .success : .failure,
                        httpStatus: healthy ? 200 : nil, timings: CheckTimings(totalMs: time),
                        error: healthy ? nil : ConnectivityError(code: .connect, message: "refused"))
        }
        return DetailedStatus(serverId: server.id, checks: checks, responseTime: healthy ? time : nil,
                              lastChecked: Date().timeIntervalSince1970)
    }
}

/// Monitor + switcher on a fake probe, as the runtime wires them, without files watched.
@MainActor
struct SwitchRig {
    let store: AppSettingsStore
    let monitor: ConnectionMonitor
    let switcher: ServerSwitcher
    let servers: FakeServers
    /// Keeps the temporary home alive as long as the rig (its files are removed with it).
    let home: ConnectivityTestHome?

    init(store: AppSettingsStore, servers: FakeServers, clock: ConnectivityClock = .accelerated(by: 1000),
         home: ConnectivityTestHome? = nil) {
        self.store = store
        self.home = home
        self.servers = servers
        monitor = ConnectionMonitor(store: store, probe: servers.probe, clock: clock, logger: quietLogger)
        switcher = ServerSwitcher(store: store, monitor: monitor, probe: servers.probe,
                                  fetchConfig: { server in Data("{\"hostname\":\"\(server.name)\"}".utf8) },
                                  dataStore: ServerDataStore(paths: store.paths),
                                  hasTokens: { _ in false }, clock: clock, logger: quietLogger)
        switcher.install()
        monitor.pause()
        monitor.start()
    }

    func server(_ id: String) -> ServerConfig {
        store.getState().availableServers.first { $0.id == id } ?? ServerCatalog.defaultServer
    }
}

/// Tests keep their output for test results.
let quietLogger = Logger(label: "verbumcare.test", factory: { _ in SwiftLogNoOpLogHandler() })
