import Foundation
import Testing
import TestSupport

/// `status`, `check` and `settings add-custom --require-reachable` run as a person would run
/// them, against the demo backend over real TLS (loopback only).
@Suite("status and check commands (docs/PRODUCT.md: The command line)", .serialized)
struct StatusCommandTests {
    private struct Setup {
        let demo: DemoBackendProcess
        let home: TemporaryHome
        let runner: BinaryRunner
        let network: [String]

        init(initialModes: [String: String] = [:], extraArguments: [String] = [],
             extraConnectTo: (DemoBackendProcess) -> [String] = { _ in [] }) async throws {
            demo = try await DemoBackendProcess.start(initialModes: initialModes, extraArguments: extraArguments)
            home = try TemporaryHome(prefix: "status-command")
            runner = try BinaryRunner(home: home.path)
            network = ["--cacert", demo.caFile] + (demo.connectTo + extraConnectTo(demo)).flatMap { ["--connect-to", $0] }
        }

        func run(_ arguments: [String], lang: String = "en") async throws -> ProcessResult {
            try await runner.run(network + ["--lang", lang] + arguments)
        }

        func settings(_ arguments: String...) async throws {
            let result = try await runner.run(["settings"] + arguments)
            #expect(result.exitCode == 0, "\(result)")
        }
    }

