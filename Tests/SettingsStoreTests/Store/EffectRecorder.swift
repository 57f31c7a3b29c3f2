@testable import SettingsStore

/// A runner for the store's tests: the store's files run as the real runner runs them, and
/// what other threads post to the store's inbox (app-state.json's outcomes) is handed to the
/// main actor as the real runner hands it; every other effect (tests, timers) is handed to
/// `record` instead of being run.
@MainActor
final class EffectRecorder: EffectRunning {
    private unowned let store: AppSettingsStore
    private let record: @MainActor ([AppEffect]) -> Void

    init(_ store: AppSettingsStore, record: @escaping @MainActor ([AppEffect]) -> Void) {
        self.store = store
        self.record = record
        store.runner = self
        // Ends when the store (and with it the inbox's stream) is gone.
        let stream = store.inbox.open()
        Task { for await work in stream { work() } }
    }

    func run(_ effects: [AppEffect]) -> [AppEvent] {
        var outcomes: [AppEvent] = []
        var others: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .writeSettings, .readSettingsFile, .persistAppState:
                guard let outcome = store.runFileEffect(effect) else { continue }
                outcomes += [outcome] + store.dispatch(outcome)
            default:
                others.append(effect)
            }
        }
        if !others.isEmpty { record(others) }
        return outcomes
    }
}
