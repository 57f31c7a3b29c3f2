import Foundation
import PropertyBased
import SettingsStore
import Testing
import TestSupport
@testable import BackendClient

/// The client against the demo backend over real TLS: every code of docs/PRODUCT.md: Error codes from a real fault.
@Suite struct DemoBackendClientTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        var server: String
        var expected: ConnectivityErrorCode
        var status: Int?
        var testDescription: String { "\(server) → \(expected.rawValue)" }
    }

    static let faults: [Fault] = [
        Fault(server: "f-down", expected: .connect),
        Fault(server: "f-hang", expected: .timeout),
        Fault(server: "f-hang-tls", expected: .timeout),
        Fault(server: "f-500", expected: .httpStatus, status: 500),
        Fault(server: "f-502", expected: .httpStatus, status: 502),
        Fault(server: "f-bad-body", expected: .badResponse, status: 200),
        Fault(server: "f-bad-json", expected: .badResponse, status: 200),
        Fault(server: "f-redirect", expected: .redirectRefused, status: 301),
        Fault(server: "f-huge", expected: .tooLarge),
        Fault(server: "f-wrong-host", expected: .tlsHostname),
        Fault(server: "f-expired", expected: .tlsExpired),
        Fault(server: "f-future", expected: .tlsNotYetValid),
        Fault(server: "f-flood", expected: .tooLarge),
        Fault(server: "f-untrusted", expected: .tlsUntrusted),
    ]

    @Test(arguments: faults)
    func eachFaultGivesItsCodeInTheHealthCheck(_ fault: Fault) async throws {
        let backend = try await SharedDemoBackend.start()
        let checker = ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
        var server = try SharedDemoBackend.server(backend, fault.server)
        // Short only where the fault is a hang; the others answer at once, and a short limit
        // would turn a slow scheduler on a loaded 2-core machine into a false timeout.
        server.connectionTimeout = fault.expected == .timeout ? 800 : 20_000
        let status = await checker.check(server)
        let health = try #require(status.checks.first { $0.endpoint == .health })
        #expect(health.status == .failure)
        #expect(health.error?.code == fault.expected, "\(health.error?.message ?? "")")
        #expect(health.httpStatus == fault.status)
        #expect(!status.isHealthy)
        if fault.expected == .redirectRefused {
            #expect(health.error?.message.contains("http://") == true, "the refused target is named")
        }
        if let status = fault.status, status >= 500 {
            #expect(health.error?.parameters["status"] == String(status))
        }
    }

    /// The verify-result numbers the classifier relies on, as curl itself reports them for the
    /// same certificates.
    @Test(arguments: ["f-wrong-host", "f-expired", "f-untrusted", "f-future"])
    func curlsOwnVerifyResultsClassifyTheSameWay(_ server: String) async throws {
        let backend = try await SharedDemoBackend.start()
        let curl = try await backend.curl(server, "/health")
        let fromCurl = CurlErrorClassifier.classify(curlCode: Int(curl.exitCode), verifyResult: curl.sslVerifyResult,
                                                    errorText: curl.stderr, bodyCapExceeded: false)
        let checker = ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
        let ours = await checker.check(try SharedDemoBackend.server(backend, server))
        #expect(curl.exitCode == 60)
        #expect(ours.checks.first?.error?.code == fromCurl)
    }

    /// A certificate valid from next year (the demo backend signs it with `openssl ca
    /// -startdate`): `tls_not_yet_valid`, dated by a second, unverified handshake, so the advice
    /// shows the machine's clock beside the certificate's start. An expired one stays `tls_expired`.
    @Test func aCertificateNotValidYetIsToldWithItsStartAndTheClock() async throws {
        let backend = try await SharedDemoBackend.start()
        let checker = ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
        let before = AppClock.wallSeconds()
        let status = await checker.check(try SharedDemoBackend.server(backend, "f-future", timeoutSeconds: 20))
        #expect(status.certificate == nil, "an unverified certificate is never taken as the server's")
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        for check in status.checks {
            let error = try #require(check.error)
            #expect(error.code == .tlsNotYetValid, "\(check.endpoint): \(error.message)")
            #expect(error.cause == .clockBehind)
            #expect(error.parameters["not_before"] == "\(year + 1)-01-01T00:00:00Z")
            let now = try #require(error.parameters["now"])
            #expect(now >= CertificateInfo.iso(before.rounded(.down)) && now.hasPrefix("\(year)-"), "\(now)")
        }
        let expired = await checker.check(try SharedDemoBackend.server(backend, "f-expired", timeoutSeconds: 20))
        #expect(expired.checks.allSatisfy { $0.error?.code == .tlsExpired && $0.error?.cause == nil })
    }

    /// A header flood (4 MiB of 1 KiB header lines) stops at the transport's own limit and is
    /// `too_large` with its own cause, not `connect`.
    @Test func aHeaderFloodIsTooLargeHeaders() async throws {
        let backend = try await SharedDemoBackend.start()
        let checker = ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
        let status = await checker.check(try SharedDemoBackend.server(backend, "f-flood", timeoutSeconds: 20))
        for check in status.checks {
            #expect(check.error?.code == .tooLarge, "\(check.endpoint): \(check.error?.message ?? "")")
            #expect(check.error?.cause == .headers)
            #expect(check.error?.parameters["bytes"] == String(CurlTransfer.headerCap))
        }
    }

    /// A CA bundle that cannot be read is named with its path and reason (its own cause of
    /// `tls_other`), before libcurl tries it.
    @Test(arguments: ["missing", "folder", "no-permission"])
    func anUnreadableCABundleIsNamed(_ kind: String) async throws {
        let backend = try await SharedDemoBackend.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path: String
        let reason: String
        switch kind {
        case "missing":
            path = folder + "/none.pem"
            reason = "No such file or directory"
        case "folder":
            path = folder
            reason = "Is a directory"
        default:
            // Root reads any file whatever its mode: the case exists only for other users.
            guard geteuid() != 0 else { return }
            path = folder + "/ca.pem"
            try TestFile.write(Data(contentsOf: URL(fileURLWithPath: backend.caFile)), to: path)
            #expect(chmod(path, 0) == 0)
            reason = "Permission denied"
        }
        var settings = try SharedDemoBackend.settings(backend)
        settings.caBundle = CABundle(path: path, source: .commandLine)
        let status = await ConnectivityChecker(settings: settings).check(try SharedDemoBackend.server(backend, "pn51"))
        for check in status.checks {
            let error = try #require(check.error)
            #expect(error.code == .tlsOther && error.cause == .caBundleUnreadable, "\(error)")
            #expect(error.parameters["path"] == path && error.parameters["reason"] == reason, "\(error.parameters)")
        }
    }

    /// The transport's last guard: a header value with a line break or another control (a
    /// token from a server's answer, kept only in memory) is refused before libcurl sees it;
    /// the server receives nothing at all, so no header can be smuggled in.
    @Test(arguments: ["a\r\nX-Injected: 1", "a\nX-Injected: 1", "a\u{0}b", "a\t", "a\u{7F}"])
    func aHeaderValueWithAControlIsNeverSent(_ token: String) async throws {
        let backend = try await SharedDemoBackend.start()
        let host = try #require(backend.host(of: "f-header-guard"))
        let request = TransportRequest(method: .get, url: "https://\(host)/health",
                                       headers: [HTTPHeader(name: "Authorization", value: "Bearer " + token)],
                                       settings: try SharedDemoBackend.settings(backend))
        guard case .failure(let error) = await CurlEngine.shared.perform(request) else {
            Issue.record("the request was sent")
            return
        }
        #expect(error.code == .authRequired && error.message.contains("U+"), "\(error)")
        let server = try #require(try backend.stats().servers["f-header-guard"])
        #expect(server.totalRequests == 0 && server.headerNames["x-injected"] == nil, "\(server.headerNames)")
    }

    @Test func aHealthyServerPassesAllFourChecks() async throws {
        let backend = try await SharedDemoBackend.start()
        let checker = ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
        // The server's own timeout, not the test helper's 3 s: under the whole suite's load a TLS
        // handshake with the demo backend alone took 1.7 s, and the claim here is health, not speed.
        let server = try SharedDemoBackend.server(backend, "pn51", timeoutSeconds: ServerCatalog.defaultConnectionTimeoutSeconds)
        let status = await checker.check(server)
        #expect(status.isHealthy)
        #expect(status.checks.map(\.endpoint) == CheckEndpoint.allCases)
        #expect(status.checks.allSatisfy { $0.status == .success && $0.httpStatus != nil })
        let auth = try #require(status.checks.first { $0.endpoint == .auth })
        #expect(auth.httpStatus == 401)
        #expect(auth.error?.code == .authRequired, "no token: reachable, sign-in needed")
        let responseTime = try #require(status.responseTime)
        let health = status.checks[0].timings
        #expect(responseTime == health.totalMs)
        // Cumulative phases; on a reused connection (other tests probe pn51 too) the
        // connection phases are 0 and only first byte and total remain.
        #expect(health.totalMs >= health.firstByteMs, "\(health)")
        #expect(max(health.dnsMs, health.connectMs, health.tlsMs) <= health.firstByteMs, "\(health)")
        #expect(health.tlsMs == 0 || health.tlsMs >= health.connectMs, "\(health)")
        #expect(status.checks.allSatisfy { $0.url.hasPrefix("https://verbumcare-lab.local/") })
    }

    @Test func withATokenTheAuthCheckIsAuthenticated() async throws {
        let backend = try await SharedDemoBackend.start()
        let settings = try SharedDemoBackend.settings(backend)
        let store = InMemoryTokenStore()
        let client = try #require(APIClient(baseURL: "https://verbumcare-lab.local/api", settings: settings, tokenStore: store))
        let tokens = try await client.login(username: "demo", password: "demo")
        let status = await ConnectivityChecker(settings: settings)
            .check(try SharedDemoBackend.server(backend, "pn51"), accessToken: tokens.accessToken)
        let auth = try #require(status.checks.first { $0.endpoint == .auth })
        #expect(auth.httpStatus == 200)
        #expect(auth.error == nil)
        let me = try await client.get("/auth/me").json()
        #expect(me?["data"]?["username"]?.stringValue == "demo")
    }

    @Test func escapeSequencesInServerJSONAreRemoved() async throws {
        let backend = try await SharedDemoBackend.start()
        let client = try #require(APIClient(baseURL: "https://f-escape.demo.test/api",
                                            settings: try SharedDemoBackend.settings(backend)))
        let response = try await client.get("/config")
        let raw = String(decoding: response.body, as: UTF8.self)
        #expect(raw.contains("\\u001b") || raw.unicodeScalars.contains("\u{1B}"), "the server did send escapes")
        let cleaned = try #require(response.json())
        let text = cleaned.written(.compact)
        #expect(!text.contains("\\u001b") && !text.contains("\\u009b") && !text.contains("\u{202E}"))
        let health = await ConnectivityChecker(settings: try SharedDemoBackend.settings(backend))
            .check(try SharedDemoBackend.server(backend, "f-escape"))
        #expect(health.isHealthy)
    }

    @Test func aKeepsFailingServerGetsExactlyRetriesPlusOneRequests() async throws {
        let backend = try await SharedDemoBackend.start()
        let settings = try SharedDemoBackend.settings(backend)
        // The demo answers PATCH with 501 before counting it; PATCH is covered by the scripted
        // transport's property in APIClientTests.
        let methods = Gen.int(in: 0...3).map { [HTTPMethod.get, .post, .put, .delete][$0] }
        await propertyCheck(count: 100, input: methods, Gen.int(in: 0...3)) { method, retries in
            let before = try backend.stats().servers["f-retry"]?.totalRequests ?? -1
            let client = try #require(APIClient(baseURL: "https://f-retry.demo.test/api", settings: settings,
                                                retryPolicy: RetryPolicy(maxRetries: retries, initialDelay: 0.0005,
                                                                         multiplier: 2, maxDelay: 0.002)))
            do throws(ClientError) {
                _ = try await client.send(APIRequest(method: method, path: "/thing", body: method == .get ? nil : Data("{}".utf8)))
                Issue.record("a 500 server succeeded")
            } catch {
                #expect(error.code == .httpStatus)
                #expect(error.httpStatus == 500)
            }
            let after = try backend.stats().servers["f-retry"]?.totalRequests ?? -1
            #expect(after - before == (method.isIdempotent ? retries + 1 : 1), "\(method) retries \(retries)")
        }
    }

    @Test func concurrent401sCauseExactlyOneRefresh() async throws {
        let backend = try await SharedDemoBackend.start()
        let settings = try SharedDemoBackend.settings(backend)
        let store = InMemoryTokenStore()
        let client = try #require(APIClient(baseURL: "https://f-auth-expire.demo.test/api", settings: settings, tokenStore: store))
        let first = try await client.login(username: "demo", password: "demo")
        try backend.setMode("f-auth-expire", .expireTokens)
        let refreshesBefore = try backend.stats().requests("f-auth-expire", "/api/auth/refresh")
        let statuses = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<12 {
                group.addTask { try? await client.get("/auth/me").status }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 12))
        #expect(try backend.stats().requests("f-auth-expire", "/api/auth/refresh") - refreshesBefore == 1)
        let now = await store.loadTokens()
        #expect(now?.accessToken != first.accessToken)
        #expect(now?.refreshToken == first.refreshToken)
    }

    @Test func aRefusedRefreshClearsTokensAndAsksForSignIn() async throws {
        let backend = try await SharedDemoBackend.start()
        let store = InMemoryTokenStore()
        let asked = SharedLock(0)
        let made = APIClient(baseURL: "https://f-auth-reject.demo.test/api",
                             settings: try SharedDemoBackend.settings(backend), tokenStore: store,
                             onSignInRequired: { _ in asked.withLock { $0 += 1 } })
        let client = try #require(made)
        _ = try await client.login(username: "demo", password: "demo")
        try backend.setMode("f-auth-reject", .rejectTokens)
        do throws(ClientError) {
            _ = try await client.get("/auth/me")
            Issue.record("a rejected token was accepted")
        } catch {
            #expect(error.code == .authRequired)
        }
        #expect(await store.loadTokens() == nil)
        // Told before the request returns, by the refresh it started.
        #expect(asked.withLock { $0 } == 1)
        #expect(try backend.stats().requests("f-auth-reject", "/api/auth/refresh") == 1)
    }

    @Test func probesOfTheSameServerReuseTheConnection() async throws {
        let backend = try await SharedDemoBackend.start()
        let settings = try SharedDemoBackend.settings(backend)
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let request = TransportRequest(method: .get, url: "https://f-keepalive.demo.test/health", settings: settings)
        let before = try backend.stats().servers["f-keepalive"]?.tlsHandshakes ?? -1
        var tlsTimes: [Double] = []
        for _ in 0..<5 {
            guard case .success(let response) = await engine.perform(request) else {
                Issue.record("probe failed")
                return
            }
            tlsTimes.append(response.timings.tlsMs)
        }
        #expect(try backend.stats().servers["f-keepalive"]?.tlsHandshakes ?? -1 == before + 1)
        #expect(tlsTimes.dropFirst().allSatisfy { $0 == 0 }, "no handshake on a reused connection")
    }

    @Test func aCancelledRequestToASlowServerNeverDeliversItsAnswer() async throws {
        let backend = try await SharedDemoBackend.start()
        let settings = try SharedDemoBackend.settings(backend, timeoutMs: 10_000)
        // A server that never answers: however long a loaded machine keeps this task from
        // running its cancel, the only ends are the cancellation and the 10 s timeout. (The slow
        // server answered after 1.5 s, and a starved task sometimes cancelled after that.)
        let request = TransportRequest(method: .get, url: "https://f-hang.demo.test/health", settings: settings)
        await propertyCheck(count: 100, input: Gen.int(in: 0...20_000)) { delayMicroseconds in
            let task = Task { await CurlEngine.shared.perform(request) }
            try? await Task.sleep(nanoseconds: UInt64(delayMicroseconds) * 1_000)  // the cancel's moment: the property's input
            task.cancel()
            #expect(await task.value == .failure(.cancelled))
        }
    }

    @Test func theSystemStoreDoesNotTrustTheDemoCA() async throws {
        let backend = try await SharedDemoBackend.start()
        var settings = try SharedDemoBackend.settings(backend)
        settings.caBundle = .system
        let result = await CurlEngine.shared.perform(
            TransportRequest(method: .get, url: "https://verbumcare-lab.local/health", settings: settings))
        guard case .failure(let error) = result else {
            Issue.record("the demo CA was trusted without --cacert")
            return
        }
        #expect(error.code == .tlsUntrusted)
    }
}
