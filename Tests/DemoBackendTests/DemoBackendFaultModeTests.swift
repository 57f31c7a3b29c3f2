import Foundation
import Testing
import TestSupport

/// Each test runs its own backend, so mode changes never meet another test's requests.
@Suite("Demo backend: fault modes, as curl sees them")
struct DemoBackendFaultModeTests {
    /// Bound on a transfer that must time out: far beyond a normal answer's time, far below `slow`'s delay.
    private let maxTime = ["--max-time", "2"]

    @Test func downRefusesAndUpReopensTheSamePort() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let port = backend.port(of: "pn51")
        try backend.setMode("pn51", .down)
        let refused = try await backend.curl("pn51", "/health")
        #expect(refused.exitCode == 7, "\(refused.stderr)")
        // The port stays the backend's while down: another program (a parallel test's backend)
        // cannot take it, so 'up' can always re-open it and nobody else answers there.
        let taken = await ShellCommand.run(detached: """
            python3 -c 'import socket; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", \(port ?? 0)))'
            """)
        #expect(taken != 0, "another process bound pn51's port while it was down")
        let other = try await backend.curl("mac-mini", "/health")
        #expect(other.httpCode == 200)

        try backend.setMode("pn51", .up)
        let again = try await backend.curl("pn51", "/health")
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(again.httpCode == 200)
        #expect(backend.port(of: "pn51") == port)
        #expect(again.writeOut["remote_port"] == port.map(String.init))
    }

    /// 'down' drops the connections it has, so the server closes them first and the port has
    /// connections in TIME_WAIT while it is down. The port must still be the backend's, and 'up'
    /// must re-open it: 'down' once closed its listener and bound a placeholder without
    /// SO_REUSEADDR, whose bind failed then; a parallel test's backend took the port.
    @Test func downWithAConnectionKeptAliveStillHoldsThePortAndUpReopensIt() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let port = try #require(backend.port(of: "pn51"))
        let folder = try TemporaryHome(prefix: "keep-alive")
        let ready = folder.path + "/answered", script = folder.path + "/client.py"
        // One request on a kept-alive connection, then wait until the server closes it.
        try """
            import socket, ssl
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            connection = context.wrap_socket(socket.create_connection(("127.0.0.1", \(port))), server_hostname="localhost")
            connection.sendall(b"GET /health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: keep-alive\\r\\n\\r\\n")
            assert connection.recv(65536).startswith(b"HTTP/1.1 200")
            open("\(ready)", "w").close()
            connection.settimeout(60)
            while connection.recv(65536):
                pass
            """.write(toFile: script, atomically: true, encoding: .utf8)
        async let client = ShellCommand.run(detached: "python3 '\(script)' > '\(folder.path)/client.out' 2>&1")
        #expect(await Eventually.holds(within: .seconds(60)) { FileManager.default.fileExists(atPath: ready) },
                "the kept-alive request was answered")
        try backend.setMode("pn51", .down)
        #expect(await client == 0, "the server closed the kept-alive connection at 'down'")
        let taken = await ShellCommand.run(detached: """
            python3 -c 'import socket; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", \(port)))'
            """)
        #expect(taken != 0, "another process bound pn51's port while it was down")
        try backend.setMode("pn51", .up)
        let again = try await backend.curl("pn51", "/health")
        #expect(again.httpCode == 200, "\(again.stderr)")
        #expect(again.writeOut["remote_port"] == String(port))
    }

    @Test("hang and hang_tls time out, then the server answers again", arguments: [DemoBackendMode.hang, .hangTLS])
    func hangTimesOut(mode: DemoBackendMode) async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("mac-mini", mode)
        let hung = try await backend.curl("mac-mini", "/health", maxTime)
        #expect(hung.exitCode == 28, "\(hung.stderr)")
        #expect(hung.httpCode == 0)
        // hang completes TLS and stalls on the answer; hang_tls stalls in the handshake.
        #expect((hung.writeOut["time_appconnect"].flatMap(Double.init) ?? 0 > 0) == (mode == .hang))

        try backend.setMode("mac-mini", .up)
        let answered = try await backend.curl("mac-mini", "/health")
        #expect(answered.httpCode == 200)
    }

    @Test func slowAnswersNormallyAfterItsDelay() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", .slow, delayMs: 60_000)
        let cut = try await backend.curl("pn51", "/health", maxTime)
        #expect(cut.exitCode == 28, "\(cut.stderr)")

        try backend.setMode("pn51", .slow, delayMs: 20)
        let slow = try await backend.curl("pn51", "/health")
        #expect(slow.httpCode == 200)
        #expect(slow.json?["status"] as? String == "healthy")
        let stats = try backend.stats()
        #expect(stats.servers["pn51"]?.mode == "slow")
    }

    @Test("status500 and status502 answer every path with that status",
          arguments: [(DemoBackendMode.status500, 500), (.status502, 502)])
    func serverErrors(mode: DemoBackendMode, status: Int) async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", mode)
        for path in ["/health", "/api/config", "/api/auth/me", "/socket.io/?EIO=4&transport=polling"] {
            let result = try await backend.curl("pn51", path)
            #expect(result.exitCode == 0)
            #expect(result.httpCode == status, "\(path)")
            #expect(result.bodyText.contains("nginx"))
            #expect(result.json == nil)
        }
    }

    @Test func badBodyIsHTMLAndBadJSONIsNotHealthy() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", .badBody)
        let html = try await backend.curl("pn51", "/health")
        #expect(html.httpCode == 200)
        #expect(html.writeOut["content_type"]?.hasPrefix("text/html") == true)
        #expect(html.json == nil)

        try backend.setMode("pn51", .badJSON)
        let sick = try await backend.curl("pn51", "/health")
        #expect(sick.httpCode == 200)
        #expect(sick.json?["status"] as? String == "sick")
    }

    @Test func redirectPointsToHTTPAndIsNotFollowed() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("mac-mini", .redirectHTTP)
        let result = try await backend.curl("mac-mini", "/health")
        #expect(result.exitCode == 0)
        #expect(result.httpCode == 301)
        #expect(result.redirectURL == "http://verbumcaremac-mini/health")
        #expect(result.writeOut["num_redirects"] == "0")
    }

    @Test func hugeBodySendsTheRequestedSize() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", .hugeBody)
        let standard = try await backend.curl("pn51", "/health", discardBody: true)
        #expect(standard.httpCode == 200)
        #expect(standard.sizeDownload == 8 * 1024 * 1024)

        try backend.setMode("pn51", .hugeBody, bytes: 3_000_000)
        let sized = try await backend.curl("pn51", "/api/config", discardBody: true)
        #expect(sized.sizeDownload == 3_000_000)
    }

    @Test("certificate faults fail verification with curl's code 60, then recover",
          arguments: [DemoBackendMode.wrongHostCert, .expiredCert, .untrustedCert])
    func certificateFaults(mode: DemoBackendMode) async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("mac-mini-tailscale", mode)
        let result = try await backend.curl("mac-mini-tailscale", "/health")
        #expect(result.exitCode == 60, "\(result.stderr)")
        #expect(result.httpCode == 0)
        switch mode {
        case .expiredCert: #expect(result.sslVerifyResult == 10)   // X509_V_ERR_CERT_HAS_EXPIRED
        case .untrustedCert: #expect(result.sslVerifyResult == 20) // X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY
        default: #expect(result.stderr.contains("verbumcarenomac-mini.local"), "\(result.stderr)")
        }
        // The same request without verification succeeds: only the certificate is wrong.
        let insecure = try await backend.curl("mac-mini-tailscale", "/health", ["--insecure"])
        #expect(insecure.httpCode == 200)

        try backend.setMode("mac-mini-tailscale", .up)
        let fixed = try await backend.curl("mac-mini-tailscale", "/health")
        #expect(fixed.exitCode == 0, "\(fixed.stderr)")
        #expect(fixed.httpCode == 200)
    }

    @Test func escapeJSONCarriesTerminalControlsInValidJSON() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", .escapeJSON)
        let health = try await backend.curl("pn51", "/health")
        #expect(health.httpCode == 200)
        #expect(health.bodyText.contains("\\u001b"))   // JSON escapes C0 controls
        let json = try #require(health.json, "\(health.bodyText)")
        #expect(json["status"] as? String == "healthy")
        let environment = try #require(json["environment"] as? String)
        let scalars = environment.unicodeScalars.map(\.value)
        #expect(scalars.contains(0x1B))     // ESC
        #expect(scalars.contains(0x07))     // BEL, ends the OSC title change
        #expect(scalars.contains(0x9B))     // C1 CSI
        #expect(scalars.contains(0x202E))   // right-to-left override
        #expect(scalars.contains(0x180E) && scalars.contains(0x034F))  // invisible: vowel separator, grapheme joiner

        let config = try await backend.curl("pn51", "/api/config")
        let hostname = try #require(config.json?["hostname"] as? String)
        #expect(hostname.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func expireTokensForcesARefreshThatWorks() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        let (access, refresh) = try await signIn(backend)
        #expect(try await backend.curl("pn51", "/api/auth/me", bearer(access)).httpCode == 200)

        try backend.setMode("pn51", .expireTokens)
        let expired = try await backend.curl("pn51", "/api/auth/me", bearer(access))
        #expect(expired.httpCode == 401)
        #expect(expired.json?["code"] as? String == "TOKEN_EXPIRED")

        let refreshed = try await backend.curl("pn51", "/api/auth/refresh",
                                               jsonPost("{\"refreshToken\":\"\(refresh)\"}"))
        #expect(refreshed.httpCode == 200)
        let data = try #require(refreshed.json?["data"] as? [String: Any], "\(refreshed.bodyText)")
        let fresh = try #require(data["accessToken"] as? String)
        #expect(try await backend.curl("pn51", "/api/auth/me", bearer(fresh)).httpCode == 200)
    }

    @Test func rejectTokensRefusesAccessAndRefreshTokens() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        try backend.setMode("pn51", .rejectTokens)
        let (access, refresh) = try await signIn(backend)
        #expect(try await backend.curl("pn51", "/api/auth/me", bearer(access)).httpCode == 401)
        let refreshed = try await backend.curl("pn51", "/api/auth/refresh",
                                               jsonPost("{\"refreshToken\":\"\(refresh)\"}"))
        #expect(refreshed.httpCode == 401)

        try backend.setMode("pn51", .up)
        #expect(try await backend.curl("pn51", "/api/auth/me", bearer(access)).httpCode == 200)
    }

    @Test func tokensExpireAfterTheirLifetime() async throws {
        let backend = try await DemoBackendProcess.start(tokenTTLSeconds: 0)
        defer { backend.stop() }
        let (access, _) = try await signIn(backend)
        let me = try await backend.curl("pn51", "/api/auth/me", bearer(access))
        #expect(me.httpCode == 401)
        #expect(me.json?["code"] as? String == "TOKEN_EXPIRED")
    }

    @Test func unknownModesAndServersAreRefused() async throws {
        let backend = try await DemoBackendProcess.start()
        defer { backend.stop() }
        #expect(throws: DemoBackendError.self) { try backend.setMode("pn51", "melt") }
        #expect(throws: DemoBackendError.self) { try backend.setMode("no-such-server", "down") }
        #expect(try backend.stats().servers["pn51"]?.mode == "up")
        // Every mode the Swift enum names is one the backend knows.
        for mode in DemoBackendMode.allCases {
            try backend.setMode("mac-mini", mode)
            #expect(try backend.stats().servers["mac-mini"]?.mode == mode.rawValue)
        }
    }
}

func jsonPost(_ body: String) -> [String] {
    ["-H", "Content-Type: application/json", "--data", body]
}

func bearer(_ token: String) -> [String] { ["-H", "Authorization: Bearer \(token)"] }
