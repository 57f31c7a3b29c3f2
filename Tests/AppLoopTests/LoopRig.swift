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
         columns: Int = 100, rows: Int = 30, inMemory: Bool = false, reusing existing: TemporaryHome? = nil,
         clock: AppClock = .system) throws {
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
                                 processEnvironment: ["LANG": "C"], clock: clock)
        store.loadSettings()
        screen = TestScreen(columns: columns, rows: rows)
        loop = AppLoop(store: store, screen: screen, options: RenderOptions(), onQuit: {})
        loop.start()
    }

    /// Attaches the runtime with `transport` (and a scripted network when given), on `clock`
    /// (a test's virtual time) or else on real time sped up by `acceleration`.
    func connect(_ transport: TransportConfiguration, network: (any HTTPTransport)? = nil, watchFiles: Bool = true,
                 acceleration: Double = 10, clock: AppClock? = nil) {
        loop.attachConnectivity(transport: transport, httpTransport: network, clock: clock ?? .accelerated(by: acceleration),
                                watchFiles: watchFiles, refreshLimiter: RefreshLimiter(), logger: quietLogger)
    }

    /// Connects to the demo backend under the servers' real names.
    func connect(demo: DemoBackendProcess, acceleration: Double = 10, clock: AppClock? = nil) {
        connect(TransportConfiguration(commandLineCACert: demo.caFile,
                                       connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) }),
                acceleration: acceleration, clock: clock)
    }

    var state: SettingsState { store.getState() }
    var app: AppState { store.getAppState() }

    func press(_ keys: Key...) {
        for key in keys { loop.key(key) }
    }

    func type(_ text: String) {
        for character in text { loop.key(.character(character)) }
    }

    /// The flushed frame once `condition` holds for it, looked at after every flush. Generous
    /// deadline: nothing asserts how fast anything happens.
    @discardableResult
    func frame(until condition: (String) -> Bool, timeout: Duration = .seconds(120)) async -> String? {
        await waitFor(timeout: timeout) { condition(screen.text) } ? screen.text : nil
    }

    /// Waits until the state satisfies `condition` and the frame it asked for has been drawn
    /// (a turn of the main queue after the change: the frame's turn was queued before it);
    /// looked at after every change of the state and every flush, not polled.
    @discardableResult
    func settle(until condition: (SettingsState) -> Bool, timeout: Duration = .seconds(120)) async -> Bool {
        await waitFor(timeout: timeout) { condition(state) }
    }

    /// Looks at `condition` at once and after every change of the state and every flushed
    /// frame, until it holds still after a turn of the main queue (the frame of the change that
    /// made it hold is drawn), or `timeout` (only a bound on a broken test) passes.
    private func waitFor(timeout: Duration, _ condition: () -> Bool) async -> Bool {
        let wake = Wake()
        let subscription = store.subscribeApp { _, _ in wake.fire() }
        screen.onFlush = { wake.fire() }
        let bound = Task { @MainActor in
            try? await Task.sleep(for: timeout)  // the bound of a broken test; the wait itself is on the store
            wake.expire()
        }
        defer {
            subscription.cancel()
            screen.onFlush = nil
            bound.cancel()
        }
        while !wake.expired {
            if condition() {
                await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
                if condition() { return true }
            }
            await wake.next()
        }
        return condition()
    }

    /// Something may have changed: the waiter looks again (a change before it waits counts).
    @MainActor
    private final class Wake {
        private var changed = false
        private var waiter: CheckedContinuation<Void, Never>?
        private(set) var expired = false

        func fire() {
            changed = true
            waiter?.resume()
            waiter = nil
        }

        func expire() {
            expired = true
            fire()
        }

        func next() async {
            if !changed { await withCheckedContinuation { waiter = $0 } }
            changed = false
        }
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
