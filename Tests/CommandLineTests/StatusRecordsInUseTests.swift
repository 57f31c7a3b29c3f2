import Foundation
import Testing
import TestSupport

/// `status` records the server it used (SPEC §11): after a `status` that fell back to pn51,
/// `servers` says pn51 is in use and Mac Mini is configured; after one that used Mac Mini, Mac
/// Mini is in use again.
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

        try demo.setMode("mac-mini", "up")
        let direct = try await runner.run(network + ["--lang", "en", "status", "--json"])
        #expect(direct.exitCode == 0, "\(direct)")
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
