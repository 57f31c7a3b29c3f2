import Foundation
import Localization
import SettingsStore
import TestSupport
import Testing

/// SPEC §6.5, told to the real loop in-process against the demo backend over real TLS: Mac Mini
/// configured and down, the app falls back to pn51; Mac Mini returns (the app offers `s`); then
/// pn51 goes down. The app goes back to Mac Mini at once and says why, and at each stage the
/// app, `status` and `servers` (the real binary, on the same home) and app-state.json name the
/// same server in use.
@Suite("Loop: a fallback never holds the app on a dead server (demo backend)", .serialized)
@MainActor
struct FallbackLoopTests {
    /// What `status --json` and `servers --json` (the binary) and app-state.json say is in use.
    struct Others: CustomStringConvertible {
        var status: String?
        var statusConnected: Bool
        var servers: String?
        var file: String

        var description: String { "status \(status ?? "-") (connected \(statusConnected)), servers \(servers ?? "-"), file \(file)" }
    }

    static func others(_ rig: LoopRig, runner: BinaryRunner, network: [String]) async throws -> Others {
        let status = try await runner.run(network + ["--lang", "en", "status", "--json"])
        let statusObject = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        let servers = try await runner.run(network + ["--lang", "en", "servers", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(servers.standardOutput.utf8)) as? [[String: Any]]
        let saved = AppStateFile(path: rig.paths.appStateFile).load().state
        let file = InUsePolicy.inUseId(saved: saved, servers: rig.state.availableServers,
                                       configuredId: rig.state.configuredServer.id)
        return Others(status: (statusObject?["server"] as? [String: Any])?["id"] as? String,
                      statusConnected: statusObject?["connectionStatus"] as? String == "connected",
                      servers: entries?.first { $0["isInUse"] as? Bool == true }?["id"] as? String, file: file)
    }

    /// Waits until the app is at rest on `id` (no switch, its first word said) and the others agree with it.
    static func agree(on id: String, _ rig: LoopRig, runner: BinaryRunner, network: [String]) async throws -> Others {
        #expect(await rig.settle { $0.currentServer.id == id && $0.connectivity.activeSwitch == nil && $0.connectionStatus == .connected })
        var seen = try await others(rig, runner: runner, network: network)
        // app-state.json is written by the loop after the turn that changed it: polled, not slept.
        let agreed = { (seen: Others) in seen.file == id && seen.servers == id && seen.status == id }
        try await Eventually.holds(within: .seconds(30), every: .milliseconds(50)) {
            if !agreed(seen) { seen = try await others(rig, runner: runner, network: network) }
            return agreed(seen)
        }
        return seen
    }

    @Test("Mac Mini returns (s offered), then pn51 fails: the app is back on Mac Mini, says why, and status, servers and app-state.json agree",
          arguments: AppLanguage.allCases)
    func pn51FailsDuringTheFallback(language: AppLanguage) async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini": "down"])
        defer { demo.stop() }
        let rig = try LoopRig(language: language, settings: ["backend_server_address": "https://verbumcaremac-mini/api"])
        defer { rig.stop() }
        rig.connect(demo: demo)
        let runner = try BinaryRunner(home: rig.home.path)
        let network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }

        // The fallback: pn51 in use, and everyone says so.
        #expect(await rig.settle { $0.serverSource == .fallback && $0.connectionStatus == .connected })
        let during = try await Self.agree(on: "pn51", rig, runner: runner, network: network)
        #expect(during.status == "pn51" && during.servers == "pn51" && during.file == "pn51", "\(during)")

        // Mac Mini answers again: offered, not forced; `status` keeps the fallback too.
        try demo.setMode("mac-mini", "up")
        #expect(await rig.settle { $0.fallback?.configuredRecovered == true })
        let offered = try await Self.agree(on: "pn51", rig, runner: runner, network: network)
        #expect(offered.status == "pn51" && offered.statusConnected && offered.servers == "pn51" && offered.file == "pn51",
                "while pn51 answers the switch back is only offered, by the app and by status: \(offered)")

        // pn51 fails: back to Mac Mini at once, a switch with a notice that says why.
        let down = ContinuousClock.now
        try demo.setMode("pn51", "down")
        #expect(await rig.settle { $0.currentServer.id == "mac-mini" && $0.fallback == nil && $0.connectionStatus == .connected },
                "the app stayed on \(rig.state.currentServer.id) (\(rig.state.connectionStatus))")
        // Probes run ten times faster than real time here (LoopRig): probe_interval 2 s is 0.2 s.
        print("back on Mac Mini \(ContinuousClock.now - down) after pn51 went down (\(language), probes 10x)")
        #expect(rig.state.serverSource == .nativeSettings)
        let notice = try #require(rig.state.notices.first { $0.message.key == "notice.fallback_ended" },
                                  "\(rig.state.notices.map(\.message.key))")
        let localizer = Localizer(language: language)
        let words = ConnectivityMessages.render(notice.message, serverName: { localizer.text("server.\($0).name") },
                                                text: { localizer.text($0, $1) })
        let frame = await rig.frame { squashed($0).contains(String(squashed(words).prefix(12))) }
        #expect(frame != nil, "the screen does not say why it went back (\(words)):\n\(rig.screen.text)")
        #expect(rig.screen.header.contains(localizer.text("server.mac-mini.name")), "\(rig.screen.header)")
        #expect(rig.state.timeline.contains { $0.kind == .switched && $0.serverId == "mac-mini" })
        let after = try await Self.agree(on: "mac-mini", rig, runner: runner, network: network)
        #expect(after.status == "mac-mini" && after.statusConnected && after.servers == "mac-mini" && after.file == "mac-mini",
                "\(after)")
    }
}
