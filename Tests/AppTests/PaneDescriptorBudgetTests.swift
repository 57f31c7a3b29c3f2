import Foundation
import Testing
import TestSupport

/// docs/ARCHITECTURE.md: descriptor budget, for the pane: the real app under a limit of 256
/// descriptors (`prlimit`), with 300 custom servers that all answer (the demo backend's bench
/// servers, one wildcard certificate). Opening the pane tests every row at once; the engine's
/// budget queues what does not fit, so every row ends "connected" (a server not yet tested is
/// never shown as down), the descriptors go back when the tests end, and the app's own saves
/// (settings.json when it switches, app-state.json for the language) still work afterwards.
@Suite(.serialized)
struct PaneDescriptorBudgetTests {
    static let servers = 300
    static let limit = 256

    @Test("the pane with 300 servers under 256 descriptors: all tested, descriptors released, saves work")
    func paneUnderTheLimit() async throws {
        var options = AppFixture.Options()
        options.benchServers = 1
        options.launcher = ["/usr/bin/prlimit", "--nofile=\(Self.limit):\(Self.limit)", "--"]
        // Tall enough for every row of the list at once.
        options.rows = Self.servers + 30
        options.columns = 110
        options.prepare = { home in
            let addresses = (1...Self.servers).map { "\"https://s\($0).bench.example/api\"" }
            try home.write(#"{"custom_servers": [\#(addresses.joined(separator: ","))]}"#, to: "config/verbumcare/settings.json")
        }
        let app = try await AppFixture.start(options)
        defer { app.close() }
        let en = app.catalog("en")
        try await app.waitForConnectedMainScreen("en", timeout: .seconds(60))
        let pid = try await app.session.appPID()
        #expect(Self.softLimit(pid) == Self.limit, "the app runs under the limit")
        let before = Self.descriptors(pid)

        try await app.session.sendKeys("o")
        let connected = en.text("status.connected")
        let down = [en.text("status.error"), en.text("status.disconnected")]
        var during = 0
        var shownDown: [String] = []
        _ = try await app.waitFor("all \(Self.servers) bench rows connected", timeout: .seconds(180)) { screen in
            during = max(during, Self.descriptors(pid))
            let rows = screen.rows.filter { $0.contains(".bench.example") }
            shownDown += rows.filter { row in down.contains { Screen.contains($0, in: row) } }
            return rows.count == Self.servers && rows.allSatisfy { Screen.contains(connected, in: $0) }
        }
        #expect(shownDown.isEmpty, "rows shown as down: \(shownDown.prefix(5))")

        // Choose Mac Mini and leave the pane: the app switches and writes settings.json.
        try await app.moveFocus(with: "Down", limit: 5, to: "Mac Mini") { $0.contains("verbumcaremac-mini") }
        try await app.session.sendKeys("Enter")
        // Esc while the switch runs would cancel it (SPEC §10.3): leave once it is done.
        try await app.waitFor("the switch to Mac Mini done", timeout: .seconds(60)) { screen in
            screen.rows.first.map { $0.contains("Mac Mini") && $0.contains(connected) } ?? false
        }
        try await app.session.sendKeys("Escape")
        try await app.waitFor("the main screen on Mac Mini", timeout: .seconds(60)) { screen in
            !screen.contains(en.text("ui.pane.add_custom")) && screen.contains("https://verbumcaremac-mini/api")
                && screen.contains(connected)
        }
        #expect(try app.nativeSettings()["backend_server_address"] as? String == "https://verbumcaremac-mini/api")
        // A language change writes app-state.json.
        try await app.session.sendKeys("3")
        try await app.waitFor("the language saved", timeout: .seconds(30)) { _ in
            let state = app.home.read(app.home.appStateFile).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            return state?["currentLanguage"] as? String == "zh-Hant"
        }
        // A round of the recording app may be under way (it tests every server): what it holds
        // is let go when it ends.
        var after = Self.descriptors(pid)
        await Eventually.holds(within: .seconds(60), every: .milliseconds(200)) {
            after = Self.descriptors(pid)
            return after <= before + 3
        }
        print("pane descriptors under RLIMIT_NOFILE \(Self.limit), \(Self.servers + 3) servers: before \(before), most during \(during), after \(after)")
        #expect(during < Self.limit)
        // The row tests keep no connection: what stays is what the app held before, give or
        // take the kept-alive connections of the server in use (now Mac Mini, not pn51).
        #expect(after <= before + 3, "descriptors before \(before), after \(after)")
        try await app.session.sendKeys("q")
        #expect(try await app.session.waitForExit() == 0)
    }

    static func descriptors(_ pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// The soft RLIMIT_NOFILE of a running process, from /proc/PID/limits.
    static func softLimit(_ pid: pid_t) -> Int? {
        guard let data = ProcFile.data("/proc/\(pid)/limits") else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Max open files") }
        return line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) }
    }
}
