import Foundation
@testable import BackendClient
import SettingsStore
import Testing
import TestSupport

/// The system CA store is used as its bundle file without libcurl's CA directory, so that the
/// parsed store is cached like a named bundle's (docs/PRODUCT.md: Transport rules).
@Suite("The system CA store")
struct SystemCAStoreTests {
    @Test func onlyAReadableRegularFileIsNamedForTheSystemStore() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("system-ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bundle = directory + "/bundle.pem"
        try TestFile.write(Data("-----BEGIN CERTIFICATE-----\n".utf8), to: bundle)
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)

        #expect(SystemCABundle.usableFile(bundle) == bundle)
        #expect(SystemCABundle.usableFile(nil) == nil)
        #expect(SystemCABundle.usableFile("") == nil)
        #expect(SystemCABundle.usableFile(directory + "/missing.pem") == nil)
        #expect(SystemCABundle.usableFile(directory) == nil)
        #expect(SystemCABundle.usableFile(fifo) == nil)
    }

    @Test func theSystemStoreIsLibcurlsBuiltInBundle() throws {
        let builtIn = try #require(SystemCABundle.libcurlDefault(), "this libcurl has a built-in CA bundle")
        #expect(SystemCABundle.file == builtIn)
        #expect(CurlFeatures.current().defaultCABundle == builtIn)
    }

    /// The CPU of the engine's own thread, so the figure holds whatever other tests run meanwhile.
    /// Before the system store was named as a file, each new connection cost 20–45 ms of CPU
    /// with it against about 1 ms with the same file named.
    @Test(.enabled(if: SystemCABundle.file != nil))
    func aNewConnectionCostsNoMoreWithTheSystemStoreThanWithItsFileNamed() async throws {
        let backend = try await SharedDemoBackend.start()
        let named = try #require(SystemCABundle.file)
        let system = try await cpuPerNewConnection(backend, bundle: .system)
        let file = try await cpuPerNewConnection(backend, bundle: CABundle(path: named, source: .commandLine))
        #expect(system <= 2 * file + 0.001,
                "system store \(system * 1000) ms per connection, the same file named \(file * 1000) ms")
    }

    /// Engine-thread CPU seconds per new connection to a demo server, after one that loads the
    /// store. Neither store trusts the demo's CA, so every request connects, verifies and fails.
    private func cpuPerNewConnection(_ backend: DemoBackendProcess, bundle: CABundle) async throws -> Double {
        var settings = try SharedDemoBackend.settings(backend)
        settings.caBundle = bundle
        let request = TransportRequest(method: .get, url: "https://f-system-ca.demo.test/health", settings: settings,
                                       freshConnection: true)
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let connections = 8
        var before = 0.0
        for index in 0...connections {
            if index == 1 { before = try #require(engine.threadCPUSeconds()) }
            let result = await engine.perform(request)
            guard case .failure(let error) = result else {
                Issue.record("the demo CA was trusted without being named: \(result)")
                return 0
            }
            #expect(error.code == .tlsUntrusted, "\(error)")
        }
        let after = try #require(engine.threadCPUSeconds())
        return (after - before) / Double(connections)
    }

    @Test("a bundle named by the environment replaces the system store",
          arguments: ["SSL_CERT_FILE", "CURL_CA_BUNDLE"])
    func environmentBundle(variable: String) async throws {
        let backend = try await SharedDemoBackend.start()
        let server = try SharedDemoBackend.server(backend, "f-ca-env")
        let engine = CurlEngine()
        defer { engine.shutdown() }
        func settings(_ environment: [String: String]) throws -> TransportSettings {
            try TransportSettings.resolve(connectionTimeoutSeconds: 5, caCertArgument: nil, caBundleSetting: nil,
                                          connectToArguments: backend.connectTo, environment: environment)
        }
        let named = try settings([variable: backend.caFile])
        #expect(named.caBundle.path == backend.caFile)
        let trusted = await ConnectivityChecker(settings: named, transport: engine).check(server)
        #expect(trusted.isHealthy, "\(trusted.checks)")

        let unnamed = try settings([:])
        #expect(unnamed.caBundle == .system)
        let untrusted = await ConnectivityChecker(settings: unnamed, transport: engine).check(server)
        let health = try #require(untrusted.checks.first { $0.endpoint == .health })
        #expect(health.error?.code == .tlsUntrusted, "\(health)")
    }
}
