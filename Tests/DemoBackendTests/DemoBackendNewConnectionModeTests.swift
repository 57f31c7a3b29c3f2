import Testing
import TestSupport

/// The modes that fail only new connections (`tls_hang_new`, `wrong_cert_new`) against their
/// whole-server counterparts (`hang_tls`, `wrong_host_cert`), as curl sees them. One curl process
/// keeps its connection alive across `--next` groups: a request, the mode switch through the
/// control port, and the same request again, which reuses the connection when the server kept it.
@Suite("Demo backend: faults that only new connections meet")
struct DemoBackendNewConnectionModeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let mode: DemoBackendMode
        /// Whether a connection opened before the switch is still served after it.
        let keepsOpenConnections: Bool
        /// curl's exit code on a new connection: 28 (the handshake never completes) or 60 (certificate).
        let newConnectionExit: Int32
        var testDescription: String { mode.rawValue }
    }

    static let cases = [
        Case(mode: .tlsHangNew, keepsOpenConnections: true, newConnectionExit: 28),
        Case(mode: .wrongCertNew, keepsOpenConnections: true, newConnectionExit: 60),
        Case(mode: .hangTLS, keepsOpenConnections: false, newConnectionExit: 28),
        Case(mode: .wrongHostCert, keepsOpenConnections: false, newConnectionExit: 60),
    ]

    @Test("a kept-alive connection is served or dropped, a new one fails", arguments: cases)
    func keptAndNewConnections(_ expected: Case) async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let server = "pn51"
        let kept = try await keptAliveAcrossSwitch(backend, server, to: expected.mode)
        // The first request was answered; the second reached the server only on the kept connection.
        let healthRequests = try backend.stats().requests(server, "/health")
        #expect(healthRequests == (expected.keepsOpenConnections ? 2 : 1))
        if expected.keepsOpenConnections {
            #expect(kept.httpCode == 200, "\(kept.stderr)")
            #expect(kept.numConnects == 0, "the request after the switch reused the first connection")
        } else {
            #expect(kept.httpCode == 0)
            #expect(kept.numConnects == 1, "the first connection was dropped, so curl opened a new one")
            #expect(kept.exitCode == expected.newConnectionExit, "\(kept.stderr)")
        }

        let before = try #require(try backend.stats().servers[server])
        let fresh = try await backend.curl(server, "/health", ["--max-time", "2"])
        let after = try #require(try backend.stats().servers[server])
        #expect(fresh.exitCode == expected.newConnectionExit, "\(fresh.stderr)")
        #expect(fresh.httpCode == 0)
        // The server accepted the new connection at TCP; no request got through it.
        #expect(after.connections == before.connections + 1)
        #expect(after.totalRequests == before.totalRequests)
        if expected.newConnectionExit == 60 {
            #expect(fresh.stderr.contains("verbumcare-lab.local"), "\(fresh.stderr)")
        } else {
            #expect(after.tlsHandshakes == before.tlsHandshakes, "the handshake never completed")
        }

        try backend.setMode(server, .up)
        let recovered = try await backend.curl(server, "/health")
        #expect(recovered.httpCode == 200, "\(recovered.stderr)")
    }

    /// GET /health on a new connection, switch `server` to `mode` through the control port, GET
    /// /health again, all in one curl process. Returns the last transfer's result.
    private func keptAliveAcrossSwitch(_ backend: DemoBackendProcess, _ server: String,
                                       to mode: DemoBackendMode) async throws -> DemoBackendCurl.Result {
        guard let root = backend.rootURL(of: server) else { throw DemoBackendError.controlFailed("no server \(server)") }
        // `--next` resets options, so every group names its own; the last write-out is the one parsed.
        var https = ["--noproxy", "*", "--cacert", backend.caFile, "--max-time", "2", "--write-out", "\n%{json}"]
        for entry in backend.connectTo { https += ["--connect-to", entry] }
        let control = ["--noproxy", "*", "-o", "/dev/null", "-X", "POST", "--data", "",
                       "http://127.0.0.1:\(backend.controlPort)/mode/\(server)/\(mode.rawValue)"]
        return try await DemoBackendCurl.run(https + ["-o", "/dev/null", root + "/health", "--next"] + control
                                                 + ["--next"] + https + [root + "/health"])
    }
}
