import AppLoop
import BackendClient
import Connectivity
import Foundation
import Localization
import Logging
import SettingsStore
import SettingsUI
import TerminalRendering
import TestSupport

/// The app's real loop in-process: a home with the settings a test wants, the store loaded from
/// it, the loop drawing on a `TestScreen`, and the connectivity runtime reaching the servers
/// through `network` (the demo backend over real TLS on loopback, or a scripted network).
/// Probe intervals run ten times faster than real time.
@MainActor
final class LoopRig {
    let home: TemporaryHome
    let paths: AppPaths
    let store: AppSettingsStore
    let screen: TestScreen
    let loop: AppLoop

    init(language: AppLanguage, settings: [String: Any] = [:], appState: [String: Any]? = nil,
         columns: Int = 100, rows: Int = 30, inMemory: Bool = false, reusing existing: TemporaryHome? = nil) throws {
        let shm = "/dev/shm"
        if let existing {
            // A second copy of the app on the same home (a second terminal): its files as they are.
            home = existing
            paths = AppPaths.resolve(environment: .production, home: existing.path, environmentVariables: [:])
        } else {
            home = inMemory && FileManager.default.isWritableFile(atPath: shm)
                ? try TemporaryHome(prefix: "loop-test", base: shm) : try TemporaryHome(prefix: "loop-test")
            paths = AppPaths.resolve(environment: .production, home: home.path, environmentVariables: [:])
            var all: [String: Any] = ["probe_interval": 2, "connection_timeout": 5]
            all.merge(settings) { _, new in new }
            try Self.writeJSON(all, to: paths.settingsFile)
            var state: [String: Any] = ["version": 2, "currentLanguage": language.rawValue]
            state.merge(appState ?? [:]) { _, new in new }
            try Self.writeJSON(state, to: paths.appStateFile)
        }
        store = AppSettingsStore(paths: paths, environment: .production, languageOverride: nil,
                                 processEnvironment: ["LANG": "C"])
        store.loadSettings()
        screen = TestScreen(columns: columns, rows: rows)
        loop = AppLoop(store: store, screen: screen, options: RenderOptions(), onQuit: {})
        loop.start()
    }

    /// Attaches the runtime with `transport` (and a scripted network when given).
    func connect(_ transport: TransportConfiguration, network: (any HTTPTransport)? = nil, watchFiles: Bool = true,
                 acceleration: Double = 10) {
        loop.attachConnectivity(transport: transport, httpTransport: network, clock: .accelerated(by: acceleration),
                                watchFiles: watchFiles, refreshLimiter: RefreshLimiter(), logger: quietLogger)
    }

    /// Connects to the demo backend under the servers' real names.
    func connect(demo: DemoBackendProcess, acceleration: Double = 10) {
        connect(TransportConfiguration(commandLineCACert: demo.caFile,
                                       connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) }),
                acceleration: acceleration)
    }

    var state: SettingsState { store.getState() }
    var app: AppState { store.getAppState() }

    func press(_ keys: Key...) {
        for key in keys { loop.key(key) }
    }

    func type(_ text: String) {
        for character in text { loop.key(.character(character)) }
    }

    /// The flushed frame once `condition` holds for it (the loop draws after each turn that
    /// changed the state). Generous deadline: nothing asserts how fast anything happens.
    @discardableResult
    func frame(until condition: (String) -> Bool, timeout: Duration = .seconds(120)) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(screen.text) { return screen.text }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(screen.text) ? screen.text : nil
    }

    /// Waits until the state satisfies `condition` and a frame after it has been flushed.
    @discardableResult
    func settle(until condition: (SettingsState) -> Bool, timeout: Duration = .seconds(120)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(state) {
                try? await Task.sleep(for: .milliseconds(20))
                if condition(state) { return true }
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(state)
    }

    func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        Localizer(language: state.currentLanguage).text(key, parameters)
    }

    func stop() {
        loop.stop()
    }

    static func writeJSON(_ object: [String: Any], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try TestFile.write(data, to: path)
    }
}

/// Tests keep their output for test results.
let quietLogger = Logger(label: "verbumcare.test", factory: { _ in SwiftLogNoOpLogHandler() })

/// A frame's text with the screen's line breaks and box drawing removed, so a message wrapped
/// over two rows is still found.
func squashed(_ text: String) -> String {
    text.filter { !$0.isWhitespace && !"│┌┐└┘─├┤".contains($0) }
}
