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
        let paths = AppPaths(configDirectory: home.configDirectory, stateDirectory: home.stateDirectory,
                             cacheDirectory: home.path + "/cache")
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
