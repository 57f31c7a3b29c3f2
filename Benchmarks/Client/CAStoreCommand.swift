import ArgumentParser
import BackendClient
import Foundation
import SettingsStore

extension ProbeCommand {
    /// CPU of a probe round with the system CA store vs a named bundle (docs/PRODUCT.md:
    /// Performance targets: at most 1.1 ×). The demo's CA is not in the system store, so with it
    /// every check fails as untrusted after the handshake; the peer that does exactly the same
    /// work is the system bundle's own file named as a bundle. A named demo CA (the checks pass:
    /// health on a new connection, the others kept alive) is printed for scale.
    struct CAStore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ca-store", abstract: "CPU of a probe round: system CA store vs a named bundle.")
        /// `iterations`: measured probe rounds per configuration and repeat.
        @OptionGroup var options: Options
        @Option(help: "Repeats; each measures every configuration once, in turn.")
        var repeats = 3
        @Option(help: "The system bundle's file, named as a bundle for the peer configuration.")
        var systemFile = "/etc/ssl/certs/ca-certificates.crt"

        func run() async throws {
            let demo = try BenchDemoBackend(script: options.demoScript)
            defer { demo.stop() }
            let base = try ProbeCommand.settings(for: demo)
            guard let host = demo.ready.servers["pn51"]?.host,
                  let server = ServerCatalog.customServer(address: "https://\(host)/api", connectionTimeoutSeconds: 10)
            else { throw BenchError("demo has no server pn51") }
            // `verifies`: whether the checks can pass (only the demo CA verifies the demo's certificates).
            let configurations: [(name: String, bundle: CABundle, verifies: Bool)] = [
                ("system store", .system, false),
                ("named: system file", CABundle(path: systemFile, source: .commandLine), false),
                ("named: demo CA", base.caBundle, true),
            ]
            var perRound: [String: [Double]] = [:]
            for _ in 0..<repeats {
                for configuration in configurations {
                    var settings = base
                    settings.caBundle = configuration.bundle
                    perRound[configuration.name, default: []].append(
                        try await Self.cpuPerRound(settings: settings, server: server, rounds: options.iterations,
                                                   healthy: configuration.verifies))
                }
            }
            for configuration in configurations {
                let sample = Sample(values: perRound[configuration.name] ?? [])
                print(String(format: "%@ CPU per probe round: median %.3f ms (repeats: %@)",
                             configuration.name.padding(toLength: 20, withPad: " ", startingAt: 0), sample.median,
                             sample.values.map { String(format: "%.3f", $0) }.joined(separator: " ")))
            }
            let system = Sample(values: perRound["system store"] ?? []).median
            let named = Sample(values: perRound["named: system file"] ?? []).median
            print(String(format: "ratio system store / named bundle (same file): %.3f  (goal <= 1.10)", system / named))
        }

        /// Process CPU (user + system) per round over `rounds` rounds on a new engine, after one
        /// round that opens the connections and loads the CA store.
        static func cpuPerRound(settings: TransportSettings, server: ServerConfig, rounds: Int,
                                healthy: Bool) async throws -> Double {
            let engine = CurlEngine()
            defer { engine.shutdown() }
            let checker = ConnectivityChecker(settings: settings, transport: engine)
            _ = await checker.check(server)
            let start = processCPUMs()
            for _ in 0..<rounds {
                let status = await checker.check(server)
                guard status.isHealthy == healthy else { throw BenchError("unexpected outcome: \(status.checks)") }
            }
            return (processCPUMs() - start) / Double(rounds)
        }
    }
}

/// User plus system CPU of this process so far, in milliseconds.
func processCPUMs() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}
