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

    func loadedStore(clock: AppClock = .system) -> AppSettingsStore {
        let store = AppSettingsStore(paths: paths, environment: .production, languageOverride: .en,
                                     processEnvironment: ["LANG": "C"], clock: clock)
        store.loadSettings()
        return store
    }
}

/// Polls a condition on the main actor until it holds or a generous deadline passes. The
/// deadline only stops a broken test from hanging; nothing asserts how fast things happen
/// (on a loaded 2-core machine running the whole suite, the runtime's work has waited a
/// minute for a thread).
@MainActor
func waitUntil(timeout: Duration = .seconds(180), _ condition: () -> Bool) async -> Bool {
    await Eventually.holds(within: timeout, every: .milliseconds(10), condition)
}


/// Tests keep their output for test results.
let quietLogger = Logger(label: "verbumcare.test", factory: { _ in SwiftLogNoOpLogHandler() })
