import Foundation
import Testing
import TestSupport

/// `check --all` under a descriptor limit set in the child with setrlimit (`prlimit`), against
/// one real TLS listener of the demo backend that answers for every `sN.bench.example` (a
/// wildcard certificate). Every server is up, so every server must be reported connected:
/// one that did not get a descriptor was not tested, and is never reported as down.
@Suite("descriptor budget: check --all under RLIMIT_NOFILE", .serialized)
struct DescriptorBudgetTests {
    static func checkAll(servers count: Int, descriptorLimit: Int) async throws {
        let demo = try await DemoBackendProcess.start(extraArguments: ["--bench-servers", "1"])
        defer { _ = demo.stop() }
        let port = try #require(demo.port(of: "bench-1"))
        let home = try TemporaryHome(prefix: "budget")
        let addresses = (1...count).map { "\"https://s\($0).bench.example/api\"" }
        // The longest timeout: this is about descriptors, and on a loaded 2-core machine 8,000
        // handshakes queue long enough for a 10 s timeout to report a healthy server down.
        try home.write(#"{"connection_timeout": 60, "custom_servers": [\#(addresses.joined(separator: ","))]}"#,
                       to: "config/verbumcare/settings.json")
        // The prefilled servers keep their own listeners; every other host goes to bench-1.
        let network = ["--cacert", demo.caFile] + (demo.connectTo + ["::127.0.0.1:\(port)"]).flatMap { ["--connect-to", $0] }
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let runner = BinaryRunner(program: "/usr/bin/prlimit", home: home.path, lang: "en_US.UTF-8",
                                  timeout: .seconds(600))
        // 2,000 servers' JSON is larger than the runner keeps of stdout: it goes to a file.
        let output = home.path + "/check.json"
        let start = ContinuousClock.now
        let result = try await runner.run(["--nofile=\(descriptorLimit):\(descriptorLimit)", "--", binary,
                                           "--home", home.path, "--lang", "en"] + network + ["check", "--all", "--json", "--output", output])
        let seconds = Double(start.duration(to: .now).components.attoseconds) / 1e18
            + Double(start.duration(to: .now).components.seconds)
        let objects = try CLI.array(String(decoding: home.read(output) ?? Data(), as: UTF8.self))
        let down = objects.filter { $0["connectionStatus"] as? String != "connected" }
        let reasons = Dictionary(grouping: down.compactMap { object -> String? in
            let checks = object["checks"] as? [[String: Any]] ?? []
            let health = checks.first { $0["endpoint"] as? String == "health" }
            return (health?["error"] as? [String: Any])?["code"] as? String
        }, by: { $0 }).mapValues(\.count)
        let total = count + 3
        print(String(format: "descriptor budget: %d servers under RLIMIT_NOFILE %d: %.1f s (%.0f servers/s), %d connected, %d not %@",
                     total, descriptorLimit, seconds, Double(total) / seconds, objects.count - down.count, down.count,
                     reasons.description))
        #expect(result.exitCode == 0, "\(result.standardError.prefix(2_000))")
        #expect(objects.count == total)
        #expect(down.count == 0, "reported down: \(reasons)")
    }

    @Test("300 servers under 256 descriptors: every one tested and connected")
    func threeHundredUnder256() async throws {
        try await Self.checkAll(servers: 300, descriptorLimit: 256)
    }

    /// Five servers for every descriptor, as the 5,000 under 1,024 this test used to run: the
    /// same budget pressure, with 8,000 handshakes instead of 20,000 on the test machine.
    @Test("2,000 servers under 400 descriptors: every one tested and connected")
    func twoThousandUnder400() async throws {
        try await Self.checkAll(servers: 2_000, descriptorLimit: 400)
    }
}
