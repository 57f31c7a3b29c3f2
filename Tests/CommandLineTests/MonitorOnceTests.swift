import Foundation
import Glibc
import Testing
import TestSupport

/// `monitor --once` (SPEC §15.1): one round, recorded, the due alerts sent, exit 0 when the
/// server in use is connected and 2 otherwise; its textfile is OpenMetrics promtool accepts;
/// an unreadable history database is moved aside and never stops it.
@Suite("monitor --once and its textfile", .serialized)
struct MonitorOnceTests {
    @Test("the textfile passes promtool and carries uptime, open incidents and the health histogram")
    func textfile() async throws {
        let rig = try await MonitorRig(webhook: false, initialModes: ["mac-mini-tailscale": "down"])
        let file = rig.textfile()
        let result = try await rig.run(["monitor", "--once", "--textfile", file])
        #expect(result.exitCode == 0, "\(result)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for name in ["verbumcare_uptime_ratio", "verbumcare_incidents_open", "verbumcare_health_duration_seconds_bucket"] {
            #expect(text.contains(name + "{"), "\(name):\n\(text)")
        }
        #expect(text.contains(#"verbumcare_incidents_open{server="mac-mini-tailscale"} 1"#), "\(text)")
        #expect(text.contains(#"verbumcare_incidents_open{server="pn51"} 0"#), "\(text)")
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o644, "mode \(String(info.st_mode & 0o777, radix: 8))")

        let lintFile = rig.home.path + "/promtool.txt"
        let status = ShellCommand.run("/usr/bin/promtool check metrics < '\(file)' > '\(lintFile)' 2>&1")
        let lint = (try? String(contentsOfFile: lintFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "promtool: \(lint)\n\(text)")
    }

    @Test("exit 0 with the server in use up; 2 with it and pn51 down, after sending the server_down alerts")
    func exitStatusAndAlerts() async throws {
        let rig = try await MonitorRig(settings: ["backend_server_address": "https://verbumcaremac-mini/api"])
        // A slow first hook: the recording one runs only if the monitor waits for the delivery.
        try rig.hooks.installSlow("10-slow", seconds: 1, marker: rig.home.path + "/slow-started")
        try rig.hooks.install("50-record")
        let up = try await rig.run(["monitor", "--once"])
        #expect(up.exitCode == 0, "\(up)")
        #expect(rig.delivered().hook.isEmpty, "nothing changed: \(rig.delivered())")

        try rig.demo.setMode("mac-mini", "down")
        try rig.demo.setMode("pn51", "down")
        let down = try await rig.run(["monitor", "--once"])
        #expect(down.exitCode == 2, "\(down)\n\(rig.log)")
        // Delivered before the exit: nothing is waited for here.
        let (hook, webhook) = rig.delivered()
        for alerts in [hook, webhook] {
            let downs = alerts.filter { $0.event == "server_down" }.map(\.serverId).sorted()
            #expect(downs == ["mac-mini", "pn51"], "\(alerts)")
        }
    }

    @Test("a history.sqlite3 of random bytes is moved aside and the round goes on")
    func corruptHistory() async throws {
        let rig = try await MonitorRig(webhook: false)
        let database = rig.home.stateDirectory + "/history.sqlite3"
        try FileManager.default.createDirectory(atPath: rig.home.stateDirectory, withIntermediateDirectories: true)
        let garbage = (0..<65_536).map { _ in UInt8.random(in: 0...255) }
        try TestFile.write(Data(garbage), to: database)

        let result = try await rig.run(["monitor", "--once"])
        #expect(result.exitCode == 0, "\(result)\n\(rig.log)")
        let names = try FileManager.default.contentsOfDirectory(atPath: rig.home.stateDirectory)
        let aside = names.filter { $0.hasPrefix("history.sqlite3.corrupt-") }
        #expect(aside.count == 1, "\(names)")
        if let copy = aside.first {
            #expect(FileManager.default.contents(atPath: rig.home.stateDirectory + "/" + copy) == Data(garbage),
                    "the bytes are kept as they were")
        }
        // The new database holds this round.
        let history = try await rig.run(["history", "pn51", "--json"])
        let servers = try CLI.object(history.standardOutput)["servers"] as? [[String: Any]]
        let day = (servers?.first?["windows"] as? [String: Any])?["24h"] as? [String: Any]
        #expect((day?["probes"] as? Int ?? 0) >= 1, "\(history)")
    }
}

/// `--once` from cron: each run is one round of a new process, so what spans rounds (the
/// confirmations that close an incident) has to span runs.
@Suite("monitor --once from cron", .serialized)
struct MonitorCronTests {
    @Test("runs in a row: one server_down, then server_up once the server is back for alert_up_confirmations runs")
    func cronRuns() async throws {
        let rig = try await MonitorRig(webhook: false)
        try rig.hooks.install("50-record")
        try rig.demo.setMode("mac-mini", "down")
        for _ in 0..<2 {
            let down = try await rig.run(["monitor", "--once"])
            #expect(down.exitCode == 0, "pn51 is in use and up: \(down)")
        }
        try rig.demo.setMode("mac-mini", "up")
        for _ in 0..<3 {
            let up = try await rig.run(["monitor", "--once"])
            #expect(up.exitCode == 0, "\(up)")
        }
        let events = rig.delivered().hook.map { "\($0.event) \($0.serverId)" }
        let incidents = try await rig.incidents("mac-mini")
        #expect(events.first == "server_down mac-mini" && incidents.count == 1, "one down, alerted once: \(events)")
        // A run re-tests a returning server until the confirmations are reached (one round).
        #expect(events == ["server_down mac-mini", "server_up mac-mini"], "\(events)\n\(rig.log)")
        #expect(incidents.first?["open"] as? Bool == false, "\(incidents)")
    }
}
