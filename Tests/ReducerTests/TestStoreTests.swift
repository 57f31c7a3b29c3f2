import StoreTestSupport
import Testing
@testable import SettingsStore

/// The test store itself: it fails on what a test did not claim, and its time is virtual.
@Suite("Test store: exhaustive, in virtual time")
struct TestStoreTests {
    static let now = 1_760_000_000.0

    /// pn51 in use and connected, the app running; nothing answered or claimed yet.
    static func store() -> TestStore {
        let servers = ServerCatalog.availableServers(customAddresses: [], connectionTimeoutSeconds: 10)
        var settings = SettingsState(currentServer: servers[0], availableServers: servers, connectionStatus: .connected,
                                     serverSource: .default, currentLanguage: .en)
        settings.connectivity.isActive = true
        return TestStore(AppState(settings: settings), at: now)
    }

    @Test("an effect nobody claimed fails the next step, naming it")
    func unclaimedEffectsFail() {
        let store = Self.store()
        store.checksState = false
        store.send(.key(.character("o"), at: Self.now))
        withKnownIssue {
            store.send(.key(.escape, at: Self.now))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("testRow") && $0.rawValue.contains("effects nobody claimed") }
        }
        withKnownIssue {
            store.finish()
        } matching: { $0.comments.contains { $0.rawValue.contains("readSettingsFile") } }
    }

    @Test("a change of any slice the test did not describe fails, naming the field")
    func undescribedChangesFail() {
        let store = Self.store()
        store.ignore(.testRow, .schedulePaneRetest)
        withKnownIssue {
            // The pane opens, but the test says only the screen's cursor moves.
            store.send(.key(.character("o"), at: Self.now)) { $0.screen.paneFocus = .paneList }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("screen.isSettingsPaneOpen") }
        }
    }

    @Test("an effect run, a step towards quiescence or a timer fired that changes the state unclaimed fails, naming the field")
    func unclaimedChangesOfEffectsFail() {
        let store = Self.store()
        store.runTimers()
        store.answer(.testRow) { effect, now in
            guard case let .testRow(server, generation) = effect else { return [] }
            return [.init(.rowTestCompleted(generation: generation, result: ReducerWorld.status(server, health: .down, at: now)))]
        }
        store.ignore(.readSettingsFile)
        // Opening the pane is not what this test is about.
        store.checksState = false
        store.send(.key(.character("o"), at: Self.now))
        store.checksState = true
        withKnownIssue { store.runInFlight(at: 0) } matching: { Self.unclaimed("running testRow", $0) }
        withKnownIssue { store.runOne() } matching: { Self.unclaimed("one step", $0) }
        store.checksState = false
        while !store.inFlight.isEmpty { store.runOne() }
        store.checksState = true
        #expect(store.waitingTimers.count == 1, "the pane's re-test: \(store.waitingTimers)")
        withKnownIssue { store.fireNextTimer() } matching: { Self.unclaimed("the next timer", $0, field: "settings.connectivity.rowTests") }
    }

    static func unclaimed(_ step: String, _ issue: Issue, field: String = "settings.serverStatuses") -> Bool {
        issue.comments.contains {
            $0.rawValue.contains("\(step): state changed that the test did not claim") && $0.rawValue.contains(field)
        }
    }

    @Test("timers fire when due, at their time; a timer set again or cancelled never fires")
    func virtualTime() throws {
        let store = Self.store()
        store.checksState = false
        store.runTimers()
        store.answer(.testRow) { effect, now in
            guard case let .testRow(server, generation) = effect else { return [] }
            return [.init(.rowTestCompleted(generation: generation, result: ReducerWorld.status(server, health: .up, at: now)))]
        }
        store.send(.key(.character("o"), at: Self.now))
        store.runToQuiescence()
        let interval = Double(store.state.settings.probeInterval)
        #expect(store.due(.schedulePaneRetest(after: interval)) == Self.now + interval)
        store.advance(by: interval - 0.5)
        #expect(!store.log.contains("paneRetestTimerFired"), "\(store.log)")
        store.advance(by: 0.5)
        #expect(store.log.filter { $0 == "paneRetestTimerFired" }.count == 1, "\(store.log)")
        #expect(store.times.contains(Self.now + interval), "the timer's event carries its time: \(store.times)")
        // Leaving the pane cancels the timer set by the last tick: it never fires.
        store.answer(.readSettingsFile) { _, _ in [] }
        store.runToQuiescence()
        store.send(.key(.escape, at: store.now))
        store.advance(by: 10 * interval)
        #expect(store.log.filter { $0 == "paneRetestTimerFired" }.count == 1, "\(store.log)")
        #expect(store.waitingTimers.isEmpty, "\(store.waitingTimers)")
        store.finish()
    }
}
