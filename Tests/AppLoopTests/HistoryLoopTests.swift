import AppLoop
import BackendClient
import Connectivity
import Foundation
import Localization
import SettingsStore
import SettingsUI
import Testing
import TestSupport

/// The open app records history while no monitor does (SPEC §15.2), and shows it: the `h`
/// view with every server's windows and who records, the panel's uptime row, in each language.
/// The real loop in-process, the real history database, the demo backend over TLS.
@Suite("History in the app (demo backend)", .serialized)
@MainActor
struct HistoryLoopTests {
    static func recordingRig(_ language: AppLanguage) async throws -> (DemoBackendProcess, LoopRig) {
        let demo = try await DemoBackendProcess.start()
        do {
            let rig = try LoopRig(language: language)
            let transport = TransportConfiguration(commandLineCACert: demo.caFile,
                                                   connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
            // Real time for the watch: the figures are read again after every recorded probe.
            _ = await rig.loop.attachWatch(role: .app, transport: transport, clock: .system,
                                           hookFolders: [rig.paths.configDirectory + "/hooks.d"], host: "test-box",
                                           logger: quietLogger)
            rig.connect(demo: demo)
            return (demo, rig)
        } catch {
            demo.stop()
            throw error
        }
    }

    @Test("h shows what this app recorded, says that it records, and follows the language", arguments: AppLanguage.allCases)
    func historyView(language: AppLanguage) async throws {
        let (demo, rig) = try await Self.recordingRig(language)
        defer { rig.stop(); demo.stop() }
        #expect(rig.app.watch.isRecording, "no monitor runs: the app records")
        #expect(await rig.settle { $0.connectionStatus == .connected })
        // A few probes of the server in use reach the database.
        let recorded = FileManager.default.fileExists(atPath: rig.paths.stateDirectory + "/history.sqlite3")
        #expect(recorded)
        // A probe after the start's answered, and its record written (a write the runner
        // tracks: idle means it is in the database), before the view reads the history.
        let first = rig.state.detailedStatus?.lastChecked
        #expect(await rig.settle { $0.detailedStatus?.lastChecked != first })
        await rig.loop.waitUntilIdle()
        rig.press(.character("h"))
        let history = HistoryText(language: language)
        let frame = await rig.frame(until: {
            $0.contains(rig.text("ui.history.title")) && $0.contains(history.recorder(rig.app.watch))
                && squashed($0).contains(squashed(rig.text("ui.history.window.24h")))
                && rig.app.watch.history?.figures["pn51"]?[.day]?.probes ?? 0 > 0
        }, timeout: .seconds(30))
        #expect(frame != nil, "the history view does not show pn51's recorded probes:\n\(rig.screen.text)")
        // Every other language at once, with no word of this one left in the view's lines.
        let next = language.next
        rig.press(.character("l"))
        let other = HistoryText(language: next)
        let switched = await rig.frame { $0.contains(Localizer(language: next).text("ui.history.title")) }
        #expect(switched != nil, "l does not re-render the history view:\n\(rig.screen.text)")
        #expect(rig.screen.text.contains(other.recorder(rig.app.watch)))
        rig.press(.escape)
        // ("履歴" is also in the Japanese panel title "サーバー履歴": the view's own line is the test.)
        #expect(await rig.frame { !$0.contains(other.recorder(rig.app.watch)) } != nil, "Esc does not close the view")
        // The panel's uptime row for the server in use.
        let panel = await rig.frame { $0.contains(Localizer(language: next).text("ui.panel.uptime")) }
        #expect(panel != nil, "no uptime row in the panel:\n\(rig.screen.text)")
    }

    /// SPEC §15.2: the recorder, app or monitor alike, tests every known server each interval,
    /// and the server in use once. A server that is down the whole time and is not the one in
    /// use has its incident in `h`, and is recorded; pn51 is probed by the app's own loop only.
    @Test("the recording app watches every server: Mac Mini Tailscale down the whole time is an incident in h")
    func recordingAppWatchesEveryServer() async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
        defer { demo.stop() }
        let rig = try LoopRig(language: .en, settings: ["probe_interval": 2])
        defer { rig.stop() }
        let transport = TransportConfiguration(commandLineCACert: demo.caFile,
                                               connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
        // One clock for both (LoopRig runs connectivity ten times faster), so their cadences compare.
        _ = await rig.loop.attachWatch(role: .app, transport: transport, clock: .accelerated(by: 10),
                                       hookFolders: [rig.paths.configDirectory + "/hooks.d"], host: "test-box",
                                       logger: quietLogger)
        rig.connect(demo: demo)
        #expect(await rig.settle { _ in rig.app.watch.servers["mac-mini-tailscale"]?.incident != nil },
                "the recording app never tested Mac Mini Tailscale: \(rig.app.watch.servers.keys.sorted())")
        #expect(rig.app.watch.servers["mac-mini"]?.seen == true)
        rig.press(.character("h"))
        let frame = await rig.frame(until: { _ in
            rig.app.watch.history?.incidents(of: "mac-mini-tailscale").isEmpty == false
        }, timeout: .seconds(60))
        #expect(frame != nil, "h has no incident for Mac Mini Tailscale:\n\(rig.screen.text)")
        #expect(!(rig.app.watch.history?.incidents(of: "mac-mini-tailscale").isEmpty ?? true))
        #expect(await rig.settle { _ in rig.app.watch.round >= 10 }, "rounds stopped at \(rig.app.watch.round)")
        // Each probe of pn51 came from the app's loop, never from a round as well: it gets about
        // as many health checks as Mac Mini, which only the rounds test (the start's test and
        // the re-reads of the pane aside), not twice as many.
        let stats = try demo.stats()
        let inUse = stats.requests("pn51", "/health"), other = stats.requests("mac-mini", "/health")
        // (Twice per interval would be about 2 × Mac Mini's; a loaded machine shifts a few by one.)
        #expect(other >= 2 && Double(inUse) <= Double(other) * 1.5 + 2, "pn51 \(inUse) health checks, Mac Mini \(other)")
    }

