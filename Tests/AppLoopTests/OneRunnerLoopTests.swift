import AppLoop
import Connectivity
import Foundation
import SettingsStore
import SettingsUI
import TerminalRendering
import TestSupport
import Testing

/// The loop hands every effect to its one runner, which runs the loop's own work (quitting)
/// through the capability the loop lends it, and is gone when the loop stops.
@MainActor
@Suite("The loop's one effect runner")
struct OneRunnerLoopTests {
    @Test func quittingRunsThroughTheRunnerAndStoppingDetachesIt() throws {
        let home = try TemporaryHome(prefix: "one-runner")
        let paths = AppPaths.resolve(environment: .production, home: home.path, environmentVariables: [:])
        let store = AppSettingsStore(paths: paths, environment: .production, languageOverride: nil,
                                     processEnvironment: ["LANG": "C"])
        store.loadSettings()
        var quits = 0
        let loop = AppLoop(store: store, screen: TestScreen(), options: RenderOptions(), onQuit: { quits += 1 })
        loop.start()
        let runner = try #require(loop.runner as EffectRunner?)
        #expect(store.runner === runner)
        store.dispatch(.key(.character("q"), at: store.clock.now()))
        #expect(quits == 1, "`q` asks for `.quit`, which the runner gives the loop")
        loop.stop()
        #expect(store.runner == nil)
        #expect(runner.isIdle && runner.timersSet.isEmpty)
    }

    /// The monitor's stop is a fact of the state, changed by its event (it was a flag of the
    /// monitor's own).
    @Test func aStopAskedOfTheMonitorIsInTheState() {
        var state = AppState(settings: SettingsState(currentServer: ServerCatalog.defaultServer,
                                                     availableServers: ServerCatalog.prefilled,
                                                     currentLanguage: .en, environment: .production))
        #expect(!state.watch.stopRequested)
        let effects = AppReducer.reduce(&state, .monitorStopRequested)
        #expect(state.watch.stopRequested)
        #expect(effects.isEmpty)
    }
}
