import Foundation
import Testing
import TestSupport

/// `status` records the server it used (SPEC §11): after a `status` that fell back to pn51,
/// `servers` says pn51 is in use and Mac Mini is configured. A recorded fallback goes on under
/// the app's rule (SPEC §6.5): while pn51 answers, Mac Mini's return is only offered; when pn51
/// fails and Mac Mini answers, Mac Mini is in use again.
@Suite("status records what it used")
struct StatusRecordsInUseTests {
    @Test func serversFollowsTheLastStatus() async throws {
        let demo = try await DemoBackendProcess.start(initialModes: ["mac-mini": "down"])
        defer { demo.stop() }
        let home = try TemporaryHome(prefix: "status-records")
        let runner = try BinaryRunner(home: home.path)
        let network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }
        try home.write("{\"backend_server_address\": \"https://verbumcaremac-mini/api\", \"connection_timeout\": 5}\n",
                       to: "config/verbumcare/settings.json")

        func inUse() async throws -> (inUse: String?, configured: String?) {
            let result = try await runner.run(network + ["--lang", "en", "servers", "--json"])
            #expect(result.exitCode == 0, "\(result)")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                                       as? [[String: Any]])
            return (entries.first { $0["isInUse"] as? Bool == true }?["id"] as? String,
                    entries.first { $0["isConfigured"] as? Bool == true }?["id"] as? String)
        }

        let fellBack = try await runner.run(network + ["--lang", "en", "status", "--json"])
        #expect(fellBack.exitCode == 0, "\(fellBack)")
        let during = try await inUse()
        #expect(during.inUse == "pn51" && during.configured == "mac-mini", "\(during)")

        // Mac Mini answers again: the fallback the file records goes on while pn51 answers (the
        // app offers the switch back, it does not force it, and `status` keeps what the app keeps).
        try demo.setMode("mac-mini", "up")
        let offered = try await runner.run(network + ["--lang", "en", "status", "--json"])
        #expect(offered.exitCode == 0, "\(offered)")
        let fallback = try #require(try JSONSerialization.jsonObject(with: Data(offered.standardOutput.utf8))
                                    as? [String: Any])["fallback"] as? [String: Any]
        #expect(fallback?["fromServerId"] as? String == "mac-mini" && fallback?["configuredAnswers"] as? Bool == true,
                "\(offered)")
        let still = try await inUse()
        #expect(still.inUse == "pn51" && still.configured == "mac-mini", "\(still)")
        let text = try await runner.run(network + ["--lang", "en", "status"])
        #expect(text.standardOutput.contains(CLI.text(.en, "cli.status.switch_back_offered",
                                                      ["server": CLI.text(.en, "server.mac-mini.name"),
                                                       "fallback": CLI.text(.en, "server.pn51.name")])), "\(text)")

        // pn51 fails while Mac Mini answers: the fallback ends at once (SPEC §6.5).
        try demo.setMode("pn51", "down")
        let back = try await runner.run(network + ["--lang", "en", "status"])
        #expect(back.exitCode == 0, "\(back)")
        let connected = CLI.text(.en, "cli.status.connected", ["server": CLI.text(.en, "server.mac-mini.name"), "ms": "\u{1}"])
        #expect(back.standardOutput.contains(String(connected.prefix { $0 != "\u{1}" })), "\(back)")
        #expect(back.standardOutput.contains(CLI.text(.en, "error.connect.short")), "it says why: \(back)")
        let after = try await inUse()
        #expect(after.inUse == "mac-mini" && after.configured == "mac-mini", "\(after)")
    }

    @Test func aHomeThatCannotRecordStillGetsItsStatus() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let home = try TemporaryHome(prefix: "status-unrecorded")
        let runner = try BinaryRunner(home: home.path)
        // A file where the state folder should be: nothing can be written there, as root too.
        try home.write("not a folder\n", to: "state/verbumcare")
        let network = ["--cacert", demo.caFile] + demo.connectTo.flatMap { ["--connect-to", $0] }
        let result = try await runner.run(network + ["--lang", "en", "status", "--json"])
        #expect(result.exitCode == 0, "the answer and its exit code do not depend on the record: \(result)")
        #expect(result.standardOutput.contains("\"connectionStatus\""), "\(result)")
        #expect(!result.standardError.isEmpty, "the person is told the record was not saved: \(result)")
    }
}
