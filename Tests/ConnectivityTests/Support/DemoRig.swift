import Foundation
import BackendClient
import SettingsStore
import TestSupport
@testable import Connectivity

/// The demo backend over real TLS on loopback, a home, a loaded store and the connectivity
/// runtime reaching every server under its real name through connect-to rules. With
/// `virtualTime` the store and the runtime read `virtual` (time moves only in `advance(until:)`);
/// else the runtime's timers run ten times faster than real time.
@MainActor
final class DemoRig {
    let demo: DemoBackendProcess
    let home: ConnectivityTestHome
    let store: AppSettingsStore
    private(set) var runtime: ConnectivityRuntime?
    /// The time of store and runtime, when the rig was made with `virtualTime`.
    let virtual: VirtualClock?

    init(settings: [String: Any] = [:], initialModes: [String: String] = [:], extraArguments: [String] = [],
         start: Bool = true, watchSettingsFile: Bool = false, virtualTime: Bool = false) async throws {
        demo = try await DemoBackendProcess.start(initialModes: initialModes, extraArguments: extraArguments)
        home = try ConnectivityTestHome()
        var all: [String: Any] = ["probe_interval": 2, "connection_timeout": 5]
        all.merge(settings) { _, new in new }
        try home.writeSettings(all)
        virtual = virtualTime ? VirtualClock() : nil
        store = home.loadedStore(clock: virtual?.clock ?? .system)
        if start { startRuntime(watchSettingsFile: watchSettingsFile) }
    }

    var transport: TransportConfiguration {
        TransportConfiguration(commandLineCACert: demo.caFile,
                               connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
    }

    /// Probe intervals and backoff run ten times faster than real time.
    @discardableResult
    func startRuntime(watchSettingsFile: Bool = false) -> ConnectivityRuntime {
        // A limiter of its own: the process-wide one would let rigs of parallel tests wait on
        // each other's refreshes of "pn51".
        let made = ConnectivityRuntime.start(store: store, transport: transport, clock: virtual?.clock ?? .accelerated(by: 10),
                                             watchSettingsFile: watchSettingsFile, refreshLimiter: RefreshLimiter(clock: virtual?.clock ?? .system),
                                             logger: quietLogger)
        runtime = made
        return made
    }

    var state: SettingsState { store.getState() }

    func server(_ id: String) -> ServerConfig {
        store.getState().availableServers.first { $0.id == id } ?? ServerCatalog.defaultServer
    }

    /// Virtual time: once nothing is in flight (probes are real transfers, in real time), time
    /// moves to the next timer and runs it, until `condition` holds.
    func advance(until condition: @MainActor () -> Bool) async -> Bool {
        guard let virtual, let runtime else { return false }
        return await virtual.advance(until: condition, whenIdle: { await runtime.waitUntilIdle() })
    }

    func stop() {
        runtime?.stop()
        demo.stop()
    }
}
