import ArgumentParser
import BackendClient
import Foundation
import SettingsStore

/// `probe ...`: the libcurl client against the demo backend (docs/PRODUCT.md: Performance targets).
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Probe timings of the libcurl client against the demo backend.",
        subcommands: [KeepAlive.self, Cold.self, Many.self, CAStore.self])

    struct Options: ParsableArguments {
        @Option(help: "Path of the demo backend script.")
        var demoScript = "DemoBackend/demo_backend.py"

        @Option(help: "Measured repetitions.")
        var iterations = 200
    }

    /// Settings that route the demo's host names to its loopback ports and trust its CA.
    static func settings(for demo: BenchDemoBackend) throws -> TransportSettings {
        TransportSettings(caBundle: CABundle(path: demo.ready.ca, source: .commandLine),
                          connectTo: try demo.ready.connectTo.map { try ConnectToSpec(parsing: $0) })
    }

    /// The health request of pn51 on the demo, routed and trusted as above.
    static func healthRequest(_ demo: BenchDemoBackend) throws -> (url: String, request: TransportRequest) {
        let url = try healthURL(demo)
        return (url, TransportRequest(method: .get, url: url, settings: try settings(for: demo)))
    }

    /// One probe: wall milliseconds in-process and libcurl's own total; a failure ends the run.
    static func timedProbe(_ engine: CurlEngine, _ request: TransportRequest) async throws -> (wall: Double, libcurl: Double) {
        let start = monotonicMs()
        let result = await engine.perform(request)
        let wall = monotonicMs() - start
        guard case .success(let response) = result, response.status == 200 else {
            throw BenchError("probe failed: \(result)")
        }
        return (wall, response.timings.totalMs)
    }

    static func healthURL(_ demo: BenchDemoBackend, server: String = "pn51") throws -> String {
        guard let host = demo.ready.servers[server]?.host else { throw BenchError("demo has no server \(server)") }
        return "https://\(host)/health"
    }

    static func curlArguments(_ demo: BenchDemoBackend, url: String, extra: [String] = []) -> [String] {
        ["curl", "-s", "-o", "/dev/null", "--cacert", demo.ready.ca]
            + demo.ready.connectTo.flatMap { ["--connect-to", $0] } + extra + [url]
    }

    /// A probe on a kept-alive connection vs a fresh `curl` process (goal: under half).
    struct KeepAlive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keepalive", abstract: "Warm probe (reused connection) vs a fresh curl process.")
        @OptionGroup var options: Options

        func run() async throws {
            let demo = try BenchDemoBackend(script: options.demoScript)
            defer { demo.stop() }
            let (url, request) = try ProbeCommand.healthRequest(demo)
            let engine = CurlEngine()
            defer { engine.shutdown() }
            _ = await engine.perform(request) // opens the connection
            var warm: [Double] = []
            var libcurlTotals: [Double] = []
            for _ in 0..<options.iterations {
                let probe = try await ProbeCommand.timedProbe(engine, request)
                warm.append(probe.wall)
                libcurlTotals.append(probe.libcurl)
            }
            var curl: [Double] = []
            for _ in 0..<options.iterations {
                let (ms, status) = Spawn.timed(ProbeCommand.curlArguments(demo, url: url))
                guard status == 0 else { throw BenchError("curl failed with status \(status)") }
                curl.append(ms)
            }
            let warmSample = Sample(values: warm)
            let curlSample = Sample(values: curl)
            print("kept-alive probe (wall, in-process): \(warmSample.summary)")
            print("  libcurl time_total of those probes: \(Sample(values: libcurlTotals).summary)")
            print("fresh curl process (spawn to exit):  \(curlSample.summary)")
            print(String(format: "ratio probe/curl (medians): %.3f  (goal < 0.5)", warmSample.median / curlSample.median))
        }
    }

    /// A cold probe (new connection, new TLS handshake) vs curl's own time_total (goal: within 10 %).
    struct Cold: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cold", abstract: "Cold probe (fresh connection) vs curl's time_total.")
        @OptionGroup var options: Options

        func run() async throws {
            let demo = try BenchDemoBackend(script: options.demoScript)
            defer { demo.stop() }
            let (url, request) = try ProbeCommand.healthRequest(demo)
            var wall: [Double] = []
            var libcurlTotals: [Double] = []
            var curl: [Double] = []
            for _ in 0..<options.iterations {
                // A new engine has an empty connection cache: every probe connects and shakes hands.
                let engine = CurlEngine()
                let probe = try await ProbeCommand.timedProbe(engine, request)
                engine.shutdown()
                wall.append(probe.wall)
                libcurlTotals.append(probe.libcurl)
                let output = try Spawn.output(ProbeCommand.curlArguments(demo, url: url, extra: ["-w", "%{time_total}"]))
                guard let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchError("curl printed \(output)")
                }
                curl.append(seconds * 1000)
            }
            let wallSample = Sample(values: wall)
            let curlSample = Sample(values: curl)
            print("cold probe (wall, in-process):       \(wallSample.summary)")
            print("  libcurl time_total of those probes: \(Sample(values: libcurlTotals).summary)")
            print("curl -w %{time_total} (fresh process): \(curlSample.summary)")
            print(String(format: "ratio probe wall/curl time_total (medians): %.3f  (goal <= 1.10)",
                         wallSample.median / curlSample.median))
        }
    }

    /// Many custom servers tested at once (goal: about as long as the slowest one).
    struct Many: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "many", abstract: "Test N custom servers at once: total time vs the slowest server, peak memory.")
        @Option(help: "Path of the demo backend script.")
        var demoScript = "DemoBackend/demo_backend.py"
        @Option(help: "Number of servers.")
        var servers = 200
        @Option(help: "Rounds (each tests all servers at once).")
        var rounds = 5
        @Option(help: "libcurl connections per server (0 = no limit).")
        var perHost = 0
        @Option(help: "libcurl connections in all (0 = no limit).")
        var maxConnections = 0

        @Flag(help: "Start every server in the demo's `slow` mode (answers after 1.5 s), so the total can be compared with one known server time.")
        var slow = false

        func run() async throws {
            var arguments = ["--bench-servers", String(servers)]
            if slow { arguments += (1...servers).flatMap { ["--initial", "bench-\($0)=slow"] } }
            let demo = try BenchDemoBackend(script: demoScript, arguments: arguments)
            defer { demo.stop() }
            let settings = try ProbeCommand.settings(for: demo)
            let configs = (1...servers).compactMap { index -> ServerConfig? in
                guard let host = demo.ready.servers["bench-\(index)"]?.host else { return nil }
                return ServerCatalog.customServer(address: "https://\(host)/api", connectionTimeoutSeconds: 10)
            }
            guard configs.count == servers else { throw BenchError("demo started \(configs.count) bench servers") }
            let rssBefore = peakResidentMiB()
            for round in 1...rounds {
                // A new engine per round: cold connections, as when the settings pane opens.
                let engine = CurlEngine(maxConnectionsPerHost: perHost, maxConnections: maxConnections)
                let checker = ConnectivityChecker(settings: settings, transport: engine)
                let start = monotonicMs()
                let statuses = await checker.checkAll(configs)
                let total = monotonicMs() - start
                engine.shutdown()
                let healthy = statuses.filter(\.isHealthy).count
                let slowest = statuses.flatMap(\.checks).map(\.timings.totalMs).max() ?? 0
                print(String(format: "round %d: %d servers × 4 checks at once: %.1f ms; slowest single check inside it %.1f ms; healthy %d/%d",
                             round, configs.count, total, slowest, healthy, configs.count))
            }
            // The slowest server when tested alone, for comparison.
            let engine = CurlEngine(maxConnectionsPerHost: perHost, maxConnections: maxConnections)
            let checker = ConnectivityChecker(settings: settings, transport: engine)
            var alone: [Double] = []
            var slowestAlone: DetailedStatus?
            for config in configs {
                let start = monotonicMs()
                let status = await checker.check(config)
                let elapsed = monotonicMs() - start
                if elapsed > (alone.max() ?? 0) { slowestAlone = status }
                alone.append(elapsed)
            }
            for check in slowestAlone?.checks ?? [] {
                let t = check.timings
                print(String(format: "  slowest alone: %@ %@ dns %.1f connect %.1f tls %.1f first byte %.1f total %.1f ms",
                             check.endpoint.rawValue, check.status.rawValue, t.dnsMs, t.connectMs, t.tlsMs, t.firstByteMs, t.totalMs))
            }
            engine.shutdown()
            let aloneSample = Sample(values: alone)
            print(String(format: "one server alone (4 checks, cold): %@; slowest %.1f ms", aloneSample.summary,
                         aloneSample.percentile(1)))
            print(String(format: "peak RSS: %.1f MiB (%.1f MiB before the rounds)", peakResidentMiB(), rssBefore))
        }
    }
}
