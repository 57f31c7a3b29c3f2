import AppCore
import AppLoop
import BackendClient
import Connectivity
import Foundation
import Localization
import SettingsStore
import SettingsUI
import Testing
import TestSupport
import Watch

/// A drill in the open app (SPEC §16), the real loop in-process against the demo backend over
/// TLS: the app records (no monitor runs), so it treats the drilled server as failing: it
/// falls back to pn51 as it would for real, says 訓練中 / DRILL / 演練中 in its header, takes
/// `a` as the acknowledgement, and offers the way back once the drill is over.
@Suite("Drills in the app (demo backend)", .serialized)
@MainActor
struct DrillLoopTests {
    @Test("drill of the configured server: fallback to pn51, the header says the drill, a acknowledges, back after the end",
          arguments: AppLanguage.allCases)
    func drillFallbackAndBack(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["backend_server_address": "https://verbumcaremac-mini/api"])
        defer { rig.stop() }
        let transport = TransportConfiguration(commandLineCACert: demo.caFile,
                                               connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
        _ = await rig.loop.attachWatch(role: .app, transport: transport, clock: .system,
                                       hookFolders: [rig.paths.configDirectory + "/hooks.d"], host: "test-box",
                                       logger: quietLogger)
        rig.connect(demo: demo)
        #expect(rig.app.watch.isRecording, "no monitor runs: the app records")
        #expect(await rig.settle { $0.currentServer.id == "mac-mini" && $0.connectionStatus == .connected })

        // `drill start` as the command writes it (the app follows drills.json).
        let file = DrillFile(paths: rig.paths)
        let start = AppClock.wallSeconds()
        let drill = DrillRecord(scenario: .down, serverId: "mac-mini", start: start, until: start + 120,
                                participants: "A, B")
        _ = try file.update(.start(drill), now: start).get()

        // What it would do for real: pn51 in use, and the header says it is a drill.
        #expect(await rig.settle { $0.serverSource == .fallback && $0.currentServer.id == "pn51" && $0.connectionStatus == .connected },
                "no fallback: \(rig.state.currentServer.id) \(rig.state.connectionStatus)")
        let mark = rig.text("drill.mark")
        let badge = rig.text("ui.drill_badge", ["mark": mark, "server": rig.text("server.mac-mini.name")])
        let header = await rig.frame(until: { _ in rig.screen.header.contains(badge) }, timeout: .seconds(30))
        #expect(header != nil, "the header does not say \(badge):\n\(rig.screen.text)")
        // The pane says it on the drilled server's row.
        rig.press(.character("o"))
        let row = rig.text("ui.drill_row", ["mark": mark, "scenario": rig.text("drill.scenario.down")])
        let pane = await rig.frame(until: { text in
            text.split(separator: "\n").contains { $0.contains(rig.text("server.mac-mini.name")) && $0.contains(row) }
        }, timeout: .seconds(30))
        #expect(pane != nil, "the pane's Mac Mini row does not say \(row):\n\(rig.screen.text)")
        rig.press(.escape)
        let recorded = await Self.poll(seconds: 30) { (try? file.read().get())?.open?.fallback != nil }
        #expect(recorded, "the fallback is not in the drill's record: \(String(describing: try? file.read().get()))")
        let record = try file.read().get().open
        #expect(record?.fallback?.toServerId == "pn51" && record?.firstAlert != nil && record?.takenUpBy == "app",
                "\(String(describing: record))")

        // `a`: the moment a person took notice (the record keeps milliseconds).
        let pressed = AppClock.wallSeconds()
        rig.press(.character("a"))
        let acknowledged = await Self.poll(seconds: 30) { (try? file.read().get())?.open?.acknowledged != nil }
        #expect(acknowledged)
        let ack = try file.read().get().open?.acknowledged
        #expect(ack.map { $0.at >= pressed - 0.001 && $0.at <= AppClock.wallSeconds() && $0.by == "app" } == true, "\(String(describing: ack)) pressed \(pressed)")

        // The drill ends: Mac Mini answers again, the way back is offered (as for real), `s` takes it.
        _ = try file.update(.end(at: AppClock.wallSeconds(), note: "ok"), now: AppClock.wallSeconds()).get()
        #expect(await rig.settle { $0.fallback?.configuredRecovered == true }, "\(String(describing: rig.state.fallback))")
        let cleared = await rig.frame(until: { _ in !rig.screen.header.contains(mark) }, timeout: .seconds(30))
        #expect(cleared != nil, "the header still says \(mark) after the drill:\n\(rig.screen.header)")
        rig.press(.character("s"))
        #expect(await rig.settle { $0.currentServer.id == "mac-mini" && $0.fallback == nil && $0.connectionStatus == .connected },
                "not back on Mac Mini: \(rig.state.currentServer.id)")
        // Real results recorded apart: history holds no incident of Mac Mini or of the fallback.
        if let read = await rig.loop.watch?.readHistory() { rig.loop.send(read) }
        let incidents = rig.app.watch.history?.incidents ?? []
        #expect(incidents.isEmpty, "\(incidents)")
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass.
    static func poll(seconds: Double, _ condition: () -> Bool) async -> Bool {
        await Eventually.holds(within: .milliseconds(Int(seconds * 1000)), condition)
    }
}
