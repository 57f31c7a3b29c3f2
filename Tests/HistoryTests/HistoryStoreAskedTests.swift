import AppCore
import History
import Logging
import SettingsStore
import TestSupport
import Testing
@testable import Watch

/// Who records is the state's fact (`watch.isRecording`), decided by the reducer; the history
/// store keeps no copy of it. It used to: a store not made a writer at the takeover (history
/// was off then, and turned on since) dropped every incident it was asked to open or close,
/// and retention, while the state said this process records.
@Suite("History: the store writes what it is asked to")
struct HistoryStoreAskedTests {
    @Test func anIncidentAskedOfAStoreNeverMadeAWriterIsWritten() async throws {
        let home = try TemporaryHome(prefix: "history-asked")
        let paths = home.appPaths
        let start = 1_780_000_000.0
        let store = HistoryStore(paths: paths, now: start, logger: Logger(label: "history-asked"))
        let reason = IncidentReason(ConnectivityError(code: .connect, message: "refused"), server: nil)
        await store.openIncident(serverId: "pn51", start: start, reason: reason)
        await store.record([ProbeSample(serverId: "pn51", at: Int64(start * 1000), ok: false, latencyMs: nil,
                                        reasonCode: "connect")])
        let open = await store.openIncidents()
        #expect(open.map(\.serverId) == ["pn51"], "the incident the reducer asked for is in history")
        await store.closeIncident(serverId: "pn51", certificate: false, end: start + 60)
        #expect(await store.openIncidents().isEmpty, "and its end")
        let summary = await store.summary(serverIds: ["pn51"], now: start + 60)
        #expect(summary?.incidents.map(\.serverId) == ["pn51"])
    }
}

/// `history_enabled` off: the reducer asks for no history write at all (it used to ask, and
/// the history store dropped the writes by a copy it kept of whether it was made a writer).
@Suite("History off: nothing is asked of history")
struct HistoryOffAsksNothingTests {
    @Test func aTakeoverWithHistoryOffOpensNoIncidentInHistory() {
        for enabled in [true, false] {
            var state = AppState(settings: SettingsState(currentServer: ServerCatalog.defaultServer,
                                                         availableServers: ServerCatalog.prefilled,
                                                         currentLanguage: .en, environment: .production))
            _ = AppReducer.reduce(&state, .loaded(settings: SettingsFileLoad(settings: NativeSettings(historyEnabled: enabled),
                                                                             problems: [], existed: true),
                                                  appState: AppStateFileLoad(state: PersistedAppState(), problems: []),
                                                  detectedLanguage: .en))
            var server = ServerWatch()
            server.seen = true
            server.incident = ServerWatch.OpenIncident(start: 1_780_000_000, reason: ConnectivityError(code: .connect, message: "refused"))
            state.watch.servers[ServerCatalog.defaultServerId] = server
            let effects = AppReducer.reduce(&state, .recordingTakenOver(inherited: [], lockProblem: nil, at: 1_780_000_100))
            let opened = effects.filter { if case .openIncident = $0 { true } else { false } }
            #expect(opened.count == (enabled ? 1 : 0), "history_enabled \(enabled): \(opened)")
            #expect(state.watch.isRecording)
        }
    }
}