    /// One set of figures (SPEC §15.2): the state's summary is read again after every round of
    /// the recorder, so the panel follows the probes (interval 2 s) instead of a minute-old read,
    /// and the panel draws exactly the figure the state holds (which `h` draws too).
    @Test("the panel's figures follow every recorded probe, without waiting a minute or for h")
    func figuresFollowEveryProbe() async throws {
        let (demo, rig) = try await Self.recordingRig(.en)
        defer { rig.stop(); demo.stop() }
        #expect(await rig.settle { $0.connectionStatus == .connected })
        let history = HistoryText(language: .en)
        var seen: Set<Int> = []
        // Three recorded probes, read back at the end of the round that recorded them, well under
        // a minute (the old re-read came a minute after the start, or when `h` asked).
        let followed = await rig.frame(until: { _ in
            let probes = rig.app.watch.history?.figures["pn51"]?[.day]?.probes ?? 0
            seen.insert(probes)
            return probes >= 3
        }, timeout: .seconds(40))
        #expect(followed != nil, "the figures stayed at \(seen.sorted()) probes")
        // The row is cut at the panel's width ("… · 30 d …"): its 24 h figure is the test.
        let panel = await rig.frame(until: { frame in
            let day = rig.app.watch.history?.figures["pn51"]?[.day]
            return frame.contains(rig.text("ui.panel.uptime")) && frame.contains(history.uptimeWithCoverage(day))
        }, timeout: .seconds(10))
        #expect(panel != nil, "the panel does not draw the state's figures:\n\(rig.screen.text)")
    }

    @Test("a second app on the same home does not record, and its h view names the recorder")
    func secondAppDoesNotRecord() async throws {
        let (demo, first) = try await Self.recordingRig(.en)
        defer { first.stop(); demo.stop() }
        #expect(first.app.watch.isRecording)
        // A second loop on the same files, as a second terminal would run.
        let second = try LoopRig(language: .en, reusing: first.home)
        defer { second.stop() }
        let transport = TransportConfiguration(commandLineCACert: demo.caFile,
                                               connectTo: demo.connectTo.compactMap { try? ConnectToSpec(parsing: $0) })
        _ = await second.loop.attachWatch(role: .app, transport: transport, clock: .accelerated(by: 10),
                                          hookFolders: [], host: "test-box", logger: quietLogger)
        #expect(!second.app.watch.isRecording, "two processes record one home")
        #expect(second.app.watch.recorder?.pid == getpid(), "the lock names the recording process")
        second.press(.character("h"))
        let recordedBy = second.text("ui.history.recorded_by", ["role": second.text("ui.history.role.app"),
                                                                 "pid": String(getpid())])
        #expect(await second.frame { squashed($0).contains(squashed(recordedBy)) } != nil, "\(second.screen.text)")
    }
}