    private func json(_ result: ProcessResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    @Test func statusFallsBackFromAFailingMacMiniAndSaysWhy() async throws {
        let setup = try await Setup(initialModes: ["mac-mini": "status502"])
        defer { setup.demo.stop() }
        try await setup.settings("set", "backend_server_address", "https://verbumcaremac-mini/api")

        let result = try await setup.run(["status", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try #require(try json(result) as? [String: Any])
        let server = try #require(document["server"] as? [String: Any])
        #expect(server["id"] as? String == "pn51")
        #expect(server["baseUrl"] as? String == "https://verbumcare-lab.local/api")
        #expect(server["source"] as? String == "fallback")
        #expect(server["host"] as? String == "verbumcare-lab.local" && server["hostUnicode"] as? String == "verbumcare-lab.local",
                "the host in both forms (the same for an ASCII name)")
        #expect(document["connectionStatus"] as? String == "connected")
        #expect(document["responseTimeMs"] is Double || document["responseTimeMs"] is Int)
        let fallback = try #require(document["fallback"] as? [String: Any])
        #expect(fallback["fromServerId"] as? String == "mac-mini")
        #expect((fallback["reason"] as? [String: Any])?["code"] as? String == "http_status")
        #expect(document["language"] as? String == "en")
        #expect(document["environment"] as? String == "production")
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.map { $0["endpoint"] as? String } == ["health", "api", "auth", "websocket"])
        for check in checks {
            let engineIO: Set<String> = check["endpoint"] as? String == "websocket" ? ["pingInterval", "pingTimeout"] : []
            let keys: Set<String> = ["endpoint", "url", "status", "httpStatus", "timings", "error"]
            #expect(Set(check.keys) == keys.union(engineIO))
            let timings = try #require(check["timings"] as? [String: Any])
            #expect(Set(timings.keys) == ["dnsMs", "connectMs", "tlsMs", "firstByteMs", "totalMs"])
        }
        #expect(checks.first?["status"] as? String == "success")

        let human = try await setup.run(["status"])
        #expect(human.exitCode == 0)
        #expect(human.standardOutput.contains("Mac Mini is unreachable"))
        #expect(human.standardOutput.contains("pn51"))
        #expect(human.standardOutput.contains("502"))

        let japanese = try await setup.run(["status"], lang: "ja")
        #expect(japanese.exitCode == 0)
        #expect(japanese.standardOutput.contains("Mac Mini"))
        #expect(!japanese.standardOutput.contains("is unreachable"))
    }

    @Test func withAutoSwitchOffStatusStaysAndExitsTwo() async throws {
        let setup = try await Setup(initialModes: ["mac-mini": "down"])
        defer { setup.demo.stop() }
        try await setup.settings("set", "backend_server_address", "https://verbumcaremac-mini/api")
        try await setup.settings("set", "auto_switch_on_failure", "false")

        let result = try await setup.run(["status", "--json"])
        #expect(result.exitCode == 2, "\(result)")
        let document = try #require(try json(result) as? [String: Any])
        #expect((document["server"] as? [String: Any])?["id"] as? String == "mac-mini")
        #expect(document["connectionStatus"] as? String == "error")
        #expect(document["fallback"] is NSNull)
        let health = (document["checks"] as? [[String: Any]])?.first
        #expect((health?["error"] as? [String: Any])?["code"] as? String == "connect")
        #expect(try setup.demo.stats().servers["pn51"]?.totalRequests == 0)
        #expect(!result.standardError.isEmpty) // why, on stderr
    }

    @Test func aHangingServerTimesOutOnceAndFallsBack() async throws {
        let setup = try await Setup(initialModes: ["mac-mini": "hang"])
        defer { setup.demo.stop() }
        try await setup.settings("set", "backend_server_address", "https://verbumcaremac-mini/api")
        try await setup.settings("set", "connection_timeout", "5")
        let result = try await setup.run(["status", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try #require(try json(result) as? [String: Any])
        let fallback = try #require(document["fallback"] as? [String: Any])
        #expect((fallback["reason"] as? [String: Any])?["code"] as? String == "timeout")
        // One attempt per check: each of the four paths was asked for once.
        let stats = try setup.demo.stats()
        for path in ["/health", "/api/config", "/api/auth/me"] {
            #expect(stats.requests("mac-mini", path) <= 1, "\(path)")
        }
    }

    @Test func bothUnreachableExitsTwoWithTheConfiguredServer() async throws {
        let setup = try await Setup(initialModes: ["mac-mini": "down", "pn51": "down"])
        defer { setup.demo.stop() }
        try await setup.settings("set", "backend_server_address", "https://verbumcaremac-mini/api")
        let result = try await setup.run(["status", "--json"])
        #expect(result.exitCode == 2, "\(result)")
        let document = try #require(try json(result) as? [String: Any])
        #expect((document["server"] as? [String: Any])?["id"] as? String == "mac-mini")
        #expect(document["fallback"] is NSNull)
        #expect(result.standardError.contains("pn51"))
    }

    @Test func checkOneServerAndAll() async throws {
        let setup = try await Setup(initialModes: ["mac-mini-tailscale": "down"])
        defer { setup.demo.stop() }

        let one = try await setup.run(["check", "mac-mini", "--json"])
        #expect(one.exitCode == 0, "\(one)")
        let object = try #require(try json(one) as? [String: Any])
        #expect((object["server"] as? [String: Any])?["id"] as? String == "mac-mini")
        #expect((object["checks"] as? [Any])?.count == 4)

        let byURL = try await setup.run(["check", "https://verbumcare-lab.local/api", "--json"])
        #expect(byURL.exitCode == 0, "\(byURL)")

        let all = try await setup.run(["check", "--all", "--json"])
        #expect(all.exitCode == 2, "\(all)")
        let array = try #require(try json(all) as? [[String: Any]])
        #expect(array.compactMap { ($0["server"] as? [String: Any])?["id"] as? String }
                == ["pn51", "mac-mini", "mac-mini-tailscale"])
        #expect(array.map { $0["connectionStatus"] as? String } == ["connected", "connected", "error"])

        let human = try await setup.run(["check"])
        #expect(human.exitCode == 0)
        #expect(human.standardOutput.contains("health"))
        #expect(human.standardOutput.contains(" ms"))

        let unknown = try await setup.run(["check", "no-such-server"])
        #expect(unknown.exitCode == 1, "\(unknown)")
        let usage = try await setup.run(["check", "pn51", "--all"])
        #expect(usage.exitCode == 64, "\(usage)")
        let badRoute = try await setup.runner.run(["--connect-to", "nonsense", "status"])
        #expect(badRoute.exitCode == 64, "\(badRoute)")
    }

    @Test func addCustomRequireReachableRefusesAServerThatDoesNotAnswer() async throws {
        let setup = try await Setup(initialModes: ["mac-mini-tailscale": "down"],
                                    extraArguments: ["--extra-host", "ward9.example.org"]) { demo in
            [
                "ward9.example.org:443:127.0.0.1:\(demo.port(of: "pn51") ?? 0)",
                "ward4.example.org:443:127.0.0.1:\(demo.port(of: "mac-mini-tailscale") ?? 0)",
            ]
        }
        defer { setup.demo.stop() }

        let refused = try await setup.run(["settings", "add-custom", "https://ward4.example.org/api", "--require-reachable"])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.standardError.contains("ward4.example.org"))
        let settingsAfterRefusal = setup.home.read(setup.home.settingsFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!settingsAfterRefusal.contains("ward4"))

        let added = try await setup.run(["settings", "add-custom", "https://ward9.example.org/api", "--require-reachable"])
        #expect(added.exitCode == 0, "\(added)")
        let settings = setup.home.read(setup.home.settingsFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(settings.contains("ward9.example.org"))
    }
}
