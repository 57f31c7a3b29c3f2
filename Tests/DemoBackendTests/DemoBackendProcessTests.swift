import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Demo backend: process, control and statistics")
struct DemoBackendProcessTests {
    @Test func readyLineDescribesEveryServer() async throws {
        let backend = try await DemoBackendProcess.start(extraServers: ["custom-ward3": "ward3.example.org"])
        defer { backend.stop() }
        #expect(FileManager.default.fileExists(atPath: backend.caFile))
        let ids = Set(DemoBackendProcess.prefilledServerIDs + ["custom-ward3"])
        #expect(Set(backend.servers.keys) == ids)
        #expect(backend.host(of: "pn51") == "verbumcare-lab.local")
        #expect(backend.host(of: "mac-mini") == "verbumcaremac-mini")
        #expect(backend.host(of: "mac-mini-tailscale") == "verbumcarenomac-mini.local")
        #expect(backend.connectTo.count == ids.count)
        for id in ids {
            let entry = try #require(backend.connectTo(of: id))
            #expect(backend.connectTo.contains(entry))
            #expect(entry.hasPrefix("\(backend.host(of: id) ?? "?"):443:127.0.0.1:"))
        }
        // demo.json holds the same document as the ready line.
        let stateFile = backend.stateDirectory + "/demo.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: stateFile))
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(state["connectTo"] as? [String] == backend.connectTo)
        #expect(state["ca"] as? String == backend.caFile)
        #expect(state["control"] as? Int == backend.controlPort)

        let custom = try await backend.curl("custom-ward3", "/health")
        #expect(custom.httpCode == 200, "\(custom.stderr)")
    }

    @Test func extraHostIsNamedInEveryServerCertificate() async throws {
        let backend = try await DemoBackendProcess.start(extraArguments: ["--extra-host", "ward4.example.org"])
        defer { backend.stop() }
        for id in DemoBackendProcess.prefilledServerIDs {
            let port = try #require(backend.port(of: id))
            let result = try await DemoBackendCurl.run(["--cacert", backend.caFile,
                                                        "--connect-to", "ward4.example.org:443:127.0.0.1:\(port)",
                                                        "https://ward4.example.org/health"])
            #expect(result.httpCode == 200, "\(id): \(result.stderr)")
        }
        // A name that is in no certificate fails verification.
        let port = try #require(backend.port(of: "pn51"))
        let other = try await DemoBackendCurl.run(["--cacert", backend.caFile,
                                                   "--connect-to", "ward5.example.org:443:127.0.0.1:\(port)",
                                                   "https://ward5.example.org/health"])
        #expect(other.exitCode == 60)
    }

    @Test func initialModesApplyFromTheStart() async throws {
        let backend = try await DemoBackendProcess.start(initialModes: ["mac-mini-tailscale": "down"])
        defer { backend.stop() }
        #expect(try await backend.curl("mac-mini-tailscale", "/health").exitCode == 7)
        #expect(try await backend.curl("pn51", "/health").httpCode == 200)
        #expect(try await backend.curl("mac-mini", "/health").httpCode == 200)
        try backend.setMode("mac-mini-tailscale", .up)
        #expect(try await backend.curl("mac-mini-tailscale", "/health").httpCode == 200)
    }

    @Test func statsCountRequestsPerPathAndConnections() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let root = try #require(backend.rootURL(of: "pn51"))
        var arguments = ["--cacert", backend.caFile]
        for entry in backend.connectTo { arguments += ["--connect-to", entry] }
        arguments += ["-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null"]
        let result = try await DemoBackendCurl.run(arguments + [root + "/health", root + "/health", root + "/api/config"])
        #expect(result.exitCode == 0)

        let stats = try backend.stats()
        let pn51 = try #require(stats.servers["pn51"])
        #expect(pn51.requests["/health"] == 2)
        #expect(pn51.requests["/api/config"] == 1)
        #expect(pn51.totalRequests == 3)
        #expect(pn51.connections == 1)   // one kept-alive connection for all three
        #expect(pn51.tlsHandshakes == 1)
        #expect(stats.requests("mac-mini", "/health") == 0)

        try backend.resetStats()
        let reset = try backend.stats()
        #expect(reset.servers["pn51"]?.totalRequests == 0)
        #expect(reset.servers["pn51"]?.connections == 0)
        _ = try await backend.curl("mac-mini", "/health")
        #expect(try backend.stats().requests("mac-mini", "/health") == 1)
    }

    @Test func exitsWhenStdinClosesAndLeavesNothingBehind() async throws {
        let backend = try await DemoBackendProcess.start()
        let state = backend.stateDirectory
        #expect(backend.isRunning)
        #expect(backend.stop() == 0)
        #expect(!backend.isRunning)
        #expect(!FileManager.default.fileExists(atPath: state))
        let after = try await DemoBackendCurl.run(["--connect-to", backend.connectTo(of: "pn51") ?? "",
                                                   "https://verbumcare-lab.local/health"])
        #expect(after.exitCode == 7)
        #expect(throws: DemoBackendError.self) { try backend.setMode("pn51", .down) }
    }

    @Test func exitsCleanlyOnSIGTERM() async throws {
        let backend = try await DemoBackendProcess.start()
        #expect(kill(backend.pid, SIGTERM) == 0)
        // Bounded only so a broken backend cannot stall the run; stop() would kill it after that.
        await Eventually.holds(within: .seconds(60)) { !backend.isRunning }
        #expect(!backend.isRunning)
        #expect(backend.stop() == 0)
    }

    @Test func ctlCommandChangesAModeThroughTheStateDirectory() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let ctl = try await DemoBackendScript.run(["ctl", "--state-dir", backend.stateDirectory, "pn51", "down"])
        #expect(ctl.exitCode == 0, "\(ctl.standardError)")
        #expect(ctl.standardOutput.contains("\"down\""))
        #expect(try await backend.curl("pn51", "/health").exitCode == 7)

        let bad = try await DemoBackendScript.run(["ctl", "--state-dir", backend.stateDirectory, "pn51", "melt"])
        #expect(bad.exitCode == 1)
        #expect(try backend.stats().servers["pn51"]?.mode == "down")
    }

    @Test func serveModePrintsABannerForPeople() async throws {
        let state = FileManager.default.temporaryDirectory
            .appendingPathComponent("verbumcare-demo-serve-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        // stdin is empty, so with --exit-on-stdin-close the backend prints its banner and exits.
        let result = try await DemoBackendScript.run(["serve", "--state-dir", state, "--exit-on-stdin-close",
                                                      "--initial", "mac-mini-tailscale=down"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let banner = result.standardOutput
        let rows = banner.split(separator: "\n").map(String.init)
        let tailscale = try #require(rows.first { $0.contains("mac-mini-tailscale") && $0.contains("127.0.0.1:") })
        #expect(tailscale.hasSuffix("down"))
        let pn51 = try #require(rows.first { $0.contains("verbumcare-lab.local") && $0.contains("127.0.0.1:") })
        #expect(pn51.hasSuffix("up"))
        #expect(banner.contains("--cacert"))
        #expect(banner.contains("--connect-to verbumcaremac-mini:443:127.0.0.1:"))
        #expect(banner.contains("ctl --state-dir"))
        #expect(FileManager.default.fileExists(atPath: state + "/demo.json"))
        #expect(FileManager.default.fileExists(atPath: state + "/env.sh"))
    }
}
